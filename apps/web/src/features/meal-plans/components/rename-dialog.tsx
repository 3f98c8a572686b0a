import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { notify } from '../../../components/feedback/notify';
import { errorText } from '../../../lib/errors';
import { useRenameMealPlanMutation } from '../api';

export function RenameDialog({ planId, name, onClose }: { planId: number; name: string; onClose: () => void }) {
  const [value, setValue] = useState(name);
  const [rename, renaming] = useRenameMealPlanMutation();
  const empty = value.trim() === '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (empty) return;
    try {
      await rename({ id: planId, name: value.trim() }).unwrap();
      notify.success('Plan renamed');
      onClose();
    } catch (err) {
      notify.error(errorText(err, 'Failed to rename the plan'));
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>Rename plan</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <TextField
            label="Plan name"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={empty}
            helperText={empty ? 'Give the plan a name' : undefined}
            slotProps={{ htmlInput: { maxLength: 200 } }}
            autoFocus
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={empty || renaming.isLoading}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
