/**
 * Imported first by main.tsx, so it runs before the rest of the app's code is evaluated: with a token,
 * the profile, the settings (the time zone of "today") and the day the page shows are requested at
 * once, alongside the route's code, instead of one after the other (lib/early-requests.ts).
 */
import { sendEarly } from '../lib/early-requests';
import { paths } from '../lib/paths';
import { todayIn } from '../lib/today';
import { loadStoredToken } from '../lib/token';

const token = loadStoredToken();
if (token) {
  const { pathname, search } = window.location;
  const wanted = ['/auth/me', '/user-settings'];
  // The pages start with the browser's today; once the settings are in, their zone's (the same day
  // unless the user travels: then the page asks again).
  const date = new URLSearchParams(search).get('date');
  const day = pathname === paths.foodLog && date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : todayIn();
  if (pathname === paths.dashboard || pathname === paths.foodLog) wanted.push(`/food-logs/daily-summary/${day}`);
  sendEarly(wanted, token);
}
