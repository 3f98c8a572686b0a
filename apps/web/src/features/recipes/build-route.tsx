import { useState } from 'react';
import Alert from '@mui/material/Alert';
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
import { ServingsField } from './servings-field';
import { PageTitle } from '../../components/layout/page-title';
import { formatKcal } from '../../lib/format';
import { submitOrSayWhy } from '../../lib/forms';

interface Row {
  food_id: string;
  name: string;
  grams: number;
  /** kcal per gram, from the search result's default serving, for the live total. */
  kcalPerGram: number;
}

/** /build-recipe: ingredients from the food search with amounts, servings and a live calorie total. */
export function Component() {
  const [title, setTitle] = useState('');
  const [servings, setServings] = useState(4);
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const search = useSearchFoodsQuery({ query: query.trim(), page_size: 8 }, { skip: query.trim().length < 2 });
  const [save, saving] = useSaveRecipeMutation();
  const navigate = useNavigate();
  const [refused, setRefused] = useState(false);
  const found = query.trim().length >= 2 ? (search.data?.foods ?? []) : [];
  // The API's limits (RecipeSaveBodySchema), said next to the field instead of a button that stays grey.
  const titleMissing = !title.trim();
  const servingsBad = !(servings > 0 && servings <= 1000);
  const gramsBad = (g: number) => !(g > 0 && g <= 100_000);
  const total = rows.reduce((s, r) => s + (gramsBad(r.grams) ? 0 : r.kcalPerGram * r.grams), 0);
  const invalid = titleMissing || servingsBad || !rows.length || rows.some((r) => gramsBad(r.grams));

  function add(f: (typeof found)[number]) {
    setRows((list) => [...list, { food_id: f.id, name: f.name, grams: f.serving_grams, kcalPerGram: f.serving_grams ? f.calories / f.serving_grams : 0 }]);
    setQuery('');
  }

  async function onSave() {
    const saved = await save({ title: title.trim(), servings, ingredients: rows.map((r) => ({ food_id: r.food_id, grams: r.grams })) }).unwrap().catch(() => null);
    if (saved) navigate(paths.recipe(saved.id));
  }

  return (
    <Stack component="form" spacing={2} noValidate onSubmit={submitOrSayWhy(invalid, onSave, () => setRefused(true))}>
      <PageTitle>Build Recipe</PageTitle>
      <TextField label="Recipe name" value={title} onChange={(e) => setTitle(e.target.value)} required error={refused && titleMissing} helperText={refused && titleMissing ? 'Enter a name' : undefined} />
      <ServingsField value={servings} onChange={setServings} required invalid={refused && servingsBad} range="From 1 to 1,000" min={1} max={1000} />
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
          <ListItemButton key={f.id} onClick={() => add(f)}>
            <ListItemText primary={f.name} secondary={f.serving_description} />
          </ListItemButton>
        ))}
      </List>
      {rows.map((r, i) => (
        <Stack key={i} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography sx={{ flex: 1 }}>{r.name}</Typography>
          <TextField
            size="small"
            type="number"
            label="Grams"
            value={Number.isNaN(r.grams) ? '' : r.grams}
            onChange={(e) => setRows((list) => list.map((x, j) => (j === i ? { ...x, grams: e.target.value === '' ? NaN : Number(e.target.value) } : x)))}
            error={refused && gramsBad(r.grams)}
            helperText={refused && gramsBad(r.grams) ? 'More than 0' : undefined}
            slotProps={{ htmlInput: { min: 0, 'aria-label': `Grams of ${r.name}` } }}
          />
          <Typography sx={{ whiteSpace: 'nowrap' }}>{formatKcal(gramsBad(r.grams) ? 0 : r.kcalPerGram * r.grams)}</Typography>
          <Button onClick={() => setRows((list) => list.filter((_, j) => j !== i))} aria-label={`Remove ${r.name}`}>
            Remove
          </Button>
        </Stack>
      ))}
      <Typography data-testid="build-total">
        {formatKcal(total)} in total · {formatKcal(servingsBad ? 0 : total / servings)} per serving
      </Typography>
      {saving.error ? <Alert severity="error">{errorText(saving.error)}</Alert> : null}
      <Button type="submit" variant="contained" disabled={saving.isLoading} sx={{ alignSelf: 'start' }}>
        Save recipe
      </Button>
    </Stack>
  );
}
