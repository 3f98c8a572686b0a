import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { daily_counters, login_throttle, mail_throttle, registration_codes, social_identities, users, verification_codes } from '../../db/schema/index.ts';
import type { CodePurpose } from './codes.ts';

export type UserRow = typeof users.$inferSelect;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

// ---- users

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return u;
}

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(sql`lower(${users.username}) = ${username.toLowerCase()}`).limit(1);
  return u;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
  // A concurrent registration of the same address loses quietly; the caller treats it as "exists".
  const [u] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return u;
}

export async function updateUser(db: Executor, id: number, patch: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [u] = await db.update(users).set({ ...patch, updated_at: new Date() }).where(eq(users.id, id)).returning();
  return u;
}

/** Changes the password and revokes every earlier token in one statement. */
export async function setPassword(db: Executor, id: number, passwordHash: string): Promise<UserRow> {
  const [u] = await db
    .update(users)
    .set({ password_hash: passwordHash, token_version: sql`${users.token_version} + 1`, updated_at: new Date() })
    .where(eq(users.id, id))
    .returning();
  return u;
}

/** Revokes every token issued so far (logout). */
export async function bumpTokenVersion(db: Executor, id: number) {
  await db.update(users).set({ token_version: sql`${users.token_version} + 1`, updated_at: new Date() }).where(eq(users.id, id));
}

// ---- daily caps

/** Adds one to the key's count for the UTC day of `now` and answers the new count (one atomic upsert). */
export async function countDaily(db: Executor, key: string, now: Date): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  const [row] = await db
    .insert(daily_counters)
    .values({ key, day, count: 1 })
    .onConflictDoUpdate({ target: [daily_counters.key, daily_counters.day], set: { count: sql`${daily_counters.count} + 1` } })
    .returning({ count: daily_counters.count });
  return row.count;
}

// ---- one-time codes

export async function upsertCode(db: Executor, userId: number, purpose: CodePurpose, codeHash: string, expiresAt: Date) {
  // One live code per user and purpose: a new one replaces (voids) the old.
  await db
    .insert(verification_codes)
    .values({ user_id: userId, purpose, code_hash: codeHash, expires_at: expiresAt })
    .onConflictDoUpdate({
      target: [verification_codes.user_id, verification_codes.purpose],
      set: { code_hash: codeHash, expires_at: expiresAt, attempts: 0, created_at: new Date() },
    });
}

export async function lockCode(tx: Tx, userId: number, purpose: CodePurpose) {
  const [c] = await tx
    .select()
    .from(verification_codes)
    .where(and(eq(verification_codes.user_id, userId), eq(verification_codes.purpose, purpose)))
    .for('update');
  return c;
}

export async function countWrongTry(tx: Tx, id: number): Promise<number> {
  const [c] = await tx
    .update(verification_codes)
    .set({ attempts: sql`${verification_codes.attempts} + 1` })
    .where(eq(verification_codes.id, id))
    .returning({ attempts: verification_codes.attempts });
  return c?.attempts ?? 0;
}

export async function deleteCode(db: Executor, id: number) {
  await db.delete(verification_codes).where(eq(verification_codes.id, id));
}

// ---- mail throttle

/**
 * Takes the address's mail slot if the last mail is at least `intervalMs` old (atomic upsert).
 * Answers null when taken, else the milliseconds to wait.
 */
export async function claimMailSlot(db: Executor, key: string, now: Date, intervalMs: number): Promise<number | null> {
  const cutoff = new Date(now.getTime() - intervalMs);
  const claimed = await db
    .insert(mail_throttle)
    .values({ key, last_sent_at: now })
    .onConflictDoUpdate({ target: mail_throttle.key, set: { last_sent_at: now }, setWhere: lt(mail_throttle.last_sent_at, cutoff) })
    .returning({ key: mail_throttle.key });
  if (claimed.length) return null;
  const [row] = await db.select().from(mail_throttle).where(eq(mail_throttle.key, key));
  return row ? Math.max(1000, row.last_sent_at.getTime() + intervalMs - now.getTime()) : intervalMs;
}

// ---- login throttle

export async function throttleRows(db: Executor, keys: string[]) {
  return db.select().from(login_throttle).where(or(...keys.map((k) => eq(login_throttle.key, k))));
}

/** Counts a failure in the key's one-hour window (a stale window restarts at 1). */
export async function countFailure(db: Executor, key: string, now: Date) {
  const hourAgo = new Date(now.getTime() - 3600_000);
  const stale = sql`${login_throttle.window_start} < ${hourAgo.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(login_throttle)
    .values({ key, failures: 1, window_start: now, updated_at: now })
    .onConflictDoUpdate({
      target: login_throttle.key,
      set: {
        failures: sql`case when ${stale} then 1 else ${login_throttle.failures} + 1 end`,
        window_start: sql`case when ${stale} then ${now.toISOString()}::timestamptz else ${login_throttle.window_start} end`,
        updated_at: now,
      },
    })
    .returning();
  return row;
}

/** Takes back a failure counted ahead of a check that did not fail (or did not happen). */
export async function refundFailure(db: Executor, key: string) {
  await db.update(login_throttle).set({ failures: sql`greatest(${login_throttle.failures} - 1, 0)` }).where(eq(login_throttle.key, key));
}

/**
 * Sets the key's block unless one is in force (one statement, so of two parallel callers only one gets it).
 * True when this caller set it.
 */
export async function claimBlock(db: Executor, key: string, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .insert(login_throttle)
    .values({ key, failures: 0, window_start: now, blocked_until: until, updated_at: now })
    .onConflictDoUpdate({
      target: login_throttle.key,
      set: { blocked_until: until, updated_at: now },
      setWhere: sql`${login_throttle.blocked_until} is null or ${login_throttle.blocked_until} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ key: login_throttle.key });
  return rows.length > 0;
}

export async function blockUntil(db: Executor, key: string, until: Date) {
  await db.update(login_throttle).set({ blocked_until: until }).where(eq(login_throttle.key, key));
}

/** Notes (or renews) that a name signed in from an address: a `known:` row, kept KNOWN_DAYS by the maintenance. */
export async function markKnown(db: Executor, key: string, now: Date) {
  await db
    .insert(login_throttle)
    .values({ key, failures: 0, window_start: now, updated_at: now })
    .onConflictDoUpdate({ target: login_throttle.key, set: { updated_at: now } });
}

export async function clearThrottle(db: Executor, key: string) {
  await db.delete(login_throttle).where(eq(login_throttle.key, key));
}

// ---- social identities

export async function findIdentity(db: Executor, provider: string, subject: string) {
  const [i] = await db
    .select()
    .from(social_identities)
    .where(and(eq(social_identities.provider, provider), eq(social_identities.subject, subject)))
    .limit(1);
  return i;
}

export async function listIdentities(db: Executor, userId: number) {
  return db.select().from(social_identities).where(eq(social_identities.user_id, userId)).orderBy(social_identities.id);
}

export async function insertIdentity(db: Executor, values: typeof social_identities.$inferInsert) {
  const [i] = await db.insert(social_identities).values(values).onConflictDoNothing().returning();
  return i;
}

export async function deleteIdentity(db: Executor, userId: number, provider: string) {
  const rows = await db
    .delete(social_identities)
    .where(and(eq(social_identities.user_id, userId), eq(social_identities.provider, provider)))
    .returning({ id: social_identities.id });
  return rows.length > 0;
}

// ---- registration codes

const usableCode = (code: string, now: Date) =>
  and(
    eq(registration_codes.code, code),
    lt(registration_codes.uses, registration_codes.max_uses),
    or(isNull(registration_codes.expires_at), gt(registration_codes.expires_at, now)),
  );

/** Whether a registration code exists, has uses left and has not expired, without using it. */
export async function registrationCodeUsable(db: Executor, code: string, now: Date): Promise<boolean> {
  const rows = await db.select({ id: registration_codes.id }).from(registration_codes).where(usableCode(code, now)).limit(1);
  return rows.length > 0;
}

/** Uses one registration code if it exists, has uses left and has not expired. */
export async function consumeRegistrationCode(db: Executor, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(registration_codes)
    .set({ uses: sql`${registration_codes.uses} + 1` })
    .where(usableCode(code, now))
    .returning({ id: registration_codes.id });
  return rows.length > 0;
}
