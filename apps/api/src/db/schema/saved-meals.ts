// Tables of the saved-meals feature (features/saved-meals).
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { SavedMealItem } from '@app/contracts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A named set of foods logged in one go. `items`: a snapshot of each food as logged (name, serving, amount and
 * nutrient totals), so a meal keeps working when a food changes; a database food's id is kept to log it again.
 */
export const saved_meals = pgTable(
  'saved_meals',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    meal_type: text('meal_type'),
    items: jsonb('items').$type<SavedMealItem[]>().notNull(),
    times_logged: integer('times_logged').notNull().default(0),
    last_logged_at: ts('last_logged_at'),
    created_at: ts('created_at').notNull().defaultNow(),
    updated_at: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('saved_meals_user_idx').on(t.user_id)],
);
