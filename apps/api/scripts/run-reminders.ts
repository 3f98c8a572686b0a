/**
 * Runs the reminder scheduler's job (features/reminders/service.ts runReminders) at the given instants on a stopped
 * server's data folder, for the web app's end-to-end tests: a fake clock instead of waiting for a real evening. The
 * web e2e runs it as a child process, so it imports no API code.
 * `npx tsx apps/api/scripts/run-reminders.ts <DATA_DIR> <ISO instant>...` prints [{ "at": …, "sent": n }, …] as JSON.
 */
import { loadConfig } from '../src/config.ts';
import { openDatabase, pgliteDirFor } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { buildApp } from '../src/app.ts';
import { runReminders } from '../src/features/reminders/service.ts';

const [dataDir, ...instants] = process.argv.slice(2);
const times = instants.map((s) => new Date(s));
if (!dataDir || times.length === 0 || times.some((t) => Number.isNaN(t.getTime()))) throw new Error('usage: run-reminders.ts <DATA_DIR> <ISO instant>...');
// The server's settings for that folder (its keys live there), without loading the food seed again.
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error', SEED_FOODS: 'false' }, { dataDir });
const database = await openDatabase({ pgliteDir: pgliteDirFor(dataDir) });
const out: { at: string; sent: number }[] = [];
try {
  await migrate(database);
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    for (const at of times) out.push({ at: at.toISOString(), sent: (await runReminders(app, at)).sent });
  } finally {
    await app.close();
  }
} finally {
  await database.close();
}
console.log(JSON.stringify(out));
