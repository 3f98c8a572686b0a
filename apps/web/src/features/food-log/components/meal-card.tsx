import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import { memo, useEffect, useRef } from 'react';
import type { MealType } from '@app/contracts/constants';
import type { FoodLogEntry, MealSummary } from '../types';
import { MEAL_LABELS, round, servingText } from '../serving-math';
import { formatGrams, formatKcal } from '../../../lib/format';
import { useUserSettingsQuery } from '../../../lib/user-settings';

interface Props {
  meal: MealSummary;
  onAdd: (meal: MealType) => void;
  onEdit: (entry: FoodLogEntry) => void;
  /** Resolves true when the entry is gone, so focus can move to its neighbour. */
  onDelete: (entry: FoodLogEntry) => Promise<boolean>;
  /** Offered while the meal is empty and the day before had this meal logged. */
  onCopyPrevious?: (meal: MealType) => void;
  previousCount?: number;
  /** On a past day: the meal's foods logged again today (issue 41 item 2). */
  onCopyToToday?: (meal: MealType) => void;
  /** Keep the meal's foods as a saved meal (issue 41 item 3). */
  onSave?: (meal: MealType) => void;
}

/** Non-breaking spaces inside each value: a line may wrap between macros, never inside "36 g". */
export function macroLine(t: { protein: number; carbs: number; fat: number }) {
  return `P\u00a0${formatGrams(round(t.protein))} · C\u00a0${formatGrams(round(t.carbs))} · F\u00a0${formatGrams(round(t.fat))}`;
}


/**
 * One meal of the day: what was eaten, its totals, and the way to add more. Memoised: the page re-renders
 * whenever one of its reads answers (synchronously, in one task on a phone), and a card whose meal did not
 * change is not drawn again.
 */
export const MealCard = memo(function MealCard({ meal, onAdd, onEdit, onDelete, onCopyPrevious, previousCount = 0, onCopyToToday, onSave }: Props) {
  const label = MEAL_LABELS[meal.meal_type];
  const units = useUserSettingsQuery().data?.units ?? 'metric';
  const cardRef = useRef<HTMLElement>(null);

  /** After a delete, focus goes to the next entry's delete button, else the previous one, else "Add to". */
  const pendingFocus = useRef<{ id: number; index: number } | null>(null);
  async function remove(entry: FoodLogEntry, index: number) {
    pendingFocus.current = { id: entry.id, index };
    if (!(await onDelete(entry))) pendingFocus.current = null;
  }
  // Runs when the refetched list arrives without the entry (the button being clicked is still there before).
  useEffect(() => {
    const pending = pendingFocus.current;
    const card = cardRef.current;
    if (!pending || !card || meal.foods.some((f) => f.id === pending.id)) return;
    pendingFocus.current = null;
    const buttons = card.querySelectorAll<HTMLButtonElement>('[data-entry-delete]');
    const target = buttons[Math.min(pending.index, buttons.length - 1)] ?? card.querySelector<HTMLButtonElement>('[data-meal-add]');
    target?.focus();
  }, [meal.foods]);

  return (
    <Card component="section" aria-label={label} data-testid={`meal-${meal.meal_type}`} ref={cardRef}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5, pb: 1, gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {label}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid={`meal-${meal.meal_type}-macros`}>
            {macroLine(meal.totals)}
          </Typography>
        </Box>
        <Typography variant="h6" component="p" data-testid={`meal-${meal.meal_type}-calories`} sx={{ whiteSpace: 'nowrap' }}>
          {formatKcal(meal.totals.calories)}
        </Typography>
      </Box>
      <Divider />
      {meal.foods.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          Nothing logged yet.
        </Typography>
      ) : (
        <List dense disablePadding>
          {meal.foods.map((f, i) => (
            <ListItem
              key={f.id}
              divider
              secondaryAction={
                <Box sx={{ display: 'flex' }}>
                  <IconButton aria-label={`Edit ${f.food_name}`} onClick={() => onEdit(f)}>
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`Delete ${f.food_name}`} onClick={() => remove(f, i)} edge="end" data-entry-delete>
                    <DeleteOutlinedIcon fontSize="small" />
                  </IconButton>
                </Box>
              }
              sx={{ pr: 12 }}
            >
              {/* On a phone the calories come first and the name takes two lines: cut short at the end, "Chicken, breast,
                  meat only, cook…" hid whether it was roasted or fried, and "… (140 g) · 23…" hid the calories. */}
              <ListItemText
                primary={f.food_name}
                secondary={`${formatKcal(f.calories)} · ${servingText(f, units)}`}
                slotProps={{
                  primary: { sx: { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' } },
                  secondary: { noWrap: true },
                }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ px: 1, py: 0.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<AddIcon />} onClick={() => onAdd(meal.meal_type)} data-meal-add>
          Add to {label}
        </Button>
        {onCopyPrevious && meal.foods.length === 0 && previousCount > 0 && (
          <Button startIcon={<ContentCopyIcon />} onClick={() => onCopyPrevious(meal.meal_type)} color="inherit">
            Copy from the day before ({previousCount})
          </Button>
        )}
        {onCopyToToday && meal.foods.length > 0 && (
          <Button startIcon={<ContentCopyIcon />} onClick={() => onCopyToToday(meal.meal_type)} color="inherit">
            Copy to today
          </Button>
        )}
        {onSave && meal.foods.length > 0 && (
          <Button startIcon={<BookmarkAddOutlinedIcon />} onClick={() => onSave(meal.meal_type)} color="inherit">
            Save as meal
          </Button>
        )}
      </Box>
    </Card>
  );
});
