import { z } from 'zod';
import { LocalDateSchema } from './common.ts';

/** Metric on the wire (kg, km, minutes); the web app converts for display per the `units` setting. */
const num = (what: string, min: number, max: number, unit = '') =>
  z
    .number({ error: `${what} must be a number` })
    .min(min, `${what} must be between ${min} and ${max}${unit}`)
    .max(max, `${what} must be between ${min} and ${max}${unit}`);

export const HEALTH_METRIC_TYPES = ['weight', 'intake', 'workout', 'sleep'] as const;
export const HealthMetricTypeSchema = z.enum(HEALTH_METRIC_TYPES, { error: `metric type must be one of ${HEALTH_METRIC_TYPES.join(', ')}` });
export type HealthMetricType = z.infer<typeof HealthMetricTypeSchema>;

/** Where a sample came from and its id there; a re-sync with the same pair updates the entry. */
const origin = {
  source: z.string().trim().min(1).max(40).regex(/^\s*[A-Za-z0-9_.-]+\s*$/, 'source must be letters, digits, _ . or -').default('manual'),
  source_id: z.string().trim().min(1).max(200).optional(),
};
const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM (24-hour)');

/** Said next to the field, so in the user's words ("Weight must be …"), never the wire name. */
const weightKg = () => num('Weight', 20, 500, ' kg');
/**
 * `confirm: true` stores a weight that jumps more than WEIGHT_JUMP (3 kg, or 3 % of body weight when that is more) from
 * the nearest earlier weigh-in within 14 days; without it such a weight is a 409 `weight_jump_unconfirmed`.
 */
const confirm = z.boolean({ error: 'confirm must be true or false' }).optional();
export const WeightCreateSchema = z.object({ weight_kg: weightKg(), date: LocalDateSchema.optional(), time: TimeSchema.optional(), confirm, ...origin });
export const WeightUpdateSchema = z.object({ weight_kg: weightKg().optional(), date: LocalDateSchema.optional(), time: TimeSchema.nullable().optional(), confirm });
export const WeightEntrySchema = z.object({ id: z.number(), date: z.string(), time: z.string().nullable(), weight_kg: z.number(), source: z.string(), source_id: z.string().nullable(), created_at: z.string() }).meta({ id: 'WeightEntry' });
export type WeightEntry = z.infer<typeof WeightEntrySchema>;
/** The weigh-in a new one of the same day replaced (one weight per day). */
export const ReplacedWeightSchema = z.object({ weight_kg: z.number(), time: z.string().nullable(), created_at: z.string() });
export type ReplacedWeight = z.infer<typeof ReplacedWeightSchema>;
/** POST /health-metrics/weight's answer: the entry, and `replaced` when it took the place of that day's earlier weigh-in. */
export const WeightSavedSchema = WeightEntrySchema.extend({ replaced: ReplacedWeightSchema.nullable().optional() }).meta({ id: 'WeightSaved' });
export type WeightSaved = z.infer<typeof WeightSavedSchema>;
export const WEIGHT_JUMP_UNCONFIRMED = 'weight_jump_unconfirmed';
/** `detail.errors` of a 409 weight_jump_unconfirmed: what the new weight was compared with. */
export const WeightJumpSchema = z.object({ previous: z.object({ date: z.string(), weight_kg: z.number() }), weight_kg: z.number(), difference_kg: z.number() });
export type WeightJump = z.infer<typeof WeightJumpSchema>;

/** Water in ml on the wire; a glass is WATER_GLASS_ML. */
export const WaterCreateSchema = z.object({
  amount_ml: z.number({ error: 'Amount must be a number of ml' }).int('Amount must be a whole number of ml').min(1, 'Amount must be between 1 and 5,000 ml').max(5_000, 'Amount must be between 1 and 5,000 ml'),
  date: LocalDateSchema.optional(),
  time: TimeSchema.optional(),
  source: origin.source,
});
export const WaterEntrySchema = z.object({ id: z.number(), date: z.string(), time: z.string().nullable(), amount_ml: z.number(), source: z.string(), created_at: z.string() }).meta({ id: 'WaterEntry' });
export type WaterEntry = z.infer<typeof WaterEntrySchema>;
/** One day's water: its entries (oldest first), their total and the goal (null = not set). */
export const WaterDaySchema = z.object({ date: z.string(), entries: z.array(WaterEntrySchema), total_ml: z.number(), goal_ml: z.number().nullable() }).meta({ id: 'WaterDay' });
export type WaterDay = z.infer<typeof WaterDaySchema>;
export const WaterDayQuerySchema = z.object({ date: LocalDateSchema.optional() });
/** Daily totals over a range (days without water are left out). */
export const WaterDailySchema = z.object({ days: z.array(z.object({ date: z.string(), total_ml: z.number() })), goal_ml: z.number().nullable() }).meta({ id: 'WaterDaily' });
export type WaterDaily = z.infer<typeof WaterDailySchema>;
export const WaterParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const intakeFields = {
  calories: num('calories', 0, 20_000),
  protein: num('protein', 0, 2_000).default(0),
  carbs: num('carbs', 0, 2_000).default(0),
  fat: num('fat', 0, 2_000).default(0),
};
export const IntakeCreateSchema = z.object({ date: LocalDateSchema, ...intakeFields, source: origin.source });
export const IntakeUpdateSchema = z.object({ calories: intakeFields.calories.optional(), protein: num('protein', 0, 2_000).optional(), carbs: num('carbs', 0, 2_000).optional(), fat: num('fat', 0, 2_000).optional() });
export const IntakeEntrySchema = z.object({ id: z.number(), date: z.string(), calories: z.number(), protein: z.number(), carbs: z.number(), fat: z.number(), source: z.string(), created_at: z.string() }).meta({ id: 'IntakeEntry' });
export type IntakeEntry = z.infer<typeof IntakeEntrySchema>;

const workoutFields = {
  type: z.string().trim().min(1, 'type is required').max(64),
  duration_min: num('duration_min', 1, 1_440, ' minutes'),
  calories_burned: num('calories_burned', 0, 10_000).nullable().optional(),
  distance_km: num('distance_km', 0, 1_000, ' km').nullable().optional(),
};
export const WorkoutCreateSchema = z.object({ date: LocalDateSchema, ...workoutFields, ...origin });
export const WorkoutUpdateSchema = z.object({ date: LocalDateSchema.optional(), type: workoutFields.type.optional(), duration_min: workoutFields.duration_min.optional(), calories_burned: workoutFields.calories_burned, distance_km: workoutFields.distance_km });
export const WorkoutEntrySchema = z.object({ id: z.number(), date: z.string(), type: z.string(), duration_min: z.number(), calories_burned: z.number().nullable(), distance_km: z.number().nullable(), source: z.string(), source_id: z.string().nullable(), created_at: z.string() }).meta({ id: 'WorkoutEntry' });
export type WorkoutEntry = z.infer<typeof WorkoutEntrySchema>;

const quality = z.number().int('quality must be a whole number').min(1, 'quality must be between 1 and 5').max(5, 'quality must be between 1 and 5');
/** `date` is the night's wake-up date; start and end are instants with an offset. */
export const SleepCreateSchema = z.object({ date: LocalDateSchema, start: z.iso.datetime({ offset: true, error: 'start must be an ISO date-time' }), end: z.iso.datetime({ offset: true, error: 'end must be an ISO date-time' }), quality: quality.nullable().optional(), ...origin });
export const SleepUpdateSchema = z.object({ date: LocalDateSchema.optional(), start: z.iso.datetime({ offset: true }).optional(), end: z.iso.datetime({ offset: true }).optional(), quality: quality.nullable().optional() });
export const SleepEntrySchema = z.object({ id: z.number(), date: z.string(), start: z.string(), end: z.string(), duration_hours: z.number(), quality: z.number().nullable(), source: z.string(), source_id: z.string().nullable(), created_at: z.string() }).meta({ id: 'SleepEntry' });
export type SleepEntry = z.infer<typeof SleepEntrySchema>;

/** Caps of POST /health-metrics/sync-status (a probe stored 900 KB × any number of sources: 27 MB in 5 s). */
export const SYNC_LIMITS = {
  /** Sources (healthkit, health_connect, …) one user may keep a status for. */
  sourcesPerUser: 20,
  /** `details` as JSON, in UTF-8 bytes. */
  detailsBytes: 16_384,
  /** Keys of `details` or of any object inside it, and each key's length. */
  keys: 50,
  keyLength: 64,
  /** A text inside `details`. */
  textLength: 1_000,
  /** An array inside `details`. */
  arrayItems: 100,
  /** Objects and arrays nested inside `details` (details: { a: { b: [1] } } is 3). */
  depth: 3,
  /** Writes by one user per hour (429 with Retry-After past it). */
  writesPerHour: 120,
} as const;

/** The first rule of SYNC_LIMITS a details value breaks, with where, or null. */
function detailsIssue(value: unknown, path: (string | number)[], depth: number): { msg: string; path: (string | number)[] } | null {
  const L = SYNC_LIMITS;
  if (typeof value === 'string') return value.length > L.textLength ? { msg: `A text in details may be at most ${L.textLength} characters`, path } : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > L.depth) return { msg: `details may be nested at most ${L.depth} levels deep`, path };
  if (Array.isArray(value)) {
    if (value.length > L.arrayItems) return { msg: `A list in details may hold at most ${L.arrayItems} items`, path };
    for (let i = 0; i < value.length; i++) {
      const issue = detailsIssue(value[i], [...path, i], depth + 1);
      if (issue) return issue;
    }
    return null;
  }
  const keys = Object.keys(value);
  if (keys.length > L.keys) return { msg: `An object in details may have at most ${L.keys} keys`, path };
  for (const k of keys) {
    if (k.length > L.keyLength) return { msg: `A key in details may be at most ${L.keyLength} characters`, path: [...path, k.slice(0, L.keyLength)] };
    const issue = detailsIssue((value as Record<string, unknown>)[k], [...path, k], depth + 1);
    if (issue) return issue;
  }
  return null;
}

/**
 * Free-form notes of a sync (counts, the range synced), bounded: at most SYNC_LIMITS.detailsBytes of JSON, texts,
 * lists, keys and nesting within their caps. Each refusal is a 422 that names the cap it broke.
 */
export const SyncDetailsSchema = z.record(z.string(), z.unknown()).superRefine((details, ctx) => {
  const bytes = new TextEncoder().encode(JSON.stringify(details)).length;
  if (bytes > SYNC_LIMITS.detailsBytes) {
    ctx.addIssue({ code: 'custom', message: `details may hold at most ${SYNC_LIMITS.detailsBytes} bytes (16 KB) of JSON; this one has ${bytes}` });
    return;
  }
  const issue = detailsIssue(details, [], 0);
  if (issue) ctx.addIssue({ code: 'custom', message: issue.msg, path: issue.path });
});

export const SyncStatusBodySchema = z.object({
  source: origin.source,
  last_synced_at: z.iso.datetime({ offset: true, error: 'last_synced_at must be an ISO date-time' }),
  details: SyncDetailsSchema.optional(),
});
export const SyncStatusSchema = z.object({ source: z.string(), last_synced_at: z.string(), details: z.record(z.string(), z.unknown()) }).meta({ id: 'HealthSyncStatus' });
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

export const DateRangeQuerySchema = z.object({ start_date: LocalDateSchema.optional(), end_date: LocalDateSchema.optional() });
export const HealthMetricsQuerySchema = DateRangeQuerySchema.extend({
  metric_type: HealthMetricTypeSchema.optional(),
  /** Comma-joined, e.g. "weight,sleep". */
  metric_types: z
    .string()
    .max(100)
    .transform((s, ctx) => {
      const list = s.split(',').map((x) => x.trim()).filter(Boolean);
      for (const x of list) if (!(HEALTH_METRIC_TYPES as readonly string[]).includes(x)) ctx.addIssue({ code: 'custom', message: `Unknown metric type ${x}; use ${HEALTH_METRIC_TYPES.join(', ')}` });
      return list as HealthMetricType[];
    })
    .optional(),
});

/** One row of the combined list: `value` in `unit` (kg, kcal, min, h), the full entry in `entry`. */
export const HealthMetricSchema = z.object({
  id: z.number(),
  metric_type: HealthMetricTypeSchema,
  date: z.string(),
  value: z.number(),
  unit: z.string(),
  source: z.string(),
  entry: z.union([WeightEntrySchema, IntakeEntrySchema, WorkoutEntrySchema, SleepEntrySchema]),
});
export const HealthMetricListSchema = z.object({ metrics: z.array(HealthMetricSchema), count: z.number() });
export type HealthMetricList = z.infer<typeof HealthMetricListSchema>;
export const HealthMetricParamsSchema = z.object({ type: HealthMetricTypeSchema, id: z.coerce.number().int().positive().max(2_147_483_647) });
