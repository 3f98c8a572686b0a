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
                      <TableCell>{w.date}</TableCell>
                      <TableCell align="right">{formatWeight(w.weight_kg, units)}</TableCell>
                      <TableCell align="right">{w.source}</TableCell>
                      <TableCell align="right">
                        <IconButton aria-label={`Delete weight of ${w.date}`} size="small" onClick={() => remove({ type: 'weight', id: w.id })}>
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
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            Workouts
          </Typography>
          {(workouts.data ?? []).length === 0 ? (
            <Typography color="text.secondary">No workouts in the last 90 days.</Typography>
          ) : (
            <Table size="small" aria-label="Workouts">
              <TableBody>
                {workouts.data!.map((w) => (
                  <TableRow key={w.id}>
                    <TableCell>{w.date}</TableCell>
                    <TableCell>{w.type}</TableCell>
                    <TableCell align="right">{w.duration_min} min</TableCell>
                    <TableCell align="right">{w.calories_burned !== null ? `${Math.round(w.calories_burned)} kcal` : 'kcal not known'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            Sleep
          </Typography>
          {(sleep.data ?? []).length === 0 ? (
            <Typography color="text.secondary">No sleep in the last 90 days.</Typography>
          ) : (
            <Table size="small" aria-label="Sleep">
              <TableBody>
                {sleep.data!.map((s) => (
                  <TableRow key={s.id}>
                    <TableCell>{s.date}</TableCell>
                    <TableCell align="right">{s.duration_hours} h</TableCell>
                    <TableCell align="right">{s.quality !== null ? `quality ${s.quality}/5` : ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
