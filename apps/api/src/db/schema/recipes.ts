// Tables of the recipes feature (owned by that feature).
import { index, integer, jsonb, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One ingredient of a saved recipe: a food and its weight; name and nutrients are kept as computed. */
export interface RecipeIngredientRow {
  food_id: string | null;
  food_name: string;
  grams: number;
  original: string | null;
  nutrients: Record<string, number>;
}

/** A user's saved recipe; private to its owner. Totals are recomputed whenever the ingredients change. */
export const recipes = pgTable(
  'recipes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    servings: real('servings').notNull().default(1),
    source_url: text('source_url'),
    image: text('image'),
    instructions: jsonb('instructions').$type<string[]>().notNull().default([]),
    ingredients: jsonb('ingredients').$type<RecipeIngredientRow[]>().notNull().default([]),
    nutrition_total: jsonb('nutrition_total').$type<Record<string, number>>().notNull().default({}),
    /** Lower-cased title and ingredient names, for search. */
    search_text: text('search_text').notNull().default(''),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('recipes_user_idx').on(t.user_id)],
);
