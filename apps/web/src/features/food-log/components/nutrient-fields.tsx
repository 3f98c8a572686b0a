import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { NumberField, toAmount } from '../../../components/number-field';

/** A list of [field name, label] pairs; calories is required wherever it appears. */
export type NutrientList = readonly (readonly [string, string])[];

/** Typed values of a nutrient list and their parsed amounts (NaN where a value is not a number). */
export function useNutrientValues<L extends NutrientList>(list: L) {
  type Key = L[number][0];
  const [values, setValues] = useState<Record<Key, string>>(() => Object.fromEntries(list.map(([k]) => [k, ''])) as Record<Key, string>);
  const nums = Object.fromEntries(list.map(([k]) => [k, toAmount(values[k as Key])])) as Record<Key, number>;
  return { values, setValues, nums };
}

/** "Nutrition per serving": one number field per nutrient, shared by the manual entry and custom food forms. */
export function NutrientFields<L extends NutrientList>(props: {
  list: L;
  values: Record<L[number][0], string>;
  nums: Record<L[number][0], number>;
  onChange: (values: Record<L[number][0], string>) => void;
  /** After a refused submit: an empty calories field says so. */
  showMissing?: boolean;
}) {
  const { list, values, nums, onChange, showMissing } = props;
  type Key = L[number][0];
  return (
    <>
      <Typography variant="subtitle2" color="text.secondary">
        Nutrition per serving
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 2 }}>
        {list.map(([k, label]) => (
          <NumberField
            key={k}
            label={label}
            value={values[k as Key]}
            required={k === 'calories'}
            onChange={(v) => onChange({ ...values, [k]: v })}
            error={Number.isNaN(nums[k as Key]) ? 'Not a valid amount' : showMissing && k === 'calories' && values[k as Key].trim() === '' ? 'Enter the calories' : undefined}
          />
        ))}
      </Box>
    </>
  );
}
