import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgliteThread } from './pglite-thread.ts';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { lockDataFolder } from './lock.ts';
import { queueFairly, type ShareOf } from './fair-order.ts';

/** One typed handle for both drivers: the query builder API is the same on PGlite and node-postgres. */
export type Db = NodePgDatabase<typeof schema>;

/** A raw SQL runner, used by pg-boss: parameterised queries, or multi-statement text without parameters. */
export interface RawSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export interface Database {
  db: Db;
  raw: RawSql;
  kind: 'pglite' | 'postgres';
  /** node-postgres pool (PostgreSQL only), for work that needs one session, like migration locks. */
  pool?: pg.Pool;
  /**
   * Who the calls made from here on are for (the app's request context): on PGlite each share's calls wait in a
   * queue of their own and the shares take turns (db/fair-order.ts). PostgreSQL runs calls side by side on its pool.
   */
  shareBy(shareOf: ShareOf): void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data folder; omitted = in memory (tests). */
  pgliteDir?: string;
  /** In memory only: start from this dump of a data folder (PGlite's dumpDataDir), as the API tests do. */
  pgliteTemplate?: string;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  return openPglite(opts.pgliteDir, opts.pgliteTemplate);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {});
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    pool,
    raw: { executeSql: (text, values) => pool.query(text, values as any[]) },
    shareBy() {},
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL's buffer pool inside PGlite's WebAssembly memory, which never shrinks: 128 MB by default. The data
 * files are ordinary files, so the system's page cache caches them anyway and a large pool only holds the same
 * pages twice. Measured with `bench:load` on PGlite (docs/benchmarks.md, session 30), the server's RSS right after
 * the runs: 64 MB 380–399 MB, 32 MB 363 MB, 16 MB 336–344 MB; req/s 4–8 % lower at 16 MB (summary ~750 against
 * ~800), p99 under 130 ms either way. The embedded database is the laptop's: its memory matters more there.
 */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(dir?: string, template?: string): Promise<Database> {
  if (dir && template) throw new Error('A PGlite template is for an in-memory database only');
  let release: (() => Promise<void>) | undefined;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    release = await lockDataFolder(dir);
  }
  // Loaded here, not at the top: a server on PostgreSQL never loads the embedded database's code.
  const [{ PgliteThread }, { drizzle: drizzlePglite }] = await Promise.all([
    import('./pglite-thread.ts'),
    import('drizzle-orm/pglite'),
  ]);
  let client: PgliteThread;
  try {
    // The database runs on a thread of its own (db/pglite-thread.ts): its statements no longer take the event loop's time.
    client = await PgliteThread.start({ dataDir: dir, loadDataDir: template, extraStartParams: ['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`] });
  } catch (err) {
    await release?.();
    throw err;
  }
  // Before drizzle and pg-boss see it: every call they make takes its share's turn.
  const fair = queueFairly(client);
  const db = drizzlePglite(client as never, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    shareBy: fair.setShareOf,
    raw: {
      async executeSql(text, values) {
        if (values && values.length) return client.query(text, values);
        // pg-boss sends multi-statement DDL without parameters; only exec runs those.
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    async close() {
      await client.close();
      await release?.();
    },
  };
}

export function pgliteDirFor(dataDir: string) {
  return join(dataDir, 'pglite');
}

/**
 * A hot statement straight to the driver, rows as arrays, no query builder and no row mapping: for
 * the few requests where drizzle's per-field mapping (`mapResultRow`, `is`) was a large share of the
 * CPU profile (the daily summary: 20 rows × ~45 columns per request). On PostgreSQL it is a named
 * prepared statement (parsed and planned once per connection). Values come as the driver parses them
 * (numbers, Date for timestamptz); cast dates to text in the SQL.
 */
export async function queryArrays(db: Db, name: string, text: string, values: unknown[]): Promise<unknown[][]> {
  const client = (db as unknown as { $client: pg.Pool | PgliteThread }).$client;
  if (!(client instanceof pg.Pool)) return (await client.query<unknown[]>(text, values, { rowMode: 'array' })).rows;
  const result = (await client.query(new ArrayQuery({ name, text, values, rowMode: 'array' }))) as unknown as pg.QueryArrayResult;
  return result.rows;
}

/** The parts of pg's (untyped) Result that ArrayQuery uses. */
interface PgResult {
  fields: pg.FieldDef[];
  _parsers: ((text: string) => unknown)[];
  _types?: { getTypeParser(oid: number, format: string): (text: string) => unknown };
  addFields(fields: pg.FieldDef[]): void;
}

/**
 * pg's Query for rows as arrays, without the row template: for every result, even in array mode, pg's
 * Result.addFields builds an object keyed by the column names (the template of object-mode rows) and
 * copies it, ~5 % of a daily-summary request's CPU profile for its 45 columns (docs/benchmarks.md,
 * session 20; brianc/node-postgres#3055). Here a result takes only what array rows use: the columns
 * and their parsers, looked up as pg does. A pg whose Query has no such result keeps its own.
 */
class ArrayQuery extends pg.Query {
  constructor(config: pg.QueryArrayConfig) {
    super(config);
    const result = (this as unknown as { _result?: PgResult })._result;
    if (!result || typeof result.addFields !== 'function') return;
    result.addFields = (fields) => {
      result.fields = fields;
      const types = result._types ?? pg.types;
      result._parsers = fields.map((f) => types.getTypeParser(f.dataTypeID, (f.format || 'text') as 'text'));
    };
  }
}
