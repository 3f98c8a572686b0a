import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

/** "7 days | 30 days | 90 days": the range of a history, on the dashboard and the insight pages alike. */
export function RangePicker({ value, onChange, options }: { value: number; onChange: (d: number) => void; options: readonly number[] }) {
  return (
    <ToggleButtonGroup exclusive size="small" value={value} onChange={(_, v: number | null) => v && onChange(v)} aria-label="Range">
      {options.map((d) => (
        <ToggleButton key={d} value={d} sx={{ whiteSpace: 'nowrap' }}>
          {d} days
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
