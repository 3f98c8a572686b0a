import { applyMiddleware, combineReducers, compose, legacy_createStore as createStore, type Middleware, type MiddlewareAPI, type Reducer, type Store, type StoreEnhancer, type UnknownAction } from 'redux';
import { thunk, type ThunkDispatch } from 'redux-thunk';
import type { CombinedState, EndpointDefinitions, setupListeners } from '@reduxjs/toolkit/query';
import { initialSession, sessionReducer, type SessionState } from './session';

/*
 * Plain Redux, not Redux Toolkit's configureStore/combineSlices: the store is on every first page, and
 * RTK's core (with immer) is ~9 KiB gzip of a signed-out visitor's first page (issue 9, fast first pages).
 * The session is always in the store; the RTK Query API (lib/api.ts) joins it when the first module that
 * talks to the server loads (attachApi): its reducer by replaceReducer (Redux's code-splitting recipe),
 * its middleware through `late` below, the way RTK's createDynamicMiddleware does it.
 */
/*
 * The API's part of the state and what attachApi takes of the API, written without importing lib/api.ts: that module
 * imports this one (to call attachApi), and a type import back would make the two a cycle.
 */
type ApiState = CombinedState<EndpointDefinitions, string, 'api'>;
export interface AttachableApi {
  reducerPath: 'api';
  reducer: Reducer;
  middleware: Middleware;
}
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

/**
 * RTK's autoBatchEnhancer, joined late too: RTK Query marks its bookkeeping actions (a query's start and
 * answer, its subscriptions) to be announced to subscribers once per frame instead of at each dispatch, so the
 * queries a page starts in its effects do not each re-render every reader synchronously in that same task
 * (issue 9, blocking time). RTK's configureStore adds it by default; this store gets it with the API
 * (`attachApi`, through the store's `batchWith`), as RTK's core is in the API's chunk, not on the first pages.
 * Until then (and on stores made without the API, as in tests) the store notifies at each dispatch, as plain
 * Redux does.
 *
 * It sits inside applyMiddleware, where configureStore puts it, so every action that reaches the reducer
 * passes it, thunks' included. Subscribers from before are moved over, in their order.
 */
type Batcher = StoreEnhancer;
const lateBatch: StoreEnhancer<{ batchWith(b: Batcher): void }> = (next) => (reducer, preloaded) => {
  const base = next(reducer, preloaded) as Store;
  let current: Store = base;
  const subscribers = new Set<{ listener: () => void; unsubscribe: () => void }>();
  return {
    ...base,
    dispatch: ((action: UnknownAction) => current.dispatch(action)) as Store['dispatch'],
    subscribe(listener: () => void) {
      const s = { listener, unsubscribe: current.subscribe(listener) };
      subscribers.add(s);
      return () => {
        s.unsubscribe();
        subscribers.delete(s);
      };
    },
    batchWith(b: Batcher) {
      current = (b((() => base) as never) as (r: unknown) => Store)(reducer);
      for (const s of subscribers) {
        s.unsubscribe();
        s.unsubscribe = current.subscribe(s.listener);
      }
    },
  } as never;
};

type Dispatch = Parameters<typeof setupListeners>[0];
type Dispatchable = { dispatch: Dispatch; replaceReducer(r: Reducer<RootState, UnknownAction, Partial<RootState>>): void; batchWith(b: Batcher): void };
const stores = new Set<Dispatchable>();
let listenWith: typeof setupListeners | null = null;
let batcher: Batcher | null = null;

const devtools = (import.meta.env?.DEV && typeof window !== 'undefined' && (window as { __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: typeof compose }).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__) || compose;

export function makeStore(preloadedSession?: SessionState) {
  const store = createStore(rootReducer(), { session: preloadedSession ?? initialSession() }, devtools(applyMiddleware(thunk, late), lateBatch) as StoreEnhancer);
  const typed = store as typeof store & { dispatch: ThunkDispatch<RootState, undefined, UnknownAction> };
  stores.add(typed as unknown as Dispatchable);
  listenWith?.(typed.dispatch as unknown as Dispatch);
  if (batcher) (typed as unknown as Dispatchable).batchWith?.(batcher);
  return typed;
}

/**
 * Called by lib/api.ts as it loads: every store (made before or after) gets the API's cache and middleware,
 * `listen` (RTK Query's setupListeners: refetch on window focus and reconnect, spec §9) and `batch` (above).
 */
export function attachApi(a: AttachableApi, listen: typeof setupListeners, batch: Batcher) {
  if (reducers[a.reducerPath]) return;
  reducers[a.reducerPath] = a.reducer;
  added.push(a.middleware);
  listenWith = listen;
  batcher = batch;
  for (const s of stores) {
    // replaceReducer fills the API's part of the state at once.
    s.replaceReducer(rootReducer());
    listen(s.dispatch);
    s.batchWith?.(batch);
  }
}

export const store = makeStore();
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
