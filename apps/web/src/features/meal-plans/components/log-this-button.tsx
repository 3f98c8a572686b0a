import { useState } from 'react';
import Button from '@mui/material/Button';
import AddTaskIcon from '@mui/icons-material/AddTask';
import { notify } from '../../../components/feedback/notify';
import { catalogueText } from '../../../lib/errors';
import { useLogPlanFoodsMutation } from '../api';
import { toFoodLogEntries, type LoggableFood } from '../logic/log-entries';
import type { MealType } from '../types';
import { MEAL_LABELS } from './format';

/** Logs the foods to today's food log under the meal (POST /food-logs/batch, all or nothing). */
export function LogThisButton({ foods, mealType, date, label }: { foods: readonly LoggableFood[]; mealType: MealType; date: string; label?: string }) {
  const [log, logging] = useLogPlanFoodsMutation();
  const [done, setDone] = useState(false);
  const entries = toFoodLogEntries(foods, mealType, date);

  async function onClick() {
    try {
      await log(entries).unwrap();
      setDone(true);
      notify.success(`Logged ${entries.length} ${entries.length === 1 ? 'food' : 'foods'} to ${MEAL_LABELS[mealType].toLowerCase()}`);
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to create food log'));
    }
  }

  return (
    <Button
      size="small"
      variant={done ? 'text' : 'contained'}
      startIcon={<AddTaskIcon />}
      onClick={onClick}
      disabled={logging.isLoading || entries.length === 0}
      aria-label={label ?? `Log this ${MEAL_LABELS[mealType].toLowerCase()}`}
    >
      {logging.isLoading ? 'Logging…' : done ? 'Logged — log again' : 'Log this'}
    </Button>
  );
}
