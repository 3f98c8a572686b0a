import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users.ts';
import { notifications } from './notifications.ts';

/**
 * Reminder preferences (GET/PUT /notifications/preferences). The table keeps its first name and
 * columns; reminders are opt-in, so only rows with a reminder on are read by the scheduler.
 */
export const notification_preferences = pgTable(
  'notification_preferences',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    meal_reminders_enabled: boolean('meal_reminders_enabled').notNull().default(false),
    /** Local times "HH:MM" keyed by meal type; null = no reminder before that meal. */
    meal_reminder_times: jsonb('meal_reminder_times')
      .$type<Record<string, string | null>>()
      .notNull()
      .default({ breakfast: '07:30', lunch: '12:00', snack: null, dinner: '18:00' }),
    logging_reminders_enabled: boolean('logging_reminders_enabled').notNull().default(false),
    logging_reminder_times: jsonb('logging_reminder_times').$type<string[]>().notNull().default(['10:00', '14:00', '20:00']),
    quiet_hours_start: text('quiet_hours_start').default('22:00'),
    quiet_hours_end: text('quiet_hours_end').default('07:00'),
    in_app_enabled: boolean('in_app_enabled').notNull().default(true),
    push_enabled: boolean('push_enabled').notNull().default(false),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_preferences_active_idx').on(t.user_id).where(sql`${t.meal_reminders_enabled} or ${t.logging_reminders_enabled}`)],
);

/**
 * One row per reminder sent: the UNIQUE key (user, kind, local date, slot) is what makes a reminder
 * go out once even when two workers run the same minute or a job is retried after a restart.
 */
export const reminder_sends = pgTable(
  'reminder_sends',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    local_date: text('local_date').notNull(),
    /** "HH:MM" for logging reminders, the meal type for meal reminders. */
    slot: text('slot').notNull(),
    notification_id: integer('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminder_sends_once_idx').on(t.user_id, t.kind, t.local_date, t.slot),
    index('reminder_sends_created_idx').on(t.created_at),
  ],
);

/** Push targets. A token belongs to one account at a time (UNIQUE token; registering moves it). */
export const device_tokens = pgTable(
  'device_tokens',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ios/android: the native token; web: the push subscription's endpoint URL. */
    token: text('token').notNull(),
    device_type: text('device_type').$type<'ios' | 'android' | 'web'>().notNull(),
    /** web only: the subscription's p256dh and auth keys for payload encryption. */
    web_push_keys: jsonb('web_push_keys').$type<{ p256dh: string; auth: string }>(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_tokens_token_idx').on(t.token), index('device_tokens_user_idx').on(t.user_id)],
);
