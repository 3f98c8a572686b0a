import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ScrollRestoration } from './scroll-restoration';

/** The first entry of every page loaded from the network has the key "default", whatever page it is. */
function loadPage(navigationType: 'navigate' | 'reload' | 'back_forward') {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: navigationType } as unknown as PerformanceEntry]);
  render(
    <MemoryRouter initialEntries={['/privacy-policy']}>
      <ScrollRestoration />
    </MemoryRouter>,
  );
}

describe('ScrollRestoration on a page loaded from the network', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // An earlier page of this tab, also a first entry, was left scrolled to 800.
    sessionStorage.setItem('scroll-positions', JSON.stringify([['default', 800]]));
    scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  test('opened afresh (a typed address, a link from elsewhere): not moved to another page’s position', () => {
    loadPage('navigate');
    expect(scrollTo).not.toHaveBeenCalledWith(0, 800);
  });

  test('reloaded, or reached by Back/Forward: back where the reader was', () => {
    loadPage('reload');
    expect(scrollTo).toHaveBeenCalledWith(0, 800);
    scrollTo.mockClear();
    loadPage('back_forward');
    expect(scrollTo).toHaveBeenCalledWith(0, 800);
  });
});
