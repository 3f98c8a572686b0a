// Tables of the subscriptions feature.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A paid (Apple, Stripe) or granted (admin) tier for a user. The user's is_plus/is_pro/is_premium are
 * derived from the rows that are active and not past expires_at; clients never write them.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: text('tier').notNull(),
    platform: text('platform').notNull(),
    status: text('status').notNull().default('pending'),
    product_id: text('product_id'),
    /** Apple's original transaction id or Stripe's subscription id: one row per purchase, ever. */
    original_transaction_id: text('original_transaction_id'),
    /** Apple's latest transaction id (or Stripe's checkout session), for the record. */
    latest_transaction_id: text('latest_transaction_id'),
    environment: text('environment'),
    auto_renew: boolean('auto_renew').notNull().default(false),
    starts_at: ts('starts_at'),
    expires_at: ts('expires_at'),
    ended_at: ts('ended_at'),
    /** The admin who granted it (platform admin). */
    granted_by: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_platform_original_key')
      .on(t.platform, t.original_transaction_id)
      .where(sql`${t.original_transaction_id} is not null`),
    index('subscriptions_user_idx').on(t.user_id),
    index('subscriptions_active_expiry_idx').on(t.expires_at).where(sql`${t.status} = 'active'`),
  ],
);

/** Store notifications already applied (Apple notificationUUID, Stripe event id): a retry is a no-op. */
export const store_events = pgTable('store_events', {
  id: text('id').primaryKey(),
  platform: text('platform').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>(),
  received_at: ts('received_at').notNull().defaultNow(),
});
