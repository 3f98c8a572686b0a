import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UserSettings } from '@app/contracts/settings';
import { notify } from '../../components/feedback/notify';
import { errorText, fieldError } from '../../lib/errors';
import { useUpdateUserSettingsMutation } from './api';
import { GoalHelperDialog } from './goal-helper-dialog';
import { SectionCard } from './section-card';

const FIELDS = [
  { key: 'daily_calorie_goal', label: 'Calories', unit: 'kcal' },
  { key: 'daily_protein_goal', label: 'Protein', unit: 'g' },
  { key: 'daily_carbs_goal', label: 'Carbs', unit: 'g' },
  { key: 'daily_fat_goal', label: 'Fat', unit: 'g' },
  { key: 'daily_fiber_goal', label: 'Fibre', unit: 'g' },
] as const;
type GoalKey = (typeof FIELDS)[number]['key'];
type Draft = Record<GoalKey, string>;

const toDraft = (s: UserSettings): Draft => Object.fromEntries(FIELDS.map((f) => [f.key, s[f.key] === null ? '' : String(s[f.key])])) as Draft;

export function GoalsCard({ settings }: { settings: UserSettings }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [helper, setHelper] = useState(false);
  const [save, { isLoading, error }] = useUpdateUserSettingsMutation();
  useEffect(() => setDraft(toDraft(settings)), [settings]);

  const dirty = FIELDS.some((f) => draft[f.key] !== (settings[f.key] === null ? '' : String(settings[f.key])));

  async function submit() {
    const body = Object.fromEntries(FIELDS.map((f) => [f.key, draft[f.key].trim() === '' ? null : Number(draft[f.key])]));
    try {
      await save(body).unwrap();
      notify.success('Daily goals saved');
    } catch (e) {
      notify.error(errorText(e, 'Failed to update user settings'));
    }
  }

  return (
    <SectionCard id="goals" title="Daily goals" description="Targets for the dashboard, the food log and meal plans. Leave a field empty for no goal.">
      <Grid container spacing={2}>
        {FIELDS.map((f) => (
          <Grid key={f.key} size={{ xs: 6, sm: 4, md: 'grow' }}>
            <TextField
              label={f.label}
              type="number"
              value={draft[f.key]}
              onChange={(e) => setDraft((d) => ({ ...d, [f.key]: e.target.value }))}
              error={!!fieldError(error, f.key)}
              helperText={fieldError(error, f.key)}
              slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' }, input: { endAdornment: <InputAdornment position="end">{f.unit}</InputAdornment> } }}
            />
          </Grid>
        ))}
      </Grid>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 2 }}>
        <Button variant="contained" onClick={submit} disabled={!dirty || isLoading}>
          {isLoading ? 'Saving…' : 'Save goals'}
        </Button>
        <Button variant="outlined" onClick={() => setHelper(true)}>
          Suggest goals for me
        </Button>
      </Stack>
      <GoalHelperDialog
        open={helper}
        onClose={() => setHelper(false)}
        onApply={(g) => {
          setDraft({ daily_calorie_goal: String(g.calories), daily_protein_goal: String(g.protein), daily_carbs_goal: String(g.carbs), daily_fat_goal: String(g.fat), daily_fiber_goal: String(g.fiber) });
          setHelper(false);
          notify.info('Suggested goals filled in — review and save them');
        }}
      />
    </SectionCard>
  );
}
