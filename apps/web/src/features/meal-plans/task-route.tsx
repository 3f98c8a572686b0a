import { useEffect } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { paths } from '../../lib/paths';
import { notify } from '../../components/feedback/notify';
import { MEAL_LABELS, shortDate, whole } from './components/format';
import { Page } from './components/page';
import { errorText } from '../../lib/errors';
import { useCancelMealPlanTaskMutation } from './api';
import { usePlanGeneration } from './hooks/use-plan-generation';
import { finishToast } from './logic/multi-day-poll';
import { daysDone, dayTotals, expectedDayCount, mealFoods, mealsOf } from './logic/plan-days';
import type { PlanDay } from './types';

/** What the view shows after a usable but imperfect generation (partial data, placeholders). */
export interface GenerationNotice {
  message: string | null;
  placeholderDayNumbers: number[];
}

const PHASE_TEXT = {
  polling: 'Building your plan day by day…',
  'fetching-days': 'Almost there — loading the finished days…',
  recovering: 'Checking the finished plan…',
  done: 'Your plan is ready.',
  failed: 'Generation stopped.',
} as const;

function DaySummaryCard({ day }: { day: PlanDay }) {
  const t = dayTotals(day);
  return (
    <Card>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <CheckCircleIcon color="success" fontSize="small" aria-hidden />
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650, flex: 1 }}>
            Day {day.day_number}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {shortDate(day.date)}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {whole(t.calories)} kcal · P {whole(t.protein)} g · C {whole(t.carbs)} g · F {whole(t.fat)} g
        </Typography>
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {mealsOf(day).map(([meal, slot]) => (
            <Typography component="li" variant="body2" key={meal}>
              <strong>{MEAL_LABELS[meal]}:</strong> {mealFoods(slot).map((f) => f.name).join(', ') || '—'}
            </Typography>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/** /meal-plans/task/{taskId}: live progress of a plan being generated, then on to the plan. */
export function Component() {
  const { taskId = '' } = useParams();
  const navigate = useNavigate();
  const { state, retry } = usePlanGeneration(taskId);
  const [cancel, cancelling] = useCancelMealPlanTaskMutation();
  const plan = state.plan;
  const total = plan ? expectedDayCount(plan) : 0;
  const done = plan ? Math.min(daysDone(plan), total) : 0;
  const cancelled = plan?.status === 'cancelled';

  useEffect(() => {
    if (state.phase !== 'done' || !plan) return;
    const toast = finishToast(state);
    notify[toast.severity](toast.text);
    const notice: GenerationNotice = { message: state.message, placeholderDayNumbers: state.placeholderDayNumbers };
    navigate(paths.mealPlanView(plan.id), { replace: true, state: { notice } });
  }, [state.phase, state.message, state.placeholderDayNumbers, plan, navigate]);

  return (
    <Page title={plan ? plan.name : 'Generating your meal plan'} subtitle={PHASE_TEXT[state.phase]}>
      {state.phase === 'failed' ? (
        <Alert
          severity={cancelled ? 'info' : 'error'}
          action={
            <Box sx={{ display: 'flex', gap: 1 }}>
              {cancelled ? null : (
                <Button color="inherit" onClick={retry}>
                  Check again
                </Button>
              )}
              <Button color="inherit" component={RouterLink} to={paths.mealPlan}>
                All plans
              </Button>
            </Box>
          }
        >
          <AlertTitle>{cancelled ? 'Plan cancelled' : 'We could not finish this plan'}</AlertTitle>
          {state.message}
        </Alert>
      ) : (
        <Card>
          <CardContent sx={{ display: 'grid', gap: 1.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
              <Typography variant="h5" component="p" aria-live="polite" sx={{ flex: 1 }}>
                {plan ? `${done} of ${total} days ready` : 'Starting…'}
              </Typography>
              {state.consecutiveErrors > 0 ? (
                <Typography variant="body2" color="warning.main">
                  Connection hiccup — retrying…
                </Typography>
              ) : null}
            </Box>
            <LinearProgress
              variant={plan && total > 0 ? 'determinate' : 'indeterminate'}
              value={total > 0 ? (done / total) * 100 : 0}
              aria-label="Days generated"
              sx={{ height: 10, borderRadius: 5 }}
            />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
                You can leave this page — the plan keeps generating and appears in your plans.
              </Typography>
              {state.phase === 'polling' ? (
                <Button
                  color="inherit"
                  disabled={cancelling.isLoading || cancelling.isSuccess}
                  onClick={() => cancel(taskId).unwrap().catch((e) => notify.error(errorText(e, 'Could not cancel the plan')))}
                >
                  {cancelling.isLoading || cancelling.isSuccess ? 'Cancelling…' : 'Cancel generation'}
                </Button>
              ) : null}
            </Box>
          </CardContent>
        </Card>
      )}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        {state.days.map((d) => (
          <DaySummaryCard key={d.day_number} day={d} />
        ))}
        {state.phase !== 'failed' && done < total
          ? Array.from({ length: Math.max(0, total - state.days.length) }, (_, i) => (
              <Skeleton key={`s${i}`} variant="rounded" height={150} aria-hidden />
            ))
          : null}
      </Box>
    </Page>
  );
}
