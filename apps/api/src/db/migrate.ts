import { resolve } from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

const migrationsFolder = resolve(import.meta.dirname, '../../drizzle');

/** Applies the committed drizzle-kit migrations. Safe to run at every start and from CLIs. */
export async function migrate(database: Database) {
  // Extensions need no migration of their own: they are the same on every database we support.
  await database.db.execute(sql`create extension if not exists pg_trgm`);
  if (database.kind === 'pglite') await migratePglite(database.db as any, { migrationsFolder });
  else await migratePg(database.db, { migrationsFolder });
}
