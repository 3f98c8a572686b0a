import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { paths } from '../../../lib/paths';
import { notify } from '../../../components/feedback/notify';
import { errorText, fieldError } from '../../../lib/errors';
import { useCreateMultiDayPlanMutation, useGetPlanFavoritesQuery, useGetPlanSettingsQuery } from '../api';
import { todayIn } from '../logic/dates';
import { favoritesSwitchLabel, goalsFromSettings, validatePlanForm, type GoalKey, type PlanForm } from '../logic/plan-form';

const GOAL_FIELDS: Array<{ key: GoalKey; label: string; unit: string }> = [
  { key: 'calories', label: 'Calories', unit: 'kcal' },
  { key: 'protein', label: 'Protein', unit: 'g' },
  { key: 'carbs', label: 'Carbs', unit: 'g' },
  { key: 'fat', label: 'Fat', unit: 'g' },
  { key: 'fiber', label: 'Fiber', unit: 'g' },
];

/** The create form: days, name, start date, alternatives and goals pre-filled from settings (spec §7). */
export function PlanCreateForm() {
  const navigate = useNavigate();
  const settings = useGetPlanSettingsQuery();
  const favorites = useGetPlanFavoritesQuery();
  const [create, creation] = useCreateMultiDayPlanMutation();
  const [form, setForm] = useState<PlanForm>(() => ({
    name: 'My meal plan',
    days: '7',
    start_date: todayIn(undefined),
    alternatives_enabled: true,
    goals: goalsFromSettings(undefined),
  }));
  const [prefilled, setPrefilled] = useState(false);
  const [preferFavorites, setPreferFavorites] = useState(true);
  const [touched, setTouched] = useState(false);

  // The form is drawn at once (no layout jump); goals and the local start date arrive with the
  // settings. A user without settings (or a failed fetch) keeps empty goals = the API's defaults.
  useEffect(() => {
    if (prefilled || settings.isLoading) return;
    setPrefilled(true);
    const s = settings.data;
    if (s) setForm((f) => ({ ...f, start_date: todayIn(s.timezone), goals: goalsFromSettings(s) }));
  }, [prefilled, settings.isLoading, settings.data]);

  const errors = touched ? validatePlanForm(form) : {};
  const serverError = creation.error;
  const favoriteIds = (favorites.data ?? []).map((f) => f.food_id).filter((x): x is string => !!x);
  const set = (patch: Partial<PlanForm>) => setForm({ ...form, ...patch });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (Object.keys(validatePlanForm(form)).length > 0) return;
    try {
      const plan = await create({
        days: Number(form.days),
        name: form.name.trim(),
        alternatives_enabled: form.alternatives_enabled,
        start_date: form.start_date,
        plan_type: 'multi-day',
        request_data: {
          meal_times: {},
          nutritional_goals: Object.fromEntries(GOAL_FIELDS.map(({ key }) => [key, form.goals[key] === '' ? null : Number(form.goals[key])])),
          favorite_foods: preferFavorites ? favoriteIds : [],
        },
      }).unwrap();
      navigate(plan.task_id != null ? paths.mealPlanTask(plan.task_id) : paths.mealPlanView(plan.id));
    } catch (err) {
      notify.error(errorText(err, 'Error generating meal plan'));
    }
  }

  return (
    <Card component="section" aria-labelledby="create-plan-title">
      <CardContent component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5, p: { xs: 2, sm: 3 } }}>
        <Box>
          <Typography id="create-plan-title" variant="h5" component="h2">
            Create a plan
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Every day is built to hit your goals, avoiding your allergies and diet restrictions.
          </Typography>
        </Box>
        <TextField
          label="Plan name"
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
          error={!!errors.name || !!fieldError(serverError, 'name')}
          helperText={errors.name ?? fieldError(serverError, 'name')}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label="Days"
            type="number"
            value={form.days}
            onChange={(e) => set({ days: e.target.value })}
            error={!!errors.days || !!fieldError(serverError, 'days')}
            helperText={errors.days ?? fieldError(serverError, 'days') ?? '1 to 14 days'}
            slotProps={{ htmlInput: { min: 1, max: 14, step: 1, inputMode: 'numeric' } }}
          />
          <TextField
            label="Start date"
            type="date"
            value={form.start_date}
            onChange={(e) => set({ start_date: e.target.value })}
            error={!!errors.start_date}
            helperText={errors.start_date}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
            Daily goals{settings.data ? ' (from your settings)' : ''}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(128px, 1fr))' }}>
            {GOAL_FIELDS.map(({ key, label, unit }) => (
              <TextField
                key={key}
                label={label}
                type="number"
                value={form.goals[key]}
                onChange={(e) => set({ goals: { ...form.goals, [key]: e.target.value } })}
                error={!!errors[key]}
                disabled={!prefilled}
                placeholder={prefilled ? 'Default' : '…'}
                helperText={errors[key]}
                slotProps={{
                  htmlInput: { min: 0, inputMode: 'numeric' },
                  inputLabel: { shrink: true },
                  input: { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> },
                }}
              />
            ))}
          </Box>
        </Box>
        <Box sx={{ display: 'grid' }}>
          <FormControlLabel
            control={<Switch checked={form.alternatives_enabled} onChange={(e) => set({ alternatives_enabled: e.target.checked })} />}
            label="Suggest alternatives for each food"
          />
          <FormControlLabel
            control={<Switch checked={preferFavorites && favoriteIds.length > 0} onChange={(e) => setPreferFavorites(e.target.checked)} disabled={favoriteIds.length === 0} />}
            label={favoritesSwitchLabel(favorites.data ?? [])}
          />
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={creation.isLoading || !prefilled}>
          {creation.isLoading ? 'Creating…' : 'Create plan'}
        </Button>
      </CardContent>
    </Card>
  );
}
