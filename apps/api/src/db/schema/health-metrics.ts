// Tables of the health-metrics feature (owned by that feature): weight, a day's intake recorded by another
// app, workouts, sleep, and where each sync source got to. Units are metric.
import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Who sent a row and its sample id there: a re-sync with the same (source, source_id) updates, never duplicates. */
const origin = () => ({
  id: serial('id').primaryKey(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The user's local calendar date. */
  date: date('date', { mode: 'string' }).notNull(),
  source: text('source').notNull().default('manual'),
  source_id: text('source_id'),
  created_at: ts('created_at').notNull().defaultNow(),
  updated_at: ts('updated_at').notNull().defaultNow(),
});

export const weight_entries = pgTable(
  'weight_entries',
  {
    ...origin(),
    /** Local wall-clock time "HH:MM", when known. */
    time: text('time'),
    weight_kg: real('weight_kg').notNull(),
  },
  (t) => [
    // One weight a day: a second weigh-in of the same day replaces the first (issue 42 §8).
    uniqueIndex('weight_entries_user_date_key').on(t.user_id, t.date),
    uniqueIndex('weight_entries_sample_key').on(t.user_id, t.source, t.source_id).where(sql`${t.source_id} is not null`),
  ],
);

/** A day's intake recorded by another app: one row per user, source and date. */
export const intake_entries = pgTable(
  'intake_entries',
  {
    ...origin(),
    calories: real('calories').notNull(),
    protein: real('protein').notNull().default(0),
    carbs: real('carbs').notNull().default(0),
    fat: real('fat').notNull().default(0),
  },
  (t) => [uniqueIndex('intake_entries_user_source_date_key').on(t.user_id, t.source, t.date)],
);

export const workouts = pgTable(
  'workouts',
  {
    ...origin(),
    type: text('type').notNull(),
    duration_min: real('duration_min').notNull(),
    calories_burned: real('calories_burned'),
    distance_km: real('distance_km'),
  },
  (t) => [
    index('workouts_user_date_idx').on(t.user_id, t.date),
    uniqueIndex('workouts_sample_key').on(t.user_id, t.source, t.source_id).where(sql`${t.source_id} is not null`),
  ],
);

export const sleep_entries = pgTable(
  'sleep_entries',
  {
    ...origin(),
    start: ts('start').notNull(),
    end: ts('end').notNull(),
    /** 1 (poor) to 5 (excellent), when the user or the source rates it. */
    quality: integer('quality'),
  },
  (t) => [
    index('sleep_entries_user_date_idx').on(t.user_id, t.date),
    uniqueIndex('sleep_entries_sample_key').on(t.user_id, t.source, t.source_id).where(sql`${t.source_id} is not null`),
  ],
);

/** Where the last sync of each source (HealthKit, Health Connect) got to. */
export const health_sync_status = pgTable(
  'health_sync_status',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    last_synced_at: ts('last_synced_at').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.source] })],
);

/** Water drunk: one row per add (a glass, a bottle), summed per day. */
export const water_entries = pgTable(
  'water_entries',
  {
    ...origin(),
    /** Local wall-clock time "HH:MM", when known. */
    time: text('time'),
    amount_ml: integer('amount_ml').notNull(),
  },
  (t) => [index('water_entries_user_date_idx').on(t.user_id, t.date, t.id)],
);
