import { lazy, Suspense, useState } from 'react';
import { ProfileNote } from '../../components/profile-note';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { NutrientsTable } from '../../components/nutrients-table';
import { ScrollBox } from '../../components/scroll-box';
import { catalogueText } from '../../lib/errors';
import { formatDay, formatGrams, formatKcal, formatNumber } from '../../lib/format';
import { useHistoricalStatsQuery, useInsightsAnalysisQuery, useMealTimingQuery, useNutrientsQuery, usePatternsQuery } from './api';
import { RangePicker } from '../../components/range-picker';
import { PageTitle } from '../../components/layout/page-title';
import { PartialNote } from './partial-note';

// The dashboard's calorie chart (goal as a dashed line), loaded with the charts library when there is something to draw.
const CalorieChart = lazy(() => import('../../components/charts/calorie-history-chart').then((m) => ({ default: m.HistoryChart })));

/** Tables scroll sideways inside their card on a narrow phone (ScrollBox) rather than being cut off, with narrower cell padding there. */
const COMPACT = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } }, '& .MuiTableCell-alignRight': { whiteSpace: 'nowrap' } } as const;

const MACRO_LABELS: Record<string, string> = { protein: 'Protein', carbs: 'Carbs', fat: 'Fat' };

/** A card for one part of the analysis; none when its call failed (the page's alert says so), not a skeleton that never fills. */
function Section({ title, failed = false, children }: { title: string; failed?: boolean; children: ReactNode }) {
  if (failed) return null;
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** /insights ("Analysis"): calories against goal, macro split, meal timing, patterns and nutrients vs DRI. */
export function Component() {
  const [days, setDays] = useState(7);
  const range = { days };
  const stats = useHistoricalStatsQuery(days);
  const analysis = useInsightsAnalysisQuery(range);
  const timing = useMealTimingQuery(range);
  const patterns = usePatternsQuery(range);
  const nutrients = useNutrientsQuery(range);
  const error = stats.error ?? analysis.error ?? timing.error ?? patterns.error ?? nutrients.error;
  const t = timing.data?.meal_timing;
  const split = analysis.data?.macro_split;
  const week = patterns.data?.weekday_weekend;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageTitle>
        Analysis
      </PageTitle>
      <RangePicker value={days} onChange={setDays} options={[7, 14, 30, 90]} />
      {/* Every section reads the same days: one note for the page (the analysis's, else the calorie history's). */}
      <PartialNote note={analysis.data?.partial_note ?? stats.data?.partial_note} />
      {error && (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => [stats, analysis, timing, patterns, nutrients].forEach((q) => q.error && q.refetch())}>Retry</Button>}>
          {catalogueText(error, 'Failed to fetch insights')}
        </Alert>
      )}
      <Section title="Calories" failed={!!stats.error && !stats.data}>
        {!stats.data ? (
          <Skeleton variant="rounded" height={220} />
        ) : (
          <>
            <Typography>{stats.data.statement}</Typography>
            {stats.data.days_logged > 0 && (
              <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
                <CalorieChart days={stats.data.series} goal={stats.data.goals.calories} />
              </Suspense>
            )}
            <ScrollBox label="Calories per day">
              <Table size="small" aria-label="Calories per day" sx={COMPACT}>
                <TableHead>
                  <TableRow>
                    <TableCell>Date</TableCell>
                    <TableCell align="right">Calories</TableCell>
                    <TableCell align="right">Protein</TableCell>
                    <TableCell align="right">Carbs</TableCell>
                    <TableCell align="right">Fat</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {stats.data.series.filter((d) => d.logged).map((d) => (
                    <TableRow key={d.date}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDay(d.date)}
                        {/* Left out of every average above and below (issue 42 §6). */}
                        {d.state === 'partial' && (
                          <Typography component="span" variant="caption" color="text.secondary" data-testid="partial-day">
                            {' '}· partial
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right">{formatKcal(d.calories)}</TableCell>
                      <TableCell align="right">{formatGrams(d.protein)}</TableCell>
                      <TableCell align="right">{formatGrams(d.carbs)}</TableCell>
                      <TableCell align="right">{formatGrams(d.fat)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollBox>
          </>
        )}
      </Section>
      <Section title="Macro split" failed={!!analysis.error && !analysis.data}>
        {split && !split.enough && <Typography>{split.statement}</Typography>}
        {split?.enough && (
          <ScrollBox label="Macro split against the healthy range">
            <Table size="small" aria-label="Macro split against the healthy range" sx={COMPACT}>
              <TableBody>
                {split.shares.map((s) => (
                  <TableRow key={s.macro}>
                    <TableCell component="th" scope="row">
                      {MACRO_LABELS[s.macro] ?? s.macro}
                    </TableCell>
                    <TableCell align="right">{formatGrams(s.grams_per_day)} a day</TableCell>
                    <TableCell align="right">{formatNumber(s.percent, undefined, 1)} %</TableCell>
                    <TableCell>
                      {s.status} {s.amdr_min}–{s.amdr_max} %
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollBox>
        )}
        {split?.enough && (
          <Typography variant="caption" color="text.secondary">
            Source: {split.source}
          </Typography>
        )}
      </Section>
      <Section title="Meal timing" failed={!!timing.error && !timing.data}>
        {t && !t.enough && <Typography>{t.statement}</Typography>}
        {t?.enough && (
          <Typography>
            First meal around {t.first_meal_avg}, last around {t.last_meal_avg} ({t.eating_window_hours} h window); {t.late_calories_percent} % of calories after 21:00; meals are {t.regularity}. {t.note}
          </Typography>
        )}
      </Section>
      <Section title="Patterns" failed={!!patterns.error && !patterns.data}>
        {week && <Typography>{week.statement}</Typography>}
        {(patterns.data?.calorie_drivers ?? []).length > 0 && (
          <ScrollBox label="Foods that bring the most calories">
            <Table size="small" aria-label="Foods that bring the most calories" sx={COMPACT}>
              <TableBody>
                {patterns.data!.calorie_drivers.map((d) => (
                  <TableRow key={d.food_name}>
                    <TableCell>{d.food_name}</TableCell>
                    <TableCell align="right">{d.percent_of_calories} % of calories</TableCell>
                    <TableCell align="right">{d.times_logged}×</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollBox>
        )}
      </Section>
      <Section title="Nutrients against your DRI" failed={!!nutrients.error && !nutrients.data}>
        {nutrients.data?.notes.map((n) => <ProfileNote key={n} text={n} />)}
        <NutrientsTable nutrients={nutrients.data?.nutrients ?? []} label="Nutrients against the Dietary Reference Intakes" />
      </Section>
    </Box>
  );
}
