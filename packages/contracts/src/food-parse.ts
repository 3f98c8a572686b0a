import { z } from 'zod';
import { LocalDateSchema, MealTypeSchema } from './common.ts';

/** The longest sentence POST /food-logs/parse reads (a few meals' worth). */
export const FOOD_PARSE_MAX_TEXT = 1000;

/** POST /food-logs/parse: a typed or spoken meal ("2 eggs and a slice of toast with butter, coffee with milk"). */
export const FoodParseRequestSchema = z.object({
  text: z
    .string({ error: 'text must be a string' })
    .trim()
    .min(1, 'text must not be empty')
    .max(FOOD_PARSE_MAX_TEXT, `text must be at most ${FOOD_PARSE_MAX_TEXT} characters`),
  meal_type: MealTypeSchema.optional(),
  /** The user's local date the meal is for; defaults to today in the user's time zone. */
  date: LocalDateSchema.optional(),
});
export type FoodParseRequest = z.infer<typeof FoodParseRequestSchema>;

export const FoodParseAlternativeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The same amount of this food, in grams. */
  grams: z.number(),
});

export const FoodParseItemSchema = z.object({
  /** The words of the sentence this item was read from ("a slice of toast"). */
  text: z.string(),
  food: z.object({ id: z.string(), name: z.string() }),
  /** The amount as read or assumed: `quantity` × `unit` ("2" × "large", "1" × "slice", "45" × "ml"). */
  quantity: z.number(),
  unit: z.string(),
  /** What is logged: POST /food-logs/batch with `serving: { grams }` (or `serving: grams`) and number_of_servings 1. */
  grams: z.number(),
  calories: z.number(),
  protein: z.number(),
  carbs: z.number(),
  fat: z.number(),
  fiber: z.number(),
  /** 0..1: how sure the match is. */
  confidence: z.number().min(0).max(1),
  /** Other foods the words could mean, best first, each with the same amount in grams. */
  alternatives: z.array(FoodParseAlternativeSchema),
});
export type FoodParseItem = z.infer<typeof FoodParseItemSchema>;

export const FoodParseResultSchema = z.object({
  items: z.array(FoodParseItemSchema),
  /** Parts of the sentence no food matched, as typed: never logged as a made-up food. */
  unmatched: z.array(z.string()),
  /** The meal and date the items are for: as sent, else null and the user's today. */
  meal_type: MealTypeSchema.nullable(),
  date: LocalDateSchema,
});
export type FoodParseResult = z.infer<typeof FoodParseResultSchema>;
