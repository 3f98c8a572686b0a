import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../lib/format';
import type { RecipeNutrition } from './api';

const ROWS: [keyof RecipeNutrition, string, string][] = [
  ['calories', 'Calories', 'kcal'], ['protein', 'Protein', 'g'], ['carbs', 'Carbs', 'g'], ['fat', 'Fat', 'g'], ['fiber', 'Fiber', 'g'], ['sugar', 'Sugar', 'g'], ['sodium', 'Sodium', 'mg'],
];

/** Nutrition of one serving. */
export function NutritionCard({ n }: { n: RecipeNutrition }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>Per serving</Typography>
        <Stack direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {ROWS.map(([k, label, unit]) => (
            <div key={k}>
              <Typography variant="body2" color="text.secondary">{label}</Typography>
              <Typography data-testid={`per-serving-${k}`}>{formatNumber(n[k])} {unit}</Typography>
            </div>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
