import { lazy, Suspense } from 'react';
import { format, subDays } from 'date-fns';
import Alert from '@mui/material/Alert';
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
import type { UserSettings } from '@app/contracts/settings';
import { api } from '../../lib/api';
import { errorDetail } from '../../lib/errors';
import { LogWeightButton } from '../../components/health/log-weight-button';
import { useDeleteMetricMutation, useSleepQuery, useWeightsQuery, useWorkoutsQuery } from './api';
import { formatWeight, type Units } from '../../lib/units';
import { formatDay, formatKcal, formatNumber } from '../../lib/format';

const WeightChart = lazy(() => import('./weight-chart'));
// The units setting, read under this feature's own endpoint name (features never import each other).
const settingsApi = api.injectEndpoints({ endpoints: (b) => ({ healthSettings: b.query<UserSettings, void>({ query: () => '/user-settings', providesTags: ['Settings'] }) }) });

const iso = (d: Date) => format(d, 'yyyy-MM-dd');

export function Component() {
  const range = { start_date: iso(subDays(new Date(), 89)), end_date: iso(new Date()) };
  const settings = settingsApi.endpoints.healthSettings.useQuery();
  const units: Units = settings.data?.units ?? 'metric';
  const weights = useWeightsQuery(range);
  const workouts = useWorkoutsQuery(range);
  const sleep = useSleepQuery(range);
  const [remove] = useDeleteMetricMutation();
  const list = weights.data ?? [];
  const last = list.at(-1)?.weight_kg ?? null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          Health
        </Typography>
        <LogWeightButton last={last} units={units} />
      </Box>
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
              <Table size="small" aria-label="Weights">
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
                      <TableCell>{formatDay(w.date)}</TableCell>
                      <TableCell align="right">{formatWeight(w.weight_kg, units)}</TableCell>
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
        empty="No workouts in the last 90 days."
        rows={(workouts.data ?? []).map((w) => ({
          key: w.id,
          cells: [formatDay(w.date), w.type, `${formatNumber(w.duration_min)} min`, w.calories_burned !== null ? formatKcal(w.calories_burned) : 'kcal not known'],
        }))}
      />
      <EntriesCard
        title="Sleep"
        empty="No sleep in the last 90 days."
        rows={(sleep.data ?? []).map((e) => ({
          key: e.id,
          cells: [formatDay(e.date), `${formatNumber(e.duration_hours, undefined, 1)} h`, e.quality !== null ? `quality ${e.quality}/5` : ''],
        }))}
      />
    </Box>
  );
}

/** A card listing recent entries (workouts, sleep): the date first, numbers right-aligned. */
function EntriesCard({ title, empty, rows }: { title: string; empty: string; rows: { key: number; cells: string[] }[] }) {
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <Table size="small" aria-label={title}>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.key}>
                  {r.cells.map((c, i) => (
                    <TableCell key={i} align={i === 0 ? 'left' : i === 1 && r.cells.length > 3 ? 'left' : 'right'}>
                      {c}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
