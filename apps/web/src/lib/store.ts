import { combineSlices, configureStore, createDynamicMiddleware, type WithSlice } from '@reduxjs/toolkit';
import type { setupListeners } from '@reduxjs/toolkit/query';
import type { api } from './api';
import { initialSession, sessionSlice, type SessionState } from './session';

/**
 * The session is always in the store; the RTK Query API (lib/api.ts) joins it when the first module that
 * talks to the server loads (attachApi), so a signed-out visitor's first page (/, /login, /register) does
 * not download RTK Query (issue 9, fast first pages).
 */
const rootReducer = combineSlices(sessionSlice).withLazyLoadedSlices<WithSlice<typeof api>>();
const dynamicMiddleware = createDynamicMiddleware();
type Dispatch = Parameters<typeof setupListeners>[0];
const stores = new Set<{ dispatch: Dispatch }>();
let listenWith: typeof setupListeners | null = null;

export function makeStore(preloadedSession?: SessionState) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedSession ? { session: preloadedSession } : { session: initialSession() },
    middleware: (gDM) => gDM().concat(dynamicMiddleware.middleware),
  });
  stores.add(store);
  listenWith?.(store.dispatch);
  return store;
}

/**
 * Called by lib/api.ts as it loads: every store (made before or after) gets the API's cache and middleware,
 * and `listen` (RTK Query's setupListeners: refetch on window focus and reconnect, spec §9).
 */
export function attachApi(a: typeof api, listen: typeof setupListeners) {
  rootReducer.inject(a);
  dynamicMiddleware.addMiddleware(a.middleware);
  listenWith = listen;
  for (const s of stores) {
    // The injected reducer fills its part of the state with the next action.
    s.dispatch({ type: 'store/apiAttached' });
    listen(s.dispatch);
  }
}

export const store = makeStore();
export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
