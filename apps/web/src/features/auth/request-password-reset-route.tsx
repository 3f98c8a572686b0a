import { useState } from 'react';
import { TextLink } from '../../components/text-link';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import { TextInput } from '../../components/text-input';
import Typography from '@mui/material/Typography';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { FormError } from '../../components/form-error';
import { notify } from '../../components/feedback/notify';
import { useRequestPasswordResetMutation } from './api';
import { authErrorText } from './auth-errors';
import { said, submitOrSayWhy } from '../../lib/forms';
import { EMAIL_RE } from './email';

export function Component() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [request, { isLoading }] = useRequestPasswordResetMutation();
  const navigate = useNavigate();
  const [refused, setRefused] = useState(false);
  const emailBad = !EMAIL_RE.test(email.trim()) && 'Enter a valid e-mail address';

  async function submit() {
    setError(null);
    try {
      const r = await request({ email: email.trim() }).unwrap();
      notify.success(r.message || 'If the address has an account, a reset code is on its way.');
      navigate(`${paths.resetPassword}?email=${encodeURIComponent(email.trim())}`);
    } catch (err) {
      setError(authErrorText(err, 'requestReset'));
    }
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail address of your account. We'll send a 6-digit code to set a new password."
      footer={
        <Typography variant="body2">
          Remembered it?{' '}
          <TextLink to={paths.login}>
            Log in
          </TextLink>
        </Typography>
      }
    >
      <form onSubmit={submitOrSayWhy(!!emailBad, submit, () => setRefused(true))} noValidate>
        {error && <FormError>{error}</FormError>}
        <TextInput label="E-mail" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required autoFocus
          {...said(refused, emailBad)} />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading} sx={{ mt: 3 }}>
          {isLoading ? 'Sending…' : 'Send reset code'}
        </Button>
      </form>
    </AuthCard>
  );
}
