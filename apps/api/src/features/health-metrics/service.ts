/** Rules of health metrics: local dates, plausible values, idempotent syncs, one list across metric types. */
import { TZDate } from '@date-fns/tz';
import { addDays, differenceInCalendarDays, format, parseISO, subDays } from 'date-fns';
import type { z } from 'zod';
import { SYNC_LIMITS, WEIGHT_JUMP_UNCONFIRMED } from '@app/contracts';
import type {
  HealthMetricList,
  HealthMetricType,
  IntakeCreateSchema,
  IntakeEntry,
  IntakeUpdateSchema,
  SleepCreateSchema,
  SleepEntry,
  SleepUpdateSchema,
  SyncStatus,
  SyncStatusBodySchema,
  WaterCreateSchema,
  WaterDaily,
  WaterDay,
  WaterEntry,
  WeightCreateSchema,
  WeightEntry,
  WeightJump,
  WeightSaved,
  WeightUpdateSchema,
  WorkoutCreateSchema,
  WorkoutEntry,
  WorkoutUpdateSchema,
} from '@app/contracts';
import { onDay, roundTo, weightText } from '@app/nutrition/numbers';
import { isWeightJump, WEIGHT_JUMP } from '@app/nutrition/weight-jump';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound, unprocessable } from '../../lib/http-error.ts';
import * as repo from './repository.ts';

type In<T extends z.ZodType> = z.infer<T>;
export type Saved<T> = { entry: T; created: boolean };

const MAX_SLEEP_HOURS = 24;

/** The user's today in their settings zone, and their units. */
async function userDay(db: Db, userId: number, now = new Date()): Promise<{ today: string; units: string }> {
  const { tz, units } = await repo.userZoneAndUnits(db, userId);
  return { today: format(new TZDate(now, tz), 'yyyy-MM-dd'), units };
}

export async function localToday(db: Db, userId: number, now = new Date()): Promise<string> {
  return (await userDay(db, userId, now)).today;
}

/** A date may be at most one day past the user's today (a device in another zone), and not before 1900. */
function checkDate(date: string, today: string, loc: string[] = ['body', 'date']) {
  if (date > format(addDays(parseISO(today), 1), 'yyyy-MM-dd')) throw unprocessable(`date ${date} is in the future`, loc);
  if (date < '1900-01-01') throw unprocessable('date must be 1900-01-01 or later', loc);
}

/** A weight may not be on a day after the user's today (a typed weight; a synced sample keeps a day's allowance for a device in another zone). */
function checkWeightDate(date: string, today: string, source: string) {
  if (source === 'manual' && date > today) throw unprocessable('A weight cannot be logged for a day in the future', ['body', 'date']);
  checkDate(date, today);
}

/**
 * A weight far from the nearest earlier weigh-in within WEIGHT_JUMP.days (the same day's included) is probably a typo: 409
 * weight_jump_unconfirmed with what it was compared with, unless the request confirmed it.
 */
async function checkWeightJump(db: Db, userId: number, date: string, kg: number, confirmed: boolean | undefined, exceptId?: number) {
  if (confirmed) return;
  const prev = await repo.previousWeight(db, userId, date, WEIGHT_JUMP.days, exceptId);
  if (!prev || !isWeightJump(prev.weight_kg, kg)) return;
  const { today, units } = await userDay(db, userId);
  const diff = kg - prev.weight_kg;
  const errors: WeightJump = { previous: { date: prev.date, weight_kg: prev.weight_kg }, weight_kg: kg, difference_kg: roundTo(diff, 2) };
  throw new HttpError(
    409,
    `${weightText(kg, units)} is ${weightText(Math.abs(diff), units)} ${diff > 0 ? 'more' : 'less'} than the ${weightText(prev.weight_kg, units)} you logged ${onDay(prev.date, today)}. Check the number, or save it again to confirm.`,
    WEIGHT_JUMP_UNCONFIRMED,
    errors,
  );
}

const iso = (d: Date) => d.toISOString();
export const toWeight = (r: repo.WeightRow): WeightEntry => ({ id: r.id, date: r.date, time: r.time, weight_kg: r.weight_kg, source: r.source, source_id: r.source_id, created_at: iso(r.created_at) });
export const toIntake = (r: repo.IntakeRow): IntakeEntry => ({ id: r.id, date: r.date, calories: r.calories, protein: r.protein, carbs: r.carbs, fat: r.fat, source: r.source, created_at: iso(r.created_at) });
export const toWorkout = (r: repo.WorkoutRow): WorkoutEntry => ({ id: r.id, date: r.date, type: r.type, duration_min: r.duration_min, calories_burned: r.calories_burned, distance_km: r.distance_km, source: r.source, source_id: r.source_id, created_at: iso(r.created_at) });
export const toSleep = (r: repo.SleepRow): SleepEntry => ({
  id: r.id,
  date: r.date,
  start: iso(r.start),
  end: iso(r.end),
  duration_hours: Math.round(((r.end.getTime() - r.start.getTime()) / 3_600_000) * 100) / 100,
  quality: r.quality,
  source: r.source,
  source_id: r.source_id,
  created_at: iso(r.created_at),
});

export async function saveWeight(db: Db, userId: number, b: In<typeof WeightCreateSchema>): Promise<Saved<WeightSaved>> {
  const today = await localToday(db, userId);
  const date = b.date ?? today;
  checkWeightDate(date, today, b.source);
  // A re-synced sample updates its own row, so it is not compared with itself.
  const own = b.source_id ? await repo.findSample(db, 'weight', userId, b.source, b.source_id) : undefined;
  await checkWeightJump(db, userId, date, b.weight_kg, b.confirm, own);
  const { row, created, replaced } = await repo.saveDailyWeight(db, { user_id: userId, date, time: b.time ?? null, weight_kg: b.weight_kg, source: b.source, source_id: b.source_id ?? null });
  return { entry: { ...toWeight(row), replaced: replaced ? { weight_kg: replaced.weight_kg, time: replaced.time, created_at: iso(replaced.created_at) } : null }, created };
}

export async function saveIntake(db: Db, userId: number, b: In<typeof IntakeCreateSchema>): Promise<Saved<IntakeEntry>> {
  checkDate(b.date, await localToday(db, userId));
  const { row, created } = await repo.upsertIntake(db, { user_id: userId, ...b });
  return { entry: toIntake(row), created };
}

export async function saveWorkout(db: Db, userId: number, b: In<typeof WorkoutCreateSchema>): Promise<Saved<WorkoutEntry>> {
  checkDate(b.date, await localToday(db, userId));
  const { row, created } = await repo.upsertWorkout(db, { user_id: userId, ...b, calories_burned: b.calories_burned ?? null, distance_km: b.distance_km ?? null, source_id: b.source_id ?? null });
  return { entry: toWorkout(row), created };
}

/**
 * A night: end after start, at most 24 hours, and filed under its wake-up day. The end's local day is within a day
 * of its UTC day in every zone, so a `date` further from it is another night (a night of Nov 28 was filed under
 * Jan 1 and showed up in the wrong ranges).
 */
function checkSleep(start: Date, end: Date, date: string) {
  if (end <= start) throw unprocessable('end must be after start', ['body', 'end']);
  if (end.getTime() - start.getTime() > MAX_SLEEP_HOURS * 3_600_000) throw unprocessable(`A sleep lasts at most ${MAX_SLEEP_HOURS} hours`, ['body', 'end']);
  const wake = end.toISOString().slice(0, 10);
  if (Math.abs(differenceInCalendarDays(parseISO(date), parseISO(wake))) > 1) throw unprocessable(`date must be the day this sleep ended (${wake})`, ['body', 'date']);
}

export async function saveSleep(db: Db, userId: number, b: In<typeof SleepCreateSchema>): Promise<Saved<SleepEntry>> {
  checkDate(b.date, await localToday(db, userId));
  const start = new Date(b.start);
  const end = new Date(b.end);
  checkSleep(start, end, b.date);
  const { row, created } = await repo.upsertSleep(db, { user_id: userId, date: b.date, start, end, quality: b.quality ?? null, source: b.source, source_id: b.source_id ?? null });
  return { entry: toSleep(row), created };
}

const toSync = (r: repo.SyncRow): SyncStatus => ({ source: r.source, last_synced_at: iso(r.last_synced_at), details: r.details });
/** A source's status; a user keeps at most SYNC_LIMITS.sourcesPerUser sources (the details' caps are the schema's). */
export async function saveSync(db: Db, userId: number, b: In<typeof SyncStatusBodySchema>): Promise<SyncStatus> {
  const max = SYNC_LIMITS.sourcesPerUser;
  const row = await repo.upsertSync(db, userId, b.source, new Date(b.last_synced_at), b.details ?? {}, max);
  if (!row) throw unprocessable(`You can keep a sync status for at most ${max} sources; ${b.source} would be one more`, ['body', 'source'], 'too_many_sources');
  return toSync(row);
}
export async function syncStatuses(db: Db, userId: number): Promise<SyncStatus[]> {
  return (await repo.syncStatuses(db, userId)).map(toSync);
}

/** A range defaults to the 90 days ending today; it may span at most ten years. */
export async function range(db: Db, userId: number, q: { start_date?: string; end_date?: string }): Promise<{ from: string; to: string }> {
  const to = q.end_date ?? (await localToday(db, userId));
  const from = q.start_date ?? format(subDays(parseISO(to), 89), 'yyyy-MM-dd');
  if (from > to) throw unprocessable('start_date must not be after end_date', ['query', 'start_date']);
  if (differenceInCalendarDays(parseISO(to), parseISO(from)) > 3660) throw unprocessable('The range may span at most ten years', ['query', 'start_date']);
  return { from, to };
}

export async function listWorkouts(db: Db, userId: number, q: { start_date?: string; end_date?: string }) {
  const { from, to } = await range(db, userId, q);
  return (await repo.list<repo.WorkoutRow>(db, 'workout', userId, from, to)).map(toWorkout);
}
export async function listSleep(db: Db, userId: number, q: { start_date?: string; end_date?: string }) {
  const { from, to } = await range(db, userId, q);
  return (await repo.list<repo.SleepRow>(db, 'sleep', userId, from, to)).map(toSleep);
}
export async function listWeights(db: Db, userId: number, q: { start_date?: string; end_date?: string }) {
  const { from, to } = await range(db, userId, q);
  return (await repo.list<repo.WeightRow>(db, 'weight', userId, from, to)).map(toWeight);
}

type Item = HealthMetricList['metrics'][number];
/** Every metric type asked for (all when none), in one list sorted by date. */
export async function listMetrics(db: Db, userId: number, q: { metric_type?: HealthMetricType; metric_types?: HealthMetricType[]; start_date?: string; end_date?: string }): Promise<HealthMetricList> {
  const { from, to } = await range(db, userId, q);
  const types = new Set<HealthMetricType>([...(q.metric_type ? [q.metric_type] : []), ...(q.metric_types ?? [])]);
  const wanted = types.size ? [...types] : (['weight', 'intake', 'workout', 'sleep'] as const);
  const items: Item[] = [];
  for (const type of wanted) {
    const rows = await repo.list<Record<string, unknown>>(db, type, userId, from, to);
    for (const r of rows) items.push(toItem(type, r));
  }
  items.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
  return { metrics: items, count: items.length };
}

function toItem(type: HealthMetricType, r: Record<string, unknown>): Item {
  switch (type) {
    case 'weight': {
      const e = toWeight(r as repo.WeightRow);
      return { id: e.id, metric_type: type, date: e.date, value: e.weight_kg, unit: 'kg', source: e.source, entry: e };
    }
    case 'intake': {
      const e = toIntake(r as repo.IntakeRow);
      return { id: e.id, metric_type: type, date: e.date, value: e.calories, unit: 'kcal', source: e.source, entry: e };
    }
    case 'workout': {
      const e = toWorkout(r as repo.WorkoutRow);
      return { id: e.id, metric_type: type, date: e.date, value: e.duration_min, unit: 'min', source: e.source, entry: e };
    }
    case 'sleep': {
      const e = toSleep(r as repo.SleepRow);
      return { id: e.id, metric_type: type, date: e.date, value: e.duration_hours, unit: 'h', source: e.source, entry: e };
    }
  }
}

type UpdateBody = In<typeof WeightUpdateSchema> | In<typeof IntakeUpdateSchema> | In<typeof WorkoutUpdateSchema> | In<typeof SleepUpdateSchema>;
export async function updateMetric(db: Db, userId: number, type: HealthMetricType, id: number, body: UpdateBody) {
  const row = await repo.get<Record<string, unknown>>(db, type, userId, id);
  if (!row) throw notFound('Health metric not found');
  const patch: Record<string, unknown> = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  if (typeof patch.date === 'string') checkDate(patch.date, await localToday(db, userId));
  if (type === 'weight') {
    const w = row as repo.WeightRow;
    const date = (patch.date as string | undefined) ?? w.date;
    const kg = (patch.weight_kg as number | undefined) ?? w.weight_kg;
    const confirmed = patch.confirm as boolean | undefined;
    delete patch.confirm;
    if (typeof patch.date === 'string') checkWeightDate(date, await localToday(db, userId), w.source);
    if (kg !== w.weight_kg || date !== w.date) await checkWeightJump(db, userId, date, kg, confirmed, w.id);
    // One weight a day: moved onto a day that has one, this weigh-in replaces it.
    if (date !== w.date) {
      const other = await repo.weightOnDay(db, userId, date, w.id);
      if (other) await repo.remove(db, 'weight', userId, other.id);
    }
  }
  if (type === 'sleep') {
    const s = row as repo.SleepRow;
    const start = patch.start ? new Date(patch.start as string) : s.start;
    const end = patch.end ? new Date(patch.end as string) : s.end;
    checkSleep(start, end, (patch.date as string | undefined) ?? s.date);
    Object.assign(patch, { start, end });
  }
  const updated = await repo.update<Record<string, unknown>>(db, type, userId, id, patch);
  if (!updated) throw notFound('Health metric not found');
  return toItem(type, updated).entry;
}

export async function deleteMetric(db: Db, userId: number, type: HealthMetricType, id: number) {
  if (!(await repo.remove(db, type, userId, id))) throw notFound('Health metric not found');
}

export const toWater = (r: repo.WaterRow): WaterEntry => ({ id: r.id, date: r.date, time: r.time, amount_ml: r.amount_ml, source: r.source, created_at: iso(r.created_at) });

/** An add of water on a day (today by default; never a future day). */
export async function saveWater(db: Db, userId: number, b: In<typeof WaterCreateSchema>): Promise<WaterEntry> {
  const today = await localToday(db, userId);
  const date = b.date ?? today;
  if (date > today) throw unprocessable('Water cannot be logged for a day in the future', ['body', 'date']);
  checkDate(date, today);
  return toWater(await repo.insertWater(db, { user_id: userId, date, time: b.time ?? null, amount_ml: b.amount_ml, source: b.source }));
}

/** A day's water (today by default): its entries, their total and the goal. */
export async function waterDay(db: Db, userId: number, q: { date?: string }): Promise<WaterDay> {
  const date = q.date ?? (await localToday(db, userId));
  const entries = (await repo.waterOn(db, userId, date)).map(toWater);
  return { date, entries, total_ml: entries.reduce((s, e) => s + e.amount_ml, 0), goal_ml: await repo.waterGoal(db, userId) };
}

/** Daily totals over a range (the 90 days to today by default). */
export async function waterDaily(db: Db, userId: number, q: { start_date?: string; end_date?: string }): Promise<WaterDaily> {
  const { from, to } = await range(db, userId, q);
  return { days: await repo.waterDaily(db, userId, from, to), goal_ml: await repo.waterGoal(db, userId) };
}

export async function deleteWater(db: Db, userId: number, id: number) {
  if (!(await repo.removeWater(db, userId, id))) throw notFound('Water entry not found');
}
