import { ScrollBox } from './scroll-box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { NutrientStatusSchema } from '@app/contracts/insights';
import { nutrientName } from '@app/nutrition/analysis/micronutrients';
import type { ExtraNutrient } from '@app/nutrition/analysis/types';
import { formatNumber } from '../lib/format';

type NutrientStatus = z.infer<typeof NutrientStatusSchema>;
const statusColor = (s: string) => (s === 'low' || s === 'over limit' || s === 'above upper level' ? 'warning' : s === 'adequate' || s === 'within limit' ? 'success' : 'inherit');
const amount = (n: number | null, unit: string | null) => (n === null ? 'not known' : `${formatNumber(n, undefined, n < 10 ? 1 : 0)}\u00a0${unit ?? ''}`);

/**
 * Each nutrient against its Dietary Reference Intake (RDA or AI, and the upper level), for a day or a range.
 * The bar is decoration: the status is always written out too, so colour is never the only signal.
 */
export function NutrientsTable({ nutrients, label }: { nutrients: NutrientStatus[]; label: string }) {
  // When the foods logged say nothing about any of these nutrients, a column of "not known" on every row tells the
  // user less than one sentence: say it once and list the targets alone.
  const noneKnown = nutrients.length > 0 && nutrients.every((n) => n.per_day === null);
  // Listing the targets alone, a nutrient without one (sugar, saturated fat…) would be a row of dashes.
  const rows = noneKnown ? nutrients.filter((n) => n.target !== null || n.upper !== null) : nutrients;
  return (
    <ScrollBox label={label}>
      {noneKnown && (
        <Typography variant="body2" sx={{ my: 1 }} data-testid="nutrients-none-known">
          Not known for the foods logged: none of them lists these nutrients (foods from search usually do; foods typed
          in carry what was entered). Your targets:
        </Typography>
      )}
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Nutrient</TableCell>
            {!noneKnown && <TableCell align="right">A day</TableCell>}
            <TableCell>Target</TableCell>
            {!noneKnown && <TableCell sx={{ minWidth: 120 }}>Status</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((n) => (
            <TableRow key={n.nutrient} data-testid={`nutrient-${n.nutrient}`}>
              <TableCell component="th" scope="row">
                {nutrientName(n.nutrient as ExtraNutrient) ?? n.nutrient}
              </TableCell>
              {!noneKnown && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {amount(n.per_day, n.unit)}
                </TableCell>
              )}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {n.target === null ? '—' : `${n.reference_kind} ${amount(n.target, n.unit)}`}
                {n.upper !== null && (
                  <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
                    upper level {amount(n.upper, n.unit)}
                  </Typography>
                )}
              </TableCell>
              {!noneKnown && (
                <TableCell>
                  {n.percent_of_target !== null && (
                    <LinearProgress variant="determinate" color={statusColor(n.status)} value={Math.min(100, n.percent_of_target)} aria-hidden sx={{ height: 6, borderRadius: 3, bgcolor: 'action.disabledBackground', mb: 0.5 }} />
                  )}
                  <Typography variant="caption">
                    {n.status}
                    {n.percent_of_target !== null && ` · ${formatNumber(n.percent_of_target)} %`}
                    {n.per_day !== null && n.coverage_percent < 100 && ` · known for ${formatNumber(n.coverage_percent)} % of the food`}
                  </Typography>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollBox>
  );
}
