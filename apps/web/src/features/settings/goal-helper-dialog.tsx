import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { suggestGoals, type ActivityLevel, type Aim, type GoalSuggestion, type Sex } from '@app/nutrition/mifflin';

const ACTIVITY: { id: ActivityLevel; label: string }[] = [
  { id: 'sedentary', label: 'Sedentary (desk job, little exercise)' },
  { id: 'light', label: 'Lightly active (exercise 1–3 days a week)' },
  { id: 'moderate', label: 'Moderately active (3–5 days a week)' },
  { id: 'active', label: 'Very active (6–7 days a week)' },
  { id: 'very_active', label: 'Extremely active (physical job plus training)' },
];
const AIMS: { id: Aim; label: string }[] = [
  { id: 'lose', label: 'Lose weight' },
  { id: 'maintain', label: 'Maintain weight' },
  { id: 'gain', label: 'Gain weight' },
];

/** Suggests daily goals with Mifflin-St Jeor (packages/nutrition) and hands them to the goals form. */
export function GoalHelperDialog({ open, onClose, onApply }: { open: boolean; onClose: () => void; onApply: (g: GoalSuggestion) => void }) {
  const [age, setAge] = useState('30');
  const [sex, setSex] = useState<Sex>('female');
  const [height, setHeight] = useState('170');
  const [weight, setWeight] = useState('70');
  const [activity, setActivity] = useState<ActivityLevel>('light');
  const [aim, setAim] = useState<Aim>('maintain');

  const a = Number(age);
  const h = Number(height);
  const w = Number(weight);
  const valid = a >= 15 && a <= 100 && h >= 100 && h <= 250 && w >= 30 && w <= 300;
  const suggestion = valid ? suggestGoals({ age: a, sex, height_cm: h, weight_kg: w, activity_level: activity, aim }) : null;

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="goal-helper-title">
      <DialogTitle id="goal-helper-title">Suggest goals for me</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Uses the Mifflin-St Jeor equation. Your answers are only used for this calculation and are not stored.
        </Typography>
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 6 }}>
            <TextField label="Age (years)" type="number" value={age} onChange={(e) => setAge(e.target.value)} error={!(a >= 15 && a <= 100)} helperText="15–100" />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <TextField select label="Sex" value={sex} onChange={(e) => setSex(e.target.value as Sex)}>
              <MenuItem value="female">Female</MenuItem>
              <MenuItem value="male">Male</MenuItem>
            </TextField>
          </Grid>
          <Grid size={{ xs: 6 }}>
            <TextField label="Height (cm)" type="number" value={height} onChange={(e) => setHeight(e.target.value)} error={!(h >= 100 && h <= 250)} helperText="100–250" />
          </Grid>
          <Grid size={{ xs: 6 }}>
            <TextField label="Weight (kg)" type="number" value={weight} onChange={(e) => setWeight(e.target.value)} error={!(w >= 30 && w <= 300)} helperText="30–300" />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <TextField select label="Activity" value={activity} onChange={(e) => setActivity(e.target.value as ActivityLevel)}>
              {ACTIVITY.map((o) => <MenuItem key={o.id} value={o.id}>{o.label}</MenuItem>)}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12 }}>
            <TextField select label="Aim" value={aim} onChange={(e) => setAim(e.target.value as Aim)}>
              {AIMS.map((o) => <MenuItem key={o.id} value={o.id}>{o.label}</MenuItem>)}
            </TextField>
          </Grid>
        </Grid>
        {suggestion && (
          <Typography sx={{ mt: 3 }} data-testid="goal-suggestion">
            Resting {suggestion.bmr} kcal · daily use {suggestion.tdee} kcal → <strong>{suggestion.calories} kcal</strong>, protein {suggestion.protein} g, carbs {suggestion.carbs} g, fat {suggestion.fat} g, fibre {suggestion.fiber} g.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" disabled={!suggestion} onClick={() => suggestion && onApply(suggestion)}>
          Use these goals
        </Button>
      </DialogActions>
    </Dialog>
  );
}
