import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

export type TextInputProps = Omit<OutlinedInputProps, 'label' | 'error' | 'fullWidth' | 'sx'> & {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  sx?: SxProps<Theme>;
};

/**
 * An outlined text field with a visible label and helper text, like MUI's TextField but without its
 * `select` mode: TextField pulls Select → Menu → Popover into every page that has a form, which the
 * first page (login) cannot afford (< 200 KB gzip). Pages that need a select use TextField.
 */
export function TextInput({ label, helperText, error, required, sx, id, ...input }: TextInputProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl fullWidth variant="outlined" error={error} required={required} sx={sx}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput id={inputId} label={label} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
