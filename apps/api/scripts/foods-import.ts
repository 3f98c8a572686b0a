/**
 * Imports foods into the database, before or without the server:
 *   npm run foods:import -- --source off FILE.jsonl[.gz]     Open Food Facts JSONL export
 *   npm run foods:import -- --source fdc FOLDER              USDA FoodData Central CSV download
 * npm runs this with cwd apps/api, so relative paths (FILE, DATA_DIR) resolve against INIT_CWD, where
 * the command was typed. It migrates the database first; an embedded (PGlite) database in use by a
 * running server is refused with a clear message.
 */
import { resolve } from 'node:path';
import cliProgress from 'cli-progress';
import { loadConfig } from '../src/config.ts';
import { openDatabase, pgliteDirFor } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { importFoodDataCentral, importOpenFoodFacts } from '../src/features/foods/importers.ts';

const usage = 'Usage: npm run foods:import -- --source off FILE | --source fdc FOLDER';

async function main() {
  const args = process.argv.slice(2);
  const i = args.indexOf('--source');
  const source = i >= 0 ? args[i + 1] : undefined;
  const target = args.filter((_, j) => j !== i && j !== i + 1)[0];
  if ((source !== 'off' && source !== 'fdc') || !target) {
    console.error(usage);
    process.exit(2);
  }
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const path = resolve(cwd, target);
  const config = loadConfig(process.env, { dataDir: resolve(cwd, process.env.DATA_DIR || './data') });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: pgliteDirFor(config.dataDir) });
  try {
    await migrate(database);
    const bar = process.stdout.isTTY ? new cliProgress.SingleBar({ format: 'importing {bar} {value} records' }, cliProgress.Presets.shades_classic) : null;
    bar?.start(0, 0);
    const progress = (done: number) => {
      bar?.setTotal(done);
      bar?.update(done);
    };
    const started = Date.now();
    const result = source === 'off' ? await importOpenFoodFacts(database.db, path, progress) : await importFoodDataCentral(database.db, path, progress);
    bar?.stop();
    console.log(`Imported ${result.imported} foods from ${source} (${path}); skipped ${result.skipped} bad records; ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err?.name === 'DataFolderLockedError' ? err.message : `Import failed: ${err?.message ?? err}`);
  process.exit(1);
});
