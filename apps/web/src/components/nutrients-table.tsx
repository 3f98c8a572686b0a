import { useEffect, useState } from 'react';
import { ScrollBox } from './scroll-box';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { z } from 'zod';
import type { NutrientStatusSchema } from '@app/contracts/insights';
import { nutrientName } from '@app/nutrition/analysis/micronutrients';
import type { ExtraNutrient } from '@app/nutrition/analysis/types';
import { formatNumber } from '../lib/format';

type NutrientStatus = z.infer<typeof NutrientStatusSchema>;
const statusColor = (s: string) => (s === 'low' || s === 'over limit' || s === 'above upper level' ? 'warning' : s === 'adequate' || s === 'within limit' ? 'success' : 'inherit');
const amount = (n: number | null, unit: string | null) => (n === null ? 'not known' : `${formatNumber(n, undefined, n < 10 ? 1 : 0)}\u00a0${unit ?? ''}`);

/** Below this width (px) the table has two columns: four need about 600 px with a status like "low · 32 % · known for 80 % of the food". */
const FOUR_COLUMNS_MIN_WIDTH = 640;

/** An element's width, followed as it changes (null until measured). */
function useWidth(el: HTMLElement | null): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver((entries) => setWidth(Math.round(entries[0]!.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return width;
}

/** "RDA 18 mg", "Your goal 28 g". */
const targetText = (n: NutrientStatus) => (n.target === null ? '—' : `${n.reference_kind === 'goal' ? 'Your goal' : n.reference_kind} ${amount(n.target, n.unit)}`);

function Target({ n }: { n: NutrientStatus }) {
  return (
    <>
      {targetText(n)}
      {n.upper !== null && (
        <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
          upper level {amount(n.upper, n.unit)}
        </Typography>
      )}
    </>
  );
}

function Status({ n }: { n: NutrientStatus }) {
  return (
    <>
      {n.percent_of_target !== null && (
        <LinearProgress variant="determinate" color={statusColor(n.status)} value={Math.min(100, n.percent_of_target)} aria-hidden sx={{ height: 6, borderRadius: 3, bgcolor: 'action.disabledBackground', mb: 0.5 }} />
      )}
      <Typography variant="caption" component="span" sx={{ display: 'block' }}>
        {n.status}
        {n.percent_of_target !== null && ` · ${formatNumber(n.percent_of_target)} %`}
        {n.per_day !== null && n.coverage_percent < 100 && ` · known for ${formatNumber(n.coverage_percent)} % of the food`}
      </Typography>
    </>
  );
}

/**
 * Each nutrient against its Dietary Reference Intake (RDA or AI, and the upper level) or the user's own goal (fiber),
 * for a day or a range. The bar is decoration: the status is always written out too, so colour is never the only signal.
 * Four columns need about 640 px: on a phone, and in the food log's day column on a desktop, Target and Status sat
 * off to the side with no hint (issue 42 §11). Narrower than that the table has two columns, the nutrient with its
 * amount a day, and its target with its status, so every number is on screen from 360 px up.
 */
export function NutrientsTable({ nutrients, label }: { nutrients: NutrientStatus[]; label: string }) {
  // The width the table has, not the screen's: on a desktop the food log's day column is about 550 px wide, and four
  // columns cut Status off there too. The screen's size is the first guess, before the box is measured.
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const width = useWidth(box);
  const compact = width === null ? phone : width < FOUR_COLUMNS_MIN_WIDTH;
  // When the foods logged say nothing about any of these nutrients, a column of "not known" on every row tells the
  // user less than one sentence: say it once and list the targets alone.
  const noneKnown = nutrients.length > 0 && nutrients.every((n) => n.per_day === null);
  // Listing the targets alone, a nutrient without one (sugar, saturated fat…) would be a row of dashes.
  const rows = noneKnown ? nutrients.filter((n) => n.target !== null || n.upper !== null) : nutrients;
  const cells = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 }, verticalAlign: 'top' } } as const;
  return (
    <Box ref={setBox}>
      <ScrollBox label={label}>
        {noneKnown && (
          <Typography variant="body2" sx={{ my: 1 }} data-testid="nutrients-none-known">
            Not known for the foods logged: none of them lists these nutrients (foods from search usually do; foods typed
            in carry what was entered). Your targets:
          </Typography>
        )}
        {compact ? (
          <Table size="small" aria-label={label} sx={{ ...cells, tableLayout: 'fixed' }} data-layout="compact">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '45%' }}>{noneKnown ? 'Nutrient' : 'Nutrient · a day'}</TableCell>
                <TableCell>{noneKnown ? 'Target' : 'Target · status'}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((n) => (
                <TableRow key={n.nutrient} data-testid={`nutrient-${n.nutrient}`}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                    {nutrientName(n.nutrient as ExtraNutrient) ?? n.nutrient}
                    {!noneKnown && (
                      <Typography component="span" sx={{ display: 'block', fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="nutrient-amount">
                        {amount(n.per_day, n.unit)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell data-testid="nutrient-target">
                    <Target n={n} />
                    {!noneKnown && (
                      <Box sx={{ mt: 0.5 }} data-testid="nutrient-status">
                        <Status n={n} />
                      </Box>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Table size="small" aria-label={label} sx={cells}>
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
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }} data-testid="nutrient-amount">
                      {amount(n.per_day, n.unit)}
                    </TableCell>
                  )}
                  <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="nutrient-target">
                    <Target n={n} />
                  </TableCell>
                  {!noneKnown && (
                    <TableCell data-testid="nutrient-status">
                      <Status n={n} />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </ScrollBox>
    </Box>
  );
}
