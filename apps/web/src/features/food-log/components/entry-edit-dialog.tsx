import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import type { MealType } from '@app/contracts/constants';
import { notify } from '../../../components/feedback/notify';
import { useGetFoodQuery } from '../../../lib/foods-api';
import { useUpdateFoodLogMutation } from '../api';
import { catalogueText } from '../../../lib/errors';
import { round, servingLabel, servingOptions, servingText } from '../serving-math';
import { useUserSettingsQuery } from '../../../lib/user-settings';
import type { FoodLogEntry, FoodLogUpdate } from '../types';
import { MealSelect } from './meal-select';
import { ResponsiveSheet } from './responsive-sheet';

/**
 * Edit a logged entry. Database foods change amount, meal and day (the server rescales the nutrients);
 * manual entries may also change their name and per-serving values.
 */
export function EntryEditDialog({ entry, onClose }: { entry: FoodLogEntry | null; onClose: () => void }) {
  const titleId = useId();
  return (
    <ResponsiveSheet open={!!entry} onClose={onClose} title={entry ? `Edit ${entry.food_name}` : 'Edit'} titleId={titleId}>
      {entry && <EditForm key={entry.id} entry={entry} onDone={onClose} />}
    </ResponsiveSheet>
  );
}

/** The entry's current serving, kept unless another is picked. */
const KEEP = '__keep';

function EditForm({ entry, onDone }: { entry: FoodLogEntry; onDone: () => void }) {
  const manual = entry.food_id === null;
  const n = entry.number_of_servings || 1;
  const [count, setCount] = useState(String(entry.number_of_servings));
  const [meal, setMeal] = useState<MealType>(entry.meal_type);
  const [date, setDate] = useState(entry.date);
  const [name, setName] = useState(entry.food_name);
  // Entries carry totals; manual values are edited per serving, as they were typed.
  const [per, setPer] = useState({
    calories: String(round(entry.calories / n, 1)),
    protein: String(round(entry.protein / n, 1)),
    carbohydrates: String(round(entry.carbohydrates / n, 1)),
    fat: String(round(entry.fat / n, 1)),
  });
  // Database foods may switch to another household measure of the same food.
  const { data: food } = useGetFoodQuery(entry.food_id ?? '', { skip: manual });
  const [servingId, setServingId] = useState<string>(KEEP);
  // The picker in the user's units (issue 42 §2): 1 oz offered when imperial, 1 g and 100 g when metric.
  const units = useUserSettingsQuery().data?.units ?? 'metric';
  const [update, { isLoading }] = useUpdateFoodLogMutation();
  const countNum = Number(count);
  const countOk = countNum > 0 && countNum <= 100;
  const mealId = useId();

  async function save() {
    const patch: FoodLogUpdate = { number_of_servings: countNum, meal_type: meal, date };
    if (!manual && servingId !== KEEP) patch.serving = { id: servingId };
    if (manual) {
      Object.assign(patch, {
        food_name: name.trim(),
        calories: Number(per.calories),
        protein: Number(per.protein),
        carbohydrates: Number(per.carbohydrates),
        fat: Number(per.fat),
      });
    }
    try {
      await update({ id: entry.id, date: entry.date, patch }).unwrap();
      notify.success('Entry updated');
      onDone();
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to update food log'));
    }
  }

  return (
    <Box component="form" onSubmit={(e) => { e.preventDefault(); if (countOk) void save(); }} sx={{ display: 'grid', gap: 2, pt: 1 }}>
      {manual ? (
        <TextField label="Food name" value={name} onChange={(e) => setName(e.target.value)} required />
      ) : (
        <TextField select label="Serving" value={servingId} onChange={(e) => setServingId(e.target.value)}>
          <MenuItem value={KEEP}>{/^\d+(\.\d+)? g$/.test(entry.serving_description.trim()) ? servingText({ serving_description: entry.serving_description, number_of_servings: 1 }, units) : servingLabel(entry.serving_description, units)}</MenuItem>
          {(food ? servingOptions(food, units) : [])
            .filter((sv) => food?.servings.find((x) => x.id === sv.id)?.description !== entry.serving_description)
            .map((sv) => (
              <MenuItem key={sv.id} value={sv.id}>
                {sv.label}
              </MenuItem>
            ))}
        </TextField>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        <TextField
          label="Number of servings"
          type="number"
          value={count}
          onChange={(e) => setCount(e.target.value)}
          error={!countOk}
          helperText={countOk ? ' ' : 'More than 0, at most 100'}
          slotProps={{ htmlInput: { min: 0.01, max: 100, step: 'any', inputMode: 'decimal' } }}
        />
        <TextField label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
      </Box>
      <MealSelect id={mealId} value={meal} onChange={setMeal} />
      {manual && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 2 }}>
          {(['calories', 'protein', 'carbohydrates', 'fat'] as const).map((k) => (
            <TextField
              key={k}
              label={k === 'calories' ? 'Calories per serving (kcal)' : `${k === 'carbohydrates' ? 'Carbs' : k[0].toUpperCase() + k.slice(1)} per serving (g)`}
              type="number"
              value={per[k]}
              onChange={(e) => setPer({ ...per, [k]: e.target.value })}
              slotProps={{ htmlInput: { min: 0, step: 'any', inputMode: 'decimal' } }}
            />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', pb: 1 }}>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!countOk || isLoading}>
          Save
        </Button>
      </Box>
    </Box>
  );
}
