/**
 * Calories a day as bars, with the goal as a dashed line: the dashboard's history card and the Analysis page
 * draw the same chart. Always loaded lazily (the charts library stays off the pages' first paint) and
 * aria-hidden: the pages carry the same numbers as text and a table.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { ChartsReferenceLine } from '@mui/x-charts/ChartsReferenceLine';
import { formatDay, formatWeekday } from '../../lib/format';

export function HistoryChart({ days, goal }: { days: { date: string; calories: number }[]; goal: number }) {
  // 90 bars need thin labels: the day of month only, every few days.
  const every = days.length > 31 ? 14 : days.length > 7 ? 5 : 1;
  const values = days.map((d) => Math.round(d.calories));
  // The axis always reaches past the goal, so its line shows on the days under it too (most days of a new user).
  const top = goal > 0 ? Math.max(goal * 1.1, ...values) : undefined;
  return (
    <BarChart
      height={220}
      margin={{ left: 0, right: 8 }}
      xAxis={[
        {
          scaleType: 'band',
          data: days.map((d) => d.date),
          // Ticks: "Fri" for a week, "Nov 21" for longer ranges (seven "Fri, Nov 21" do not fit a phone); the tooltip says it all.
          valueFormatter: (v: string, ctx) => (ctx.location !== 'tick' ? formatDay(v) : days.length > 7 ? formatDay(v, { weekday: false }) : formatWeekday(v)),
          tickInterval: (_v: string, i: number) => (days.length - 1 - i) % every === 0,
        },
      ]}
      yAxis={[{ width: 44, min: 0, max: top }]}
      series={[{ data: values, label: 'Calories', color: '#4caf50' }]}
      hideLegend
      aria-hidden
    >
      {goal > 0 && <ChartsReferenceLine y={goal} label="Goal" labelAlign="end" lineStyle={{ strokeDasharray: '6 4' }} />}
    </BarChart>
  );
}
