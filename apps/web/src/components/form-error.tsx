import { lazy, Suspense, type ReactNode } from 'react';

// Alert (and its severity icons) loads only when a form actually has an error to show.
const Alert = lazy(() => import('@mui/material/Alert'));

export function FormError({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<div role="alert">{children}</div>}>
      <Alert severity="error" sx={{ mb: 2 }} role="alert">
        {children}
      </Alert>
    </Suspense>
  );
}
