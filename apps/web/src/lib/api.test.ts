import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { makeStore } from './store';
import { api } from './api';
import { initialSession, signIn, signOut } from './session';
import { guardDecision } from '../components/guard-model';
import type { User } from '@app/contracts/auth';
import { sendEarly } from './early-requests';
import { SHOULD_AUTOBATCH } from '@reduxjs/toolkit';

// The network is the only thing replaced: a fake fetch records what the app sends and answers like the server.
const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const validToken = `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

const probe = api.injectEndpoints({
  endpoints: (b) => ({
    probe: b.query<unknown, void>({ query: () => '/probe' }),
    latest: b.query<unknown, void>({ query: () => '/latest', extraOptions: { expectedStatuses: [404] } }),
    upload: b.mutation<unknown, unknown>({ query: (body) => ({ url: '/upload', method: 'POST', body }) }),
  }),
});

let requests: Request[] = [];
let answer: () => Response | Promise<Response>;
beforeEach(() => {
  requests = [];
  answer = () => new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });
  // Node's Request (under jsdom) has no document base URL; a browser resolves '/api/v1/…' against the page.
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' && input.startsWith('/') ? `http://localhost${input}` : input, init);
      }
    },
  );
  vi.stubGlobal('fetch', async (input: Request) => {
    requests.push(input);
    return answer();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { Capacitor?: unknown }).Capacitor;
});

function storeWith(token: string | null) {
  return makeStore({ ...initialSession(null), token, status: token ? 'checking' : 'anonymous' });
}

describe('transport rules (spec §7)', () => {
  test('Bearer when the token is valid, no-cache headers, no credentials, keepalive on the web', async () => {
    const store = storeWith(validToken);
    await store.dispatch(probe.endpoints.probe.initiate());
    const r = requests[0];
    expect(new URL(r.url).pathname).toBe('/api/v1/probe');
    expect(r.headers.get('authorization')).toBe(`Bearer ${validToken}`);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(r.headers.get('pragma')).toBe('no-cache');
    expect(r.credentials).toBe('omit');
    expect(r.keepalive).toBe(true);
    expect(new URL(r.url).searchParams.has('_auth')).toBe(false);
  });

  test('an expired token is not sent', async () => {
    const expired = `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp: 1 })}.sig`;
    const store = storeWith(expired);
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(requests[0].headers.get('authorization')).toBeNull();
  });

  test('on native iOS the token also travels as _auth and keepalive is off', async () => {
    (window as { Capacitor?: unknown }).Capacitor = { getPlatform: () => 'ios', isNativePlatform: () => true };
    const store = storeWith(validToken);
    await store.dispatch(probe.endpoints.probe.initiate());
    const r = requests[0];
    expect(new URL(r.url).searchParams.get('_auth')).toBe(validToken);
    expect(r.keepalive).toBe(false);
  });

  test('bodies over 60 KB go without keepalive (browsers refuse them)', async () => {
    const store = storeWith(validToken);
    await store.dispatch(probe.endpoints.upload.initiate({ blob: 'x'.repeat(70_000) }));
    expect(requests[0].keepalive).toBe(false);
  });

  test('errors come back normalised', async () => {
    answer = () => new Response(JSON.stringify({ detail: { msg: 'Meal plan not found', type: 'not_found', errors: null } }), { status: 404, headers: { 'content-type': 'application/json' } });
    const store = storeWith(validToken);
    const res = await store.dispatch(probe.endpoints.probe.initiate());
    expect(res.error).toEqual({ status: 404, data: { detail: { msg: 'Meal plan not found', type: 'not_found', errors: null } } });
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const res2 = await store.dispatch(probe.endpoints.probe.initiate(undefined, { forceRefetch: true }));
    expect(res2.error).toMatchObject({ status: 0, data: { detail: { msg: 'Failed to connect to server' } } });
  });

  test('a status the endpoint expects (404: none yet) is not logged as an error; others are', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer = () => new Response(JSON.stringify({ detail: { msg: 'No plan yet', type: 'not_found', errors: null } }), { status: 404, headers: { 'content-type': 'application/json' } });
    const store = storeWith(validToken);
    const res = await store.dispatch(probe.endpoints.latest.initiate());
    expect(res.error).toMatchObject({ status: 404 });
    expect(errors).not.toHaveBeenCalled();
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(errors).toHaveBeenCalledWith('[ERROR]', 'Request failed', 'probe', 404, 'No plan yet');
    errors.mockRestore();
  });

  test('a 401 on the profile fetch ends the session', async () => {
    const { sessionApi } = await import('./session-api');
    answer = () => new Response(JSON.stringify({ detail: { msg: 'Could not validate credentials', type: 'unauthorized', errors: null } }), { status: 401, headers: { 'content-type': 'application/json' } });
    const store = storeWith(validToken);
    await store.dispatch(sessionApi.endpoints.me.initiate());
    await vi.waitFor(() => expect(store.getState().session).toEqual({ token: null, user: null, status: 'anonymous' }));
  });
});

describe('a 403 email_not_verified sends the user to /verify-email (spec §6)', () => {
  const user = { id: 1, email: 'held@example.com', username: 'held', email_validated: true, is_superuser: false } as unknown as User;
  const refused = (type: string) => () =>
    new Response(JSON.stringify({ detail: { msg: 'Verify your e-mail address first: enter the code we sent you, or ask for a new one.', type, errors: null } }), {
      status: 403,
      headers: { 'content-type': 'application/json' },
    });
  const signedIn = () => makeStore({ token: validToken, user, status: 'ready' });
  const onFoodLog = { pathname: '/food-log', search: '', hash: '' };

  test('any call answered so holds the signed-in user at /verify-email, with their address and the page they were on', async () => {
    answer = refused('email_not_verified');
    const store = signedIn();
    expect(guardDecision(store.getState().session, onFoodLog)).toEqual({ kind: 'show' });
    const res = await store.dispatch(probe.endpoints.upload.initiate({ a: 1 }));
    expect(res.error).toMatchObject({ status: 403, data: { detail: { type: 'email_not_verified' } } });
    expect(store.getState().session).toMatchObject({ token: validToken, user: { email: 'held@example.com', email_validated: false } });
    expect(guardDecision(store.getState().session, onFoodLog)).toEqual({ kind: 'redirect', to: '/verify-email', state: { email: 'held@example.com', from: onFoodLog } });
  });

  test('another 403 is an error of that page only', async () => {
    answer = refused('forbidden');
    const store = signedIn();
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(store.getState().session.user?.email_validated).toBe(true);
    expect(guardDecision(store.getState().session, onFoodLog)).toEqual({ kind: 'show' });
  });

  test('an answer that arrives after signing out and in again is not held against the next session', async () => {
    let release!: () => void;
    answer = () => new Promise<Response>((r) => (release = () => r(refused('email_not_verified')())));
    const store = signedIn();
    const pending = store.dispatch(probe.endpoints.probe.initiate());
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    store.dispatch(signOut());
    const next = `${b64({ alg: 'HS256' })}.${b64({ sub: '2', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
    expect(store.dispatch(signIn({ access_token: next, user: { ...user, id: 2, email: 'next@example.com' } }))).toBe(true);
    release();
    await pending;
    // Signing in emptied the cache, which settles `pending` at once; the request itself finishes a few tasks later.
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState().session).toMatchObject({ token: next, user: { email: 'next@example.com', email_validated: true } });
    localStorage.clear();
  });
});

describe('reads sent early (lib/early-requests.ts, issue 9 LCP)', () => {
  beforeEach(() => {
    // Resolve relative URLs as the browser does: against the page.
    const NodeRequest = globalThis.Request;
    vi.stubGlobal(
      'Request',
      class extends NodeRequest {
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.href).href : input, init);
        }
      },
    );
  });

  test('the first query for the same URL and token takes the early answer; the next one asks the server', async () => {
    let served = 0;
    answer = () => new Response(JSON.stringify({ n: ++served }), { status: 200, headers: { 'content-type': 'application/json' } });
    sendEarly(['/probe'], validToken);
    expect(requests).toHaveLength(1);
    const store = storeWith(validToken);
    const first = await store.dispatch(probe.endpoints.probe.initiate());
    expect(first.data).toEqual({ n: 1 });
    expect(requests).toHaveLength(1); // no second request
    const again = await store.dispatch(probe.endpoints.probe.initiate(undefined, { forceRefetch: true }));
    expect(again.data).toEqual({ n: 2 });
    expect(requests).toHaveLength(2);
  });

  test('an early answer sent with another token is not used', async () => {
    const other = `${b64({ alg: 'HS256' })}.${b64({ sub: '2', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
    sendEarly(['/probe'], other);
    const store = storeWith(validToken);
    await store.dispatch(probe.endpoints.probe.initiate());
    expect(requests).toHaveLength(2);
    expect(requests[1].headers.get('authorization')).toBe(`Bearer ${validToken}`);
  });

  test('an early request that failed (offline at start) is sent again when the page asks', async () => {
    let calls = 0;
    answer = () => (++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : new Response(JSON.stringify({ ok: 1 }), { status: 200, headers: { 'content-type': 'application/json' } }));
    sendEarly(['/probe'], validToken);
    const store = storeWith(validToken);
    const result = await store.dispatch(probe.endpoints.probe.initiate());
    expect(result.data).toEqual({ ok: 1 });
    expect(requests).toHaveLength(2);
  });
});

describe('store notifications (lib/store.ts, issue 9 blocking time)', () => {
  const frame = () => new Promise((r) => setTimeout(r, 150));

  test("RTK Query's bookkeeping reaches the page's readers once per frame, other actions at once", async () => {
    const store = storeWith(validToken);
    store.dispatch({ type: 'test/first' }); // RTK Query's middleware announces itself on a store's first action
    let notified = 0;
    store.subscribe(() => notified++);
    store.dispatch({ type: 'test/plain' });
    expect(notified).toBe(1);
    // A query's start is marked for batching by RTK Query: none of the three announces itself in the same task.
    const queries = [store.dispatch(probe.endpoints.probe.initiate()), store.dispatch(probe.endpoints.latest.initiate())];
    store.dispatch({ type: 'test/batched', meta: { [SHOULD_AUTOBATCH]: true } });
    expect(notified).toBe(1);
    expect(store.getState().api?.queries['probe(undefined)']?.status).toBe('pending');
    await Promise.all(queries);
    await frame();
    expect(notified).toBeGreaterThan(1);
    expect(store.getState().api?.queries['probe(undefined)']?.data).toEqual({ ok: true });
  });

  test('a store made before the API loaded batches once it has, keeping its subscribers', async () => {
    vi.resetModules();
    const fresh = await import('./store');
    const store = fresh.makeStore(initialSession(null));
    const order: string[] = [];
    store.subscribe(() => order.push('first'));
    const unsubscribe = store.subscribe(() => order.push('second'));
    store.dispatch({ type: 'test/batched', meta: { [SHOULD_AUTOBATCH]: true } });
    expect(order).toEqual(['first', 'second']); // no API yet: plain Redux, at once
    await import('./api');
    store.dispatch({ type: 'test/first' }); // RTK Query's middleware announces itself on a store's first action
    order.length = 0;
    store.dispatch({ type: 'test/batched', meta: { [SHOULD_AUTOBATCH]: true } });
    expect(order).toEqual([]);
    await frame();
    expect(order).toEqual(['first', 'second']);
    unsubscribe();
    order.length = 0;
    store.dispatch({ type: 'test/plain' });
    expect(order).toEqual(['first']);
    expect(store.getState().api).toBeDefined();
  });
});
