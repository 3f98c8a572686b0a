import { useState } from 'react';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { errorText } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { useMyRecipesQuery, useSearchRecipesQuery } from './api';
import { isLocked, LockedFeature } from '../../components/locked-feature';
import { PageTitle } from '../../components/layout/page-title';

/** /my-recipes: the user's saved recipes; typing searches them (Pro). */
export function Component() {
  const [query, setQuery] = useState('');
  const all = useMyRecipesQuery(undefined, { refetchOnMountOrArgChange: true });
  const found = useSearchRecipesQuery(query.trim(), { skip: !query.trim() });
  const shown = query.trim() ? found : all;
  return (
    <Stack spacing={2}>
      <PageTitle>My Recipes</PageTitle>
      <TextField label="Search recipes" value={query} onChange={(e) => setQuery(e.target.value)} />
      {shown.error ? isLocked(shown.error) ? <LockedFeature feature="recipe_search" /> : <Alert severity="error">{errorText(shown.error) || 'Failed to fetch recipes'}</Alert> : null}
      <List>
        {(shown.data ?? []).map((r) => (
          <ListItemButton key={r.id} component={Link} to={paths.recipe(r.id)}>
            <ListItemText primary={r.title} secondary={`${Math.round(r.nutrition_per_serving.calories)} kcal per serving · ${r.servings} servings`} />
          </ListItemButton>
        ))}
      </List>
      {shown.data && !shown.data.length ? <Typography color="text.secondary">No recipes yet.</Typography> : null}
    </Stack>
  );
}
