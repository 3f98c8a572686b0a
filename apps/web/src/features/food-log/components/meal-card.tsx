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
import type { FoodLogEntry, MealSummary } from '../types';
import { MEAL_LABELS, round } from '../serving-math';

interface Props {
  meal: MealSummary;
  onAdd: () => void;
  onEdit: (entry: FoodLogEntry) => void;
  onDelete: (entry: FoodLogEntry) => void;
  /** Offered while the meal is empty and the day before had this meal logged. */
  onCopyPrevious?: () => void;
  previousCount?: number;
}

export function macroLine(t: { protein: number; carbs: number; fat: number }) {
  return `P ${round(t.protein)} g · C ${round(t.carbs)} g · F ${round(t.fat)} g`;
}

/** One meal of the day: what was eaten, its totals, and the way to add more. */
export function MealCard({ meal, onAdd, onEdit, onDelete, onCopyPrevious, previousCount = 0 }: Props) {
  const label = MEAL_LABELS[meal.meal_type];
  return (
    <Card component="section" aria-label={label} data-testid={`meal-${meal.meal_type}`}>
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
          {round(meal.totals.calories)} kcal
        </Typography>
      </Box>
      <Divider />
      {meal.foods.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1.5 }}>
          Nothing logged yet.
        </Typography>
      ) : (
        <List dense disablePadding>
          {meal.foods.map((f) => (
            <ListItem
              key={f.id}
              divider
              secondaryAction={
                <Box sx={{ display: 'flex' }}>
                  <IconButton aria-label={`Edit ${f.food_name}`} onClick={() => onEdit(f)}>
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={`Delete ${f.food_name}`} onClick={() => onDelete(f)} edge="end">
                    <DeleteOutlinedIcon fontSize="small" />
                  </IconButton>
                </Box>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={f.food_name}
                secondary={`${f.number_of_servings === 1 ? '' : `${round(f.number_of_servings, 2)} × `}${f.serving_description} · ${round(f.calories)} kcal`}
                slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Box sx={{ px: 1, py: 0.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<AddIcon />} onClick={onAdd}>
          Add to {label}
        </Button>
        {onCopyPrevious && meal.foods.length === 0 && previousCount > 0 && (
          <Button startIcon={<ContentCopyIcon />} onClick={onCopyPrevious} color="inherit">
            Copy from the day before ({previousCount})
          </Button>
        )}
      </Box>
    </Card>
  );
}
