import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Spec §2: every navigation menu closes when the path changes. Only on a change: at mount nothing is open,
 * and closing anyway set fresh state objects that re-rendered the whole signed-in layout (drawer, bottom bar)
 * in the effects after a page's first paint (issue 9, blocking time).
 */
export function useCloseOnNavigate(close: () => void) {
  const { pathname } = useLocation();
  const latest = useRef(close);
  latest.current = close;
  const closedFor = useRef(pathname);
  useEffect(() => {
    if (closedFor.current === pathname) return;
    closedFor.current = pathname;
    latest.current();
  }, [pathname]);
}
