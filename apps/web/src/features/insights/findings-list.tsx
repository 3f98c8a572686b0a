import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Finding } from '@app/contracts/insights';
import { formatNumber } from '../../lib/format';
import { toDisplay, unitLabel, type Units } from '../../lib/units';

/** The engine's evidence keys as a reader says them; a key not listed here falls back to its words. */
const LABELS: Record<string, string> = {
  calories_per_day: 'Calories a day (kcal)',
  goal: 'Goal (kcal)',
  difference: 'Difference (kcal)',
  days_logged: 'Days logged',
  days: 'Days',
  percent_of_calories: 'Share of calories (%)',
  amdr_min: 'Healthy range, from (%)',
  amdr_max: 'Healthy range, to (%)',
  grams_per_day: 'Grams a day',
  fiber_g_per_day: 'Fiber a day (g)',
  fiber_g_per_1000_kcal: 'Fiber per 1,000 kcal (g)',
  target_g_per_1000_kcal: 'Target per 1,000 kcal (g)',
  gap_g: 'Short of the target (g)',
  protein_g_per_day: 'Protein a day (g)',
  g_per_kg: 'Protein per kg of body weight (g)',
  rda_g_per_kg: 'Recommended per kg (g)',
  weight_kg: 'Weight (kg)',
  sodium_mg_per_day: 'Sodium a day (mg)',
  limit_mg: 'Limit (mg)',
  saturated_fat_g_per_day: 'Saturated fat a day (g)',
  limit_percent: 'Limit (% of calories)',
  late_calories_percent: 'Calories after 9 pm (%)',
  late_days: 'Days with late eating',
  last_meal_avg: 'Last meal, on average',
  first_meal_sd_minutes: 'First meal varies by (minutes)',
  first_meal_avg: 'First meal, on average',
  weekday_calories: 'Weekday calories (kcal)',
  weekend_calories: 'Weekend calories (kcal)',
  weekday_days: 'Weekdays logged',
  weekend_days: 'Weekend days logged',
};
const label = (k: string, units: Units) => (k === 'weight_kg' ? `Weight (${unitLabel(units)})` : (LABELS[k] ?? k.replace(/_/g, ' ')));
const value = (v: unknown, k: string, units: Units) =>
  v === null || v === undefined ? 'not known' : typeof v === 'number' ? formatNumber(k === 'weight_kg' ? toDisplay(v, units) : v, undefined, 2) : String(v);

/** Findings ranked by the engine: what it saw, the numbers behind it, one thing to change, and the source. */
/** `units`: a body weight in the evidence is shown in them (issue 42 §2); the engine sends kg. */
export function FindingsList({ findings, notEnough, units = 'metric' }: { findings: Finding[]; notEnough: string[]; units?: Units }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {findings.length === 0 && <Alert severity="info">Nothing stands out in this range.</Alert>}
      {findings.map((f, i) => (
        <Card key={f.id} component="article" aria-labelledby={`finding-${f.id}`}>
          <CardContent>
            <Typography id={`finding-${f.id}`} variant="h6" component="h2">
              {i + 1}. {f.title}
            </Typography>
            <Typography sx={{ my: 1 }}>{f.statement}</Typography>
            <Table size="small" aria-label={`Evidence for ${f.title}`}>
              <TableBody>
                {Object.entries(f.evidence).map(([k, v]) => (
                  <TableRow key={k}>
                    <TableCell component="th" scope="row">
                      {label(k, units)}
                    </TableCell>
                    <TableCell align="right">{value(v, k, units)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {f.suggestion && (
              <Alert severity="success" icon={false} sx={{ mt: 1 }}>
                <strong>Try: </strong>
                {f.suggestion}
              </Alert>
            )}
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              Source: {f.citation}
            </Typography>
          </CardContent>
        </Card>
      ))}
      {notEnough.length > 0 && (
        <Alert severity="info">
          <Typography variant="subtitle2">Not enough data for:</Typography>
          <ul style={{ margin: 0 }}>
            {notEnough.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </Alert>
      )}
    </Box>
  );
}
