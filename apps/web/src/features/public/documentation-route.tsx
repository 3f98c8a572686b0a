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
              <li>Open <strong>Settings → Daily goals</strong> and use the goal helper, or type your own targets for calories, protein, carbs, fat and fibre.</li>
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
              <li>Star foods you eat often to find them in one tap under Favorites.</li>
              <li>Edit or delete an entry from its menu in the log.</li>
            </ul>
          ),
        },
        { heading: 'Dashboard', body: <p>The dashboard shows today's totals against your goals, and charts for the last week and month so you can see trends rather than single days.</p> },
        {
          heading: 'Meal plans and AI suggestions',
          body: (
            <ul>
              <li><strong>Meal Planning</strong> builds a plan of 1 to 7 days that matches your goals as closely as possible. Generation runs in the background; you can leave the page and come back.</li>
              <li>Open a plan to see each day, swap foods for alternatives, e-mail it to yourself or view a shopping list grouped by aisle.</li>
              <li><strong>AI Suggestions</strong> proposes a plan for the rest of today based on what you have already eaten.</li>
            </ul>
          ),
        },
        { heading: 'Notifications', body: <p>The bell (Alerts on phones) shows meal and logging reminders. “Log This Food” opens the food log with the suggested food already searched. Mark items as read or delete them; the badge shows how many are unread.</p> },
        { heading: 'Your data', body: <p>Settings → Your data downloads your food log as a CSV file for the last 7, 30, 90 or 365 days. Deleting your account removes everything immediately.</p> },
        { heading: 'Troubleshooting', body: <p>“Failed to connect to server” means the app could not reach us: check your connection and try again. If a problem persists, use Feedback in the menu — the message includes details that help us reproduce it.</p> },
      ]}
    />
  );
}
