import { and, desc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { store_events, subscriptions, users } from '../../db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** Rows that grant a tier right now: active and not past expires_at (no expiry = until revoked). */
const grantsNow = (now: Date) => and(eq(subscriptions.status, 'active'), or(isNull(subscriptions.expires_at), gt(subscriptions.expires_at, now)));

export async function listOf(db: Executor, userId: number) {
  return db.select().from(subscriptions).where(eq(subscriptions.user_id, userId)).orderBy(desc(subscriptions.created_at), desc(subscriptions.id));
}

export async function findOwned(db: Executor, userId: number, id: number) {
  const [row] = await db.select().from(subscriptions).where(and(eq(subscriptions.id, id), eq(subscriptions.user_id, userId))).limit(1);
  return row ?? null;
}

export async function findByOriginal(db: Executor, platform: string, originalId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.platform, platform), eq(subscriptions.original_transaction_id, originalId)))
    .limit(1);
  return row ?? null;
}

export async function insert(db: Executor, values: NewSubscription) {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

export async function update(db: Executor, id: number, set: Partial<NewSubscription>) {
  const [row] = await db.update(subscriptions).set({ ...set, updated_at: new Date() }).where(eq(subscriptions.id, id)).returning();
  return row ?? null;
}

/** The subscriptions granting a tier now, best first (highest tier, then latest expiry). */
export async function grantingNow(db: Executor, userId: number, now: Date) {
  return db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.user_id, userId), grantsNow(now)))
    .orderBy(
      desc(sql`case ${subscriptions.tier} when 'premium' then 3 when 'pro' then 2 when 'plus' then 1 else 0 end`),
      sql`${subscriptions.expires_at} desc nulls first`,
    );
}

export async function setFlags(db: Executor, userId: number, flags: { is_plus: boolean; is_pro: boolean; is_premium: boolean }) {
  const [row] = await db.update(users).set(flags).where(eq(users.id, userId)).returning();
  return row ?? null;
}

/** Marks active rows past their expiry as expired; returns the users whose tier may have changed. */
export async function expireDue(db: Executor, now: Date): Promise<number[]> {
  const rows = await db
    .update(subscriptions)
    .set({ status: 'expired', ended_at: sql`${subscriptions.expires_at}`, updated_at: now })
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.expires_at, now)))
    .returning({ user_id: subscriptions.user_id });
  return [...new Set(rows.map((r) => r.user_id))];
}

/** Users whose flags say a tier that no active subscription backs (e.g. set before this feature existed). */
export async function usersWithStaleFlags(db: Executor, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        or(eq(users.is_plus, true), eq(users.is_pro, true), eq(users.is_premium, true)),
        sql`not exists (select 1 from ${subscriptions} s where s.user_id = ${users.id} and s.status = 'active' and (s.expires_at is null or s.expires_at > ${now}))`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Records a store event id; false when it was already recorded (a retried delivery). */
export async function claimEvent(db: Executor, id: string, platform: string, type: string, payload: Record<string, unknown>): Promise<boolean> {
  const rows = await db.insert(store_events).values({ id, platform, type, payload }).onConflictDoNothing().returning({ id: store_events.id });
  return rows.length > 0;
}

/** Ends admin grants of a user (an admin takes a grant back). */
export async function endGrants(db: Executor, userId: number, now: Date) {
  return db
    .update(subscriptions)
    .set({ status: 'cancelled', ended_at: now, updated_at: now })
    .where(and(eq(subscriptions.user_id, userId), eq(subscriptions.platform, 'admin'), eq(subscriptions.status, 'active')))
    .returning();
}

export async function userByPurchaseUuid(db: Executor, uuid: string): Promise<number | null> {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.purchase_uuid, uuid.toLowerCase())).limit(1);
  return row?.id ?? null;
}

/** Forgets a recorded event whose handling failed, so the store's retry is applied. */
export async function releaseEvent(db: Executor, id: string) {
  await db.delete(store_events).where(eq(store_events.id, id));
}

/**
 * What the stores last said about one purchase (an App Store original transaction, a Stripe subscription):
 * the store's time of the last notification or event applied, whether the purchase has ended for good, and
 * (App Store) the transaction that said so. Kept as one row of store_events with the id
 * `purchase:<platform>:<key>`, so it holds where no subscription row exists yet (Apple reports a refund
 * before the app verified the purchase; Stripe's deletion arrives before its creation).
 */
export interface PurchaseMark {
  /** Apple's notification signedDate or Stripe's event created, in ms. */
  at: number | null;
  /** refunded, revoked, expired or cancelled: final for `transactionId` (App Store) or the subscription (Stripe). */
  ended: string | null;
  transactionId: string | null;
  /** That transaction's purchase and expiry dates, in ms. */
  purchasedAt: number | null;
  expiresAt: number | null;
}

const PURCHASE_MARK = 'purchase_mark';
const markId = (platform: string, key: string) => `purchase:${platform}:${key}`;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/**
 * Reads a purchase's mark and locks it until the transaction `db` ends: every change to that purchase goes
 * through this lock, so a store notification and a receipt for the same purchase are applied one after the
 * other, never interleaved. Call inside `db.transaction`.
 */
export async function lockPurchase(db: Executor, platform: string, key: string): Promise<PurchaseMark> {
  const [row] = await db
    .insert(store_events)
    .values({ id: markId(platform, key), platform, type: PURCHASE_MARK, payload: {} })
    // A no-op update of the existing row: ON CONFLICT DO UPDATE locks it.
    .onConflictDoUpdate({ target: store_events.id, set: { type: sql`${store_events.type}` } })
    .returning({ payload: store_events.payload });
  const p = row?.payload ?? {};
  return { at: num(p.at), ended: str(p.ended), transactionId: str(p.transaction_id), purchasedAt: num(p.purchased_at), expiresAt: num(p.expires_at) };
}

export async function markPurchase(db: Executor, platform: string, key: string, mark: PurchaseMark) {
  await db
    .update(store_events)
    .set({ payload: { at: mark.at, ended: mark.ended, transaction_id: mark.transactionId, purchased_at: mark.purchasedAt, expires_at: mark.expiresAt }, received_at: new Date() })
    .where(eq(store_events.id, markId(platform, key)));
}
