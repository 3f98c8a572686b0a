import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import { MEAL_TYPES, RECENT_MEALS_MAX_LIMIT, type MealType } from '@app/contracts/constants';
import { notify } from '../../../components/feedback/notify';
import { catalogueText } from '../../../lib/errors';
import { foodList, formatKcal, MEAL_LABELS } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useCopyFoodLogsMutation, useGetRecentMealsQuery } from '../fast-log-api';
import { dayLabel } from '../dates';
import type { RecentMeal } from '../fast-log-types';

const SHOWN = 3;

interface Props {
  date: string;
  today: string;
  /** The meal being added to (the time of day's, or the one whose Add was pressed). */
  meal: MealType;
  onMealChange: (meal: MealType) => void;
}

/**
 * "Log again" (issue 41 item 2): the last few meals of the type being added to (breakfast at breakfast time), each
 * logged again on `date` in one tap with POST /food-logs/copy. The other meal types with a recent meal are one tap
 * away (yesterday's breakfast at dinner time: two taps). Nothing is shown until there is a recent meal.
 */
export const LogAgain = memo(function LogAgain({ date, today, meal, onMealChange }: Props) {
  const { data } = useGetRecentMealsQuery({ limit: RECENT_MEALS_MAX_LIMIT });
  const [copy] = useCopyFoodLogsMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const recent = (data ?? []).filter((m) => m.date !== date && m.foods.length > 0);
  const types = MEAL_TYPES.filter((t) => recent.some((m) => m.meal_type === t));
  if (types.length === 0) return null;
  // The meal being added to, else the first type that has something to log again.
  const shown = types.includes(meal) ? meal : types[0]!;
  const meals = recent.filter((m) => m.meal_type === shown).slice(0, SHOWN);
  const label = MEAL_LABELS[shown];

  async function again(m: RecentMeal) {
    const id = `${m.date}/${m.meal_type}`;
    setBusy(id);
    try {
      const entries = await copy({ from_date: m.date, to_date: date, meal_type: m.meal_type, idempotencyKey: newIdempotencyKey() }).unwrap();
      notify.success(`Logged ${MEAL_LABELS[m.meal_type].toLowerCase()} of ${dayLabel(m.date, today).toLowerCase()} again (${entries.length} ${entries.length === 1 ? 'food' : 'foods'})`);
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to create food log'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Box component="section" aria-labelledby="log-again-heading" sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="log-again-heading" variant="subtitle2" component="h2" color="text.secondary" sx={{ mr: 0.5 }}>
          Log again
        </Typography>
        <Box role="group" aria-label="Meal to log again" sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {types.map((t) => (
            <Button
              key={t}
              size="small"
              variant={t === shown ? 'contained' : 'outlined'}
              aria-pressed={t === shown}
              onClick={() => onMealChange(t)}
              sx={{ borderRadius: 4, minWidth: 0, px: 1.25, py: 0.125 }}
            >
              {MEAL_LABELS[t]}
            </Button>
          ))}
        </Box>
      </Box>
      <List dense disablePadding>
        {meals.map((m) => {
          const day = dayLabel(m.date, today);
          const id = `${m.date}/${m.meal_type}`;
          return (
            <ListItem
              key={id}
              disableGutters
              divider
              secondaryAction={
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<ReplayIcon />}
                  onClick={() => void again(m)}
                  disabled={busy === id}
                  aria-label={`Log again: ${label} of ${day}`}
                >
                  Log again
                </Button>
              }
              sx={{ pr: 16 }}
            >
              <ListItemText
                primary={`${day} · ${formatKcal(m.totals.calories)}`}
                secondary={foodList(m.foods)}
                slotProps={{ secondary: { sx: { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } } }}
              />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
});
