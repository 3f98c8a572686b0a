import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UserSettings, UserSettingsUpdate } from '@app/contracts/settings';
import type { Units } from '../../lib/units';
import { notify } from '../../components/feedback/notify';
import { catalogueText } from '../../lib/errors';
import { useAllergiesQuery, useDietTypesQuery, useUpdateUserSettingsMutation } from './api';
import { SectionCard } from './section-card';

/** IANA zones of this browser (spec: searchable list), with UTC first. */
export function timeZones(): string[] {
  const zones = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

function ToggleChips({ label, options, selected, onToggle, disabled }: { label: string; options?: { id: string; label: string }[]; selected: string[]; onToggle: (id: string) => void; disabled: boolean }) {
  return (
    <Box role="group" aria-label={label}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650, mb: 1 }}>
        {label}
      </Typography>
      {!options ? (
        <Skeleton variant="rounded" height={40} />
      ) : (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {options.map((o) => {
            const on = selected.includes(o.id);
            return <Chip key={o.id} label={o.label} color={on ? 'primary' : 'default'} variant={on ? 'filled' : 'outlined'} onClick={() => onToggle(o.id)} aria-pressed={on} disabled={disabled} />;
          })}
        </Stack>
      )}
    </Box>
  );
}

const UNIT_CHOICES: { id: Units; label: string; example: string }[] = [
  { id: 'metric', label: 'Metric', example: 'kg, cm, ml, g' },
  { id: 'imperial', label: 'Imperial (US)', example: 'lb, ft and in, fl oz, oz' },
];

/**
 * Metric or imperial (issue 42 §2): what every weight, height, volume and serving weight is shown and typed in, on
 * screens, in e-mails and in exports. The API stays metric; only the `units` setting changes.
 */
function UnitsChoice({ units, disabled, onChange }: { units: Units; disabled: boolean; onChange: (u: Units) => Promise<boolean> }) {
  // The choice shows at once; it goes back to the saved units if the save fails.
  const [picked, setPicked] = useState<Units | null>(null);
  const shown = picked ?? units;
  const choose = async (u: Units) => {
    setPicked(u);
    await onChange(u);
    setPicked(null);
  };
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend" id="units-label" sx={{ typography: 'subtitle1', fontWeight: 650, color: 'text.primary', '&.Mui-focused': { color: 'text.primary' } }}>
        Units
      </FormLabel>
      <RadioGroup row aria-labelledby="units-label" name="units" value={shown} onChange={(_, v) => v !== shown && void choose(v as Units)}>
        {UNIT_CHOICES.map((c) => (
          <FormControlLabel
            key={c.id}
            value={c.id}
            control={<Radio />}
            label={
              <span>
                {c.label}{' '}
                <Typography component="span" variant="body2" color="text.secondary">
                  ({c.example})
                </Typography>
              </span>
            }
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

export function PreferencesCard({ settings }: { settings: UserSettings }) {
  const diets = useDietTypesQuery();
  const allergies = useAllergiesQuery();
  const [save, { isLoading }] = useUpdateUserSettingsMutation();
  const zones = useMemo(timeZones, []);
  const [zoneInput, setZoneInput] = useState('');

  async function update(body: UserSettingsUpdate, ok: string): Promise<boolean> {
    try {
      await save(body).unwrap();
      notify.success(ok);
      return true;
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to update user settings'));
      return false;
    }
  }
  const toggle = (list: string[], id: string) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

  return (
    <SectionCard id="preferences" title="Preferences" description="Units for weights, heights, drinks and servings; your day's time zone. Meal plans never include foods that break your diet types or contain your allergens.">
      <Stack spacing={3}>
        <UnitsChoice
          units={settings.units}
          disabled={isLoading}
          onChange={(u) => update({ units: u }, u === 'imperial' ? 'Units set to imperial (lb, ft and in, fl oz, oz)' : 'Units set to metric (kg, cm, ml, g)')}
        />
        <ToggleChips
          label="Diet types"
          options={diets.data}
          selected={settings.diet_types}
          disabled={isLoading}
          onToggle={(id) => update({ diet_types: toggle(settings.diet_types, id) as UserSettingsUpdate['diet_types'] }, 'Diet types saved')}
        />
        <ToggleChips
          label="Allergies"
          options={allergies.data}
          selected={settings.allergies}
          disabled={isLoading}
          onToggle={(id) => update({ allergies: toggle(settings.allergies, id) as UserSettingsUpdate['allergies'] }, 'Allergies saved')}
        />
        <Autocomplete
          options={zones}
          value={settings.timezone}
          inputValue={zoneInput}
          onInputChange={(_, v) => setZoneInput(v)}
          onChange={(_, v) => v && v !== settings.timezone && update({ timezone: v }, `Time zone set to ${v}`)}
          disableClearable
          autoHighlight
          renderInput={(params) => <TextField {...params} label="Time zone" helperText="Your day starts at midnight in this zone" />}
          sx={{ maxWidth: 420 }}
        />
      </Stack>
    </SectionCard>
  );
}
