/**
 * Imported first by main.tsx, so it runs before the rest of the app's code is evaluated: with a token,
 * the profile, the settings (the time zone of "today") and the day the page shows are requested at
 * once, alongside the route's code, instead of one after the other (lib/early-requests.ts).
 */
import { sendEarly } from '../lib/early-requests';
import { paths } from '../lib/paths';
import { todayIn } from '../lib/today';
import { loadStoredToken } from '../lib/token';

/**
 * Pages that stay in the public layout when signed in: they show who is signed in (the profile) and read nothing
 * from the settings. (/login and /register send a signed-in user on to the dashboard, which does; the articles
 * show the signed-in layout, which does too.)
 */
const PUBLIC_PAGES: ReadonlySet<string> = new Set([paths.home, paths.requestPasswordReset, paths.resetPassword]);

const token = loadStoredToken();
if (token) {
  const { pathname, search } = window.location;
  const wanted = PUBLIC_PAGES.has(pathname) ? ['/auth/me'] : ['/auth/me', '/user-settings'];
  // The pages start with the browser's today; once the settings are in, their zone's (the same day
  // unless the user travels: then the page asks again).
  const date = new URLSearchParams(search).get('date');
  const day = pathname === paths.foodLog && date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : todayIn();
  if (pathname === paths.dashboard || pathname === paths.foodLog) wanted.push(`/food-logs/daily-summary/${day}`);
  sendEarly(wanted, token);
  warmIntl();
}

/** What the first Intl formatters of a page cost: the same calls the pages make first. Globals only: a worker runs its source. */
function intlWarmUp() {
  new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(0);
  new Intl.NumberFormat().format(1);
}

/**
 * Every signed-in page formats dates and numbers with Intl as it first renders, and the first Intl formatter
 * of a page load costs 18–57 ms of main thread (~100 ms on a phone: ICU loads its data), one native call that
 * cannot be split, so Lighthouse counted it as blocking time wherever it ran (issue 9). ICU keeps what it
 * loaded for the whole renderer process, so a short-lived worker pays it off the main thread: measured in
 * Chromium 156, the main thread's first formatter then took 0.2–0.9 ms instead of 16–51 ms, also after the
 * worker had ended. Where no worker can start (an old WebView, a stricter CSP), the main thread warms up in a
 * task of its own as before, while the route's code and the reads above are on the way.
 */
function warmIntl() {
  const onMainThread = () =>
    setTimeout(() => {
      try {
        intlWarmUp();
      } catch {
        // Nothing to warm: the page formats without Intl or reports its own error.
      }
    }, 0);
  try {
    const url = URL.createObjectURL(new Blob([`(${intlWarmUp.toString()})();postMessage(0)`], { type: 'text/javascript' }));
    const worker = new Worker(url);
    const done = () => {
      worker.terminate();
      URL.revokeObjectURL(url);
    };
    worker.onmessage = done;
    worker.onerror = () => {
      done();
      onMainThread();
    };
  } catch {
    onMainThread();
  }
}
