import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { skipToken } from '@reduxjs/toolkit/query';
import { MEAL_TYPES, type MealType } from '@app/contracts/constants';
import type { Place, RestaurantOption } from '@app/contracts/places';
import { errorText } from '../../lib/errors';
import { MEAL_LABELS, formatGrams, formatKcal } from '../../lib/format';
import { useAppSelector } from '../../lib/hooks';
import { selectUser } from '../../lib/session';
import { useLogOptionMutation, useRestaurantOptionsQuery } from './api';
import { matchLabel, mealTypeAt, placeSummary } from './model';

/** "47 g" and "2000 kcal" never break between the number and the unit. */
const keepUnits = (text: string) => text.replace(/(\d) (g|kcal)\b/g, '$1\u00a0$2');

function OptionCard({ option, mealType, onLogged }: { option: RestaurantOption; mealType: MealType; onLogged: (name: string, meal: MealType) => void }) {
  const [log, state] = useLogOptionMutation();
  const chips = [formatKcal(option.calories), `P ${formatGrams(option.protein)}`, `C ${formatGrams(option.carbs)}`, `F ${formatGrams(option.fat)}`];
  return (
    <Box component="li" sx={{ listStyle: 'none', p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3">{option.name}</Typography>
          <Typography variant="body2" color="text.secondary">{option.restaurant} · {option.serving_description}</Typography>
        </Box>
        {option.fits ? <Chip label="Fits your day" color="success" size="small" variant="outlined" /> : null}
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.5 }}>{keepUnits(option.reason)}</Typography>
      <Stack direction="row" spacing={0.5} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
        {chips.map((c) => <Chip key={c} label={c} size="small" />)}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        <Button
          size="small"
          variant="outlined"
          disabled={state.isLoading || state.isSuccess}
          onClick={() =>
            void log({ food_id: option.food_id, serving: { id: option.serving_id }, meal_type: mealType })
              .unwrap()
              .then(() => onLogged(option.name, mealType), () => undefined)
          }
          aria-label={`Log This Food: ${option.name}`}
        >
          Log This Food
        </Button>
        {state.error ? <Typography variant="body2" color="error" role="alert">{errorText(state.error) || 'Could not log this food'}</Typography> : null}
      </Stack>
    </Box>
  );
}

/** A place's details and the menu options that fit what is left of today. */
export function PlaceDialog({ place, onClose }: { place: Place; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const user = useAppSelector(selectUser);
  const [mealType, setMealType] = useState<MealType>(() => mealTypeAt(new Date()));
  // Said at the dialog, not on the card: logging changes what is left today, so the options are ranked
  // again and the logged one may move or no longer be offered.
  const [logged, setLogged] = useState<{ name: string; meal: MealType } | null>(null);
  const options = useRestaurantOptionsQuery(user ? { place_id: place.place_id, restaurant_name: place.name, user_id: user.id } : skipToken);
  const r = options.data;
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby="place-dialog-title">
      <DialogTitle id="place-dialog-title">{place.name}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary">{placeSummary(place)}</Typography>
        {place.address ? <Typography variant="body2" color="text.secondary">{place.address}</Typography> : null}
        {options.isFetching && !r ? (
          <Stack sx={{ alignItems: 'center', py: 3 }}><CircularProgress aria-label="Loading options" /></Stack>
        ) : options.error ? (
          <Alert severity="error" sx={{ mt: 2 }}>{errorText(options.error) || 'Failed to load options'}</Alert>
        ) : r ? (
          <>
            <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>{matchLabel(r)}</Typography>
            <Typography variant="body2" color="text.secondary">
              Left today: {formatKcal(r.remaining.calories)}, P {formatGrams(r.remaining.protein)}, C {formatGrams(r.remaining.carbs)}, F {formatGrams(r.remaining.fat)}
              {r.goals_source === 'default' ? ` (using ${formatKcal(2000)}, a common reference, until you set a calorie goal in Settings)` : ''}
            </Typography>
            {logged ? (
              <Typography variant="body2" color="success.main" role="status" sx={{ mt: 1 }}>
                Logged {logged.name} to {MEAL_LABELS[logged.meal]}
              </Typography>
            ) : null}
            {r.options.length ? (
              <>
                <TextField select size="small" label="Log to" value={mealType} onChange={(e) => setMealType(e.target.value as MealType)} sx={{ mt: 2, minWidth: 160 }}>
                  {MEAL_TYPES.map((m) => <MenuItem key={m} value={m}>{MEAL_LABELS[m]}</MenuItem>)}
                </TextField>
                <Stack component="ul" spacing={1} sx={{ p: 0, mt: 2, mb: 0 }} aria-label="Recommended options">
                  {r.options.map((o) => <OptionCard key={o.food_id} option={o} mealType={mealType} onLogged={(name, meal) => setLogged({ name, meal })} />)}
                </Stack>
              </>
            ) : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
