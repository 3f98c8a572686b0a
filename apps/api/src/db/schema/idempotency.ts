// Idempotency keys of writes (plugins/idempotency.ts).
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per (user, Idempotency-Key): the request it was first sent with (method, path, a hash of the body) and,
 * once answered with a 2xx, that answer (status and body as sent). `status` null: the first request is still being
 * answered. The primary key is what lets exactly one of several concurrent requests (on any process) run.
 * Removed by the hourly maintenance job after IDEMPOTENCY_KEY_DAYS; with the account (cascade).
 */
export const idempotency_keys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    request_hash: text('request_hash').notNull(),
    status: integer('status'),
    response_body: text('response_body'),
    response_type: text('response_type'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] }), index('idempotency_keys_created_at_idx').on(t.created_at)],
);
