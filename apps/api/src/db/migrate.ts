import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Database } from './client.ts';
import { MIGRATIONS_DIR as migrationsFolder } from '../paths.ts';

/** Applies the committed drizzle-kit migrations. Safe to run at every start and from CLIs. */
export async function migrate(database: Database) {
  // Extensions need no migration of their own: they are the same on every database we support.
  if (database.kind === 'pglite' || !database.pool) {
    await database.db.execute(sql`create extension if not exists pg_trgm`);
    const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
    await migratePglite(database.db as any, { migrationsFolder });
    return;
  }
  // Several processes may start at once on one PostgreSQL: one migrates, the others wait.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await client.query('create extension if not exists pg_trgm');
    await migratePg(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}
