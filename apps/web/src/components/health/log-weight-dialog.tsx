import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { errorText, fieldError } from '../../lib/errors';
import { fromDisplay, toDisplay, unitLabel, type Units } from '../../lib/units';
import { useLogWeightMutation } from '../../lib/weights';
import { FormDialog } from '../form-dialog';

/** The "Log weight" dialog, loaded when first opened; mounted afresh (new key) on each opening, with the last weight filled in. */
export default function LogWeightDialog({ open, last, units, onClose }: { open: boolean; last: number | null; units: Units; onClose: () => void }) {
  const [value, setValue] = useState(() => (last !== null ? String(toDisplay(last, units)) : ''));
  // Said at once, with no request, when the field is not a weight: Save never silently does nothing.
  const [local, setLocal] = useState<string | null>(null);
  const [logWeight, { isLoading, error }] = useLogWeightMutation();
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(value.trim().replace(',', '.'));
    if (!value.trim() || !Number.isFinite(n) || n <= 0) {
      setLocal(`Enter your weight in ${unitLabel(units)}, e.g. ${units === 'imperial' ? '165.4' : '75.2'}`);
      return;
    }
    setLocal(null);
    const res = await logWeight({ weight_kg: fromDisplay(n, units) });
    if (!('error' in res)) onClose();
  };
  const onField = error ? fieldError(error, 'weight_kg') : undefined;
  const shown = local ?? onField ?? null;
  return (
    <FormDialog open={open} title="Log today's weight" busy={isLoading} failed={!shown && error ? errorText(error, 'Failed to save weight') : null} onClose={onClose} onSubmit={save}>
      <TextField
        autoFocus
        fullWidth
        label={`Weight (${unitLabel(units)})`}
        inputMode="decimal"
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setLocal(null);
        }}
        error={!!shown}
        helperText={shown ?? ' '}
      />
    </FormDialog>
  );
}
