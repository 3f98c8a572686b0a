import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { MEAL_TYPES } from '@app/contracts/constants';
import type { DailyMealPlan } from '../types';
import { MEAL_LABELS, shortDate, whole } from './format';
import { LogThisButton } from './log-this-button';
import { MacroChips } from './macro-chips';
import { MealCard } from './meal-card';

const asList = (x: string | string[] | null | undefined) => (Array.isArray(x) ? x : x ? [x] : []);
const SKIP_REASON = { logged: 'already logged', past: 'time has passed' } as const;

/** Today's plan: totals, what is left of the goals, the notes, and each meal with 'Log this'. */
export function DailyPlanView({ plan, date }: { plan: DailyMealPlan; date: string }) {
  const notes = [...asList(plan.personalized_notes), ...asList(plan.considerations)];
  const remaining = plan.remaining_macros;
  if (plan.planned_meals && plan.planned_meals.length === 0 && plan.date === date) {
    return (
      <Alert severity="info">
        Nothing left to plan today — every meal is logged or its time has passed. Try “What to eat now” for a snack, or plan again tomorrow.
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="subtitle2">Planned for today</Typography>
        <MacroChips calories={plan.total_calories} protein={plan.total_protein} carbs={plan.total_carbs} fat={plan.total_fat} />
      </Box>
      {plan.date && plan.date !== date ? (
        <Alert severity="warning">This is your latest plan, made for {shortDate(plan.date)}. Plan again for today.</Alert>
      ) : null}
      {plan.skipped_meals && plan.skipped_meals.length > 0 ? (
        <Typography variant="body2" color="text.secondary">
          Not planned: {plan.skipped_meals.map((m) => `${MEAL_LABELS[m.meal_type]} (${SKIP_REASON[m.reason] ?? m.reason})`).join(', ')}
        </Typography>
      ) : null}
      {remaining ? (
        <Typography variant="body2" color="text.secondary">
          Left for today before this plan: {whole(remaining.calories)} kcal · P {whole(remaining.protein)} g · C {whole(remaining.carbs)} g · F{' '}
          {whole(remaining.fat)} g
        </Typography>
      ) : null}
      {notes.length > 0 ? (
        <Alert severity="info" icon={false}>
          {notes.map((n, i) => (
            <Typography key={i} variant="body2">
              {n}
            </Typography>
          ))}
        </Alert>
      ) : null}
      {plan.favorite_foods_used && plan.favorite_foods_used.length > 0 ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2">Favorites used:</Typography>
          {plan.favorite_foods_used.map((f) => (
            <Chip key={f} size="small" label={f} />
          ))}
        </Box>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {MEAL_TYPES.flatMap((m) => {
          const slot = plan[m];
          if (!slot || slot.foods.length === 0) return [];
          return [<MealCard key={m} mealType={m} slot={slot} action={<LogThisButton foods={slot.foods} mealType={m} date={date} />} />];
        })}
      </Box>
    </Box>
  );
}
