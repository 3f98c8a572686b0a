import { Suspense } from 'react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { forgetFailedRoutes, freshLoad, lazyRoute, type RouteModule } from './lazy-route';

afterEach(() => vi.restoreAllMocks());

const screen = (text: string): RouteModule => ({ Component: () => <h1>{text}</h1> });

describe('lazyRoute', () => {
  test('once preloaded, the screen renders in the same pass: no fallback in between (hydration needs this)', async () => {
    const load = vi.fn(async () => screen('Food log'));
    const route = lazyRoute(load);
    await route.handle.preload();
    const { container } = render(<Suspense fallback={<p>loading</p>}>{route.element}</Suspense>);
    expect(container.textContent).toBe('Food log');
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('not preloaded: the fallback shows while the code loads; the download is shared with the preload', async () => {
    let arrive!: (m: RouteModule) => void;
    const load = vi.fn(() => new Promise<RouteModule>((resolve) => (arrive = resolve)));
    const route = lazyRoute(load);
    const first = render(<Suspense fallback={<p>loading</p>}>{route.element}</Suspense>);
    expect(first.container.textContent).toBe('loading');
    const preloaded = route.handle.preload();
    arrive(screen('Settings'));
    await preloaded;
    first.unmount();
    const again = render(<Suspense fallback={<p>loading</p>}>{route.element}</Suspense>);
    expect(again.container.textContent).toBe('Settings');
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a failed download stays failed (no retry loop) until forgetFailedRoutes, then downloads afresh', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module')).mockResolvedValue(screen('Dashboard'));
    const route = lazyRoute(load);
    await expect(route.handle.preload()).rejects.toThrow(/Failed to fetch/);
    await expect(route.handle.preload()).rejects.toThrow(/Failed to fetch/);
    expect(load).toHaveBeenCalledTimes(1);
    forgetFailedRoutes();
    await expect(route.handle.preload()).resolves.toHaveProperty('Component');
    expect(load).toHaveBeenCalledTimes(2);
  });

  test('a retry that fails again while the server answers loads the address afresh (a browser that remembers failed downloads)', async () => {
    const reload = vi.spyOn(freshLoad, 'reload').mockImplementation(() => {});
    const serverAnswers = vi.spyOn(freshLoad, 'serverAnswers').mockResolvedValue(true);
    const load = vi.fn().mockRejectedValue(new Error('Failed to fetch dynamically imported module'));
    const route = lazyRoute(load);
    // The first failure shows the error page: no reload, no probe.
    await expect(route.handle.preload()).rejects.toThrow(/Failed to fetch/);
    expect(serverAnswers).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
    // The retry (after a navigation) fails too, and the server answers: a fresh document, the route pending meanwhile.
    forgetFailedRoutes();
    let settled = false;
    void route.handle.preload().finally(() => (settled = true));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(settled).toBe(false);
  });

  test('a retry that fails while the server does not answer either shows the error again, no reload', async () => {
    const reload = vi.spyOn(freshLoad, 'reload').mockImplementation(() => {});
    vi.spyOn(freshLoad, 'serverAnswers').mockResolvedValue(false);
    const load = vi.fn().mockRejectedValue(new Error('Failed to fetch dynamically imported module'));
    const route = lazyRoute(load);
    await expect(route.handle.preload()).rejects.toThrow(/Failed to fetch/);
    forgetFailedRoutes();
    await expect(route.handle.preload()).rejects.toThrow(/Failed to fetch/);
    expect(reload).not.toHaveBeenCalled();
  });
});
