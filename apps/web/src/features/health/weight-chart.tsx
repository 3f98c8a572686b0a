import { subDays } from 'date-fns';
import Typography from '@mui/material/Typography';
import { LineChart } from '@mui/x-charts/LineChart';
import type { WeightTrend } from '@app/contracts/insights';
import { api } from '../../lib/api';
import { formatDay } from '../../lib/format';
import type { Units } from '../../lib/units';
import { formatWeight, toDisplay, unitLabel } from '../../lib/units';
import { useToday } from '../../lib/user-settings';

/**
 * The one trend weight (issue 42 §7) from the server, over the whole history: the dashboard card, the Assessment and
 * the expenditure estimate show the same numbers.
 */
const trendApi = api.injectEndpoints({
  endpoints: (build) => ({
    healthWeightTrend: build.query<WeightTrend, { start_date: string; end_date: string }>({
      query: ({ start_date, end_date }) => `/insights/weight-trend?start_date=${start_date}&end_date=${end_date}`,
      providesTags: [{ type: 'HealthMetric', id: 'LIST' }],
    }),
  }),
});
const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Loaded lazily: only the Health page pulls in the chart library. The raw weigh-ins as marks, the trend weight as a
 * line over them, and the trend in words above (the table below is the text alternative for the points).
 */
export default function WeightChart({ points, units }: { points: { date: string; weight_kg: number }[]; units: Units }) {
  const today = useToday();
  const start = iso(subDays(new Date(`${today}T12:00:00Z`), 89));
  const { data } = trendApi.useHealthWeightTrendQuery({ start_date: start, end_date: today });
  const trendOf = new Map((data?.points ?? []).map((p) => [p.date, p.trend_kg]));
  const unit = unitLabel(units);
  const latest = data?.latest;
  return (
    <>
      {latest && (
        <Typography sx={{ mt: 1 }} data-testid="health-weight-trend">
          Trend {formatWeight(latest.trend_kg, units)} on {formatDay(latest.date)}
          {data.change_kg !== null && data.since && ` · ${formatWeight(data.change_kg, units, { signed: true })} since ${formatDay(data.since)}`}
          {data.weekly_rate_kg !== null && ` · ${formatWeight(data.weekly_rate_kg, units, { signed: true, digits: 2 })} a week`}
        </Typography>
      )}
      <LineChart
        height={220}
        xAxis={[{ scaleType: 'point', data: points.map((p) => p.date), valueFormatter: (d: string) => formatDay(d) }]}
        series={[
          { id: 'weight', data: points.map((p) => toDisplay(p.weight_kg, units)), label: `Weight (${unit})`, showMark: true, color: '#90a4ae', valueFormatter: (v) => (v === null ? '' : `${v} ${unit}`) },
          { id: 'trend', data: points.map((p) => (trendOf.has(p.date) ? toDisplay(trendOf.get(p.date)!, units) : null)), label: `Trend (${unit})`, showMark: false, connectNulls: true, valueFormatter: (v) => (v === null ? '' : `${v} ${unit}`) },
        ]}
        // The weigh-ins as marks on a faint line, the trend as the bold line over them (Happy Scale's picture).
        sx={{ '& .MuiLineChart-line[data-series="weight"]': { strokeOpacity: 0.3, strokeWidth: 1 }, '& .MuiLineChart-line[data-series="trend"]': { strokeWidth: 3 } }}
        aria-hidden
      />
    </>
  );
}
