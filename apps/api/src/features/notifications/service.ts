import type { Db } from '../../db/client.ts';
import type { Notification } from '@app/contracts';
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
  };
}
