import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../lib/format';

const SIZE = 200;
const THICKNESS = 22; // the former gauge's inner radius of 78 %
const R = (SIZE - THICKNESS) / 2;
const CIRCUMFERENCE = 2 * Math.PI * R;

/**
 * Calories eaten against the goal as a ring: two SVG circles, so the dashboard's first paint needs no
 * charts library. Read as a meter ("1,200 of 2,000 kcal eaten"); the numbers in the middle are for the eye.
 * `color` comes from lib/goal-status: a small overage is success, not red.
 */
export function CalorieRing({ eaten, goal, color }: { eaten: number; goal: number; color: 'primary' | 'success' | 'warning' }) {
  const value = goal > 0 ? Math.min(Math.max(eaten, 0), goal) : 0;
  const max = goal > 0 ? goal : 1;
  const arc = (value / max) * CIRCUMFERENCE;
  const full = arc >= CIRCUMFERENCE;
  return (
    <Box sx={{ position: 'relative', width: SIZE, height: SIZE, mx: 'auto' }}>
      <svg
        width={SIZE}
        height={SIZE}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        role="meter"
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-label={goal > 0 ? `${Math.round(eaten)} of ${Math.round(goal)} kcal eaten` : `${Math.round(eaten)} kcal eaten`}
        style={{ display: 'block' }}
      >
        <Box component="circle" cx={SIZE / 2} cy={SIZE / 2} r={R} fill="none" strokeWidth={THICKNESS} sx={{ stroke: (t) => t.palette.action.disabledBackground }} />
        {arc > 0 && (
          // Starts at the top and runs clockwise, with round ends (the former gauge's corner radius of 50 %).
          <Box
            component="circle"
            cx={SIZE / 2}
            cy={SIZE / 2}
            r={R}
            fill="none"
            strokeWidth={THICKNESS}
            strokeLinecap={full ? 'butt' : 'round'}
            // A round end reaches half the thickness past the dash: shorten it by that at both ends.
            strokeDasharray={full ? undefined : `${Math.max(arc - THICKNESS, 0.01)} ${CIRCUMFERENCE}`}
            strokeDashoffset={full ? undefined : -THICKNESS / 2}
            transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
            sx={{ stroke: (t) => t.palette[color].main }}
            data-testid="calorie-ring-arc"
          />
        )}
      </svg>
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
