import { useMemo, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { MealType } from '@app/contracts/constants';
import { FormDialog } from '../../../components/form-dialog';
import { notify } from '../../../components/feedback/notify';
import { catalogueText } from '../../../lib/errors';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { foodList, MEAL_LABELS } from '../../../lib/format';
import { useCreateSavedMealMutation, useDeleteSavedMealMutation, useRenameSavedMealMutation } from '../fast-log-api';
import type { SavedMeal } from '../fast-log-types';
import type { FoodLogEntry } from '../types';

export const MAX_MEAL_NAME = 100;

/** A name to start from: the meal's foods ("Oats · Banana · Milk"), cut to a name's length. */
export function suggestedMealName(foods: readonly Pick<FoodLogEntry, 'food_name'>[], meal: MealType): string {
  const names = foods.slice(0, 3).map((f) => f.food_name.split(',')[0]!.trim());
  const name = foodList(names) || MEAL_LABELS[meal];
  return name.length <= MAX_MEAL_NAME ? name : `${name.slice(0, MAX_MEAL_NAME - 1)}…`;
}

function NameField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error: string | null }) {
  return (
    <TextField
      label="Meal name"
      value={value}
      onChange={(e) => onChange(e.target.value.slice(0, MAX_MEAL_NAME))}
      error={!!error}
      helperText={error ?? ' '}
      autoFocus
      required
      slotProps={{ htmlInput: { maxLength: MAX_MEAL_NAME } }}
    />
  );
}

/** "Save as meal": the logged meal's foods kept under a name (the server copies them from the day's log). */
export function SaveMealDialog({ date, meal, foods, onClose }: { date: string; meal: MealType; foods: FoodLogEntry[]; onClose: () => void }) {
  const [name, setName] = useState(() => suggestedMealName(foods, meal));
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateSavedMealMutation();
  // One key per name: Save again after a lost answer saves once; another name is another meal.
  const idempotencyKey = useMemo(() => newIdempotencyKey(), [name]); // eslint-disable-line react-hooks/exhaustive-deps
  async function save(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError('Enter a name');
    try {
      await create({ body: { name: name.trim(), meal_type: meal, from: { date, meal_type: meal } }, idempotencyKey }).unwrap();
      notify.success(`Saved “${name.trim()}”: find it under Saved meals`);
      onClose();
    } catch (err) {
      setError(catalogueText(err, 'Failed to save meal'));
    }
  }
  return (
    <FormDialog open title={`Save ${MEAL_LABELS[meal].toLowerCase()} as a meal`} busy={isLoading} failed={null} onClose={onClose} onSubmit={save}>
      <NameField value={name} onChange={(v) => { setName(v); setError(null); }} error={error} />
    </FormDialog>
  );
}

export function RenameMealDialog({ meal, onClose }: { meal: SavedMeal; onClose: () => void }) {
  const [name, setName] = useState(meal.name);
  const [error, setError] = useState<string | null>(null);
  const [rename, { isLoading }] = useRenameSavedMealMutation();
  async function save(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return setError('Enter a name');
    try {
      await rename({ id: meal.id, name: name.trim() }).unwrap();
      notify.success('Meal renamed');
      onClose();
    } catch (err) {
      setError(catalogueText(err, 'Failed to update saved meal'));
    }
  }
  return (
    <FormDialog open title="Rename meal" busy={isLoading} failed={null} onClose={onClose} onSubmit={save}>
      <NameField value={name} onChange={(v) => { setName(v); setError(null); }} error={error} />
    </FormDialog>
  );
}

export function DeleteMealDialog({ meal, onClose }: { meal: SavedMeal; onClose: () => void }) {
  const [remove, { isLoading }] = useDeleteSavedMealMutation();
  async function confirm() {
    try {
      await remove(meal.id).unwrap();
      notify.success(`Deleted “${meal.name}”`);
      onClose();
    } catch (err) {
      notify.error(catalogueText(err, 'Failed to delete saved meal'));
    }
  }
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="delete-meal-title">
      <DialogTitle id="delete-meal-title">Delete “{meal.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText>The saved meal goes; what you logged with it stays in your log.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={isLoading}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
