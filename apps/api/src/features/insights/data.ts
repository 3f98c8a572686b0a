/** Gathers the user's rows for the analysis rules of @app/nutrition: local dates, ranges, entries, weights. */
import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO, subDays } from 'date-fns';
import { EXTRA_NUTRIENTS, trendWeights, type AnalysisEntry, type ExtraNutrient } from '@app/nutrition';
import { DATE_MIN } from '@app/contracts';
import type { Db } from '../../db/client.ts';
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

/** Nutrients a database food knows from its own columns (the manual entry's rule is in knownNutrients). */
const FOOD_COLUMNS = new Set<ExtraNutrient>(['fiber', 'sugar', 'sodium', 'potassium', 'saturated_fat', 'monounsaturated_fat', 'polyunsaturated_fat', 'trans_fat', 'cholesterol']);
/**
 * What is known about an entry's nutrients: a database food knows its columns (the built-in SR21 data has no
 * trans fat, so there it is unknown); a manual entry knows only the values the user typed (0 = not given).
 * Vitamins and minerals are stored per entry, null when the food does not know them.
 */
function knownNutrients(r: repo.EntryRow, nutrients: readonly ExtraNutrient[]): AnalysisEntry['nutrients'] {
  const out: Partial<Record<ExtraNutrient, number | null>> = {};
  for (const k of nutrients) {
    const v = r[k] ?? null;
    if (!FOOD_COLUMNS.has(k)) out[k] = v;
    else if (r.food_id) out[k] = k === 'trans_fat' && r.food_id.startsWith('usda-') ? null : v;
    else out[k] = v! > 0 ? v : null;
  }
  return out;
}

/** What a caller's rules read of each entry; every nutrient and the minute when it runs them all. */
export interface EntryNeeds {
  nutrients: readonly ExtraNutrient[];
  minute: boolean;
}
export const ALL_OF_ENTRY: EntryNeeds = { nutrients: EXTRA_NUTRIENTS, minute: true };

/** The entries in [from, to] as the rules see them, with only the nutrients (and the minute) `needs` names. */
export async function analysisEntries(db: Db, userId: number, from: string, to: string, tz: string, needs: EntryNeeds): Promise<AnalysisEntry[]> {
  const rows = await repo.entries(db, userId, from, to, tz, needs);
  return rows.map((r) => ({ date: r.date, minute: r.minute, meal_type: r.meal_type, food_name: r.food_name, calories: r.calories, protein: r.protein, carbs: r.carbs, fat: r.fat, nutrients: knownNutrients(r, needs.nutrients) }));
}

/**
 * The one trend weight (issue 42 §7) up to `end`, over the user's whole history: a day's trend is the same number
 * whichever screen asks and however far back it reads (a 90-day and a 120-day run-in gave the dashboard and the
 * Assessment two trends). One weigh-in a day, so even years of them are a few thousand small rows.
 */
export async function weightTrend(db: Db, userId: number, end: string) {
  const trend = trendWeights(await repo.weights(db, userId, DATE_MIN, end));
  return { trend, latest: trend.at(-1) ?? null };
}

export function ageFrom(birthYear: number | null | undefined, today: string): number | null {
  return birthYear ? Number(today.slice(0, 4)) - birthYear : null;
}
