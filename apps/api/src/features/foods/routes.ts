import type { FastifyInstance } from 'fastify';

/** Routes of the foods feature (being built). */
export default async function foodsRoutes(_app: FastifyInstance) {}
