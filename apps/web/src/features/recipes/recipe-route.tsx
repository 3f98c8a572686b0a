import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { notify } from '../../components/feedback/notify';
import { errorText } from '../../lib/errors';
import { useCreateFoodLogMutation } from '../../lib/foods-api';
import { useRecipeQuery } from './api';
import { NutritionCard } from './nutrition-card';
import { PageTitle } from '../../components/layout/page-title';

const MEALS = ['breakfast', 'lunch', 'dinner', 'snack'] as const;

/** /recipe/{id}: details, per-serving nutrition, ingredients, steps and "Log a serving". */
export function Component() {
  const id = Number(useParams().id);
  const recipe = useRecipeQuery(id, { skip: !Number.isInteger(id) });
  const [meal, setMeal] = useState<(typeof MEALS)[number]>('dinner');
  const [servings, setServings] = useState(1);
  const [log, logging] = useCreateFoodLogMutation();
  if (recipe.error) return <Alert severity="error">{errorText(recipe.error) || 'Failed to fetch recipe details'}</Alert>;
  const r = recipe.data;
  if (!r) return null;
  async function onLog() {
    // recipe_id is accepted by POST /food-logs (recipes feature); the food-log types predate it.
    const ok = await log({ recipe_id: id, number_of_servings: servings, meal_type: meal } as never).unwrap().then(() => true, () => false);
    if (ok) notify.success(`Logged ${servings} serving(s) of ${r!.title}`);
  }
  return (
    <Stack spacing={3}>
      <PageTitle>{r.title}</PageTitle>
      <Typography color="text.secondary">{r.servings} servings</Typography>
      <NutritionCard n={r.nutrition_per_serving} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <TextField select size="small" label="Meal" value={meal} onChange={(e) => setMeal(e.target.value as (typeof MEALS)[number])}>
          {MEALS.map((m) => <MenuItem key={m} value={m}>{m[0]!.toUpperCase() + m.slice(1)}</MenuItem>)}
        </TextField>
        <TextField size="small" type="number" label="Servings" value={servings} onChange={(e) => setServings(Number(e.target.value))} slotProps={{ htmlInput: { min: 0.25, step: 0.25 } }} />
        <Button variant="contained" onClick={onLog} disabled={logging.isLoading || !(servings > 0)}>Log a serving</Button>
      </Stack>
      {logging.error ? <Alert severity="error">{errorText(logging.error)}</Alert> : null}
      {logging.isSuccess ? <Alert severity="success">Logged to your food log.</Alert> : null}
      <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>Ingredients</Typography>
      <ul>{r.ingredients.map((i, n) => <li key={n}>{i.original ?? i.food_name} — {i.food_name}, {Math.round(i.grams)} g</li>)}</ul>
      {r.instructions.length ? (
        <>
          <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>Steps</Typography>
          <ol>{r.instructions.map((s, n) => <li key={n}>{s}</li>)}</ol>
        </>
      ) : null}
    </Stack>
  );
}
