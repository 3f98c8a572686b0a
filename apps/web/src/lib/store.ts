import { applyMiddleware, combineReducers, compose, legacy_createStore as createStore, type Middleware, type MiddlewareAPI, type Reducer, type UnknownAction } from 'redux';
import { thunk, type ThunkDispatch } from 'redux-thunk';
import type { setupListeners } from '@reduxjs/toolkit/query';
import type { api } from './api';
import { initialSession, sessionReducer, type SessionState } from './session';

/*
 * Plain Redux, not Redux Toolkit's configureStore/combineSlices: the store is on every first page, and
 * RTK's core (with immer) is ~9 KiB gzip of a signed-out visitor's first page (issue 9, fast first pages).
 * The session is always in the store; the RTK Query API (lib/api.ts) joins it when the first module that
 * talks to the server loads (attachApi): its reducer by replaceReducer (Redux's code-splitting recipe),
 * its middleware through `late` below, the way RTK's createDynamicMiddleware does it.
 */
type ApiState = ReturnType<typeof api.reducer>;
export interface RootState {
  session: SessionState;
  /** Present once lib/api.ts has loaded. */
  api?: ApiState;
}

const reducers: Record<string, Reducer> = { session: sessionReducer };
const rootReducer = () => combineReducers(reducers) as unknown as Reducer<RootState, UnknownAction, Partial<RootState>>;

/** Middleware added after the stores were made, each applied once per store (RTK Query keeps its state in that call). */
const added: Middleware[] = [];
const applied = new WeakMap<MiddlewareAPI, Map<Middleware, ReturnType<Middleware>>>();
const late: Middleware = (store) => (next) => (action) => {
  if (added.length === 0) return next(action);
  let mine = applied.get(store);
  if (!mine) applied.set(store, (mine = new Map()));
  for (const m of added) if (!mine.has(m)) mine.set(m, m(store));
  return (compose(...mine.values()) as (n: typeof next) => typeof next)(next)(action);
};

type Dispatch = Parameters<typeof setupListeners>[0];
type Dispatchable = { dispatch: Dispatch; replaceReducer(r: Reducer<RootState, UnknownAction, Partial<RootState>>): void };
const stores = new Set<Dispatchable>();
let listenWith: typeof setupListeners | null = null;

const devtools = (import.meta.env?.DEV && typeof window !== 'undefined' && (window as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: typeof compose }).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__) || compose;

export function makeStore(preloadedSession?: SessionState) {
  const store = createStore(rootReducer(), { session: preloadedSession ?? initialSession() }, devtools(applyMiddleware(thunk, late)));
  const typed = store as typeof store & { dispatch: ThunkDispatch<RootState, undefined, UnknownAction> };
  stores.add(typed as unknown as Dispatchable);
  listenWith?.(typed.dispatch as unknown as Dispatch);
  return typed;
}

/**
 * Called by lib/api.ts as it loads: every store (made before or after) gets the API's cache and middleware,
 * and `listen` (RTK Query's setupListeners: refetch on window focus and reconnect, spec §9).
 */
export function attachApi(a: typeof api, listen: typeof setupListeners) {
  if (reducers[a.reducerPath]) return;
  reducers[a.reducerPath] = a.reducer as Reducer;
  added.push(a.middleware as Middleware);
  listenWith = listen;
  for (const s of stores) {
    // replaceReducer fills the API's part of the state at once.
    s.replaceReducer(rootReducer());
    listen(s.dispatch);
  }
}

export const store = makeStore();
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
