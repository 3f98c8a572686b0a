import { z } from 'zod';
import { MEAL_TYPES } from './constants.ts';

/** A user's local calendar date. */
export const LocalDateSchema = z.iso.date({ error: 'Expected a date as YYYY-MM-DD' });
export const MealTypeSchema = z.enum(MEAL_TYPES, { error: 'meal_type must be breakfast, lunch, dinner or snack' });
/** Integer ids in paths ("/things/{id}"); anything else is a 422, never a 500. */
export const IntIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const MessageSchema = z.object({ message: z.string() });
export type Message = z.infer<typeof MessageSchema>;
