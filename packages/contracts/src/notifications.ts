import { z } from 'zod';
import { NOTIFICATION_API_DEFAULT_LIMIT, NOTIFICATION_API_DEFAULT_SKIP } from './constants.ts';

/** Spec §3 Notification. `data` varies by type (options, location_context, restaurant, distance …). */
export const NotificationSchema = z
  .object({
    id: z.number().int(),
    read: z.boolean(),
    title: z.string(),
    message: z.string(),
    notification_type: z.string(),
    data: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

/** `total` lets the panel show "n / total" without another call. */
export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread_count: z.number().int(),
  total: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const NotificationListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(NOTIFICATION_API_DEFAULT_SKIP),
  limit: z.coerce.number().int().min(1).max(500).default(NOTIFICATION_API_DEFAULT_LIMIT),
});

export const LocalTimeSchema = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Use a 24-hour time as HH:MM');
export const MealReminderTimesSchema = z.object({
  breakfast: LocalTimeSchema,
  lunch: LocalTimeSchema,
  dinner: LocalTimeSchema,
  snack: LocalTimeSchema,
});

export const NotificationPreferencesSchema = z
  .object({
    meal_reminders_enabled: z.boolean(),
    meal_reminder_times: MealReminderTimesSchema,
    logging_reminders_enabled: z.boolean(),
    /** Quiet hours in the user's time zone; both null = none. */
    quiet_hours_start: LocalTimeSchema.nullable(),
    quiet_hours_end: LocalTimeSchema.nullable(),
    push_enabled: z.boolean(),
  })
  .meta({ id: 'NotificationPreferences' });
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const NotificationPreferencesUpdateSchema = z.object({
  meal_reminders_enabled: z.boolean().optional(),
  meal_reminder_times: MealReminderTimesSchema.partial().optional(),
  logging_reminders_enabled: z.boolean().optional(),
  quiet_hours_start: LocalTimeSchema.nullable().optional(),
  quiet_hours_end: LocalTimeSchema.nullable().optional(),
  push_enabled: z.boolean().optional(),
});
export type NotificationPreferencesUpdate = z.infer<typeof NotificationPreferencesUpdateSchema>;
