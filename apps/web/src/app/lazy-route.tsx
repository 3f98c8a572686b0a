import { use, type ComponentType, type ReactElement } from 'react';

/** What a lazy route module exports: its screen as `Component` (the convention of every `*-route.tsx`). */
export type RouteModule = { Component: ComponentType };

/** What the router keeps in a lazy route's `handle`: how to start loading its code. */
export type LazyRouteHandle = { preload: () => Promise<RouteModule> };

/**
 * A route whose screen is in a chunk of its own. The element renders the screen synchronously once its
 * module has arrived (so a page whose code was preloaded hydrates and renders in one pass, with no
 * fallback in between) and suspends on the module's promise until then. `preload` starts the download;
 * the router calls it for every route a URL matches, all at once (app/router.tsx, preloadRoutes), so
 * nested layouts never load one after the other. A failed download stays failed (React re-renders with
 * the same promise, and the route error boundary shows the error) until the boundary resets on the next
 * navigation, which calls forgetFailedRoutes: then the route downloads afresh.
 */
const failed = new Set<() => void>();

/**
 * A retry's last resort. Some browsers keep a failed module download for the document's lifetime and
 * answer every later import of that file with the same failure, without asking the network: Chromium up
 * to ~v148 and Safari (the iOS app's WebView) do; newer Chromium downloads again. So when a retried
 * download fails as well but our server answers now, the address is loaded afresh: a new document has
 * no remembered failures. Only a retry does this (it follows a navigation, i.e. the user's tap), never the
 * first failure, so a server that keeps failing shows the error page, not a reload loop; and while the
 * server is unreachable too, the error page stays.
 */
export const freshLoad = {
  serverAnswers: async (): Promise<boolean> => {
    try {
      return (await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' })).ok;
    } catch {
      return false;
    }
  },
  reload: (): void => window.location.reload(),
};

/** Lets every route whose download failed try again (the route error boundary's reset, on navigation). */
export function forgetFailedRoutes(): void {
  for (const forget of failed) forget();
  failed.clear();
}

export function lazyRoute(load: () => Promise<RouteModule>): { element: ReactElement; handle: LazyRouteHandle } {
  let pending: Promise<RouteModule> | undefined;
  let Loaded: ComponentType | undefined;
  let failedBefore = false;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        Loaded = module.Component;
        return module;
      },
      async (error: unknown) => {
        if (failedBefore && (await freshLoad.serverAnswers())) {
          freshLoad.reload();
          return new Promise<RouteModule>(() => {}); // the page is being replaced: keep showing the fallback
        }
        failedBefore = true;
        failed.add(() => (pending = undefined));
        throw error;
      },
    ));
  function LazyRouteElement() {
    const Screen = Loaded ?? use(preload()).Component;
    return <Screen />;
  }
  return { element: <LazyRouteElement />, handle: { preload } };
}
