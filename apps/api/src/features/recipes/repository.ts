/** The only SQL of the recipes feature. Every query is scoped to the owner. */
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recipes } from '../../db/schema/index.ts';

export type RecipeRow = typeof recipes.$inferSelect;
export type NewRecipeRow = typeof recipes.$inferInsert;

export async function insertRecipe(db: Db, row: NewRecipeRow): Promise<RecipeRow> {
  const [r] = await db.insert(recipes).values(row).returning();
  return r!;
}

export async function updateRecipe(db: Db, userId: number, id: number, patch: Partial<NewRecipeRow>): Promise<RecipeRow | undefined> {
  const [r] = await db.update(recipes).set({ ...patch, updated_at: new Date() }).where(and(eq(recipes.id, id), eq(recipes.user_id, userId))).returning();
  return r;
}

export async function deleteRecipe(db: Db, userId: number, id: number): Promise<boolean> {
  const r = await db.delete(recipes).where(and(eq(recipes.id, id), eq(recipes.user_id, userId))).returning({ id: recipes.id });
  return r.length > 0;
}

export async function getRecipe(db: Db, userId: number, id: number): Promise<RecipeRow | undefined> {
  const [r] = await db.select().from(recipes).where(and(eq(recipes.id, id), eq(recipes.user_id, userId)));
  return r;
}

export async function listRecipes(db: Db, userId: number): Promise<RecipeRow[]> {
  return db.select().from(recipes).where(eq(recipes.user_id, userId)).orderBy(desc(recipes.updated_at), desc(recipes.id));
}

/** Title matches rank above ingredient matches; then trigram similarity of the title. */
export async function searchRecipes(db: Db, userId: number, words: string[], limit = 50): Promise<RecipeRow[]> {
  const q = words.join(' ');
  const all = words.map((w) => ilike(recipes.search_text, `%${escapeLike(w)}%`));
  return db
    .select()
    .from(recipes)
    .where(and(eq(recipes.user_id, userId), ...all))
    .orderBy(
      desc(sql`(lower(${recipes.title}) like ${escapeLike(q) + '%'})::int * 2 + (lower(${recipes.title}) like ${'%' + escapeLike(q) + '%'})::int`),
      desc(sql`similarity(lower(${recipes.title}), ${q})`),
      desc(recipes.updated_at),
    )
    .limit(limit);
}

export async function titleSuggestions(db: Db, userId: number, prefix: string, limit = 8): Promise<string[]> {
  const rows = await db
    .selectDistinct({ title: recipes.title })
    .from(recipes)
    .where(and(eq(recipes.user_id, userId), ilike(recipes.title, `%${escapeLike(prefix)}%`)))
    .orderBy(recipes.title)
    .limit(50);
  const p = prefix.toLowerCase();
  return rows.map((r) => r.title).sort((a, b) => Number(!a.toLowerCase().startsWith(p)) - Number(!b.toLowerCase().startsWith(p))).slice(0, limit);
}

const escapeLike = (s: string) => s.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c);
