import type { FastifyInstance } from 'fastify';

/** Routes of the settings feature (being built). */
export default async function settingsRoutes(_app: FastifyInstance) {}
