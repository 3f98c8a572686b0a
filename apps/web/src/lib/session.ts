import type { UnknownAction } from 'redux';
import type { AuthSession, User } from '@app/contracts/auth';
import { apiBaseUrl } from './api-base';
import { clearStoredToken, isTokenValid, loadStoredToken, storeToken } from './token';

/*
 * No RTK Query here: the session is on every first page, the API (lib/api.ts) only where a page talks to
 * the server. The profile fetch (GET /auth/me) lives in lib/session-api.ts and reports to this slice.
 */

/**
 * 'checking': a stored token exists and the profile is being fetched; 'offline': it could not be
 * fetched for a reason other than a rejected token (the token is kept so a retry can succeed).
 */
export type SessionStatus = 'anonymous' | 'checking' | 'ready' | 'offline';
export interface SessionState {
  token: string | null;
  user: User | null;
  status: SessionStatus;
}

export function initialSession(token = loadStoredToken()): SessionState {
  return { token, user: null, status: token ? 'checking' : 'anonymous' };
}

/*
 * A plain reducer, not RTK's createSlice: the session is on every first page, and createSlice brings
 * immer and the rest of Redux Toolkit (~9 KiB gzip) onto a signed-out visitor's first page (issue 9).
 * RTK arrives with the API (lib/api.ts) on the pages that talk to the server.
 */
const action = <T extends string>(type: T) => Object.assign(() => ({ type }), { type });
const withPayload = <T extends string, P>(type: T) => Object.assign((payload: P) => ({ type, payload }), { type });

const signedIn = withPayload<'session/signedIn', { token: string; user: User }>('session/signedIn');
const signedOut = action('session/signedOut');
export const userUpdated = withPayload<'session/userUpdated', Partial<User>>('session/userUpdated');
/** The profile fetch (lib/session-api.ts) started, answered, or failed with this HTTP status. */
export const profileRequested = action('session/profileRequested');
export const profileLoaded = withPayload<'session/profileLoaded', User>('session/profileLoaded');
export const profileFailed = withPayload<'session/profileFailed', number | string | undefined>('session/profileFailed');

type SessionAction =
  | ReturnType<typeof signedIn>
  | ReturnType<typeof signedOut>
  | ReturnType<typeof userUpdated>
  | ReturnType<typeof profileRequested>
  | ReturnType<typeof profileLoaded>
  | ReturnType<typeof profileFailed>;

const ANONYMOUS: SessionState = { token: null, user: null, status: 'anonymous' };

export function sessionReducer(state: SessionState = initialSession(), unknownAction: UnknownAction): SessionState {
  const a = unknownAction as SessionAction;
  switch (a.type) {
    case signedIn.type:
      return { token: a.payload.token, user: a.payload.user, status: 'ready' };
    case signedOut.type:
      return ANONYMOUS;
    case userUpdated.type:
      return state.user ? { ...state, user: { ...state.user, ...a.payload } } : state;
    case profileRequested.type:
      return state.token && !state.user ? { ...state, status: 'checking' } : state;
    case profileLoaded.type:
      return state.token ? { ...state, user: a.payload, status: 'ready' } : state; // signed out meanwhile: ignored
    case profileFailed.type:
      if (!state.token) return state;
      if (a.payload === 401) return ANONYMOUS;
      return state.user ? state : { ...state, status: 'offline' };
    default:
      return state;
  }
}

type Dispatch = (action: unknown) => unknown;

/** How to empty the API's cache, registered by lib/api.ts when it loads; before that there is none to empty. */
let apiReset: (() => unknown) | null = null;
export function registerApiReset(reset: () => unknown) {
  apiReset = reset;
}
const resetApi = (dispatch: Dispatch) => {
  if (apiReset) dispatch(apiReset());
};

/**
 * Stores a login/registration/reset answer. Only an e-mail-validated user is kept (spec §4:
 * completing registration otherwise removes the token).
 */
export function signIn(session: Pick<AuthSession, 'access_token' | 'user'>) {
  return (dispatch: Dispatch) => {
    if (!session.user.email_validated || !isTokenValid(session.access_token)) {
      clearStoredToken();
      return false;
    }
    storeToken(session.access_token);
    resetApi(dispatch);
    dispatch(signedIn({ token: session.access_token, user: session.user }));
    return true;
  };
}

/**
 * Asks the server to revoke the token (POST /auth/logout), fire and forget: signing out must work
 * offline and must not wait for the network; keepalive lets the call finish while the page changes.
 */
export function revokeToken(token: string | null, fetchImpl: typeof fetch = globalThis.fetch) {
  if (!token || typeof fetchImpl !== 'function') return;
  try {
    void fetchImpl(`${apiBaseUrl()}/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(() => {});
  } catch {
    // offline or blocked: the local sign-out below still happens
  }
}

/** Logout revokes the token on the server, then clears it, the user and every cached answer (spec §4). */
export function signOut() {
  return (dispatch: Dispatch) => {
    revokeToken(loadStoredToken());
    clearStoredToken();
    dispatch(signedOut());
    resetApi(dispatch);
  };
}

/** The stored token is removed after a failed login, password reset or social login (spec §4). */
export function forgetToken() {
  return (dispatch: Dispatch) => {
    clearStoredToken();
    dispatch(signedOut());
  };
}

export const selectSession = (s: { session: SessionState }) => s.session;
export const selectUser = (s: { session: SessionState }) => s.session.user;
export const selectIsAuthenticated = (s: { session: SessionState }) => s.session.token !== null && s.session.user !== null;
