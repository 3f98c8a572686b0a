import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import { TextInput } from '../../components/text-input';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { AuthCard } from '../../components/auth-card';
import { FormError } from '../../components/form-error';
import { notify } from '../../components/feedback/notify';
import { afterSignIn } from '../../components/guard-model';
import { selectUser, signIn } from '../../lib/session';
import { useCompleteRegistrationMutation, useResendCodeMutation } from './api';
import { authErrorText } from './auth-errors';
import { said, submitOrSayWhy } from '../../lib/forms';
import { EMAIL_RE } from './email';
import { paths } from '../../lib/paths';

const RESEND_COOLDOWN_S = 60;

export function Component() {
  const [params] = useSearchParams();
  const location = useLocation();
  const state = location.state as { email?: string; sent?: boolean } | null;
  const user = useAppSelector(selectUser);
  // The address comes from the link or the previous step; only when it does not, the form asks for it.
  const given = params.get('email') ?? state?.email ?? user?.email ?? '';
  const [email, setEmail] = useState(given);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A fresh registration has just sent a code, so the resend button starts cooling down.
  const [cooldown, setCooldown] = useState(state?.sent ? RESEND_COOLDOWN_S : 0);
  const [verify, verifying] = useCompleteRegistrationMutation();
  const [resend, resending] = useResendCodeMutation();
  const [refused, setRefused] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  useEffect(() => {
    if (cooldown <= 0) return;
    const t = setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => clearTimeout(t);
  }, [cooldown]);

  // A new account goes on to the onboarding (issue 42 §1), which then goes where the guard remembered; this redirect
  // renders as soon as the user is stored and must not overtake that navigation while the onboarding's chunk loads.
  const verified = useRef(false);
  if (user?.email_validated) return <Navigate to={verified.current ? paths.onboarding : afterSignIn(location.state)} state={verified.current ? location.state : undefined} replace />;

  async function submit() {
    setError(null);
    try {
      const session = await verify({ email: email.trim(), code }).unwrap();
      verified.current = true;
      if (dispatch(signIn(session))) {
        notify.success('E-mail verified. Welcome!');
        navigate(paths.onboarding, { replace: true, state: location.state });
      } else {
        setError('Verification failed. Please request a new code and try again.');
      }
    } catch (err) {
      setError(authErrorText(err, 'verify'));
    }
  }

  async function sendAgain() {
    setError(null);
    try {
      await resend({ email: email.trim() }).unwrap();
      setCooldown(RESEND_COOLDOWN_S);
      notify.success(`A new code is on its way to ${email.trim()}`);
    } catch (err) {
      setError(authErrorText(err, 'resend'));
    }
  }

  // A signed-in user held here (the server answered 403 email_not_verified: an admin marked the address unverified)
  // was sent no code: the page says so rather than 'the code we sent'.
  const held = !!user && !user.email_validated && !state?.sent;
  const subtitle = held
    ? `Your address ${email} is not verified yet. Send yourself a code, then enter the 6-digit code from the e-mail here.`
    : email
      ? `Enter the 6-digit code we sent to ${email}. It is valid for 10 minutes.`
      : 'Enter your e-mail address and the 6-digit code we sent you.';
  const codeBad = !/^[0-9]{6}$/.test(code) && 'Enter the 6-digit code from the e-mail';
  const askEmail = !given;
  const emailBad = askEmail && !EMAIL_RE.test(email.trim()) && 'Enter a valid e-mail address';
  return (
    <AuthCard title="Check your e-mail" subtitle={subtitle}>
      <form onSubmit={submitOrSayWhy(!!(codeBad || emailBad), submit, () => setRefused(true))} noValidate>
        {error && <FormError>{error}</FormError>}
        {askEmail && (
          <TextInput label="E-mail" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required
            {...said(refused, emailBad)} sx={{ mb: 2.5 }} />
        )}
        <TextInput
          label="Verification code"
          name="code"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          autoComplete="one-time-code"
          required
          autoFocus
          {...said(refused, codeBad)}
          inputProps={{ inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, style: { letterSpacing: '0.4em', fontSize: '1.4rem' } }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={verifying.isLoading} sx={{ mt: 3 }}>
          {verifying.isLoading ? 'Verifying…' : 'Verify e-mail'}
        </Button>
        <Button fullWidth onClick={sendAgain} disabled={!email || cooldown > 0 || resending.isLoading} sx={{ mt: 1 }}>
          {cooldown > 0 ? `Resend code in ${cooldown} s` : resending.isLoading ? 'Sending…' : held && !resending.isSuccess ? 'Send a code' : 'Resend code'}
        </Button>
      </form>
    </AuthCard>
  );
}
