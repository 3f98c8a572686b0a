import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { backgroundPlannerPool, plannerPool } from './features/meal-plans/planner-thread.ts';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { tileOrigin, type Config } from './config.ts';
import type { Database } from './db/client.ts';
import { tooManyRequests } from './lib/http-error.ts';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors.ts';
import dbPlugin from './plugins/db.ts';
import authPlugin from './plugins/auth.ts';
import mailPlugin from './plugins/mail.ts';
import queuePlugin from './plugins/queue.ts';
import swaggerPlugin from './plugins/swagger.ts';
import webPlugin from './plugins/web.ts';
import metricsPlugin from './plugins/metrics.ts';
import { loggerOptions, RequestLogController } from './plugins/logging.ts';
import { postgresRateLimitStore } from './plugins/rate-limit-store.ts';
import backgroundPlugin from './plugins/background.ts';
import workerOnlyPlugin from './plugins/worker-only.ts';
import entitlementsPlugin from './plugins/entitlements.ts';
import features from './features/index.ts';
import { clientNet } from './lib/client-net.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** Fastify's typings lack the hop count it supports: the same rule as a function (hop i < n is trusted). */
function trustProxyOption(v: Config['TRUST_PROXY']): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (v === undefined) return false;
  if (typeof v === 'number') return (_addr, hop) => hop < v;
  return v;
}

/** external plugins → app plugins → feature routes (fastify/demo's order). */
export async function buildApp({ config, database, logger }: BuildOptions): Promise<FastifyInstance> {
  plannerPool.setThreads(config.PLANNER_THREADS);
  backgroundPlannerPool.setThreads(config.PLANNER_THREADS);
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    logController: new RequestLogController(),
    bodyLimit: config.BODY_LIMIT,
    // onReady loads the food seed and starts the job queue: minutes on a slow first start are fine.
    pluginTimeout: 180_000,
    // X-Forwarded-For is believed only from configured proxies (TRUST_PROXY); otherwise any client could
    // pick its own address and slip past (or aim) the per-IP limits.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Headers over Node's limit (16 KB) answer 431 with the error body (clientErrorHandler); a path
    // parameter over 100 characters 414 (frameworkErrors).
    frameworkErrors,
    clientErrorHandler,
    ajv: { customOptions: { removeAdditional: 'all' } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  // An empty body sent as application/json is no body: many clients set the header on every call, and Fastify's own
  // parser answered a bodyless POST (/auth/terms/accept, /notifications/read-all) 400 "Malformed JSON". Any other
  // body goes through Fastify's default parser (prototype poisoning refused); a route that needs a body still says so (422).
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    if (text.trim() === '') done(null, undefined);
    else json(req, text, done);
  });

  await app.register(errorsPlugin);
  // Before authentication: a worker-only process answers 404, not 401, to everything but health and metrics.
  if (!config.API) await app.register(workerOnlyPlugin);
  // gzip/brotli for JSON and the web app's assets (a 7-day plan is ~250 KB of JSON).
  await app.register(compress, { threshold: 1024 });
  // Security headers (helmet), its middleware built ONCE: @fastify/helmet rebuilt it, CSP directives
  // parsed again, on every request (1.5-2 % of a summary request's CPU profile, docs/benchmarks.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the barcode scanner compile its WebAssembly decoder (zxing-wasm); JS eval stays blocked.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // MUI (emotion) injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The Restaurant Finder's map draws tiles as <img> from MAP_TILE_URL's origin, and only when one is set.
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.MAP_TILE_URL ? [tileOrigin(config.MAP_TILE_URL)] : [])],
        // The web app's Feedback link looks up the public IP for the mail body (spec §2).
        connectSrc: ["'self'", 'https://api.ipify.org'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  const allowedOrigins = new Set([...config.CORS_ORIGINS, 'capacitor://localhost', 'https://localhost']);
  await app.register(cors, {
    // The native apps load the web build from capacitor://localhost (iOS) and https://localhost (Android).
    // Any other origin (or none: same-origin and native HTTP calls) gets no CORS headers at all, not even
    // the allowed methods.
    origin: (origin, cb) => cb(null, origin !== undefined && allowedOrigins.has(origin) ? origin : false),
    credentials: false,
    // The default list stops at GET, HEAD and POST: the native apps' PUT and DELETE would fail preflight.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  });
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so the limits hold across API processes and restarts (docs/decisions/0003).
    store: postgresRateLimitStore(database.db),
    // Per network, not per address: an IPv6 client has a /64 of addresses to rotate through (lib/client-net.ts).
    keyGenerator: (req) => clientNet(req.ip),
    errorResponseBuilder: (_req, ctx) => tooManyRequests(`Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`, ctx.ttl / 1000),
  });
  await app.register(dbPlugin, { database });
  await app.register(authPlugin, { config });
  await app.register(entitlementsPlugin);
  await app.register(backgroundPlugin);
  await app.register(mailPlugin, { config });
  await app.register(queuePlugin, { config });
  await app.register(swaggerPlugin);
  await app.register(metricsPlugin);
  await app.register(features, { prefix: '/api/v1' });
  await app.register(webPlugin, { config });
  return app;
}
