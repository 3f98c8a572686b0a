/** The dashboard: today's totals against goals, the streak, and per-day series over a range. */
import { addDays, endOfMonth, parseISO, startOfWeek, subWeeks } from 'date-fns';
import { DATE_MIN, type DashboardStats, type DayStat, type MacroTotals, type RangeStats } from '@app/contracts';
import { unprocessable } from '../../lib/http-error.ts';
import { onDay, roundTo, wholeNumber } from '@app/nutrition/numbers';
import type { Db } from '../../db/client.ts';
import { iso, plusDays, rangeEnding, userContext, weightTrend, type UserContext } from './data.ts';
import * as repo from './repository.ts';
import { statesInRange } from '../day-states/service.ts';

const KEYS = ['calories', 'protein', 'carbs', 'fat', 'fiber'] as const;
const r1 = (n: number) => roundTo(n, 1);
const zero = (): MacroTotals => ({ calories: 0, protein: 0, carbs: 0, fat: 0, fiber: 0 });
/** A day is within its calorie goal when it lands within ±10 % of it. */
const ADHERENCE_BAND = 0.1;

function settingsGoals(ctx: UserContext): MacroTotals {
  const s = ctx.settings;
  return { calories: s?.daily_calorie_goal ?? 0, protein: s?.daily_protein_goal ?? 0, carbs: s?.daily_carbs_goal ?? 0, fat: s?.daily_fat_goal ?? 0, fiber: s?.daily_fiber_goal ?? 0 };
}

type GoalQuery = Partial<Record<`goal_${(typeof KEYS)[number]}`, number>>;
export async function stats(db: Db, userId: number, q: { target_date?: string } & GoalQuery): Promise<DashboardStats> {
  const ctx = await userContext(db, userId);
  const date = q.target_date ?? ctx.today;
  // Independent reads: on PostgreSQL they run on separate pooled connections at once.
  const [[day], { latest }, streakDays] = await Promise.all([repo.dayTotals(db, userId, date, date), weightTrend(db, userId, date), repo.streakFrom(db, userId, date)]);
  const totals = zero();
  for (const k of KEYS) totals[k] = r1(day?.[k] ?? 0);
  // Query goals override the settings only where given.
  const goals = settingsGoals(ctx);
  for (const k of KEYS) if (q[`goal_${k}`] !== undefined) goals[k] = q[`goal_${k}`]!;
  const remaining = Object.fromEntries(KEYS.map((k) => [k, goals[k] > 0 ? r1(goals[k] - totals[k]) : null])) as DashboardStats['remaining'];
  const percentages = Object.fromEntries(KEYS.map((k) => [k, goals[k] > 0 ? Math.round((totals[k] / goals[k]) * 1000) / 10 : null])) as DashboardStats['percentages'];
  const entries = day?.entries ?? 0;
  return {
    date,
    entries,
    totals,
    goals,
    remaining,
    percentages,
    streak_days: streakDays,
    latest_weight: latest,
    statement: entries ? `${entries} ${entries === 1 ? 'entry' : 'entries'} logged ${onDay(date, ctx.today)}.` : `Nothing logged ${onDay(date, ctx.today)}${date >= ctx.today ? ' yet' : ''}.`,
  };
}

async function rangeStats(db: Db, userId: number, ctx: UserContext, from: string, to: string): Promise<RangeStats> {
  const goals = settingsGoals(ctx);
  const [rows, { states, selection }] = await Promise.all([repo.dayTotals(db, userId, from, to), statesInRange(db, userId, from, to, goals.calories || null)]);
  const by = new Map(rows.map((r) => [r.date, r]));
  const stateOf = new Map(states.map((s) => [s.date, s.state]));
  const series: DayStat[] = [];
  for (let d = from; d <= to; d = plusDays(d, 1)) {
    const r = by.get(d);
    series.push({ date: d, entries: r?.entries ?? 0, logged: !!r, state: stateOf.get(d) ?? null, calories: r1(r?.calories ?? 0), protein: r1(r?.protein ?? 0), carbs: r1(r?.carbs ?? 0), fat: r1(r?.fat ?? 0), fiber: r1(r?.fiber ?? 0) });
  }
  const logged = series.filter((s) => s.logged);
  // Averages and adherence read the complete days only (issue 42 §6); totals are every logged day's food.
  const countedRows = rows.filter((r) => selection.counted.has(r.date));
  const n = countedRows.length;
  // Totals and means from the days' exact sums, rounded once: summing the series' rounded days drifted from the
  // CSV and the insights by 0.05 a day (six days of 100.05 kcal gave 600.6 here and 600.3 there).
  const totals = zero();
  const averages = zero();
  for (const k of KEYS) {
    totals[k] = r1(rows.reduce((a, r) => a + r[k], 0));
    averages[k] = n ? r1(countedRows.reduce((a, r) => a + r[k], 0) / n) : 0;
  }
  const within = goals.calories > 0 ? countedRows.filter((r) => Math.abs(r.calories - goals.calories) <= goals.calories * ADHERENCE_BAND).length : 0;
  const left = selection.partial_days_left_out;
  const statement = !logged.length
    ? `No food logged in these ${series.length} days: every total is 0.`
    : !n
      ? `${logged.length} of ${series.length} days logged, all of them partial: no average yet.`
      : `${logged.length} of ${series.length} days logged; ${wholeNumber(averages.calories)} kcal a day on average on ${n} complete day${n === 1 ? '' : 's'}${left ? ` (${left} partial left out)` : ''}${goals.calories > 0 ? `, ${within} within 10 % of your ${wholeNumber(goals.calories)} kcal goal` : ''}.`;
  return {
    start_date: from,
    end_date: to,
    days: series.length,
    days_logged: logged.length,
    days_counted: n,
    partial_days_left_out: left,
    partial_note: selection.note,
    series,
    goals,
    averages,
    totals,
    adherence: {
      days_within_goal: within,
      percent: goals.calories > 0 && n ? Math.round((within / n) * 1000) / 10 : null,
      rule: 'A complete day within ±10 % of the calorie goal, of the complete days; null when no goal is set or no complete day is logged.',
    },
    statement,
  };
}

export async function historical(db: Db, userId: number, days: number, endDate?: string): Promise<RangeStats> {
  const ctx = await userContext(db, userId);
  const { from, to } = rangeEnding(endDate ?? ctx.today, days);
  // Every date the API takes or gives lies in 1900..2100: a range may not reach back before it either.
  if (from < DATE_MIN) throw unprocessable(`days: the range would start before ${DATE_MIN}; ask for fewer days or a later end_date`, ['path', 'days']);
  return rangeStats(db, userId, ctx, from, to);
}

/** The Monday-based week `weeksBack` weeks before the current one, in the user's time zone. */
export async function weekly(db: Db, userId: number, weeksBack: number): Promise<RangeStats> {
  const ctx = await userContext(db, userId);
  const monday = startOfWeek(subWeeks(parseISO(ctx.today), weeksBack), { weekStartsOn: 1 });
  return rangeStats(db, userId, ctx, iso(monday), iso(addDays(monday, 6)));
}

export async function monthly(db: Db, userId: number, year: number, month: number): Promise<RangeStats> {
  const ctx = await userContext(db, userId);
  const first = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
  return rangeStats(db, userId, ctx, first, iso(endOfMonth(parseISO(first))));
}
