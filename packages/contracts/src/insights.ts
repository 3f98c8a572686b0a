import { z } from 'zod';
import { LocalDateSchema, TimestampSchema } from './common.ts';

/** Dashboard and insights (spec §7). Days are the user's local days; an empty range answers zeros and says so. */
const MacroTotalsSchema = z.object({ calories: z.number(), protein: z.number(), carbs: z.number(), fat: z.number(), fiber: z.number() });
const MaybeTotalsSchema = z.object({ calories: z.number().nullable(), protein: z.number().nullable(), carbs: z.number().nullable(), fat: z.number().nullable(), fiber: z.number().nullable() });
export type MacroTotals = z.infer<typeof MacroTotalsSchema>;

/**
 * A goal in the query string overrides the saved one only when given: an empty value (`?goal_calories=`, how many
 * clients send an unset field) counts as not given, not as 0. Plain decimals only ("0x10" and "1e3" are refused).
 */
const goalParam = (what: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .union([z.number(), z.string().trim().regex(/^\s*(-?\d+(\.\d+)?)?\s*$/, `${what} must be a number`).transform(Number)], { error: `${what} must be a number` })
      .pipe(z.number().min(0, `${what} must not be negative`).max(20_000, `${what} must be at most 20000`))
      .optional(),
  );
export const DashboardStatsQuerySchema = z.object({
  target_date: LocalDateSchema.optional(),
  goal_calories: goalParam('goal_calories'),
  goal_protein: goalParam('goal_protein'),
  goal_carbs: goalParam('goal_carbs'),
  goal_fat: goalParam('goal_fat'),
  goal_fiber: goalParam('goal_fiber'),
});
export const LatestWeightSchema = z.object({ date: z.string(), weight_kg: z.number(), trend_kg: z.number() });

/**
 * Which days an answer's averages counted (issue 42 §6): the complete logged days; partial days are left out and
 * counted here, and `partial_note` says so in a sentence ("2 partial days left out: …"), null when none was.
 */
const CountedFields = { days_counted: z.number(), partial_days_left_out: z.number(), partial_note: z.string().nullable() };
export const DashboardStatsSchema = z
  .object({
    date: z.string(),
    entries: z.number(),
    totals: MacroTotalsSchema,
    /** 0 = not set (spec: goals default 0). */
    goals: MacroTotalsSchema,
    /** Goal minus total; null where no goal is set. */
    remaining: MaybeTotalsSchema,
    percentages: MaybeTotalsSchema,
    streak_days: z.number(),
    latest_weight: LatestWeightSchema.nullable(),
    statement: z.string(),
  })
  .meta({ id: 'DashboardStats' });
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

export const HistoricalDaysParamsSchema = z.object({ days: z.coerce.number().int('days must be a whole number').min(1, 'days must be between 1 and 3660').max(3660, 'days must be between 1 and 3660') });
export const EndDateQuerySchema = z.object({ end_date: LocalDateSchema.optional() });
export const WeeksBackParamsSchema = z.object({ x: z.coerce.number().int().min(0, 'weeks back must be 0 or more').max(520, 'weeks back must be at most 520') });
export const MonthParamsSchema = z.object({
  year: z.coerce.number().int().min(1900, 'year must be between 1900 and 2100').max(2100, 'year must be between 1900 and 2100'),
  month: z.coerce.number().int().min(1, 'month must be between 1 and 12').max(12, 'month must be between 1 and 12'),
});

/** `state`: the day's state (null when nothing is logged and the user chose none); only complete days are averaged. */
export const DayStatSchema = MacroTotalsSchema.extend({ date: z.string(), entries: z.number(), logged: z.boolean(), state: z.enum(['complete', 'partial']).nullable() });
export const RangeStatsSchema = z
  .object({
    start_date: z.string(),
    end_date: z.string(),
    days: z.number(),
    days_logged: z.number(),
    ...CountedFields,
    series: z.array(DayStatSchema),
    goals: MacroTotalsSchema,
    /** Averages over the complete logged days (0 when none); totals are over every logged day. */
    averages: MacroTotalsSchema,
    totals: MacroTotalsSchema,
    adherence: z.object({ days_within_goal: z.number(), percent: z.number().nullable(), rule: z.string() }),
    statement: z.string(),
  })
  .meta({ id: 'RangeStats' });
export type RangeStats = z.infer<typeof RangeStatsSchema>;
export type DayStat = z.infer<typeof DayStatSchema>;

const daysParam = (def: number) => z.coerce.number().int('days must be a whole number').min(1, 'days must be between 1 and 365').max(365, 'days must be between 1 and 365').default(def);
export const insightsQuery = (def: number) => z.object({ days: daysParam(def), end_date: LocalDateSchema.optional() });

const Evidence = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));
export const FindingSchema = z.object({ id: z.string(), title: z.string(), score: z.number(), statement: z.string(), evidence: Evidence, suggestion: z.string().nullable(), source: z.string(), citation: z.string() }).meta({ id: 'Finding' });
export type Finding = z.infer<typeof FindingSchema>;
const NotEnough = z.object({ enough: z.literal(false), statement: z.string() });
const MacroShareSchema = z.object({ macro: z.enum(['protein', 'carbs', 'fat']), grams_per_day: z.number(), percent: z.number(), amdr_min: z.number(), amdr_max: z.number(), status: z.enum(['below', 'within', 'above']) });
export const MacroSplitSchema = z.union([z.object({ enough: z.literal(true), days: z.number(), calories_per_day: z.number(), shares: z.array(MacroShareSchema), source: z.string() }), NotEnough]);
export const CalorieDriverSchema = z.object({ food_name: z.string(), times_logged: z.number(), calories: z.number(), percent_of_calories: z.number(), calories_per_day: z.number() });
export const MealTimingResultSchema = z.union([
  z.object({
    enough: z.literal(true),
    days: z.number(),
    first_meal_avg: z.string(),
    last_meal_avg: z.string(),
    eating_window_hours: z.number(),
    late_calories_percent: z.number(),
    late_days: z.number(),
    first_meal_sd_minutes: z.number(),
    regularity: z.string(),
    by_hour: z.array(z.object({ hour: z.number(), calories: z.number() })),
    by_meal_type: z.record(z.string(), z.number()),
    note: z.string(),
    source: z.string(),
  }),
  NotEnough,
]);
export const WeekPatternSchema = z.union([
  z.object({ enough: z.literal(true), weekday_days: z.number(), weekend_days: z.number(), weekday_calories: z.number().nullable(), weekend_calories: z.number().nullable(), difference: z.number().nullable(), statement: z.string() }),
  NotEnough,
]);
export const NutrientStatusSchema = z.object({
  nutrient: z.string(),
  unit: z.string().nullable(),
  per_day: z.number().nullable(),
  coverage_percent: z.number(),
  reference_kind: z.string().nullable(),
  target: z.number().nullable(),
  upper: z.number().nullable(),
  percent_of_target: z.number().nullable(),
  status: z.string(),
  statement: z.string(),
});
export const ExpenditureSchema = z.object({
  enough: z.boolean(),
  expenditure_kcal: z.number().nullable(),
  mean_intake_kcal: z.number().nullable(),
  weight_change_kg_per_week: z.number().nullable(),
  window_days: z.number(),
  logged_days: z.number(),
  weigh_ins: z.number(),
  logging_completeness_percent: z.number(),
  partial_days_left_out: z.number(),
  confidence: z.enum(['low', 'medium', 'high']).nullable(),
  statement: z.string(),
  source: z.string(),
});

/** GET /insights/expenditure: the measured expenditure the goal helper offers, with the weight it was measured at. */
export const InsightsExpenditureSchema = ExpenditureSchema.extend({ end_date: z.string(), latest_weight: LatestWeightSchema.nullable() }).meta({ id: 'InsightsExpenditure' });
export type InsightsExpenditure = z.infer<typeof InsightsExpenditureSchema>;

const RangeFields = { start_date: z.string(), end_date: z.string(), days: z.number(), days_logged: z.number(), ...CountedFields, statement: z.string() };
export const InsightsAnalysisSchema = z.object({ ...RangeFields, averages: MacroTotalsSchema, macro_split: MacroSplitSchema, calorie_drivers: z.array(CalorieDriverSchema) }).meta({ id: 'InsightsAnalysis' });
export const InsightsMealTimingSchema = z.object({ ...RangeFields, meal_timing: MealTimingResultSchema }).meta({ id: 'InsightsMealTiming' });
export const InsightsPatternsSchema = z.object({ ...RangeFields, weekday_weekend: WeekPatternSchema, calorie_drivers: z.array(CalorieDriverSchema), by_weekday: z.array(z.object({ weekday: z.string(), days: z.number(), calories: z.number().nullable() })) }).meta({ id: 'InsightsPatterns' });
export const InsightsNutrientsSchema = z
  .object({ ...RangeFields, sex: z.string().nullable(), age: z.number().nullable(), age_group: z.string(), nutrients: z.array(NutrientStatusSchema), notes: z.array(z.string()), source: z.string() })
  .meta({ id: 'InsightsNutrients' });
export type InsightsNutrients = z.infer<typeof InsightsNutrientsSchema>;

export const AnalysisQuerySchema = z.object({
  timeframe_days: z.coerce.number().int().min(1, 'timeframe_days must be between 1 and 365').max(365, 'timeframe_days must be between 1 and 365').optional(),
  /** The client's current instant; the range ends on its local date in the user's time zone. */
  timestamp: TimestampSchema.optional(),
});
export const PatternAnalysisSchema = z
  .object({ ...RangeFields, findings: z.array(FindingSchema), not_enough_data: z.array(z.string()), meal_timing: MealTimingResultSchema, weekday_weekend: WeekPatternSchema, calorie_drivers: z.array(CalorieDriverSchema) })
  .meta({ id: 'PatternAnalysis' });
export const OverallAnalysisSchema = z
  .object({
    ...RangeFields,
    findings: z.array(FindingSchema),
    not_enough_data: z.array(z.string()),
    averages: MacroTotalsSchema,
    macro_split: MacroSplitSchema,
    nutrients: z.array(NutrientStatusSchema),
    /** weekly_rate_kg: the trend's slope over the 28 days ending today, kg a week (the expenditure's weight change). */
    weight: z.object({ latest: LatestWeightSchema.nullable(), trend: z.array(LatestWeightSchema), weekly_rate_kg: z.number().nullable() }),
    expenditure: ExpenditureSchema,
  })
  .meta({ id: 'OverallAnalysis' });
export type OverallAnalysis = z.infer<typeof OverallAnalysisSchema>;
export type PatternAnalysis = z.infer<typeof PatternAnalysisSchema>;

/** GET /insights/weight-trend: the one trend weight (issue 42 §7), per weigh-in, computed over the whole history. */
export const WeightTrendQuerySchema = z.object({ start_date: LocalDateSchema, end_date: LocalDateSchema });
export const WeightTrendSchema = z
  .object({
    start_date: z.string(),
    end_date: z.string(),
    /** One point per weigh-in in the range: the weight and the trend on that day. */
    points: z.array(LatestWeightSchema),
    /** The last point on or before end_date (it may lie before start_date); null when no weight is logged. */
    latest: LatestWeightSchema.nullable(),
    /** Trend at `latest` minus the trend at the range's first weigh-in (`since`); null with fewer than 2 points. */
    change_kg: z.number().nullable(),
    since: z.string().nullable(),
    /** The trend's slope over the 28 days ending on end_date, kg a week: the Assessment's and the expenditure's rate. */
    weekly_rate_kg: z.number().nullable(),
  })
  .meta({ id: 'WeightTrend' });
export type WeightTrend = z.infer<typeof WeightTrendSchema>;
