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
  // Every signed-in page formats dates and numbers with Intl as it first renders, and the first Intl
  // formatter of a page load costs ~100 ms on a phone (ICU's data loads; a CPU profile at 4× throttle put
  // it inside the page's first render). Paid here, in a task of its own while the route's code and the
  // reads above are on the way, the render that paints the page no longer carries it.
  setTimeout(() => {
    try {
      new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(0);
      new Intl.NumberFormat().format(1);
    } catch {
      // Nothing to warm: the page formats without Intl or reports its own error.
    }
  }, 0);
}
