import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notification_preferences, notifications, reminder_sends, user_settings } from '../../db/schema/index.ts';

/** Users with a reminder on and somewhere to send it, with their settings time zone. */
export async function activeReminderUsers(db: Db) {
  return db
    .select({ prefs: notification_preferences, timezone: sql<string>`coalesce(${user_settings.timezone}, 'UTC')` })
    .from(notification_preferences)
    .leftJoin(user_settings, eq(user_settings.user_id, notification_preferences.user_id))
    .where(
      and(
        or(eq(notification_preferences.meal_reminders_enabled, true), eq(notification_preferences.logging_reminders_enabled, true)),
        or(eq(notification_preferences.in_app_enabled, true), eq(notification_preferences.push_enabled, true)),
      ),
    );
}

export interface SendKey {
  user_id: number;
  kind: string;
  local_date: string;
  slot: string;
}

export async function alreadySent(db: Db, k: SendKey): Promise<boolean> {
  const [row] = await db
    .select({ id: reminder_sends.id })
    .from(reminder_sends)
    .where(and(eq(reminder_sends.user_id, k.user_id), eq(reminder_sends.kind, k.kind), eq(reminder_sends.local_date, k.local_date), eq(reminder_sends.slot, k.slot)))
    .limit(1);
  return !!row;
}

/**
 * Claims the slot and (for the in-app channel) creates the notification in one transaction: the
 * UNIQUE key lets exactly one of several concurrent workers through, and a crash leaves neither.
 * Returns null when another run already sent it.
 */
export async function claimAndNotify(db: Db, k: SendKey, notification: Omit<typeof notifications.$inferInsert, 'user_id'> | null) {
  return db.transaction(async (tx) => {
    const [claim] = await tx.insert(reminder_sends).values(k).onConflictDoNothing().returning({ id: reminder_sends.id });
    if (!claim) return null;
    if (!notification) return { notification_id: null as number | null };
    const [n] = await tx.insert(notifications).values({ ...notification, user_id: k.user_id }).returning({ id: notifications.id });
    await tx.update(reminder_sends).set({ notification_id: n!.id }).where(eq(reminder_sends.id, claim.id));
    return { notification_id: n!.id as number | null };
  });
}

/**
 * Claims a few days old are no longer needed for de-duplication (a slot is only sent within minutes
 * of its time). Aged by the database clock, not the scheduler's `now`, which tests move around.
 */
export async function pruneSends(db: Db) {
  await db.delete(reminder_sends).where(lt(reminder_sends.created_at, sql`now() - interval '3 days'`));
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), eq(notifications.read, false)));
  return r?.n ?? 0;
}
