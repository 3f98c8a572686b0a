import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { notFound, unauthorized } from '../lib/http-error.ts';
import { queueCounts } from '../features/health/repository.ts';

/**
 * Prometheus metrics at GET /metrics: request rate and latency per route, job queue depth, process
 * memory and CPU. Off (404) unless METRICS_TOKEN is set; then the scraper sends `Authorization: Bearer <token>`.
 * Each app gets its own registry, so several apps in one process (tests) never share counters.
 */
export default fp(
  async function metricsPlugin(app: FastifyInstance) {
    const token = app.config.METRICS_TOKEN;
    if (!token) {
      app.get('/metrics', { schema: { hide: true }, config: { public: true } }, async () => {
        throw notFound('Metrics are disabled (set METRICS_TOKEN to enable them)');
      });
      return;
    }
    // prom-client is loaded only when metrics are on.
    const { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } = await import('prom-client');
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames: ['method', 'route', 'status'], registers: [registry] });
    const latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    new Gauge({
      name: 'job_queue_depth',
      help: 'Background jobs by state (queued = created or retry)',
      labelNames: ['state'],
      registers: [registry],
      async collect() {
        const c = await queueCounts(app.db).catch(() => null);
        if (!c) return;
        this.set({ state: 'queued' }, c.queued);
        this.set({ state: 'active' }, c.active);
        this.set({ state: 'failed_last_hour' }, c.failed_last_hour);
      },
    });

    app.addHook('onResponse', async (request, reply) => {
      // The route pattern, not the raw URL, so ids do not explode the label set.
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });

    app.get('/metrics', { schema: { hide: true }, config: { public: true } }, async (request, reply) => {
      const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      if (!m || !sameSecret(m[1]!, token)) throw unauthorized('A valid metrics token is required');
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    });
  },
  { name: 'metrics', dependencies: ['db'] },
);

/** Compared as SHA-256 digests, which have one length: comparing the strings returned early when the lengths differed, which told the token's length. */
function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
