import { useState } from 'react';
import { TextLink } from '../../components/text-link';
import { useLocation, useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import { TextInput } from '../../components/text-input';
import Typography from '@mui/material/Typography';
import { useAppDispatch } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { FormError } from '../../components/form-error';
import { afterSignIn } from '../../components/guard-model';
import { PasswordField } from '../../components/password-field';
import { forgetToken, signIn } from '../../lib/session';
import { isSession, loadAuthApi } from './auth-calls';
import { authErrorText } from './auth-errors';
import { said, submitOrSayWhy } from '../../lib/forms';

export function Component() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);
  const [refused, setRefused] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();

  const emailMissing = !email.trim() && 'Enter your e-mail or username';
  const passwordMissing = !password && 'Enter your password';

  async function submit() {
    setError(null);
    setLoading(true);
    try {
      const authApi = await loadAuthApi();
      const r = await dispatch(authApi.endpoints.login.initiate({ email: email.trim(), password }, { track: false })).unwrap();
      if (isSession(r) && dispatch(signIn(r))) {
        navigate(afterSignIn(location.state), { replace: true });
        return;
      }
      // unverified_user: nothing is stored; the code step finishes the sign-up (spec §4).
      const address = isSession(r) ? r.user.email : r.email;
      navigate(`${paths.verifyEmail}?email=${encodeURIComponent(address)}`, { state: { email: address, from: (location.state as { from?: unknown } | null)?.from } });
    } catch (err) {
      dispatch(forgetToken());
      setError(authErrorText(err, 'login'));
    }
    setLoading(false);
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to see today's numbers against your goals."
      footer={
        <>
          <Typography variant="body2">
            <TextLink to={paths.requestPasswordReset}>
              Forgot your password?
            </TextLink>
          </Typography>
          <Typography variant="body2">
            New here?{' '}
            <TextLink to={paths.register}>
              Create an account
            </TextLink>
          </Typography>
        </>
      }
    >
      <form onSubmit={submitOrSayWhy(!!(emailMissing || passwordMissing), submit, () => setRefused(true))} onInput={() => void loadAuthApi()} noValidate>
        {error && <FormError>{error}</FormError>}
        <TextInput label="E-mail or username" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required autoFocus
          {...said(refused, emailMissing)} sx={{ mb: 2.5 }} />
        <PasswordField label="Password" name="password" autoComplete="current-password" value={password} onChange={setPassword} required
          {...said(refused, passwordMissing)} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading} sx={{ mt: 3 }}>
          {isLoading ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
    </AuthCard>
  );
}
