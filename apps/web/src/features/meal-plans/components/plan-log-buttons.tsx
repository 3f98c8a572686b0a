import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AddTaskIcon from '@mui/icons-material/AddTask';
import CheckIcon from '@mui/icons-material/Check';
import { MEAL_TYPES } from '@app/contracts/constants';
import type { FoodLogCreate } from '@app/contracts/food-logs';
import { notify } from '../../../components/feedback/notify';
import { catalogueText } from '../../../lib/errors';
import { MEAL_LABELS } from '../../../lib/format';
import { useGetLoggedDayQuery, useLogPlanFoodsMutation } from '../api';
import { isMealLogged, toFoodLogEntries } from '../logic/log-entries';
import { mealFoods } from '../logic/plan-days';
import type { MealType, PlanDay } from '../types';

/**
 * "Log this meal" / "Log this day" on a plan day (issue 10 item 14), through POST /food-logs/batch.
 * Which meals are logged is read from that day's food log, so the marks survive a reload.
 */
export function usePlanDayLog(day: Pick<PlanDay, 'meals'> & { date?: string | null }, enabled: boolean) {
  const date = day.date ?? '';
  const summary = useGetLoggedDayQuery(date, { skip: !enabled || !date });
  const [log, state] = useLogPlanFoodsMutation();
  const planned = Object.fromEntries(MEAL_TYPES.map((m) => [m, date ? toFoodLogEntries(mealFoods(day.meals?.[m]), m, date) : []])) as Record<MealType, FoodLogCreate[]>;
  const logged = (m: MealType) => !!summary.data && isMealLogged(planned[m], summary.data.meals[m]?.foods ?? []);
  const open = MEAL_TYPES.filter((m) => planned[m].length > 0 && !logged(m));

  async function logMeals(meals: MealType[], what: string) {
    const entries = meals.flatMap((m) => planned[m]);
    if (entries.length === 0) return;
    try {
      await log(entries).unwrap();
      notify.success(`Logged ${what}: ${entries.length} ${entries.length === 1 ? 'food' : 'foods'}`);
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to create food log'));
    }
  }
  return {
    ready: enabled && !!date && !!summary.data,
    busy: state.isLoading || summary.isFetching,
    planned,
    logged,
    open,
    logMeal: (m: MealType) => logMeals([m], MEAL_LABELS[m].toLowerCase()),
    logDay: () => logMeals(open, open.length === MEAL_TYPES.filter((m) => planned[m].length > 0).length ? 'the day' : 'the rest of the day'),
  };
}

type DayLog = ReturnType<typeof usePlanDayLog>;

export function LogMealButton({ meal, dayLog, dayLabel }: { meal: MealType; dayLog: DayLog; dayLabel: string }) {
  if (!dayLog.ready || dayLog.planned[meal].length === 0) return null;
  if (dayLog.logged(meal)) {
    return <Chip size="small" color="success" variant="outlined" icon={<CheckIcon />} label="Logged" aria-label={`${MEAL_LABELS[meal]} of ${dayLabel} is logged`} />;
  }
  return (
    <Button size="small" variant="outlined" startIcon={<AddTaskIcon />} disabled={dayLog.busy} onClick={() => dayLog.logMeal(meal)} aria-label={`Log this ${meal} of ${dayLabel}`} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
      Log this meal
    </Button>
  );
}

export function LogDayButton({ dayLog, dayLabel }: { dayLog: DayLog; dayLabel: string }) {
  if (!dayLog.ready) return null;
  const any = MEAL_TYPES.some((m) => dayLog.planned[m].length > 0);
  if (!any) return null;
  if (dayLog.open.length === 0) {
    return <Chip color="success" variant="outlined" icon={<CheckIcon />} label="Day logged" aria-label={`${dayLabel} is logged`} />;
  }
  return (
    <Button variant="contained" size="small" startIcon={<AddTaskIcon />} disabled={dayLog.busy} onClick={dayLog.logDay} aria-label={`Log this day (${dayLabel})`} sx={{ whiteSpace: 'nowrap' }}>
      Log this day
    </Button>
  );
}
