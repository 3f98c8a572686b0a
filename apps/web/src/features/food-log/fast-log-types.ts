/** The wire shapes of issue 41's calls (describe-it parse, copy, recent meals, saved meals, recent foods). */
import type { z } from 'zod';
import type {
  FoodLogCopySchema,
  FoodParseAlternativeSchema,
  FoodParseRequestSchema,
  SavedMealCreateSchema,
  SavedMealLogSchema,
} from '@app/contracts';

export type ParseRequest = z.input<typeof FoodParseRequestSchema>;
export type ParsedAlternative = z.infer<typeof FoodParseAlternativeSchema>;
export type CopyRequest = z.input<typeof FoodLogCopySchema>;
/** Request bodies as the client writes them (fields with server defaults are optional). */
export type SavedMealCreate = z.input<typeof SavedMealCreateSchema>;
export type SavedMealLog = z.input<typeof SavedMealLogSchema>;

export type {
  FoodLogEntry,
  FoodParseItem as ParsedItem,
  FoodParseResult as ParseResponse,
  RecentFood,
  RecentMeal,
  SavedMeal,
  SavedMealItem,
} from '@app/contracts';
