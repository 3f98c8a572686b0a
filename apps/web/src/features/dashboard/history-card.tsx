import { lazy, memo, useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { RangeStats } from '@app/contracts/insights';
import { RangePicker } from '../../components/range-picker';
import { WhenVisible } from '../../components/when-visible';
import { formatDay, formatGrams, formatKcal, formatNumber } from '../../lib/format';
import { useGetDashboardHistoryQuery, useGetDashboardStatsQuery } from './api';
import { formatVolume, type Units } from '../../lib/units';
import { useUserSettingsQuery } from '../../lib/user-settings';
import { useWaterDailyQuery } from '../../lib/water';
import type { WaterDaily } from '@app/contracts/health-metrics';
import { srOnly } from '../../lib/sr-only';

const HistoryChart = lazy(() => import('./charts').then((m) => ({ default: m.HistoryChart })));

const RANGES = [7, 30, 90] as const;

/** Calories against the goal over the last 7, 30 or 90 days, with the macro averages and the streak. */
export function HistoryCard({ today }: { today: string }) {
  const [days, setDays] = useState<number>(7);
  const { data: fresh, isError } = useGetDashboardHistoryQuery({ days, end_date: today });
  // Water per day over the same range (issue 42 §12): its average beside the others, each day's in the table.
  const water = useWaterDailyQuery({ start_date: fresh?.start_date ?? today, end_date: today }, { skip: !fresh }).data;
  const units: Units = useUserSettingsQuery().data?.units ?? 'metric';
  const streak = useGetDashboardStatsQuery(today).data?.streak_days;
  // An answer re-renders this card synchronously (react-redux): deferred, the body (averages, the table of
  // days) is drawn in a later render React can interrupt, not in that one task (issue 9, blocking time).
  const data = useDeferredValue(fresh);
  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="dash-history">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id="dash-history" variant="h2" sx={{ fontSize: '1.15rem' }}>
          Calories, last {days} days
        </Typography>
        <RangePicker value={days} onChange={setDays} options={RANGES} />
      </Box>
      {streak !== undefined && (
        <Typography sx={{ fontWeight: 600, mb: 1 }} data-testid="dash-streak">
          {streak === 0 ? 'No logging streak yet: log today to start one.' : `${streak}-day logging streak`}
        </Typography>
      )}
      {isError ? (
        <Typography color="error">Could not load your history.</Typography>
      ) : !data ? (
        <Skeleton variant="rounded" height={260} />
      ) : (
        <HistoryBody data={data} water={water?.days} units={units} />
      )}
    </Card>
  );
}

const HistoryBody = memo(function HistoryBody({ data, water, units }: { data: RangeStats; water: WaterDaily['days'] | undefined; units: Units }) {
  const a = data.averages;
  // Only days of this range (the water answer may still be the previous range's while the new one loads).
  const waterDays = (water ?? []).filter((d) => d.date >= data.start_date && d.date <= data.end_date);
  const waterBy = new Map(waterDays.map((d) => [d.date, d.total_ml]));
  const waterAvg = waterDays.length ? waterDays.reduce((s, d) => s + d.total_ml, 0) / waterDays.length : null;
  return (
    <>
      <Typography color="text.secondary" data-testid="dash-history-statement">
        {data.statement}
      </Typography>
      {data.days_logged > 0 && (
        <>
          <Box sx={{ height: 220, mt: 1 }} data-testid="dash-history-chart">
            {/* Below the fold on phones: the charts library loads when the card scrolls into view. */}
            <WhenVisible fallback={<Skeleton variant="rounded" height={220} />}>
              <HistoryChart days={data.series} goal={data.goals.calories} />
            </WhenVisible>
          </Box>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(7.5rem, 1fr))', gap: 1, m: 0, mt: 1 }} aria-label="Daily averages on logged days">
            {(
              [
                ['Calories', formatKcal(a.calories)],
                ['Protein', formatGrams(a.protein)],
                ['Carbs', formatGrams(a.carbs)],
                ['Fat', formatGrams(a.fat)],
                ['Fiber', formatGrams(a.fiber)],
                ...(waterAvg !== null ? [['Water', formatVolume(waterAvg, units, { space: '\u00a0' })] as const] : []),
              ] as const
            ).map(([k, v]) => (
              <Box key={k} sx={{ p: 1, borderRadius: 1, bgcolor: 'action.hover' }}>
                <Typography component="dt" variant="caption" color="text.secondary">
                  {k} a day
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {v}
                </Typography>
              </Box>
            ))}
          </Box>
          {/* For screen readers (the chart's numbers as a table), hidden by a wrapper: a table is never narrower than
              its content, whatever its width. Plain HTML: nobody sees it, so MUI's table styles would only cost JS. */}
          <Box sx={srOnly}>
            <table aria-label="Calories per day">
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Calories</th>
                  <th scope="col">Goal</th>
                  <th scope="col">Water</th>
                </tr>
              </thead>
              <tbody>
                {data.series.map((d) => (
                  <tr key={d.date}>
                    <td>{formatDay(d.date)}</td>
                    <td>{d.logged ? formatKcal(d.calories) : 'not logged'}</td>
                    <td>{data.goals.calories > 0 ? formatKcal(data.goals.calories) : 'no goal'}</td>
                    <td>{waterBy.has(d.date) ? formatVolume(waterBy.get(d.date)!, units, { space: '\u00a0' }) : 'none logged'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
        </>
      )}
      {data.days_logged > 0 && <Typography variant="caption" color="text.secondary">{`${formatNumber(data.days_logged)} of ${formatNumber(data.days)} days logged.`}</Typography>}
    </>
  );
});
