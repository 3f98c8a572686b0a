import { lazy, Suspense, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { notify } from '../feedback/notify';
import { errorText } from '../../lib/errors';
import { formatVolume, type Units } from '../../lib/units';
import { useSettingsTimeZone, useUserSettingsQuery } from '../../lib/user-settings';
import { useAddWaterMutation, useDeleteWaterMutation, useWaterDayQuery, WATER_GLASS_ML, waterProgress } from '../../lib/water';

// The custom amount's dialog (a form, MUI's Dialog) loads when asked for: this strip is on the dashboard and the food
// log, whose first loads have a script budget (e2e/prerender.e2e.ts); the whole water card there cost 3 files.
const WaterAmountDialog = lazy(() => import('./water-amount-dialog'));

const nowClock = (timeZone?: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());

/**
 * One-tap water (issue 42 §12) for the dashboard and the food log's day: that day's total against the goal (or the
 * 2,000 ml suggestion, said to be one), "+ 1 glass" in one tap, another amount, and undo of the last add. The Health
 * page's water card has the goal and the history; this is the quick add, kept light.
 */
export function WaterQuickAdd({ date, today }: { date: string; today: string }) {
  const units: Units = useUserSettingsQuery().data?.units ?? 'metric';
  const timeZone = useSettingsTimeZone();
  const { data } = useWaterDayQuery(date);
  const [add, adding] = useAddWaterMutation();
  const [remove, removing] = useDeleteWaterMutation();
  const [asking, setAsking] = useState(false);
  const total = data?.total_ml ?? 0;
  const progress = waterProgress(total, data?.goal_ml ?? null);
  const last = data?.entries.at(-1);
  const vol = (ml: number) => formatVolume(ml, units, { space: '\u00a0' });

  const addMl = async (ml: number) => {
    const res = await add({ amount_ml: ml, date, ...(date === today ? { time: nowClock(timeZone) } : {}) });
    if ('error' in res) notify.error(errorText(res.error, 'Failed to add water'));
    return !('error' in res);
  };
  const undo = async () => {
    if (!last) return;
    const res = await remove(last.id);
    if ('error' in res) notify.error(errorText(res.error, 'Failed to undo'));
  };
  const title = date === today ? 'Water today' : 'Water';

  return (
    <Card sx={{ p: 2 }} component="section" aria-label={title} data-testid="water-quick">
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography aria-live="polite" data-testid="water-quick-total" sx={{ fontWeight: 600 }}>
          {data ? vol(total) : '…'}
          <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
            {data ? ` of ${vol(progress.target)}${progress.suggested ? ' suggested' : ''}` : ''}
          </Typography>
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={progress.percent}
        color={progress.percent >= 100 ? 'success' : 'primary'}
        aria-label="Water against goal"
        aria-valuetext={`${vol(total)} of ${vol(progress.target)}`}
        sx={{ height: 8, borderRadius: 4, my: 1, bgcolor: 'action.disabledBackground' }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" size="small" startIcon={<AddIcon />} disabled={adding.isLoading} onClick={() => void addMl(WATER_GLASS_ML)}>
          1 glass ({vol(WATER_GLASS_ML)})
        </Button>
        <Button variant="outlined" size="small" onClick={() => setAsking(true)}>
          Other amount
        </Button>
        <Button size="small" disabled={!last || removing.isLoading} onClick={() => void undo()} aria-label={last ? `Undo the last add (${vol(last.amount_ml)})` : 'Undo the last add'}>
          Undo
        </Button>
      </Box>
      {asking && (
        <Suspense fallback={null}>
          <WaterAmountDialog units={units} onClose={() => setAsking(false)} onAdd={addMl} />
        </Suspense>
      )}
    </Card>
  );
}
