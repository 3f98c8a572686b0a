import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MealReminderTimes, NotificationPreferences, NotificationPreferencesUpdate } from '@app/contracts/reminders';
import { MAX_LOGGING_REMINDER_TIMES } from '@app/contracts/constants';
import { notify } from '../../components/feedback/notify';
import { errorText } from '../../lib/errors';
import { isNative } from '../../lib/platform';
import { preferencesApi, useNotificationPreferencesQuery, useRegisterDeviceTokenMutation, useUpdateNotificationPreferencesMutation } from '../../lib/notification-preferences-api';
import { subscribeToWebPush, webPushSupported } from './web-push';
import { useAppDispatch } from '../../lib/hooks';
import { said, submitOrSayWhy } from '../../lib/forms';
import { formatClock } from '../../lib/format';

const MEALS: { key: keyof MealReminderTimes; label: string }[] = [
  { key: 'breakfast', label: 'Breakfast' },
  { key: 'lunch', label: 'Lunch' },
  { key: 'snack', label: 'Snack' },
  { key: 'dinner', label: 'Dinner' },
];

/** Why a logging reminder time cannot be added, or null when it can. */
export function whyNotTime(time: string, times: readonly string[]): string | null {
  if (!/^\d\d:\d\d$/.test(time)) return 'Choose a time';
  if (times.includes(time)) return 'Already on the list';
  if (times.length >= MAX_LOGGING_REMINDER_TIMES) return `Up to ${MAX_LOGGING_REMINDER_TIMES} times`;
  return null;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 650, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Settings → Reminders: what to be reminded of, when (in the settings time zone), and where. */
export function ReminderSettings() {
  const { data, error, isLoading, refetch } = useNotificationPreferencesQuery();
  const [update, { isLoading: saving }] = useUpdateNotificationPreferencesMutation();
  const [register] = useRegisterDeviceTokenMutation();
  const dispatch = useAppDispatch();
  const [newTime, setNewTime] = useState('');
  const [timeRefused, setTimeRefused] = useState(false);

  /** Browser push: asked only now, after the user chose a reminder with the push channel. */
  async function connectPush(): Promise<boolean> {
    if (isNative()) return true; // The native app registers its token at start (spec §4).
    try {
      const key = await dispatch(preferencesApi.endpoints.vapidPublicKey.initiate(undefined, { subscribe: false })).unwrap();
      const result = await subscribeToWebPush(key.public_key);
      if (!result.ok) {
        notify.error(result.reason);
        return false;
      }
      await register({ token: result.subscription as never, device_type: 'web' }).unwrap();
      return true;
    } catch (e) {
      notify.error(errorText(e, 'Push notifications could not be turned on'));
      return false;
    }
  }

  async function save(patch: NotificationPreferencesUpdate, p: NotificationPreferences) {
    const remindersOn = (patch.logging_reminder?.enabled ?? p.logging_reminder.enabled) || (patch.meal_reminder?.enabled ?? p.meal_reminder.enabled);
    const pushOn = patch.channels?.push ?? p.channels.push;
    const turningOn = patch.channels?.push === true || patch.logging_reminder?.enabled === true || patch.meal_reminder?.enabled === true;
    if (remindersOn && pushOn && turningOn && !(await connectPush())) patch = { ...patch, channels: { ...patch.channels, push: false } };
    try {
      await update(patch).unwrap();
    } catch (e) {
      notify.error(errorText(e, 'Failed to save reminder settings'));
    }
  }

  return (
    <Card component="section" aria-labelledby="reminders-title" id="reminders">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="reminders-title" variant="h5" component="h2">
          Reminders
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {data ? `Times are in your time zone (${data.timezone}).` : 'Reminders to log food and ideas for your next meal.'}
        </Typography>
        {isLoading ? (
          <Skeleton variant="rounded" height={160} />
        ) : error || !data ? (
          <Alert severity="error" action={<Button color="inherit" onClick={() => refetch()}>Retry</Button>}>
            {errorText(error, 'Failed to load reminder settings')}
          </Alert>
        ) : (
          <Stack spacing={3}>
            <Section title="Logging reminders">
              <FormControlLabel
                control={<Switch checked={data.logging_reminder.enabled} disabled={saving} onChange={(e) => save({ logging_reminder: { enabled: e.target.checked } }, data)} />}
                label="Remind me when I have not logged a meal"
              />
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1, alignItems: 'center' }} aria-label="Logging reminder times">
                {data.logging_reminder.times.map((t) => (
                  <Chip key={t} label={formatClock(t)} onDelete={saving ? undefined : () => save({ logging_reminder: { times: data.logging_reminder.times.filter((x) => x !== t) } }, data)} />
                ))}
                <Stack direction="row" component="form" noValidate spacing={1} sx={{ alignItems: 'flex-start' }} onSubmit={submitOrSayWhy(!!whyNotTime(newTime, data.logging_reminder.times), () => save({ logging_reminder: { times: [...data.logging_reminder.times, newTime] } }, data).then(() => (setNewTime(''), setTimeRefused(false))), () => setTimeRefused(true))}>
                  <TextField
                    type="time"
                    size="small"
                    label="Add a time"
                    value={newTime}
                    onChange={(e) => setNewTime(e.target.value)}
                    {...said(timeRefused, whyNotTime(newTime, data.logging_reminder.times))}
                    slotProps={{ inputLabel: { shrink: true } }}
                    sx={{ width: 160 }}
                  />
                  <Button type="submit" size="small" disabled={saving} sx={{ mt: 0.5 }}>
                    Add
                  </Button>
                </Stack>
              </Stack>
            </Section>
            <Section title="Meal ideas">
              <FormControlLabel
                control={<Switch checked={data.meal_reminder.enabled} disabled={saving} onChange={(e) => save({ meal_reminder: { enabled: e.target.checked } }, data)} />}
                label="Before each meal, suggest options that fit what is left of my day"
              />
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 1 }}>
                {MEALS.map((m) => (
                  <TextField
                    key={m.key}
                    type="time"
                    size="small"
                    label={m.label}
                    helperText={data.meal_reminder.times[m.key] ? ' ' : 'Off'}
                    defaultValue={data.meal_reminder.times[m.key] ?? ''}
                    onBlur={(e) => {
                      const v = e.target.value || null;
                      if (v !== data.meal_reminder.times[m.key]) void save({ meal_reminder: { times: { [m.key]: v } } }, data);
                    }}
                    slotProps={{ inputLabel: { shrink: true } }}
                    sx={{ width: 140 }}
                  />
                ))}
              </Stack>
            </Section>
            <Section title="Quiet hours">
              <FormControlLabel
                control={<Switch checked={!!data.quiet_hours} disabled={saving} onChange={(e) => save({ quiet_hours: e.target.checked ? { start: '22:00', end: '07:00' } : null }, data)} />}
                label="No reminders at night"
              />
              {data.quiet_hours && (
                <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
                  {(['start', 'end'] as const).map((k) => (
                    <TextField
                      key={k}
                      type="time"
                      size="small"
                      label={k === 'start' ? 'From' : 'Until'}
                      defaultValue={data.quiet_hours![k]}
                      onBlur={(e) => e.target.value && e.target.value !== data.quiet_hours![k] && save({ quiet_hours: { ...data.quiet_hours!, [k]: e.target.value } }, data)}
                      slotProps={{ inputLabel: { shrink: true } }}
                      sx={{ width: 140 }}
                    />
                  ))}
                </Stack>
              )}
            </Section>
            <Section title="Where">
              <Stack>
                <FormControlLabel control={<Switch checked={data.channels.in_app} disabled={saving} onChange={(e) => save({ channels: { in_app: e.target.checked } }, data)} />} label="In the app (the bell)" />
                <PushSwitch data={data} saving={saving} onChange={(on) => save({ channels: { push: on } }, data)} />
              </Stack>
            </Section>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function PushSwitch({ data, saving, onChange }: { data: NotificationPreferences; saving: boolean; onChange: (on: boolean) => void }) {
  const available = isNative() ? data.push_available.ios : data.push_available.web && webPushSupported();
  const why = !available ? (isNative() ? 'Push is not set up on this server.' : !webPushSupported() ? 'This browser cannot receive push notifications.' : 'Push is not set up on this server.') : null;
  return (
    <Box>
      <FormControlLabel
        control={<Switch checked={data.channels.push && available} disabled={saving || !available} onChange={(e) => onChange(e.target.checked)} />}
        label={isNative() ? 'Push notifications on this phone' : 'Push notifications in this browser'}
      />
      {why && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ ml: 6 }}>
          {why}
        </Typography>
      )}
    </Box>
  );
}
