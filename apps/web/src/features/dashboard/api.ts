import type { DailySummary } from '@app/contracts';
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
  }),
});

export const { useGetDashboardDayQuery } = dashboardApi;
