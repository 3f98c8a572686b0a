/** The only SQL of the saved-meals feature. Every statement is scoped by the user id (owner only). */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { saved_meals, users } from '../../db/schema/index.ts';

export type SavedMealRow = typeof saved_meals.$inferSelect;
export type NewSavedMealRow = typeof saved_meals.$inferInsert;

/**
 * Inserts the meal unless the user already has `max`: the user's row is locked first, so two concurrent creates
 * cannot both pass the count (on any process). null when the user is at the cap.
 */
export async function insertUnderCap(db: Db, row: NewSavedMealRow, max: number): Promise<SavedMealRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, row.user_id)).for('update');
    const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(saved_meals).where(eq(saved_meals.user_id, row.user_id));
    if (n >= max) return null;
    const [created] = await tx.insert(saved_meals).values(row).returning();
    return created!;
  });
}

/** Most recently logged first (never-logged ones after), then newest. */
export async function list(db: Db, userId: number): Promise<SavedMealRow[]> {
  return db
    .select()
    .from(saved_meals)
    .where(eq(saved_meals.user_id, userId))
    .orderBy(sql`${saved_meals.last_logged_at} desc nulls last`, desc(saved_meals.created_at), desc(saved_meals.id));
}

export async function get(db: Db, userId: number, id: number): Promise<SavedMealRow | undefined> {
  const [row] = await db.select().from(saved_meals).where(and(eq(saved_meals.id, id), eq(saved_meals.user_id, userId)));
  return row;
}

export async function update(db: Db, userId: number, id: number, patch: Partial<NewSavedMealRow>): Promise<SavedMealRow | undefined> {
  const [row] = await db
    .update(saved_meals)
    .set({ ...patch, updated_at: new Date() })
    .where(and(eq(saved_meals.id, id), eq(saved_meals.user_id, userId)))
    .returning();
  return row;
}

export async function remove(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(saved_meals).where(and(eq(saved_meals.id, id), eq(saved_meals.user_id, userId))).returning({ id: saved_meals.id });
  return rows.length > 0;
}

/** Counts one logging of the meal. */
export async function markLogged(db: Db, userId: number, id: number, at: Date): Promise<SavedMealRow | undefined> {
  const [row] = await db
    .update(saved_meals)
    .set({ times_logged: sql`${saved_meals.times_logged} + 1`, last_logged_at: at })
    .where(and(eq(saved_meals.id, id), eq(saved_meals.user_id, userId)))
    .returning();
  return row;
}
