/** GET /insights/weight-trend: the one trend weight (issue 42 §7) that the dashboard card and the Health chart draw. */
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { trendRatePerWeek, WINDOW_DAYS } from '@app/nutrition';
import type { WeightTrend } from '@app/contracts';
import { roundTo } from '@app/nutrition/numbers';
import type { Db } from '../../db/client.ts';
import { unprocessable } from '../../lib/http-error.ts';
import { weightTrend } from './data.ts';

/** The longest range the chart asks for (a year and a day, like the day states). */
export const WEIGHT_TREND_MAX_DAYS = 366;

export async function weightTrendRange(db: Db, userId: number, start: string, end: string): Promise<WeightTrend> {
  if (end < start) throw unprocessable('end_date must be on or after start_date', ['querystring', 'end_date']);
  const span = differenceInCalendarDays(parseISO(end), parseISO(start)) + 1;
  if (span > WEIGHT_TREND_MAX_DAYS) throw unprocessable(`The range is ${span} days; ask for at most ${WEIGHT_TREND_MAX_DAYS}`, ['querystring', 'end_date']);
  // The same trend the dashboard stats, the Assessment and the expenditure estimate read: whole history up to end.
  const { trend, latest } = await weightTrend(db, userId, end);
  const points = trend.filter((p) => p.date >= start);
  const first = points[0];
  const rate = trendRatePerWeek(trend, end, WINDOW_DAYS);
  return {
    start_date: start,
    end_date: end,
    points,
    latest,
    change_kg: first && latest && first.date !== latest.date ? roundTo(latest.trend_kg - first.trend_kg, 2) : null,
    since: first && latest && first.date !== latest.date ? first.date : null,
    weekly_rate_kg: rate === null ? null : roundTo(rate, 2),
  };
}
