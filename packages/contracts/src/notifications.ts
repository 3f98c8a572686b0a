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

// Reminder preferences and device tokens live in reminders.ts.
