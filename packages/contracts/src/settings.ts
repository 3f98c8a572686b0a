import { z } from 'zod';
import { ALLERGY_IDS, DIET_TYPE_IDS } from './constants.ts';
import { PasswordSchema, UsernameSchema } from './auth.ts';

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

const whole = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be between ${min} and ${max}`)
    .max(max, `${what} must be between ${min} and ${max}`)
    .nullable();

export const DietTypeIdSchema = z.enum(DIET_TYPE_IDS, { error: `Unknown diet type; use one of ${DIET_TYPE_IDS.join(', ')}` });
export const AllergyIdSchema = z.enum(ALLERGY_IDS, { error: `Unknown allergy; use one of ${ALLERGY_IDS.join(', ')}` });
const uniqueList = <T extends z.ZodType<string>>(item: T) => z.array(item).max(50).transform((xs) => [...new Set(xs)] as z.infer<T>[]);

/** How the web app shows weights; the API is metric on the wire. */
export const UnitsSchema = z.enum(['metric', 'imperial'], { error: 'units must be metric or imperial' });
/** Sex for the Dietary Reference Intakes (they are tabulated by sex at birth). */
export const SexSchema = z.enum(['female', 'male'], { error: 'sex must be female or male' });

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
    units: UnitsSchema,
    birth_year: z.number().nullable(),
    sex: SexSchema.nullable(),
  })
  .meta({ id: 'UserSettings' });
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** POST and PUT take any subset of the fields; POST fills the rest with defaults when it creates. */
export const UserSettingsUpdateSchema = z.object({
  diet_types: uniqueList(DietTypeIdSchema).optional(),
  allergies: uniqueList(AllergyIdSchema).optional(),
  timezone: TimeZoneSchema.optional(),
  daily_calorie_goal: whole(800, 10_000, 'daily_calorie_goal').optional(),
  daily_protein_goal: whole(0, 1000, 'daily_protein_goal').optional(),
  daily_carbs_goal: whole(0, 1000, 'daily_carbs_goal').optional(),
  daily_fat_goal: whole(0, 1000, 'daily_fat_goal').optional(),
  daily_fiber_goal: whole(0, 1000, 'daily_fiber_goal').optional(),
  units: UnitsSchema.optional(),
  birth_year: whole(1900, new Date().getFullYear(), 'birth_year').optional(),
  sex: SexSchema.nullable().optional(),
});
export type UserSettingsUpdate = z.infer<typeof UserSettingsUpdateSchema>;

export const OptionSchema = z.object({ id: z.string(), label: z.string() });
export const OptionListSchema = z.array(OptionSchema);

export const UsernameParamsSchema = z.object({ username: UsernameSchema });
export const UsernameAvailabilitySchema = z.object({ available: z.boolean() });

export const ChangePasswordBodySchema = z.object({ current_password: z.string().min(1).max(128), new_password: PasswordSchema });
export const SetPasswordBodySchema = z.object({ new_password: PasswordSchema });

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
