import { useState } from 'react';
import { TextLink } from '../../components/text-link';
import { useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import { TextInput } from '../../components/text-input';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { FormError } from '../../components/form-error';
import { notify } from '../../components/feedback/notify';
import { PasswordField, passwordVerdict } from '../../components/password-field';
import { forgetToken, signIn } from '../../lib/session';
import { useResetPasswordMutation } from './api';
import { isSession } from './auth-calls';
import { authErrorText } from './auth-errors';
import { said, submitOrSayWhy } from '../../lib/forms';
import { EMAIL_RE } from './email';

export function Component() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [scored, setScored] = useState<{ score: number | null; password: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reset, { isLoading }] = useResetPasswordMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [refused, setRefused] = useState(false);
  const emailBad = !EMAIL_RE.test(email.trim()) && 'Enter a valid e-mail address';
  const codeBad = !/^[0-9]{6}$/.test(code) && 'Enter the 6-digit code from the e-mail';
  // Refused here only for a reason shown next to the field; an unrated password goes to the server.
  const verdict = passwordVerdict(password, scored);
  const passwordBad = verdict === 'short' || verdict === 'weak';

  async function submit() {
    setError(null);
    try {
      const r = await reset({ email: email.trim(), code, new_password: password }).unwrap();
      if (isSession(r) && dispatch(signIn(r))) {
        notify.success('Password changed. You are logged in.');
        navigate(paths.dashboard, { replace: true });
      } else {
        // unverified_user: nothing stored; the e-mail still needs its code.
        notify.success('Password changed. Verify your e-mail to finish.');
        navigate(`${paths.verifyEmail}?email=${encodeURIComponent(email.trim())}`);
      }
    } catch (err) {
      dispatch(forgetToken());
      setError(authErrorText(err, 'reset'));
    }
  }

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Enter the code from the e-mail and your new password. Other devices will be signed out."
      footer={
        <Typography variant="body2">
          No code?{' '}
          <TextLink to={paths.requestPasswordReset}>
            Send a new one
          </TextLink>
        </Typography>
      }
    >
      <form onSubmit={submitOrSayWhy(!!(emailBad || codeBad || passwordBad), submit, () => setRefused(true))} noValidate>
        {error && <FormError>{error}</FormError>}
        <TextInput label="E-mail" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required
          {...said(refused, emailBad)} sx={{ mb: 2.5 }} />
        <TextInput
          label="Reset code"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          autoComplete="one-time-code"
          required
          inputProps={{ inputMode: 'numeric', maxLength: 6 }}
          {...said(refused, codeBad)}
          sx={{ mb: 2.5 }}
        />
        <PasswordField label="New password" autoComplete="new-password" value={password} onChange={setPassword} required meter userInputs={[email]} onScore={(score, pw) => setScored({ score, password: pw })}
          error={refused && passwordBad}
          helperText={refused && verdict === 'short' ? 'Use 10 to 128 characters' : refused && verdict === 'weak' ? 'This password is too easy to guess' : 'At least 10 characters; a short phrase works well'} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading} sx={{ mt: 3 }}>
          {isLoading ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AuthCard>
  );
}
