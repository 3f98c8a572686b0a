import Chip from '@mui/material/Chip';
import { Article } from './article';

const RELEASES = [
  {
    version: '1.0',
    date: 'March 2025',
    items: [
      'Food log with typo-tolerant search over 7,400 USDA foods, household servings and favourites.',
      'Dashboard with today’s totals against your goals and weekly and monthly trends.',
      'Multi-day meal plans optimised to your calorie and macro goals, respecting diet types and allergies, with shopping lists and e-mail export.',
      'AI suggestions for the rest of your day.',
      'Notification center with meal and logging reminders.',
      'Goal helper based on the Mifflin-St Jeor equation.',
      'CSV export of your food log and self-service account deletion.',
      'Light and dark themes, and apps for iOS and Android.',
    ],
  },
  {
    version: '0.9 beta',
    date: 'January 2025',
    items: ['Closed beta: e-mail sign-up with verification codes, password reset, food logging and daily goals.'],
  },
];

export function Component() {
  return (
    <Article
      title="Release notes"
      intro="What changed in each version."
      sections={RELEASES.map((r) => ({
        heading: `Version ${r.version}`,
        body: (
          <>
            <Chip label={r.date} size="small" sx={{ mb: 1 }} />
            <ul>
              {r.items.map((i) => (
                <li key={i}>{i}</li>
              ))}
            </ul>
          </>
        ),
      }))}
    />
  );
}
