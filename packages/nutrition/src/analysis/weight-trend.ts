/**
 * Trend weight: an exponentially weighted moving average of the logged weights (Hacker's Diet, 10 % per
 * day). Days without a weigh-in carry the trend; a weigh-in after a gap of g days moves it by 1 − 0.9^g,
 * as if the same weight had been logged every missing day.
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
