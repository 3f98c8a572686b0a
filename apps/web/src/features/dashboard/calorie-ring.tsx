import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Gauge, gaugeClasses } from '@mui/x-charts/Gauge';
import { formatNumber } from '../../lib/format';

/** Calories eaten against the goal as a ring; its own chunk so the charts library loads only here. */
/** `color` comes from lib/goal-status: a small overage is success, not red. */
export default function CalorieRing({ eaten, goal, color }: { eaten: number; goal: number; color: 'primary' | 'success' | 'warning' }) {
  const value = goal > 0 ? Math.min(eaten, goal) : 0;
  return (
    <Box sx={{ position: 'relative', width: 200, height: 200, mx: 'auto' }}>
      <Gauge
        width={200}
        height={200}
        value={value}
        valueMax={goal > 0 ? goal : 1}
        innerRadius="78%"
        cornerRadius="50%"
        text={() => ''}
        aria-label={goal > 0 ? `${Math.round(eaten)} of ${Math.round(goal)} kcal eaten` : `${Math.round(eaten)} kcal eaten`}
        sx={(theme) => ({
          [`& .${gaugeClasses.valueArc}`]: { fill: theme.palette[color].main },
          [`& .${gaugeClasses.referenceArc}`]: { fill: theme.palette.action.disabledBackground },
        })}
      />
      <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' }} aria-hidden>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.1 }}>
          {formatNumber(Math.round(eaten))}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {goal > 0 ? `of ${formatNumber(Math.round(goal))}\u00a0kcal` : 'kcal'}
        </Typography>
      </Box>
    </Box>
  );
}
