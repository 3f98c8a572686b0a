import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.ts';

const STARTING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Nutrition Tracker</title></head><body style="font-family:system-ui;margin:3rem"><h1>Nutrition Tracker</h1><p>The web app has not been built yet. Run <code>npm run build</code> (npm start does it for you).</p></body></html>`;

/**
 * Serves the built web app on every path outside /api; paths the client router owns get index.html.
 * Unknown /api paths answer the JSON 404 of the error contract.
 */
export default fp(
  async function webPlugin(app: FastifyInstance, opts: { config: Config }) {
    const dist = opts.config.webDist;
    const indexFile = join(dist, 'index.html');
    const built = existsSync(indexFile);
    if (built) {
      await app.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        // Hashed assets can be cached forever; index.html is served below with no-cache.
        setHeaders(reply, path) {
          if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }
    const indexHtml = () => (built ? readFileSync(indexFile, 'utf8') : STARTING_PAGE);
    const cachedIndex = opts.config.NODE_ENV === 'production' ? indexHtml() : null;

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      if (path.startsWith('/api/') || path === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.code(404).send({ detail: { msg: `No route ${request.method} ${path}`, type: 'not_found', errors: null } });
      }
      // A missing static asset is a real 404, not the app shell.
      if (/\.[a-z0-9]{2,5}$/i.test(path) && !path.endsWith('.html')) {
        return reply.code(404).type('text/plain').send('Not found');
      }
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(cachedIndex ?? indexHtml());
    });
  },
  { name: 'web' },
);
