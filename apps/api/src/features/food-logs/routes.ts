import type { FastifyInstance } from 'fastify';

/** Routes of the food-logs feature (being built). */
export default async function food_logsRoutes(_app: FastifyInstance) {}
