import { useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { UserSettings } from '@app/contracts/settings';
import { notify } from '../../components/feedback/notify';
import { catalogueText } from '../../lib/errors';
import { useUpdateUserSettingsMutation } from './api';
import { SectionCard } from './section-card';

type Pct = UserSettings['exercise_calories_back_pct'];
const CHOICES: { pct: Pct; label: string; hint: string; saved: string }[] = [
  { pct: 0, label: "Don't add exercise calories", hint: 'Your budget is your calorie goal, however much you exercise.', saved: 'Exercise calories are no longer added to your budget' },
  { pct: 50, label: 'Add half', hint: 'Half of what your workouts burned: trackers often overestimate it.', saved: 'Half of your exercise calories are added to your budget' },
  { pct: 100, label: 'Add all', hint: 'Every calorie your workouts burned is added to the day’s budget.', saved: 'All of your exercise calories are added to your budget' },
];

/**
 * Exercise in the day's budget (issue 42 §9): add the calories the day's workouts burned back to the calorie goal, half
 * of them, or none (the default). The dashboard and the food log say what was added: "Goal 2,000 + exercise 150 = 2,150 kcal".
 */
export function ExerciseCard({ settings }: { settings: UserSettings }) {
  const [save, { isLoading }] = useUpdateUserSettingsMutation();
  // The choice shows at once (a radio that waits for the server looks broken); a refusal puts the saved one back.
  const [picked, setPicked] = useState<Pct | null>(null);
  const value = picked ?? settings.exercise_calories_back_pct ?? 0;
  const choose = async (pct: Pct) => {
    setPicked(pct);
    try {
      await save({ exercise_calories_back_pct: pct }).unwrap();
      notify.success(CHOICES.find((c) => c.pct === pct)!.saved);
    } catch (e) {
      setPicked(null);
      notify.error(catalogueText(e, 'Failed to update user settings'));
    }
  };
  return (
    <SectionCard id="exercise" title="Exercise calories" description="Workouts on your Health page, logged or synced, burn calories. Choose whether they raise the day's calorie budget.">
      <FormControl component="fieldset" disabled={isLoading}>
        <FormLabel component="legend" id="exercise-back-label" sx={{ typography: 'subtitle1', fontWeight: 650, color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}>
          Exercise calories in your budget
        </FormLabel>
        <RadioGroup aria-labelledby="exercise-back-label" name="exercise_calories_back_pct" value={String(value)} onChange={(_, v) => Number(v) !== value && void choose(Number(v) as Pct)}>
          {CHOICES.map((c) => (
            <FormControlLabel
              key={c.pct}
              value={String(c.pct)}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
              label={
                <span>
                  {c.label}
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {c.hint}
                  </Typography>
                </span>
              }
            />
          ))}
        </RadioGroup>
      </FormControl>
    </SectionCard>
  );
}
