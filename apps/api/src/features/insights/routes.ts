import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AnalysisQuerySchema,
  DashboardStatsQuerySchema,
  DashboardStatsSchema,
  EndDateQuerySchema,
  HistoricalDaysParamsSchema,
  InsightsAnalysisSchema,
  InsightsExpenditureSchema,
  InsightsMealTimingSchema,
  InsightsNutrientsSchema,
  InsightsPatternsSchema,
  MonthParamsSchema,
  OverallAnalysisSchema,
  PatternAnalysisSchema,
  RangeStatsSchema,
  WeeksBackParamsSchema,
  WeightTrendQuerySchema,
  WeightTrendSchema,
  errorResponses,
  insightsQuery,
} from '@app/contracts';
import * as dashboard from './dashboard-service.ts';
import * as insights from './insights-service.ts';
import { weightTrendRange } from './weight-trend-service.ts';

/**
 * Dashboard, insights and the two analyses of /recommendations (pattern and overall). The analyses live here,
 * not in the recommendations feature, because they are built from the same data and rules as the insights.
 */
export default async function insightsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const errors = errorResponses;

  r.get('/dashboard/stats', { schema: { tags: ['dashboard'], querystring: DashboardStatsQuerySchema, response: { 200: DashboardStatsSchema, ...errors } } }, async (req) =>
    dashboard.stats(app.db, req.user.id, req.query),
  );
  r.get('/dashboard/historical-stats/:days', { schema: { tags: ['dashboard'], params: HistoricalDaysParamsSchema, querystring: EndDateQuerySchema, response: { 200: RangeStatsSchema, ...errors } } }, async (req) =>
    dashboard.historical(app.db, req.user.id, req.params.days, req.query.end_date),
  );
  r.get('/dashboard/weekly-stats/:x', { schema: { tags: ['dashboard'], params: WeeksBackParamsSchema, response: { 200: RangeStatsSchema, ...errors } } }, async (req) =>
    dashboard.weekly(app.db, req.user.id, req.params.x),
  );
  r.get('/dashboard/monthly-stats/:year/:month', { schema: { tags: ['dashboard'], params: MonthParamsSchema, response: { 200: RangeStatsSchema, ...errors } } }, async (req) =>
    dashboard.monthly(app.db, req.user.id, req.params.year, req.params.month),
  );

  // Spec §9: default days are analysis 7, meal-timing 14, patterns 14, nutrients 7.
  const tags = ['insights'];
  r.get('/insights/analysis', { schema: { tags, querystring: insightsQuery(7), response: { 200: InsightsAnalysisSchema, ...errors } } }, async (req) =>
    insights.analysis(app.db, req.user.id, req.query.days, req.query.end_date),
  );
  r.get('/insights/meal-timing', { schema: { tags, querystring: insightsQuery(14), response: { 200: InsightsMealTimingSchema, ...errors } } }, async (req) =>
    insights.timing(app.db, req.user.id, req.query.days, req.query.end_date),
  );
  r.get('/insights/patterns', { schema: { tags, querystring: insightsQuery(14), response: { 200: InsightsPatternsSchema, ...errors } } }, async (req) =>
    insights.patterns(app.db, req.user.id, req.query.days, req.query.end_date),
  );
  r.get('/insights/nutrients', { schema: { tags, querystring: insightsQuery(7), response: { 200: InsightsNutrientsSchema, ...errors } } }, async (req) =>
    insights.nutrients(app.db, req.user.id, req.query.days, req.query.end_date),
  );

  r.get('/insights/expenditure', { schema: { tags, querystring: EndDateQuerySchema, response: { 200: InsightsExpenditureSchema, ...errors } } }, async (req) =>
    insights.expenditure(app.db, req.user.id, req.query.end_date),
  );

  // The one trend weight (issue 42 §7): the dashboard's weight card and the Health chart draw these points.
  r.get('/insights/weight-trend', { schema: { tags, querystring: WeightTrendQuerySchema, response: { 200: WeightTrendSchema, ...errors } } }, async (req) =>
    weightTrendRange(app.db, req.user.id, req.query.start_date, req.query.end_date),
  );

  // The deeper pattern analysis behind /pro-insights is a Pro feature (entitlements table in @app/contracts).
  r.get('/recommendations/pattern-analysis', { preHandler: app.requireEntitlement('pro_insights'), schema: { tags: ['recommendations'], querystring: AnalysisQuerySchema, response: { 200: PatternAnalysisSchema, ...errors } } }, async (req) =>
    insights.patternAnalysis(app.db, req.user.id, req.query),
  );
  r.get('/recommendations/overall-analysis', { schema: { tags: ['recommendations'], querystring: AnalysisQuerySchema, response: { 200: OverallAnalysisSchema, ...errors } } }, async (req) =>
    insights.overallAnalysis(app.db, req.user.id, req.query),
  );
}
