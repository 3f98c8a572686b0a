import type { FastifyInstance } from 'fastify';
export default async function placesRoutes(_app: FastifyInstance) {}
