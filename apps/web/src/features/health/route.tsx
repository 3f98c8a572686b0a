import { lazy, Suspense, useState, type ReactNode } from 'react';
import { format, subDays } from 'date-fns';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import BedtimeIcon from '@mui/icons-material/Bedtime';
import FitnessCenterIcon from '@mui/icons-material/FitnessCenter';
import { errorDetail } from '../../lib/errors';
import { LogWeightButton } from '../../components/health/log-weight-button';
import { useDeleteMetricMutation, useSleepQuery, useWeightsQuery, useWorkoutsQuery } from './api';
import { formatWeight, type Units } from '../../lib/units';
import { formatDay, formatKcal, formatNumber } from '../../lib/format';
import { browserTimeZone } from '../../lib/today';
import { useLatch } from '../../lib/use-latch';
import { useSettingsTimeZone, useToday, useUserSettingsQuery } from '../../lib/user-settings';
import { PageTitle } from '../../components/layout/page-title';
import { WaterCard } from '../../components/health/water-card';
import { WaterHistory } from './water-history';

const WeightChart = lazy(() => import('./weight-chart'));
// The dialogs load on the first tap, not with the page.
const LogWorkoutDialog = lazy(() => import('./log-dialogs').then((m) => ({ default: m.LogWorkoutDialog })));
const LogSleepDialog = lazy(() => import('./log-dialogs').then((m) => ({ default: m.LogSleepDialog })));

const iso = (d: Date) => format(d, 'yyyy-MM-dd');
/** Narrower cell padding on a phone, so a date, two numbers and a delete button fit 360 px. */
const COMPACT = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } } as const;

export function Component() {
  const range = { start_date: iso(subDays(new Date(), 89)), end_date: iso(new Date()) };
  // The settings (units, time zone) through lib/user-settings: one /user-settings request for the page and "today".
  const settings = useUserSettingsQuery();
  const units: Units = settings.data?.units ?? 'metric';
  const weights = useWeightsQuery(range);
  const workouts = useWorkoutsQuery(range);
  const sleep = useSleepQuery(range);
  const [remove] = useDeleteMetricMutation();
  const today = useToday();
  const timeZone = useSettingsTimeZone() ?? browserTimeZone() ?? 'UTC';
  const list = weights.data ?? [];
  const last = list.at(-1)?.weight_kg ?? null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <PageTitle>
          Health
        </PageTitle>
        <LogWeightButton last={last} units={units} />
      </Box>
      <WaterCard date={today} today={today} />
      {weights.error && <Alert severity="error">{errorDetail(weights.error, 'Failed to fetch weights').msg}</Alert>}
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            Weight, last 90 days
          </Typography>
          {weights.isLoading ? (
            <Skeleton variant="rounded" height={220} />
          ) : list.length === 0 ? (
            <Typography color="text.secondary">No weight logged yet.</Typography>
          ) : (
            <>
              {list.length > 1 && (
                <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
                  <WeightChart points={list} units={units} />
                </Suspense>
              )}
              <Table size="small" aria-label="Weights" sx={COMPACT}>
                <TableHead>
                  <TableRow>
                    <TableCell>Date</TableCell>
                    <TableCell align="right">Weight</TableCell>
                    <TableCell align="right">Source</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {[...list].reverse().map((w) => (
                    <TableRow key={w.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(w.date)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatWeight(w.weight_kg, units)}
                      </TableCell>
                      <TableCell align="right">{w.source}</TableCell>
                      <TableCell align="right">
                        <IconButton aria-label={`Delete weight of ${formatDay(w.date)}`} size="small" onClick={() => remove({ type: 'weight', id: w.id })}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          )}
        </CardContent>
      </Card>
      <EntriesCard
        title="Workouts"
        align={['left', 'left', 'right']}
        empty="No workouts logged in the last 90 days."
        action={
          <LogButton icon={<FitnessCenterIcon />} label="Log workout">
            {(open, close) => <LogWorkoutDialog open={open} today={today} onClose={close} />}
          </LogButton>
        }
        rows={(workouts.data ?? []).map((w) => ({
          key: w.id,
          // Minutes over calories in one cell: four columns and a delete button fit a 360 px phone.
          cells: [formatDay(w.date), w.type, `${formatNumber(w.duration_min)} min\n${w.calories_burned !== null ? formatKcal(w.calories_burned) : 'kcal not known'}`],
          remove: { label: `Delete ${w.type} workout of ${formatDay(w.date)}`, run: () => remove({ type: 'workout', id: w.id }) },
        }))}
      />
      <EntriesCard
        title="Sleep"
        align={['left', 'right', 'right']}
        empty="No sleep logged in the last 90 days."
        action={
          <LogButton icon={<BedtimeIcon />} label="Log sleep">
            {(open, close) => <LogSleepDialog open={open} today={today} timeZone={timeZone} onClose={close} />}
          </LogButton>
        }
        rows={(sleep.data ?? []).map((e) => ({
          key: e.id,
          cells: [formatDay(e.date), `${formatNumber(e.duration_hours, undefined, 1)} h`, e.quality !== null ? `quality ${e.quality}/5` : ''],
          remove: { label: `Delete sleep of ${formatDay(e.date)}`, run: () => remove({ type: 'sleep', id: e.id }) },
        }))}
      />
      <WaterHistory today={today} units={units} />
    </Box>
  );
}

/** An outlined "Log …" button whose dialog loads on the first tap and is mounted afresh (new key) on each opening. */
function LogButton({ icon, label, children }: { icon: ReactNode; label: string; children: (open: boolean, close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const mounted = useLatch(open);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={icon}
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {mounted && (
        <Suspense fallback={null} key={opening}>
          {children(open, () => setOpen(false))}
        </Suspense>
      )}
    </>
  );
}

/** A card listing recent entries (workouts, sleep): the date first, numbers right-aligned, a delete button per row. */
function EntriesCard({ title, empty, action, align, rows }: { title: string; empty: string; action: ReactNode; align: ('left' | 'right')[]; rows: { key: number; cells: string[]; remove: { label: string; run: () => void } }[] }) {
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          {action}
        </Box>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <Table size="small" aria-label={title} sx={COMPACT}>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.key}>
                  {r.cells.map((c, i) => (
                    <TableCell key={i} align={align[i]} sx={{ whiteSpace: i === 0 ? 'nowrap' : 'pre-line' }}>
                      {c}
                    </TableCell>
                  ))}
                  <TableCell align="right" padding="checkbox">
                    <IconButton aria-label={r.remove.label} size="small" onClick={r.remove.run}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
