import type { FastifyInstance } from 'fastify';
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
import * as service from './service.ts';

/** Recipes: import and analysis (Pro), saved recipes (private to their owner), search (Pro). */
export default async function recipesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['recipes'];

  r.post('/recipes/validate-url', { schema: { tags, querystring: ValidateUrlQuerySchema, response: { 200: ValidateUrlResponseSchema, ...errorResponses } } }, async (req) =>
    service.validateUrl(app.config, req.query.url),
  );
  r.get('/recipes/allowed-domains', { schema: { tags, response: { 200: AllowedDomainsSchema, ...errorResponses } } }, async () => service.allowedDomains(app.config));

  // Tier gates: the entitlements table in @app/contracts (403 with the spec's messages).
  const analysisGate = { preHandler: app.requireEntitlement('recipe_analysis') };
  const searchGate = { preHandler: app.requireEntitlement('recipe_search') };
  r.post('/recipes/analyze', { ...analysisGate, schema: { tags, body: AnalyzeRecipeBodySchema, response: { 200: AnalyzeRecipeResponseSchema, ...errorResponses } } }, async (req) =>
    service.analyze(app.db, app.config, req.user.id, req.body),
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
