import Stack from '@mui/material/Stack';
import Chip from '@mui/material/Chip';
import { whole } from './format';

interface Props {
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  size?: 'small' | 'medium';
}

/** Calories and P/C/F as compact chips (the notation of spec §2 meal options). */
export function MacroChips({ calories, protein, carbs, fat, size = 'small' }: Props) {
  return (
    <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip size={size} color="primary" variant="outlined" label={`${whole(calories)} kcal`} />
      <Chip size={size} variant="outlined" label={`P ${whole(protein)} g`} />
      <Chip size={size} variant="outlined" label={`C ${whole(carbs)} g`} />
      <Chip size={size} variant="outlined" label={`F ${whole(fat)} g`} />
    </Stack>
  );
}
