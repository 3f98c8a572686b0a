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

/** Lets every route whose download failed try again (the route error boundary's reset, on navigation). */
export function forgetFailedRoutes(): void {
  for (const forget of failed) forget();
  failed.clear();
}

export function lazyRoute(load: () => Promise<RouteModule>): { element: ReactElement; handle: LazyRouteHandle } {
  let pending: Promise<RouteModule> | undefined;
  let Loaded: ComponentType | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        Loaded = module.Component;
        return module;
      },
      (error: unknown) => {
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
