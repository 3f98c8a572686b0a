/**
 * Macro split against the AMDR (IOM 2005): protein 10–35 %, carbohydrate 45–65 %, fat 20–35 % of energy,
 * computed from grams (4/4/9 kcal per g, Atwater) so the shares add up to 100 % whatever the labels say.
 */
import { mean, round, type DayTotals } from './days.js';
import { SOURCES } from './sources.js';
import type { NotEnoughData } from './types.js';

export const AMDR = { protein: [10, 35], carbs: [45, 65], fat: [20, 35] } as const;
export type Macro = keyof typeof AMDR;
export const MIN_DAYS = 1;

export interface MacroShare {
  macro: Macro;
  grams_per_day: number;
  percent: number;
  amdr_min: number;
  amdr_max: number;
  status: 'below' | 'within' | 'above';
}
export interface MacroSplit {
  enough: true;
  days: number;
  calories_per_day: number;
  shares: MacroShare[];
  source: string;
}

export function macroSplit(days: DayTotals[]): MacroSplit | NotEnoughData {
  const logged = days.filter((d) => d.calories > 0);
  if (logged.length < MIN_DAYS) return { enough: false, statement: 'No food logged in this range: log a day of meals to see your macro split.' };
  const g = { protein: mean(logged.map((d) => d.protein)), carbs: mean(logged.map((d) => d.carbs)), fat: mean(logged.map((d) => d.fat)) };
  const kcal = { protein: g.protein * 4, carbs: g.carbs * 4, fat: g.fat * 9 };
  const total = kcal.protein + kcal.carbs + kcal.fat;
  if (total <= 0) return { enough: false, statement: 'The logged foods carry no protein, carbohydrate or fat grams: the macro split cannot be computed.' };
  const shares = (Object.keys(AMDR) as Macro[]).map((m): MacroShare => {
    const percent = round((kcal[m] / total) * 100);
    const [min, max] = AMDR[m];
    return { macro: m, grams_per_day: round(g[m]), percent, amdr_min: min, amdr_max: max, status: percent < min ? 'below' : percent > max ? 'above' : 'within' };
  });
  return { enough: true, days: logged.length, calories_per_day: round(mean(logged.map((d) => d.calories)), 0), shares, source: SOURCES.amdr };
}
