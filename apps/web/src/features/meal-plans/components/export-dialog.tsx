import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { MEAL_PLAN_EMAILED, MEAL_PLAN_EXPORT_FAILED } from '@app/contracts/meal-plans';
import { useAppSelector } from '../../../lib/hooks';
import { notify } from '../../../components/feedback/notify';
import { fieldError } from '../../../lib/errors';
import { useExportMealPlanMutation } from '../api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail the plan (spec §7 export, §8 messages); defaults of §5: no shopping list, not a test. */
export function ExportDialog({ planId, open, onClose }: { planId: number; open: boolean; onClose: () => void }) {
  const userEmail = useAppSelector((s) => s.session.user?.email ?? '');
  const [email, setEmail] = useState(userEmail);
  const [withList, setWithList] = useState(false);
  const [touched, setTouched] = useState(false);
  const [send, sending] = useExportMealPlanMutation();
  const localError = touched && !EMAIL.test(email.trim()) ? 'Enter a valid e-mail address' : undefined;
  const serverError = fieldError(sending.error, 'email');

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (!EMAIL.test(email.trim())) return;
    try {
      await send({ id: planId, email: email.trim(), include_shopping_list: withList, test_mode: false }).unwrap();
      notify.success(MEAL_PLAN_EMAILED);
      onClose();
    } catch (err) {
      // A bad address is shown under the field; anything else is the §8 message.
      if (!fieldError(err, 'email')) notify.error(MEAL_PLAN_EXPORT_FAILED);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>E-mail this plan</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1, pt: '8px !important' }}>
          <TextField
            label="E-mail address"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={!!(localError ?? serverError)}
            helperText={localError ?? serverError ?? ' '}
            autoFocus
          />
          <FormControlLabel control={<Switch checked={withList} onChange={(e) => setWithList(e.target.checked)} />} label="Include the shopping list" />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={sending.isLoading}>
            {sending.isLoading ? 'Sending…' : 'Send'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
