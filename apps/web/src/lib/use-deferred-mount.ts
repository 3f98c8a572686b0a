import { createContext, useContext, useDeferredValue } from 'react';

/** True while the build renders a page whole for its styles (app/prerender.tsx, renderSignedInStyles). */
export const RenderWholeContext = createContext(false);

/**
 * False on a page's first render and true in the deferred render React runs right after it, so the part
 * it gates (below the fold, or after the heading) does not lengthen the commit that first paints the page.
 * On the server a deferred value never turns: the build's style pre-render asks for the whole page instead.
 */
export function useDeferredMount(): boolean {
  const whole = useContext(RenderWholeContext);
  const later = useDeferredValue(true, false);
  return whole || later;
}
