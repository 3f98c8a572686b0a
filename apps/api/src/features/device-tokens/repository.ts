import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { device_tokens } from '../../db/schema/index.ts';

export type DeviceTokenRow = typeof device_tokens.$inferSelect;
type NewToken = Pick<typeof device_tokens.$inferInsert, 'token' | 'device_type' | 'web_push_keys'>;

/** Insert, or move an existing token to this user (a token belongs to one account at a time). */
export async function upsertToken(db: Db, userId: number, t: NewToken): Promise<DeviceTokenRow> {
  const [row] = await db
    .insert(device_tokens)
    .values({ ...t, user_id: userId })
    .onConflictDoUpdate({ target: device_tokens.token, set: { ...t, user_id: userId, updated_at: new Date() } })
    .returning();
  return row!;
}

export function listTokens(db: Db, userId: number) {
  return db.select().from(device_tokens).where(eq(device_tokens.user_id, userId)).orderBy(asc(device_tokens.id));
}

export async function findToken(db: Db, id: number): Promise<DeviceTokenRow | undefined> {
  const [row] = await db.select().from(device_tokens).where(eq(device_tokens.id, id)).limit(1);
  return row;
}

export async function deleteToken(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.delete(device_tokens).where(and(eq(device_tokens.id, id), eq(device_tokens.user_id, userId))).returning({ id: device_tokens.id });
  return rows.length > 0;
}

/** Removes a token the push service said is gone, unless it was registered again meanwhile. */
export async function deleteStaleToken(db: Db, id: number, token: string) {
  await db.delete(device_tokens).where(and(eq(device_tokens.id, id), eq(device_tokens.token, token)));
}

/** Keeps the user's newest `keep` tokens (old browsers and phones pile up otherwise). */
export async function trimTokens(db: Db, userId: number, keep: number) {
  const newest = await db
    .select({ id: device_tokens.id })
    .from(device_tokens)
    .where(eq(device_tokens.user_id, userId))
    .orderBy(asc(device_tokens.updated_at))
    .then((rows) => rows.slice(-keep).map((r) => r.id));
  if (newest.length) await db.delete(device_tokens).where(and(eq(device_tokens.user_id, userId), notInArray(device_tokens.id, newest)));
}
