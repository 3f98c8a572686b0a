import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotification(db: Db, values: typeof notifications.$inferInsert): Promise<NotificationRow> {
  const [row] = await db.insert(notifications).values(values).returning();
  return row;
}

export async function listNotifications(db: Db, userId: number, skip: number, limit: number) {
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, userId))
      .orderBy(desc(notifications.created_at), desc(notifications.id))
      .offset(skip)
      .limit(limit),
    db
      .select({ total: count(), unread: sql<number>`count(*) filter (where not ${notifications.read})`.mapWith(Number) })
      .from(notifications)
      .where(eq(notifications.user_id, userId)),
  ]);
  return { rows, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

export async function markRead(db: Db, userId: number, id: number): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning();
  return row;
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.user_id, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
