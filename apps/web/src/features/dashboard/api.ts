import type { DailySummary } from '@app/contracts';
import type { DashboardStats, RangeStats } from '@app/contracts/insights';
import type { WeightEntry } from '@app/contracts/health-metrics';
import { api } from '../../lib/api';

/**
 * The dashboard reads the same daily summary as the food log, under its own endpoint name (features
 * never import each other); the shared 'DailySummary' tag keeps both fresh after any food log change.
 */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardDay: build.query<DailySummary, string>({
      query: (date) => `/food-logs/daily-summary/${date}`,
      providesTags: (_r, _e, date) => [{ type: 'DailySummary', id: date }, { type: 'FoodLog', id: 'LIST' }],
    }),
    // Streak and latest trend weight. Stats are never cached (spec §9 historical stats cache 0).
    getDashboardStats: build.query<DashboardStats, string>({
      query: (date) => `/dashboard/stats?target_date=${date}`,
      keepUnusedDataFor: 0,
      providesTags: ['Insights', { type: 'FoodLog', id: 'LIST' }, { type: 'HealthMetric', id: 'LIST' }],
    }),
    getDashboardHistory: build.query<RangeStats, { days: number; end_date: string }>({
      query: ({ days, end_date }) => `/dashboard/historical-stats/${days}?end_date=${end_date}`,
      keepUnusedDataFor: 0,
      providesTags: ['Insights', { type: 'FoodLog', id: 'LIST' }, 'Settings'],
    }),
    getDashboardWeights: build.query<WeightEntry[], { start_date: string; end_date: string }>({
      query: ({ start_date, end_date }) => `/health-metrics/weight?start_date=${start_date}&end_date=${end_date}`,
      providesTags: [{ type: 'HealthMetric', id: 'LIST' }],
    }),
  }),
});

export const { useGetDashboardDayQuery, useGetDashboardStatsQuery, useGetDashboardHistoryQuery, useGetDashboardWeightsQuery } = dashboardApi;
