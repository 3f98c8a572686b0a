import { useEffect, useState, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
// The server's rule: a small module that imports zxcvbn-ts and its dictionaries on its first check, not with this
// import, so the login page (which shows no meter) never downloads them.
import { checkPasswordStrength, MIN_PASSWORD_SCORE, type PasswordStrength } from '@app/contracts/password-strength';
import { TextInput, type TextInputProps } from './text-input';

type Props = Omit<TextInputProps, 'type' | 'onChange' | 'value'> & {
  value: string;
  onChange: (v: string) => void;
  /** Show the zxcvbn meter (new passwords only) and report the score. */
  meter?: boolean;
  userInputs?: string[];
  /** The score and the password it was measured for (null: empty). It arrives late: after a short
   * pause in typing, and after the dictionaries load; a form must not wait for it to submit. */
  onScore?: (score: number | null, password: string) => void;
};

export type PasswordVerdict = 'short' | 'weak' | 'ok' | 'unrated';

/**
 * What a new-password form may do with `password` now: refuse it (too short, or rated weak), or send
 * it. `unrated` (the meter has not measured this exact text yet) sends it too: the server checks
 * strength with the same rules, so a fast Enter proceeds instead of silently doing nothing.
 */
export function passwordVerdict(password: string, scored: { score: number | null; password: string } | null): PasswordVerdict {
  if (password.length < 10 || password.length > 128) return 'short';
  if (!scored || scored.password !== password || scored.score === null) return 'unrated';
  return scored.score >= MIN_PASSWORD_SCORE ? 'ok' : 'weak';
}

/** Password input with show/hide; with `meter`, zxcvbn and the meter load on demand (not on the login page). */
export function PasswordField({ value, onChange, meter = false, userInputs, onScore, ...rest }: Props) {
  const [shown, setShown] = useState(false);
  const [result, setResult] = useState<{ strength: PasswordStrength; Meter: ComponentType<{ strength: PasswordStrength }> } | null>(null);
  const inputsKey = (userInputs ?? []).join('\u0000');

  useEffect(() => {
    if (!meter || !value) {
      setResult(null);
      onScore?.(null, value);
      return;
    }
    let live = true;
    const t = setTimeout(() => {
      // The server's own check (the same zxcvbn setup and known words), so the meter and the server agree on the score.
      void Promise.all([checkPasswordStrength(value, inputsKey ? inputsKey.split('\u0000') : []), import('./strength-meter')]).then(([strength, { StrengthMeter }]) => {
        if (!live) return;
        setResult({ strength, Meter: StrengthMeter });
        onScore?.(strength.score, value);
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
      <TextInput
        {...rest}
        type={shown ? 'text' : 'password'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        endAdornment={
          <InputAdornment position="end">
            <IconButton aria-label={shown ? 'Hide password' : 'Show password'} onClick={() => setShown((s) => !s)} edge="end">
              {shown ? <VisibilityOff /> : <Visibility />}
            </IconButton>
          </InputAdornment>
        }
      />
      {meter && result && <result.Meter strength={result.strength} />}
    </Box>
  );
}
