import { z } from 'zod';
import { LocalDateSchema } from './common.ts';

/**
 * Day states (issue 42 §6): a logged day is complete or partial. The user's choice wins; without one the state is
 * inferred (packages/nutrition/src/analysis/day-states.ts: below half the usual day, or 40 % of the calorie goal).
 * Partial days are left out of every average, pattern and estimate, and each answer says how many.
 */
export const DayStateValueSchema = z.enum(['complete', 'partial'], { error: 'state must be complete, partial or null' });
export const DayStateParamsSchema = z.object({ date: LocalDateSchema });
/** null clears the user's choice (the day is inferred again). */
export const DayStateUpdateSchema = z.object({ state: DayStateValueSchema.nullable() });
/** After a save: the day's state (inferred again after a clear; null when the day has nothing logged and no choice). */
export const DayStateSavedSchema = z
  .object({ date: z.string(), state: DayStateValueSchema.nullable(), set_by_user: z.boolean() })
  .meta({ id: 'DayStateSaved' });
export const DayStatesQuerySchema = z.object({ start_date: LocalDateSchema, end_date: LocalDateSchema });
export const DayStateSchema = z
  .object({ date: z.string(), state: DayStateValueSchema, set_by_user: z.boolean(), kcal: z.number() })
  .meta({ id: 'DayState' });
export const DayStateListSchema = z.array(DayStateSchema);
/** The longest range GET /food-logs/day-states answers. */
export const DAY_STATES_MAX_DAYS = 366;

export type DayStateValue = z.infer<typeof DayStateValueSchema>;
export type DayStateUpdate = z.infer<typeof DayStateUpdateSchema>;
export type DayStateSaved = z.infer<typeof DayStateSavedSchema>;
export type DayState = z.infer<typeof DayStateSchema>;
