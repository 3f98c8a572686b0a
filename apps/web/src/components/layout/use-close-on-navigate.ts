import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Spec §2: every navigation menu closes when the path changes. */
export function useCloseOnNavigate(close: () => void) {
  const { pathname } = useLocation();
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    latest.current();
  }, [pathname]);
}
