/** Insights and analyses: the API gathers the user's rows; every statement comes from a rule in @app/nutrition. */
import {
  calorieDrivers,
  dayTotals,
  estimateExpenditure,
  EXTRA_NUTRIENTS,
  FINDINGS_NUTRIENTS,
  findings,
  macroSplit,
  mealTiming,
  onCountedDays,
  trendRatePerWeek,
  type DaySelection,
  nutrientReport,
  weekday,
  weekdayWeekend,
  WINDOW_DAYS,
  type AnalysisEntry,
  type TrendPoint,
  type Sex,
} from '@app/nutrition';
import type { InsightsExpenditure, MacroTotals, OverallAnalysis, PatternAnalysis } from '@app/contracts';
import { roundTo, spanOfDays, type Units } from '@app/nutrition/numbers';
import type { Db } from '../../db/client.ts';
import { ALL_OF_ENTRY, ageFrom, analysisEntries, rangeEnding, userContext, weightTrend, type EntryNeeds, type UserContext } from './data.ts';
import * as repo from './repository.ts';
import type { DayRow } from './repository.ts';
import { statesInRange } from '../day-states/service.ts';

const r1 = (n: number) => roundTo(n, 1);
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface Loaded {
  ctx: UserContext;
  from: string;
  to: string;
  days: number;
  /** The entries of the complete days only: every rule reads these (issue 42 §6). */
  entries: AnalysisEntry[];
  /** Logged days in the range, partial ones included. */
  daysLogged: number;
  selection: DaySelection;
}
/** The `days` days ending on `endDate` (the user's today by default), read as `needs` says, partial days left out. */
async function loadRange(db: Db, userId: number, ctx: UserContext, days: number, endDate: string | undefined, needs: EntryNeeds): Promise<Loaded> {
  const { from, to } = rangeEnding(endDate ?? ctx.today, days);
  const [all, { selection: states }] = await Promise.all([analysisEntries(db, userId, from, to, ctx.tz, needs), statesInRange(db, userId, from, to, goalOf(ctx))]);
  const logged = new Set(all.filter((e) => e.calories > 0).map((e) => e.date));
  // One day asked for by its date (the food log's day card reads /insights/nutrients?days=1) is that day as it is,
  // partial or not: leaving it out would show an empty card for the very day the user is looking at.
  const selection: DaySelection = days === 1 ? { counted: logged, days_counted: logged.size, partial_days_left_out: 0, partial_dates: [], note: null } : states;
  return { ctx, from, to, days, entries: onCountedDays(all, selection), daysLogged: logged.size, selection };
}
const goalOf = (ctx: UserContext) => ctx.settings?.daily_calorie_goal ?? null;
/** What every answer says about the days it counted. */
const counted = (sel: DaySelection) => ({ days_counted: sel.days_counted, partial_days_left_out: sel.partial_days_left_out, partial_note: sel.note });
async function load(db: Db, userId: number, days: number, endDate: string | undefined, needs: EntryNeeds): Promise<Loaded> {
  return loadRange(db, userId, await userContext(db, userId), days, endDate, needs);
}
const rangeFields = (l: Loaded, what: string) => {
  const n = l.selection.days_counted;
  const span = spanOfDays(l.days, l.to, l.ctx.today);
  return {
    start_date: l.from,
    end_date: l.to,
    days: l.days,
    days_logged: l.daysLogged,
    ...counted(l.selection),
    statement: n
      ? `${what} from ${n} complete day${n === 1 ? '' : 's'} ${span}${l.selection.partial_days_left_out ? ` (${l.selection.partial_days_left_out} partial left out)` : ''}.`
      : l.daysLogged
        ? `Only partial days are logged ${span}: nothing to analyse yet.`
        : `No food logged ${span}: nothing to analyse yet.`,
  };
};

function averages(l: Loaded): MacroTotals {
  const days = dayTotals(l.entries).filter((d) => d.calories > 0);
  const fiber = l.entries.reduce((a, e) => a + (e.nutrients?.fiber ?? 0), 0);
  const avg = (k: 'calories' | 'protein' | 'carbs' | 'fat') => (days.length ? r1(days.reduce((a, d) => a + d[k], 0) / days.length) : 0);
  return { calories: avg('calories'), protein: avg('protein'), carbs: avg('carbs'), fat: avg('fat'), fiber: days.length ? r1(fiber / days.length) : 0 };
}

export async function analysis(db: Db, userId: number, days: number, endDate?: string) {
  // averages() reads fiber; the macro split and the calorie drivers read only calories and macros.
  const l = await load(db, userId, days, endDate, { nutrients: ['fiber'], minute: false });
  return { ...rangeFields(l, 'Macro split and calorie drivers'), averages: averages(l), macro_split: macroSplit(dayTotals(l.entries)), calorie_drivers: calorieDrivers(l.entries) };
}

export async function timing(db: Db, userId: number, days: number, endDate?: string) {
  const l = await load(db, userId, days, endDate, { nutrients: [], minute: true });
  return { ...rangeFields(l, 'Meal timing'), meal_timing: mealTiming(l.entries) };
}

function byWeekday(l: Loaded) {
  const days = dayTotals(l.entries).filter((d) => d.calories > 0);
  // Monday first, as the week is shown everywhere else.
  return [1, 2, 3, 4, 5, 6, 0].map((w) => {
    const ds = days.filter((d) => weekday(d.date) === w);
    return { weekday: WEEKDAYS[w]!, days: ds.length, calories: ds.length ? Math.round(ds.reduce((a, d) => a + d.calories, 0) / ds.length) : null };
  });
}

export async function patterns(db: Db, userId: number, days: number, endDate?: string) {
  const l = await load(db, userId, days, endDate, { nutrients: [], minute: false });
  return { ...rangeFields(l, 'Patterns'), weekday_weekend: weekdayWeekend(dayTotals(l.entries)), calorie_drivers: calorieDrivers(l.entries), by_weekday: byWeekday(l) };
}

export async function nutrients(db: Db, userId: number, days: number, endDate?: string) {
  const l = await load(db, userId, days, endDate, { nutrients: EXTRA_NUTRIENTS, minute: false });
  const s = l.ctx.settings;
  const report = nutrientReport(l.entries, (s?.sex as Sex | null) ?? null, ageFrom(s?.birth_year, l.ctx.today), s?.daily_fiber_goal);
  return { ...rangeFields(l, 'Nutrients'), ...report, days: l.days };
}

/** The trend's weekly rate over the 28 days ending on `end`, as the expenditure estimate reads it (rounded the same). */
const rate = (trend: TrendPoint[], end: string) => {
  const r = trendRatePerWeek(trend, end, WINDOW_DAYS);
  return r === null ? null : roundTo(r, 2);
};

/** The client's "now" decides the user's today; without it the server's clock does. */
const nowFrom = (timestamp?: string) => (timestamp ? new Date(timestamp) : new Date());

export async function patternAnalysis(db: Db, userId: number, q: { timeframe_days?: number; timestamp?: string }): Promise<PatternAnalysis> {
  const ctx = await userContext(db, userId, nowFrom(q.timestamp));
  // Independent reads: on PostgreSQL they run on separate pooled connections at once.
  const [l, { latest }] = await Promise.all([
    loadRange(db, userId, ctx, q.timeframe_days ?? 14, undefined, { nutrients: FINDINGS_NUTRIENTS, minute: true }),
    weightTrend(db, userId, ctx.today),
  ]);
  const f = findings(l.entries, { calorie_goal: l.ctx.settings?.daily_calorie_goal ?? null, weight_kg: latest?.trend_kg ?? null, in_progress: ctx.today });
  // The pattern analysis keeps the findings about when and how the user eats.
  const patternIds = /late_eating|irregular_meals|weekend_surplus|calories_/;
  return {
    ...rangeFields(l, 'Patterns'),
    findings: f.findings.filter((x) => patternIds.test(x.id)),
    not_enough_data: f.not_enough_data,
    meal_timing: mealTiming(l.entries),
    weekday_weekend: weekdayWeekend(dayTotals(l.entries)),
    calorie_drivers: calorieDrivers(l.entries),
  };
}

/** Expenditure always looks at the 28 days ending on `end`, whatever the timeframe of the caller; complete days only. */
async function intakeEnding(db: Db, userId: number, ctx: UserContext, end: string) {
  const win = rangeEnding(end, WINDOW_DAYS);
  const [days, { selection }] = await Promise.all([repo.dayTotals(db, userId, win.from, win.to), statesInRange(db, userId, win.from, win.to, goalOf(ctx))]);
  return { days: onCountedDays(days, selection), selection };
}
/** How the user's sentences write weights. */
const unitsOf = (ctx: UserContext): Units => (ctx.settings?.units === 'imperial' ? 'imperial' : 'metric');
function expenditureFrom(intake: { days: DayRow[]; selection: DaySelection }, end: string, trend: TrendPoint[], ctx: UserContext) {
  return estimateExpenditure(trend, intake.days, end, unitsOf(ctx), intake.selection.partial_days_left_out);
}

/** The measured expenditure on its own, for the goal helper (cheaper than the whole overall analysis). */
export async function expenditure(db: Db, userId: number, endDate?: string): Promise<InsightsExpenditure> {
  const ctx = await userContext(db, userId);
  const end = endDate ?? ctx.today;
  const [{ trend, latest }, intake] = await Promise.all([weightTrend(db, userId, end), intakeEnding(db, userId, ctx, end)]);
  return { ...expenditureFrom(intake, end, trend, ctx), end_date: end, latest_weight: latest };
}

export async function overallAnalysis(db: Db, userId: number, q: { timeframe_days?: number; timestamp?: string }): Promise<OverallAnalysis> {
  const ctx = await userContext(db, userId, nowFrom(q.timestamp));
  // Every rule runs here (findings, nutrient report, averages): each entry is read in full.
  const [l, { trend, latest }, intake] = await Promise.all([
    loadRange(db, userId, ctx, q.timeframe_days ?? 30, undefined, ALL_OF_ENTRY),
    weightTrend(db, userId, ctx.today),
    intakeEnding(db, userId, ctx, ctx.today),
  ]);
  const s = l.ctx.settings;
  const f = findings(l.entries, { calorie_goal: s?.daily_calorie_goal ?? null, weight_kg: latest?.trend_kg ?? null, units: unitsOf(ctx), in_progress: ctx.today });
  const expenditure = expenditureFrom(intake, l.to, trend, ctx);
  return {
    ...rangeFields(l, 'Findings'),
    findings: f.findings,
    not_enough_data: f.not_enough_data,
    averages: averages(l),
    macro_split: macroSplit(dayTotals(l.entries)),
    nutrients: nutrientReport(l.entries, (s?.sex as Sex | null) ?? null, ageFrom(s?.birth_year, l.ctx.today), s?.daily_fiber_goal).nutrients,
    weight: { latest, trend: trend.filter((p) => p.date >= l.from), weekly_rate_kg: rate(trend, l.to) },
    expenditure,
  };
}
