/**
 * The fairness bench's HTTP client (bench/fairness.bench.ts and its flooder): plain node:http over keep-alive, loopback
 * only. A call is timed from the request to the last byte of the answer.
 */
import http from 'node:http';

/** Refuses anything but 127.0.0.1: the bench floods, and a flood must never leave the machine. */
export function assertLoopback(url: string): URL {
  const u = new URL(url);
  if (u.protocol !== 'http:' || u.hostname !== '127.0.0.1') throw new Error(`fairness bench: refusing ${url} (loopback 127.0.0.1 only)`);
  return u;
}

export interface Call {
  method: string;
  path: string;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

export interface Answer {
  /** HTTP status; 0 when the request failed (connection error) or was aborted. */
  status: number;
  ms: number;
  bytes: number;
  /** The body when the caller asked for it (JSON answers), else ''. */
  text: string;
  error?: string;
}

/** One request; `keepBody` keeps the answer's text (otherwise it is only counted). `timeoutMs` 0: none. */
export function send(base: string, agent: http.Agent, call: Call, opts: { token?: string; keepBody?: boolean; timeoutMs?: number; signal?: AbortSignal } = {}): Promise<Answer> {
  const u = assertLoopback(base);
  const started = performance.now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (a: Omit<Answer, 'ms'>) => {
      if (done) return;
      done = true;
      resolve({ ...a, ms: performance.now() - started });
    };
    // Timed calls ask for compression as a browser does (the bytes are counted, not decoded); calls whose answer is
    // read ask for none.
    const headers: Record<string, string> = { 'accept-encoding': opts.keepBody ? 'identity' : 'gzip, br', ...(call.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (call.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(Buffer.byteLength(call.body));
    }
    const req = http.request({ host: u.hostname, port: u.port, method: call.method, path: call.path, headers, agent, signal: opts.signal }, (res) => {
      const chunks: Buffer[] = [];
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (opts.keepBody) chunks.push(c);
      });
      res.on('end', () => finish({ status: res.statusCode ?? 0, bytes, text: opts.keepBody ? Buffer.concat(chunks).toString('utf8') : '' }));
      res.on('error', (e) => finish({ status: 0, bytes, text: '', error: e.message }));
    });
    if (opts.timeoutMs) req.setTimeout(opts.timeoutMs, () => req.destroy(new Error(`timeout after ${opts.timeoutMs} ms`)));
    req.on('error', (e) => finish({ status: 0, bytes: 0, text: '', error: e.name === 'AbortError' ? 'aborted' : e.message }));
    if (call.body !== undefined) req.end(call.body);
    else req.end();
  });
}

export function pct(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

/** The message of an error answer (the API's { detail } / { message }), short. */
export function messageOf(text: string): string {
  try {
    const j = JSON.parse(text);
    const d = j.detail ?? j.message ?? j.error;
    const m = typeof d === 'string' ? d : Array.isArray(d) ? (d[0]?.msg ?? JSON.stringify(d[0])) : typeof d?.msg === 'string' ? d.msg : JSON.stringify(d);
    return String(m).slice(0, 100);
  } catch {
    return text.slice(0, 100);
  }
}

/** JSON.parse that answers null for what is not JSON. */
export function parseJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
