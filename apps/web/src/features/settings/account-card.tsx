import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { UsernameSchema } from '@app/contracts/auth';
import { MIN_PASSWORD_SCORE } from '@app/contracts/password-strength';
import { REAUTHENTICATION_REQUIRED } from '@app/contracts/settings';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { notify } from '../../components/feedback/notify';
import { PasswordField } from '../../components/password-field';
import { errorDetail, errorText } from '../../lib/errors';
import { selectUser, signIn, userUpdated } from '../../lib/session';
import { useChangePasswordMutation, useLazyCheckUsernameQuery, useRequestSetPasswordCodeMutation, useSetPasswordMutation, useSignInMethodsQuery, useUpdateProfileMutation } from './api';
import { SectionCard } from './section-card';

function UsernameForm() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [name, setName] = useState(user?.username ?? '');
  const [check, checked] = useLazyCheckUsernameQuery();
  const [save, saving] = useUpdateProfileMutation();
  const trimmed = name.trim();
  const unchanged = trimmed === (user?.username ?? '');
  const rule = trimmed ? UsernameSchema.safeParse(trimmed) : null;
  const ruleError = rule && !rule.success ? rule.error.issues[0]?.message : undefined;

  useEffect(() => {
    if (unchanged || !trimmed || ruleError) return;
    const t = setTimeout(() => void check(trimmed), 400);
    return () => clearTimeout(t);
  }, [trimmed, unchanged, ruleError, check]);

  const taken = !unchanged && !ruleError && checked.originalArgs === trimmed && checked.data?.available === false;
  const free = !unchanged && !ruleError && checked.originalArgs === trimmed && checked.data?.available === true;

  async function submit() {
    try {
      const u = await save({ username: trimmed || null }).unwrap();
      dispatch(userUpdated(u));
      notify.success(trimmed ? `Username set to ${trimmed}` : 'Username removed');
    } catch (e) {
      notify.error(errorText(e));
    }
  }

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        label="Username"
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoComplete="username"
        error={!!ruleError || taken}
        helperText={ruleError ?? (taken ? 'That username is taken' : free ? 'Available' : 'You can log in with it instead of your e-mail')}
        sx={{ maxWidth: 360 }}
      />
      <Button variant="contained" onClick={submit} disabled={unchanged || !!ruleError || taken || saving.isLoading} sx={{ mt: { sm: 1 } }}>
        Save username
      </Button>
    </Stack>
  );
}

/**
 * Change the password, or set one when the account has none (`hasPassword` false): then no current password is asked,
 * but a sign-in older than 10 minutes must enter a code the server e-mails (asked for when the server says so).
 */
function PasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [code, setCode] = useState<string | null>(null);
  const [score, setScore] = useState<number | null>(null);
  const [change, changing] = useChangePasswordMutation();
  const [set, setting] = useSetPasswordMutation();
  const [requestCode, requesting] = useRequestSetPasswordCodeMutation();
  const busy = changing.isLoading || setting.isLoading || requesting.isLoading;
  const ready = (!hasPassword || current.length > 0) && next.length >= 10 && score !== null && score >= MIN_PASSWORD_SCORE && (code === null || /^\d{6}$/.test(code));

  async function submit() {
    try {
      // A change revokes every earlier token and answers the new session; a first password revokes nothing.
      if (hasPassword) dispatch(signIn(await change({ current_password: current, new_password: next }).unwrap()));
      else await set({ new_password: next, ...(code !== null ? { code } : {}) }).unwrap();
      setCurrent('');
      setNext('');
      setCode(null);
      notify.success(hasPassword ? 'Password changed. Other devices have been signed out.' : 'Password set. You can now sign in with your e-mail and this password.');
    } catch (e) {
      if (!hasPassword && code === null && errorDetail(e).type === REAUTHENTICATION_REQUIRED) {
        // The sign-in is not recent: the server mails a code that proves it is the account's owner.
        try {
          notify.info((await requestCode().unwrap()).message);
          setCode('');
        } catch (e2) {
          notify.error(errorText(e2, 'Sending the code failed'));
        }
        return;
      }
      notify.error(errorText(e, hasPassword ? 'Password change failed' : 'Setting the password failed'));
    }
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 420 }} component="form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      {hasPassword && <PasswordField label="Current password" autoComplete="current-password" value={current} onChange={setCurrent} />}
      <PasswordField label="New password" autoComplete="new-password" value={next} onChange={setNext} meter onScore={setScore} userInputs={[user?.email ?? '', user?.username ?? '']} />
      {code !== null && (
        <TextField label="Code from your e-mail" value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))} autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }} helperText={`We sent a 6-digit code to ${user?.email ?? 'your e-mail address'}`} sx={{ maxWidth: 200 }} />
      )}
      <Button type="submit" variant="contained" disabled={!ready || busy} sx={{ alignSelf: 'flex-start' }}>
        {hasPassword ? (busy ? 'Changing…' : 'Change password') : busy ? 'Setting…' : 'Set password'}
      </Button>
    </Stack>
  );
}

export function AccountCard() {
  const user = useAppSelector(selectUser);
  const methods = useSignInMethodsQuery();
  // Until the answer comes, the usual form (most accounts have a password).
  const hasPassword = methods.data?.has_password ?? true;
  return (
    <SectionCard id="account" title="Account" description={user ? `Signed in as ${user.email}` : undefined}>
      <UsernameForm />
      <Divider sx={{ my: 3 }} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650, mb: 2 }}>
        {hasPassword ? 'Change password' : 'Set a password'}
      </Typography>
      {!hasPassword && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Your account has no password yet: you signed in with Google or Apple, or this address was signed up twice with
          different passwords, so neither was kept. Set one to sign in with your e-mail.
        </Typography>
      )}
      <PasswordForm key={String(hasPassword)} hasPassword={hasPassword} />
    </SectionCard>
  );
}
