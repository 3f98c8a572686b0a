/**
 * The dashboard's charts, in their own lazily loaded chunk so @mui/x-charts never weighs on the dashboard's
 * first paint. Both are aria-hidden: the cards that draw them carry the same numbers as text and a table.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import { formatDay } from '../../lib/format';

export function HistoryChart({ days, goal }: { days: { date: string; calories: number }[]; goal: number }) {
  // 90 bars need thin labels: the day of month only, every few days.
  const every = days.length > 31 ? 14 : days.length > 7 ? 5 : 1;
  return (
    <BarChart
      height={220}
      margin={{ left: 0, right: 8 }}
      xAxis={[
        {
          scaleType: 'band',
          data: days.map((d) => d.date),
          valueFormatter: (v: string, ctx) => (ctx.location === 'tick' && days.length > 7 ? formatDay(v, { weekday: false }) : formatDay(v)),
          tickInterval: (_v: string, i: number) => (days.length - 1 - i) % every === 0,
        },
      ]}
      yAxis={[{ width: 44 }]}
      series={[{ data: days.map((d) => Math.round(d.calories)), label: 'Calories', color: '#4caf50' }]}
      hideLegend
      aria-hidden
    >
      {goal > 0 && <ChartsReferenceLine y={goal} label="Goal" labelAlign="end" lineStyle={{ strokeDasharray: '6 4' }} />}
    </BarChart>
  );
}

export function WeightSparkline({ values }: { values: number[] }) {
  // baseline "min": the area fills down to the lowest weight, not to 0 kg (which drew a flat, full block).
  return <SparkLineChart data={values} height={48} curve="natural" area baseline="min" aria-hidden />;
}
