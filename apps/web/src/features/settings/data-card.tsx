import { useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { notify } from '../../components/feedback/notify';
import { PasswordField } from '../../components/password-field';
import { catalogueText, errorText } from '../../lib/errors';
import { selectSession, signOut } from '../../lib/session';
import { useDeleteAccountMutation } from './api';
import { downloadFoodLog } from './download';
import { SectionCard } from './section-card';

const PERIODS = [7, 30, 90, 365];

export function DataCard() {
  const { token } = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [days, setDays] = useState(30);
  const [downloading, setDownloading] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [password, setPassword] = useState('');
  const [remove, removing] = useDeleteAccountMutation();

  async function exportCsv() {
    if (!token) return;
    setDownloading(true);
    try {
      const name = await downloadFoodLog(days, token);
      notify.success(`Downloaded ${name}`);
    } catch (e) {
      notify.error(errorText(e, 'Failed to download food log'));
    } finally {
      setDownloading(false);
    }
  }

  async function deleteAccount() {
    try {
      const done = await remove({ password }).unwrap();
      setConfirm(false);
      // Leave the guarded page first: signing out while on it would make the guard send us to /login.
      await navigate(paths.home, { replace: true });
      dispatch(signOut());
      // The server's words: they say when an App Store subscription is left to cancel in the App Store.
      notify.success(done.message);
    } catch (e) {
      notify.error(catalogueText(e, 'Failed to delete account'));
    }
  }

  return (
    <SectionCard id="data" title="Your data" description="Take your food log with you, or delete everything.">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <TextField select label="Period" value={days} onChange={(e) => setDays(Number(e.target.value))} sx={{ maxWidth: 220 }}>
          {PERIODS.map((d) => (
            <MenuItem key={d} value={d}>
              Last {d} days
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={exportCsv} disabled={downloading}>
          {downloading ? 'Preparing…' : 'Download CSV'}
        </Button>
      </Stack>
      <Divider sx={{ my: 3 }} />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650 }}>
        Delete account
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Removes your profile, food log, favourites, meal plans and notifications. This cannot be undone.
      </Typography>
      <Button color="error" variant="outlined" onClick={() => setConfirm(true)}>
        Delete my account
      </Button>
      <Dialog open={confirm} onClose={() => setConfirm(false)} aria-labelledby="delete-title" maxWidth="xs" fullWidth>
        <DialogTitle id="delete-title">Delete your account?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Everything is removed immediately. A web subscription is cancelled at Stripe; an App Store subscription can only be cancelled by you, in the App Store settings. Enter your password to confirm.
          </DialogContentText>
          <PasswordField label="Password" autoComplete="current-password" value={password} onChange={setPassword} autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={deleteAccount} disabled={!password || removing.isLoading}>
            {removing.isLoading ? 'Deleting…' : 'Delete account'}
          </Button>
        </DialogActions>
      </Dialog>
    </SectionCard>
  );
}
