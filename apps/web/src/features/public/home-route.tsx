import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonthOutlined';
import MonitorWeightIcon from '@mui/icons-material/MonitorWeightOutlined';
import { useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import { selectIsAuthenticated } from '../../lib/session';
import { HeroIllustration } from './hero-illustration';

// Only what the product does today (check the routes before adding a promise here).
const FEATURES = [
  { icon: SearchIcon, title: 'Log in seconds', text: 'Typo-tolerant search over 7,400 USDA foods with real household servings, barcode scanning, your own foods and recipes. A heart keeps your usual foods one tap away, and a reminder comes at the times you choose.' },
  { icon: InsightsIcon, title: 'See where you stand', text: 'Calories, protein, carbs, fat and fiber against your goals today, and an analysis of the last 7 to 90 days that cites the reference behind each finding.' },
  { icon: CalendarMonthIcon, title: 'Plans that hit your numbers', text: 'Meal plans of 1 to 14 days fitted to your calories and macros, respecting your diet and allergies, with a shopping list and one-tap logging.' },
  { icon: MonitorWeightIcon, title: 'Weight, workouts, sleep', text: 'Log your weight in two taps and see it on a chart, with workouts and sleep; the AI assessment reads your trend weight against what you ate.' },
];

export function Component() {
  const loggedIn = useAppSelector(selectIsAuthenticated);
  return (
    <Stack spacing={{ xs: 6, md: 10 }}>
      <Grid container spacing={4} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Typography variant="h1" sx={{ fontSize: { xs: '2.2rem', sm: '3rem' } }} gutterBottom>
            Eat well without the guesswork.
          </Typography>
          <Typography variant="h5" component="p" color="text.secondary" sx={{ fontWeight: 400, mb: 4, lineHeight: 1.5 }}>
            Log what you eat in seconds, see where you stand against your goals, and get meal plans that hit your numbers.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {loggedIn ? (
              <Button component={RouterLink} to={paths.dashboard} variant="contained" size="large">
                Open your dashboard
              </Button>
            ) : (
              <>
                <Button component={RouterLink} to={paths.register} variant="contained" size="large">
                  Create a free account
                </Button>
                <Button component={RouterLink} to={paths.login} variant="outlined" size="large">
                  I already have an account
                </Button>
              </>
            )}
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <HeroIllustration />
        </Grid>
      </Grid>

      <Box component="section" aria-labelledby="features-title">
        <Typography id="features-title" variant="h2" sx={{ mb: 3, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          Everything you need, nothing you don't
        </Typography>
        <Grid container spacing={3}>
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Grid key={title} size={{ xs: 12, sm: 6, md: 3 }}>
              <Card sx={{ height: '100%' }}>
                <CardContent>
                  <Box sx={{ width: 44, height: 44, borderRadius: 3, display: 'grid', placeItems: 'center', bgcolor: 'primary.main', color: 'primary.contrastText', mb: 2 }}>
                    <Icon />
                  </Box>
                  <Typography variant="h5" component="h3" gutterBottom>
                    {title}
                  </Typography>
                  <Typography color="text.secondary">{text}</Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </Box>

      <Card sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center', bgcolor: 'primary.main', color: 'primary.contrastText', border: 0 }}>
        <Typography variant="h3" component="h2" gutterBottom>
          Honest numbers, from public data
        </Typography>
        <Typography sx={{ maxWidth: 640, mx: 'auto', mb: 3, opacity: 0.92 }}>
          Nutrients come from the USDA food database (and Open Food Facts where a deployment imports it), goals from the Mifflin-St Jeor equation. We show our work.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
          {/* A white button in both themes, so its text is the light theme's dark green (dark mode's primary.dark, #388e3c, is 4.1:1 on white). */}
          {!loggedIn && (
            <Button component={RouterLink} to={paths.register} variant="contained" color="inherit" size="large" sx={{ color: '#1b5e20', bgcolor: '#fff' }}>
              Start tracking — it's free
            </Button>
          )}
          <Button component={RouterLink} to={paths.science} variant="outlined" color="inherit" size="large">
            How we compute it
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}
