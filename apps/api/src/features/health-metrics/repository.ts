/** The only SQL of the health-metrics feature. Every query is scoped by the user id. */
import { and, asc, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { health_sync_status, intake_entries, sleep_entries, user_settings, water_entries, weight_entries, workouts } from '../../db/schema/index.ts';

export type WeightRow = typeof weight_entries.$inferSelect;
export type IntakeRow = typeof intake_entries.$inferSelect;
export type WorkoutRow = typeof workouts.$inferSelect;
export type SleepRow = typeof sleep_entries.$inferSelect;
export type SyncRow = typeof health_sync_status.$inferSelect;
export type WaterRow = typeof water_entries.$inferSelect;

export const tables = { weight: weight_entries, intake: intake_entries, workout: workouts, sleep: sleep_entries } as const;
export type MetricTable = keyof typeof tables;
// The four tables share id, user_id, date, source and source_id; queries that touch only those treat them alike.
type Common = typeof weight_entries;
const common = (type: MetricTable) => tables[type] as unknown as Common;

/** The user's time zone (their day) and units (how sentences to them write weights). */
export async function userZoneAndUnits(db: Db, userId: number): Promise<{ tz: string; units: string }> {
  const [s] = await db.select({ tz: user_settings.timezone, units: user_settings.units }).from(user_settings).where(eq(user_settings.user_id, userId));
  return { tz: s?.tz || 'UTC', units: s?.units ?? 'metric' };
}

/** Inserts, or with a sample id that is already there, updates that row; `created` tells which (xmax = 0 on insert). */
async function upsertSample<R>(db: Db, type: Exclude<MetricTable, 'intake'>, values: Record<string, unknown>): Promise<{ row: R; created: boolean }> {
  const t = common(type);
  const q = db.insert(t).values(values as typeof t.$inferInsert);
  const returning = { ...getAll(type), created: sql<boolean>`(xmax = 0)` };
  const [res] = values.source_id
    ? await q
        .onConflictDoUpdate({ target: [t.user_id, t.source, t.source_id], targetWhere: sql`source_id is not null`, set: { ...values, updated_at: new Date() } })
        .returning(returning)
    : await q.returning(returning);
  const { created, ...row } = res as Record<string, unknown> & { created: boolean };
  return { row: row as R, created };
}
const getAll = (type: MetricTable) => getTableColumns(common(type));

/**
 * One weight a day: the day's row takes the new weigh-in (returned as `replaced` with what it held before), else the
 * row of the same sample id (a re-sync), else a new row. A sample that moved to a day that already has a weight gives
 * its old row up, so the (user, date) key always holds. The user's advisory lock makes parallel saves one at a time.
 */
export async function saveDailyWeight(db: Db, v: typeof weight_entries.$inferInsert): Promise<{ row: WeightRow; created: boolean; replaced: WeightRow | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('weight-day'), ${v.user_id})`);
    const [byDate] = await tx.select().from(weight_entries).where(and(eq(weight_entries.user_id, v.user_id), eq(weight_entries.date, v.date)));
    const [bySample] = v.source_id
      ? await tx.select().from(weight_entries).where(and(eq(weight_entries.user_id, v.user_id), eq(weight_entries.source, v.source ?? 'manual'), eq(weight_entries.source_id, v.source_id)))
      : [];
    if (byDate && bySample && byDate.id !== bySample.id) await tx.delete(weight_entries).where(eq(weight_entries.id, bySample.id));
    const target = byDate ?? bySample;
    if (!target) {
      const [row] = await tx.insert(weight_entries).values(v).returning();
      return { row: row!, created: true, replaced: null };
    }
    const [row] = await tx
      .update(weight_entries)
      .set({ date: v.date, time: v.time ?? null, weight_kg: v.weight_kg, source: v.source ?? 'manual', source_id: v.source_id ?? null, created_at: new Date(), updated_at: new Date() })
      .where(eq(weight_entries.id, target.id))
      .returning();
    // A re-sync of the same sample is an update of that sample, not a replacement of another weigh-in.
    const sameSample = !!v.source_id && target.source === (v.source ?? 'manual') && target.source_id === v.source_id;
    return { row: row!, created: false, replaced: byDate && !sameSample ? byDate : null };
  });
}

/** The weight of another day, if any (for an update that moves a weight onto that day). */
export async function weightOnDay(db: Db, userId: number, date: string, exceptId: number): Promise<WeightRow | undefined> {
  const [row] = await db.select().from(weight_entries).where(and(eq(weight_entries.user_id, userId), eq(weight_entries.date, date), sql`${weight_entries.id} <> ${exceptId}`));
  return row;
}

/**
 * The latest weigh-in on or before `date`, at most `days` days before it, other than the row `exceptId`: the one a new
 * weight is compared with (on the same day, the weigh-in it would replace).
 */
export async function previousWeight(db: Db, userId: number, date: string, days: number, exceptId?: number): Promise<WeightRow | undefined> {
  const [row] = await db
    .select()
    .from(weight_entries)
    .where(
      and(
        eq(weight_entries.user_id, userId),
        sql`${weight_entries.date} <= ${date}::date`,
        sql`${weight_entries.date} >= ${date}::date - ${days}::int`,
        exceptId ? sql`${weight_entries.id} <> ${exceptId}` : undefined,
      ),
    )
    .orderBy(sql`${weight_entries.date} desc`, sql`${weight_entries.id} desc`)
    .limit(1);
  return row;
}

export async function insertWater(db: Db, v: typeof water_entries.$inferInsert): Promise<WaterRow> {
  const [row] = await db.insert(water_entries).values(v).returning();
  return row!;
}
export async function waterOn(db: Db, userId: number, date: string): Promise<WaterRow[]> {
  return db.select().from(water_entries).where(and(eq(water_entries.user_id, userId), eq(water_entries.date, date))).orderBy(asc(water_entries.id));
}
export async function waterDaily(db: Db, userId: number, from: string, to: string): Promise<{ date: string; total_ml: number }[]> {
  return db
    .select({ date: water_entries.date, total_ml: sql<number>`sum(${water_entries.amount_ml})`.mapWith(Number) })
    .from(water_entries)
    .where(and(eq(water_entries.user_id, userId), gte(water_entries.date, from), lte(water_entries.date, to)))
    .groupBy(water_entries.date)
    .orderBy(asc(water_entries.date));
}
export async function removeWater(db: Db, userId: number, id: number): Promise<WaterRow | undefined> {
  const [row] = await db.delete(water_entries).where(and(eq(water_entries.id, id), eq(water_entries.user_id, userId))).returning();
  return row;
}
export async function waterGoal(db: Db, userId: number): Promise<number | null> {
  const [s] = await db.select({ goal: user_settings.daily_water_goal_ml }).from(user_settings).where(eq(user_settings.user_id, userId));
  return s?.goal ?? null;
}
export const upsertWorkout = (db: Db, v: typeof workouts.$inferInsert) => upsertSample<WorkoutRow>(db, 'workout', v);
export const upsertSleep = (db: Db, v: typeof sleep_entries.$inferInsert) => upsertSample<SleepRow>(db, 'sleep', v);

/** One intake row per user, source and day: a second post for the day replaces the first. */
export async function upsertIntake(db: Db, v: typeof intake_entries.$inferInsert): Promise<{ row: IntakeRow; created: boolean }> {
  const [res] = await db
    .insert(intake_entries)
    .values(v)
    .onConflictDoUpdate({ target: [intake_entries.user_id, intake_entries.source, intake_entries.date], set: { ...v, updated_at: new Date() } })
    .returning({ ...getAll('intake'), created: sql<boolean>`(xmax = 0)` });
  const { created, ...row } = res as Record<string, unknown> & { created: boolean };
  return { row: row as IntakeRow, created };
}

export async function list<R>(db: Db, type: MetricTable, userId: number, from: string, to: string): Promise<R[]> {
  const t = common(type);
  return (await db
    .select()
    .from(t)
    .where(and(eq(t.user_id, userId), gte(t.date, from), lte(t.date, to)))
    .orderBy(asc(t.date), asc(t.id))) as R[];
}

export async function get<R>(db: Db, type: MetricTable, userId: number, id: number): Promise<R | undefined> {
  const t = common(type);
  const [row] = await db.select().from(t).where(and(eq(t.id, id), eq(t.user_id, userId)));
  return row as R | undefined;
}

/** The id of the row holding a source's sample, if any. */
export async function findSample(db: Db, type: MetricTable, userId: number, source: string, sourceId: string): Promise<number | undefined> {
  const t = common(type);
  const [row] = await db.select({ id: t.id }).from(t).where(and(eq(t.user_id, userId), eq(t.source, source), eq(t.source_id, sourceId)));
  return row?.id;
}

export async function update<R>(db: Db, type: MetricTable, userId: number, id: number, patch: Record<string, unknown>): Promise<R | undefined> {
  const t = common(type);
  const [row] = await db
    .update(t)
    .set({ ...patch, updated_at: new Date() } as Partial<typeof t.$inferInsert>)
    .where(and(eq(t.id, id), eq(t.user_id, userId)))
    .returning();
  return row as R | undefined;
}

export async function remove(db: Db, type: MetricTable, userId: number, id: number): Promise<boolean> {
  const t = common(type);
  const rows = await db.delete(t).where(and(eq(t.id, id), eq(t.user_id, userId))).returning({ id: t.id });
  return rows.length > 0;
}

/**
 * Saves a source's status, unless it would be a new source past `maxSources` (then undefined). The user's
 * transaction-scoped advisory lock makes the count and the insert one step, so parallel syncs of new sources
 * (on one process or several) cannot pass the cap together.
 */
export async function upsertSync(db: Db, userId: number, source: string, lastSyncedAt: Date, details: Record<string, unknown>, maxSources: number): Promise<SyncRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('health-sync-status'), ${userId})`);
    const [{ others }] = await tx
      .select({ others: sql<number>`count(*)`.mapWith(Number) })
      .from(health_sync_status)
      .where(and(eq(health_sync_status.user_id, userId), sql`${health_sync_status.source} <> ${source}`));
    const [known] = await tx
      .select({ source: health_sync_status.source })
      .from(health_sync_status)
      .where(and(eq(health_sync_status.user_id, userId), eq(health_sync_status.source, source)));
    if (!known && others >= maxSources) return undefined;
    const [row] = await tx
      .insert(health_sync_status)
      .values({ user_id: userId, source, last_synced_at: lastSyncedAt, details })
      .onConflictDoUpdate({ target: [health_sync_status.user_id, health_sync_status.source], set: { last_synced_at: lastSyncedAt, details, updated_at: new Date() } })
      .returning();
    return row!;
  });
}

export async function syncStatuses(db: Db, userId: number): Promise<SyncRow[]> {
  return db.select().from(health_sync_status).where(eq(health_sync_status.user_id, userId)).orderBy(asc(health_sync_status.source));
}
