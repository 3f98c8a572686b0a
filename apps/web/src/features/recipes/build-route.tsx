import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { errorText } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { useSearchFoodsQuery } from '../../lib/foods-api';
import { useSaveRecipeMutation } from './api';
import { NumberField } from '../../components/number-field';
import { INGREDIENT_GRAMS, RECIPE_SERVINGS } from './limits';
import { PageTitle } from '../../components/layout/page-title';
import { formatKcal } from '../../lib/format';
import { rangeError, said, submitOrSayWhy } from '../../lib/forms';
import { massFromDisplay, massToDisplay } from '../../lib/units';
import { useUserSettingsQuery } from '../../lib/user-settings';

interface Row {
  food_id: string;
  name: string;
  /** As typed (the number field's text), in grams or, for an imperial user, ounces (issue 42 §2). */
  grams: string;
  /** kcal per gram, from the search result's default serving, for the live total. */
  kcalPerGram: number;
}

/** /build-recipe: ingredients from the food search with amounts, servings and a live calorie total. */
export function Component() {
  const [title, setTitle] = useState('');
  const [servings, setServings] = useState('4');
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const search = useSearchFoodsQuery({ query: query.trim(), page_size: 8 }, { skip: query.trim().length < 2 });
  const [save, saving] = useSaveRecipeMutation();
  const navigate = useNavigate();
  const [refused, setRefused] = useState(false);
  const found = query.trim().length >= 2 ? (search.data?.foods ?? []) : [];
  // The API's limits (RecipeSaveBodySchema), said next to the field instead of a button that stays grey.
  const titleMissing = !title.trim() && 'Enter a name';
  const servingsError = rangeError(servings, RECIPE_SERVINGS.min, RECIPE_SERVINGS.max);
  // Amounts are typed in the user's units (ounces when imperial) and sent in grams.
  const units = useUserSettingsQuery().data?.units ?? 'metric';
  const ounces = units === 'imperial';
  const toGrams = (r: Row) => massFromDisplay(Number(r.grams), units);
  const limits = ounces ? { min: 0.01, max: Math.floor(massToDisplay(INGREDIENT_GRAMS.max, units)) } : INGREDIENT_GRAMS;
  const gramsError = (r: Row) => rangeError(r.grams, limits.min, limits.max);
  const kcalOf = (r: Row) => (gramsError(r) ? 0 : r.kcalPerGram * toGrams(r));
  const total = rows.reduce((s, r) => s + kcalOf(r), 0);
  const invalid = !!titleMissing || !!servingsError || !rows.length || rows.some(gramsError);

  function add(f: (typeof found)[number]) {
    const amount = ounces ? Math.round(massToDisplay(f.serving_grams, units) * 10) / 10 : f.serving_grams;
    setRows((list) => [...list, { food_id: f.id, name: f.name, grams: String(amount), kcalPerGram: f.serving_grams ? f.calories / f.serving_grams : 0 }]);
    setQuery('');
  }

  async function onSave() {
    const saved = await save({ title: title.trim(), servings: Number(servings), ingredients: rows.map((r) => ({ food_id: r.food_id, grams: Math.round(toGrams(r) * 100) / 100 })) }).unwrap().catch(() => null);
    if (saved) navigate(paths.recipe(saved.id));
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submitOrSayWhy(invalid, onSave, () => setRefused(true))}>
      <PageTitle>Build Recipe</PageTitle>
      <TextField label="Recipe name" value={title} onChange={(e) => setTitle(e.target.value)} required {...said(refused, titleMissing)} />
      <NumberField label="Servings" value={servings} onChange={setServings} required min={RECIPE_SERVINGS.min} max={RECIPE_SERVINGS.max} step={1} error={refused && servingsError} />
      <TextField
        label="Add an ingredient"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        // Enter picks the first food found; it never saves a recipe half-built.
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          if (found[0]) add(found[0]);
        }}
        error={refused && !rows.length}
        helperText={refused && !rows.length ? 'Add at least one ingredient' : 'Type at least 2 letters, then pick a food'}
      />
      <List dense>
        {found.map((f) => (
          <li key={f.id}>
            <ListItemButton onClick={() => add(f)}>
              <ListItemText primary={f.name} secondary={f.serving_description} />
            </ListItemButton>
          </li>
        ))}
      </List>
      {rows.map((r, i) => (
        // On a phone the name has a line of its own and grams, kcal and Remove line up under it (a row of four
        // squeezed "Chicken, breast, meat only" to one word a line).
        <Box
          key={i}
          sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 9rem) 1fr auto', sm: '1fr 9rem auto auto' }, columnGap: 2, rowGap: 1, alignItems: 'center' }}
        >
          <Typography sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, overflowWrap: 'anywhere' }}>{r.name}</Typography>
          <NumberField
            size="small"
            label={ounces ? 'Ounces' : 'Grams'}
            ariaLabel={`${ounces ? 'Ounces' : 'Grams'} of ${r.name}`}
            value={r.grams}
            onChange={(grams) => setRows((list) => list.map((x, j) => (j === i ? { ...x, grams } : x)))}
            max={limits.max}
            error={refused && gramsError(r)}
          />
          <Typography sx={{ whiteSpace: 'nowrap' }}>{formatKcal(kcalOf(r))}</Typography>
          <Button onClick={() => setRows((list) => list.filter((_, j) => j !== i))} aria-label={`Remove ${r.name}`}>
            Remove
          </Button>
        </Box>
      ))}
      <Typography data-testid="build-total">
        {formatKcal(total)} in total · {formatKcal(servingsError ? 0 : total / Number(servings))} per serving
      </Typography>
      {saving.error ? <Alert severity="error">{errorText(saving.error)}</Alert> : null}
      <Button type="submit" variant="contained" disabled={saving.isLoading} sx={{ alignSelf: 'start' }}>
        Save recipe
      </Button>
    </Stack>
  );
}
