import { createApi, fetchBaseQuery, setupListeners, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { CACHE_SECONDS } from '@app/contracts/constants';
import type { ErrorTypes } from '@app/contracts/errors';
import { normaliseError, type ApiError } from './errors';
import { isTokenValid } from './token';
import { isIos } from './platform';
import { logger } from './logger';
import { registerApiReset, userUpdated } from './session';
import { autoBatchEnhancer } from '@reduxjs/toolkit';
import { attachApi } from './store';
import { fetchWithEarly } from './early-requests';
import { apiBaseUrl } from './api-base';

export type { ApiError } from './errors';

/**
 * The one RTK Query API of the app (spec §7). Features add endpoints with `api.injectEndpoints`.
 * Every tag type is declared here; lists use the id 'LIST'.
 */
export const tagTypes = [
  'User',
  'Settings',
  'Notification',
  'NotificationPreferences',
  'FoodLog',
  'DailySummary',
  'Favorite',
  'ManualFood',
  'Food',
  'MealPlan',
  'MealPlanTask',
  'DailyPlan',
  'HealthMetric',
  'Insights',
  'Subscription',
  'AdminUser',
  'AdminActivity',
  'AdminCode',
  'AdminWorkers',
] as const;

/** The session token, read from the store without importing the store (that would be a cycle). */
const tokenOf = (state: unknown): string | null => (state as { session?: { token?: string | null } }).session?.token ?? null;

/** Browsers refuse keepalive bodies over 64 KiB; bigger uploads go without it. */
const KEEPALIVE_BODY_LIMIT = 60_000;

/**
 * The URL for a plain `fetch` of an API path (files, which RTK Query should not cache): the same base
 * as every other call and, on iOS, the token as `_auth` — on reads only, the only requests where the
 * server honours it (apps/api/src/plugins/auth.ts).
 */
export function apiUrl(path: string, token: string | null, method = 'GET'): string {
  const url = `${apiBaseUrl()}${path}`;
  if (!isIos() || !isTokenValid(token) || !['GET', 'HEAD'].includes(method.toUpperCase())) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams({ _auth: token! })}`;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBaseUrl(),
  // Spec §7: no cookies, the token travels in the Authorization header only.
  credentials: 'omit',
  // A signed-in page's first reads may already be on their way (lib/early-requests.ts).
  fetchFn: fetchWithEarly,
  prepareHeaders(headers, { getState }) {
    const token = tokenOf(getState());
    if (isTokenValid(token)) headers.set('Authorization', `Bearer ${token}`);
    headers.set('Cache-Control', 'no-cache');
    headers.set('Pragma', 'no-cache');
    return headers;
  },
});

function withTransportOptions(args: string | FetchArgs, token: string | null): FetchArgs {
  const a: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
  if (isIos()) {
    // WKWebView may drop the Authorization header on redirects; the server also accepts `_auth`.
    if (isTokenValid(token)) a.params = { ...(a.params ?? {}), _auth: token };
  } else {
    const size = a.body === undefined ? 0 : typeof a.body === 'string' ? a.body.length : JSON.stringify(a.body ?? null).length;
    if (size < KEEPALIVE_BODY_LIMIT && !(a.body instanceof FormData)) a.keepalive = true;
  }
  return a;
}

/** An endpoint's `extraOptions`: statuses that are a normal answer for it (a 404 meaning "none yet"). */
export interface ApiExtraOptions {
  expectedStatuses?: number[];
}

/**
 * The server's answer to a token whose account has an unverified e-mail address (apps/api/src/plugins/auth.ts). The
 * contract's value, checked by the compiler: a value import of @app/contracts/errors would bring zod to every page.
 */
const EMAIL_NOT_VERIFIED = 'email_not_verified' satisfies (typeof ErrorTypes)['emailNotVerified'];
const isEmailNotVerified = (e: ApiError) => e.status === 403 && e.data.detail.type === EMAIL_NOT_VERIFIED;

/**
 * fetchBaseQuery plus the transport rules of spec §7 and the error normalisation of §8. A 403 email_not_verified
 * (spec §6: an account whose address is not verified is held at /verify-email; e.g. an admin marked it unverified
 * after this token was issued) marks the signed-in user unverified, and the route guard (components/guard-model.ts)
 * sends them to /verify-email with their address; the page that asked is left, and its error is not shown
 * (components/feedback/notifier.tsx).
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError, ApiExtraOptions> = async (args, api, extra) => {
  const token = tokenOf(api.getState());
  const result = await rawBaseQuery(withTransportOptions(args, token), api, extra ?? {});
  if (!result.error) return { data: result.data, meta: result.meta };
  const error = normaliseError(result.error as Parameters<typeof normaliseError>[0]);
  if (isEmailNotVerified(error)) {
    logger.debug('E-mail address not verified', api.endpoint);
    // Only for the session that asked: an answer arriving after a sign-out or another sign-in is someone else's.
    if (token && tokenOf(api.getState()) === token) api.dispatch(userUpdated({ email_validated: false }));
    return { error, meta: result.meta };
  }
  if (typeof error.status === 'number' && extra?.expectedStatuses?.includes(error.status)) logger.debug('Expected answer', api.endpoint, error.status);
  else if (error.status === 401) logger.error('Authentication error', api.endpoint, error.data.detail.msg);
  else logger.error('Request failed', api.endpoint, error.status, error.data.detail.msg);
  return { error, meta: result.meta };
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes,
  keepUnusedDataFor: CACHE_SECONDS.default,
  refetchOnFocus: true,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

// The store starts without the API (lib/store.ts): it joins as this module loads.
attachApi(api, setupListeners, autoBatchEnhancer());
registerApiReset(() => api.util.resetApiState());
