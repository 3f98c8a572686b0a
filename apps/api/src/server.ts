// First: V8 flags that must be set before any WebAssembly is compiled (v8-flags.ts).
import './v8-flags.ts';
import { loadConfig } from './config.ts';
import { openDatabase, pgliteDirFor } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { buildApp } from './app.ts';

/** The process: config, database, migrations, listen, graceful shutdown. */
async function main() {
  const config = loadConfig();
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
