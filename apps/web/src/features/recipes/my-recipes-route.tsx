import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { catalogueText } from '../../lib/errors';
import { countOf, formatKcal } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useMyRecipesQuery, useSearchRecipesQuery } from './api';
import { isLocked, LockedFeature, useMayUse } from '../../components/locked-feature';
import { PageTitle } from '../../components/layout/page-title';

/** What a user with no recipe yet can do about it: the two ways a recipe is made. */
function NoRecipesYet() {
  const canImport = useMayUse('recipe_analysis');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" gutterBottom>
        No recipes yet
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Build a recipe from foods you search, or {canImport ? 'import' : 'with Pro, import'} one from a recipe page or a list
        of ingredients. Saved recipes are logged a serving at a time.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="contained" component={Link} to={paths.buildRecipe}>
          Build a recipe
        </Button>
        <Button variant="outlined" component={Link} to={paths.recipes}>
          {canImport ? 'Import a recipe' : 'Import a recipe (Pro)'}
        </Button>
      </Stack>
    </Paper>
  );
}

/** /my-recipes: the user's saved recipes; typing searches them (Pro). */
export function Component() {
  const [query, setQuery] = useState('');
  const q = query.trim();
  const all = useMyRecipesQuery(undefined, { refetchOnMountOrArgChange: true });
  const found = useSearchRecipesQuery(q, { skip: !q });
  const shown = q ? found : all;
  // A search box over nothing helps no one: it appears once there is a recipe (or a query already typed).
  const none = !!all.data && !all.data.length && !q;
  return (
    <Stack spacing={2}>
      <PageTitle>My Recipes</PageTitle>
      {!none && <TextField label="Search recipes" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />}
      {shown.error ? isLocked(shown.error) ? <LockedFeature feature="recipe_search" /> : <Alert severity="error">{catalogueText(shown.error, q ? 'Search failed' : 'Failed to fetch recipes')}</Alert> : null}
      {none ? (
        <NoRecipesYet />
      ) : (
        <List>
          {(shown.data ?? []).map((r) => (
            <li key={r.id}>
              <ListItemButton component={Link} to={paths.recipe(r.id)}>
                <ListItemText primary={r.title} secondary={`${formatKcal(r.nutrition_per_serving.calories)} per serving · ${countOf(r.servings, 'serving')}`} />
              </ListItemButton>
            </li>
          ))}
        </List>
      )}
      {q && shown.data && !shown.data.length ? <Typography color="text.secondary">No saved recipe matches “{q}”.</Typography> : null}
    </Stack>
  );
}
