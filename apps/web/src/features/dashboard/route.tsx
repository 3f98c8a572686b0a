import { useDeferredValue } from 'react';
import { useDeferredMount } from '../../lib/use-deferred-mount';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import SettingsIcon from '@mui/icons-material/Settings';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlined';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import { LazyAlert } from '../../components/lazy-alert';
import type { DailySummary } from '@app/contracts';
import { MEAL_TYPES } from '@app/contracts/constants';
import { paths } from '../../lib/paths';
import { catalogueText } from '../../lib/errors';
import { foodList, formatDay, formatGrams, formatGramsValue, formatKcal, formatNumber, MEAL_LABELS } from '../../lib/format';
import { GOAL_KINDS, goalStatus } from '../../lib/goal-status';
import { calorieTarget, exerciseLine, useFiberTarget } from '../../lib/day-targets';
import { TextLink } from '../../components/text-link';
import { WaterQuickAdd } from '../../components/health/water-quick-add';
import { useToday, useUserSettingsQuery } from '../../lib/user-settings';
import { useGetDashboardDayQuery, useGetDashboardStatsQuery } from './api';
import { CalorieRing } from './calorie-ring';
import { HistoryCard } from './history-card';
import { WeightCard } from './weight-card';
import { PageTitle } from '../../components/layout/page-title';
import { FinishSetupCard } from '../../components/finish-setup-card';

const NOTHING = {};

const MACROS = [
  ['protein', 'Protein'],
  ['carbs', 'Carbs'],
  ['fat', 'Fat'],
  ['fiber', 'Fiber'],
] as const;

/** /dashboard: today against the goals, the meals so far, and where to go next. */
export function Component() {
  // The settings time zone's today (issue 10 item 5), not the browser's.
  const today = useToday();
  const { data: fresh, error, refetch } = useGetDashboardDayQuery(today);
  // Drawing the whole body is the page's longest task on a phone: deferred, React renders it in
  // interruptible slices after the skeleton instead of in one block (Lighthouse TBT).
  const data = useDeferredValue(fresh);
  return (
    <Box>
      <PageTitle sx={{ mb: 0.5 }}>
        Today
      </PageTitle>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {formatDay(today, { weekday: 'long', month: 'long' })}
      </Typography>
      <FinishSetupCard />
      {error ? (
        <LazyAlert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>Retry</Button>}>
          {catalogueText(error, 'Failed to fetch meal summary')}
        </LazyAlert>
      ) : !data ? (
        <DashboardSkeleton />
      ) : (
        <DashboardBody day={data} today={today} />
      )}
    </Box>
  );
}

function DashboardBody({ day, today }: { day: DailySummary; today: string }) {
  // Requested here, with the top of the page, but read by the history card: its answer re-renders only
  // that card (an answer re-renders its readers synchronously, in one task), not this whole body.
  useGetDashboardStatsQuery(today, { selectFromResult: () => NOTHING });
  // The top first (on a phone the getting-started card is the page's largest element, Lighthouse's LCP):
  // the history and weight cards and the quick links, below the fold on a phone, follow in a deferred
  // render instead of lengthening the commit that paints the top.
  const lower = useDeferredMount();
  const t = day.daily_totals;
  // Calories against the day's budget (the goal plus the exercise the user adds back, said in one line under the
  // ring); fiber against the one target every screen uses (the goal, else the DRI's AI, labelled). Issue 42 §9, §11.
  const fiber = useFiberTarget(day.goals.fiber);
  const g = { ...day.goals, calories: calorieTarget(day), fiber: fiber.grams };
  const exercise = exerciseLine(day);
  // An account that has not finished the onboarding is asked to by the card above (it ends with goals): the
  // getting-started card then does not also send it to Settings for them.
  const { data: settings } = useUserSettingsQuery();
  const noGoals = !(day.goals.calories > 0) && settings?.onboarded !== false;
  const nothingLogged = MEAL_TYPES.every((m) => day.meals[m].foods.length === 0);
  const calorie = goalStatus(t.calories, g.calories, 'limit', 'kcal');
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {(noGoals || nothingLogged) && (
        // The page background, not action.hover: on the grey the outlined button's green text had 4.39:1 (Lighthouse).
        <Card sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'background.default', borderStyle: 'dashed' }} component="section" aria-label="Getting started">
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {noGoals && nothingLogged ? 'Welcome! Two steps to get going' : noGoals ? 'One step left: set your goals' : 'Nothing logged yet today'}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3, color: 'text.secondary', '& li': { mb: 0.5 } }}>
            {noGoals && <li>Set your daily calorie and macro goals in Settings, so we can show how you are doing.</li>}
            {nothingLogged && <li>Log your first food: search it, scan its barcode or type it in.</li>}
          </Box>
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
            {noGoals && (
              <Button component={RouterLink} to={paths.settings} variant="contained" startIcon={<SettingsIcon />}>
                Set goals
              </Button>
            )}
            {nothingLogged && (
              <Button component={RouterLink} to={paths.foodLog} variant={noGoals ? 'outlined' : 'contained'} startIcon={<AddIcon />}>
                Log your first food
              </Button>
            )}
          </Box>
        </Card>
      )}

      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        <Card sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="dash-cal">
          <Typography id="dash-cal" variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
            Calories
          </Typography>
          <CalorieRing eaten={t.calories} goal={g.calories} color={calorie.color} />
          <Typography align="center" sx={{ mt: 1, fontWeight: 600, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 0.5, color: calorie.state === 'none' || calorie.state === 'under' ? 'text.primary' : `${calorie.color}.main` }} data-testid="dash-remaining" data-state={calorie.state}>
            <StatusIcon state={calorie.state} />
            {g.calories > 0
              ? calorie.state === 'met'
                ? t.calories > g.calories
                  ? `On target · ${formatKcal(t.calories - g.calories)} over`
                  : `On target · ${formatKcal(g.calories - t.calories)} left`
                : calorie.text
              : 'No calorie goal set'}
          </Typography>
          {exercise && (
            <Typography variant="body2" align="center" color="text.secondary" sx={{ mt: 0.5 }} data-testid="dash-exercise">
              {exercise.text}
              {exercise.detail && <Box component="span" sx={{ display: 'block' }}>{`(${exercise.detail.toLowerCase()})`}</Box>}
              {exercise.settings && (
                <>
                  {' — '}
                  <TextLink to={paths.settings}>change in Settings</TextLink>
                </>
              )}
            </Typography>
          )}
        </Card>

        <Card sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="dash-macros">
          <Typography id="dash-macros" variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
            Macros
          </Typography>
          <Box sx={{ display: 'grid', gap: 2.5 }}>
            {MACROS.map(([k, label]) => {
              const status = goalStatus(t[k], g[k], GOAL_KINDS[k]);
              return (
                <Box key={k}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1, mb: 0.5 }}>
                    <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
                    <Typography color="text.secondary" data-testid={`dash-${k}`} sx={{ whiteSpace: 'nowrap' }}>
                      {formatGramsValue(t[k])}
                      {g[k] > 0 ? `\u00a0/\u00a0${formatNumber(Math.round(g[k]))}\u00a0g` : '\u00a0g'}
                    </Typography>
                  </Box>
                  <LinearProgress
                    variant="determinate"
                    value={status.percent}
                    color={status.color}
                    aria-label={`${label} against goal`}
                    aria-valuetext={status.state === 'none' ? `${formatGrams(t[k])}, no goal` : `${formatGramsValue(t[k])} of ${formatGrams(Math.round(g[k]))}, ${status.text}`}
                    // A neutral track: at 0 g the bar looks empty, not like a pale full bar.
                    sx={{ height: 10, borderRadius: 5, bgcolor: 'action.disabledBackground' }}
                  />
                  {status.state !== 'none' && (
                    <Typography variant="caption" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, color: status.state === 'under' ? 'text.secondary' : `${status.color}.main` }} data-testid={`dash-${k}-status`}>
                      <StatusIcon state={status.state} small />
                      {status.text}
                      {k === 'fiber' && fiber.kind === 'AI' && <Typography component="span" variant="caption" color="text.secondary">{` · target: ${fiber.label}`}</Typography>}
                    </Typography>
                  )}
                </Box>
              );
            })}
          </Box>
        </Card>
      </Box>

      <Card sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="dash-meals">
        <Typography id="dash-meals" variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
          Meals
        </Typography>
        {/* minmax(0, 1fr) and minWidth 0: a long food name is cut with an ellipsis instead of widening its
            column and pushing the last meals out of the card. */}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' }, gap: 1.5 }}>
          {MEAL_TYPES.map((m) => {
            const meal = day.meals[m];
            return (
              <Box key={m} sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover', minWidth: 0 }} data-testid={`dash-meal-${m}`}>
                <Typography sx={{ fontWeight: 600 }}>{MEAL_LABELS[m]}</Typography>
                <Typography variant="h3" component="p" sx={{ fontSize: '1.4rem', my: 0.5 }}>
                  {formatNumber(Math.round(meal.totals.calories))} <Typography component="span" color="text.secondary">kcal</Typography>
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap title={foodList(meal.foods)}>
                  {meal.foods.length === 0 ? 'Nothing yet' : foodList(meal.foods)}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </Card>

      <WaterQuickAdd date={today} today={today} />

      {lower ? (
        <>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: 3, alignItems: 'start' }}>
            <HistoryCard today={today} />
            <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
              <WeightCard today={today} />
            </Box>
          </Box>

          <Box component="nav" aria-label="Quick links" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
            <QuickLink to={paths.foodLog} icon={<AddIcon />} title="Log food" text="Search, scan or type what you ate" />
            <QuickLink to={paths.mealPlan} icon={<RestaurantMenuIcon />} title="Meal plan" text="Plans that hit your numbers" />
            <QuickLink to={paths.settings} icon={<SettingsIcon />} title="Settings" text="Goals, diet and allergies" />
          </Box>
        </>
      ) : (
        // The history card's place while it is being drawn (its own skeleton is as tall).
        <Skeleton variant="rounded" height={400} />
      )}
    </Box>
  );
}

/** The icon beside a status text, so colour is never the only signal. */
function StatusIcon({ state, small }: { state: string; small?: boolean }) {
  const fontSize = small ? 'inherit' : 'small';
  if (state === 'met') return <CheckCircleIcon fontSize={fontSize} aria-hidden />;
  if (state === 'over') return <WarningIcon fontSize={fontSize} aria-hidden />;
  return null;
}

function QuickLink({ to, icon, title, text }: { to: string; icon: React.ReactNode; title: string; text: string }) {
  return (
    <Card>
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', justifyContent: 'flex-start' }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
          {icon}
        </Box>
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <Box sx={{ display: 'grid', gap: 3 }} aria-busy="true" aria-label="Loading">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
        <Skeleton variant="rounded" height={300} />
        <Skeleton variant="rounded" height={300} />
      </Box>
      <Skeleton variant="rounded" height={140} />
    </Box>
  );
}
