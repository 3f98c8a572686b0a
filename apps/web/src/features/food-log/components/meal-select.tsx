import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MEAL_TYPES, type MealType } from '@app/contracts/constants';
import { MEAL_LABELS } from '../serving-math';

export function MealSelect({ value, onChange, id, size }: { value: MealType; onChange: (m: MealType) => void; id: string; size?: 'small' | 'medium' }) {
  return (
    <TextField select id={id} label="Meal" value={value} onChange={(e) => onChange(e.target.value as MealType)} fullWidth size={size}>
      {MEAL_TYPES.map((m) => (
        <MenuItem key={m} value={m}>
          {MEAL_LABELS[m]}
        </MenuItem>
      ))}
    </TextField>
  );
}
