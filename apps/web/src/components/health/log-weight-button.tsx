import { lazy, Suspense, useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import MonitorWeightIcon from '@mui/icons-material/MonitorWeight';
import type { Units } from '../../lib/units';
import { useLatch } from '../../lib/use-latch';

// The dialog (Modal, TextField) loads on the first tap, not with the dashboard.
const LogWeightDialog = lazy(() => import('./log-weight-dialog'));

/** Two taps on a phone: "Log weight" opens the dialog with the last weight filled in, "Save" stores it. */
export function LogWeightButton({ last, units, variant = 'contained' }: { last: number | null; units: Units; variant?: ButtonProps['variant'] }) {
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const mounted = useLatch(open);
  return (
    <>
      <Button
        variant={variant}
        startIcon={<MonitorWeightIcon />}
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        Log weight
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <LogWeightDialog key={opening} open={open} last={last} units={units} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
