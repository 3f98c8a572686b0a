import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { FoodNutrients as Nutrients } from '../types';
import { round } from '../serving-math';

const MAIN: { key: keyof Nutrients; label: string; unit: string }[] = [
  { key: 'protein', label: 'Protein', unit: 'g' },
  { key: 'carbs', label: 'Carbs', unit: 'g' },
  { key: 'fat', label: 'Fat', unit: 'g' },
  { key: 'fiber', label: 'Fiber', unit: 'g' },
];
const MORE: { key: keyof Nutrients; label: string; unit: string }[] = [
  { key: 'sugar', label: 'Sugar', unit: 'g' },
  { key: 'saturated_fat', label: 'Saturated fat', unit: 'g' },
  { key: 'monounsaturated_fat', label: 'Monounsaturated fat', unit: 'g' },
  { key: 'polyunsaturated_fat', label: 'Polyunsaturated fat', unit: 'g' },
  { key: 'trans_fat', label: 'Trans fat', unit: 'g' },
  { key: 'cholesterol', label: 'Cholesterol', unit: 'mg' },
  { key: 'sodium', label: 'Sodium', unit: 'mg' },
  { key: 'potassium', label: 'Potassium', unit: 'mg' },
];

/** Calories and macros of what is about to be logged; updates as the serving changes. */
export function NutrientPreview({ n }: { n: Nutrients }) {
  return (
    <Box aria-live="polite">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1.5 }}>
        <Typography variant="h4" component="p" data-testid="preview-calories" sx={{ fontWeight: 700 }}>
          {round(n.calories)}
        </Typography>
        <Typography color="text.secondary">kcal</Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 1, mb: 2 }}>
        {MAIN.map((m) => (
          <Box key={m.key} sx={{ bgcolor: 'action.hover', borderRadius: 2, p: 1, textAlign: 'center' }}>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              {round(n[m.key], 1)} {m.unit}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {m.label}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.25, m: 0 }}>
        {MORE.map((m) => (
          <Box key={m.key} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {m.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right' }}>
              {round(n[m.key], 1)} {m.unit}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
