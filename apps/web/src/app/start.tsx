// The app's start, loaded by app/main.tsx in a task of its own (after app/early-data.ts and app/providers.tsx).
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes, preloadRoutes } from './router';
import { createEmotionCache } from './emotion-cache';
import { store } from '../lib/store';
import { appTheme } from './theme';
import { nextTask } from './next-task';

const container = document.getElementById('root')!;
const cache = createEmotionCache();

/**
 * Public pages arrive pre-rendered (scripts/prerender.mjs) for a signed-out visitor: hydrate them.
 * A signed-in visitor sees other content (header buttons, redirects), so the app renders afresh.
 */
const hydrate = container.dataset.prerendered === window.location.pathname && !store.getState().session.token;

// With a token, the profile query starts now (its answer is already on the way, app/early-data.ts): the
// guard then has the user when the route's code arrives and renders the page at once, not a skeleton first.
if (store.getState().session.token) {
  void import('../lib/session-api').then(({ sessionApi }) => store.dispatch(sessionApi.endpoints.me.initiate(undefined, { subscribe: false })));
}

/**
 * Text typed into a pre-rendered input before hydration is in the DOM but not in React's state (React
 * keeps the DOM value and does not report it). Once hydrated, hand each such value to the input's
 * onChange: reset React's record of the value, put the typed text back, fire an input event. A wrapper
 * (not a sibling) so the tree, and with it every useId, stays the pre-rendered one.
 */
function AdoptValuesTypedBeforeHydration({ children }: { children: ReactNode }) {
  useEffect(() => {
    for (const el of container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type=checkbox]):not([type=radio]):not([type=hidden]), textarea')) {
      const typed = el.value;
      if (typed === el.defaultValue) continue;
      const nativeSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set;
      if (!nativeSetter) continue;
      el.value = el.defaultValue; // through React's value tracker: it now holds the rendered value
      nativeSetter.call(el, typed); // past the tracker: the DOM holds the typed text again
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
    // React owns the page now: public/prerendered-init.js stops holding forms. A form sent before (Enter or its
    // button) goes now, once React has re-rendered with the adopted values.
    delete container.dataset.prerendered;
    const pending = container.querySelector<HTMLFormElement>('form[data-submit-pending]');
    if (pending) {
      pending.removeAttribute('data-submit-pending');
      pending.removeAttribute('aria-busy');
      setTimeout(() => pending.requestSubmit(), 0);
    }
    // A button tapped before (the site menu, the colour-mode toggle) is pressed now: the tap is not lost.
    const tapped = container.querySelector<HTMLButtonElement>('button[data-click-pending]');
    if (tapped) {
      tapped.removeAttribute('data-click-pending');
      setTimeout(() => tapped.click(), 0);
    }
  }, []);
  return children;
}

function app(hydrating: boolean) {
  return (
    <StrictMode>
      <AppProviders store={store} cache={cache} hydrating={hydrating}>
        <BrowserRouter>
          {hydrating ? <AppRoutes Wrap={AdoptValuesTypedBeforeHydration} /> : <AppRoutes boot />}
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
}

export async function start() {
  await nextTask();
  appTheme();
  await nextTask();
  // The page's layouts and screen, all at once.
  const loading = preloadRoutes(window.location.pathname);
  await nextTask();
  if (hydrate) {
    // Hydrating before the page's code has arrived would render the boot shell over the pre-rendered page.
    // A failed download hydrates anyway: the route error page then says what failed.
    await loading.catch(() => undefined);
    // In a transition, hydration yields to the browser every few milliseconds instead of blocking the main
    // thread for the whole page.
    startTransition(() => void hydrateRoot(container, app(true)));
  } else {
    // A signed-in visitor of a pre-rendered page: the app renders afresh, forms held before are dropped with it.
    delete container.dataset.prerendered;
    const root = createRoot(container);
    // In a transition too: the first render yields every few milliseconds instead of being one long task.
    startTransition(() => root.render(app(false)));
  }
}
