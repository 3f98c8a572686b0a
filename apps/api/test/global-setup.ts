/**
 * Once per API test run: a migrated database that every test file's fresh database is copied from, instead of each
 * running initdb and the migrations (PGlite: ~5 s a file, the largest part of the suite's time on two cores).
 * - PGlite: a dump of the migrated data folder (PGlite's dumpDataDir) in a temporary file; test/helpers.ts starts each
 *   in-memory database from it (db/client.ts `pgliteTemplate`).
 * - PostgreSQL (TEST_DATABASE_URL): a migrated database that each file's `create database … template` copies.
 * Each test app still runs migrate(), which finds nothing to apply: a migration added later cannot be missed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from '../src/db/client.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from './template-env.ts';


export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `nt_template_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 1 });
    await migrate(database);
    await database.close();
    process.env[PG_TEMPLATE_ENV] = name;
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate({ kind: 'pglite', db: drizzle(client) } as unknown as Database);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const dir = mkdtempSync(join(tmpdir(), 'nt-template-'));
  const file = join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => rmSync(dir, { recursive: true, force: true });
}
