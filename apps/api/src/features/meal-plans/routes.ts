import type { FastifyInstance } from 'fastify';

/** Routes of the meal-plans feature (being built). */
export default async function meal_plansRoutes(_app: FastifyInstance) {}
