import type { FastifyInstance } from 'fastify';

/** Routes of the notifications feature (being built). */
export default async function notificationsRoutes(_app: FastifyInstance) {}
