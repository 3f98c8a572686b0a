/**
 * Seeds notifications straight into a stopped server's PGlite folder, for the web app's end-to-end tests (there is
 * no public create route, and test-only routes do not ship); the web e2e runs it as a child process, so it imports
 * no API code. `npx tsx apps/api/scripts/seed-notifications.ts <DATA_DIR> <userId> <json>` where json is an array
 * of { title, message?, notification_type?, data? } in the order to insert.
 */
import { openDatabase, pgliteDirFor } from '../src/db/client.ts';
import { createNotification, type NewNotification } from '../src/features/notifications/service.ts';

const [dataDir, userId, json] = process.argv.slice(2);
if (!dataDir || !userId || !json) throw new Error('usage: seed-notifications.ts <DATA_DIR> <userId> <json>');
const items = JSON.parse(json) as NewNotification[];
const database = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
try {
  for (const n of items) await createNotification(database.db, Number(userId), n);
} finally {
  await database.close();
}
console.log(`seeded ${items.length}`);
