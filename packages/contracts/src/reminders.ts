import { z } from 'zod';

/** A local wall-clock time in the user's settings time zone. */
export const LocalTimeSchema = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Use a 24-hour time as HH:MM');

export const REMINDER_MEALS = ['breakfast', 'lunch', 'snack', 'dinner'] as const;
import { MAX_LOGGING_REMINDER_TIMES } from './constants.ts';
export { MAX_LOGGING_REMINDER_TIMES };

/** Meal reminder time per meal; null = no reminder before that meal. */
export const MealReminderTimesSchema = z.object({
  breakfast: LocalTimeSchema.nullable(),
  lunch: LocalTimeSchema.nullable(),
  snack: LocalTimeSchema.nullable(),
  dinner: LocalTimeSchema.nullable(),
});
export type MealReminderTimes = z.infer<typeof MealReminderTimesSchema>;

const LoggingTimesSchema = z
  .array(LocalTimeSchema)
  .max(MAX_LOGGING_REMINDER_TIMES, `At most ${MAX_LOGGING_REMINDER_TIMES} logging reminder times`)
  .refine((t) => new Set(t).size === t.length, 'Each time only once');

export const QuietHoursSchema = z
  .object({ start: LocalTimeSchema, end: LocalTimeSchema })
  .refine((q) => q.start !== q.end, 'Quiet hours need a different start and end');

export const ReminderChannelsSchema = z.object({ in_app: z.boolean(), push: z.boolean() });

/**
 * GET/PUT /notifications/preferences (spec §7: "fields not shown", so designed here).
 * Times are in the user's settings time zone. A logging time reminds about the latest meal due by
 * then (by the meal reminder times, or the usual ones) when it is not logged yet that day.
 */
export const NotificationPreferencesSchema = z
  .object({
    logging_reminder: z.object({ enabled: z.boolean(), times: LoggingTimesSchema }),
    meal_reminder: z.object({ enabled: z.boolean(), times: MealReminderTimesSchema }),
    /** No reminder is sent whose time falls inside quiet hours (they may span midnight); null = none. */
    quiet_hours: QuietHoursSchema.nullable(),
    channels: ReminderChannelsSchema,
    /** Read only: which push services this server can deliver to (off until keys are configured). */
    push_available: z.object({ ios: z.boolean(), android: z.boolean(), web: z.boolean() }),
    /** Read only: the settings time zone the times are read in. */
    timezone: z.string(),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** Partial update; meal times merge per meal. Read-only fields are ignored. */
/** Strict: a client still sending an older shape (`push_enabled`) hears 422 instead of a silent no-op. */
export const NotificationPreferencesUpdateSchema = z.strictObject({
  logging_reminder: z.strictObject({ enabled: z.boolean().optional(), times: LoggingTimesSchema.optional() }).optional(),
  meal_reminder: z.strictObject({ enabled: z.boolean().optional(), times: MealReminderTimesSchema.partial().optional() }).optional(),
  quiet_hours: QuietHoursSchema.nullable().optional(),
  channels: ReminderChannelsSchema.partial().optional(),
  // Read-only fields of the GET answer: accepted (and ignored) so a GET → edit → PUT round trip works.
  push_available: z.unknown().optional(),
  timezone: z.unknown().optional(),
});
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdateSchema>;

export const VapidPublicKeySchema = z.object({ public_key: z.string() });

export const DEVICE_TYPES = ['ios', 'android', 'web'] as const;

/** A Web Push subscription as the browser's PushSubscription.toJSON() gives it. */
export const WebPushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type WebPushSubscription = z.infer<typeof WebPushSubscriptionSchema>;

/**
 * POST /device-tokens. ios/android: the native push token (APNs: hex). web: the PushSubscription,
 * as an object or as its JSON text. Registering a token another account holds moves it here.
 */
export const DeviceTokenCreateSchema = z.object({
  token: z.union([z.string().min(1).max(4096), WebPushSubscriptionSchema]),
  device_type: z.enum(DEVICE_TYPES),
});
export type DeviceTokenCreate = z.infer<typeof DeviceTokenCreateSchema>;

/** For web tokens `token` is the subscription's endpoint (the keys are never echoed back). */
export const DeviceTokenSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    token: z.string(),
    device_type: z.enum(DEVICE_TYPES),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'DeviceToken' });
export type DeviceToken = z.infer<typeof DeviceTokenSchema>;
export const DeviceTokenListSchema = z.array(DeviceTokenSchema);
