import { lazy, Suspense, useEffect, useState } from 'react';
import { subscribeNotices, type Notice } from './notify';

// The snackbar UI (Snackbar, Alert, transitions) loads with the first notice, not with the first page.
const NoticeSnackbar = lazy(() => import('./notice-snackbar'));

/** Shows the queued notices one at a time. */
export function Notifier() {
  const [queue, setQueue] = useState<readonly Notice[]>([]);
  useEffect(() => subscribeNotices(setQueue), []);
  if (queue.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <NoticeSnackbar current={queue[0]} />
    </Suspense>
  );
}
