import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppSelector } from '../../lib/hooks';
import { dismissNotice, subscribeNotices, type Notice } from './notify';

// The snackbar UI (Snackbar, Alert, transitions) loads with the first notice, not with the first page.
const NoticeSnackbar = lazy(() => import('./notice-snackbar'));

/**
 * Shows the latest notice; a newer one replaces it at once. Not the errors of a user held at /verify-email: the
 * server refused their calls for that (403 email_not_verified, lib/api.ts) and the guard sent them there instead.
 */
export function Notifier() {
  const [current, setCurrent] = useState<Notice | null>(null);
  const held = useAppSelector((s) => s.session.user?.email_validated === false);
  const hidden = held && current?.severity === 'error';
  useEffect(() => subscribeNotices(setCurrent), []);
  // Dismissed, not just hidden: it must not appear once the address is verified.
  useEffect(() => {
    if (hidden && current) dismissNotice(current.id);
  }, [hidden, current]);
  if (!current || hidden) return null;
  return (
    <Suspense fallback={null}>
      <NoticeSnackbar current={current} />
    </Suspense>
  );
}
