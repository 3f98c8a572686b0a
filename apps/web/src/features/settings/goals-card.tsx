import { useState } from 'react';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { goalPlausibilityIssues, UserSettingsUpdateSchema, type UserSettings } from '@app/contracts/settings';
import { notify } from '../../components/feedback/notify';
import { catalogueText, fieldError } from '../../lib/errors';
import { useMemo } from 'react';
import { useUpdateUserSettingsMutation } from './api';
import { GoalHelperDialog } from './goal-helper-dialog';
import { SectionCard } from './section-card';

const FIELDS = [
  { key: 'daily_calorie_goal', label: 'Calories', unit: 'kcal' },
  { key: 'daily_protein_goal', label: 'Protein', unit: 'g' },
  { key: 'daily_carbs_goal', label: 'Carbs', unit: 'g' },
  { key: 'daily_fat_goal', label: 'Fat', unit: 'g' },
  { key: 'daily_fiber_goal', label: 'Fiber', unit: 'g' },
] as const;
type GoalKey = (typeof FIELDS)[number]['key'];
type Draft = Record<GoalKey, string>;
type FieldErrors = Partial<Record<GoalKey, string>>;

/**
 * The same rules the API applies (ranges and plausibility from packages/contracts), checked before
 * sending, so each message appears under its own field as a sentence (issue 10 item 8).
 */
function checkDraft(draft: Draft): { body: Record<GoalKey, number | null>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const body = {} as Record<GoalKey, number | null>;
  for (const f of FIELDS) {
    const raw = draft[f.key].trim();
    const n = raw === '' ? null : Number(raw);
    body[f.key] = n;
    if (n !== null && !Number.isFinite(n)) errors[f.key] = `${f.label} must be a number`;
  }
  const parsed = UserSettingsUpdateSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as GoalKey;
      errors[key] ??= issue.message;
    }
  }
  if (Object.keys(errors).length === 0) for (const i of goalPlausibilityIssues(body)) errors[i.field] ??= i.msg;
  return { body, errors };
}

const toDraft = (s: UserSettings): Draft => Object.fromEntries(FIELDS.map((f) => [f.key, s[f.key] === null ? '' : String(s[f.key])])) as Draft;

export function GoalsCard({ settings }: { settings: UserSettings }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [helper, setHelper] = useState(false);
  const [save, { isLoading, error, reset }] = useUpdateUserSettingsMutation();
  const [tried, setTried] = useState(false);
  // New settings from the server (this card's save, or the refetch after another card saved its diet types or
  // allergies): the fields the user has not touched follow them, and what is being typed in the others stays.
  // Replacing the whole draft threw away a goal typed while that refetch was on its way.
  const [basis, setBasis] = useState(settings);
  if (settings !== basis) {
    const before = toDraft(basis);
    const after = toDraft(settings);
    setBasis(settings);
    setDraft((d) => Object.fromEntries(FIELDS.map((f) => [f.key, d[f.key] === before[f.key] ? after[f.key] : d[f.key]])) as Draft);
  }
  const local = useMemo(() => checkDraft(draft), [draft]);
  // Local messages appear once the user tried to save, then follow every keystroke; server ones until the next edit.
  const messageFor = (k: GoalKey) => (tried ? local.errors[k] : undefined) ?? fieldError(error, k);

  const dirty = FIELDS.some((f) => draft[f.key] !== (settings[f.key] === null ? '' : String(settings[f.key])));

  async function submit() {
    setTried(true);
    const firstBad = FIELDS.find((f) => local.errors[f.key]);
    if (firstBad) {
      document.getElementById(`goal-${firstBad.key}`)?.focus();
      return;
    }
    try {
      setDraft(toDraft(await save(local.body).unwrap()));
      setTried(false);
      notify.success('Daily goals saved');
    } catch (e) {
      // Field errors show under their fields; only what belongs to no field goes to a snackbar.
      if (!FIELDS.some((f) => fieldError(e, f.key))) notify.error(catalogueText(e, 'Failed to update user settings'));
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
              id={`goal-${f.key}`}
              onChange={(e) => {
                if (error) reset();
                setDraft((d) => ({ ...d, [f.key]: e.target.value }));
              }}
              error={!!messageFor(f.key)}
              helperText={messageFor(f.key)}
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
      {/* It saves the goals with the answers they came from; the fields above follow the saved settings. */}
      <GoalHelperDialog open={helper} onClose={() => setHelper(false)} settings={settings} />
    </SectionCard>
  );
}
