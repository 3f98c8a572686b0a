import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Renders `children` (typically a React.lazy chart) only once its place comes near the viewport, so
 * below-the-fold parts cost a page's first load nothing: `fallback` holds the place until then and
 * while the code loads. Without IntersectionObserver the children render at once.
 */
export function WhenVisible({ children, fallback, rootMargin = '200px' }: { children: ReactNode; fallback: ReactNode; rootMargin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen, rootMargin]);
  return <Box ref={ref}>{seen ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</Box>;
}
