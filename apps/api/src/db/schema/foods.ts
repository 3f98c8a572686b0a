// Tables of the foods feature (owned by that feature).
import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { micronutrientColumns } from './micronutrients.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A household serving: "1 medium" = 118 g. */
export interface FoodServingRow {
  description: string;
  amount: number;
  unit: string;
  grams: number;
}

/**
 * Every food, built in or imported or user-made. Nutrients are per 100 g; servings say how many grams a
 * household measure weighs. `id` is `usda-<NDB>`, `off-<barcode>`, `fdc-<fdc_id>` or `custom-<uuid>`.
 */
export const foods = pgTable(
  'foods',
  {
    id: text('id').primaryKey(),
    source: text('source').notNull(),
    source_id: text('source_id').notNull(),
    name: text('name').notNull(),
    brand_name: text('brand_name').notNull().default(''),
    food_type: text('food_type').notNull().default('Generic'),
    food_description: text('food_description').notNull().default(''),
    food_group: text('food_group').notNull().default(''),
    /** Normalised GTIN-14 of the barcode (UPC-A, EAN-8/13 and GTIN-14 forms of one code share it). */
    gtin: text('gtin'),
    /** The default serving; `servings` lists all, the default first. */
    serving_size: real('serving_size').notNull().default(100),
    serving_unit: text('serving_unit').notNull().default('g'),
    servings: jsonb('servings').$type<FoodServingRow[]>().notNull().default([]),
    calories: real('calories').notNull().default(0),
    protein: real('protein').notNull().default(0),
    carbs: real('carbs').notNull().default(0),
    fat: real('fat').notNull().default(0),
    fiber: real('fiber').notNull().default(0),
    sugar: real('sugar').notNull().default(0),
    sodium: real('sodium').notNull().default(0),
    potassium: real('potassium').notNull().default(0),
    saturated_fat: real('saturated_fat').notNull().default(0),
    monounsaturated_fat: real('monounsaturated_fat').notNull().default(0),
    polyunsaturated_fat: real('polyunsaturated_fat').notNull().default(0),
    trans_fat: real('trans_fat').notNull().default(0),
    cholesterol: real('cholesterol').notNull().default(0),
    ...micronutrientColumns(),
    /** The words that say what the food is ("banana", "chicken breast"): matches here rank first. */
    search_head: text('search_head').notNull().default(''),
    /** Lower-cased words a search matches: display name, description, brand and synonyms. */
    search_text: text('search_text').notNull(),
    /** Ranking prior: everyday generic forms up, baby food, restaurant and odd preparations down. */
    commonness: real('commonness').notNull().default(0),
    search_vector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, search_head), 'A') || setweight(to_tsvector('english'::regconfig, search_text), 'C')`,
      ),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('foods_search_text_trgm_idx').using('gin', t.search_text.op('gin_trgm_ops')),
    index('foods_search_vector_idx').using('gin', t.search_vector),
    // Generic foods are ranked in full; a small partial index keeps that fast next to millions of products.
    index('foods_generic_search_vector_idx').using('gin', t.search_vector).where(sql`food_type = 'Generic'`),
    index('foods_gtin_idx').on(t.gtin),
    index('foods_source_idx').on(t.source, t.source_id),
    // A user's own custom foods, searched on every search next to the cached shared results.
    index('foods_custom_owner_idx').on(t.created_by).where(sql`source = 'custom'`),
  ],
);

/** Which built-in seed versions are loaded; the primary key makes loading idempotent across processes. */
export const food_seed_loads = pgTable('food_seed_loads', {
  version: text('version').primaryKey(),
  foods: integer('foods').notNull(),
  loaded_at: ts('loaded_at').notNull().defaultNow(),
});

/** Every word of the searchable text, for typo correction ("brocoli" → "broccoli") with a trigram index. */
export const food_terms = pgTable('food_terms', { term: text('term').primaryKey() }, (t) => [
  index('food_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops')),
]);

/**
 * A counter bumped whenever the shared (built-in and imported) foods change: every API process reads it
 * at most once a second and clears its cache of shared search results when it moved (search-cache.ts).
 * One row (id 1), created by the first bump.
 */
export const shared_foods_version = pgTable('shared_foods_version', {
  id: integer('id').primaryKey(),
  generation: integer('generation').notNull().default(0),
});
