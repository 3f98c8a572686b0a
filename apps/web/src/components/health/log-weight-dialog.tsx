import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WeightJump } from '@app/contracts/health-metrics';
import { notify } from '../feedback/notify';
import { errorText, fieldError } from '../../lib/errors';
import { toDisplay, unitLabel, type Units } from '../../lib/units';
import { useSettingsTimeZone, useToday } from '../../lib/user-settings';
import { useLogWeightMutation } from '../../lib/weights';
import { formatNumber } from '../../lib/format';
import { checkWeight, jumpOf, jumpQuestion, replacedText } from './weight-form';

/** "HH:MM" now in the settings zone. */
const nowClock = (timeZone?: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());

/**
 * The "Log weight" dialog, loaded when first opened; mounted afresh (new key) on each opening, with the last weight
 * filled in. A day (today by default, never a future one); one weight a day, so a second one replaces the first and
 * the confirmation says so; a jump from the last weigh-in is asked about ("Save anyway" / "Fix it") before it is stored.
 */
export default function LogWeightDialog({ open, last, units, onClose }: { open: boolean; last: number | null; units: Units; onClose: () => void }) {
  const today = useToday();
  const timeZone = useSettingsTimeZone();
  const [value, setValue] = useState(() => (last !== null ? String(toDisplay(last, units)) : ''));
  const [date, setDate] = useState(today);
  // Said at once, with no request, when the field is not a weight: Save never silently does nothing.
  const [local, setLocal] = useState<string | null>(null);
  const [jump, setJump] = useState<WeightJump | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [logWeight, { isLoading, error }] = useLogWeightMutation();

  const send = async (confirm: boolean) => {
    const checked = checkWeight(value, units);
    if (checked.error !== null) {
      setLocal(checked.error);
      return;
    }
    const day = date || today;
    if (day > today) {
      setLocal('A weight cannot be logged for a day in the future');
      return;
    }
    setLocal(null);
    const res = await logWeight({ weight_kg: checked.kg, date: day, ...(day === today ? { time: nowClock(timeZone) } : {}), ...(confirm ? { confirm: true } : {}) });
    if ('error' in res) {
      const j = jumpOf(res.error);
      if (j) setJump(j);
      return;
    }
    setJump(null);
    const saved = `Saved ${formatNumber(toDisplay(res.data.weight_kg, units), undefined, 1)} ${unitLabel(units)}${day === today ? ' for today' : ''}.`;
    const replaced = replacedText(res.data.replaced, day, today, units, timeZone ?? 'UTC');
    notify.success(replaced ? `${saved} ${replaced}.` : saved);
    onClose();
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    void send(false);
  };
  const fixIt = () => {
    setJump(null);
    input.current?.focus();
    input.current?.select();
  };

  const onField = error ? fieldError(error, 'weight_kg') : undefined;
  const onDate = error ? fieldError(error, 'date') : undefined;
  const shown = local ?? onField ?? null;
  // The jump's own question replaces the server's sentence about it.
  const failed = !shown && !onDate && !jump && error && !jumpOf(error) ? errorText(error, 'Failed to save weight') : null;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={save} noValidate>
        <DialogTitle>{date === today ? "Log today's weight" : 'Log a weight'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              fullWidth
              inputRef={input}
              label={`Weight (${unitLabel(units)})`}
              inputMode="decimal"
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setLocal(null);
                setJump(null);
              }}
              error={!!shown}
              helperText={shown ?? ' '}
            />
            <TextField
              fullWidth
              label="Day"
              type="date"
              value={date}
              onChange={(e) => {
                setDate(e.target.value);
                setJump(null);
              }}
              error={!!onDate}
              helperText={onDate ?? 'One weight a day: a second one replaces the first'}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
            />
            {jump && (
              <Alert severity="warning" role="alert" data-testid="weight-jump">
                {jumpQuestion(jump, units, today)}
              </Alert>
            )}
            {failed && <Typography color="error" role="alert">{failed}</Typography>}
          </Stack>
        </DialogContent>
        <DialogActions>
          {jump ? (
            <>
              <Button onClick={fixIt}>Fix it</Button>
              <Button variant="contained" disabled={isLoading} onClick={() => void send(true)}>
                Save anyway
              </Button>
            </>
          ) : (
            <>
              <Button onClick={onClose}>Cancel</Button>
              <Button type="submit" variant="contained" disabled={isLoading}>
                Save
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
