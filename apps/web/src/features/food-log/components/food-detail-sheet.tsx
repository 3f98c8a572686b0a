import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import type { MealType } from '@app/contracts/constants';
import { notify } from '../../../components/feedback/notify';
import { useCreateFoodLogMutation, useGetFoodQuery } from '../../../lib/foods-api';
import { useAddFavoriteMutation, useGetFavoritesQuery, useRemoveFavoriteMutation } from '../api';
import { catalogueText } from '../../../lib/errors';
import { MEAL_LABELS, customWeightGrams, customWeightText, customWeightUnit, gramsOf, nutrientsFor, servingOptions, servingPayload, startingServing, type LastServing, type ServingChoice } from '../serving-math';
import { formatMass } from '../../../lib/units';
import { useUserSettingsQuery } from '../../../lib/user-settings';
import type { FoodDetail } from '../types';
import { MealSelect } from './meal-select';
import { MicronutrientList } from './micronutrient-list';
import { NutrientPreview } from './nutrient-preview';
import { ResponsiveSheet } from './responsive-sheet';

const GRAMS = '__grams';

interface Props {
  foodId: string | null;
  date: string;
  meal: MealType;
  onMealChange: (m: MealType) => void;
  onClose: () => void;
  /** Opened from the recent foods: start at the serving last logged. */
  last?: LastServing | null;
}

/** Pick a serving and an amount, see the nutrients live, and add the food to a meal. */
export function FoodDetailSheet({ foodId, date, meal, onMealChange, onClose, last }: Props) {
  const titleId = useId();
  const formId = useId();
  const { data: food, error, isFetching } = useGetFoodQuery(foodId ?? '', { skip: !foodId });
  const shown = food && food.id === foodId ? food : undefined;
  const [createLog, { isLoading }] = useCreateFoodLogMutation();
  // The form starts again if the units arrive after it opened (its options and weight field depend on them).
  const units = useUserSettingsQuery().data?.units ?? 'metric';
  return (
    <ResponsiveSheet
      open={!!foodId}
      onClose={onClose}
      titleId={titleId}
      title={shown ? shown.name : isFetching ? <Skeleton width={220} /> : 'Food'}
      headerAction={shown ? <FavoriteToggle food={shown} /> : undefined}
      // The sheet's footer: in view however long the nutrient list is (issue 41 item 5).
      actions={
        <Button type="submit" form={formId} variant="contained" size="large" disabled={!shown || isLoading} fullWidth>
          Add to {MEAL_LABELS[meal]}
        </Button>
      }
    >
      {error && !shown ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {catalogueText(error, 'Failed to get food details')}
        </Alert>
      ) : shown ? (
        <DetailForm key={`${shown.id}:${units}`} last={last} formId={formId} createLog={createLog} food={shown} date={date} meal={meal} onMealChange={onMealChange} onDone={onClose} />
      ) : (
        <Box>
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton variant="rounded" height={120} sx={{ mt: 1 }} />
        </Box>
      )}
    </ResponsiveSheet>
  );
}

interface DetailFormProps {
  formId: string;
  createLog: ReturnType<typeof useCreateFoodLogMutation>[0];
  food: FoodDetail;
  date: string;
  meal: MealType;
  onMealChange: (m: MealType) => void;
  onDone: () => void;
  last?: LastServing | null;
}

function DetailForm({ formId, createLog, food, date, meal, onMealChange, onDone, last }: DetailFormProps) {
  const ids = { serving: useId(), count: useId(), grams: useId(), meal: useId() };
  // Servings in the user's units (issue 42 §2): 1 oz and a weight typed in ounces when imperial; grams on the wire.
  const units = useUserSettingsQuery().data?.units ?? 'metric';
  const [start] = useState(() => startingServing(food, last, units));
  const [selected, setSelected] = useState(() => (start.choice.kind === 'measure' ? start.choice.id : GRAMS));
  const [countText, setCountText] = useState(() => String(start.count));
  const [gramsText, setGramsText] = useState(() => customWeightText(start.choice.kind === 'grams' ? start.choice.grams : 100, units));
  const choice: ServingChoice = selected === GRAMS ? { kind: 'grams', grams: customWeightGrams(gramsText, units) } : { kind: 'measure', id: selected };
  const count = Number(countText);
  const countOk = Number.isFinite(count) && count > 0 && count <= 100;
  const gramsOk = choice.kind !== 'grams' || (choice.grams > 0 && choice.grams <= 10_000);
  const weightUnit = customWeightUnit(units);
  const preview = nutrientsFor(food, choice, countOk ? count : 0);

  async function add() {
    try {
      await createLog({ food_id: food.id, serving: servingPayload(choice), number_of_servings: count, meal_type: meal, date }).unwrap();
      notify.success(`Added ${food.name} to ${MEAL_LABELS[meal].toLowerCase()}`);
      onDone();
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to create food log'));
    }
  }

  return (
    <Box component="form" id={formId} onSubmit={(e) => { e.preventDefault(); if (countOk && gramsOk) void add(); }}>
      {(food.brand_name || food.food_description) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {[food.brand_name, food.food_description !== food.name ? food.food_description : ''].filter(Boolean).join(' · ')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr' }, gap: 2, mb: 2 }}>
        <TextField
          select
          id={ids.serving}
          label="Serving"
          value={selected}
          onChange={(e) => setSelected(e.target.value)}
          sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
        >
          {servingOptions(food, units).map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.label}
            </MenuItem>
          ))}
          <MenuItem value={GRAMS}>Custom weight ({weightUnit})</MenuItem>
        </TextField>
        <TextField
          id={ids.count}
          label="Number of servings"
          type="number"
          value={countText}
          onChange={(e) => setCountText(e.target.value)}
          error={!countOk}
          helperText={countOk ? ' ' : 'More than 0, at most 100'}
          slotProps={{ htmlInput: { min: 0.01, max: 100, step: 'any', inputMode: 'decimal' } }}
        />
        {choice.kind === 'grams' && (
          <TextField
            id={ids.grams}
            label={units === 'imperial' ? 'Ounces per serving' : 'Grams per serving'}
            type="number"
            value={gramsText}
            onChange={(e) => setGramsText(e.target.value)}
            error={!gramsOk}
            helperText={gramsOk ? ' ' : units === 'imperial' ? 'More than 0, at most 352 oz' : 'Between 1 and 10000 g'}
            slotProps={{ htmlInput: { min: units === 'imperial' ? 0.01 : 1, max: units === 'imperial' ? 352 : 10_000, step: 'any', inputMode: 'decimal' } }}
          />
        )}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <MealSelect id={ids.meal} value={meal} onChange={onMealChange} />
        </Box>
      </Box>
      <Typography variant="overline" color="text.secondary">
        {formatMass(gramsOf(food, choice) * (countOk ? count : 0), units)} in total
      </Typography>
      <NutrientPreview n={preview} />
      <MicronutrientList per100g={food.micronutrients_per_100g} grams={gramsOf(food, choice) * (countOk ? count : 0)} />
    </Box>
  );
}

function FavoriteToggle({ food }: { food: FoodDetail }) {
  const { data: favorites } = useGetFavoritesQuery();
  const [add, addState] = useAddFavoriteMutation();
  const [remove, removeState] = useRemoveFavoriteMutation();
  const favorite = favorites?.find((f) => f.food_id === food.id);
  const busy = addState.isLoading || removeState.isLoading;
  async function toggle() {
    try {
      if (favorite) {
        await remove(favorite.id).unwrap();
        notify.success('Removed from favorites');
      } else {
        await add({ food_id: food.id }).unwrap();
        notify.success('Added to favorites');
      }
    } catch (e) {
      notify.error(catalogueText(e, favorite ? 'Failed to remove favorite food' : 'Failed to add favorite food by ID'));
    }
  }
  const label = favorite ? 'Remove from favorites' : 'Add to favorites';
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} aria-pressed={!!favorite} onClick={toggle} disabled={busy} color={favorite ? 'error' : 'default'}>
          {favorite ? <FavoriteIcon /> : <FavoriteBorderIcon />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
