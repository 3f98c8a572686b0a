import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { errorDetail } from '../../lib/errors';
import { fromDisplay, toDisplay, unitLabel, type Units } from '../../lib/units';
import { useLogWeightMutation } from '../../lib/weights';

/** The "Log weight" dialog, loaded when first opened; mounted afresh (new key) on each opening, with the last weight filled in. */
export default function LogWeightDialog({ open, last, units, onClose }: { open: boolean; last: number | null; units: Units; onClose: () => void }) {
  const [value, setValue] = useState(() => (last !== null ? String(toDisplay(last, units)) : ''));
  const [logWeight, { isLoading, error }] = useLogWeightMutation();
  const save = async () => {
    const n = Number(value.replace(',', '.'));
    if (!Number.isFinite(n) || n <= 0) return;
    const res = await logWeight({ weight_kg: fromDisplay(n, units) });
    if (!('error' in res)) onClose();
  };
  const detail = error ? errorDetail(error, 'Failed to save weight') : null;
  const fieldError = detail && Array.isArray(detail.errors) ? (detail.errors[0] as { msg?: string })?.msg : null;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
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
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={isLoading || !value}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
