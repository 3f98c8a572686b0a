import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthSession, User } from '@app/contracts/auth';
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

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSession,
  reducers: {
    signedIn(state, action: PayloadAction<{ token: string; user: User }>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.status = 'ready';
    },
    signedOut() {
      return { token: null, user: null, status: 'anonymous' as const };
    },
    userUpdated(state, action: PayloadAction<Partial<User>>) {
      if (state.user) state.user = { ...state.user, ...action.payload };
    },
    /** The profile fetch (lib/session-api.ts) started, answered, or failed with this HTTP status. */
    profileRequested(state) {
      if (state.token && !state.user) state.status = 'checking';
    },
    profileLoaded(state, action: PayloadAction<User>) {
      if (!state.token) return; // signed out meanwhile
      state.user = action.payload;
      state.status = 'ready';
    },
    profileFailed(state, action: PayloadAction<number | string | undefined>) {
      if (!state.token) return;
      if (action.payload === 401) return { token: null, user: null, status: 'anonymous' };
      if (!state.user) state.status = 'offline';
    },
  },
});

const slice = sessionSlice;
export const sessionReducer = slice.reducer;
export const { userUpdated, profileRequested, profileLoaded, profileFailed } = slice.actions;

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
    dispatch(slice.actions.signedIn({ token: session.access_token, user: session.user }));
    return true;
  };
}

const API_BASE: string = import.meta.env.VITE_API_BASE_URL ?? '/api/v1';

/**
 * Asks the server to revoke the token (POST /auth/logout), fire and forget: signing out must work
 * offline and must not wait for the network; keepalive lets the call finish while the page changes.
 */
export function revokeToken(token: string | null, fetchImpl: typeof fetch = globalThis.fetch) {
  if (!token || typeof fetchImpl !== 'function') return;
  try {
    void fetchImpl(`${API_BASE}/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(() => {});
  } catch {
    // offline or blocked: the local sign-out below still happens
  }
}

/** Logout revokes the token on the server, then clears it, the user and every cached answer (spec §4). */
export function signOut() {
  return (dispatch: Dispatch) => {
    revokeToken(loadStoredToken());
    clearStoredToken();
    dispatch(slice.actions.signedOut());
    resetApi(dispatch);
  };
}

/** The stored token is removed after a failed login, password reset or social login (spec §4). */
export function forgetToken() {
  return (dispatch: Dispatch) => {
    clearStoredToken();
    dispatch(slice.actions.signedOut());
  };
}

export const selectSession = (s: { session: SessionState }) => s.session;
export const selectUser = (s: { session: SessionState }) => s.session.user;
export const selectIsAuthenticated = (s: { session: SessionState }) => s.session.token !== null && s.session.user !== null;
