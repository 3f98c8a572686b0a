import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../lib/http-error.ts';

/** What a worker-only process (API=false) still answers: its supervisor's health check and the scraper. */
const OPEN = new Set(['/api/v1/health', '/metrics']);

/**
 * API=false: the process runs the job worker and serves nothing else. The routes stay registered
 * (features declare their queues while registering), but every request other than health and metrics
 * answers 404 before authentication, so a worker's port never becomes a second way into the API.
 */
export default fp(
  async function workerOnlyPlugin(app: FastifyInstance) {
    app.addHook('onRequest', async (request) => {
      if (!OPEN.has(request.routeOptions.url ?? '')) throw notFound('Not Found: this is a worker process (API=false)');
    });
  },
  { name: 'worker-only' },
);
