import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Goals } from '../types';
import { whole } from './format';

const ROWS: Array<{ key: keyof Goals; label: string; unit: string }> = [
  { key: 'calories', label: 'Calories', unit: 'kcal' },
  { key: 'protein', label: 'Protein', unit: 'g' },
  { key: 'carbs', label: 'Carbs', unit: 'g' },
  { key: 'fat', label: 'Fat', unit: 'g' },
  { key: 'fiber', label: 'Fiber', unit: 'g' },
];

/** Within 10% of the goal reads as on target; beyond it the bar turns amber so a miss is visible. */
function tone(value: number, goal: number): 'success' | 'warning' | 'primary' {
  if (!goal) return 'primary';
  const ratio = value / goal;
  return ratio >= 0.9 && ratio <= 1.1 ? 'success' : 'warning';
}

/** A day's totals against the plan's goals, one bar per nutrient. */
export function GoalBars({ totals, goals }: { totals: Goals; goals: Goals | null | undefined }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}>
      {ROWS.map(({ key, label, unit }) => {
        const value = totals[key] ?? 0;
        const goal = goals?.[key] ?? 0;
        const pct = goal > 0 ? Math.min(100, (value / goal) * 100) : 0;
        return (
          <Box key={key}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {whole(value)}
                {goal > 0 ? ` / ${whole(goal)}` : ''} {unit}
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={pct}
              color={tone(value, goal)}
              aria-label={`${label}: ${whole(value)} of ${whole(goal)} ${unit}`}
              sx={{ height: 8, borderRadius: 4, mt: 0.5 }}
            />
          </Box>
        );
      })}
    </Box>
  );
}
