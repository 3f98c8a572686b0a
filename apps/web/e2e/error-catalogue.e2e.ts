/**
 * Spec §8, screen by screen: with the server failing (500 with its own internal text) or unreachable (the
 * request aborted), each screen shows the catalogue's message with its fallback explanation, never the
 * server's text; an analysis answer of the wrong shape says 'Invalid recipe data received'.
 * The failures are made with Playwright's page.route: the real server answers everything else. What the rows
 * act on (a logged entry, a favorite, a finished one-day meal plan, two foods) is made over HTTP before the table.
 */
import { describe, expect, test } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { apiCall, DESKTOP, newContext, openSignedIn, registerVerifiedUser, STRONG_PASSWORD, useProduct, type Server, type TestUser } from './harness';

interface Food {
  id: string;
  name: string;
}
interface Seed {
  user: TestUser;
  /** Opened in the food sheet: never a favorite (another banana is the one favorite, offered for removal in quick add). */
  food: Food;
  /** A finished one-day plan. */
  planId: number;
}

/** The day the seeded entry is on, opened with ?date= (three days back: a past day in every time zone). */
const SEED_DATE = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
const SEEDED_ENTRY = 'Seeded soup';

async function seed(s: Server): Promise<Seed> {
  const user = await registerVerifiedUser(s);
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await apiCall(s, method, path, body, user.token);
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json;
  };
  const plan = await call('POST', '/meal-plans/multi-day', { days: 1, name: 'Catalogue plan', plan_type: 'multi-day', request_data: {} });
  const foods = (await call('GET', '/foods/search?query=banana&page=1&page_size=5')).foods as Food[];
  if (foods.length < 2) throw new Error('the food search found fewer than two bananas');
  await call('POST', '/favorite-foods/existing', { food_id: foods[1]!.id });
  // A saved recipe: My Recipes shows its search box once there is one.
  await call('POST', '/recipes', { title: 'Banana bowl', servings: 1, ingredients: [{ food_id: foods[0]!.id, grams: 120 }] });
  await call('POST', '/food-logs', { food_name: SEEDED_ENTRY, calories: 210, protein: 8, carbs: 30, fat: 5, meal_type: 'lunch', date: SEED_DATE });
  const deadline = Date.now() + 150_000;
  for (;;) {
    const p = await call('GET', `/meal-plans/${plan.id}`);
    if (p.status === 'completed') break;
    if (p.status !== 'processing') throw new Error(`the seeded plan ended ${p.status}: ${p.error_message}`);
    if (Date.now() > deadline) throw new Error('the seeded plan did not complete');
    await new Promise((r) => setTimeout(r, 500));
  }
  return { user, food: foods[0]!, planId: plan.id };
}

let server: Server;
let browser: Browser;
let data: Seed;
useProduct<Seed>(
  (s, b, d) => {
    server = s;
    browser = b;
    data = d;
  },
  seed,
);

const SERVER_TEXT = 'pg pool exhausted at worker 3';
const failures = {
  500: (route: Route) => route.fulfill({ status: 500, json: { detail: { msg: SERVER_TEXT, type: 'internal_error', errors: 'stack: at query()' } } }),
  unreachable: (route: Route) => route.abort('connectionrefused'),
} as const;
type Failure = keyof typeof failures;

interface Row {
  screen: string;
  /** The page to open (a function when it names something seeded). */
  path: string | (() => string);
  /** A signed-out page (the auth forms). */
  signedOut?: boolean;
  /** API paths (glob after /api/v1) that fail. */
  calls: string[];
  method?: string;
  /** What to wait for before the calls fail and `act` runs; the page's heading unless given. */
  ready?: (page: Page) => Promise<void>;
  /** What to do on the page to make the call, after it opened. */
  act?: (page: Page) => Promise<void>;
  /** What the screen shows, per failure when the catalogue's explanation depends on it (auth). */
  text: string | ((failure: Failure) => string);
  /** What else must hold once the message shows (the page around it). */
  also?: (page: Page) => Promise<void>;
}

const COULD_NOT_CONNECT = 'Could not connect to the server';
const UNREACHABLE = 'Unable to reach the server. Please check your connection and try again.';
const UNEXPECTED = 'An unexpected error occurred. Please try again.';
const TABLE: Row[] = [
  { screen: 'settings (fetch)', path: '/settings', calls: ['/user-settings'], method: 'GET', text: `Failed to fetch user settings: ${COULD_NOT_CONNECT}` },
  {
    screen: 'settings (update)', path: '/settings', calls: ['/user-settings'], method: 'PUT',
    act: async (page) => {
      await page.getByRole('textbox', { name: /^Calories/ }).or(page.getByRole('spinbutton', { name: /^Calories/ })).first().fill('2222');
      await page.getByRole('button', { name: 'Save goals' }).click();
    },
    text: `Failed to update user settings: ${COULD_NOT_CONNECT}`,
  },
  {
    screen: 'insights', path: '/insights', calls: ['/insights/**', '/dashboard/historical-stats/**'], text: `Failed to fetch insights: ${COULD_NOT_CONNECT}`,
    // No loading placeholder left under the message (the calories card kept a skeleton that never filled), and a way to try again.
    also: async (page) => {
      await page.getByRole('button', { name: 'Retry' }).waitFor();
      expect(await page.locator('.MuiSkeleton-root').count()).toBe(0);
      expect(await page.getByRole('region', { name: 'Calories' }).count()).toBe(0);
    },
  },
  { screen: 'subscription status', path: '/subscription', calls: ['/subscriptions/active'], text: `Failed to fetch subscription status: ${COULD_NOT_CONNECT}` },
  { screen: 'my recipes', path: '/my-recipes', calls: ['/food-logs/recipes'], text: `Failed to fetch recipes: ${COULD_NOT_CONNECT}` },
  {
    screen: 'my recipes (search)', path: '/my-recipes', calls: ['/recipes/search'], method: 'GET',
    ready: (page) => page.getByLabel('Search recipes').waitFor(),
    act: (page) => page.getByLabel('Search recipes').fill('banana'),
    text: `Search failed: ${COULD_NOT_CONNECT}`,
  },
  {
    screen: 'a recipe', path: '/recipe/1', calls: ['/food-logs/recipe/1'], text: `Failed to fetch recipe details: ${COULD_NOT_CONNECT}`,
    // The page keeps its heading, a retry and a way back (it was a bare alert).
    also: async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Recipe' }).waitFor();
      await page.getByRole('button', { name: 'Retry' }).waitFor();
      await page.getByRole('link', { name: 'Back to My Recipes', exact: true }).waitFor();
    },
  },
  {
    screen: 'recipe analysis', path: '/recipes', calls: ['/recipes/analyze'], method: 'POST',
    act: async (page) => {
      await page.getByLabel('Recipe web address or ingredient lines').fill('2 eggs\n1 cup milk');
      await page.getByRole('button', { name: 'Analyze' }).click();
    },
    text: `Failed to analyze recipe: ${COULD_NOT_CONNECT}`,
  },
  { screen: 'assessment', path: '/assessment', calls: ['/recommendations/overall-analysis'], text: `Failed to fetch insights: ${COULD_NOT_CONNECT}` },
  { screen: 'pro insights', path: '/pro-insights', calls: ['/recommendations/pattern-analysis'], text: `Failed to fetch insights: ${COULD_NOT_CONNECT}` },

  // Foods and logs.
  {
    screen: 'food log (search)', path: '/food-log', calls: ['/foods/search'], method: 'GET',
    act: (page) => page.getByLabel('Search foods').fill('banana'),
    text: `Food search failed: ${COULD_NOT_CONNECT}`,
  },
  {
    screen: 'food log (barcode typed in)', path: '/food-log', calls: ['/barcode/lookup/*'], method: 'GET',
    act: async (page) => {
      await page.getByRole('button', { name: 'Scan barcode' }).click();
      await page.getByLabel('Barcode number').fill('4006381333931');
      await page.getByRole('button', { name: 'Look up' }).click();
    },
    text: `Barcode lookup failed: ${COULD_NOT_CONNECT}`,
  },
  { screen: 'food sheet', path: () => `/food-log?food_id=${encodeURIComponent(data.food.id)}`, calls: ['/foods/food/*'], method: 'GET', text: `Failed to get food details: ${COULD_NOT_CONNECT}` },
  {
    screen: 'manual entry (log)', path: () => `/food-log?date=${SEED_DATE}`, calls: ['/food-logs'], method: 'POST',
    act: async (page) => {
      await page.getByRole('button', { name: 'Manual entry' }).click();
      const dialog = page.getByRole('dialog', { name: 'Manual entry' });
      await dialog.getByLabel('Food name').fill('Typed stew');
      await dialog.getByLabel(/^Calories \(kcal\)/).fill('300');
      await dialog.getByRole('button', { name: /^Add to / }).click();
    },
    text: `Failed to create food log: ${COULD_NOT_CONNECT}`,
  },
  {
    screen: 'food log (edit an entry)', path: () => `/food-log?date=${SEED_DATE}`, calls: ['/food-logs/*'], method: 'PUT',
    act: async (page) => {
      await page.getByRole('button', { name: `Edit ${SEEDED_ENTRY}` }).first().click();
      await page.getByRole('dialog', { name: `Edit ${SEEDED_ENTRY}` }).getByRole('button', { name: 'Save' }).click();
    },
    text: `Failed to update food log: ${COULD_NOT_CONNECT}`,
  },
  {
    screen: 'food log (delete an entry)', path: () => `/food-log?date=${SEED_DATE}`, calls: ['/food-logs/*'], method: 'DELETE',
    act: (page) => page.getByRole('button', { name: `Delete ${SEEDED_ENTRY}` }).first().click(),
    text: `Failed to delete food log: ${COULD_NOT_CONNECT}`,
  },
  { screen: 'food log (the day)', path: '/food-log', calls: ['/food-logs/daily-summary/*'], method: 'GET', text: `Failed to fetch meal summary: ${COULD_NOT_CONNECT}` },
  { screen: 'dashboard', path: '/dashboard', calls: ['/food-logs/daily-summary/*'], method: 'GET', text: `Failed to fetch meal summary: ${COULD_NOT_CONNECT}` },
  {
    screen: 'meal plan (log the day)', path: () => `/meal-plan/${data.planId}`, calls: ['/food-logs/batch'], method: 'POST',
    act: (page) => page.getByRole('button', { name: /^Log this day/ }).click(),
    text: `Failed to create food log: ${COULD_NOT_CONNECT}`,
  },

  // Favorites.
  { screen: 'quick add (favorites)', path: '/food-log', calls: ['/favorite-foods/'], method: 'GET', text: `Failed to fetch favorite foods: ${COULD_NOT_CONNECT}` },
  {
    screen: 'food sheet (add to favorites)', path: () => `/food-log?food_id=${encodeURIComponent(data.food.id)}`, calls: ['/favorite-foods/existing'], method: 'POST',
    // The sheet is modal: the page's heading is hidden behind it.
    ready: (page) => page.getByRole('button', { name: 'Add to favorites' }).waitFor(),
    act: (page) => page.getByRole('button', { name: 'Add to favorites' }).click(),
    text: `Failed to add favorite food by ID: ${COULD_NOT_CONNECT}`,
  },
  {
    screen: 'manual entry (also a favorite)', path: () => `/food-log?date=${SEED_DATE}`, calls: ['/favorite-foods/manual'], method: 'POST',
    act: async (page) => {
      await page.getByRole('button', { name: 'Manual entry' }).click();
      const dialog = page.getByRole('dialog', { name: 'Manual entry' });
      await dialog.getByLabel('Food name').fill('Typed stew');
      await dialog.getByLabel(/^Calories \(kcal\)/).fill('300');
      await dialog.getByLabel('Also save to favorites').check();
      await dialog.getByRole('button', { name: /^Add to / }).click();
    },
    text: `Failed to add manual favorite food: ${COULD_NOT_CONNECT}`,
  },
  {
    screen: 'quick add (remove a favorite)', path: '/food-log', calls: ['/favorite-foods/*/'], method: 'DELETE',
    act: (page) => page.getByRole('button', { name: /^Remove .+ from favorites$/ }).first().click(),
    text: `Failed to remove favorite food: ${COULD_NOT_CONNECT}`,
  },

  // Auth (signed out): the catalogue's own explanations, one for an unreachable server.
  {
    screen: 'verify e-mail', path: '/verify-email?email=someone%40example.com', signedOut: true, calls: ['/auth/complete-registration'], method: 'POST',
    act: async (page) => {
      await page.getByLabel(/^Verification code/).fill('123456');
      await page.getByRole('button', { name: 'Verify e-mail' }).click();
    },
    text: (f) => `Verification failed. ${f === 'unreachable' ? UNREACHABLE : 'An unexpected error occurred during email verification. Please try again.'}`,
  },
  {
    screen: 'verify e-mail (resend)', path: '/verify-email?email=someone%40example.com', signedOut: true, calls: ['/auth/resend-code'], method: 'POST',
    act: (page) => page.getByRole('button', { name: 'Resend code' }).click(),
    text: (f) => `Code resend failed. ${f === 'unreachable' ? UNREACHABLE : 'An unexpected error occurred while sending the verification code. Please try again.'}`,
  },
  {
    screen: 'password reset request', path: '/request-password-reset', signedOut: true, calls: ['/auth/request-password-reset'], method: 'POST',
    act: async (page) => {
      await page.getByLabel(/^E-mail/).fill('someone@example.com');
      await page.getByRole('button', { name: 'Send reset code' }).click();
    },
    text: (f) => `Password reset request failed. ${f === 'unreachable' ? UNREACHABLE : UNEXPECTED}`,
  },
  {
    screen: 'password reset', path: '/reset-password?email=someone%40example.com', signedOut: true, calls: ['/auth/reset-password'], method: 'POST',
    act: async (page) => {
      await page.getByLabel(/^Reset code/).fill('123456');
      await page.getByLabel(/^New password/).fill(STRONG_PASSWORD);
      await page.getByRole('button', { name: 'Set new password' }).click();
    },
    text: (f) => `Password reset failed. ${f === 'unreachable' ? UNREACHABLE : UNEXPECTED}`,
  },

  // E-mail export and notifications.
  {
    screen: 'meal plan (e-mail it)', path: () => `/meal-plan/${data.planId}`, calls: ['/meal-plans/*/export'], method: 'POST',
    act: async (page) => {
      await page.getByRole('button', { name: 'E-mail', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'E-mail this plan' });
      await dialog.getByLabel('E-mail address').fill(data.user.email);
      await dialog.getByRole('button', { name: 'Send' }).click();
    },
    text: 'Failed to export meal plan to email. Please try again.',
  },
  {
    screen: 'notifications', path: '/dashboard', calls: ['/notifications'], method: 'GET',
    act: (page) => page.getByRole('button', { name: /^Notifications/ }).click(),
    text: 'Failed to load notifications',
  },

  // Last: were the failure not made, the account would be gone.
  {
    screen: 'settings (delete account)', path: '/settings', calls: ['/profile'], method: 'DELETE',
    act: async (page) => {
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel(/^Password/).first().fill(data.user.password);
      await dialog.getByRole('button', { name: 'Delete account' }).click();
    },
    text: `Failed to delete account: ${COULD_NOT_CONNECT}`,
  },
];

async function failCalls(page: Page, row: Row, fail: (route: Route) => Promise<void>) {
  for (const call of row.calls) {
    await page.route(`**/api/v1${call}`, (route) => (!row.method || route.request().method() === row.method ? fail(route) : route.continue()));
    await page.route(`**/api/v1${call}?*`, (route) => (!row.method || route.request().method() === row.method ? fail(route) : route.continue()));
  }
}

describe('spec §8 error catalogue on the screens', () => {
  for (const row of TABLE) {
    for (const [failure, fail] of Object.entries(failures) as [Failure, (route: Route) => Promise<void>][]) {
      const text = typeof row.text === 'function' ? row.text(failure) : row.text;
      test(`${row.screen} × ${failure} → '${text}'`, async () => {
        const ctx = await newContext(browser, DESKTOP);
        const page = await ctx.newPage();
        const path = typeof row.path === 'function' ? row.path() : row.path;
        if (!row.act) await failCalls(page, row, fail);
        // Signed in by the token in localStorage before the app's first script (one page load, not openSignedIn's two).
        if (!row.signedOut) await page.addInitScript((t) => localStorage.setItem('token', t), data.user.token);
        await page.goto(`${server.baseUrl}${path}`);
        if (row.act) {
          await (row.ready ? row.ready(page) : page.getByRole('heading', { level: 1 }).waitFor());
          await failCalls(page, row, fail);
          await row.act(page);
        }
        await page.getByText(text, { exact: true }).first().waitFor({ timeout: 20_000 });
        expect(await page.getByText(SERVER_TEXT).count()).toBe(0);
        await row.also?.(page);
        await ctx.close();
      });
    }
  }

  test("an analysis answer of the wrong shape (200 {\"foo\":1}) → 'Invalid recipe data received'", async () => {
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await page.route('**/api/v1/recipes/analyze', (route) => route.fulfill({ status: 200, json: { foo: 1 } }));
    await openSignedIn(page, server, data.user.token, '/recipes');
    await page.getByLabel('Recipe web address or ingredient lines').fill('2 eggs');
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByText('Invalid recipe data received', { exact: true }).waitFor({ timeout: 20_000 });
    await ctx.close();
  });
});
