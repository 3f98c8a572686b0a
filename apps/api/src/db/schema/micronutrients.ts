// Micronutrient columns shared by foods and food_logs (mg unless noted).
import { real } from 'drizzle-orm/pg-core';

/** Vitamins and minerals per 100 g (foods) or per entry (food logs); null = not known, never 0. */
export const micronutrientColumns = () => ({
  calcium: real('calcium'),
  iron: real('iron'),
  magnesium: real('magnesium'),
  zinc: real('zinc'),
  /** µg RAE */
  vitamin_a: real('vitamin_a'),
  vitamin_c: real('vitamin_c'),
  /** µg */
  vitamin_d: real('vitamin_d'),
  vitamin_e: real('vitamin_e'),
  /** µg */
  vitamin_k: real('vitamin_k'),
  vitamin_b6: real('vitamin_b6'),
  /** µg */
  vitamin_b12: real('vitamin_b12'),
  /** µg DFE */
  folate: real('folate'),
});
export const MICRONUTRIENTS = ['calcium', 'iron', 'magnesium', 'zinc', 'vitamin_a', 'vitamin_c', 'vitamin_d', 'vitamin_e', 'vitamin_k', 'vitamin_b6', 'vitamin_b12', 'folate'] as const;
export type Micronutrient = (typeof MICRONUTRIENTS)[number];
