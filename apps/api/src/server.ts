import { setFlagsFromString } from 'node:v8';
import { loadConfig } from './config.ts';
import { openDatabase, pgliteDirFor } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './app.ts';

/** The process: config, database, migrations, listen, graceful shutdown. */
async function main() {
  const config = loadConfig();
  // On PostgreSQL the only WebAssembly is the planner's HiGHS solver, and V8's optimising tier for it
  // cost ~80 MB of memory (its compiled code) for no measurable speed: the planner's time is in
  // JavaScript, and a week's plan took as long on the baseline compiler (Liftoff). It stays there.
  // Not on PGlite, whose whole database engine is WebAssembly and needs the optimised code (writes
  // took ~50 % more CPU without it). Set before any module is compiled; V8 flags are process-wide.
  if (config.DATABASE_URL) setFlagsFromString('--liftoff-only');
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: pgliteDirFor(config.dataDir) });
  await migrate(database);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new requests, finishing in-flight ones');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The bound address (PORT=0 picks a free port; process supervisors and tests read it from this line).
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  if (config.API) app.log.info({ address }, `Nutrition Tracker is running at ${address} (API at /api/v1, docs at /api/v1/docs)`);
  else app.log.info({ address }, `Nutrition Tracker worker is running (health at ${address}/api/v1/health)`);
}

main().catch((err) => {
  console.error(err?.name === 'DataFolderLockedError' ? err.message : err);
  process.exit(1);
});
