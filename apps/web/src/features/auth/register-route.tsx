import { useState, type FormEvent } from 'react';
import { TextLink } from '../../components/text-link';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import { TextInput } from '../../components/text-input';
import Typography from '@mui/material/Typography';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { FormError } from '../../components/form-error';
import { PasswordField, passwordVerdict } from '../../components/password-field';
import { fieldError } from '../../lib/errors';
import { loadAuthApi } from './auth-calls';
import { useAppDispatch } from '../../lib/hooks';
import { authErrorText } from './auth-errors';
import { focusFirstInvalid } from '../../lib/forms';
import { EMAIL_RE } from './email';

export function Component() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [scored, setScored] = useState<{ score: number | null; password: string } | null>(null);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<{ text: string | null; raw: unknown } | null>(null);
  const [isLoading, setLoading] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const emailOk = EMAIL_RE.test(email.trim());
  const verdict = passwordVerdict(password, scored);
  const lengthOk = verdict !== 'short';
  const strongEnough = verdict !== 'weak';

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setTouched(true);
    // Refused here only for a reason shown next to the field; an unrated password goes to the server.
    if (!emailOk || !lengthOk || !strongEnough) return focusFirstInvalid(e.currentTarget);
    const form = e.currentTarget;
    setError(null);
    setLoading(true);
    try {
      const authApi = await loadAuthApi();
      const r = await dispatch(authApi.endpoints.register.initiate({ email: email.trim(), password }, { track: false })).unwrap();
      navigate(`${paths.verifyEmail}?email=${encodeURIComponent(r.email)}`, { state: { email: r.email, sent: true } });
    } catch (err) {
      // A reason about one of the fields is said under that field, not a second time in the alert above the form
      // (it read "password: This password is too easy to guess" twice); the focus moves to the field, and a screen
      // reader reads its message with it.
      const onField = fieldError(err, 'email') !== undefined || fieldError(err, 'password') !== undefined;
      setError({ text: onField ? null : authErrorText(err, 'register'), raw: err });
      if (onField) focusFirstInvalid(form);
    }
    setLoading(false);
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Free to start. We'll e-mail you a 6-digit code to confirm it's you."
      footer={
        <Typography variant="body2">
          Already have an account?{' '}
          <TextLink to={paths.login}>
            Log in
          </TextLink>
        </Typography>
      }
    >
      <form onSubmit={submit} onInput={() => void loadAuthApi()} noValidate>
        {error?.text && <FormError>{error.text}</FormError>}
        <TextInput
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          autoFocus
          error={(touched && !emailOk) || !!fieldError(error?.raw, 'email')}
          helperText={(touched && !emailOk ? 'Enter a valid e-mail address' : fieldError(error?.raw, 'email')) ?? ' '}
          sx={{ mb: 1 }}
        />
        <PasswordField
          label="Password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(v) => {
            setPassword(v);
            setError(null); // the server's verdict was about the previous password
          }}
          required
          meter
          userInputs={[email]}
          onScore={(score, pw) => setScored({ score, password: pw })}
          error={(touched && (!lengthOk || !strongEnough)) || !!fieldError(error?.raw, 'password')}
          helperText={
            fieldError(error?.raw, 'password') ??
            (touched && !lengthOk ? 'Use 10 to 128 characters' : touched && !strongEnough ? 'This password is too easy to guess' : 'At least 10 characters; a short phrase works well')
          }
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading} sx={{ mt: 3 }}>
          {isLoading ? 'Creating account…' : 'Create account'}
        </Button>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2 }}>
          By creating an account you agree to our{' '}
          <TextLink to={paths.termsOfService}>
            Terms of Service
          </TextLink>{' '}
          and{' '}
          <TextLink to={paths.privacyPolicy}>
            Privacy Policy
          </TextLink>
          .
        </Typography>
      </form>
    </AuthCard>
  );
}
