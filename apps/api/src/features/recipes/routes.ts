import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AllowedDomainsSchema,
  AnalyzeRecipeBodySchema,
  AnalyzeRecipeResponseSchema,
  IntIdParamsSchema,
  RecipeListItemSchema,
  RecipeSaveBodySchema,
  RecipeSearchQuerySchema,
  RecipeSuggestionsSchema,
  SavedRecipeSchema,
  ValidateUrlQuerySchema,
  ValidateUrlResponseSchema,
  errorResponses,
} from '@app/contracts';
import { z } from 'zod';
import { FairShare } from '../../lib/fair-share.ts';
import { unavailable } from '../../lib/http-error.ts';
import { fairly } from '../../lib/request-signal.ts';
import * as service from './service.ts';

/**
 * POST /recipes/analyze, per user (docs/limits.md): 60 an hour counted in the database, and in a process 1 running
 * and 1 waiting (429 past them; waiting analyses are served round robin by user). An analysis runs for at most
 * ANALYZE_TIME_BUDGET_MS (fetch, page thread and matching together) and stops when its client goes away: 100 typed
 * lines took ~27 s of database searches each, and an abandoned 1,000-line import ran on for 245 s (issue 39 item 3).
 */
export const ANALYZE_RATE = { max: 60, timeWindow: '1 hour' };
export const ANALYZE_TIME_BUDGET_MS = 60_000;
export const analyzeShare = new FairShare({
  name: 'recipe analysis',
  // Matching is database work on the main thread (PGlite runs one query at a time): a few at once keep every user moving.
  slots: 4,
  perUserRunning: 1,
  perUserQueued: 1,
  retryAfterSeconds: 5,
  busyMessage: 'You already have a recipe being analysed. Please wait for it to finish and try again.',
});

/** Recipes: import and analysis (Pro), saved recipes (private to their owner), search (Pro). */
export default async function recipesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['recipes'];

  // Checks the address only (syntax, scheme, allowed site; no DNS, no fetch): cheap, so no share of its own.
  r.post('/recipes/validate-url', { schema: { tags, querystring: ValidateUrlQuerySchema, response: { 200: ValidateUrlResponseSchema, ...errorResponses } } }, async (req) =>
    service.validateUrl(app.config, req.query.url),
  );
  r.get('/recipes/allowed-domains', { schema: { tags, response: { 200: AllowedDomainsSchema, ...errorResponses } } }, async () => service.allowedDomains(app.config));

  // Tier gates: the entitlements table in @app/contracts (403 with the spec's messages).
  const analysisGate = { preHandler: app.requireEntitlement('recipe_analysis') };
  const searchGate = { preHandler: app.requireEntitlement('recipe_search') };
  r.post(
    '/recipes/analyze',
    {
      ...analysisGate,
      config: { rateLimit: { ...ANALYZE_RATE, hook: 'preHandler', keyGenerator: (req: FastifyRequest) => `recipe-analyze:user:${req.user.id}` } },
      schema: { tags, body: AnalyzeRecipeBodySchema, response: { 200: AnalyzeRecipeResponseSchema, ...errorResponses } },
    },
    async (req, reply) =>
      fairly(analyzeShare, req, reply, (signal) => service.analyze(app.db, app.config, req.user.id, req.body, signal, () => app.frontDoor.giveWay(req.user.id)), {
        timeoutMs: ANALYZE_TIME_BUDGET_MS,
        onTimeout: () => unavailable(`Analysing this recipe took more than ${ANALYZE_TIME_BUDGET_MS / 1000} s. Try again later, or with fewer ingredient lines.`),
      }),
  );

  r.get('/recipes/search', { ...searchGate, schema: { tags, querystring: RecipeSearchQuerySchema, response: { 200: z.array(RecipeListItemSchema), ...errorResponses } } }, async (req) =>
    service.search(app.db, req.user.id, req.query.query),
  );
  r.get('/recipes/search/suggestions', { ...searchGate, schema: { tags, querystring: RecipeSearchQuerySchema, response: { 200: RecipeSuggestionsSchema, ...errorResponses } } }, async (req) =>
    service.suggestions(app.db, req.user.id, req.query.query),
  );

  r.post('/recipes', { schema: { tags, body: RecipeSaveBodySchema, response: { 201: SavedRecipeSchema, ...errorResponses } } }, async (req, reply) =>
    reply.code(201).send(await service.create(app.db, req.user.id, req.body)),
  );
  r.put('/recipes/:id', { schema: { tags, params: IntIdParamsSchema, body: RecipeSaveBodySchema, response: { 200: SavedRecipeSchema, ...errorResponses } } }, async (req) =>
    service.update(app.db, req.user.id, req.params.id, req.body),
  );
  r.delete('/recipes/:id', { schema: { tags, params: IntIdParamsSchema, response: { 204: z.null(), ...errorResponses } } }, async (req, reply) => {
    await service.remove(app.db, req.user.id, req.params.id);
    return reply.code(204).send(null);
  });

  // Spec §7 lists these two under food-logs; they belong to this feature.
  r.get('/food-logs/recipes', { schema: { tags, response: { 200: z.array(RecipeListItemSchema), ...errorResponses } } }, async (req) => service.list(app.db, req.user.id));
  r.get('/food-logs/recipe/:id', { schema: { tags, params: IntIdParamsSchema, response: { 200: SavedRecipeSchema, ...errorResponses } } }, async (req) =>
    service.get(app.db, req.user.id, req.params.id),
  );
}
