import { date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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
