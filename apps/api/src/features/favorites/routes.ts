import type { FastifyInstance } from 'fastify';

/** Routes of the favorites feature (being built). */
export default async function favoritesRoutes(_app: FastifyInstance) {}
