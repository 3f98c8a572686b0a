import { lazy, useDeferredValue } from 'react';
import { Link as RouterLink } from 'react-router';
import { subDays } from 'date-fns';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { WeightTrend } from '@app/contracts/insights';
import { api } from '../../lib/api';
import { WhenVisible } from '../../components/when-visible';
import { LogWeightButton } from '../../components/health/log-weight-button';
import { formatDay } from '../../lib/format';
import { paths } from '../../lib/paths';
import { formatWeight, toDisplay, type Units } from '../../lib/units';
import { useUserSettingsQuery } from '../../lib/user-settings';

/**
 * The one trend weight (issue 42 §7), as the server computes it over the whole history: the same number the Health
 * chart, the Assessment and the expenditure estimate show (a trend computed here from 90 days was a second story).
 */
const weightTrendApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboardWeightTrend: build.query<WeightTrend, { start_date: string; end_date: string }>({
      query: ({ start_date, end_date }) => `/insights/weight-trend?start_date=${start_date}&end_date=${end_date}`,
      providesTags: [{ type: 'HealthMetric', id: 'LIST' }],
    }),
  }),
});

const WeightSparkline = lazy(() => import('./charts').then((m) => ({ default: m.WeightSparkline })));
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The trend weight of the last 90 days as a sparkline, in words, and the two-tap "Log weight". */
export function WeightCard({ today }: { today: string }) {
  const units: Units = useUserSettingsQuery().data?.units ?? 'metric';
  const start = iso(subDays(new Date(`${today}T12:00:00Z`), 89));
  // Deferred like the history card's answer: the trend and the card's body come in an interruptible render.
  const data = useDeferredValue(weightTrendApi.useDashboardWeightTrendQuery({ start_date: start, end_date: today }).data);
  const trend = data?.points ?? [];
  const last = data?.latest ?? undefined;
  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="dash-weight">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography id="dash-weight" variant="h2" sx={{ fontSize: '1.15rem' }}>
          Weight trend
        </Typography>
        <LogWeightButton last={last?.weight_kg ?? null} units={units} variant="outlined" />
      </Box>
      {!data ? (
        <Skeleton variant="rounded" height={80} sx={{ mt: 1 }} />
      ) : !last ? (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          No weight logged in the last 90 days. Log one to start your trend.
        </Typography>
      ) : (
        <>
          <Typography sx={{ mt: 1 }} data-testid="dash-weight-text">
            Trend {formatWeight(last.trend_kg, units)} on {formatDay(last.date)}
            {data.change_kg !== null && data.since && ` · ${formatWeight(data.change_kg, units, { signed: true })} since ${formatDay(data.since)}`}
          </Typography>
          {trend.length > 1 && (
            <Box sx={{ height: 48, mt: 1 }}>
              <WhenVisible fallback={<Skeleton variant="rounded" height={48} />}>
                <WeightSparkline values={trend.map((p) => toDisplay(p.trend_kg, units))} />
              </WhenVisible>
            </Box>
          )}
        </>
      )}
      <Button component={RouterLink} to={paths.health} size="small" sx={{ mt: 1 }}>
        All weights, workouts and sleep
      </Button>
    </Card>
  );
}
