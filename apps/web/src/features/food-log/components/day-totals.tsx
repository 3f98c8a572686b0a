import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { DailySummary } from '../types';
import { round } from '../serving-math';

const MACROS = [
  ['protein', 'Protein'],
  ['carbs', 'Carbs'],
  ['fat', 'Fat'],
  ['fiber', 'Fiber'],
] as const;

/** The day at a glance: calories eaten against the goal and what is left, then each macro. */
export function DayTotals({ summary }: { summary: DailySummary }) {
  const t = summary.daily_totals;
  const g = summary.goals;
  const left = g.calories - t.calories;
  return (
    <Card sx={{ p: 2 }} component="section" aria-label="Day totals">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="p" data-testid="day-calories" sx={{ fontWeight: 700 }}>
          {round(t.calories)}
        </Typography>
        <Typography color="text.secondary">{g.calories > 0 ? `of ${round(g.calories)} kcal` : 'kcal eaten'}</Typography>
        {g.calories > 0 && (
          <Typography sx={{ ml: 'auto', fontWeight: 600 }} color={left < 0 ? 'error' : 'primary'}>
            {left < 0 ? `${round(-left)} kcal over` : `${round(left)} kcal left`}
          </Typography>
        )}
      </Box>
      {g.calories > 0 && (
        <LinearProgress
          variant="determinate"
          value={Math.min(100, (t.calories / g.calories) * 100)}
          color={left < 0 ? 'error' : 'primary'}
          aria-label="Calories against goal"
          sx={{ height: 8, borderRadius: 4, my: 1.5 }}
        />
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1.5, mt: 1 }}>
        {MACROS.map(([k, label]) => (
          <Box key={k}>
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid={`day-${k}`}>
              {round(t[k])}
              {g[k] > 0 ? ` / ${round(g[k])}` : ''} g
            </Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
