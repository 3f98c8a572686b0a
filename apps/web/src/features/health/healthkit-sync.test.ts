import { describe, expect, it } from 'vitest';
import type { HealthSample, Workout } from '@capgo/capacitor-health';
import { sleepBodies, syncHealthKit, type HealthSource } from './healthkit-sync';

// HealthKit exists only inside the iOS app: this stands in for the plugin with what it answers on a phone.
function fakeHealth(samples: { weight?: HealthSample[]; sleep?: HealthSample[]; workouts?: Workout[] }, available = true): HealthSource & { asked: unknown[] } {
  const asked: unknown[] = [];
  return {
    asked,
    isAvailable: async () => ({ available, platform: 'ios', reason: available ? undefined : 'Health data is not available on iPad.' }),
    requestAuthorization: async (o) => {
      asked.push(o);
      return { readAuthorized: o.read ?? [], readDenied: [], writeAuthorized: [], writeDenied: [] } as never;
    },
    readSamples: async (o) => ({ samples: (o.dataType === 'weight' ? samples.weight : samples.sleep) ?? [] }),
    queryWorkouts: async () => ({ workouts: samples.workouts ?? [] }),
  };
}

const w = (kg: number, at: string, id: string): HealthSample => ({ dataType: 'weight', value: kg, unit: 'kilogram', startDate: at, endDate: at, platformId: id });
const s = (start: string, end: string, sleepState: HealthSample['sleepState']): HealthSample => ({ dataType: 'sleep', value: 0, unit: 'minute', startDate: start, endDate: end, sleepState });

describe('Apple Health sync', () => {
  it('sends weights, workouts and nights in the user time zone, keyed by the sample id, and records the sync', async () => {
    const health = fakeHealth({
      weight: [w(81.25, '2026-11-20T06:30:00Z', 'W1'), w(812, '2026-11-21T06:30:00Z', 'W2')],
      workouts: [{ workoutType: 'running', duration: 1_830, totalEnergyBurned: 301.4, totalDistance: 5_234, startDate: '2026-11-20T22:30:00Z', endDate: '2026-11-20T23:00:00Z', platformId: 'R1' }],
      sleep: [
        s('2026-11-20T22:00:00Z', '2026-11-21T01:00:00Z', 'asleep'),
        s('2026-11-21T01:00:00Z', '2026-11-21T01:20:00Z', 'awake'),
        s('2026-11-21T01:20:00Z', '2026-11-21T05:30:00Z', 'deep'),
      ],
    });
    const posts: [string, any][] = [];
    const report = await syncHealthKit(health, async (path, body) => void posts.push([path, body]), { timeZone: 'Pacific/Auckland', now: new Date('2026-11-25T00:00:00Z') });

    expect(health.asked).toEqual([{ read: ['weight', 'workouts', 'sleep'] }]);
    expect(report).toEqual({ weights: 1, workouts: 1, sleep: 1, skipped: 1, failed: [] });
    // 06:30 UTC is 19:30 the same day in Auckland (UTC+13 in November); 812 kg is not a weight.
    expect(posts[0]).toEqual(['/health-metrics/weight', { weight_kg: 81.3, date: '2026-11-20', time: '19:30', source: 'healthkit', source_id: 'W1', confirm: true }]);
    // A run starting 22:30 UTC is the next morning in Auckland.
    expect(posts[1]).toEqual(['/health-metrics/workout', { date: '2026-11-21', type: 'running', duration_min: 31, calories_burned: 301, distance_km: 5.23, source: 'healthkit', source_id: 'R1' }]);
    // Two asleep stages around a 20-minute wake are one night, dated by the local day of waking up.
    expect(posts[2]).toEqual(['/health-metrics/sleep', { date: '2026-11-21', start: '2026-11-20T22:00:00.000Z', end: '2026-11-21T05:30:00.000Z', source: 'healthkit', source_id: 'sleep:2026-11-20T22:00:00.000Z' }]);
    expect(posts[3]![0]).toBe('/health-metrics/sync-status');
    expect(posts[3]![1]).toMatchObject({ source: 'healthkit', last_synced_at: '2026-11-25T00:00:00.000Z', details: { weights: 1, workouts: 1, sleep: 1, skipped: 1, failed: 0 } });
  });

  it('keeps going when the server refuses one sample and reports which', async () => {
    const health = fakeHealth({ weight: [w(80, '2026-11-20T06:30:00Z', 'A'), w(79.5, '2026-11-21T06:30:00Z', 'B')] });
    const report = await syncHealthKit(
      health,
      async (path, body: any) => {
        if (body?.source_id === 'A') throw new Error('weight_kg changes by more than 300 kg in a day');
      },
      { timeZone: 'UTC', now: new Date('2026-11-25T00:00:00Z') },
    );
    expect(report.weights).toBe(1);
    expect(report.failed).toEqual([{ what: 'weights of 2026-11-20', message: 'weight_kg changes by more than 300 kg in a day' }]);
  });

  it('says why when the device has no Apple Health, and sends nothing', async () => {
    const posts: string[] = [];
    await expect(syncHealthKit(fakeHealth({}, false), async (p) => void posts.push(p), { timeZone: 'UTC' })).rejects.toThrow('Health data is not available on iPad.');
    expect(posts).toEqual([]);
  });

  it('splits nights more than 90 minutes apart and ignores in-bed time', () => {
    const nights = sleepBodies(
      [s('2026-11-20T21:00:00Z', '2026-11-20T21:30:00Z', 'inBed'), s('2026-11-20T22:00:00Z', '2026-11-21T06:00:00Z', 'asleep'), s('2026-11-21T13:00:00Z', '2026-11-21T13:40:00Z', 'light')],
      'UTC',
    );
    expect(nights.map((n) => [n.body.start, n.body.end])).toEqual([
      ['2026-11-20T22:00:00.000Z', '2026-11-21T06:00:00.000Z'],
      ['2026-11-21T13:00:00.000Z', '2026-11-21T13:40:00.000Z'],
    ]);
  });
});
