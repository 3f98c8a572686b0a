import { LineChart } from '@mui/x-charts/LineChart';
import type { Units } from '../../lib/units';
import { toDisplay, unitLabel } from '../../lib/units';

/** Loaded lazily: only the Health page pulls in the chart library. The table next to it is the text alternative. */
export default function WeightChart({ points, units }: { points: { date: string; weight_kg: number }[]; units: Units }) {
  return (
    <LineChart
      height={220}
      xAxis={[{ scaleType: 'point', data: points.map((p) => p.date) }]}
      series={[{ data: points.map((p) => toDisplay(p.weight_kg, units)), label: `Weight (${unitLabel(units)})`, showMark: points.length < 40 }]}
      aria-hidden
    />
  );
}
