import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { createEmotionCache } from './emotion-cache';
import { store } from '../lib/store';

const container = document.getElementById('root')!;
const router = createAppRouter();
const cache = createEmotionCache();

/**
 * Public pages arrive pre-rendered (scripts/prerender.mjs) for a signed-out visitor: hydrate them.
 * A signed-in visitor sees other content (header buttons, redirects), so the app renders afresh.
 */
const hydrate = container.dataset.prerendered === window.location.pathname && !store.getState().session.token;

function app(hydrating: boolean) {
  return (
    <StrictMode>
      <AppProviders store={store} cache={cache} hydrating={hydrating}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

if (hydrate) {
  // The router first loads the page's lazy route code; hydrating before that would render the boot shell
  // over the pre-rendered page.
  const ready = router.state.initialized
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const stop = router.subscribe((state) => {
          if (state.initialized) {
            stop();
            resolve();
          }
        });
      });
  void ready.then(() => hydrateRoot(container, app(true)));
} else {
  createRoot(container).render(app(false));
}
