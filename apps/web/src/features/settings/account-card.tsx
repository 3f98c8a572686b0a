import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { UsernameSchema } from '@app/contracts/auth';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { notify } from '../../components/feedback/notify';
import { MIN_PASSWORD_SCORE, PasswordField } from '../../components/password-field';
import { errorText } from '../../lib/errors';
import { selectUser, signIn, userUpdated } from '../../lib/session';
import { useChangePasswordMutation, useLazyCheckUsernameQuery, useUpdateProfileMutation } from './api';
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

function PasswordForm() {
  const user = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [score, setScore] = useState<number | null>(null);
  const [change, { isLoading }] = useChangePasswordMutation();
  const ready = current.length > 0 && next.length >= 10 && score !== null && score >= MIN_PASSWORD_SCORE;

  async function submit() {
    try {
      // Changing the password revokes every earlier token; the answer carries the new session.
      const session = await change({ current_password: current, new_password: next }).unwrap();
      dispatch(signIn(session));
      setCurrent('');
      setNext('');
      notify.success('Password changed. Other devices have been signed out.');
    } catch (e) {
      notify.error(errorText(e, 'Password change failed'));
    }
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 420 }} component="form" onSubmit={(e) => { e.preventDefault(); void submit(); }}>
      <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <PasswordField label="Current password" autoComplete="current-password" value={current} onChange={setCurrent} />
      <PasswordField label="New password" autoComplete="new-password" value={next} onChange={setNext} meter onScore={setScore} userInputs={[user?.email ?? '', user?.username ?? '']} />
      <Button type="submit" variant="contained" disabled={!ready || isLoading} sx={{ alignSelf: 'flex-start' }}>
        {isLoading ? 'Changing…' : 'Change password'}
      </Button>
    </Stack>
  );
}

export function AccountCard() {
  const user = useAppSelector(selectUser);
  return (
    <SectionCard id="account" title="Account" description={user ? `Signed in as ${user.email}` : undefined}>
      <UsernameForm />
      <Divider sx={{ my: 3 }} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650, mb: 2 }}>
        Change password
      </Typography>
      <PasswordForm />
    </SectionCard>
  );
}
