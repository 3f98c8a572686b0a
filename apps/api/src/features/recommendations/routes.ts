import type { FastifyInstance } from 'fastify';

/** Routes of the recommendations feature (being built). */
export default async function recommendationsRoutes(_app: FastifyInstance) {}
