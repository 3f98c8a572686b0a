import type { Db } from '../../db/client.ts';
import type { Notification, NotificationPreferences, NotificationPreferencesUpdate } from '@app/contracts';
import { notFound } from '../../lib/http-error.ts';
import * as repo from './repository.ts';

export interface NewNotification {
  title: string;
  message?: string;
  /** meal_reminder, logging_reminder, plus, pro, or anything else (rendered the default way). */
  notification_type?: string;
  data?: Record<string, unknown>;
}

/** For other features (reminders, plan completion …): adds a notification to the user's center. */
export async function createNotification(db: Db, userId: number, n: NewNotification): Promise<Notification> {
  return toNotification(
    await repo.insertNotification(db, {
      user_id: userId,
      title: n.title,
      message: n.message ?? '',
      notification_type: n.notification_type ?? 'general',
      data: n.data ?? {},
    }),
  );
}

function toNotification(r: repo.NotificationRow): Notification {
  return { id: r.id, read: r.read, title: r.title, message: r.message, notification_type: r.notification_type, data: r.data, created_at: r.created_at.toISOString() };
}

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  meal_reminders_enabled: true,
  meal_reminder_times: { breakfast: '08:00', lunch: '12:30', dinner: '18:30', snack: '15:30' },
  logging_reminders_enabled: true,
  quiet_hours_start: '22:00',
  quiet_hours_end: '07:00',
  push_enabled: false,
};

function toPreferences(r: repo.PreferencesRow | undefined): NotificationPreferences {
  if (!r) return structuredClone(DEFAULT_PREFERENCES);
  return {
    meal_reminders_enabled: r.meal_reminders_enabled,
    meal_reminder_times: { ...DEFAULT_PREFERENCES.meal_reminder_times, ...r.meal_reminder_times },
    logging_reminders_enabled: r.logging_reminders_enabled,
    quiet_hours_start: r.quiet_hours_start,
    quiet_hours_end: r.quiet_hours_end,
    push_enabled: r.push_enabled,
  };
}

export function notificationsService(db: Db) {
  return {
    async list(userId: number, skip: number, limit: number) {
      const { rows, total, unread } = await repo.listNotifications(db, userId, skip, limit);
      return { notifications: rows.map(toNotification), unread_count: unread, total };
    },
    async markRead(userId: number, id: number) {
      const row = await repo.markRead(db, userId, id);
      if (!row) throw notFound('Notification not found');
      return toNotification(row);
    },
    async markAllRead(userId: number) {
      const n = await repo.markAllRead(db, userId);
      return { message: `${n} notification${n === 1 ? '' : 's'} marked as read` };
    },
    async remove(userId: number, id: number) {
      if (!(await repo.deleteNotification(db, userId, id))) throw notFound('Notification not found');
      return { message: 'Notification deleted' };
    },
    async preferences(userId: number) {
      return toPreferences(await repo.findPreferences(db, userId));
    },
    /** Partial update; meal times merge per meal so changing lunch keeps the others. */
    async updatePreferences(userId: number, patch: NotificationPreferencesUpdate) {
      const current = toPreferences(await repo.findPreferences(db, userId));
      const next: NotificationPreferences = {
        ...current,
        ...patch,
        meal_reminder_times: { ...current.meal_reminder_times, ...patch.meal_reminder_times },
      };
      return toPreferences(await repo.savePreferences(db, userId, next));
    },
  };
}
