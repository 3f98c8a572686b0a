import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

export function RangePicker({ value, onChange, options }: { value: number; onChange: (d: number) => void; options: number[] }) {
  return (
    <ToggleButtonGroup exclusive size="small" value={value} onChange={(_, v: number | null) => v && onChange(v)} aria-label="Range">
      {options.map((d) => (
        <ToggleButton key={d} value={d}>
          {d} days
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
