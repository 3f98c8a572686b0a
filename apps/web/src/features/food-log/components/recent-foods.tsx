import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import type { MealType } from '@app/contracts/constants';
import { notify } from '../../../components/feedback/notify';
import { catalogueText } from '../../../lib/errors';
import { MEAL_LABELS } from '../../../lib/format';
import { useCreateFoodLogMutation } from '../../../lib/foods-api';
import { servingOf } from '../copy-entries';
import { useGetRecentFoodsQuery } from '../fast-log-api';
import type { RecentFood } from '../fast-log-types';
import { useUserSettingsQuery } from '../../../lib/user-settings';
import { servingText, type LastServing } from '../serving-math';

const SHOWN = 3;
const MORE = 12;

/**
 * The foods this user logs, before the first keystroke in the search (issue 41 item 4): a tap opens the food as
 * a search hit would, at the serving last logged; "+" logs it again as it was last logged. Nothing is shown for someone who has logged nothing.
 */
export const RecentFoods = memo(function RecentFoods({ date, meal, onPick }: { date: string; meal: MealType; onPick: (foodId: string, last: LastServing) => void }) {
  const { data } = useGetRecentFoodsQuery({ meal_type: meal, limit: MORE });
  const units = useUserSettingsQuery().data?.units ?? 'metric';
  const [all, setAll] = useState(false);
  const [createLog] = useCreateFoodLogMutation();
  const foods = data ?? [];
  if (foods.length === 0) return null;
  const mealLabel = MEAL_LABELS[meal].toLowerCase();

  async function logAgain(r: RecentFood) {
    const s = r.last_serving;
    try {
      await createLog({ food_id: r.food.id, serving: servingOf(s.serving_description, s.serving_grams), number_of_servings: s.number_of_servings, meal_type: meal, date }).unwrap();
      notify.success(`Added ${r.food.name} to ${mealLabel}`);
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to create food log'));
    }
  }

  return (
    <Box component="section" aria-labelledby="recent-foods-heading" sx={{ mt: 1.5 }}>
      <Typography id="recent-foods-heading" variant="subtitle2" component="h2" color="text.secondary">
        Recent
      </Typography>
      <List dense disablePadding aria-label="Recent foods">
        {(all ? foods : foods.slice(0, SHOWN)).map((r) => (
          <ListItem
            key={r.food.id}
            disablePadding
            secondaryAction={
              <IconButton aria-label={`Add ${r.food.name} to ${mealLabel}`} color="primary" onClick={() => void logAgain(r)} edge="end">
                <AddIcon />
              </IconButton>
            }
          >
            <ListItemButton onClick={() => onPick(r.food.id, r.last_serving)} sx={{ borderRadius: 2, pr: 7 }}>
              <ListItemText
                primary={r.food.name}
                secondary={[r.food.brand_name, servingText(r.last_serving, units)].filter(Boolean).join(' · ')}
                slotProps={{ primary: { noWrap: true, sx: { fontWeight: 500 } }, secondary: { noWrap: true } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {foods.length > SHOWN && (
        <Button size="small" onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show ${foods.length - SHOWN} more`}
        </Button>
      )}
    </Box>
  );
});
