/**
 * Reads a signed-in page needs first, sent as soon as the app's code starts (app/early-data.ts), while
 * the page's own code is still downloading. Without them a signed-in page loaded in sequence: its route
 * code, then GET /auth/me, then (once the guard let the page render) the page's data (issue 9, LCP).
 * RTK Query's fetch (lib/api.ts) takes an answer from here when it asks for the same URL with the same
 * token shortly after; each answer is used once, later calls go to the network as always.
 */
interface Early {
  authorization: string;
  sentAt: number;
  response: Promise<Response>;
}

/** An answer older than this is not used: the page has asked for it long before, or never will. */
const FRESH_MS = 10_000;
const early = new Map<string, Early>();

const absolute = (url: string): string => new URL(url, window.location.href).href;

/**
 * Sends GET `paths` (relative to the API base) with `token` now. On the web only: the native apps talk to
 * another origin (VITE_API_BASE_URL), the iOS one with its own `_auth` rule (lib/api.ts).
 */
export function sendEarly(paths: string[], token: string): void {
  if (import.meta.env.VITE_API_BASE_URL || typeof fetch !== 'function') return;
  const authorization = `Bearer ${token}`;
  for (const path of paths) {
    const url = absolute(`/api/v1${path}`);
    const headers = { Authorization: authorization, 'Cache-Control': 'no-cache', Pragma: 'no-cache', Accept: 'application/json' };
    const response = fetch(url, { headers, credentials: 'omit' });
    response.catch(() => undefined); // a failure is handled by whoever takes it (it asks again)
    const entry = { authorization, sentAt: Date.now(), response };
    early.set(url, entry);
    // Not taken in time: forget it and let its body go, so the connection is not held by an answer nobody reads.
    setTimeout(() => {
      if (early.get(url) !== entry) return;
      early.delete(url);
      response.then((r) => r.body?.cancel()).catch(() => undefined);
    }, FRESH_MS);
  }
}

/** The early answer to `request` (same URL and token, GET, fresh), once; otherwise undefined. */
export function takeEarly(request: Request): Promise<Response> | undefined {
  if (early.size === 0 || request.method !== 'GET') return undefined;
  const entry = early.get(request.url);
  if (!entry) return undefined;
  early.delete(request.url);
  if (Date.now() - entry.sentAt > FRESH_MS || request.headers.get('Authorization') !== entry.authorization) return undefined;
  // A failed early request (offline at start) is asked again, as if it had never been sent.
  return entry.response.catch(() => fetch(request));
}

/** Fetch for RTK Query: the early answer when there is one, else the network. */
export const fetchWithEarly = (input: RequestInfo, init?: RequestInit): Promise<Response> =>
  (input instanceof Request && !init && takeEarly(input)) || fetch(input, init);
