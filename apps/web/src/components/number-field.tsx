import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A labelled decimal input that keeps the text as typed (so "0." is not swallowed while typing, and an emptied
 * field is empty, not 0). `error` is the sentence to show under it, when there is one.
 */
export function NumberField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  required?: boolean;
  min?: number;
  max?: number;
  step?: number | 'any';
  error?: string | null | false;
  size?: 'small' | 'medium';
  /** An accessible name more precise than the visible label ("Grams of Banana, raw"). */
  ariaLabel?: string;
  /** Shown and read, not editable (a value that follows from other fields). */
  disabled?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { label, value, onChange, required, min = 0, max, step = 'any', error, size, ariaLabel, disabled, sx } = props;
  return (
    <TextField
      label={label}
      type="number"
      value={value}
      required={required}
      disabled={disabled}
      size={size}
      sx={sx}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error || undefined}
      slotProps={{ htmlInput: { min, max, step, inputMode: 'decimal', 'aria-label': ariaLabel } }}
    />
  );
}

/** Empty → 0; anything not a non-negative number → NaN (the form refuses it). */
export const toAmount = (s: string) => (s.trim() === '' ? 0 : Number(s) >= 0 ? Number(s) : NaN);
