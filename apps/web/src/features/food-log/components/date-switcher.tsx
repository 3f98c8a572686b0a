import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { dayLabel, isIsoDate, shiftIso } from '../dates';

/** Previous / next day, back to today, or any day from the date picker. */
/** `today` is the settings time zone's day (lib/today), so "Today" means the same day on every screen. */
export function DateSwitcher({ date, today, onChange }: { date: string; today: string; onChange: (date: string) => void }) {
  const fieldId = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0.5, sm: 1 }, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
      <IconButton aria-label="Previous day" onClick={() => onChange(shiftIso(date, -1))}>
        <ChevronLeftIcon />
      </IconButton>
      <Typography variant="h6" component="p" sx={{ minWidth: { xs: 84, sm: 112 }, textAlign: 'center', whiteSpace: 'nowrap' }} aria-live="polite" data-testid="day-label">
        {dayLabel(date, today)}
      </Typography>
      <IconButton aria-label="Next day" onClick={() => onChange(shiftIso(date, 1))}>
        <ChevronRightIcon />
      </IconButton>
      {/* TextField's parts (TextField would bring Select, Menu and Modal to the first load). */}
      <FormControl variant="outlined" size="small" fullWidth sx={{ width: { xs: 150, sm: 160 }, ml: { xs: 'auto', sm: 0 }, flexShrink: 0 }}>
        <InputLabel htmlFor={fieldId} shrink>
          Date
        </InputLabel>
        <OutlinedInput id={fieldId} fullWidth label="Date" notched type="date" size="small" value={date} onChange={(e) => isIsoDate(e.target.value) && onChange(e.target.value)} />
      </FormControl>
      {date !== today && (
        <Button variant="text" onClick={() => onChange(today)}>
          Today
        </Button>
      )}
    </Box>
  );
}
