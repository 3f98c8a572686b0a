/**
 * Spec §8, screen by screen: with the server failing (500 with its own internal text) or unreachable (the
 * request aborted), each screen shows the catalogue's message with its fallback explanation, never the
 * server's text; an analysis answer of the wrong shape says 'Invalid recipe data received'.
 * The failures are made with Playwright's page.route: the real server answers everything else.
 */
import { describe, expect, test } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { DESKTOP, newContext, openSignedIn, registerVerifiedUser, useProduct, type Server, type TestUser } from './harness';

let server: Server;
let browser: Browser;
let user: TestUser;
useProduct<TestUser>(
  (s, b, u) => {
    server = s;
    browser = b;
    user = u;
  },
  (s) => registerVerifiedUser(s),
);

const SERVER_TEXT = 'pg pool exhausted at worker 3';
const failures = {
  500: (route: Route) => route.fulfill({ status: 500, json: { detail: { msg: SERVER_TEXT, type: 'internal_error', errors: 'stack: at query()' } } }),
  unreachable: (route: Route) => route.abort('connectionrefused'),
} as const;

interface Row {
  screen: string;
  path: string;
  /** API paths (glob after /api/v1) that fail. */
  calls: string[];
  method?: string;
  /** What to do on the page to make the call, after it opened. */
  act?: (page: Page) => Promise<void>;
  text: string;
}

const COULD_NOT_CONNECT = 'Could not connect to the server';
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
  { screen: 'insights', path: '/insights', calls: ['/insights/**', '/dashboard/historical-stats/**'], text: `Failed to fetch insights: ${COULD_NOT_CONNECT}` },
  { screen: 'subscription status', path: '/subscription', calls: ['/subscriptions/active'], text: `Failed to fetch subscription status: ${COULD_NOT_CONNECT}` },
  { screen: 'my recipes', path: '/my-recipes', calls: ['/food-logs/recipes'], text: `Failed to fetch recipes: ${COULD_NOT_CONNECT}` },
  { screen: 'a recipe', path: '/recipe/1', calls: ['/food-logs/recipe/1'], text: `Failed to fetch recipe details: ${COULD_NOT_CONNECT}` },
  {
    screen: 'recipe analysis', path: '/recipes', calls: ['/recipes/analyze'], method: 'POST',
    act: async (page) => {
      await page.getByLabel('Recipe web address or ingredient lines').fill('2 eggs\n1 cup milk');
      await page.getByRole('button', { name: 'Analyze' }).click();
    },
    text: `Failed to analyze recipe: ${COULD_NOT_CONNECT}`,
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
    for (const [failure, fail] of Object.entries(failures)) {
      test(`${row.screen} × ${failure} → '${row.text}'`, async () => {
        const ctx = await newContext(browser, DESKTOP);
        const page = await ctx.newPage();
        if (!row.act) await failCalls(page, row, fail);
        await openSignedIn(page, server, user.token, row.path);
        if (row.act) {
          await page.getByRole('heading', { level: 1 }).waitFor();
          await failCalls(page, row, fail);
          await row.act(page);
        }
        await page.getByText(row.text, { exact: true }).first().waitFor({ timeout: 20_000 });
        expect(await page.getByText(SERVER_TEXT).count()).toBe(0);
        await ctx.close();
      });
    }
  }

  test("an analysis answer of the wrong shape (200 {\"foo\":1}) → 'Invalid recipe data received'", async () => {
    const ctx = await newContext(browser, DESKTOP);
    const page = await ctx.newPage();
    await page.route('**/api/v1/recipes/analyze', (route) => route.fulfill({ status: 200, json: { foo: 1 } }));
    await openSignedIn(page, server, user.token, '/recipes');
    await page.getByLabel('Recipe web address or ingredient lines').fill('2 eggs');
    await page.getByRole('button', { name: 'Analyze' }).click();
    await page.getByText('Invalid recipe data received', { exact: true }).waitFor({ timeout: 20_000 });
    await ctx.close();
  });
});
