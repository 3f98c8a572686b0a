import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { format } from 'date-fns';
import Alert from '@mui/material/Alert';
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
import type { DailySummary } from '@app/contracts';
import { MEAL_TYPES } from '@app/contracts/constants';
import { paths } from '../../lib/paths';
import { errorDetail } from '../../lib/errors';
import { useGetDashboardDayQuery } from './api';

const CalorieRing = lazy(() => import('./calorie-ring'));

const MEAL_LABELS = { breakfast: 'Breakfast', lunch: 'Lunch', dinner: 'Dinner', snack: 'Snacks' } as const;
const MACROS = [
  ['protein', 'Protein'],
  ['carbs', 'Carbs'],
  ['fat', 'Fat'],
  ['fiber', 'Fiber'],
] as const;

/** /dashboard: today against the goals, the meals so far, and where to go next. */
export function Component() {
  const today = format(new Date(), 'yyyy-MM-dd');
  const { data, error, refetch } = useGetDashboardDayQuery(today);
  return (
    <Box>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.25rem' }, mb: 0.5 }}>
        Today
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {format(new Date(), 'EEEE, d MMMM')}
      </Typography>
      {error ? (
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>Retry</Button>}>
          {errorDetail(error, 'Failed to fetch meal summary').msg}
        </Alert>
      ) : !data ? (
        <DashboardSkeleton />
      ) : (
        <DashboardBody day={data} />
      )}
    </Box>
  );
}

function DashboardBody({ day }: { day: DailySummary }) {
  const t = day.daily_totals;
  const g = day.goals;
  const noGoals = !(g.calories > 0);
  const nothingLogged = MEAL_TYPES.every((m) => day.meals[m].foods.length === 0);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {(noGoals || nothingLogged) && (
        <Card sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'action.hover', borderStyle: 'dashed' }} component="section" aria-label="Getting started">
          <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
            {noGoals ? 'Welcome! Two steps to get going' : 'Nothing logged yet today'}
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
          <Suspense fallback={<Skeleton variant="circular" width={200} height={200} sx={{ mx: 'auto' }} />}>
            <CalorieRing eaten={t.calories} goal={g.calories} />
          </Suspense>
          <Typography align="center" sx={{ mt: 1, fontWeight: 600 }} color={g.calories > 0 && t.calories > g.calories ? 'error' : 'text.primary'} data-testid="dash-remaining">
            {g.calories > 0
              ? t.calories > g.calories
                ? `${Math.round(t.calories - g.calories)} kcal over your goal`
                : `${Math.round(g.calories - t.calories)} kcal left`
              : 'No calorie goal set'}
          </Typography>
        </Card>

        <Card sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="dash-macros">
          <Typography id="dash-macros" variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
            Macros
          </Typography>
          <Box sx={{ display: 'grid', gap: 2.5 }}>
            {MACROS.map(([k, label]) => (
              <Box key={k}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
                  <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
                  <Typography color="text.secondary" data-testid={`dash-${k}`}>
                    {Math.round(t[k])} {g[k] > 0 ? `/ ${Math.round(g[k])} g` : 'g'}
                  </Typography>
                </Box>
                <LinearProgress
                  variant="determinate"
                  value={g[k] > 0 ? Math.min(100, (t[k] / g[k]) * 100) : 0}
                  color={g[k] > 0 && t[k] > g[k] ? 'warning' : 'primary'}
                  aria-label={`${label} against goal`}
                  sx={{ height: 10, borderRadius: 5 }}
                />
              </Box>
            ))}
          </Box>
        </Card>
      </Box>

      <Card sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="dash-meals">
        <Typography id="dash-meals" variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
          Meals
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1.5 }}>
          {MEAL_TYPES.map((m) => {
            const meal = day.meals[m];
            return (
              <Box key={m} sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }} data-testid={`dash-meal-${m}`}>
                <Typography sx={{ fontWeight: 600 }}>{MEAL_LABELS[m]}</Typography>
                <Typography variant="h3" component="p" sx={{ fontSize: '1.4rem', my: 0.5 }}>
                  {Math.round(meal.totals.calories)} <Typography component="span" color="text.secondary">kcal</Typography>
                </Typography>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {meal.foods.length === 0 ? 'Nothing yet' : meal.foods.map((f) => f.food_name).join(', ')}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </Card>

      <Box component="nav" aria-label="Quick links" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, gap: 2 }}>
        <QuickLink to={paths.foodLog} icon={<AddIcon />} title="Log food" text="Search, scan or type what you ate" />
        <QuickLink to={paths.mealPlan} icon={<RestaurantMenuIcon />} title="Meal plan" text="Plans that hit your numbers" />
        <QuickLink to={paths.settings} icon={<SettingsIcon />} title="Settings" text="Goals, diet and allergies" />
      </Box>
    </Box>
  );
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
