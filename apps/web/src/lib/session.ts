import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthSession, User } from '@app/contracts/auth';
import { api } from './api';
import { clearStoredToken, isTokenValid, loadStoredToken, storeToken } from './token';

/** GET /auth/me: the profile fetched at start and after sign-in (spec §4). */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<User, void>({ query: () => '/auth/me', providesTags: ['User'] }),
  }),
});
export const { useMeQuery } = sessionApi;

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

const slice = createSlice({
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
  },
  extraReducers: (b) => {
    b.addMatcher(sessionApi.endpoints.me.matchPending, (state) => {
      if (state.token && !state.user) state.status = 'checking';
    });
    b.addMatcher(sessionApi.endpoints.me.matchFulfilled, (state, action) => {
      if (!state.token) return;
      state.user = action.payload;
      state.status = 'ready';
    });
    b.addMatcher(sessionApi.endpoints.me.matchRejected, (state, action) => {
      if (action.meta.condition || !state.token) return; // skipped, or signed out meanwhile
      const status = (action.payload as { status?: number } | undefined)?.status;
      if (status === 401) return { token: null, user: null, status: 'anonymous' };
      if (!state.user) state.status = 'offline';
    });
  },
});

export const sessionReducer = slice.reducer;
export const { userUpdated } = slice.actions;

type Dispatch = (action: unknown) => unknown;

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
    dispatch(api.util.resetApiState());
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
    dispatch(api.util.resetApiState());
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
