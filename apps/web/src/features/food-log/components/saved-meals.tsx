import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { MealType } from '@app/contracts/constants';
import { LazyAlert } from '../../../components/lazy-alert';
import { notify } from '../../../components/feedback/notify';
import { catalogueText } from '../../../lib/errors';
import { formatKcal, MEAL_LABELS } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { useGetSavedMealsQuery, useLogSavedMealMutation } from '../fast-log-api';
import type { SavedMeal } from '../fast-log-types';
import { DeleteMealDialog, RenameMealDialog } from './saved-meal-dialogs';

const PORTIONS = [
  { value: 0.5, label: '½×' },
  { value: 1, label: '1×' },
  { value: 1.5, label: '1½×' },
  { value: 2, label: '2×' },
] as const;

/** Saved meals (issue 41 item 3): one tap logs a meal's foods into the meal being added to, at the chosen portion. */
export function SavedMeals({ date, meal }: { date: string; meal: MealType }) {
  const { data, error, isLoading } = useGetSavedMealsQuery();
  const [logMeal] = useLogSavedMealMutation();
  const [multiplier, setMultiplier] = useState(1);
  const [busy, setBusy] = useState<number | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; meal: SavedMeal } | null>(null);
  const [renaming, setRenaming] = useState<SavedMeal | null>(null);
  const [deleting, setDeleting] = useState<SavedMeal | null>(null);
  const mealLabel = MEAL_LABELS[meal].toLowerCase();

  async function log(m: SavedMeal) {
    setBusy(m.id);
    try {
      await logMeal({ id: m.id, body: { date, meal_type: meal, multiplier }, idempotencyKey: newIdempotencyKey() }).unwrap();
      notify.success(`Logged ${m.name}${multiplier === 1 ? '' : ` (${multiplier}×)`} to ${mealLabel}`);
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to create food log'));
    } finally {
      setBusy(null);
    }
  }

  if (isLoading) return <Skeleton variant="rounded" height={96} sx={{ mt: 1 }} />;
  if (error) return <LazyAlert severity="error" sx={{ mt: 1 }}>{catalogueText(error, 'Failed to fetch saved meals')}</LazyAlert>;
  const meals = data ?? [];
  if (meals.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2, px: 1 }}>
        No saved meals yet. Use “Save as meal” on a logged meal to log it again in one tap.
      </Typography>
    );
  }
  return (
    <Box sx={{ pt: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" id="saved-meal-portion">
          Portion
        </Typography>
        <ToggleButtonGroup size="small" exclusive value={multiplier} onChange={(_e, v: number | null) => v !== null && setMultiplier(v)} aria-labelledby="saved-meal-portion">
          {PORTIONS.map((p) => (
            <ToggleButton key={p.value} value={p.value} aria-label={`${p.value}×`} sx={{ px: 1.25 }}>
              {p.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <List dense>
        {meals.map((m) => (
          <ListItem
            key={m.id}
            disableGutters
            secondaryAction={
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <Button size="small" variant="contained" onClick={() => void log(m)} disabled={busy === m.id} aria-label={`Log ${m.name}`}>
                  Log
                </Button>
                <IconButton aria-label={`More for ${m.name}`} aria-haspopup="menu" onClick={(e) => setMenu({ anchor: e.currentTarget, meal: m })} size="small">
                  <MoreVertIcon fontSize="small" />
                </IconButton>
              </Box>
            }
            sx={{ pr: 13 }}
          >
            <ListItemText
              primary={m.name}
              secondary={`${m.items.length} ${m.items.length === 1 ? 'food' : 'foods'} · ${formatKcal(m.totals.calories * multiplier)}`}
              slotProps={{ primary: { noWrap: true, sx: { fontWeight: 500 } } }}
            />
          </ListItem>
        ))}
      </List>
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => { setRenaming(menu!.meal); setMenu(null); }}>Rename</MenuItem>
        <MenuItem onClick={() => { setDeleting(menu!.meal); setMenu(null); }}>Delete</MenuItem>
      </Menu>
      {renaming && <RenameMealDialog meal={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteMealDialog meal={deleting} onClose={() => setDeleting(null)} />}
    </Box>
  );
}
