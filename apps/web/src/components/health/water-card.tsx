import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import LocalDrinkIcon from '@mui/icons-material/LocalDrinkOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { FormDialog } from '../form-dialog';
import { notify } from '../feedback/notify';
import { errorText, fieldError } from '../../lib/errors';
import { volumeLabel, type Units } from '../../lib/units';
import WaterAmountDialog from './water-amount-dialog';
import { useSettingsTimeZone, useUpdateUserSettingsMutation, useUserSettingsQuery } from '../../lib/user-settings';
import { formatWater, SUGGESTED_WATER_GOAL_ML, useAddWaterMutation, useDeleteWaterMutation, useWaterDayQuery, WATER_GLASS_ML, waterProgress, waterValue, amountMl } from '../../lib/water';

const unitOf = volumeLabel;
const nowClock = (timeZone?: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());

/**
 * A day's water (issue 42 §12): the total against the goal (or the 2,000 ml suggestion, said to be one), a progress
 * bar, "+1 glass" in one tap, a custom amount, and an undo of the last add. On the dashboard and the Health page;
 * the food log may mount it too (`date` is the day shown there).
 */
export function WaterCard({ date, today }: { date: string; today: string }) {
  const settings = useUserSettingsQuery();
  const units: Units = settings.data?.units ?? 'metric';
  const timeZone = useSettingsTimeZone();
  const day = useWaterDayQuery(date);
  const [add, adding] = useAddWaterMutation();
  const [remove, removing] = useDeleteWaterMutation();
  const [dialog, setDialog] = useState<'amount' | 'goal' | null>(null);
  const data = day.data;
  const total = data?.total_ml ?? 0;
  const progress = waterProgress(total, data?.goal_ml ?? null);
  const lastEntry = data?.entries.at(-1);

  const addMl = async (ml: number) => {
    const res = await add({ amount_ml: ml, date, ...(date === today ? { time: nowClock(timeZone) } : {}) });
    if ('error' in res) notify.error(errorText(res.error, 'Failed to add water'));
    return !('error' in res);
  };
  const undo = async () => {
    if (!lastEntry) return;
    const res = await remove(lastEntry.id);
    if ('error' in res) notify.error(errorText(res.error, 'Failed to undo'));
  };

  return (
    <Card sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="water-title" data-testid="water-card">
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="water-title" variant="h2" sx={{ fontSize: '1.15rem', display: 'flex', alignItems: 'center', gap: 1 }}>
          <LocalDrinkIcon fontSize="small" color="primary" aria-hidden />
          Water{date !== today ? '' : ' today'}
        </Typography>
        <Button size="small" onClick={() => setDialog('goal')}>
          {data?.goal_ml ? 'Change goal' : 'Set a goal'}
        </Button>
      </Box>
      {!data ? (
        <Skeleton variant="rounded" height={72} sx={{ mt: 1 }} />
      ) : (
        <>
          <Typography sx={{ mt: 1, fontWeight: 600 }} aria-live="polite" data-testid="water-total">
            {formatWater(total, units)}
            <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
              {` of ${formatWater(progress.target, units)}${progress.suggested ? ' suggested' : ''}`}
            </Typography>
          </Typography>
          <LinearProgress
            variant="determinate"
            value={progress.percent}
            color={progress.percent >= 100 ? 'success' : 'primary'}
            aria-label="Water against goal"
            aria-valuetext={`${formatWater(total, units)} of ${formatWater(progress.target, units)}`}
            sx={{ height: 10, borderRadius: 5, my: 1, bgcolor: 'action.disabledBackground' }}
          />
          {progress.suggested && (
            <Typography variant="caption" color="text.secondary" component="p">
              {formatWater(SUGGESTED_WATER_GOAL_ML, units)} is a common suggestion, not your goal: set your own if you have one.
            </Typography>
          )}
        </>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<AddIcon />} disabled={adding.isLoading} onClick={() => void addMl(WATER_GLASS_ML)}>
          1 glass ({formatWater(WATER_GLASS_ML, units)})
        </Button>
        <Button variant="outlined" onClick={() => setDialog('amount')}>
          Other amount
        </Button>
        <Button startIcon={<UndoIcon />} disabled={!lastEntry || removing.isLoading} onClick={() => void undo()} aria-label={lastEntry ? `Undo the last add (${formatWater(lastEntry.amount_ml, units)})` : 'Undo the last add'}>
          Undo
        </Button>
      </Box>
      {dialog === 'amount' && <WaterAmountDialog units={units} onClose={() => setDialog(null)} onAdd={addMl} />}
      {dialog === 'goal' && <GoalDialog units={units} goal={data?.goal_ml ?? null} onClose={() => setDialog(null)} />}
    </Card>
  );
}

/** A typed amount → ml, or what is wrong with it in the user's words. */
function GoalDialog({ units, goal, onClose }: { units: Units; goal: number | null; onClose: () => void }) {
  const [value, setValue] = useState(() => String(waterValue(goal ?? SUGGESTED_WATER_GOAL_ML, units)));
  const [error, setError] = useState<string | null>(null);
  const [update, { isLoading, error: failed }] = useUpdateUserSettingsMutation();
  const saveGoal = async (ml: number | null) => {
    const res = await update({ daily_water_goal_ml: ml });
    if (!('error' in res)) onClose();
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    const a = amountMl(value, units, 250, 10_000);
    if (a.error !== null) return setError(a.error.replace('Enter an amount', 'Enter a goal'));
    void saveGoal(Math.round(a.ml / 10) * 10);
  };
  const server = failed ? (fieldError(failed, 'daily_water_goal_ml') ?? errorText(failed, 'Failed to save the water goal')) : null;
  return (
    <FormDialog open title="Daily water goal" busy={isLoading} failed={server} onClose={onClose} onSubmit={save}>
      <Typography color="text.secondary" variant="body2">
        {formatWater(SUGGESTED_WATER_GOAL_ML, units)} a day is a common suggestion for adults; food and other drinks count too. Set what suits you.
      </Typography>
      <TextField autoFocus label={`Goal (${unitOf(units)} a day)`} inputMode="decimal" value={value} onChange={(e) => (setValue(e.target.value), setError(null))} error={!!error} helperText={error ?? ' '} />
      {goal !== null && (
        <Button onClick={() => void saveGoal(null)} sx={{ alignSelf: 'flex-start' }}>
          Remove my goal
        </Button>
      )}
    </FormDialog>
  );
}
