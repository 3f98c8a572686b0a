import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MIN_PASSWORD_SCORE, type PasswordStrength } from '@app/contracts/password-strength';

const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;

/** The meter under a new password: zxcvbn's score (the server's rule, @app/contracts/password-strength) and its warning. */
export function StrengthMeter({ strength }: { strength: Pick<PasswordStrength, 'score' | 'warning'> }) {
  return (
    <Box sx={{ mt: 1 }} aria-live="polite" data-testid="password-strength">
      <LinearProgress variant="determinate" value={((strength.score + 1) / 5) * 100} color={COLORS[strength.score]} aria-label="Password strength" sx={{ height: 6, borderRadius: 3 }} />
      <Typography variant="caption" color={strength.score >= MIN_PASSWORD_SCORE ? 'success.main' : 'text.secondary'} component="p" sx={{ mt: 0.5 }}>
        Strength: {LABELS[strength.score]}
        {strength.score < MIN_PASSWORD_SCORE && ' — choose a longer or less common password'}
        {strength.warning && `. ${strength.warning}`}
      </Typography>
    </Box>
  );
}
