import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import IconButton from '@mui/material/IconButton';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditIcon from '@mui/icons-material/EditOutlined';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCartOutlined';
import { PROCESSING_PLAN_POLL_MS, RECOVERY_REFETCH } from '@app/contracts/constants';
import { paths } from '../../lib/paths';
import { notify } from '../../components/feedback/notify';
import { errorText, isApiError } from '../../lib/errors';
import { useGetMealPlanQuery, useSwapPlanFoodMutation } from './api';
import { DayPanel } from './components/day-panel';
import { ExportDialog } from './components/export-dialog';
import { dateRange, shortDate } from './components/format';
import { Page } from './components/page';
import { RenameDialog } from './components/rename-dialog';
import { StatusChip } from './components/status-chip';
import { usePlanRecovery } from './hooks/use-plan-recovery';
import { useRegenerate } from './hooks/use-regenerate';
import { daysDone, expectedDayCount } from './logic/plan-days';
import { daysToShow } from './logic/placeholders';
import type { GenerationNotice } from './task-route';
import type { MealType, PlanFoodBase } from './types';

// The shopping list needs the food catalogue (categories): loaded only when the list is opened.
const ShoppingListDialog = lazy(() => import('./components/shopping-list-dialog').then((m) => ({ default: m.ShoppingListDialog })));

const BackButton = () => (
  <Button component={RouterLink} to={paths.mealPlan} startIcon={<ArrowBackIcon />}>
    All plans
  </Button>
);

/** /meal-plan/{id}: the plan's days as tabs, with goals, swaps, regeneration, shopping list and e-mail. */
export function Component() {
  const { id = '' } = useParams();
  const planId = Number(id);
  const valid = Number.isInteger(planId) && planId > 0;
  const notice = (useLocation().state as { notice?: GenerationNotice } | null)?.notice;

  // Spec §4/§9: a plan still processing is polled every 3 s (the interval also gives the initial wait).
  const [pollMs, setPollMs] = useState(0);
  const q = useGetMealPlanQuery(planId, { skip: !valid, pollingInterval: pollMs });
  const plan = q.data;
  useEffect(() => setPollMs(plan?.status === 'processing' ? PROCESSING_PLAN_POLL_MS : 0), [plan?.status]);

  // Days the progress page gave up on are shown as placeholders until the user refreshes or regenerates them.
  const [forced, setForced] = useState<number[]>(() => notice?.placeholderDayNumbers ?? []);
  // Opened directly with days missing or empty: up to 5 spaced refetches before placeholders (spec §4, §9).
  const recovery = usePlanRecovery(plan, q.refetch, !!notice);
  const days = useMemo(() => (plan ? daysToShow(plan, forced, { fill: !recovery.recovering }) : []), [plan, forced, recovery.recovering]);
  const [tab, setTab] = useState(0);
  const [shoppingOpen, setShoppingOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [renameOpen, setRenameOpen] = useState(false);
  const { regenerate, busy } = useRegenerate(planId);
  const [swap, swapping] = useSwapPlanFoodMutation();
  const current = days[Math.min(tab, Math.max(0, days.length - 1))];

  if (!valid || (q.error && isApiError(q.error) && q.error.status === 404)) {
    return (
      <Page title="Meal plan not found" actions={<BackButton />}>
        <Alert severity="warning">This plan does not exist or was deleted.</Alert>
      </Page>
    );
  }
  if (q.error && !plan) {
    return (
      <Page title="Meal plan" actions={<BackButton />}>
        <Alert severity="error" action={<Button color="inherit" onClick={() => q.refetch()}>Retry</Button>}>
          {errorText(q.error, 'Failed to load the meal plan')}
        </Alert>
      </Page>
    );
  }
  if (!plan) {
    return (
      <Page title={<Skeleton width={260} />}>
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={140} />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {[0, 1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" height={220} />)}
        </Box>
      </Page>
    );
  }

  async function onSwap(meal: MealType, planFoodId: string, alt: PlanFoodBase) {
    if (!current || !plan) return;
    try {
      await swap({ id: plan.id, swap: { day_number: current.day_number, meal_type: meal, plan_food_id: planFoodId, alternative_food_id: alt.food_id } }).unwrap();
      notify.success(`Swapped in ${alt.name}`);
    } catch (e) {
      notify.error(errorText(e, 'Failed to swap the food'));
    }
  }

  const processing = plan.status === 'processing';
  const partial = plan.status === 'failed' && days.length > 0;
  const failedMessage = plan.error_message || (plan.status === 'cancelled' ? 'Meal plan generation cancelled' : 'Meal plan generation failed');

  return (
    <Page
      title={plan.name}
      subtitle={
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <StatusChip status={plan.status} />
          {dateRange(plan.start_date, plan.days)}
        </Box>
      }
      actions={
        // Two groups that wrap as wholes: on a phone, navigation on one row and the two actions
        // side by side below it, instead of a lone "Shopping list" on its own line.
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <BackButton />
            <Tooltip title="Rename plan">
              <IconButton aria-label="Rename plan" onClick={() => setRenameOpen(true)}>
                <EditIcon />
              </IconButton>
            </Tooltip>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flex: { xs: '1 1 100%', sm: '0 0 auto' }, '& > *': { flex: { xs: 1, sm: '0 0 auto' } } }}>
            <Button variant="outlined" startIcon={<EmailIcon />} onClick={() => setExportOpen(true)} disabled={processing}>
              E-mail
            </Button>
            <Button variant="contained" startIcon={<ShoppingCartIcon />} onClick={() => setShoppingOpen(true)} disabled={days.length === 0}>
              Shopping list
            </Button>
          </Box>
        </>
      }
    >
      {processing ? (
        <Alert severity="info">
          Still generating: {daysDone(plan)} of {expectedDayCount(plan)} days ready. This page updates by itself.
        </Alert>
      ) : null}
      {partial ? <Alert severity="warning">{`${failedMessage} (Partial data recovered)`}</Alert> : null}
      {!partial && plan.status === 'failed' ? <Alert severity="error">{failedMessage}</Alert> : null}
      {!partial && plan.status === 'cancelled' ? <Alert severity="info">{failedMessage}</Alert> : null}
      {recovery.recovering ? (
        <Alert severity="info" role="status">
          Checking the finished plan for its days… (refetch {recovery.attempts + 1} of {RECOVERY_REFETCH.attempts})
        </Alert>
      ) : null}
      {notice?.message && plan.status === 'completed' ? <Alert severity="warning">{notice.message}</Alert> : null}
      {plan.goals_note ? <Alert severity="info">{plan.goals_note}</Alert> : null}

      {days.length > 0 && current ? (
        <>
          <Tabs
            value={Math.min(tab, days.length - 1)}
            onChange={(_e, v: number) => setTab(v)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Plan days"
            sx={{ borderBottom: 1, borderColor: 'divider' }}
          >
            {days.map((d) => (
              <Tab
                key={d.day_number}
                id={`day-tab-${d.day_number}`}
                aria-controls="day-panel"
                label={
                  <Box sx={{ lineHeight: 1.2 }}>
                    <div>Day {d.day_number}</div>
                    <Box component="small" sx={{ fontWeight: 400 }}>
                      {d.placeholder ? 'placeholder' : shortDate(d.date)}
                    </Box>
                  </Box>
                }
              />
            ))}
          </Tabs>
          <Box role="tabpanel" id="day-panel" aria-labelledby={`day-tab-${current.day_number}`}>
            <DayPanel
              day={current}
              goals={plan.goals}
              editable={plan.status === 'completed'}
              busy={busy}
              swapping={swapping.isLoading}
              onRegenerate={(t) => {
                setForced((f) => f.filter((n) => n !== t.day_number));
                regenerate(t);
              }}
              onSwap={onSwap}
              onRefresh={() => {
                setForced([]);
                q.refetch();
              }}
            />
          </Box>
        </>
      ) : processing || recovery.recovering ? (
        <Skeleton variant="rounded" height={240} />
      ) : null}

      {shoppingOpen ? (
        <Suspense fallback={null}>
          <ShoppingListDialog title={plan.name} days={days} open onClose={() => setShoppingOpen(false)} />
        </Suspense>
      ) : null}
      {renameOpen ? <RenameDialog planId={plan.id} name={plan.name} onClose={() => setRenameOpen(false)} /> : null}
      {exportOpen ? <ExportDialog planId={plan.id} open onClose={() => setExportOpen(false)} /> : null}
    </Page>
  );
}
