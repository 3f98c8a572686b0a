import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notification_type: text('notification_type').notNull().default('general'),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    read: boolean('read').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.user_id, t.created_at)],
);

export const notification_preferences = pgTable('notification_preferences', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  meal_reminders_enabled: boolean('meal_reminders_enabled').notNull().default(true),
  /** Local times "HH:MM" keyed by meal type. */
  meal_reminder_times: jsonb('meal_reminder_times')
    .$type<Record<string, string>>()
    .notNull()
    .default({ breakfast: '08:00', lunch: '12:30', dinner: '18:30', snack: '15:30' }),
  logging_reminders_enabled: boolean('logging_reminders_enabled').notNull().default(true),
  quiet_hours_start: text('quiet_hours_start').default('22:00'),
  quiet_hours_end: text('quiet_hours_end').default('07:00'),
  push_enabled: boolean('push_enabled').notNull().default(false),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
