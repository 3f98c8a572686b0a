import TextField from '@mui/material/TextField';

/** A labelled decimal input that keeps the text as typed (so "0." is not swallowed while typing). */
export function NumberField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  required?: boolean;
  min?: number;
  max?: number;
  error?: string;
}) {
  const { label, value, onChange, required, min = 0, max, error } = props;
  return (
    <TextField
      label={label}
      type="number"
      value={value}
      required={required}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error}
      slotProps={{ htmlInput: { min, max, step: 'any', inputMode: 'decimal' } }}
    />
  );
}

/** Empty → 0; anything not a non-negative number → NaN (the form refuses it). */
export const toAmount = (s: string) => (s.trim() === '' ? 0 : Number(s) >= 0 ? Number(s) : NaN);
