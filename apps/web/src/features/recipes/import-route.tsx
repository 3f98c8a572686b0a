import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { catalogueText, errorText } from '../../lib/errors';
import { formatKcal } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useLazyGetFoodQuery } from '../../lib/foods-api';
import { useAnalyzeRecipeMutation, useSaveRecipeMutation, type AnalyzedIngredient, type RecipeDetails, type RecipeNutrition } from './api';
import { isLocked, LockedFeature, useMayUse } from '../../components/locked-feature';
import { NutritionCard } from './nutrition-card';
import { NumberField } from '../../components/number-field';
import { RECIPE_SERVINGS } from './limits';
import { SwapFoodDialog } from './swap-food-dialog';
import { PageTitle } from '../../components/layout/page-title';
import { rangeError, said, submitOrSayWhy } from '../../lib/forms';

const KEYS = ['calories', 'protein', 'carbs', 'fat', 'fiber', 'sugar', 'sodium'] as const;
type Per100 = RecipeNutrition;

/** One ingredient row: the analysis, plus the food's nutrients per 100 g so amounts and swaps recompute at once. */
interface Row extends AnalyzedIngredient {
  per100: Per100 | null;
}

const scale = (per100: Per100 | null, grams: number | null): RecipeNutrition =>
  Object.fromEntries(KEYS.map((k) => [k, per100 && grams ? (per100[k] * grams) / 100 : 0])) as unknown as RecipeNutrition;
const per100Of = (r: AnalyzedIngredient): Per100 | null =>
  r.grams ? (Object.fromEntries(KEYS.map((k) => [k, (r.nutrients[k] * 100) / r.grams!])) as unknown as Per100) : null;

/**
 * /recipes (Import Recipe): a web address or pasted lines → analysis; each row editable (swap the food
 * through the food search, change the grams), servings editable; per-serving nutrition follows at once; save.
 */
/** The fields this page reads from an analysis answer. */
function isRecipeDetails(d: unknown): d is RecipeDetails {
  const r = d as Partial<RecipeDetails> | null;
  return !!r && typeof r === 'object' && typeof r.title === 'string' && typeof r.servings === 'number' && Array.isArray(r.ingredients) && !!r.nutrition_per_serving && typeof r.nutrition_per_serving === 'object';
}

export function Component() {
  const [source, setSource] = useState('');
  const [analyze, analysis] = useAnalyzeRecipeMutation();
  const [save, saving] = useSaveRecipeMutation();
  const [getFood] = useLazyGetFoodQuery();
  const [details, setDetails] = useState<RecipeDetails | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  const [servings, setServings] = useState('1');
  const [swapping, setSwapping] = useState<number | null>(null);
  const [swapError, setSwapError] = useState<string | null>(null);
  const [refused, setRefused] = useState({ source: false, servings: false });
  const sourceMissing = !source.trim() && "Paste a recipe's web address, or its ingredients one per line";
  const servingsError = rangeError(servings, RECIPE_SERVINGS.min, RECIPE_SERVINGS.max);
  const navigate = useNavigate();
  // Said before the user types a recipe (the server still decides: a plan bought since sign-in works at once).
  const lockedForUser = !useMayUse('recipe_analysis');

  async function run() {
    const text = source.trim();
    const body = /^https?:\/\//i.test(text) ? { url: text } : { ingredients: text.split('\n').map((l) => l.trim()).filter(Boolean) };
    const res = await analyze(body).unwrap().catch(() => null);
    setInvalid(false);
    if (!res) return;
    const d = res.recipe_details as unknown;
    // An answer of the wrong shape (spec §8 'Invalid recipe data received'): said, not a silent crash below.
    if (!isRecipeDetails(d)) {
      setInvalid(true);
      return;
    }
    // Rows with a food but no grams yet ("salt to taste") need the food's own nutrients to follow a new amount.
    const list = await Promise.all(
      d.ingredients.map(async (r): Promise<Row> => {
        const known = per100Of(r);
        if (known || !r.food_id) return { ...r, per100: known };
        const food = await getFood(r.food_id, true).unwrap().catch(() => null);
        return { ...r, per100: food ? (food.per_100g as unknown as Per100) : null };
      }),
    );
    setDetails(d);
    setServings(String(d.servings));
    setRows(list);
  }

  const setGrams = (i: number, grams: number) => setRows((list) => list.map((r, j) => (j === i ? { ...r, grams, nutrients: scale(r.per100, grams) } : r)));

  async function swap(i: number, foodId: string) {
    setSwapping(null);
    setSwapError(null);
    const food = await getFood(foodId, true).unwrap().catch(() => null);
    if (!food) return setSwapError('That food could not be loaded. Try again.');
    const per100 = food.per_100g as unknown as Per100;
    setRows((list) =>
      list.map((r, j) => {
        if (j !== i) return r;
        const grams = r.grams || food.serving_grams;
        return { ...r, food_id: food.id, food_name: food.name, per100, grams, nutrients: scale(per100, grams), conversion: 'chosen by you' };
      }),
    );
  }

  const total = Object.fromEntries(KEYS.map((k) => [k, rows.reduce((s, r) => s + (r.nutrients[k] ?? 0), 0)])) as unknown as RecipeNutrition;
  const perServing = Object.fromEntries(KEYS.map((k) => [k, servingsError ? 0 : total[k] / Number(servings)])) as unknown as RecipeNutrition;

  async function onSave() {
    if (!details) return;
    const ingredients = rows.filter((r) => r.food_id && r.grams).map((r) => ({ food_id: r.food_id!, grams: r.grams!, original: r.original }));
    const saved = await save({ title: details.title, servings: Number(servings), ingredients, instructions: details.instructions, source_url: details.source_url, image: details.image }).unwrap().catch(() => null);
    if (saved) navigate(paths.recipe(saved.id));
  }

  return (
    <Stack spacing={3}>
      <PageTitle>Import Recipe</PageTitle>
      {lockedForUser && !analysis.error ? <LockedFeature feature="recipe_analysis" /> : null}
      <Stack component="form" spacing={3} noValidate onSubmit={submitOrSayWhy(!!sourceMissing, run, () => setRefused((r) => ({ ...r, source: true })))}>
        <TextField
          label="Recipe web address or ingredient lines"
          multiline
          minRows={2}
          value={source}
          onChange={(e) => setSource(e.target.value)}
          {...said(refused.source, sourceMissing)}
        />
        <Button type="submit" variant="contained" disabled={analysis.isLoading} sx={{ alignSelf: 'start' }}>Analyze</Button>
      </Stack>
      {analysis.isLoading ? <LinearProgress aria-label="Analyzing" /> : null}
      {analysis.error ? isLocked(analysis.error) ? <LockedFeature feature="recipe_analysis" /> : <Alert severity="error">{catalogueText(analysis.error, 'Failed to analyze recipe')}</Alert> : null}
      {invalid && !analysis.error ? <Alert severity="error">Invalid recipe data received</Alert> : null}
      {details ? (
        <Stack component="form" spacing={3} noValidate onSubmit={submitOrSayWhy(!!servingsError, onSave, () => setRefused((r) => ({ ...r, servings: true })))}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Typography variant="h2" sx={{ fontSize: '1.5rem', flex: 1 }}>{details.title}</Typography>
            <NumberField
              size="small"
              label="Servings"
              value={servings}
              onChange={setServings}
              min={RECIPE_SERVINGS.min}
              max={RECIPE_SERVINGS.max}
              step={1}
              error={refused.servings && servingsError}
              sx={{ width: { xs: '100%', sm: 140 } }}
            />
          </Stack>
          <NutritionCard n={perServing} />
          {swapError ? <Alert severity="error" onClose={() => setSwapError(null)}>{swapError}</Alert> : null}
          <Typography variant="h3" sx={{ fontSize: '1.25rem' }}>Ingredients</Typography>
          <Stack component="ul" spacing={1} aria-label="Ingredients" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((r, i) => {
              const missing = !r.food_id || !r.grams;
              return (
                <Paper
                  key={i}
                  component="li"
                  variant="outlined"
                  sx={{ p: 1.5, borderColor: missing ? 'warning.main' : undefined, display: 'grid', gap: 1, alignItems: 'center', gridTemplateColumns: { xs: '1fr auto', md: 'minmax(0, 2fr) minmax(0, 3fr) 120px 90px' } }}
                >
                  <Typography sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, fontWeight: 500 }}>{r.original}</Typography>
                  <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
                    <Typography variant="body2" color={r.food_id ? 'text.secondary' : 'warning.main'} sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {r.food_name ?? 'No food matched'}
                    </Typography>
                    <Button size="small" variant="outlined" onClick={() => setSwapping(i)} aria-label={`Swap food for ${r.original}`}>
                      Swap
                    </Button>
                  </Box>
                  <TextField
                    size="small"
                    type="number"
                    label="Grams"
                    value={r.grams ?? ''}
                    disabled={!r.food_id}
                    onChange={(e) => setGrams(i, Math.max(0, Number(e.target.value)))}
                    slotProps={{ htmlInput: { 'aria-label': `Grams of ${r.original}`, min: 0 } }}
                  />
                  <Typography sx={{ textAlign: 'right', whiteSpace: 'nowrap' }} data-testid="ingredient-calories">{formatKcal(r.nutrients.calories)}</Typography>
                </Paper>
              );
            })}
          </Stack>
          {saving.error ? <Alert severity="error">{errorText(saving.error)}</Alert> : null}
          <Button type="submit" variant="contained" disabled={saving.isLoading} sx={{ alignSelf: 'start' }}>Save recipe</Button>
        </Stack>
      ) : null}
      {swapping !== null && rows[swapping] ? (
        <SwapFoodDialog line={rows[swapping]!.original} initialQuery={rows[swapping]!.food_words} onPick={(id) => swap(swapping, id)} onClose={() => setSwapping(null)} />
      ) : null}
    </Stack>
  );
}
