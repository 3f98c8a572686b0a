import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
import type { Strength } from './password-strength';

/** The server refuses passwords scoring below this (ARCHITECTURE.md security parameters). */
export const MIN_PASSWORD_SCORE = 3;
const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
const COLORS = ['error', 'error', 'warning', 'success', 'success'] as const;

type Props = Omit<TextFieldProps, 'type' | 'onChange' | 'value'> & {
  value: string;
  onChange: (v: string) => void;
  /** Show the zxcvbn meter (new passwords only) and report the score. */
  meter?: boolean;
  userInputs?: string[];
  onScore?: (score: number | null) => void;
};

export function PasswordField({ value, onChange, meter = false, userInputs, onScore, helperText, ...rest }: Props) {
  const [shown, setShown] = useState(false);
  const [strength, setStrength] = useState<Strength | null>(null);
  const inputsKey = (userInputs ?? []).join('\u0000');

  useEffect(() => {
    if (!meter || !value) {
      setStrength(null);
      onScore?.(null);
      return;
    }
    let live = true;
    const t = setTimeout(() => {
      void import('./password-strength').then(({ measure }) => {
        if (!live) return;
        const s = measure(value, inputsKey ? inputsKey.split('\u0000') : []);
        setStrength(s);
        onScore?.(s.score);
      });
    }, 150);
    return () => {
      live = false;
      clearTimeout(t);
    };
    // onScore is a callback prop; re-running on its identity would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [meter, value, inputsKey]);

  return (
    <Box>
      <TextField
        {...rest}
        type={shown ? 'text' : 'password'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        helperText={helperText}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={shown ? 'Hide password' : 'Show password'} onClick={() => setShown((s) => !s)} edge="end">
                  {shown ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {meter && strength && (
        <Box sx={{ mt: 1 }} aria-live="polite" data-testid="password-strength">
          <LinearProgress variant="determinate" value={((strength.score + 1) / 5) * 100} color={COLORS[strength.score]} aria-label="Password strength" sx={{ height: 6, borderRadius: 3 }} />
          <Typography variant="caption" color={strength.score >= MIN_PASSWORD_SCORE ? 'success.main' : 'text.secondary'} component="p" sx={{ mt: 0.5 }}>
            Strength: {LABELS[strength.score]}
            {strength.score < MIN_PASSWORD_SCORE && ' — choose a longer or less common password'}
            {strength.warning && `. ${strength.warning}`}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
