/**
 * The dashboard's charts, in their own lazily loaded chunk so @mui/x-charts never weighs on the dashboard's
 * first paint. Both are aria-hidden: the cards that draw them carry the same numbers as text and a table.
 */
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';

export { HistoryChart } from '../../components/charts/calorie-history-chart';

export function WeightSparkline({ values }: { values: number[] }) {
  // baseline "min": the area fills down to the lowest weight, not to 0 kg (which drew a flat, full block).
  return <SparkLineChart data={values} height={48} curve="natural" area baseline="min" aria-hidden />;
}
