import type { z } from 'zod';
import type {
  InsightsAnalysisSchema,
  InsightsMealTimingSchema,
  InsightsNutrientsSchema,
  InsightsPatternsSchema,
  OverallAnalysis,
  PatternAnalysis,
  RangeStats,
} from '@app/contracts/insights';
import { api } from '../../lib/api';

type Range = { days: number; end_date?: string };
const q = (path: string, r: Range) => `${path}?days=${r.days}${r.end_date ? `&end_date=${r.end_date}` : ''}`;
const tags = ['Insights' as const, { type: 'FoodLog' as const, id: 'LIST' }];

/** Dashboard history, insights and the two analyses (spec §7); stats are never cached (spec §9 historical stats cache 0). */
export const insightsApi = api.injectEndpoints({
  endpoints: (build) => ({
    historicalStats: build.query<RangeStats, number>({ query: (days) => `/dashboard/historical-stats/${days}`, keepUnusedDataFor: 0, providesTags: tags }),
    insightsAnalysis: build.query<z.infer<typeof InsightsAnalysisSchema>, Range>({ query: (r) => q('/insights/analysis', r), providesTags: tags }),
    mealTiming: build.query<z.infer<typeof InsightsMealTimingSchema>, Range>({ query: (r) => q('/insights/meal-timing', r), providesTags: tags }),
    patterns: build.query<z.infer<typeof InsightsPatternsSchema>, Range>({ query: (r) => q('/insights/patterns', r), providesTags: tags }),
    nutrients: build.query<z.infer<typeof InsightsNutrientsSchema>, Range>({ query: (r) => q('/insights/nutrients', r), providesTags: tags }),
    overallAnalysis: build.query<OverallAnalysis, number>({ query: (days) => `/recommendations/overall-analysis?timeframe_days=${days}&timestamp=${encodeURIComponent(new Date().toISOString())}`, providesTags: tags }),
    patternAnalysis: build.query<PatternAnalysis, number>({ query: (days) => `/recommendations/pattern-analysis?timeframe_days=${days}&timestamp=${encodeURIComponent(new Date().toISOString())}`, providesTags: tags }),
  }),
});

export const { useHistoricalStatsQuery, useInsightsAnalysisQuery, useMealTimingQuery, usePatternsQuery, useNutrientsQuery, useOverallAnalysisQuery, usePatternAnalysisQuery } = insightsApi;
