import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from './api';
import { initialSession, sessionReducer, type SessionState } from './session';

export function makeStore(preloadedSession?: SessionState) {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, session: sessionReducer },
    preloadedState: preloadedSession ? { session: preloadedSession } : { session: initialSession() },
    middleware: (gDM) => gDM().concat(api.middleware),
  });
  // Refetch on window focus and reconnect (spec §9).
  setupListeners(store.dispatch);
  return store;
}
export const store = makeStore();
export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
