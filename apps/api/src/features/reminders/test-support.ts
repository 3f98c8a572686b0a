/** Shared by this feature's tests: reminder rows as the scheduler left them. */
import { and, eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/helpers.ts';
import { notifications, notification_preferences } from '../../db/schema/index.ts';
import { storedPreferences } from '../notifications/preferences.ts';

export async function remindersOf(t: TestApp, userId: number, kind?: string, localDate?: string) {
  const rows = await t.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.user_id, userId), kind ? eq(notifications.notification_type, kind) : undefined, localDate ? sql`${notifications.data}->>'local_date' = ${localDate}` : undefined));
  return rows;
}

/** Saves preferences the way PUT /notifications/preferences does, without an HTTP round trip per user. */
export async function setReminderPrefs(t: TestApp, userId: number, p: { logging?: string[]; meals?: Record<string, string | null>; quiet?: { start: string; end: string } | null; in_app?: boolean; push?: boolean }) {
  const base = storedPreferences(undefined);
  const values = {
    user_id: userId,
    logging_reminders_enabled: !!p.logging,
    logging_reminder_times: p.logging ?? base.logging_reminder.times,
    meal_reminders_enabled: !!p.meals,
    meal_reminder_times: { ...base.meal_reminder.times, ...p.meals },
    quiet_hours_start: p.quiet === undefined ? '22:00' : (p.quiet?.start ?? null),
    quiet_hours_end: p.quiet === undefined ? '07:00' : (p.quiet?.end ?? null),
    in_app_enabled: p.in_app ?? true,
    push_enabled: p.push ?? false,
  };
  await t.app.db.insert(notification_preferences).values(values).onConflictDoUpdate({ target: notification_preferences.user_id, set: values });
}
