/**
 * Water (issue 42 §12): here, not in a feature, because the dashboard, the Health page and the food log all offer the
 * one-tap add, and features never import each other. Amounts are ml on the wire; formatWater writes them in the
 * user's units (ml, or fl oz for imperial) on every screen and in the export alike.
 */
import type { WaterDaily, WaterDay, WaterEntry } from '@app/contracts/health-metrics';
import { SUGGESTED_WATER_GOAL_ML } from '@app/nutrition/water';
import { api } from './api';
import { volumeLabel, type Units } from './units';
import { formatWater, waterToMl } from '@app/nutrition/water';

export { formatWater, waterToMl, waterValue, ML_PER_FL_OZ, SUGGESTED_WATER_GOAL_ML, WATER_GLASS_ML } from '@app/nutrition/water';

const TAG = { type: 'HealthMetric' as const, id: 'WATER' };

export const waterApi = api.injectEndpoints({
  endpoints: (build) => ({
    waterDay: build.query<WaterDay, string>({ query: (date) => `/health-metrics/water?date=${date}`, providesTags: [TAG] }),
    waterDaily: build.query<WaterDaily, { start_date: string; end_date: string }>({
      query: (r) => `/health-metrics/water/daily?start_date=${r.start_date}&end_date=${r.end_date}`,
      providesTags: [TAG],
    }),
    addWater: build.mutation<WaterEntry, { amount_ml: number; date: string; time?: string }>({
      query: (body) => ({ url: '/health-metrics/water', method: 'POST', body }),
      invalidatesTags: [TAG],
    }),
    deleteWater: build.mutation<null, number>({
      query: (id) => ({ url: `/health-metrics/water/${id}`, method: 'DELETE' }),
      invalidatesTags: [TAG],
    }),
  }),
});
export const { useWaterDayQuery, useWaterDailyQuery, useAddWaterMutation, useDeleteWaterMutation } = waterApi;

/** "750 ml of 2,000 ml" against the goal, or against the suggestion (which the card says is one). Percent 0–100. */
export function waterProgress(totalMl: number, goalMl: number | null): { target: number; suggested: boolean; percent: number } {
  const target = goalMl ?? SUGGESTED_WATER_GOAL_ML;
  return { target, suggested: goalMl === null, percent: Math.min(100, Math.round((totalMl / target) * 100)) };
}

/** A typed amount of water in the user's units → ml, or the sentence that says what to type (1 ml – 5 l). */
export function amountMl(text: string, units: Units, min = 1, max = 5_000): { ml: number; error: null } | { ml: null; error: string } {
  const t = text.trim().replace(',', '.');
  const n = Number(t);
  const range = `between ${formatWater(min, units)} and ${formatWater(max, units)}`;
  if (!t || !Number.isFinite(n) || n <= 0) return { ml: null, error: `Enter an amount in ${volumeLabel(units)}` };
  const ml = waterToMl(n, units);
  if (ml < min || ml > max) return { ml: null, error: `Enter an amount ${range}` };
  return { ml, error: null };
}
