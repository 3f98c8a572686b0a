/**
 * Trend weight: an exponentially weighted moving average of the logged weights (Hacker's Diet, 10 % per
 * day). Days without a weigh-in carry the trend; a weigh-in after a gap of g days moves it by 1 − 0.9^g,
 * as if the same weight had been logged every missing day.
 * This is the one trend of the product (issue 42 §7): the dashboard's weight card, the Health chart, the
 * Assessment and the expenditure estimate all read it, computed by the API over the user's whole history (so a
 * day's trend does not depend on how far back a screen reads), and its weekly rate is trendRatePerWeek below.
 */
import { round } from './days.js';

export const TREND_ALPHA = 0.1;
export interface WeightPoint {
  date: string;
  weight_kg: number;
}
export interface TrendPoint {
  date: string;
  weight_kg: number;
  trend_kg: number;
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

/** Several weigh-ins on one day count as their mean. Returns one point per day that has a weigh-in, oldest first. */
export function trendWeights(points: WeightPoint[], alpha = TREND_ALPHA): TrendPoint[] {
  const byDay = new Map<string, number[]>();
  for (const p of points) byDay.set(p.date, [...(byDay.get(p.date) ?? []), p.weight_kg]);
  const days = [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, ws]) => ({ date, weight_kg: ws.reduce((a, b) => a + b, 0) / ws.length }));
  const out: TrendPoint[] = [];
  let trend: number | null = null;
  let prev = 0;
  for (const d of days) {
    const n = dayNumber(d.date);
    trend = trend === null ? d.weight_kg : trend + (1 - (1 - alpha) ** (n - prev)) * (d.weight_kg - trend);
    prev = n;
    out.push({ date: d.date, weight_kg: round(d.weight_kg, 2), trend_kg: round(trend, 2) });
  }
  return out;
}

/** Least-squares slope of points (x in days): steadier than the change between two of them. */
export function slopePerDay(points: { x: number; y: number }[]): number {
  if (points.length < 2) return 0;
  const mx = points.reduce((a, p) => a + p.x, 0) / points.length;
  const my = points.reduce((a, p) => a + p.y, 0) / points.length;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den ? num / den : 0;
}

/** The trend points of the `days` days ending on `end` as (day number, trend) pairs, oldest first. */
export function trendInWindow(trend: TrendPoint[], end: string, days: number): { x: number; y: number }[] {
  const last = dayNumber(end);
  return trend
    .map((p) => ({ x: dayNumber(p.date), y: p.trend_kg }))
    .filter((p) => p.x <= last && p.x > last - days)
    .sort((a, b) => a.x - b.x);
}

/**
 * The trend's weekly rate (kg a week, unrounded): the least-squares slope of the trend at the weigh-ins of the
 * `days` days ending on `end`; null with fewer than 2 weigh-ins there. The expenditure estimate's weight change and
 * the Assessment's weekly rate are this number.
 */
export function trendRatePerWeek(trend: TrendPoint[], end: string, days = 28): number | null {
  const w = trendInWindow(trend, end, days);
  return w.length < 2 ? null : slopePerDay(w) * 7;
}
