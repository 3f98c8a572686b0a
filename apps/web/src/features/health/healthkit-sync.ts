/**
 * Apple Health → our health metrics (spec §2 /healthkit-test, issue 11): reads the last days of weights,
 * workouts and sleep through the Capacitor health plugin (@capgo/capacitor-health, HealthKit on iOS) and
 * sends each sample to the POST routes with `source: 'healthkit'` and the sample's own id, so a re-sync
 * updates instead of duplicating (the API upserts by source + source_id). Finally it records the sync in
 * `POST /health-metrics/sync-status`. Samples our API would refuse (a weight outside 20–500 kg, a workout
 * under a minute) are counted as skipped, not sent.
 */
import type { HealthPlugin, HealthSample, Workout } from '@capgo/capacitor-health';

export const HEALTHKIT_SOURCE = 'healthkit';

/** The part of the plugin the sync uses (the real plugin, or a fake in tests: HealthKit exists only on iOS). */
export type HealthSource = Pick<HealthPlugin, 'isAvailable' | 'requestAuthorization' | 'readSamples' | 'queryWorkouts'>;
/** Sends one JSON body to an API path; throws with the server's message on a refusal. */
export type Post = (path: string, body: unknown) => Promise<void>;

export interface SyncReport {
  weights: number;
  workouts: number;
  sleep: number;
  skipped: number;
  failed: { what: string; message: string }[];
}

const ASLEEP = new Set(['asleep', 'rem', 'deep', 'light']);
/** Two asleep samples further apart than this belong to different nights. */
const NIGHT_GAP_MS = 90 * 60_000;

function localParts(iso: string, timeZone: string): { date: string; time: string } {
  const d = new Date(iso);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
  return { date, time };
}

const sampleId = (s: { platformId?: string; sourceId?: string; startDate: string }, kind: string) => s.platformId ?? `${kind}:${s.sourceId ?? 'unknown'}:${s.startDate}`;

/**
 * Weight samples → POST /health-metrics/weight bodies (kilograms; HealthKit answers in the unit asked). `confirm`: a
 * scale's reading is not a typo, so a jump of more than 3 kg from the day before is stored rather than asked about
 * (the API's 409 weight_jump_unconfirmed is for weights typed by hand, issue 42 §8).
 */
export function weightBodies(samples: HealthSample[], timeZone: string) {
  return samples.map((s) => {
    const kg = s.unit === 'kilogram' ? s.value : NaN;
    const { date, time } = localParts(s.startDate, timeZone);
    return { ok: Number.isFinite(kg) && kg >= 20 && kg <= 500, body: { weight_kg: Math.round(kg * 10) / 10, date, time, source: HEALTHKIT_SOURCE, source_id: sampleId(s, 'weight'), confirm: true } };
  });
}

/** Workouts → POST /health-metrics/workout bodies (duration in minutes, distance in km). */
export function workoutBodies(workouts: Workout[], timeZone: string) {
  return workouts.map((w) => {
    const minutes = Math.round(w.duration / 60);
    return {
      ok: minutes >= 1 && minutes <= 1_440,
      body: {
        date: localParts(w.startDate, timeZone).date,
        type: w.workoutType,
        duration_min: minutes,
        calories_burned: w.totalEnergyBurned != null ? Math.round(w.totalEnergyBurned) : null,
        distance_km: w.totalDistance != null ? Math.round(w.totalDistance / 10) / 100 : null,
        source: HEALTHKIT_SOURCE,
        source_id: w.platformId ?? `workout:${w.sourceId ?? 'unknown'}:${w.startDate}`,
      },
    };
  });
}

/**
 * Sleep samples (HealthKit keeps one per stage) → one night each: asleep stages joined while the gaps are
 * shorter than 90 minutes, dated by the local day the sleeper woke up. Awake and in-bed samples are not sleep.
 */
export function sleepBodies(samples: HealthSample[], timeZone: string) {
  const asleep = samples
    .filter((s) => ASLEEP.has(s.sleepState ?? 'asleep'))
    .map((s) => ({ start: Date.parse(s.startDate), end: Date.parse(s.endDate) }))
    .filter((s) => Number.isFinite(s.start) && s.end > s.start)
    .sort((a, b) => a.start - b.start);
  const nights: { start: number; end: number }[] = [];
  for (const s of asleep) {
    const last = nights.at(-1);
    if (last && s.start - last.end <= NIGHT_GAP_MS) last.end = Math.max(last.end, s.end);
    else nights.push({ ...s });
  }
  return nights.map((n) => {
    const start = new Date(n.start).toISOString();
    const end = new Date(n.end).toISOString();
    return { ok: n.end - n.start <= 24 * 3_600_000, body: { date: localParts(end, timeZone).date, start, end, source: HEALTHKIT_SOURCE, source_id: `sleep:${start}` } };
  });
}

/** Asks for read access, reads `days` back from `now` and sends everything; never throws for one bad sample. */
export async function syncHealthKit(health: HealthSource, post: Post, opts: { timeZone: string; days?: number; now?: Date }): Promise<SyncReport> {
  const available = await health.isAvailable();
  if (!available.available) throw new Error(available.reason || 'Apple Health is not available on this device.');
  await health.requestAuthorization({ read: ['weight', 'workouts', 'sleep'] });
  const now = opts.now ?? new Date();
  const startDate = new Date(now.getTime() - (opts.days ?? 30) * 86_400_000).toISOString();
  const endDate = now.toISOString();

  const [weights, workouts, sleep] = await Promise.all([
    health.readSamples({ dataType: 'weight', startDate, endDate, limit: 1_000 }),
    health.queryWorkouts({ startDate, endDate, limit: 500 }),
    health.readSamples({ dataType: 'sleep', startDate, endDate, limit: 5_000 }),
  ]);

  const report: SyncReport = { weights: 0, workouts: 0, sleep: 0, skipped: 0, failed: [] };
  const send = async (kind: 'weights' | 'workouts' | 'sleep', path: string, items: { ok: boolean; body: { date: string } }[]) => {
    for (const item of items) {
      if (!item.ok) {
        report.skipped++;
        continue;
      }
      try {
        await post(path, item.body);
        report[kind]++;
      } catch (err) {
        report.failed.push({ what: `${kind} of ${item.body.date}`, message: err instanceof Error ? err.message : String(err) });
      }
    }
  };
  await send('weights', '/health-metrics/weight', weightBodies(weights.samples, opts.timeZone));
  await send('workouts', '/health-metrics/workout', workoutBodies(workouts.workouts, opts.timeZone));
  await send('sleep', '/health-metrics/sleep', sleepBodies(sleep.samples, opts.timeZone));
  await post('/health-metrics/sync-status', {
    source: HEALTHKIT_SOURCE,
    last_synced_at: endDate,
    details: { from: startDate, weights: report.weights, workouts: report.workouts, sleep: report.sleep, skipped: report.skipped, failed: report.failed.length },
  });
  return report;
}
