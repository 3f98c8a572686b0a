import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

const TEAM = [
  { name: 'Product & design', who: 'A small team that logs its own meals every day', text: 'We design for the 20-second log: search, pick, done. Every screen is tested on a 360-pixel phone first.' },
  { name: 'Nutrition science', who: 'Reviewed against USDA and peer-reviewed sources', text: 'Goals use Mifflin-St Jeor, the equation the Academy of Nutrition and Dietetics found most accurate for healthy adults.' },
  { name: 'Engineering', who: 'Web, iOS and Android from one code base', text: 'One TypeScript code base, an open food database and an exact optimiser for meal plans.' },
  { name: 'Support', who: 'Real people read every message', text: 'Use Feedback in the menu: your message reaches the people who build the app.' },
];

export function Component() {
  return (
    <>
      <Typography variant="h2" component="h1" gutterBottom>
        The team
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 720, mb: 4, fontSize: '1.1rem' }}>
        We build Nutrition Tracker because counting food should take seconds, not minutes — and because the numbers should be honest about where they come from.
      </Typography>
      <Grid container spacing={3}>
        {TEAM.map((t) => (
          <Grid key={t.name} size={{ xs: 12, sm: 6 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', mb: 2 }} aria-hidden>
                  {t.name.charAt(0)}
                </Avatar>
                <Typography variant="h5" component="h2">
                  {t.name}
                </Typography>
                <Typography variant="body2" color="text.secondary" gutterBottom>
                  {t.who}
                </Typography>
                <Typography>{t.text}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
