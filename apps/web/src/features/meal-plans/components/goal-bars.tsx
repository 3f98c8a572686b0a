import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Goals } from '../types';
import { whole } from './format';
import { goalStatus } from '../../../lib/goal-status';

const ROWS: Array<{ key: keyof Goals; label: string; unit: string }> = [
  { key: 'calories', label: 'Calories', unit: 'kcal' },
  { key: 'protein', label: 'Protein', unit: 'g' },
  { key: 'carbs', label: 'Carbs', unit: 'g' },
  { key: 'fat', label: 'Fat', unit: 'g' },
  { key: 'fiber', label: 'Fiber', unit: 'g' },
];

const KIND = { calories: 'limit', carbs: 'limit', fat: 'limit', protein: 'floor', fiber: 'floor' } as const;

/** A day's totals against the plan's goals, one bar per nutrient. */
export function GoalBars({ totals, goals }: { totals: Goals; goals: Goals | null | undefined }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))' }}>
      {ROWS.map(({ key, label, unit }) => {
        // Judged on the whole number the row shows: 129.6 g of protein reads '130 / 130 g' and is the goal reached,
        // not a bar with no words (under by 0.4 g, too little to say '0 g below goal').
        const value = Math.round(totals[key] ?? 0);
        const goal = goals?.[key] ?? 0;
        // The app-wide rule (lib/goal-status): a small overage is on target, floors are never over.
        const status = goalStatus(value, goal, KIND[key], unit === 'kcal' ? 'kcal' : 'g');
        return (
          <Box key={key}>
            {/* Wraps between label and value in a narrow column instead of running into the next one. */}
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', columnGap: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {whole(value)}
                {goal > 0 ? `\u00a0/\u00a0${whole(goal)}` : ''}{'\u00a0'}{unit}
              </Typography>
            </Box>
            <LinearProgress
              variant="determinate"
              value={status.percent}
              color={status.color}
              aria-valuetext={status.state === 'none' ? undefined : status.text}
              aria-label={`${label}: ${whole(value)} of ${whole(goal)} ${unit}`}
              sx={{ height: 8, borderRadius: 4, mt: 0.5, bgcolor: 'action.disabledBackground' }}
            />
            {status.state === 'met' || status.state === 'over' ? (
              <Typography variant="caption" sx={{ display: 'block', mt: 0.25, color: `${status.color}.main` }}>
                {status.state === 'met' ? `✓ ${status.text}` : `! ${status.text}`}
              </Typography>
            ) : status.state === 'under' && Math.round(goal - value) > 0 ? (
              // A plan that falls short says by how much ("left" / "to go" are for a day still being eaten).
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.25 }}>
                {`${whole(goal - value)}\u00a0${unit} below goal`}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
