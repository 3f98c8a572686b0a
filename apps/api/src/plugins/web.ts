import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { Config } from '../config.ts';

const STARTING_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Nutrition Tracker</title></head><body style="font-family:system-ui;margin:3rem"><h1>Nutrition Tracker</h1><p>The web app has not been built yet. Run <code>npm run build</code> (npm start does it for you).</p></body></html>`;

/**
 * Serves the built web app on every path outside /api; paths the client router owns get index.html,
 * except the public pages pre-rendered at build time (dist/prerendered/<page>.html, written by
 * apps/web/scripts/prerender.mjs), which get their own HTML. Unknown /api paths answer the JSON 404 of
 * the error contract.
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
    // "/login" -> dist/prerendered/login.html, "/" -> dist/prerendered/index.html. Read at start like
    // index.html; outside production on every request, so a rebuild shows without a restart.
    const prerenderedDir = join(dist, 'prerendered');
    const prerenderedFiles = () =>
      new Map(
        (existsSync(prerenderedDir) ? readdirSync(prerenderedDir) : [])
          .filter((f) => f.endsWith('.html'))
          .map((f) => [f === 'index.html' ? '/' : `/${f.slice(0, -'.html'.length)}`, join(prerenderedDir, f)]),
      );
    const cachedPrerendered = opts.config.NODE_ENV === 'production' ? new Map([...prerenderedFiles()].map(([path, file]) => [path, readFileSync(file, 'utf8')])) : null;
    const pageHtml = (path: string) => {
      const page = path.length > 1 ? path.replace(/\/+$/, '') : path;
      if (cachedPrerendered) return cachedPrerendered.get(page) ?? cachedIndex!;
      const file = built ? prerenderedFiles().get(page) : undefined;
      return file ? readFileSync(file, 'utf8') : indexHtml();
    };

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      if (path.startsWith('/api/') || path === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return reply.code(404).send({ detail: { msg: `No route ${request.method} ${path}`, type: 'not_found', errors: null } });
      }
      // A missing static asset is a real 404, not the app shell: a file name with an extension, or anything
      // under /assets/ (the client router owns no path there; the shell would be parsed as a script or style).
      if (path.startsWith('/assets/') || (/\.[a-z0-9]{2,5}$/i.test(path) && !path.endsWith('.html'))) {
        return reply.code(404).type('text/plain').send('Not found');
      }
      reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      const html = pageHtml(path);
      allowInlineScripts(reply, html);
      const accepted = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(compressed(html, encoding));
    });

    /**
     * The pages compressed here: @fastify/compress hooks routes only, and the handler above is none.
     * Uncompressed, a pre-rendered page (~60 KiB, mostly its inlined CSS) took five times longer to
     * arrive on a phone. In production each page is compressed once (they are read once at start).
     */
    /**
     * A pre-rendered page carries its pre-paint script inline (apps/web/scripts/prerender.mjs): the
     * Content-Security-Policy (helmet, app.ts) gets the hash of each inline script of the page served.
     */
    const scriptHashes = new Map<string, string>();
    function allowInlineScripts(reply: FastifyReply, html: string) {
      let hashes = scriptHashes.get(html);
      if (hashes === undefined) {
        hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`).join(' ');
        if (cachedPrerendered) scriptHashes.set(html, hashes);
      }
      const csp = reply.getHeader('content-security-policy');
      if (!hashes || typeof csp !== 'string') return;
      reply.header('content-security-policy', csp.replace(/(^|;)\s*script-src ([^;]*)/, (directive) => `${directive} ${hashes}`));
    }

    const encodedPages = cachedPrerendered ? new Map<string, Buffer>() : null;
    function compressed(html: string, encoding: 'br' | 'gzip'): Buffer {
      const key = `${encoding}:${html}`;
      const known = encodedPages?.get(key);
      if (known) return known;
      const body = encoding === 'br' ? brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }) : gzipSync(html, { level: 9 });
      encodedPages?.set(key, body);
      return body;
    }
  },
  { name: 'web' },
);
