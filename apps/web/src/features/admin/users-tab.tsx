import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ADMIN_USERS_LIMIT } from '@app/contracts/admin';
import { TIER_LABELS, TIERS, type Tier } from '@app/contracts/entitlements';
import { errorDetail } from '../../lib/errors';
import { useAdminUserQuery, useAdminUsersQuery, useDeleteAdminUserMutation, useResetUserPasswordMutation, useUpdateAdminUserMutation } from './api';
import { AdminTable } from './admin-table';

/** Users: search, paging and an edit dialog (flags, tier grant with an end date, reset mail, delete). */
export function UsersTab({ selfId }: { selfId: number | undefined }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [rows, setRows] = useState(ADMIN_USERS_LIMIT);
  const [editing, setEditing] = useState<number | null>(null);
  const { data, error } = useAdminUsersQuery({ skip: page * rows, limit: rows, search });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <TextField label="Search users" placeholder="E-mail or username" value={search} onChange={(e) => (setSearch(e.target.value), setPage(0))} />
      {error && <Alert severity="error">{errorDetail(error).msg}</Alert>}
      <AdminTable label="Users" head={['E-mail', 'Tier', 'Status', { hidden: 'Actions' }]}>
        {data?.users.map((u) => (
          <TableRow key={u.id}>
            <TableCell>
              {u.email}
              {u.is_superuser && <Chip size="small" label="Admin" sx={{ ml: 1 }} />}
            </TableCell>
            <TableCell>{u.tier ? TIER_LABELS[u.tier] : 'Free'}</TableCell>
            <TableCell>{!u.is_active ? 'Deactivated' : u.email_validated ? 'Verified' : 'Unverified'}</TableCell>
            <TableCell align="right">
              <Button size="small" onClick={() => setEditing(u.id)} aria-label={`Edit ${u.email}`}>
                Edit
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </AdminTable>
      <TablePagination component="div" count={data?.total ?? 0} page={page} onPageChange={(_e, p) => setPage(p)} rowsPerPage={rows} onRowsPerPageChange={(e) => (setRows(Number(e.target.value)), setPage(0))} rowsPerPageOptions={[10, 25, 50]} />
      {editing !== null && <EditUserDialog id={editing} isSelf={editing === selfId} onClose={() => setEditing(null)} />}
    </Box>
  );
}

function EditUserDialog({ id, isSelf, onClose }: { id: number; isSelf: boolean; onClose: () => void }) {
  const { data: user } = useAdminUserQuery(id);
  const [update, updating] = useUpdateAdminUserMutation();
  const [remove] = useDeleteAdminUserMutation();
  const [reset, resetState] = useResetUserPasswordMutation();
  const [tier, setTier] = useState<Tier | ''>('');
  const [endsOn, setEndsOn] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (p: Promise<unknown>, done: string) => {
    setFailure(null);
    try {
      await p;
      setMessage(done);
    } catch (e) {
      setFailure(errorDetail(e).msg);
    }
  };
  const flag = (name: 'is_superuser' | 'email_validated' | 'is_active', label: string, disabled = false) => (
    <FormControlLabel
      label={label}
      control={<Switch checked={!!user?.[name]} disabled={disabled || !user} onChange={(e) => run(update({ id, body: { [name]: e.target.checked } }).unwrap(), 'Saved.')} />}
    />
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="edit-user-title">
      <DialogTitle id="edit-user-title">{user?.email ?? 'User'}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {flag('email_validated', 'E-mail verified')}
        {flag('is_superuser', 'Superuser', isSelf)}
        {flag('is_active', 'Active', isSelf)}
        <Typography variant="subtitle2">Tier: {user?.tier ? TIER_LABELS[user.tier] : 'Free'}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField select label="Grant tier" value={tier} onChange={(e) => setTier(e.target.value as Tier)} sx={{ minWidth: 140 }}>
            {TIERS.map((t) => (
              <MenuItem key={t} value={t}>
                {TIER_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          <TextField label="Ends on" type="date" value={endsOn} onChange={(e) => setEndsOn(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
          <Button
            variant="contained"
            disabled={!tier || updating.isLoading}
            onClick={() => run(update({ id, body: { grant: { tier: tier as Tier, ends_at: endsOn ? new Date(`${endsOn}T23:59:59`).toISOString() : null } } }).unwrap(), 'Tier granted.')}
          >
            Grant
          </Button>
          <Button onClick={() => run(update({ id, body: { grant: null } }).unwrap(), 'Grants taken back.')}>Take back grants</Button>
        </Box>
        {message && <Alert severity="success">{message}</Alert>}
        {failure && <Alert severity="error">{failure}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button disabled={resetState.isLoading} onClick={() => run(reset(id).unwrap(), 'A reset code was mailed to the user.')}>
          Send password reset
        </Button>
        {!isSelf && (
          <Button color="error" onClick={() => window.confirm(`Delete ${user?.email}? This cannot be undone.`) && run(remove(id).unwrap().then(onClose), 'Deleted.')}>
            Delete
          </Button>
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
