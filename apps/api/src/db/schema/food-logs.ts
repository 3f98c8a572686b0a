// Tables of the food-logs feature (owned by that feature), and the favorite foods it counts.
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, real, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { foods } from './foods.ts';
import { micronutrientColumns } from './micronutrients.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Nutrient columns of a log entry: totals for the entry (serving × number_of_servings). */
const entryNutrients = () => ({
  calories: real('calories').notNull().default(0),
  protein: real('protein').notNull().default(0),
  carbohydrates: real('carbohydrates').notNull().default(0),
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
});

export const food_logs = pgTable(
  'food_logs',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for manual entries. */
    food_id: text('food_id').references(() => foods.id, { onDelete: 'set null' }),
    food_name: text('food_name').notNull().default('Unknown Food'),
    brand_name: text('brand_name').notNull().default(''),
    serving_description: text('serving_description').notNull().default('serving'),
    /** Grams in one serving, when known (database foods). */
    serving_grams: real('serving_grams'),
    number_of_servings: real('number_of_servings').notNull().default(1),
    ...entryNutrients(),
    ...micronutrientColumns(),
    meal_type: text('meal_type').notNull(),
    /** The user's local calendar date. */
    date: date('date', { mode: 'string' }).notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  // (user, date, created_at, id): the day's entries in the order they were logged, and the CSV export's keyset pages read
  // straight from the index (with (user, date) alone every page sorted all of the user's rows in the range again).
  (t) => [index('food_logs_user_date_created_idx').on(t.user_id, t.date, t.created_at, t.id)],
);

export const favorite_foods = pgTable(
  'favorite_foods',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    food_id: text('food_id').references(() => foods.id, { onDelete: 'cascade' }),
    food_name: text('food_name').notNull(),
    serving_size: text('serving_size').notNull().default('serving'),
    serving_grams: real('serving_grams'),
    calories: real('calories').notNull().default(0),
    protein: real('protein').notNull().default(0),
    carbohydrates: real('carbohydrates').notNull().default(0),
    fat: real('fat').notNull().default(0),
    status: text('status').notNull().default('active'),
    consumption_count: integer('consumption_count').notNull().default(0),
    last_consumed: ts('last_consumed'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('favorite_foods_user_food_key').on(t.user_id, t.food_id).where(sql`${t.food_id} is not null`),
    uniqueIndex('favorite_foods_user_manual_name_key').on(t.user_id, sql`lower(${t.food_name})`).where(sql`${t.food_id} is null`),
  ],
);

/**
 * A day's logging state as the user set it (issue 42 item 6): 'complete' (everything eaten is logged) or 'partial'
 * (not all of it). No row = not said; the insights then infer partial days from how far below the user's usual a day is.
 * Partial days stay out of averages, patterns and the expenditure estimate.
 */
export const day_states = pgTable(
  'day_states',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's local calendar date. */
    date: date('date', { mode: 'string' }).notNull(),
    state: text('state').notNull(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.date] })],
);
