import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { login_throttle, mail_throttle, user_settings, users } from '../../db/schema/index.ts';
import type { UserSettingsUpdate } from '@app/contracts';

export type SettingsRow = typeof user_settings.$inferSelect;

export async function findSettings(db: Db, userId: number): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(user_settings).where(eq(user_settings.user_id, userId)).limit(1);
  return row;
}

/** Inserts or updates only the given fields; `created` tells the two apart (xmax = 0 on a fresh insert). */
export async function upsertSettings(db: Db, userId: number, patch: UserSettingsUpdate): Promise<{ row: SettingsRow; created: boolean }> {
  const [row] = await db
    .insert(user_settings)
    .values({ ...patch, user_id: userId })
    .onConflictDoUpdate({ target: user_settings.user_id, set: { ...patch, updated_at: new Date() } })
    .returning({ ...getColumns(), created: sql<boolean>`(xmax = 0)` });
  const { created, ...rest } = row;
  return { row: rest as SettingsRow, created };
}

function getColumns() {
  const { user_id, diet_types, allergies, timezone, daily_calorie_goal, daily_protein_goal, daily_carbs_goal, daily_fat_goal, daily_fiber_goal, units, birth_year, sex, created_at, updated_at } = user_settings;
  return { user_id, diet_types, allergies, timezone, daily_calorie_goal, daily_protein_goal, daily_carbs_goal, daily_fat_goal, daily_fiber_goal, units, birth_year, sex, created_at, updated_at };
}

export async function usernameOwner(db: Db, username: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1);
  return row?.id;
}

export async function setUsername(db: Db, userId: number, username: string | null) {
  const [u] = await db.update(users).set({ username, updated_at: new Date() }).where(eq(users.id, userId)).returning();
  return u;
}

/**
 * Deletes the account in one transaction: every user-owned table references users with on delete cascade;
 * the throttle rows are keyed by address, not by id, so they go explicitly.
 */
export async function deleteAccount(db: Db, userId: number, email: string) {
  await db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, userId));
    await tx.delete(login_throttle).where(eq(login_throttle.key, `account:${email}`));
    // Keys are `<purpose>:<address>`: compare the address part exactly (LIKE would read `_` and `%` in an
    // address as wildcards and clear other people's throttles).
    await tx.delete(mail_throttle).where(sql`substr(${mail_throttle.key}, strpos(${mail_throttle.key}, ':') + 1) = ${email.toLowerCase()}`);
  });
}
