/** The only SQL of the restaurants feature: menu candidates from the shared food database. */
import { and, ilike, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { foods } from '../../db/schema/index.ts';
import type { FoodRow } from '../foods/food-rows.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Shared foods (never anyone's custom food) whose description starts with one of `prefixes`,
 * e.g. "McDONALD'S," or "Fast foods, burrito". Case-insensitive.
 */
export async function foodsByDescriptionPrefix(db: Db, prefixes: string[], limit = 300): Promise<FoodRow[]> {
  if (prefixes.length === 0) return [];
  return db
    .select()
    .from(foods)
    .where(and(ne(foods.source, 'custom'), or(...prefixes.map((p) => ilike(foods.food_description, `${escapeLike(p)}%`)))))
    .orderBy(foods.id)
    .limit(limit);
}
