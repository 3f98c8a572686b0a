import { useState, type FormEvent } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../components/form-dialog';
import { errorText } from '../../lib/errors';
import { formatNumber } from '../../lib/format';
import { sleepBody, sleepMinutes, WORKOUT_TYPES, workoutBody, type SleepForm, type WorkoutForm } from './entry-forms';
import { useLogSleepMutation, useLogWorkoutMutation } from './api';

const QUALITY = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];
const shrink = { inputLabel: { shrink: true } } as const;


/** "Log workout": type, minutes and (if known) calories burned, on a day (today by default). Mounted afresh on each opening. */
export function LogWorkoutDialog({ open, today, onClose }: { open: boolean; today: string; onClose: () => void }) {
  const [form, setForm] = useState<WorkoutForm>({ date: today, type: 'Walking', duration_min: '', calories_burned: '' });
  const [touched, setTouched] = useState(false);
  const [logWorkout, { isLoading, error }] = useLogWorkoutMutation();
  const { errors, body } = workoutBody(form);
  const shown = touched ? errors : {};
  const set = (patch: Partial<WorkoutForm>) => setForm({ ...form, ...patch });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!body) return;
    if (!('error' in (await logWorkout(body)))) onClose();
  };
  const failed = error ? errorText(error, 'Failed to save workout') : null;
  return (
    <FormDialog open={open} title="Log a workout" busy={isLoading} failed={failed} onClose={onClose} onSubmit={save}>
      <TextField select label="Type" value={form.type} onChange={(e) => set({ type: e.target.value })} error={!!shown.type} helperText={shown.type}>
        {WORKOUT_TYPES.map((t) => (
          <MenuItem key={t} value={t}>
            {t}
          </MenuItem>
        ))}
      </TextField>
      <TextField autoFocus label="Duration (min)" inputMode="decimal" value={form.duration_min} onChange={(e) => set({ duration_min: e.target.value })} error={!!shown.duration_min} helperText={shown.duration_min} />
      <TextField label="Calories burned (kcal)" inputMode="decimal" value={form.calories_burned} onChange={(e) => set({ calories_burned: e.target.value })} error={!!shown.calories_burned} helperText={shown.calories_burned ?? 'Optional'} />
      <TextField label="Day" type="date" value={form.date} onChange={(e) => set({ date: e.target.value })} error={!!shown.date} helperText={shown.date} slotProps={{ ...shrink, htmlInput: { max: today } }} />
    </FormDialog>
  );
}

/** "Log sleep": bedtime and wake-up time on the settings clock, dated by the morning, with an optional rating. */
export function LogSleepDialog({ open, today, timeZone, onClose }: { open: boolean; today: string; timeZone: string; onClose: () => void }) {
  const [form, setForm] = useState<SleepForm>({ date: today, bedtime: '23:00', wake: '07:00', quality: null });
  const [touched, setTouched] = useState(false);
  const [logSleep, { isLoading, error }] = useLogSleepMutation();
  const { errors, body } = sleepBody(form, timeZone);
  const shown = touched ? errors : {};
  const set = (patch: Partial<SleepForm>) => setForm({ ...form, ...patch });
  const minutes = sleepMinutes(form);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!body) return;
    if (!('error' in (await logSleep(body)))) onClose();
  };
  const failed = error ? errorText(error, 'Failed to save sleep') : null;
  return (
    <FormDialog open={open} title="Log a night's sleep" busy={isLoading} failed={failed} onClose={onClose} onSubmit={save}>
      <TextField label="Woke up on" type="date" value={form.date} onChange={(e) => set({ date: e.target.value })} error={!!shown.date} helperText={shown.date} slotProps={{ ...shrink, htmlInput: { max: today } }} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Went to bed" type="time" value={form.bedtime} onChange={(e) => set({ bedtime: e.target.value })} error={!!shown.bedtime} helperText={shown.bedtime} slotProps={shrink} />
        <TextField label="Woke up" type="time" value={form.wake} onChange={(e) => set({ wake: e.target.value })} error={!!shown.wake} helperText={shown.wake} slotProps={shrink} />
      </Stack>
      <Typography color="text.secondary" aria-live="polite">
        {minutes !== null ? `${formatNumber(Math.floor(minutes / 60))} h${minutes % 60 ? ` ${formatNumber(minutes % 60)} min` : ''} asleep` : ' '}
      </Typography>
      <TextField select label="How did you sleep?" value={form.quality ?? ''} onChange={(e) => set({ quality: e.target.value === '' ? null : Number(e.target.value) })}>
        <MenuItem value="">Not rated</MenuItem>
        {QUALITY.map((q, i) => (
          <MenuItem key={q} value={i + 1}>
            {`${i + 1} · ${q}`}
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
