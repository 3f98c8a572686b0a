import { z } from 'zod';
import { ALLERGY_IDS, DIET_TYPE_IDS } from './constants.ts';
import { CodeSchema, PasswordSchema, UsernameSchema } from './auth.ts';

/**
 * IANA zones the runtime lists, plus 'UTC' (which Intl does not always list), plus Area/Location names
 * Intl accepts but lists under an older alias (Node 20 lists Asia/Calcutta, browsers send Asia/Kolkata).
 * Offsets and abbreviations ("+01:00", "EST") are refused: they ignore daylight saving.
 */
let zones: Set<string> | undefined;
function isTimeZone(tz: string): boolean {
  zones ??= new Set((Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? []);
  if (tz === 'UTC' || zones.has(tz)) return true;
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){1,2}$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
export const TimeZoneSchema = z.string().max(64).refine(isTimeZone, { error: 'Unknown time zone: use an IANA name such as Europe/Berlin' });

/** Whole-number goals with messages a person can read next to the field ("Protein must be …"). */
const whole = (min: number, max: number, what: string, unit: string) => {
  const range = `${what} must be between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')}${unit ? ` ${unit}` : ''}`;
  return z
    .number({ error: `${what} must be a number` })
    .int(unit ? `${what} must be a whole number of ${unit}` : `${what} must be a whole number`)
    .min(min, range)
    .max(max, range)
    .nullable();
};

export const DietTypeIdSchema = z.enum(DIET_TYPE_IDS, { error: `Unknown diet type; use one of ${DIET_TYPE_IDS.join(', ')}` });
export const AllergyIdSchema = z.enum(ALLERGY_IDS, { error: `Unknown allergy; use one of ${ALLERGY_IDS.join(', ')}` });
const uniqueList = <T extends z.ZodType<string>>(item: T) => z.array(item).max(50).transform((xs) => [...new Set(xs)] as z.infer<T>[]);

/** How the web app shows weights; the API is metric on the wire. */
export const UnitsSchema = z.enum(['metric', 'imperial'], { error: 'Units must be metric or imperial' });
/** Sex for the Dietary Reference Intakes (they are tabulated by sex at birth). */
export const SexSchema = z.enum(['female', 'male'], { error: 'Sex must be female or male' });
/** How active a person is through the day; each has a factor in @app/nutrition goals (1.2 … 1.9). */
export const ACTIVITY_LEVELS = ['sedentary', 'light', 'moderate', 'active', 'very_active'] as const;
export const ActivityLevelSchema = z.enum(ACTIVITY_LEVELS, { error: 'Activity must be sedentary, light, moderate, active or very active' });
export type ActivityLevel = z.infer<typeof ActivityLevelSchema>;
/** Share of logged exercise calories added back to the day's calorie budget. */
export const EXERCISE_CALORIES_BACK_PCTS = [0, 50, 100] as const;
export const ExerciseCaloriesBackPctSchema = z.literal(EXERCISE_CALORIES_BACK_PCTS, { error: 'Exercise calories added back must be 0, 50 or 100 %' });

/** Limits of the profile fields (metric, as on the wire); the web checks the same numbers in the user's units. */
export const PROFILE_LIMITS = {
  height_cm: { min: 100, max: 250 },
  goal_weight_kg: { min: 30, max: 300 },
  /** kg a week: negative loses, 0 maintains, positive gains. */
  weekly_rate_kg: { min: -1, max: 0.5 },
} as const;

/** A measured number with a plain range message ("Height must be between 100 and 250 cm"). */
const measured = (min: number, max: number, what: string, unit: string) => {
  const range = `${what} must be between ${min.toLocaleString('en-US')} and ${max.toLocaleString('en-US')} ${unit}`;
  return z.number({ error: `${what} must be a number` }).min(min, range).max(max, range).nullable();
};

/** Spec §3 User settings. Goals null = not set. */
export const UserSettingsSchema = z
  .object({
    diet_types: z.array(z.string()),
    allergies: z.array(z.string()),
    timezone: z.string(),
    daily_calorie_goal: z.number().nullable(),
    daily_protein_goal: z.number().nullable(),
    daily_carbs_goal: z.number().nullable(),
    daily_fat_goal: z.number().nullable(),
    daily_fiber_goal: z.number().nullable(),
    /** Water a day in ml; null = not set. Always sent; optional in the type only for older clients' fixtures. */
    daily_water_goal_ml: z.number().nullable().optional(),
    units: UnitsSchema,
    birth_year: z.number().nullable(),
    sex: SexSchema.nullable(),
    /** The profile the onboarding and the goal helper ask for; null = not given. Metric. */
    height_cm: z.number().nullable(),
    goal_weight_kg: z.number().nullable(),
    /** The chosen pace in kg a week: negative loses, 0 maintains, positive gains; null = not chosen. */
    weekly_rate_kg: z.number().nullable(),
    activity_level: ActivityLevelSchema.nullable(),
    /** True once the user finished or skipped the first-run onboarding. */
    onboarded: z.boolean(),
    /** Share of logged exercise calories added back to the day's calorie budget: 0, 50 or 100. */
    exercise_calories_back_pct: ExerciseCaloriesBackPctSchema,
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** POST and PUT take any subset of the fields; POST fills the rest with defaults when it creates. */
export const UserSettingsUpdateSchema = z.object({
  diet_types: uniqueList(DietTypeIdSchema).optional(),
  allergies: uniqueList(AllergyIdSchema).optional(),
  timezone: TimeZoneSchema.optional(),
  daily_calorie_goal: whole(800, 10_000, 'The calorie goal', 'kcal').optional(),
  daily_protein_goal: whole(0, 1000, 'Protein', 'g').optional(),
  daily_carbs_goal: whole(0, 1000, 'Carbs', 'g').optional(),
  daily_fat_goal: whole(0, 1000, 'Fat', 'g').optional(),
  daily_fiber_goal: whole(0, 1000, 'Fiber', 'g').optional(),
  daily_water_goal_ml: whole(250, 10_000, 'The water goal', 'ml').optional(),
  units: UnitsSchema.optional(),
  birth_year: whole(1900, new Date().getFullYear(), 'Birth year', '').optional(),
  sex: SexSchema.nullable().optional(),
  height_cm: measured(PROFILE_LIMITS.height_cm.min, PROFILE_LIMITS.height_cm.max, 'Height', 'cm').optional(),
  goal_weight_kg: measured(PROFILE_LIMITS.goal_weight_kg.min, PROFILE_LIMITS.goal_weight_kg.max, 'The goal weight', 'kg').optional(),
  weekly_rate_kg: z
    .number({ error: 'The weekly pace must be a number' })
    .min(PROFILE_LIMITS.weekly_rate_kg.min, 'Losing more than 1 kg a week is not a safe pace')
    .max(PROFILE_LIMITS.weekly_rate_kg.max, 'Gaining more than 0.5 kg a week is not a useful pace')
    .nullable()
    .optional(),
  activity_level: ActivityLevelSchema.nullable().optional(),
  /** true marks the onboarding finished (or skipped) now; false offers it again. */
  onboarded: z.boolean({ error: 'Onboarded must be true or false' }).optional(),
  exercise_calories_back_pct: ExerciseCaloriesBackPctSchema.optional(),
});

/** kcal per gram of each macro (Atwater factors); fiber is bounded per 1,000 kcal instead. */
const KCAL_PER_GRAM = { daily_protein_goal: 4, daily_carbs_goal: 4, daily_fat_goal: 9 } as const;
/** More fiber than this per 1,000 kcal is not a diet anyone can eat (guidelines ask for about 14 g). */
const MAX_FIBER_PER_1000_KCAL = 50;
const NAMES = { daily_protein_goal: 'Protein', daily_carbs_goal: 'Carbs', daily_fat_goal: 'Fat' } as const;

export type GoalKey = 'daily_calorie_goal' | 'daily_protein_goal' | 'daily_carbs_goal' | 'daily_fat_goal' | 'daily_fiber_goal';
export interface GoalIssue {
  field: GoalKey;
  msg: string;
}

/**
 * Goals that cannot go together with the calorie goal (issue 10 item 8): a macro whose calories alone
 * exceed the calorie goal (900 g protein = 3,600 kcal at a 2,000 kcal goal), or protein, carbs and fat
 * adding up to far more than the goal. Used by the API on the merged settings and by the form before it sends.
 */
export function goalPlausibilityIssues(goals: Partial<Record<GoalKey, number | null>>): GoalIssue[] {
  const kcal = goals.daily_calorie_goal;
  if (kcal === null || kcal === undefined || kcal <= 0) return [];
  const issues: GoalIssue[] = [];
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  for (const field of ['daily_protein_goal', 'daily_carbs_goal', 'daily_fat_goal'] as const) {
    const g = goals[field];
    if (g === null || g === undefined) continue;
    const max = Math.floor(kcal / KCAL_PER_GRAM[field]);
    if (g > max) {
      issues.push({ field, msg: `${NAMES[field]} of ${fmt(g)} g alone is ${fmt(g * KCAL_PER_GRAM[field])} kcal, more than your ${fmt(kcal)} kcal calorie goal. Use at most ${fmt(max)} g.` });
    }
  }
  const fiber = goals.daily_fiber_goal;
  if (fiber !== null && fiber !== undefined) {
    const max = Math.floor((kcal / 1000) * MAX_FIBER_PER_1000_KCAL);
    if (fiber > max) issues.push({ field: 'daily_fiber_goal', msg: `${fmt(fiber)} g of fiber is more than a ${fmt(kcal)} kcal day can hold. Use at most ${fmt(max)} g.` });
  }
  if (issues.length === 0) {
    const p = goals.daily_protein_goal ?? 0;
    const c = goals.daily_carbs_goal ?? 0;
    const f = goals.daily_fat_goal ?? 0;
    const sum = p * 4 + c * 4 + f * 9;
    // 15 % of slack: goal helpers and labels round, and fiber's calories are counted with carbs.
    if (sum > kcal * 1.15) {
      issues.push({ field: 'daily_calorie_goal', msg: `Protein, carbs and fat add up to ${fmt(sum)} kcal, well above your ${fmt(kcal)} kcal calorie goal. Lower a macro or raise the calorie goal.` });
    }
  }
  return issues;
}
export type UserSettingsUpdate = z.infer<typeof UserSettingsUpdateSchema>;

export const OptionSchema = z.object({ id: z.string(), label: z.string() });
export const OptionListSchema = z.array(OptionSchema);

export const UsernameParamsSchema = z.object({ username: UsernameSchema });
export const UsernameAvailabilitySchema = z.object({ available: z.boolean() });

export const ChangePasswordBodySchema = z.object({ current_password: z.string().min(1).max(128), new_password: PasswordSchema });
/**
 * A first password (an account made by Google or Apple sign-in has none) needs a fresh proof besides the token, so a
 * stolen token alone cannot take the account over: a sign-in within SET_PASSWORD_RECENT_SIGN_IN_S (the token's `iat`),
 * or the 6-digit `code` from POST /settings/set-password/code. Without either: 403 REAUTHENTICATION_REQUIRED.
 */
export const SetPasswordBodySchema = z.object({ new_password: PasswordSchema, code: CodeSchema.optional() });
export const SET_PASSWORD_RECENT_SIGN_IN_S = 10 * 60;
/** The error type of a 403 that asks for a fresh proof (a recent sign-in or an e-mailed code). */
export const REAUTHENTICATION_REQUIRED = 'reauthentication_required';

/** Profile fields a user edits; username null clears it. */
export const UpdateProfileBodySchema = z.object({ username: UsernameSchema.nullable().optional() });
/**
 * Deleting the account confirms with the password; an account without a password (social sign-in only)
 * confirms by typing its e-mail address instead.
 */
export const DeleteProfileBodySchema = z
  .object({ password: z.string().min(1).max(128).optional(), email: z.string().max(254).optional() })
  .refine((b) => b.password !== undefined || b.email !== undefined, { error: 'Enter your password to delete the account' });
export const PurchaseUuidSchema = z.object({ purchase_uuid: z.uuid() });
