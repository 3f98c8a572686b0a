import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { RegenerationTarget } from '../hooks/use-regenerate';
import { dayTotals, mealsOf } from '../logic/plan-days';
import type { ShownDay } from '../logic/placeholders';
import type { Goals, MealType, PlanFoodBase } from '../types';
import { MEAL_LABELS, shortDate } from './format';
import { GoalBars } from './goal-bars';
import { MealCard } from './meal-card';
import { LogDayButton, LogMealButton, usePlanDayLog } from './plan-log-buttons';

interface Props {
  day: ShownDay;
  goals: Goals | null | undefined;
  /** Editing is off while the plan is still being generated. */
  editable: boolean;
  busy: RegenerationTarget | null;
  onRegenerate: (t: RegenerationTarget) => void;
  onSwap: (meal: MealType, planFoodId: string, alt: PlanFoodBase) => void;
  onRefresh: () => void;
  swapping: boolean;
}

export function DayPanel({ day, goals, editable, busy, onRegenerate, onSwap, onRefresh, swapping }: Props) {
  const dayBusy = !!busy && busy.day_number === day.day_number;
  const wholeDayBusy = dayBusy && !busy?.meal_type;
  const dayLog = usePlanDayLog(day, !day.placeholder);
  const dayLabel = `day ${day.day_number}`;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {day.placeholder ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" startIcon={<RefreshIcon />} onClick={onRefresh}>
              Refresh
            </Button>
          }
        >
          {day.refresh_hint ?? 'This day is a placeholder. Refresh, or regenerate the day.'}
        </Alert>
      ) : null}
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h2" sx={{ flex: 1, whiteSpace: 'nowrap' }}>
              Day {day.day_number}
              {day.date ? (
                <Typography component="span" variant="body1" color="text.secondary" sx={{ ml: 1, whiteSpace: 'nowrap' }}>
                  {shortDate(day.date)}
                </Typography>
              ) : null}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <LogDayButton dayLog={dayLog} dayLabel={dayLabel} />
              {editable ? (
                <Button variant="outlined" size="small" startIcon={<AutorenewIcon />} disabled={!!busy} onClick={() => onRegenerate({ day_number: day.day_number })} sx={{ whiteSpace: 'nowrap' }}>
                  {wholeDayBusy ? 'Regenerating…' : 'Regenerate day'}
                </Button>
              ) : null}
            </Box>
          </Box>
          <GoalBars totals={dayTotals(day)} goals={goals} />
        </CardContent>
      </Card>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {mealsOf(day).map(([meal, slot]) => (
          <MealCard
            key={meal}
            mealType={meal}
            slot={slot}
            placeholder={day.placeholder}
            busy={wholeDayBusy || (dayBusy && busy?.meal_type === meal)}
            onSwap={editable && !day.placeholder && !swapping ? (id, alt) => onSwap(meal, id, alt) : undefined}
            action={
              <>
              <LogMealButton meal={meal} dayLog={dayLog} dayLabel={dayLabel} />
              {editable ? (
                <Tooltip title={`Regenerate ${MEAL_LABELS[meal].toLowerCase()}`}>
                  <span>
                    <IconButton
                      size="small"
                      aria-label={`Regenerate ${MEAL_LABELS[meal].toLowerCase()} of day ${day.day_number}`}
                      disabled={!!busy}
                      onClick={() => onRegenerate({ day_number: day.day_number, meal_type: meal })}
                    >
                      <AutorenewIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              ) : null}
              </>
            }
          />
        ))}
      </Box>
    </Box>
  );
}
