import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { MealSlot, MealType, PlanFoodBase } from '../types';
import { MEAL_LABELS } from './format';
import { MacroChips } from './macro-chips';
import { PlanFoodRow } from './plan-food-row';

interface Props {
  mealType: MealType;
  slot: MealSlot;
  /** Buttons for the card header (log this, regenerate this meal). */
  action?: ReactNode;
  onSwap?: (planFoodId: string, alternative: PlanFoodBase) => void;
  busy?: boolean;
  /** A made-up meal: show its estimated totals and the hint instead of foods. */
  placeholder?: boolean;
}

export function MealCard({ mealType, slot, action, onSwap, busy, placeholder }: Props) {
  const foods = slot.foods ?? [];
  return (
    <Card sx={{ height: '100%', opacity: busy ? 0.6 : 1, transition: 'opacity .2s' }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
            {MEAL_LABELS[mealType]}
          </Typography>
          {action}
        </Box>
        <MacroChips calories={slot.total_calories} protein={slot.total_protein} carbs={slot.total_carbs} fat={slot.total_fat} />
        {foods.length > 0 ? (
          <Box sx={{ mt: 1 }}>
            {foods.map((f, i) => (
              <Box key={f.id || `${f.food_id}-${i}`}>
                {i > 0 ? <Divider /> : null}
                <PlanFoodRow food={f} disabled={busy} onSwap={onSwap ? (alt) => onSwap(f.id, alt) : undefined} />
              </Box>
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
            {placeholder ? 'Estimated portion of your day — no foods chosen yet.' : 'No foods planned for this meal.'}
          </Typography>
        )}
        {slot.notes ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, fontStyle: 'italic' }}>
            {slot.notes}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
