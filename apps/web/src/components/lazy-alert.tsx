import { lazy, Suspense } from 'react';
import type { AlertProps } from '@mui/material/Alert';

const Alert = lazy(() => import('@mui/material/Alert'));

/**
 * MUI's Alert, loaded when first shown: the dashboard and the food log show one only when something
 * failed, so it stays out of their first load.
 */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
