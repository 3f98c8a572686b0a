import TextField, { type TextFieldProps } from '@mui/material/TextField';

type Props = Omit<TextFieldProps, 'value' | 'onChange' | 'error' | 'helperText' | 'type'> & {
  /** NaN while the field is empty (typed over), never a silent 0. */
  value: number;
  onChange: (servings: number) => void;
  /** Shows `range` under the field: set once a submit was refused for this field. */
  invalid: boolean;
  /** The allowed range in words, e.g. "From 1 to 1,000". */
  range: string;
  min: number;
  max: number;
  step?: number;
};

/** The number of servings of a recipe form (build, import, log), with the API's range said at the field. */
export function ServingsField({ value, onChange, invalid, range, min, max, step = 1, label = 'Servings', ...rest }: Props) {
  return (
    <TextField
      {...rest}
      type="number"
      label={label}
      value={Number.isNaN(value) ? '' : value}
      onChange={(e) => onChange(e.target.value === '' ? NaN : Number(e.target.value))}
      error={invalid}
      helperText={invalid ? range : undefined}
      slotProps={{ htmlInput: { min, max, step } }}
    />
  );
}
