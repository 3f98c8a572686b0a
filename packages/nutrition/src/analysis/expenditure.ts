/**
 * Energy expenditure from energy balance: what you ate minus what your body stored.
 *   expenditure = mean daily intake − (weight change per day × 7,700 kcal/kg)
 * The weight change is the slope (least squares) of the trend weight (weight-trend.ts, the one trend every screen
 * shows) at the weigh-ins of the window: the dashboard's "−0.5 kg since …", the Assessment's weekly rate and this
 * estimate read the same line (issue 42 §7). The trend damps day-to-day water swings; its
 * price is a lag of about 9 days behind a change, so in a user's first weeks it understates a steady loss or
 * gain (a 28-day history from the first weigh-in shows about 70 % of it), and after a month of run-in it follows
 * the change fully.
 * The intake is the mean of the complete days only (day-states.ts): partial days are left out and counted.
 * The window is the last 28 days, and at least 14 days with 5 weigh-ins and 10 complete logged days are needed
 * before any number is given.
 */
import { mean, round } from './days.js';
import { weightText, wholeNumber, type Units } from '../numbers.js';
import { SOURCES } from './sources.js';
import { slopePerDay, trendInWindow, type TrendPoint } from './weight-trend.js';
import { partialNote } from './day-states.js';

export const KCAL_PER_KG = 7700;
export const WINDOW_DAYS = 28;
export const MIN_SPAN_DAYS = 14;
export const MIN_WEIGH_INS = 5;
export const MIN_LOGGED_DAYS = 10;

export interface IntakeDay {
  date: string;
  calories: number;
}
export type Confidence = 'low' | 'medium' | 'high';
export interface Expenditure {
  enough: boolean;
  expenditure_kcal: number | null;
  mean_intake_kcal: number | null;
  weight_change_kg_per_week: number | null;
  window_days: number;
  logged_days: number;
  weigh_ins: number;
  logging_completeness_percent: number;
  /** Logged days of the window left out because they are partial (not in logged_days). */
  partial_days_left_out: number;
  confidence: Confidence | null;
  statement: string;
  source: string;
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/**
 * `endDate` is the last day of the window (the user's today). `trend` is trendWeights() over the user's whole
 * history (the points before the window only set where the trend stands). `intake` holds the complete days only
 * (countedDays); `partialLeftOut` says how many logged days of the window were left out. Days with 0 kcal count as
 * not logged.
 */
export function estimateExpenditure(trend: TrendPoint[], intake: IntakeDay[], endDate: string, units: Units = 'metric', partialLeftOut = 0): Expenditure {
  const end = dayNumber(endDate);
  const start = end - WINDOW_DAYS + 1;
  const w = trendInWindow(trend, endDate, WINDOW_DAYS);
  const logged = intake.filter((d) => d.calories > 0 && dayNumber(d.date) >= start && dayNumber(d.date) <= end);
  const span = w.length ? Math.max(...w.map((p) => p.x)) - Math.min(...w.map((p) => p.x)) + 1 : 0;
  const firstDay = Math.min(...[...w.map((p) => p.x), ...logged.map((d) => dayNumber(d.date))], end);
  const windowDays = end - Math.max(start, firstDay) + 1;
  const completeness = round((logged.length / Math.max(windowDays, 1)) * 100, 0);
  const base = { window_days: windowDays, logged_days: logged.length, weigh_ins: w.length, logging_completeness_percent: completeness, partial_days_left_out: partialLeftOut, source: SOURCES.energyBalance };
  const missing: string[] = [];
  if (span < MIN_SPAN_DAYS) missing.push(`weigh-ins spanning ${MIN_SPAN_DAYS} days (${span} so far)`);
  if (w.length < MIN_WEIGH_INS) missing.push(`${MIN_WEIGH_INS} weigh-ins (${w.length} so far)`);
  if (logged.length < MIN_LOGGED_DAYS) missing.push(`${MIN_LOGGED_DAYS} complete days of food logged (${logged.length} so far${partialLeftOut ? `, ${partialLeftOut} partial left out` : ''})`);
  if (missing.length)
    return { ...base, enough: false, expenditure_kcal: null, mean_intake_kcal: null, weight_change_kg_per_week: null, confidence: null, statement: `Not enough data to estimate your expenditure yet: it needs ${missing.join(', ')} in the last ${WINDOW_DAYS} days.` };
  const slope = slopePerDay(w);
  const intakeMean = mean(logged.map((d) => d.calories));
  const tdee = intakeMean - slope * KCAL_PER_KG;
  // Confidence grows with the span of weigh-ins, their number and how completely the food was logged.
  const confidence: Confidence = span >= 21 && w.length >= 12 && completeness >= 85 ? 'high' : span >= 14 && w.length >= 7 && completeness >= 70 ? 'medium' : 'low';
  const change = round(slope * 7, 2);
  return {
    ...base,
    enough: true,
    expenditure_kcal: round(tdee, 0),
    mean_intake_kcal: round(intakeMean, 0),
    weight_change_kg_per_week: change,
    confidence,
    statement: `You ate ${wholeNumber(intakeMean)} kcal a day on ${logged.length} complete days and your trend weight changed ${weightText(change, units, { digits: 2, signed: true })} a week over ${span} days, so you spend about ${wholeNumber(tdee)} kcal a day (${confidence} confidence).${completeness < 85 ? ' Days you did not log are assumed to be like the days you did.' : ''}${partialLeftOut ? ` ${partialNote(partialLeftOut)}` : ''}`,
  };
}
