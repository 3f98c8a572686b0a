/** Gathers the user's rows for the analysis rules of @app/nutrition: local dates, ranges, entries, weights. */
import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO, subDays } from 'date-fns';
import { trendWeights, type AnalysisEntry, type ExtraNutrient } from '@app/nutrition';
import type { Db } from '../../db/client.ts';
import { MICRONUTRIENTS } from '../../db/schema/micronutrients.ts';
import * as repo from './repository.ts';

export const iso = (d: Date) => format(d, 'yyyy-MM-dd');
export const plusDays = (date: string, n: number) => iso(addDays(parseISO(date), n));

export interface UserContext {
  tz: string;
  today: string;
  settings: repo.SettingsRow | undefined;
}
export async function userContext(db: Db, userId: number, now = new Date()): Promise<UserContext> {
  const settings = await repo.settings(db, userId);
  const tz = settings?.timezone || 'UTC';
  return { tz, today: iso(new TZDate(now, tz)), settings };
}

/** `days` days ending on `end` (inclusive). */
export const rangeEnding = (end: string, days: number) => ({ from: iso(subDays(parseISO(end), days - 1)), to: end });

const EXTRA = ['fiber', 'sugar', 'sodium', 'potassium', 'saturated_fat', 'monounsaturated_fat', 'polyunsaturated_fat', 'trans_fat', 'cholesterol'] as const satisfies readonly ExtraNutrient[];
/**
 * What is known about an entry's nutrients: a database food knows its columns (the built-in SR21 data has no
 * trans fat, so there it is unknown); a manual entry knows only the values the user typed (0 = not given).
 * Vitamins and minerals are stored per entry, null when the food does not know them.
 */
function knownNutrients(r: repo.EntryRow): AnalysisEntry['nutrients'] {
  const out: Partial<Record<ExtraNutrient, number | null>> = {};
  for (const k of EXTRA) {
    const v = r[k];
    if (r.food_id) out[k] = k === 'trans_fat' && r.food_id.startsWith('usda-') ? null : v;
    else out[k] = v > 0 ? v : null;
  }
  for (const k of MICRONUTRIENTS) out[k] = r[k];
  return out;
}

export async function analysisEntries(db: Db, userId: number, from: string, to: string, tz: string): Promise<AnalysisEntry[]> {
  const rows = await repo.entries(db, userId, from, to, tz);
  return rows.map((r) => ({ date: r.date, minute: r.minute, meal_type: r.meal_type, food_name: r.food_name, calories: r.calories, protein: r.protein, carbs: r.carbs, fat: r.fat, nutrients: knownNutrients(r) }));
}

/** The trend over the 120 days before `end` and its latest point (the EWMA needs a run-in). */
export async function weightTrend(db: Db, userId: number, end: string) {
  const trend = trendWeights(await repo.weights(db, userId, iso(subDays(parseISO(end), 119)), end));
  return { trend, latest: trend.at(-1) ?? null };
}

export function ageFrom(birthYear: number | null | undefined, today: string): number | null {
  return birthYear ? Number(today.slice(0, 4)) - birthYear : null;
}
