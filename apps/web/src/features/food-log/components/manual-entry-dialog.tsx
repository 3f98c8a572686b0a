import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import type { MealType } from '@app/contracts/constants';
import { notify } from '../../../components/feedback/notify';
import { useCreateFoodLogMutation } from '../../../lib/foods-api';
import { useAddManualFavoriteMutation } from '../api';
import { catalogueText } from '../../../lib/errors';
import { MEAL_LABELS } from '../serving-math';
import { MealSelect } from './meal-select';
import { NumberField } from '../../../components/number-field';
import { rangeError, submitOrSayWhy } from '../../../lib/forms';
import { MAX_SERVINGS_PER_LOG } from '@app/contracts/constants';
import { NutrientFields, useNutrientValues } from './nutrient-fields';
import { ResponsiveSheet } from './responsive-sheet';

const FIELDS = [
  ['calories', 'Calories (kcal)'],
  ['protein', 'Protein (g)'],
  ['carbohydrates', 'Carbs (g)'],
  ['fat', 'Fat (g)'],
  ['fiber', 'Fiber (g)'],
] as const;

/** Log something that is not in the database by typing its values for one serving. */
export function ManualEntryDialog(props: { open: boolean; date: string; meal: MealType; onMealChange: (m: MealType) => void; onClose: () => void }) {
  const titleId = useId();
  return (
    <ResponsiveSheet open={props.open} onClose={props.onClose} title="Manual entry" titleId={titleId}>
      {props.open && <ManualForm {...props} />}
    </ResponsiveSheet>
  );
}

function ManualForm({ date, meal, onMealChange, onClose }: { date: string; meal: MealType; onMealChange: (m: MealType) => void; onClose: () => void }) {
  const [name, setName] = useState('');
  const [serving, setServing] = useState('1 serving');
  const [count, setCount] = useState('1');
  const { values, setValues, nums } = useNutrientValues(FIELDS);
  const [saveFavorite, setSaveFavorite] = useState(false);
  const [createLog, { isLoading }] = useCreateFoodLogMutation();
  const [addFavorite] = useAddManualFavoriteMutation();
  const mealId = useId();
  const [tried, setTried] = useState(false);
  const countNum = Number(count);
  const nameMissing = !name.trim();
  const countError = rangeError(count, 0.01, MAX_SERVINGS_PER_LOG);
  const countBad = !!countError;
  const invalid = nameMissing || values.calories.trim() === '' || Object.values(nums).some(Number.isNaN) || countBad;

  async function submit() {
    try {
      await createLog({ food_name: name.trim(), serving_description: serving.trim() || 'serving', number_of_servings: countNum, ...nums, meal_type: meal, date }).unwrap();
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to create food log'));
      return;
    }
    if (saveFavorite) {
      try {
        await addFavorite({ food_name: name.trim(), serving_size: serving.trim() || 'serving', calories: nums.calories, protein: nums.protein, carbohydrates: nums.carbohydrates, fat: nums.fat }).unwrap();
      } catch (e) {
        // The entry is logged (it shows in its meal); the notice says what failed. A success notice after it
        // would replace it at once (the latest notice wins), and the failure would go unseen.
        notify.error(catalogueText(e, 'Failed to add manual favorite food'));
        onClose();
        return;
      }
    }
    notify.success(`Added ${name.trim()} to ${MEAL_LABELS[meal].toLowerCase()}`);
    onClose();
  }

  return (
    <Box component="form" noValidate onSubmit={submitOrSayWhy(invalid, submit, () => setTried(true))} sx={{ display: 'grid', gap: 2, pt: 1 }}>
      <TextField label="Food name" value={name} onChange={(e) => setName(e.target.value)} required autoFocus error={tried && nameMissing} helperText={tried && nameMissing ? 'Enter a name' : undefined} />
      <Box sx={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 2 }}>
        <TextField label="Serving" value={serving} onChange={(e) => setServing(e.target.value)} helperText="e.g. 1 bowl, 250 ml" />
        <NumberField label="Servings" value={count} onChange={setCount} min={0.01} max={MAX_SERVINGS_PER_LOG} error={(tried || count.trim() !== '') && countError} />
      </Box>
      <NutrientFields list={FIELDS} values={values} nums={nums} onChange={setValues} showMissing={tried} />
      <MealSelect id={mealId} value={meal} onChange={onMealChange} />
      <FormControlLabel control={<Checkbox checked={saveFavorite} onChange={(e) => setSaveFavorite(e.target.checked)} />} label="Also save to favorites" />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', pb: 1 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={isLoading}>
          Add to {MEAL_LABELS[meal]}
        </Button>
      </Box>
    </Box>
  );
}
