import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { DOCS_PREFIX } from './auth.ts';
import { limitsTable } from '../limits.ts';
import { polishOpenApi } from './openapi-polish.ts';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI 3 generated from the zod route schemas; Swagger UI at /api/v1/docs. */
export default fp(
  async function swaggerPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Nutrition Tracker API', version: '1.0.0', description: `Food logging, goals and meal plans. Every error answers {"detail":{"msg","type","errors"}}.\n\n## Limits\n\nEvery expensive call has a per-user share; past it the answer is 429 with Retry-After (or 422 naming the cap), never a slower server for everyone else.\n\n${limitsTable()}` },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: (input) => polishOpenApi(jsonSchemaTransformObject(input) as Record<string, any>) as ReturnType<typeof jsonSchemaTransformObject>,
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
    app.get('/api/v1/openapi.json', { schema: { hide: true }, config: { public: true } }, async () => app.swagger());
  },
  { name: 'swagger' },
);
