import type { SleepEntry, WeightEntry, WorkoutEntry } from '@app/contracts/health-metrics';
import { api } from '../../lib/api';

type Range = { start_date?: string; end_date?: string };
const qs = (r: Range) => new URLSearchParams(Object.entries(r).filter(([, v]) => v) as [string, string][]).toString();

/** Health metrics of spec §7: weight, workouts and sleep. A new weight also changes the dashboard and insights. */
export const healthApi = api.injectEndpoints({
  endpoints: (build) => ({
    weights: build.query<WeightEntry[], Range>({ query: (r) => `/health-metrics/weight?${qs(r)}`, providesTags: [{ type: 'HealthMetric', id: 'LIST' }] }),
    workouts: build.query<WorkoutEntry[], Range>({ query: (r) => `/health-metrics/workout?${qs(r)}`, providesTags: [{ type: 'HealthMetric', id: 'LIST' }] }),
    sleep: build.query<SleepEntry[], Range>({ query: (r) => `/health-metrics/sleep?${qs(r)}`, providesTags: [{ type: 'HealthMetric', id: 'LIST' }] }),
    deleteMetric: build.mutation<null, { type: 'weight' | 'workout' | 'sleep'; id: number }>({
      query: ({ type, id }) => ({ url: `/health-metrics/${type}/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'HealthMetric', id: 'LIST' }, 'Insights'],
    }),
    /** A workout or a night's sleep typed in on the Health page (source "manual"). */
    logWorkout: build.mutation<WorkoutEntry, { date: string; type: string; duration_min: number; calories_burned: number | null }>({
      query: (body) => ({ url: '/health-metrics/workout', method: 'POST', body }),
      invalidatesTags: [{ type: 'HealthMetric', id: 'LIST' }, 'Insights'],
    }),
    logSleep: build.mutation<SleepEntry, { date: string; start: string; end: string; quality: number | null }>({
      query: (body) => ({ url: '/health-metrics/sleep', method: 'POST', body }),
      invalidatesTags: [{ type: 'HealthMetric', id: 'LIST' }, 'Insights'],
    }),
    /** One sample from Apple Health (healthkit-sync.ts) to its POST route; lists refresh after the sync. */
    postMetric: build.mutation<unknown, { path: string; body: unknown }>({
      query: ({ path, body }) => ({ url: path, method: 'POST', body }),
    }),
  }),
});

export const { useWeightsQuery, useWorkoutsQuery, useSleepQuery, useDeleteMetricMutation, usePostMetricMutation, useLogWorkoutMutation, useLogSleepMutation } = healthApi;
