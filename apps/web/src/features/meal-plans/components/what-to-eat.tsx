import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MEAL_TYPES } from '@app/contracts/constants';
import { errorText } from '../../../lib/errors';
import { useWhatToEatMutation } from '../api';
import type { MealType } from '../types';
import { MEAL_LABELS, portion, whole } from './format';
import { LogThisButton } from './log-this-button';
import { MacroChips } from './macro-chips';

/** "36 g over" rather than "-36 g" when a goal is already passed. */
export function leftText(left: number, unit: 'kcal' | 'g'): string {
  return left < 0 ? `${whole(-left)} ${unit} over` : `${whole(left)} ${unit} left`;
}

type Choice = MealType | 'next';

/**
 * 'What to eat now': a few options that fit what is left of today's goals. By default the server picks
 * the next meal that is not logged yet (`defaultMeal`, the clock's guess, only labels that choice).
 */
export function WhatToEat({ defaultMeal, date }: { defaultMeal: MealType; date: string }) {
  const [meal, setMeal] = useState<Choice>('next');
  const [ask, asking] = useWhatToEatMutation();
  const answer = asking.data;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField select label="Meal" value={meal} onChange={(e) => setMeal(e.target.value as Choice)} sx={{ width: 200 }} fullWidth={false}>
          <MenuItem value="next">Next meal</MenuItem>
          {MEAL_TYPES.map((m) => (
            <MenuItem key={m} value={m}>
              {MEAL_LABELS[m]}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" size="large" disabled={asking.isLoading} onClick={() => ask(meal === 'next' ? {} : { meal_type: meal })}>
          {asking.isLoading ? 'Finding options…' : 'Suggest options'}
        </Button>
      </Box>
      {asking.isLoading ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {[0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={180} />)}
        </Box>
      ) : asking.error ? (
        <Alert severity="error">{errorText(asking.error, 'Failed to get meal suggestions')}</Alert>
      ) : answer && answer.options.length === 0 ? (
        <Alert severity="info">{answer.message ?? 'No options fit what is left of today. Try another meal.'}</Alert>
      ) : answer ? (
        <>
          <Typography variant="body2" color="text.secondary">
            {MEAL_LABELS[answer.meal_type]}
            {meal === 'next' && answer.meal_type !== defaultMeal ? ' (the next meal not logged yet)' : ''}. Today: {leftText(answer.remaining_macros.calories, 'kcal')} · protein{' '}
            {leftText(answer.remaining_macros.protein, 'g')} · carbs {leftText(answer.remaining_macros.carbs, 'g')} · fat {leftText(answer.remaining_macros.fat, 'g')}
          </Typography>
          {answer.message ? <Alert severity={answer.options.some((o) => !o.fits) ? 'warning' : 'info'}>{answer.message}</Alert> : null}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            {answer.options.map((o, i) => (
              <Card key={i} component="article" aria-label={`Option ${i + 1}`}>
                <CardContent sx={{ display: 'grid', gap: 1.25, height: '100%', alignContent: 'start' }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650 }}>
                    {MEAL_LABELS[answer.meal_type]} option {i + 1}
                  </Typography>
                  <MacroChips calories={o.total_calories} protein={o.total_protein} carbs={o.total_carbs} fat={o.total_fat} />
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {o.foods.map((f) => (
                      <Typography component="li" variant="body2" key={f.food_id}>
                        {f.name} — {portion(f.serving_size, f.serving_unit)} · {whole(f.calories)} kcal
                      </Typography>
                    ))}
                  </Box>
                  {o.reasons.map((r, j) => (
                    <Typography key={j} variant="body2" color="text.secondary">
                      {r}
                    </Typography>
                  ))}
                  {!o.fits ? (
                    <Typography variant="body2" color="warning.main">
                      Does not fit what is left today.
                    </Typography>
                  ) : null}
                  <Box>
                    {o.logged ? (
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        Logged
                      </Typography>
                    ) : (
                    <LogThisButton
                      foods={o.foods}
                      mealType={answer.meal_type}
                      date={answer.date ?? date}
                      label={`Log option ${i + 1} as ${MEAL_LABELS[answer.meal_type].toLowerCase()}`}
                    />
                    )}
                  </Box>
                </CardContent>
              </Card>
            ))}
          </Box>
        </>
      ) : null}
    </Box>
  );
}
