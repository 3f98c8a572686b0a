import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
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
import { formatKcal } from '../../lib/format';
import { useUserSettingsQuery } from '../../lib/user-settings';
import { useMeasuredExpenditureQuery } from './expenditure-api';

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

  // What the app already knows fills the form: birth year and sex from the settings, the trend weight.
  const settings = useUserSettingsQuery().data;
  const measured = useMeasuredExpenditureQuery(undefined, { skip: !open }).data;
  const [useMeasured, setUseMeasured] = useState(false);
  useEffect(() => {
    if (!open) return;
    if (settings?.birth_year) setAge(String(new Date().getFullYear() - settings.birth_year));
    if (settings?.sex) setSex(settings.sex);
  }, [open, settings?.birth_year, settings?.sex]);
  useEffect(() => {
    if (open && measured?.latest_weight) setWeight(String(Math.round(measured.latest_weight.trend_kg * 10) / 10));
  }, [open, measured?.latest_weight]);
  // Offered only once the estimate is confident (medium or high): a low-confidence number is no better than the equation.
  const confident = !!measured?.enough && measured.expenditure_kcal !== null && (measured.confidence === 'medium' || measured.confidence === 'high');
  const tdee = confident && useMeasured ? measured.expenditure_kcal : null;

  const a = Number(age);
  const h = Number(height);
  const w = Number(weight);
  const valid = a >= 15 && a <= 100 && h >= 100 && h <= 250 && w >= 30 && w <= 300;
  const suggestion = valid ? suggestGoals({ age: a, sex, height_cm: h, weight_kg: w, activity_level: activity, aim, measured_tdee_kcal: tdee }) : null;

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
            <TextField select label="Activity" disabled={!!tdee} helperText={tdee ? 'Your measured expenditure already includes your activity' : undefined} value={activity} onChange={(e) => setActivity(e.target.value as ActivityLevel)}>
              {ACTIVITY.map((o) => <MenuItem key={o.id} value={o.id}>{o.label}</MenuItem>)}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12 }}>
            <TextField select label="Aim" value={aim} onChange={(e) => setAim(e.target.value as Aim)}>
              {AIMS.map((o) => <MenuItem key={o.id} value={o.id}>{o.label}</MenuItem>)}
            </TextField>
          </Grid>
        </Grid>
        {confident ? (
          <Alert severity="info" sx={{ mt: 2 }} icon={false}>
            <FormControlLabel
              control={<Checkbox checked={useMeasured} onChange={(e) => setUseMeasured(e.target.checked)} />}
              label={`Use my measured expenditure: ${formatKcal(measured.expenditure_kcal)} a day (${measured.confidence} confidence)`}
            />
            <Typography variant="body2" color="text.secondary">
              {measured.statement}
            </Typography>
          </Alert>
        ) : (
          measured &&
          !measured.enough && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="measured-expenditure-missing">
              Log your food and weight for a few weeks and we can use your measured expenditure instead of this estimate. {measured.statement}
            </Typography>
          )
        )}
        {suggestion && (
          <Typography sx={{ mt: 3 }} data-testid="goal-suggestion">
            {tdee ? `Measured daily use ${formatKcal(suggestion.tdee)}` : `Resting ${formatKcal(suggestion.bmr)} · daily use ${formatKcal(suggestion.tdee)}`} → <strong>{formatKcal(suggestion.calories)}</strong>, protein {suggestion.protein}&nbsp;g, carbs {suggestion.carbs}&nbsp;g, fat {suggestion.fat}&nbsp;g, fiber {suggestion.fiber}&nbsp;g.
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
