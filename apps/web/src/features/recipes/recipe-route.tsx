import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { catalogueText, errorText } from '../../lib/errors';
import { useCreateFoodLogMutation } from '../../lib/foods-api';
import { useRecipeQuery } from './api';
import { NutritionCard } from './nutrition-card';
import { NumberField } from '../../components/number-field';
import { LOG_SERVINGS } from './limits';
import { PageTitle } from '../../components/layout/page-title';
import { countOf, MEAL_LABELS } from '../../lib/format';
import { formatMass } from '../../lib/units';
import { useUserSettingsQuery } from '../../lib/user-settings';
import { rangeError, submitOrSayWhy } from '../../lib/forms';

const MEALS = ['breakfast', 'lunch', 'dinner', 'snack'] as const;

/** /recipe/{id}: details, per-serving nutrition, ingredients, steps and "Log a serving". */
export function Component() {
  const id = Number(useParams().id);
  const recipe = useRecipeQuery(id, { skip: !Number.isInteger(id) });
  // Ingredient weights in the user's units (issue 42 §2): "4.2 oz" when imperial; grams stay on the wire.
  const units = useUserSettingsQuery().data?.units ?? 'metric';
  const [meal, setMeal] = useState<(typeof MEALS)[number]>('dinner');
  const [servings, setServings] = useState('1');
  const [refused, setRefused] = useState(false);
  const [log, logging] = useCreateFoodLogMutation();
  if (recipe.error) {
    // The page keeps its heading and a way on: a failed fetch alone left a bare alert with no h1 and no retry.
    // Retry where trying again can help (a server failure, no connection), not on a refusal (404: not yours).
    const status = (recipe.error as { status?: unknown }).status;
    const refused = typeof status === 'number' && status >= 400 && status < 500;
    return (
      <Stack spacing={3}>
        <PageTitle>Recipe</PageTitle>
        <Alert severity="error" action={refused ? undefined : <Button color="inherit" size="small" onClick={() => recipe.refetch()}>Retry</Button>}>
          {catalogueText(recipe.error, 'Failed to fetch recipe details')}
        </Alert>
        <Button component={RouterLink} to={paths.myRecipes} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
          Back to My Recipes
        </Button>
      </Stack>
    );
  }
  const r = recipe.data;
  if (!r) return null;
  const servingsError = rangeError(servings, LOG_SERVINGS.min, LOG_SERVINGS.max);
  async function onLog() {
    // recipe_id is accepted by POST /food-logs (recipes feature); the food-log types predate it.
    // One confirmation, in the page beside the form (not a toast as well), naming what was logged.
    await log({ recipe_id: id, number_of_servings: Number(servings), meal_type: meal } as never).unwrap().catch(() => undefined);
  }
  const logged = logging.isSuccess ? (logging.originalArgs as unknown as { number_of_servings: number; meal_type: (typeof MEALS)[number] } | undefined) : undefined;
  return (
    <Stack spacing={3}>
      <PageTitle>{r.title}</PageTitle>
      <Typography color="text.secondary">{countOf(r.servings, 'serving')}</Typography>
      <NutritionCard n={r.nutrition_per_serving} />
      <Stack component="form" noValidate onSubmit={submitOrSayWhy(!!servingsError, onLog, () => setRefused(true))} direction="row" spacing={2} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }} useFlexGap>
        <TextField select size="small" label="Meal" value={meal} sx={{ width: { xs: '100%', sm: 180 } }} onChange={(e) => setMeal(e.target.value as (typeof MEALS)[number])}>
          {MEALS.map((m) => <MenuItem key={m} value={m}>{MEAL_LABELS[m]}</MenuItem>)}
        </TextField>
        <NumberField size="small" label="Servings" sx={{ width: { xs: '100%', sm: 120 } }} value={servings} onChange={setServings} min={LOG_SERVINGS.min} max={LOG_SERVINGS.max} error={refused && servingsError} />
        <Button type="submit" variant="contained" disabled={logging.isLoading} sx={{ mt: 0.25 }}>
          Log a serving
        </Button>
      </Stack>
      {logging.error ? <Alert severity="error">{errorText(logging.error)}</Alert> : null}
      {logged ? (
        <Alert severity="success" action={<Button component={RouterLink} to={paths.foodLog} color="inherit" size="small">Open the food log</Button>}>
          Logged {countOf(logged.number_of_servings, 'serving')} of {r.title} to {MEAL_LABELS[logged.meal_type].toLowerCase()} today.
        </Alert>
      ) : null}
      <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>Ingredients</Typography>
      <ul>{r.ingredients.map((i, n) => <li key={n}>{i.original && i.original !== i.food_name ? `${i.original} — ` : ''}{i.food_name}, {formatMass(i.grams, units, { digits: units === 'imperial' ? 1 : 0 })}</li>)}</ul>
      {r.instructions.length ? (
        <>
          <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>Steps</Typography>
          <ol>{r.instructions.map((s, n) => <li key={n}>{s}</li>)}</ol>
        </>
      ) : null}
    </Stack>
  );
}
