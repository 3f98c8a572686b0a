import { Article } from './article';

export function Component() {
  return (
    <Article
      title="Documentation"
      intro="Everything you need to get the most out of Nutrition Tracker."
      sections={[
        {
          heading: 'Getting started',
          body: (
            <ol>
              <li>Open <strong>Settings → Daily goals</strong> and use the goal helper, or type your own targets for calories, protein, carbs, fat and fiber.</li>
              <li>Add your diet types and allergies — meal plans will never include foods that break them.</li>
              <li>Check your time zone: your day starts and ends at midnight in that zone.</li>
            </ol>
          ),
        },
        {
          heading: 'Logging food',
          body: (
            <ul>
              <li>Go to <strong>Food Log</strong>, pick the meal (breakfast, lunch, dinner or snack) and search for a food. Search tolerates typos.</li>
              <li>Choose a serving (grams or household measures such as “1 cup”) and the number of servings.</li>
              <li>Tap the heart on a food you eat often to find it in one tap under Favorites.</li>
              <li>Scan a barcode, or add your own food when it is not in the database; your own foods are visible only to you.</li>
              <li>Edit or delete an entry from its menu in the log.</li>
            </ul>
          ),
        },
        { heading: 'Dashboard', body: <p>The dashboard shows today's calories and macros against your goals and what you logged for each meal. Small overshoots count as on target; protein and fiber are floors, never “over”. Below today, a 7, 30 or 90-day chart of calories against your goal with your averages and logging streak, and your trend weight with a “Log weight” button.</p> },
        {
          heading: 'Health and analysis',
          body: (
            <ul>
              <li><strong>Health</strong> logs your weight in two taps (with a chart and a table), workouts and sleep.</li>
              <li><strong>Analysis</strong> looks back 7, 14, 30 or 90 days: calories against your goal, your macro split, meal timing, weekday and weekend patterns and nutrients against the Dietary Reference Intakes.</li>
              <li><strong>AI Assessment</strong> ranks what would change your numbers most, each finding with the reference it rests on and, where it can, a food you already eat.</li>
            </ul>
          ),
        },
        {
          heading: 'Recipes',
          body: (
            <ul>
              <li><strong>Import Recipe</strong> reads a recipe page or pasted ingredients and works out its nutrition per serving.</li>
              <li><strong>Build Recipe</strong> puts one together from the food search with live totals; saved recipes are under <strong>My Recipes</strong>, and one tap logs a serving.</li>
            </ul>
          ),
        },
        {
          heading: 'Meal plans and AI suggestions',
          body: (
            <ul>
              <li><strong>Meal Planning</strong> builds a plan of 1 to 14 days that matches your goals as closely as possible. Generation runs in the background; you can leave the page and come back.</li>
              <li>Open a plan to see each day, swap foods for alternatives, log a meal or a whole day in one tap, e-mail it to your own address or view a shopping list.</li>
              <li><strong>AI Suggestions</strong> proposes a plan for the rest of today based on what you have already eaten, or options for your next meal that fit what is left.</li>
            </ul>
          ),
        },
        {
          heading: 'Reminders and restaurants',
          body: (
            <ul>
              <li><strong>Settings → Reminders</strong>: a reminder to log at the times you choose (only when that meal is not logged yet), and meal ideas before each meal that fit what is left of your day. Quiet hours silence both. Reminders arrive in the bell, and as push notifications on devices where you allow them; the browser asks for permission only when you turn a reminder on.</li>
              <li><strong>Restaurant Finder</strong> lists places near you by distance, with cuisine, price and whether they are open now, after you allow your location. Open a place to see menu items that fit what is left of your day and log one. Known chains show their own items; other places show dishes typical of their cuisine, and the page says which.</li>
              <li>Save home and work under the Restaurant Finder so meal ideas know where you are. Your positions are kept 30 days at most, visible only to you; “Delete my location history” removes them at once.</li>
            </ul>
          ),
        },
        {
          heading: 'Plans and subscriptions',
          body: (
            <ul>
              <li>Everything above is free. <strong>Plus</strong> adds a dish from a restaurant near you to meal reminders; <strong>Pro</strong> adds recipe analysis and search and the deeper pattern analysis (Pro insights); <strong>Premium</strong> includes Pro. <strong>Premium Features</strong> lists what each plan unlocks.</li>
              <li><strong>Subscription</strong> shows your plan, when it renews or ends, and each plan’s price. On the web you pay through Stripe, where the server has it enabled; in the iOS app the App Store shows the price. A locked feature says which plan unlocks it.</li>
              <li>To cancel a web subscription, choose <strong>Cancel subscription</strong>: Stripe does not charge you again and you keep the plan until the paid period ends. An App Store subscription can only be cancelled by you, in the App Store settings (Apple does not let apps cancel it); <strong>Manage in the App Store</strong> opens them.</li>
              <li>Deleting your account cancels a web subscription at Stripe. An App Store subscription keeps renewing until you cancel it in the App Store settings.</li>
            </ul>
          ),
        },
        { heading: 'Notifications', body: <p>The bell (Alerts on phones) lists your notifications; the badge shows how many are unread. Mark them as read or delete them; “Log This Food” on a meal idea opens the food log offering the whole idea — every food with its amount, in its meal — to log with one “Log all”.</p> },
        { heading: 'Your data', body: <p>Settings → Your data downloads your food log as a CSV file for the last 7, 30, 90 or 365 days. Deleting your account removes everything immediately.</p> },
        { heading: 'Troubleshooting', body: <p>“Failed to connect to server” means the app could not reach us: check your connection and try again. If a problem persists, use Feedback in the menu — the message includes details that help us reproduce it.</p> },
      ]}
    />
  );
}
