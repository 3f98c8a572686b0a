// Tables of the admin feature.
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Who did what: sign-ups, logins, failed logins, password changes, deletions, plan requests,
 * subscription changes and every admin action. `actor_id` did it; `user_id` is the account it concerns.
 * Rows outlive the accounts (ids set null on deletion; the e-mail stays in `email`).
 */
export const audit_log = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    action_type: text('action_type').notNull(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_at),
    index('audit_log_user_created_idx').on(t.user_id, t.created_at),
    index('audit_log_action_created_idx').on(t.action_type, t.created_at),
  ],
);
