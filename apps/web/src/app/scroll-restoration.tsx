import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'scroll-positions';
const MAX_ENTRIES = 100;

function readSaved(): Map<string, number> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][]);
  } catch {
    return new Map();
  }
}

function isReloadOrHistory(): boolean {
  const type = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

/**
 * Scroll like a multi-page site: a new page (a link, a redirect) starts at the top, or at its #hash;
 * back and forward return to where the reader was on that entry, also after a reload. React Router's own
 * <ScrollRestoration> needs its data router, which this app no longer ships (issue 9: ~16 KiB of JS on
 * every first page). Positions are kept per history entry (location.key) for this tab, in sessionStorage.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number>>(null);
  const saved = () => (positions.current ??= readSaved());
  const key = useRef(location.key);

  useEffect(() => {
    const previous = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    const save = () => {
      const all = saved();
      all.delete(key.current);
      all.set(key.current, window.scrollY);
      while (all.size > MAX_ENTRIES) all.delete(all.keys().next().value!);
    };
    const persist = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...saved()]));
      } catch {
        // Storage full or refused (private mode): positions still hold for this page's life.
      }
    };
    // Where the reader already is: a pre-rendered page can be scrolled before the app starts.
    save();
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
      history.scrollRestoration = previous;
    };
  }, []);

  const first = useRef(true);
  useLayoutEffect(() => {
    key.current = location.key;
    // Every page loaded from the network starts with the key "default": the first entry of a tab, a typed
    // address, a link from elsewhere. Only a reload or Back/Forward into the app returns to a saved position.
    const restorable = !first.current || isReloadOrHistory();
    first.current = false;
    const y = navigationType === 'POP' && restorable ? saved().get(location.key) : undefined;
    if (y !== undefined) {
      window.scrollTo(0, y);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    // The first load of a tab keeps the browser's own position (a reload without a saved one, an anchor).
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
