import { useState } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import MonitorWeightIcon from '@mui/icons-material/MonitorWeight';
import { errorDetail } from '../../lib/errors';
import { fromDisplay, toDisplay, unitLabel, type Units } from '../../lib/units';
import { useLogWeightMutation } from '../../lib/weights';

/** Two taps on a phone: "Log weight" opens the dialog with the last weight filled in, "Save" stores it. */
export function LogWeightButton({ last, units, variant = 'contained' }: { last: number | null; units: Units; variant?: ButtonProps['variant'] }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [logWeight, { isLoading, error, reset }] = useLogWeightMutation();
  const start = () => {
    reset();
    setValue(last !== null ? String(toDisplay(last, units)) : '');
    setOpen(true);
  };
  const save = async () => {
    const n = Number(value.replace(',', '.'));
    if (!Number.isFinite(n) || n <= 0) return;
    const res = await logWeight({ weight_kg: fromDisplay(n, units) });
    if (!('error' in res)) setOpen(false);
  };
  const detail = error ? errorDetail(error, 'Failed to save weight') : null;
  const fieldError = detail && Array.isArray(detail.errors) ? (detail.errors[0] as { msg?: string })?.msg : null;
  return (
    <>
      <Button variant={variant} startIcon={<MonitorWeightIcon />} onClick={start}>
        Log weight
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="xs">
        <DialogTitle>Log today&apos;s weight</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={`Weight (${unitLabel(units)})`}
            inputMode="decimal"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && save()}
            error={!!detail}
            helperText={fieldError ?? detail?.msg ?? ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" onClick={save} disabled={isLoading || !value}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
