import { BarChart } from '@mui/x-charts/BarChart';

/** Loaded lazily by the pages that draw it; each page shows the same numbers in a table for screen readers. */
export default function CalorieChart({ days, goal }: { days: { date: string; calories: number }[]; goal: number }) {
  return (
    <BarChart
      height={240}
      xAxis={[{ scaleType: 'band', data: days.map((d) => d.date.slice(5)) }]}
      series={[{ data: days.map((d) => d.calories), label: 'Calories' }, ...(goal > 0 ? [{ data: days.map(() => goal), label: 'Goal' }] : [])]}
      aria-hidden
    />
  );
}
