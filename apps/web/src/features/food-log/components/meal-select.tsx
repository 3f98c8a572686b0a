import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MEAL_TYPES, type MealType } from '@app/contracts/constants';
import { MEAL_LABELS } from '../serving-math';

export function MealSelect({ value, onChange, id }: { value: MealType; onChange: (m: MealType) => void; id: string }) {
  return (
    <TextField select id={id} label="Meal" value={value} onChange={(e) => onChange(e.target.value as MealType)} fullWidth>
      {MEAL_TYPES.map((m) => (
        <MenuItem key={m} value={m}>
          {MEAL_LABELS[m]}
        </MenuItem>
      ))}
    </TextField>
  );
}
