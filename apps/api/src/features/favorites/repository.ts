/** The only SQL of the favorites feature. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favorite_foods } from '../../db/schema/index.ts';

export type FavoriteRow = typeof favorite_foods.$inferSelect;
export type NewFavoriteRow = typeof favorite_foods.$inferInsert;

export async function listFavorites(db: Db, userId: number): Promise<FavoriteRow[]> {
  return db.select().from(favorite_foods).where(eq(favorite_foods.user_id, userId)).orderBy(desc(favorite_foods.consumption_count), desc(favorite_foods.created_at), desc(favorite_foods.id));
}

/** Inserts unless the same food (or manual name) is already a favorite; then returns the existing row. */
/**
 * Adds a favorite, or when the user already has it (the same food, or a manual one of the same name, any case) takes
 * the new serving and numbers: re-adding "Race shake" at 300 kcal must not leave it at the old 100. Its status, its
 * consumption count and when it was last eaten stay.
 */
export async function insertOrUpdate(db: Db, row: NewFavoriteRow): Promise<{ row: FavoriteRow; created: boolean }> {
  const [created] = await db.insert(favorite_foods).values(row).onConflictDoNothing().returning();
  if (created) return { row: created, created: true };
  const match = row.food_id
    ? eq(favorite_foods.food_id, row.food_id)
    : and(isNull(favorite_foods.food_id), sql`lower(${favorite_foods.food_name}) = lower(${row.food_name})`);
  const [existing] = await db.select().from(favorite_foods).where(and(eq(favorite_foods.user_id, row.user_id), match));
  const fields = ['food_name', 'serving_size', 'serving_grams', 'calories', 'protein', 'carbohydrates', 'fat'] as const;
  const changes = Object.fromEntries(fields.filter((f) => row[f] !== undefined && row[f] !== existing![f]).map((f) => [f, row[f]]));
  if (!Object.keys(changes).length) return { row: existing!, created: false };
  const [updated] = await db
    .update(favorite_foods)
    .set({ ...changes, updated_at: new Date() })
    .where(eq(favorite_foods.id, existing!.id))
    .returning();
  return { row: updated!, created: false };
}

export async function deleteFavorite(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(favorite_foods).where(and(eq(favorite_foods.id, id), eq(favorite_foods.user_id, userId))).returning({ id: favorite_foods.id });
  return rows.length > 0;
}
