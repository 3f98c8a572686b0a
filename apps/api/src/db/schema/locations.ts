// Tables of the locations feature (owned by that feature). Rows go with the account (FK cascade).
import { doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Positions a user's device reported; kept 30 days at most (locations.cleanup job). */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracy: doublePrecision('accuracy'),
    recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('locations_user_recorded_idx').on(t.user_id, t.recorded_at), index('locations_recorded_idx').on(t.recorded_at)],
);

/** Where the user says home and work are (one of each), for reminders' location_context. */
export const saved_places = pgTable(
  'saved_places',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.label] })],
);
