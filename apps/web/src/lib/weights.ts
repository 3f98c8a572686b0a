/**
 * Logging a weight lives here, not in features/health, because the dashboard offers it too (issue 11 §5:
 * two taps on a phone from either screen) and features never import each other.
 */
import type { WeightSaved } from '@app/contracts/health-metrics';
import { api } from './api';

export const weightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One weight a day: a second one replaces the first (`replaced`); a jump is a 409 unless `confirm`. */
    logWeight: build.mutation<WeightSaved, { weight_kg: number; date?: string; time?: string; confirm?: boolean }>({
      query: (body) => ({ url: '/health-metrics/weight', method: 'POST', body }),
      // A new weight moves the trend on the dashboard, the Health page and the analyses.
      invalidatesTags: [{ type: 'HealthMetric', id: 'LIST' }, 'Insights'],
    }),
  }),
});
export const { useLogWeightMutation } = weightsApi;
