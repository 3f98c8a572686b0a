import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { ADMIN_ACTIVITY_LIMIT } from '@app/contracts/admin';
import { errorDetail } from '../../lib/errors';
import { useAdminActivityQuery, useAdminMetricsQuery, useCreateRegistrationCodeMutation, useRegistrationCodesQuery, useResetTaskMutation, useWorkerStatusQuery } from './api';
import { AdminTable } from './admin-table';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5">{value}</Typography>
      </CardContent>
    </Card>
  );
}

export function MetricsTab() {
  const { data, error } = useAdminMetricsQuery();
  if (error) return <Alert severity="error">{errorDetail(error).msg}</Alert>;
  if (!data) return null;
  const u = data.users;
  const days = (list: { date: string; count: number }[]) => ({ xAxis: [{ scaleType: 'band' as const, data: list.map((d) => d.date.slice(5)) }], series: [{ data: list.map((d) => d.count) }] });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
        <Stat label="Users" value={u.total} />
        <Stat label="Verified" value={u.verified} />
        <Stat label="Active today" value={u.active_1d} />
        <Stat label="Active 7 days" value={u.active_7d} />
        <Stat label="Active 30 days" value={u.active_30d} />
        <Stat label="Plus / Pro / Premium" value={u.by_tier.plus + u.by_tier.pro + u.by_tier.premium} />
        <Stat label="Jobs queued" value={data.queue.queued} />
        <Stat label="Jobs failed" value={data.queue.failed} />
      </Box>
      <Typography variant="h6">New users per day</Typography>
      <BarChart height={220} {...days(data.new_users_per_day)} />
      <Typography variant="h6">Food logs per day</Typography>
      <BarChart height={220} {...days(data.food_logs_per_day)} />
      <Typography variant="body2">
        Meal plans: {Object.entries(data.meal_plans_by_status).map(([s, n]) => `${s} ${n}`).join(', ') || 'none'}
      </Typography>
    </Box>
  );
}

export function ActivityTab() {
  const [f, setF] = useState({ action_type: '', user_id: '', start_date: '', end_date: '' });
  const [page, setPage] = useState(0);
  const { data, error } = useAdminActivityQuery({ skip: page * ADMIN_ACTIVITY_LIMIT, limit: ADMIN_ACTIVITY_LIMIT, action_type: f.action_type || undefined, user_id: Number(f.user_id) || undefined, start_date: f.start_date || undefined, end_date: f.end_date || undefined });
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) => (setF({ ...f, [k]: e.target.value }), setPage(0));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField label="Action" placeholder="login, admin_user_update…" value={f.action_type} onChange={set('action_type')} />
        <TextField label="User id" value={f.user_id} onChange={set('user_id')} sx={{ width: 110 }} />
        <TextField label="From" type="date" value={f.start_date} onChange={set('start_date')} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField label="To" type="date" value={f.end_date} onChange={set('end_date')} slotProps={{ inputLabel: { shrink: true } }} />
      </Box>
      {error && <Alert severity="error">{errorDetail(error).msg}</Alert>}
      <AdminTable label="Activity" head={['When', 'Action', 'By', 'User', 'Details']}>
        {data?.items.map((a) => (
          <TableRow key={a.id}>
            <TableCell>{when(a.created_at)}</TableCell>
            <TableCell>{a.action_type}</TableCell>
            <TableCell>{a.actor_id ?? '—'}</TableCell>
            <TableCell>{a.user_id ?? a.email ?? '—'}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{a.details ? JSON.stringify(a.details) : ''}</TableCell>
          </TableRow>
        ))}
      </AdminTable>
      <TablePagination component="div" count={data?.total ?? 0} page={page} onPageChange={(_e, p) => setPage(p)} rowsPerPage={ADMIN_ACTIVITY_LIMIT} rowsPerPageOptions={[ADMIN_ACTIVITY_LIMIT]} />
    </Box>
  );
}

export function CodesTab() {
  const { data } = useRegistrationCodesQuery();
  const [create, state] = useCreateRegistrationCodeMutation();
  const [form, setForm] = useState({ code: '', max_uses: '1', expires: '' });
  const submit = () =>
    create({ code: form.code || undefined, max_uses: Number(form.max_uses) || 1, expires_at: form.expires ? new Date(`${form.expires}T23:59:59`).toISOString() : undefined });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField label="Code (blank: generated)" value={form.code} onChange={(e) => setForm({ ...form, code: e.target.value })} />
        <TextField label="Uses" type="number" value={form.max_uses} onChange={(e) => setForm({ ...form, max_uses: e.target.value })} sx={{ width: 100 }} />
        <TextField label="Expires on" type="date" value={form.expires} onChange={(e) => setForm({ ...form, expires: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
        <Button variant="contained" onClick={submit} disabled={state.isLoading}>
          Create code
        </Button>
      </Box>
      {state.error && <Alert severity="error">{errorDetail(state.error).msg}</Alert>}
      <AdminTable label="Registration codes" head={['Code', 'Used', 'Expires']}>
        {data?.map((c) => (
          <TableRow key={c.id}>
            <TableCell sx={{ fontFamily: 'monospace' }}>{c.code}</TableCell>
            <TableCell>
              {c.uses} / {c.max_uses}
            </TableCell>
            <TableCell>{when(c.expires_at)}</TableCell>
          </TableRow>
        ))}
      </AdminTable>
    </Box>
  );
}

export function WorkersTab() {
  const { data, error, refetch } = useWorkerStatusQuery();
  const [reset, state] = useResetTaskMutation();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {error && <Alert severity="error">{errorDetail(error).msg}</Alert>}
      <Button onClick={() => refetch()} sx={{ justifySelf: 'start' }}>
        Refresh
      </Button>
      <AdminTable label="Queues" head={['Queue', 'Queued', 'Active', 'Failed', 'Last completed']}>
        {data?.queues.map((q) => (
          <TableRow key={q.name}>
            <TableCell>{q.name}</TableCell>
            <TableCell>{q.queued}</TableCell>
            <TableCell>{q.active}</TableCell>
            <TableCell>{q.failed}</TableCell>
            <TableCell>{when(q.last_completed_at)}</TableCell>
          </TableRow>
        ))}
      </AdminTable>
      <Typography variant="h6">Stalled meal-plan tasks</Typography>
      {data && !data.stalled_tasks.length && <Typography color="text.secondary">No stalled tasks.</Typography>}
      {state.error && <Alert severity="error">{errorDetail(state.error).msg}</Alert>}
      {data?.stalled_tasks.map((t) => (
        <Box key={t.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography>
            Task {t.id} (plan {t.meal_plan_id}, user {t.user_id}, {t.status}, {t.attempts} attempts, last beat {when(t.heartbeat_at)})
          </Typography>
          <Button size="small" onClick={() => reset({ id: t.id, action: 'requeue' })}>
            Requeue
          </Button>
          <Button size="small" color="error" onClick={() => reset({ id: t.id, action: 'fail' })}>
            Mark failed
          </Button>
        </Box>
      ))}
    </Box>
  );
}
