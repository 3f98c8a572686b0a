import type { FastifyInstance } from 'fastify';
export default async function restaurantsRoutes(_app: FastifyInstance) {}
