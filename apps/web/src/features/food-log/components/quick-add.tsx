import { lazy, memo, Suspense, useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import { LazyAlert } from '../../../components/lazy-alert';
import type { MealType } from '@app/contracts/constants';
import { notify } from '../../../components/feedback/notify';
import { useCreateFoodLogMutation, type FoodLogCreate } from '../../../lib/foods-api';
import { useGetFavoritesQuery, useGetManualFoodsQuery, useRemoveFavoriteMutation } from '../api';
import { catalogueText } from '../../../lib/errors';
import { MEAL_LABELS, round } from '../serving-math';
import type { FavoriteFood, ManualFood } from '../types';
import { servingOf } from '../copy-entries';

// Saved meals load with their tab (their toggle buttons and menu stay out of the food log's first load).
const SavedMeals = lazy(() => import('./saved-meals').then((m) => ({ default: m.SavedMeals })));

const SHOWN = 5;
type QuickAddTab = 'favorites' | 'recent' | 'saved';

/**
 * MUI's Tabs measure themselves (getBoundingClientRect, a forced layout of the whole page) after every
 * render: memoised, they render when the tab changes, not each time a list below them arrives.
 */
const QuickAddTabs = memo(function QuickAddTabs({ tab, onChange }: { tab: QuickAddTab; onChange: (tab: QuickAddTab) => void }) {
  return (
    <Tabs value={tab} onChange={(_e, v: QuickAddTab) => onChange(v)} aria-label="Quick add" variant="fullWidth" sx={{ '& .MuiTab-root': { minWidth: 0, px: 1 } }}>
      <Tab value="favorites" label="Favorites" />
      <Tab value="recent" label="Recent manual" />
      <Tab value="saved" label="Saved meals" />
    </Tabs>
  );
});

/** One tap to log a favorite, something typed in by hand before, or a saved meal. */
export function QuickAdd({ date, meal }: { date: string; meal: MealType }) {
  const [tab, setTab] = useState<QuickAddTab>('favorites');
  const [all, setAll] = useState(false);
  const pickTab = useCallback((v: QuickAddTab) => {
    setTab(v);
    setAll(false);
  }, []);
  const favorites = useGetFavoritesQuery();
  const manual = useGetManualFoodsQuery();
  const [createLog] = useCreateFoodLogMutation();
  const [removeFavorite] = useRemoveFavoriteMutation();
  const mealLabel = MEAL_LABELS[meal].toLowerCase();

  async function log(name: string, body: FoodLogCreate) {
    try {
      await createLog(body).unwrap();
      notify.success(`Added ${name} to ${mealLabel}`);
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to create food log'));
    }
  }
  const logFavorite = (f: FavoriteFood) =>
    log(
      f.food_name,
      f.food_id
        ? { food_id: f.food_id, serving: servingOf(f.serving_size, null), number_of_servings: 1, meal_type: meal, date }
        : { food_name: f.food_name, serving_description: f.serving_size, number_of_servings: 1, calories: f.calories, protein: f.protein, carbohydrates: f.carbohydrates, fat: f.fat, meal_type: meal, date },
    );
  const logManual = (m: ManualFood) =>
    log(m.food_name, {
      food_name: m.food_name,
      brand_name: m.brand_name,
      serving_description: m.serving_description,
      number_of_servings: 1,
      calories: m.calories,
      protein: m.protein,
      carbohydrates: m.carbohydrates,
      fat: m.fat,
      fiber: m.fiber,
      meal_type: meal,
      date,
    });
  async function unfavorite(f: FavoriteFood) {
    try {
      await removeFavorite(f.id).unwrap();
      notify.success(`Removed ${f.food_name} from favorites`);
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to remove favorite food'));
    }
  }

  const q = tab === 'favorites' ? favorites : manual;
  const items = (tab === 'favorites' ? favorites.data : manual.data) ?? [];
  const shown = all ? items : items.slice(0, SHOWN);
  const empty = (
    <Typography variant="body2" color="text.secondary" sx={{ py: 2, px: 1 }}>
      {tab === 'favorites'
        ? 'No favorites yet. Open a food and tap the heart to keep it here for one-tap logging.'
        : 'Foods you enter manually show up here so you can log them again in one tap.'}
    </Typography>
  );
  if (tab === 'saved') {
    return (
      <Box>
        <QuickAddTabs tab={tab} onChange={pickTab} />
        <Suspense fallback={<Skeleton variant="rounded" height={96} sx={{ mt: 1 }} />}>
          <SavedMeals date={date} meal={meal} />
        </Suspense>
      </Box>
    );
  }
  return (
    <Box>
      <QuickAddTabs tab={tab} onChange={pickTab} />
      {q.isLoading ? (
        // Exactly the empty message's size (Skeleton takes its children's size and hides them): the meals
        // below do not jump up when a new user's empty list arrives (layout shift on phones).
        <Skeleton variant="rounded" sx={{ maxWidth: 'none' }} aria-hidden>
          {empty}
        </Skeleton>
      ) : q.error ? (
        <LazyAlert severity="error" sx={{ mt: 1 }}>
          {catalogueText(q.error, tab === 'favorites' ? 'Failed to fetch favorite foods' : 'Failed to fetch manual foods')}
        </LazyAlert>
      ) : items.length === 0 ? (
        empty
      ) : (
        <List dense>
          {shown.map((item) => {
            const fav = tab === 'favorites' ? (item as FavoriteFood) : null;
            const name = item.food_name;
            const serving = fav ? fav.serving_size : (item as ManualFood).serving_description;
            return (
              <ListItem
                key={fav ? `f${fav.id}` : `${name}|${serving}`}
                disableGutters
                secondaryAction={
                  <Box sx={{ display: 'flex' }}>
                    {fav && (
                      <IconButton aria-label={`Remove ${name} from favorites`} onClick={() => unfavorite(fav)} size="small">
                        <CloseIcon fontSize="small" />
                      </IconButton>
                    )}
                    <IconButton
                      aria-label={`Add ${name} to ${mealLabel}`}
                      color="primary"
                      onClick={() => (fav ? logFavorite(fav) : logManual(item as ManualFood))}
                    >
                      <AddIcon />
                    </IconButton>
                  </Box>
                }
                sx={{ pr: fav ? 10 : 6 }}
              >
                <ListItemText primary={name} secondary={`${serving} · ${round(item.calories)} kcal`} slotProps={{ primary: { noWrap: true } }} />
              </ListItem>
            );
          })}
        </List>
      )}
      {items.length > SHOWN && (
        <Button size="small" onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `Show all ${items.length}`}
        </Button>
      )}
    </Box>
  );
}
