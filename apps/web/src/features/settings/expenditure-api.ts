import type { InsightsExpenditure } from '@app/contracts/insights';
import { api } from '../../lib/api';

/** The measured expenditure for the goal helper (its own file: the settings API file is shared with other work). */
export const expenditureApi = api.injectEndpoints({
  endpoints: (build) => ({
    measuredExpenditure: build.query<InsightsExpenditure, void>({ query: () => '/insights/expenditure', providesTags: ['Insights', { type: 'HealthMetric', id: 'LIST' }] }),
  }),
});
export const { useMeasuredExpenditureQuery } = expenditureApi;
