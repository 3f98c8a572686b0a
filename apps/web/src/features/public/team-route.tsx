import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { TextLink } from '../../components/text-link';
import { paths } from '../../lib/paths';

// What the team builds and how each part is checked: no stock portraits or invented job titles.
const WORK = [
  {
    title: 'Food data',
    text: 'The built-in database is the USDA National Nutrient Database for Standard Reference (release 21): about 7,400 foods with the household measures USDA weighed. We convert it with our own script and ship it with the app. Deployments can import USDA FoodData Central and Open Food Facts exports for branded products and barcodes.',
  },
  {
    title: 'Meal planning',
    text: 'Plans come from an exact optimiser (mixed-integer programming with the HiGHS solver) that picks foods and portions for each day. Every day must land within 5 % of your calories and within 8 % (or 5 g) of your protein, carbs and fat; a day that cannot is labelled, never hidden.',
  },
  {
    title: 'Analysis',
    text: 'Each finding in Analysis and the AI Assessment comes from a written rule that compares your own logged numbers with a published reference — the Dietary Reference Intakes, the Dietary Guidelines for Americans, an AHA statement on meal timing — and names that reference.',
  },
  {
    title: 'How we check our work',
    text: 'Every rule above has tests that run against the real app and a real database. Benchmarks measure plan accuracy over hundreds of generated days, search quality over more than 150 everyday queries, and how fast the first page loads on a phone.',
  },
];

export function Component() {
  return (
    <>
      <Typography variant="h2" component="h1" gutterBottom>
        The team
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 720, mb: 4, fontSize: '1.1rem' }}>
        We build Nutrition Tracker because logging food should take seconds, and the numbers it shows should say where they come from. This is what we work on, and how we check it.
      </Typography>
      <Grid container spacing={3}>
        {WORK.map((w) => (
          <Grid key={w.title} size={{ xs: 12, sm: 6 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h5" component="h2" gutterBottom>
                  {w.title}
                </Typography>
                <Typography>{w.text}</Typography>
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Typography sx={{ mt: 4 }}>
        The details, with formulas and tolerances, are on <TextLink to={paths.science}>the science page</TextLink>. Signed in, Feedback in the menu writes to the people who build the app.
      </Typography>
    </>
  );
}
