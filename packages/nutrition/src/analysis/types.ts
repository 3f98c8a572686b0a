import type { SourceId } from './sources.js';

/** Micronutrients and other nutrients beyond the big three; null = not known for that entry. */
export const EXTRA_NUTRIENTS = [
  'fiber', 'sugar', 'saturated_fat', 'monounsaturated_fat', 'polyunsaturated_fat', 'trans_fat', 'cholesterol', 'sodium', 'potassium',
  'calcium', 'iron', 'magnesium', 'zinc', 'vitamin_a', 'vitamin_c', 'vitamin_d', 'vitamin_e', 'vitamin_k', 'vitamin_b6', 'vitamin_b12', 'folate',
] as const;
export type ExtraNutrient = (typeof EXTRA_NUTRIENTS)[number];

/** One food-log entry as the rules see it: totals for the entry, the user's local date and minute of day. */
export interface AnalysisEntry {
  date: string;
  /** Minutes after local midnight when the entry was logged; null when unknown. */
  minute: number | null;
  meal_type: string;
  food_name: string;
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  nutrients?: Partial<Record<ExtraNutrient, number | null>>;
}

/** A statement the engine makes: computed numbers, where the rule comes from, and one thing to do. */
export interface Finding {
  id: string;
  title: string;
  /** Higher ranks first: how far from the reference, weighted by how much it matters. */
  score: number;
  statement: string;
  evidence: Record<string, number | string | null>;
  suggestion: string | null;
  source: SourceId;
  citation: string;
}

/** What a rule says when it has too little data to say anything. */
export interface NotEnoughData {
  enough: false;
  statement: string;
}
