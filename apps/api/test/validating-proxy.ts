/**
 * A validating proxy in front of the test server (issue 40: "a validating proxy in front of the server for every
 * call"). Every API test's calls pass through it; it forwards each request and answer unchanged (streamed, aborts
 * passed on) and checks each exchange against the server's own OpenAPI document with openapi-backend:
 *
 * - a call the document does not have, that the server answered (anything but 404/405);
 * - a status the operation does not declare (by itself, as NXX, or as `default`);
 * - an answer whose content type the operation does not declare for that status, a 204 with a body, or a body where
 *   the document declares none;
 * - a JSON answer that does not match the declared schema;
 * - a request the server accepted (2xx) that the document says is invalid (parameters or body).
 *
 * The violations are collected; createTestApp's close() fails the test file when there are any, so the document
 * cannot drift from what the server does in any call a test makes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, type Document } from 'openapi-backend';

export interface Violation {
  call: string;
  status: number;
  problem: string;
}

const MAX_CAPTURE = 4 * 1024 * 1024;
const HOP_BY_HOP = new Set(['connection', 'keep-alive']);
const API_PREFIX = '/api/v1/';
/** Served under the API prefix but not part of the API: the Swagger UI and its files. */
const NOT_IN_DOCUMENT = [/^\/api\/v1\/docs(\/|$)/, /^\/api\/v1\/openapi\.json$/];

class Capture {
  private chunks: Buffer[] = [];
  size = 0;
  overflow = false;
  add(chunk: Buffer) {
    this.size += chunk.length;
    if (this.size > MAX_CAPTURE) {
      this.overflow = true;
      this.chunks = [];
      return;
    }
    this.chunks.push(chunk);
  }
  /** The body as sent, decoded when the server compressed it. */
  text(encoding?: string | string[]) {
    const raw = Buffer.concat(this.chunks);
    const e = String(encoding ?? '').trim().toLowerCase();
    if (e === 'gzip') return gunzipSync(raw).toString('utf8');
    if (e === 'br') return brotliDecompressSync(raw).toString('utf8');
    if (e === 'deflate') return inflateSync(raw).toString('utf8');
    return raw.toString('utf8');
  }
}

function mediaType(header: string | string[] | undefined): string {
  const v = Array.isArray(header) ? header[0] : header;
  return (v ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * OpenAPI 3.0 writes an exclusive bound as `minimum: 0, exclusiveMinimum: true` (JSON Schema draft 4); Ajv reads
 * draft 7, where it is `exclusiveMinimum: 0`. The same bound, said the way the validator reads it.
 */
function draft7Bounds<T>(document: T): T {
  const copy = structuredClone(document);
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
      if (typeof o[flag] === 'boolean') {
        if (o[flag] && typeof o[bound] === 'number') {
          o[flag] = o[bound];
          delete o[bound];
        } else delete o[flag];
      }
    }
    Object.values(o).forEach(visit);
  };
  visit(copy);
  return copy;
}

export class DocumentChecker {
  private readonly backend: OpenAPIBackend;
  private ready: Promise<unknown>;

  constructor(document: Document) {
    this.backend = new OpenAPIBackend({ definition: draft7Bounds(document), strict: false, quick: true, validate: true, ignoreTrailingSlashes: true, ajvOpts: { strict: false, allErrors: true, logger: false },
      customizeAjv: (ajv) => {
        addFormats(ajv);
        return ajv;
      },
    });
    this.ready = this.backend.init();
  }

  async check(ex: { method: string; url: string; requestHeaders: http.IncomingHttpHeaders; requestBody: Capture; status: number; responseHeaders: http.IncomingHttpHeaders; responseBody: Capture }): Promise<string[]> {
    await this.ready;
    const u = new URL(ex.url, 'http://proxy.invalid');
    if (!u.pathname.startsWith(API_PREFIX) || NOT_IN_DOCUMENT.some((r) => r.test(u.pathname))) return [];
    const method = ex.method.toLowerCase();
    if (method === 'options') return []; // CORS preflight: answered by the CORS layer, not an operation
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of u.searchParams) {
      const prev = query[k];
      query[k] = prev === undefined ? v : [...[prev].flat(), v];
    }
    const lookupMethod = method === 'head' ? 'get' : method;
    let path = u.pathname;
    try {
      path = decodeURI(path);
    } catch {
      return []; // a malformed URL: the server's 400 is all there is to check
    }
    const request = { method: lookupMethod, path, headers: ex.requestHeaders as Record<string, string>, query };
    const op = this.backend.matchOperation(request);
    const problems: string[] = [];
    if (!op) {
      if (ex.status !== 404 && ex.status !== 405) problems.push('the server answered a call the document does not have');
      return problems;
    }
    const responses = (op.responses ?? {}) as Record<string, { content?: Record<string, { schema?: unknown }> }>;
    const key = [String(ex.status), `${Math.floor(ex.status / 100)}XX`, 'default'].find((k) => k in responses);
    if (!key) return [`status ${ex.status} is not declared (declared: ${Object.keys(responses).join(', ')})`];
    const declared = responses[key]!.content ?? {};
    const type = mediaType(ex.responseHeaders['content-type']);
    const hasBody = method !== 'head' && ex.responseBody.size > 0;
    if (ex.status === 204 || ex.status === 304) {
      if (hasBody) problems.push(`a ${ex.status} with a body`);
    } else if (hasBody) {
      const types = Object.keys(declared);
      if (types.length === 0) problems.push(`a body (${type || 'no content type'}) where the document declares none`);
      else if (!types.includes(type)) problems.push(`content type ${type || '(none)'} is not declared (declared: ${types.join(', ')})`);
      else if (type === 'application/json' && !ex.responseBody.overflow) {
        let body: unknown;
        try {
          body = JSON.parse(ex.responseBody.text(ex.responseHeaders['content-encoding']));
        } catch {
          problems.push('the JSON answer does not parse');
        }
        if (body !== undefined) {
          const result = this.backend.validateResponse(body, op, ex.status);
          if (!result.valid) problems.push(`the answer does not match the schema of ${key}: ${JSON.stringify(result.errors?.slice(0, 3))}`);
        }
      }
    } else if (Object.keys(declared).length > 0 && method !== 'head' && ex.status < 300) {
      problems.push('no body where the document declares one');
    }
    if (ex.status >= 200 && ex.status < 300 && !ex.requestBody.overflow) {
      let body: unknown;
      const text = ex.requestBody.text();
      if (text && mediaType(ex.requestHeaders['content-type']) === 'application/json') {
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
      }
      const result = this.backend.validateRequest({ ...request, body }, op);
      // A query parameter the operation does not list is ignored by the server, as OpenAPI allows.
      const errors = (result.errors ?? []).filter((e) => !(e.instancePath === '/query' && e.keyword === 'additionalProperties'));
      if (errors.length) problems.push(`the server accepted a request the document refuses: ${JSON.stringify(errors.slice(0, 3))}`);
    }
    return problems;
  }
}

export interface ValidatingProxy {
  /** e.g. http://127.0.0.1:40125 */
  base: string;
  violations: Violation[];
  close(): Promise<void>;
}

/** Starts the proxy in front of `target` (http://127.0.0.1:port), checking against the server's own document. */
export async function startValidatingProxy(target: string): Promise<ValidatingProxy> {
  const res = await fetch(`${target}/api/v1/openapi.json`);
  if (!res.ok) throw new Error(`validating proxy: GET /api/v1/openapi.json answered ${res.status}`);
  const checker = new DocumentChecker((await res.json()) as Document);
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const violations: Violation[] = [];
  const pending = new Set<Promise<void>>();

  // Headers past Node's 16 KB default are the server's to refuse (431), not the proxy's.
  const server = http.createServer({ maxHeaderSize: 256 * 1024 }, (req, res) => {
    const requestBody = new Capture();
    let answered = false;
    const out = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers, agent },
      (up) => {
        answered = true;
        const responseBody = new Capture();
        // Hop-by-hop headers are the proxy's own (RFC 9110 §7.6.1); the rest is passed on as sent.
        const headers: string[] = [];
        for (let i = 0; i < up.rawHeaders.length; i += 2) {
          if (!HOP_BY_HOP.has(up.rawHeaders[i]!.toLowerCase())) headers.push(up.rawHeaders[i]!, up.rawHeaders[i + 1]!);
        }
        res.writeHead(up.statusCode ?? 502, up.statusMessage, headers);
        up.on('data', (chunk: Buffer) => responseBody.add(chunk));
        up.pipe(res);
        up.on('end', () => {
          const done = checker
            .check({ method: req.method ?? 'GET', url: req.url ?? '/', requestHeaders: req.headers, requestBody, status: up.statusCode ?? 0, responseHeaders: up.headers, responseBody })
            .then((problems) => {
              for (const problem of problems) violations.push({ call: `${req.method} ${req.url}`, status: up.statusCode ?? 0, problem });
            })
            .catch((err: Error) => {
              violations.push({ call: `${req.method} ${req.url}`, status: up.statusCode ?? 0, problem: `the proxy could not check it: ${err.message}` });
            });
          pending.add(done);
          void done.finally(() => pending.delete(done));
        });
        // The server may close its side right after an early answer (413): what was answered is still passed on.
        up.on('error', () => {
          if (!up.complete) res.destroy();
        });
      },
    );
    req.on('data', (chunk: Buffer) => requestBody.add(chunk));
    req.pipe(out);
    // The server may answer before it has read the body (413) and close: its answer is passed on whole, and
    // the rest of the client's body is read and dropped.
    out.on('error', () => {
      if (!answered) res.destroy();
      req.unpipe(out);
      req.resume();
    });
    // Answered before the body was read (413): the rest of the body is read and dropped, as the server would.
    res.on('finish', () => {
      req.unpipe(out);
      req.resume();
    });
    // The client went away before its answer was complete: so does the proxy's call (the server sees the abort).
    res.on('close', () => {
      if (!res.writableFinished) out.destroy();
    });
  });
  // The server's answers carry its Keep-Alive timeout (72 s), which clients trust: the proxy keeps the same
  // (close() closes every connection anyway).
  server.keepAliveTimeout = 75_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    violations,
    async close() {
      await Promise.all([...pending]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
