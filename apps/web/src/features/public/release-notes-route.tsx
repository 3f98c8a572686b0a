import { Article } from './article';

// This product's real releases, from the repository's history (one entry per day that shipped).
const RELEASES = [
  {
    version: 'November 27, 2026',
    items: [
      'Health: log a workout or a night’s sleep by hand (not only from Apple Health), and delete them.',
      'Meal plans: turning off “Prefer my favorite foods” now means no favorites are preferred; favorites you typed in yourself are named as such, since plans use foods from search.',
      'Meal plans: one food of a kind per meal (no two pastas or two oils in one lunch), and a day that falls short of a goal says by how much.',
      'Every page’s title has the same size; the assessment shows your trend weight in your units; Analysis draws the same calorie chart as the dashboard, and its tables fit a phone.',
      'Numbers in the app’s sentences are written as on its screens (“2,600 kcal a day”).',
      'Import Recipe tells a free account that recipe analysis comes with Pro before a recipe is typed.',
      'Meal plans: a lunch or dinner is a plate of about four foods (protein, starch, vegetable, a fat), no longer seven or more.',
      'Analysis and the AI assessment name their period in words (“in the last 30 days”) and write weights in your units; a weight far from your last one says how far, in your units.',
      'My Recipes shows how to make your first recipe; the bottom bar fits the narrowest phones; when no food you logged lists vitamins or minerals, the nutrients card says so once and shows your targets.',
      'Manual entry and Create a food say what is missing (“Enter the calories”) and move to that field, where the add button did nothing until every field was right.',
      'Log in, password reset, e-mail verification, Build Recipe, Import Recipe and logging a recipe do the same: their buttons are never greyed out, and pressing one says what is missing (“Enter your password”, “Add at least one ingredient”) at the field.',
      'Scan a barcode’s Look up and Settings’ Add a reminder time answer too (“Enter the digits printed under the bars”, “Already on the list”, “Up to 6 times”).',
      'Build Recipe: an emptied amount no longer counts as 0 g silently; Enter in the ingredient search adds the first food found; each Remove button names its ingredient.',
    ],
  },
  {
    version: 'November 25, 2026',
    items: [
      'Reminders: a reminder to log at your times and meal ideas before each meal that fit what is left, with quiet hours, in the app and as push notifications (iOS and browsers).',
      'Plans: Plus, Pro and Premium, bought in the App Store or on the web (where enabled), verified by the server; an admin console for the people who run the service.',
      'Subscription: each plan shows its price as the store states it (monthly or yearly on the web); cancelling a web subscription stops renewal and keeps the plan until the paid period ends; App Store subscriptions are cancelled in the App Store settings; deleting your account cancels a web subscription.',
      'Restaurant Finder: places near you with menu items that fit what is left of your day.',
      'Dashboard history: calories against your goal over 7, 30 or 90 days, averages, streak and trend weight.',
      'Meal plans for strict diets: keto, low-carb, high-protein and vegetarian days land within 10 % (or 5 g) of each macro.',
      'Health: weight in two taps with a chart, workouts and sleep.',
      'Analysis of the last 7 to 90 days and an AI assessment whose findings cite their references; micronutrients per food and per day.',
      'Recipes: import from a page or pasted ingredients, build from the food search, save, and log a serving.',
      'Meal plans: log a meal or a whole day from the plan; portions read “3 slices (90 g)” on the screen and in the e-mail alike; e-mails go to your own verified address.',
      '“What to eat now” offers only options that fit what is left, skips meals already logged, and says plainly when nothing fits.',
      'Search puts the everyday form of a food first and falls back to partial matches instead of answering nothing.',
      'Your day follows your time zone, set from the browser when you sign up; goals are checked for plausibility; colours come with words.',
      'Keyboard: a skip link, arrow keys through search results and a visible focus ring.',
      'Security: every route private unless marked public, sign-in limits shared across servers, custom foods private to their owner.',
    ],
  },
  {
    version: 'November 21, 2026',
    items: [
      'First release: e-mail sign-up with 6-digit codes, password reset and social sign-in.',
      'Food log with typo-tolerant search over about 7,400 USDA foods, household servings, barcode scanning, custom foods and favorites.',
      'Dashboard with today’s totals against your goals; goal helper based on the Mifflin-St Jeor equation.',
      'Meal plans of 1 to 14 days optimised to your calories and macros, respecting diet types and allergies, with shopping lists and e-mail export; AI suggestions for the rest of today.',
      'Notification center; CSV export of your food log; self-service account deletion.',
      'Light and dark themes; the same app wrapped for iOS and Android.',
    ],
  },
];

export function Component() {
  return (
    <Article
      title="Release notes"
      intro="What changed in each release of Nutrition Tracker, newest first."
      sections={RELEASES.map((r) => ({
        heading: r.version,
        body: (
          <ul>
            {r.items.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        ),
      }))}
    />
  );
}
