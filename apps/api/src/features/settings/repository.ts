import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { daily_counters, foods, login_throttle, mail_throttle, user_settings, users } from '../../db/schema/index.ts';

export type SettingsRow = typeof user_settings.$inferSelect;
/** The columns a save writes: the wire's update with `onboarded` turned into its timestamp. */
export type SettingsPatch = Partial<Omit<typeof user_settings.$inferInsert, 'user_id' | 'created_at' | 'updated_at'>>;

export async function findSettings(db: Db, userId: number): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(user_settings).where(eq(user_settings.user_id, userId)).limit(1);
  return row;
}

/** Inserts or updates only the given fields; `created` tells the two apart (xmax = 0 on a fresh insert). */
export async function upsertSettings(db: Db, userId: number, patch: SettingsPatch): Promise<{ row: SettingsRow; created: boolean }> {
  const [row] = await db
    .insert(user_settings)
    .values({ ...patch, user_id: userId })
    .onConflictDoUpdate({ target: user_settings.user_id, set: { ...patch, updated_at: new Date() } })
    .returning({ ...getColumns(), created: sql<boolean>`(xmax = 0)` });
  const { created, ...rest } = row;
  return { row: rest as SettingsRow, created };
}

function getColumns() {
  return getTableColumns(user_settings);
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
 * Deletes the account in one transaction: every table with a `user_id` references users with on delete cascade.
 * The rest goes explicitly: the custom foods it made (`foods.created_by` is set null, which left them behind), and
 * the rows keyed by its e-mail, username or id rather than by a foreign key (sign-in throttles, mail slots, daily
 * code counters). Audit rows stay, their ids set null (the privacy policy says so; maintenance removes them after
 * 30 days). Another user's log entry made from one of the foods keeps its copy of name and nutrients
 * (`food_logs.food_id` is set null); custom foods are private, so no one else's favorite or recipe points at them.
 */
export async function deleteAccount(db: Db, userId: number, email: string, username: string | null) {
  await db.transaction(async (tx) => {
    await tx.delete(foods).where(and(eq(foods.source, 'custom'), eq(foods.created_by, userId)));
    await tx.delete(users).where(eq(users.id, userId));
    // Sign-in throttle keys by name (features/auth/throttle.ts): account:<name>, account-hour:<name>,
    // account-ip:<name>|<net>, known:<name>|<net>; names are trimmed and lower-cased there. starts_with, not LIKE:
    // `_` and `%` in a name would be wildcards and clear other people's rows.
    for (const name of new Set([email, username].filter((n): n is string => !!n).map((n) => n.trim().toLowerCase()))) {
      await tx
        .delete(login_throttle)
        .where(
          or(
            eq(login_throttle.key, `account:${name}`),
            eq(login_throttle.key, `account-hour:${name}`),
            sql`starts_with(${login_throttle.key}, ${`account-ip:${name}|`})`,
            sql`starts_with(${login_throttle.key}, ${`known:${name}|`})`,
          ),
        );
    }
    // Keys are `<purpose>:<address>`: compare the address part exactly (LIKE would read `_` and `%` in an
    // address as wildcards and clear other people's throttles).
    await tx.delete(mail_throttle).where(sql`substr(${mail_throttle.key}, strpos(${mail_throttle.key}, ':') + 1) = ${email.toLowerCase()}`);
    // Daily caps by account (features/auth/service.ts): codes:user:<id>, codes:user:<id>:ip:<net>, register_notice:user:<id>.
    await tx
      .delete(daily_counters)
      .where(
        or(
          eq(daily_counters.key, `codes:user:${userId}`),
          sql`starts_with(${daily_counters.key}, ${`codes:user:${userId}:`})`,
          eq(daily_counters.key, `register_notice:user:${userId}`),
        ),
      );
  });
}
