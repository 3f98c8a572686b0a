import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../form-dialog';
import { volumeLabel, type Units } from '../../lib/units';
import { amountMl } from '../../lib/water';

/** Another amount of water, typed in the user's units (lazy: WaterQuickAdd loads it when asked for). */
export default function WaterAmountDialog({ units, onClose, onAdd }: { units: Units; onClose: () => void; onAdd: (ml: number) => Promise<boolean> }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const a = amountMl(value, units);
    if (a.error !== null) return setError(a.error);
    setBusy(true);
    const ok = await onAdd(a.ml);
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <FormDialog open title="Add water" busy={busy} failed={null} onClose={onClose} onSubmit={save}>
      <TextField
        autoFocus
        label={`Amount (${volumeLabel(units)})`}
        inputMode="decimal"
        value={value}
        onChange={(e) => (setValue(e.target.value), setError(null))}
        error={!!error}
        helperText={error ?? (units === 'imperial' ? 'e.g. 16.9 for a small bottle' : 'e.g. 500 for a bottle')}
      />
    </FormDialog>
  );
}
