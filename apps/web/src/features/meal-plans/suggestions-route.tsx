import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { DAILY_PLAN_POLL } from '@app/contracts/constants';
import { useGetLatestDailyPlanQuery, useGetPlanSettingsQuery } from './api';
import { DailyPlanView } from './components/daily-plan-card';
import { Page } from './components/page';
import { WhatToEat } from './components/what-to-eat';
import { useDailyPlan } from './hooks/use-daily-plan';
import { nextMealType, timeIn, todayIn } from './logic/dates';

/** /suggestions: today's plan on request, and options for the next meal, each loggable in one tap. */
export function Component() {
  const settings = useGetPlanSettingsQuery();
  const tz = settings.data?.timezone;
  const latest = useGetLatestDailyPlanQuery();
  const daily = useDailyPlan(tz);
  const today = todayIn(tz);
  const plan = daily.state?.plan ?? latest.data ?? null;
  const progress = daily.state ? Math.min(100, (daily.state.attempts / DAILY_PLAN_POLL.maxAttempts) * 100) : 0;

  return (
    <Page title="AI suggestions" subtitle="A plan for the rest of today, or a quick idea for your next meal — fitted to what you have already logged.">
      <Card component="section" aria-labelledby="today-title">
        <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography id="today-title" variant="h5" component="h2" sx={{ flex: 1 }}>
              Today’s plan
            </Typography>
            <Button variant="contained" startIcon={<AutoAwesomeIcon />} onClick={daily.generate} disabled={daily.busy || settings.isLoading}>
              {daily.busy ? 'Planning…' : plan ? 'Plan again' : 'Plan my day'}
            </Button>
          </Box>
          {daily.busy ? (
            <Box aria-live="polite">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {daily.state?.phase === 'fallback' ? 'Taking longer than usual — loading your latest plan…' : 'Working out the rest of your day…'}
              </Typography>
              <LinearProgress variant="determinate" value={progress} aria-label="Planning progress" />
            </Box>
          ) : null}
          {daily.state?.phase === 'failed' ? <Alert severity="error">{daily.state.message}</Alert> : null}
          {latest.isLoading ? (
            <Skeleton variant="rounded" height={160} />
          ) : plan ? (
            <DailyPlanView plan={plan} date={today} />
          ) : !daily.busy ? (
            <Typography color="text.secondary">No plan for today yet. Ask for one and it will fill what is left of your goals.</Typography>
          ) : null}
        </CardContent>
      </Card>

      <Card component="section" aria-labelledby="now-title">
        <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
          <Typography id="now-title" variant="h5" component="h2">
            What to eat now
          </Typography>
          {settings.isLoading ? <Skeleton variant="rounded" height={56} /> : <WhatToEat defaultMeal={nextMealType(timeIn(tz))} date={today} />}
        </CardContent>
      </Card>
    </Page>
  );
}
