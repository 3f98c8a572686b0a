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
import type { MealOption, MealType } from '../types';
import { MEAL_LABELS, portion, whole } from './format';
import { LogThisButton } from './log-this-button';
import { MacroChips } from './macro-chips';

function totalsOf(o: MealOption) {
  const sum = (k: 'calories' | 'protein' | 'carbs' | 'fat') => o.foods.reduce((s, f) => s + (f[k] ?? 0), 0);
  return {
    calories: o.total_calories ?? o.totals?.calories ?? sum('calories'),
    protein: o.total_protein ?? o.totals?.protein ?? sum('protein'),
    carbs: o.total_carbs ?? o.totals?.carbs ?? sum('carbs'),
    fat: o.total_fat ?? o.totals?.fat ?? sum('fat'),
  };
}

/** 'What to eat now': a few options for the next meal that fit what is left of today's goals. */
export function WhatToEat({ defaultMeal, date }: { defaultMeal: MealType; date: string }) {
  const [meal, setMeal] = useState<MealType>(defaultMeal);
  const [ask, asking] = useWhatToEatMutation();
  const [askedFor, setAskedFor] = useState<MealType | null>(null);
  const options = asking.data ?? [];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField select label="Meal" value={meal} onChange={(e) => setMeal(e.target.value as MealType)} sx={{ width: 180 }} fullWidth={false}>
          {MEAL_TYPES.map((m) => (
            <MenuItem key={m} value={m}>
              {MEAL_LABELS[m]}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          size="large"
          disabled={asking.isLoading}
          onClick={() => {
            setAskedFor(meal);
            ask({ meal_type: meal });
          }}
        >
          {asking.isLoading ? 'Finding options…' : 'Suggest options'}
        </Button>
      </Box>
      {asking.isLoading ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {[0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={180} />)}
        </Box>
      ) : asking.error ? (
        <Alert severity="error">{errorText(asking.error, 'Failed to get meal suggestions')}</Alert>
      ) : askedFor && options.length === 0 ? (
        <Alert severity="info">No options fit what is left of today. Try another meal.</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
          {options.map((o, i) => {
            const t = totalsOf(o);
            const mealType = o.meal_type ?? askedFor ?? meal;
            return (
              <Card key={i}>
                <CardContent sx={{ display: 'grid', gap: 1.25, height: '100%', alignContent: 'start' }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650 }}>
                    {o.name ?? o.title ?? `Option ${i + 1}`}
                  </Typography>
                  <MacroChips {...t} />
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    {o.foods.map((f, j) => (
                      <Typography component="li" variant="body2" key={j}>
                        {f.name}
                        {f.serving_size != null && f.serving_unit ? ` — ${portion(f.serving_size, f.serving_unit)}` : ''}
                        {f.calories != null ? ` · ${whole(f.calories)} kcal` : ''}
                      </Typography>
                    ))}
                  </Box>
                  {o.reasoning ?? o.reason ? (
                    <Typography variant="body2" color="text.secondary">
                      {o.reasoning ?? o.reason}
                    </Typography>
                  ) : null}
                  <Box>
                    <LogThisButton foods={o.foods} mealType={mealType} date={date} label={`Log option ${i + 1} as ${MEAL_LABELS[mealType].toLowerCase()}`} />
                  </Box>
                </CardContent>
              </Card>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
