import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import type { MealType } from '@app/contracts/constants';
import { notify } from '../../../components/feedback/notify';
import { catalogueText } from '../../../lib/errors';
import { foodList, formatKcal, MEAL_LABELS } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useCopyFoodLogsMutation, useGetRecentMealsQuery } from '../fast-log-api';
import { dayLabel } from '../dates';
import type { RecentMeal } from '../fast-log-types';

const SHOWN = 3;

/**
 * "Log again" (issue 41 item 2): the last few meals of the type being added to (breakfast at breakfast time),
 * each logged again on `date` in one tap with POST /food-logs/copy. Nothing is shown until there is one.
 */
export const LogAgain = memo(function LogAgain({ date, today, meal }: { date: string; today: string; meal: MealType }) {
  const { data } = useGetRecentMealsQuery({ meal_type: meal, limit: 5 });
  const [copy] = useCopyFoodLogsMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const meals = (data ?? []).filter((m) => m.date !== date && m.foods.length > 0).slice(0, SHOWN);
  if (meals.length === 0) return null;
  const label = MEAL_LABELS[meal];

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
      <Typography id="log-again-heading" variant="subtitle2" component="h2" color="text.secondary">
        Log {label.toLowerCase()} again
      </Typography>
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
