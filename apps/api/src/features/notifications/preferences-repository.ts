import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notification_preferences, user_settings } from '../../db/schema/index.ts';

export type PreferencesRow = typeof notification_preferences.$inferSelect;
export type PreferencesValues = Omit<typeof notification_preferences.$inferInsert, 'user_id' | 'updated_at'>;

export async function findPreferences(db: Db, userId: number): Promise<PreferencesRow | undefined> {
  const [row] = await db.select().from(notification_preferences).where(eq(notification_preferences.user_id, userId)).limit(1);
  return row;
}

export async function savePreferences(db: Db, userId: number, values: PreferencesValues): Promise<PreferencesRow> {
  const [row] = await db
    .insert(notification_preferences)
    .values({ ...values, user_id: userId })
    .onConflictDoUpdate({ target: notification_preferences.user_id, set: { ...values, updated_at: new Date() } })
    .returning();
  return row!;
}

export async function settingsTimezone(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ timezone: user_settings.timezone }).from(user_settings).where(eq(user_settings.user_id, userId)).limit(1);
  return row?.timezone ?? 'UTC';
}
