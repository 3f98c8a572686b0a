import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { errorText } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { useAnalyzeRecipeMutation, useSaveRecipeMutation, type AnalyzedIngredient, type RecipeDetails } from './api';
import { isLocked, LockedFeature } from '../../components/locked-feature';
import { NutritionCard } from './nutrition-card';

/** /recipes (Import Recipe): a web address or pasted lines → analysis; each amount editable; save. */
export function Component() {
  const [source, setSource] = useState('');
  const [analyze, analysis] = useAnalyzeRecipeMutation();
  const [save, saving] = useSaveRecipeMutation();
  const [details, setDetails] = useState<RecipeDetails | null>(null);
  const [rows, setRows] = useState<AnalyzedIngredient[]>([]);
  const navigate = useNavigate();

  async function run() {
    const text = source.trim();
    const body = /^https?:\/\//i.test(text) ? { url: text } : { ingredients: text.split('\n').map((l) => l.trim()).filter(Boolean) };
    const res = await analyze(body).unwrap().catch(() => null);
    if (res) {
      setDetails(res.recipe_details);
      setRows(res.recipe_details.ingredients);
    }
  }
  const setGrams = (i: number, grams: number) =>
    setRows((list) => list.map((r, j) => (j === i ? { ...r, grams, nutrients: { ...r.nutrients, calories: r.grams ? (r.nutrients.calories * grams) / r.grams : r.nutrients.calories } } : r)));
  async function onSave() {
    if (!details) return;
    const ingredients = rows.filter((r) => r.food_id && r.grams).map((r) => ({ food_id: r.food_id!, grams: r.grams!, original: r.original }));
    const saved = await save({ title: details.title, servings: details.servings, ingredients, instructions: details.instructions, source_url: details.source_url, image: details.image }).unwrap().catch(() => null);
    if (saved) navigate(paths.recipe(saved.id));
  }

  return (
    <Stack spacing={3}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' } }}>Import Recipe</Typography>
      <TextField label="Recipe web address or ingredient lines" multiline minRows={2} value={source} onChange={(e) => setSource(e.target.value)} />
      <Button variant="contained" onClick={run} disabled={!source.trim() || analysis.isLoading} sx={{ alignSelf: 'start' }}>Analyze</Button>
      {analysis.isLoading ? <LinearProgress aria-label="Analyzing" /> : null}
      {analysis.error ? isLocked(analysis.error) ? <LockedFeature feature="recipe_analysis" /> : <Alert severity="error">{errorText(analysis.error) || 'Failed to analyze recipe'}</Alert> : null}
      {details ? (
        <>
          <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>{details.title} · {details.servings} servings</Typography>
          <NutritionCard n={details.nutrition_per_serving} />
          <Table size="small" aria-label="Ingredients">
            <TableHead>
              <TableRow><TableCell>Line</TableCell><TableCell>Matched food</TableCell><TableCell>Grams</TableCell><TableCell>kcal</TableCell></TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r, i) => (
                <TableRow key={i} sx={!r.food_id || !r.grams ? { bgcolor: 'warning.light' } : undefined}>
                  <TableCell>{r.original}</TableCell>
                  <TableCell>{r.food_name ?? 'Not matched'}</TableCell>
                  <TableCell>
                    <TextField size="small" type="number" value={r.grams ?? ''} slotProps={{ htmlInput: { 'aria-label': `Grams of ${r.original}`, min: 0 } }} onChange={(e) => setGrams(i, Number(e.target.value))} />
                  </TableCell>
                  <TableCell>{Math.round(r.nutrients.calories)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {saving.error ? <Alert severity="error">{errorText(saving.error)}</Alert> : null}
          <Button variant="contained" onClick={onSave} disabled={saving.isLoading} sx={{ alignSelf: 'start' }}>Save recipe</Button>
        </>
      ) : null}
    </Stack>
  );
}
