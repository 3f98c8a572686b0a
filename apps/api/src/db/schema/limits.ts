import { date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Hits per rate-limit key and window for @fastify/rate-limit (plugins/rate-limit-store.ts), so every
 * API process counts against the same limit. A row whose window ended starts over on the next hit.
 */
export const rate_limit_hits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    window_start: ts('window_start').notNull(),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [index('rate_limit_hits_expires_at_idx').on(t.expires_at)],
);

/** Counts per key and UTC day, for daily caps (codes mailed per account). */
export const daily_counters = pgTable(
  'daily_counters',
  {
    key: text('key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.day] })],
);

/**
 * What a rolling daily allowance counts: one row per meal plan or regeneration requested (features/meal-plans).
 * Apart from the plans and their tasks, which a user may delete: deleting a plan gave its allowance back. Rows
 * older than two days are removed by the hourly maintenance job.
 */
export const quota_events = pgTable(
  'quota_events',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('quota_events_user_kind_created_idx').on(t.user_id, t.kind, t.created_at)],
);
