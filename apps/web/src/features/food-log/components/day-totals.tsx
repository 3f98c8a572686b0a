import { memo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { DailySummary } from '../types';
import { round } from '../serving-math';
import { formatGramsValue, formatNumber } from '../../../lib/format';
import { GOAL_KINDS, goalStatus } from '../../../lib/goal-status';
import { TextLink } from '../../../components/text-link';
import { paths } from '../../../lib/paths';
import { calorieTarget, exerciseLine, useFiberTarget } from '../../../lib/day-targets';

const MACROS = [
  ['protein', 'Protein'],
  ['carbs', 'Carbs'],
  ['fat', 'Fat'],
  ['fiber', 'Fiber'],
] as const;

/** The day at a glance: calories eaten against the goal and what is left, then each macro. */
export const DayTotals = memo(function DayTotals({ summary }: { summary: DailySummary }) {
  const t = summary.daily_totals;
  // Calories against the day's budget (the goal plus any exercise added back); fiber against one target for every
  // screen (the goal, else the DRI's AI, labelled): lib/day-targets, issue 42 §9 and §11.
  const fiber = useFiberTarget(summary.goals.fiber);
  const g = { ...summary.goals, calories: calorieTarget(summary), fiber: fiber.grams };
  const exercise = exerciseLine(summary);
  // The app-wide rule (lib/goal-status): a small overage is on target, and the words say so too.
  const calorie = goalStatus(t.calories, g.calories, 'limit', 'kcal');
  return (
    <Card sx={{ p: 2 }} component="section" aria-label="Day totals">
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="p" data-testid="day-calories" sx={{ fontWeight: 700 }}>
          {formatNumber(round(t.calories))}
        </Typography>
        <Typography color="text.secondary">{g.calories > 0 ? `of ${formatNumber(round(g.calories))}\u00a0kcal` : 'kcal eaten'}</Typography>
        {g.calories > 0 && (
          <Typography sx={{ ml: 'auto', fontWeight: 600, color: `${calorie.color}.main` }} data-testid="day-calorie-status">
            {calorie.state === 'met' ? '✓ On target' : calorie.state === 'over' ? `! ${calorie.text}` : calorie.text}
          </Typography>
        )}
      </Box>
      {exercise && (
        <Typography variant="body2" color="text.secondary" data-testid="day-exercise">
          {exercise.text}
          {exercise.detail && <Box component="span" sx={{ display: 'block' }}>{`(${exercise.detail.toLowerCase()})`}</Box>}
          {exercise.settings && (
            <>
              {' · '}
              <TextLink to={paths.settings}>Change in Settings</TextLink>
            </>
          )}
        </Typography>
      )}
      {g.calories > 0 && (
        <LinearProgress
          variant="determinate"
          value={calorie.percent}
          color={calorie.color}
          aria-label="Calories against goal"
          aria-valuetext={calorie.text}
          sx={{ height: 8, borderRadius: 4, my: 1.5, bgcolor: 'action.disabledBackground' }}
        />
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 1.5, mt: 1 }}>
        {MACROS.map(([k, label]) => {
          const status = goalStatus(t[k], g[k], GOAL_KINDS[k]);
          return (
            <Box key={k}>
              <Typography variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid={`day-${k}`}>
                {formatGramsValue(t[k])}
                {g[k] > 0 ? `\u00a0/\u00a0${formatNumber(round(g[k]))}` : ''}{'\u00a0g'}
              </Typography>
              {k === 'fiber' && fiber.kind === 'AI' && (
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid="day-fiber-target">
                  {fiber.label}
                </Typography>
              )}
              {status.state === 'met' || status.state === 'over' ? (
                <Typography variant="caption" sx={{ color: `${status.color}.main` }}>
                  {status.state === 'met' ? '✓ ' : '! '}
                  {status.text}
                </Typography>
              ) : null}
            </Box>
          );
        })}
      </Box>
    </Card>
  );
});
