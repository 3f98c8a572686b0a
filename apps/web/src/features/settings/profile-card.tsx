import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ActivityLevel, UserSettings, UserSettingsUpdate } from '@app/contracts/settings';
import { notify } from '../../components/feedback/notify';
import { catalogueText, fieldError } from '../../lib/errors';
import { ACTIVITY_CHOICES, checkBirthYear, checkHeight, heightDraft, type HeightDraft, type Sex } from '../../lib/profile';
import type { Units } from '../../lib/units';
import { useUpdateUserSettingsMutation } from './api';
import { SectionCard } from './section-card';

interface Draft {
  sex: Sex | '';
  birthYear: string;
  height: HeightDraft;
  activity: ActivityLevel | '';
}
const toDraft = (s: UserSettings): Draft => ({ sex: s.sex ?? '', birthYear: s.birth_year ? String(s.birth_year) : '', height: heightDraft(s.height_cm), activity: s.activity_level ?? '' });
const same = (a: Draft, b: Draft) => a.sex === b.sex && a.birthYear === b.birthYear && a.activity === b.activity && a.height.cm === b.height.cm && a.height.ft === b.height.ft && a.height.in === b.height.in;

/**
 * Settings › Profile (issue 42 §4): sex, birth year, height in the user's units and activity — what the goal helper,
 * the onboarding and the nutrient targets (DRIs by sex and age) read. Empty fields stay unset.
 */
export function ProfileCard({ settings }: { settings: UserSettings }) {
  const units: Units = settings.units;
  // Linked to from the nutrient notes (/settings#profile): the page may have drawn after the router looked for it.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#profile') document.getElementById('profile')?.scrollIntoView();
  }, [hash]);
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  // Saved elsewhere (the goal helper, the onboarding, another tab): untouched fields follow.
  const [basis, setBasis] = useState(settings);
  if (settings !== basis) {
    const before = toDraft(basis);
    setBasis(settings);
    if (same(draft, before) || settings.units !== basis.units) setDraft(toDraft(settings));
  }
  const [tried, setTried] = useState(false);
  const [save, { isLoading, error, reset }] = useUpdateUserSettingsMutation();
  const set = (patch: Partial<Draft>) => {
    if (error) reset();
    setDraft((d) => ({ ...d, ...patch }));
  };

  const heightEmpty = units === 'imperial' ? draft.height.ft.trim() === '' && draft.height.in.trim() === '' : draft.height.cm.trim() === '';
  const birth = draft.birthYear.trim() === '' ? null : checkBirthYear(draft.birthYear);
  const height = heightEmpty ? null : checkHeight(draft.height, units);
  const birthError = (tried ? birth?.error : undefined) ?? fieldError(error, 'birth_year');
  const heightError = (tried ? height?.error : undefined) ?? fieldError(error, 'height_cm');
  const dirty = !same(draft, toDraft(settings));

  async function submit() {
    setTried(true);
    if (birth?.error || height?.error) return;
    const body: UserSettingsUpdate = {
      sex: draft.sex || null,
      birth_year: birth?.value ?? null,
      activity_level: draft.activity || null,
    };
    // An unchanged height is not sent again: feet and inches round, and would move a height saved in cm.
    const heightChanged = units === 'imperial' ? draft.height.ft !== toDraft(settings).height.ft || draft.height.in !== toDraft(settings).height.in : draft.height.cm !== toDraft(settings).height.cm;
    if (heightChanged) body.height_cm = height?.value ?? null;
    try {
      setDraft(toDraft(await save(body).unwrap()));
      setTried(false);
      notify.success('Profile saved');
    } catch (e) {
      if (!['sex', 'birth_year', 'height_cm', 'activity_level'].some((k) => fieldError(e, k))) notify.error(catalogueText(e, 'Failed to update user settings'));
    }
  }

  const adorn = (text: string) => ({ endAdornment: <InputAdornment position="end">{text}</InputAdornment> });
  return (
    <SectionCard id="profile" title="Profile" description="Used for the goal helper and for your nutrient targets, which depend on sex and age. Leave a field empty to not say.">
      <Grid container spacing={2}>
        <Grid size={{ xs: 6, sm: 3 }}>
          <TextField select label="Sex" value={draft.sex} onChange={(e) => set({ sex: e.target.value as Sex | '' })} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }} id="profile-sex">
            <option value="">Not set</option>
            <option value="female">Female</option>
            <option value="male">Male</option>
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, sm: 3 }}>
          <TextField label="Birth year" value={draft.birthYear} onChange={(e) => set({ birthYear: e.target.value })} error={!!birthError} helperText={birthError} id="profile-birth-year" slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }} />
        </Grid>
        {units === 'imperial' ? (
          <>
            <Grid size={{ xs: 6, sm: 1.5 }}>
              <TextField label="Height" value={draft.height.ft} onChange={(e) => set({ height: { ...draft.height, ft: e.target.value } })} error={!!heightError} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 1, 'aria-label': 'Height, feet' }, input: adorn('ft') }} />
            </Grid>
            <Grid size={{ xs: 6, sm: 1.5 }}>
              <TextField label="in" value={draft.height.in} onChange={(e) => set({ height: { ...draft.height, in: e.target.value } })} error={!!heightError} slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 4, 'aria-label': 'Inches' } }} />
            </Grid>
          </>
        ) : (
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField label="Height" value={draft.height.cm} onChange={(e) => set({ height: { ...draft.height, cm: e.target.value } })} error={!!heightError} helperText={heightError} slotProps={{ htmlInput: { inputMode: 'decimal' }, input: adorn('cm') }} />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 3 }}>
          <TextField select label="Activity" value={draft.activity} onChange={(e) => set({ activity: e.target.value as ActivityLevel | '' })} slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
            <option value="">Not set</option>
            {ACTIVITY_CHOICES.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </TextField>
        </Grid>
      </Grid>
      {units === 'imperial' && heightError && (
        <Typography color="error" variant="body2" sx={{ mt: 1 }}>
          {heightError}
        </Typography>
      )}
      <Button variant="contained" onClick={submit} disabled={!dirty || isLoading} sx={{ mt: 2 }}>
        {isLoading ? 'Saving…' : 'Save profile'}
      </Button>
    </SectionCard>
  );
}
