import { Suspense } from 'react';
import { render } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { forgetFailedRoutes, lazyRoute, type RouteModule } from './lazy-route';

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
});
