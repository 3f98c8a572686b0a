import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { MealType } from '@app/contracts/constants';
import { notify } from '../../../components/feedback/notify';
import { catalogueText } from '../../../lib/errors';
import { MEAL_LABELS } from '../../../lib/format';
import { offerEntries, offerPortion, type FoodLogOffer } from '../../../lib/food-log-offer';
import { useCreateFoodLogsMutation } from '../api';
import { MealSelect } from './meal-select';

/**
 * A notification's meal idea, offered whole (spec §2 'Log This Food'): every food with its amount, in the
 * idea's meal, logged with one "Log all" (one POST /food-logs/batch).
 */
export function OfferDialog({ offer, date, defaultMeal, onClose }: { offer: FoodLogOffer; date: string; defaultMeal: MealType; onClose: () => void }) {
  const [meal, setMeal] = useState<MealType>(offer.meal_type ?? defaultMeal);
  const [createLogs, { isLoading }] = useCreateFoodLogsMutation();
  const [failed, setFailed] = useState<string | null>(null);
  const kcal = Math.round(offer.foods.reduce((t, f) => t + (f.calories ?? 0), 0));

  async function logAll() {
    setFailed(null);
    try {
      await createLogs(offerEntries(offer, meal, date)).unwrap();
      notify.success(`Logged ${offer.foods.length} ${offer.foods.length === 1 ? 'food' : 'foods'} to ${MEAL_LABELS[meal].toLowerCase()}`);
      onClose();
    } catch (e) {
      setFailed(catalogueText(e, 'Failed to create food log'));
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="offer-title">
      <DialogTitle id="offer-title">Log this meal idea</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {offer.name} · {kcal} kcal
        </Typography>
        <List dense aria-label="Foods to log">
          {offer.foods.map((f, i) => (
            <ListItem key={`${f.name}-${i}`} disableGutters secondaryAction={f.calories !== undefined ? <Typography variant="body2">{Math.round(f.calories)} kcal</Typography> : null}>
              <ListItemText primary={f.name} secondary={offerPortion(f)} />
            </ListItem>
          ))}
        </List>
        <MealSelect id="offer-meal" value={meal} onChange={setMeal} />
        {failed && (
          <Typography color="error" role="alert" sx={{ mt: 2 }}>
            {failed}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={logAll} disabled={isLoading}>
          Log all
        </Button>
      </DialogActions>
    </Dialog>
  );
}
