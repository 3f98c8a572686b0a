/**
 * Logging a weight lives here, not in features/health, because the dashboard offers it too (issue 11 §5:
 * two taps on a phone from either screen) and features never import each other.
 */
import type { WeightEntry } from '@app/contracts/health-metrics';
import { api } from './api';

export const weightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    logWeight: build.mutation<WeightEntry, { weight_kg: number; date?: string }>({
      query: (body) => ({ url: '/health-metrics/weight', method: 'POST', body }),
      // A new weight moves the trend on the dashboard, the Health page and the analyses.
      invalidatesTags: [{ type: 'HealthMetric', id: 'LIST' }, 'Insights'],
    }),
  }),
});
export const { useLogWeightMutation } = weightsApi;
