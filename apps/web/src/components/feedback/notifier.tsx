import { lazy, Suspense, useEffect, useState } from 'react';
import { subscribeNotices, type Notice } from './notify';

// The snackbar UI (Snackbar, Alert, transitions) loads with the first notice, not with the first page.
const NoticeSnackbar = lazy(() => import('./notice-snackbar'));

/** Shows the latest notice; a newer one replaces it at once. */
export function Notifier() {
  const [current, setCurrent] = useState<Notice | null>(null);
  useEffect(() => subscribeNotices(setCurrent), []);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <NoticeSnackbar current={current} />
    </Suspense>
  );
}
