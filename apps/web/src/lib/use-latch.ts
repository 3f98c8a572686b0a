import { useState } from 'react';

/**
 * True from the first time `on` is true. Mounts an on-demand part (a React.lazy dialog, menu or drawer)
 * when it is first opened, so its code stays out of the page's first load, and keeps it mounted after
 * so it can animate closed.
 */
export function useLatch(on: boolean): boolean {
  const [latched, setLatched] = useState(on);
  if (on && !latched) setLatched(true);
  return latched || on;
}
