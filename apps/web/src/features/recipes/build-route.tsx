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
import { PageTitle } from '../../components/layout/page-title';

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
  const total = rows.reduce((s, r) => s + r.kcalPerGram * r.grams, 0);

  async function onSave() {
    const saved = await save({ title: title.trim(), servings, ingredients: rows.map((r) => ({ food_id: r.food_id, grams: r.grams })) }).unwrap().catch(() => null);
    if (saved) navigate(paths.recipe(saved.id));
  }

  return (
    <Stack spacing={2}>
      <PageTitle>Build Recipe</PageTitle>
      <TextField label="Recipe name" value={title} onChange={(e) => setTitle(e.target.value)} />
      <TextField label="Servings" type="number" value={servings} onChange={(e) => setServings(Number(e.target.value))} slotProps={{ htmlInput: { min: 1 } }} />
      <TextField label="Add an ingredient" value={query} onChange={(e) => setQuery(e.target.value)} />
      <List dense>
        {(query.trim().length >= 2 ? (search.data?.foods ?? []) : []).map((f) => (
          <ListItemButton
            key={f.id}
            onClick={() => {
              setRows((list) => [...list, { food_id: f.id, name: f.name, grams: f.serving_grams, kcalPerGram: f.serving_grams ? f.calories / f.serving_grams : 0 }]);
              setQuery('');
            }}
          >
            <ListItemText primary={f.name} secondary={f.serving_description} />
          </ListItemButton>
        ))}
      </List>
      {rows.map((r, i) => (
        <Stack key={i} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Typography sx={{ flex: 1 }}>{r.name}</Typography>
          <TextField size="small" type="number" label="Grams" value={r.grams} onChange={(e) => setRows((list) => list.map((x, j) => (j === i ? { ...x, grams: Number(e.target.value) } : x)))} />
          <Typography>{Math.round(r.kcalPerGram * r.grams)} kcal</Typography>
          <Button onClick={() => setRows((list) => list.filter((_, j) => j !== i))}>Remove</Button>
        </Stack>
      ))}
      <Typography data-testid="build-total">
        {Math.round(total)} kcal in total · {servings > 0 ? Math.round(total / servings) : 0} kcal per serving
      </Typography>
      {saving.error ? <Alert severity="error">{errorText(saving.error)}</Alert> : null}
      <Button variant="contained" onClick={onSave} disabled={!title.trim() || !rows.length || !(servings > 0) || saving.isLoading} sx={{ alignSelf: 'start' }}>
        Save recipe
      </Button>
    </Stack>
  );
}
