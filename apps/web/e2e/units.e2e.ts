/**
 * Issue 42 §2 in a real browser: a user chooses Imperial (US) in Settings (saved through PUT /user-settings) and then
 * sees their weight in lb on the dashboard and the Health page, water in fl oz, and logs chicken breast in ounces: the
 * entry stores grams (6 × 28.3495 g). With SHOTS_DIR set, screenshots at 390 and 1280 px, light and dark.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { apiCall, newContext, openSignedIn, poll, registerVerifiedUser, useProduct, DESKTOP, MOBILE, type Server, type TestUser } from './harness';

let server: Server;
let browser: Browser;
useProduct((s, b) => {
  server = s;
  browser = b;
});

const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: join(process.env.SHOTS_DIR, `${name}.png`) });
};

/** A user with a weigh-in of 80 kg (176.4 lb) and 473 ml (16 fl oz) of water today; returns the user's today. */
async function seeded(): Promise<{ u: TestUser; today: string }> {
  const u = await registerVerifiedUser(server);
  const today: string = (await apiCall(server, 'GET', '/health-metrics/water', undefined, u.token)).json.date;
  expect((await apiCall(server, 'POST', '/health-metrics/weight', { weight_kg: 80, date: today }, u.token)).status).toBe(201);
  expect((await apiCall(server, 'POST', '/health-metrics/water', { amount_ml: 473 }, u.token)).status).toBe(201);
  return { u, today };
}

/** The seeded chicken breast a search for it offers (a food measured in grams, with no ounce measure of its own). */
async function chickenBreast(token: string): Promise<{ id: string; name: string }> {
  const res = await apiCall(server, 'GET', '/foods/search?query=chicken%20breast&page_size=20', undefined, token);
  const food = res.json.foods.find((f: { name: string; servings: { id: string }[] }) => /chicken/i.test(f.name) && /breast/i.test(f.name) && f.servings.some((s) => s.id === 'oz'));
  expect(food, 'a chicken breast in the seeded foods').toBeTruthy();
  return food;
}

async function chooseImperial(page: Page) {
  const units = page.getByRole('radiogroup', { name: 'Units' });
  await units.scrollIntoViewIfNeeded();
  await units.getByRole('radio', { name: /^Imperial \(US\)/ }).click();
  // The toast says whether it was saved (an error toast fails here with its text).
  await page.getByText(/Units set to imperial \(lb, ft and in, fl oz, oz\)|Failed|could not/i).first().waitFor();
  expect(await page.getByText('Units set to imperial (lb, ft and in, fl oz, oz)').count()).toBe(1);
  expect(await units.getByRole('radio', { name: /^Imperial \(US\)/ }).isChecked()).toBe(true);
}

describe('units', () => {
  test('Imperial in Settings: lb on the dashboard and Health, fl oz for water, chicken breast logged in oz', async () => {
    const { u, today } = await seeded();
    // A new account starts as the API gives it (metric here; the onboarding may choose imperial for en-US browsers).
    expect((await apiCall(server, 'GET', '/user-settings', undefined, u.token)).json.units).toBe('metric');
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();

    await openSignedIn(page, server, u.token, '/dashboard');
    await page.getByTestId('dash-weight-text').getByText(/Trend 80 kg/).waitFor();

    await page.goto(`${server.baseUrl}/settings`);
    const metric = page.getByRole('radiogroup', { name: 'Units' }).getByRole('radio', { name: /^Metric/ });
    await metric.waitFor();
    expect(await metric.isChecked()).toBe(true);
    await chooseImperial(page);
    await poll(async () => (await apiCall(server, 'GET', '/user-settings', undefined, u.token)).json.units).toBe('imperial');

    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('dash-weight-text').getByText(/Trend 176\.4 lb/).waitFor();
    await page.getByTestId('water-quick-total').getByText(/^16\sfl oz/).waitFor();
    expect(await page.getByTestId('dash-weight-text').textContent()).not.toContain('kg');

    await page.goto(`${server.baseUrl}/health`);
    await page.getByRole('table', { name: 'Weights' }).getByText('176.4 lb').waitFor();
    await page.getByRole('button', { name: 'Log weight' }).first().click();
    await page.getByRole('dialog').getByLabel('Weight (lb)').waitFor();
    await page.keyboard.press('Escape');

    // Chicken breast by the ounce: "1 oz" × 6 in the serving picker; the entry stores 6 × 28.3495 g.
    const chicken = await chickenBreast(u.token);
    await page.goto(`${server.baseUrl}/food-log`);
    await page.getByLabel('Search foods').fill('chicken breast');
    const hit = page.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name: chicken.name }).first();
    // The search result's serving is weighed in ounces too ("1 cup, chopped or diced (4.9 oz) · 196 kcal").
    expect(await hit.textContent()).toMatch(/\(\d+(\.\d)? oz\) · /);
    await hit.click();
    const sheet = page.getByRole('dialog');
    await sheet.getByRole('combobox', { name: 'Serving' }).click();
    const options = await page.getByRole('listbox').getByRole('option').allTextContents();
    expect(options).toContain('1 oz');
    expect(options).toContain('Custom weight (oz)');
    expect(options).not.toContain('100 g');
    // The food's own measures are weighed in ounces too ("… (6.1 oz)"), never in grams.
    expect(options.filter((o) => / g\)$/.test(o))).toEqual([]);
    await page.getByRole('option', { name: '1 oz', exact: true }).click();
    await sheet.getByLabel('Number of servings').fill('6');
    await sheet.getByText(/^6 oz in total$/i).waitFor();
    await sheet.getByLabel('Meal').click();
    await page.getByRole('option', { name: 'Dinner' }).click();
    await sheet.getByRole('button', { name: 'Add to Dinner' }).click();
    await page.getByTestId('meal-dinner').getByText(/6 oz/).waitFor();
    const dinner = (await apiCall(server, 'GET', `/food-logs/meal-summary/${today}/dinner`, undefined, u.token)).json;
    const entry = dinner.foods.find((f: { food_id: string }) => f.food_id === chicken.id);
    expect(entry.serving_description).toBe('1 oz');
    expect(entry.number_of_servings).toBe(6);
    expect(entry.serving_grams * entry.number_of_servings).toBeCloseTo(6 * 28.3495, 2);

    // A custom weight typed in ounces goes out as grams: 4 oz → 113.4 g.
    await page.getByLabel('Search foods').fill('chicken breast');
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name: chicken.name }).first().click();
    await sheet.getByRole('combobox', { name: 'Serving' }).click();
    await page.getByRole('option', { name: 'Custom weight (oz)' }).click();
    await sheet.getByLabel('Ounces per serving').fill('4');
    await sheet.getByLabel('Meal').click();
    await page.getByRole('option', { name: 'Lunch' }).click();
    await sheet.getByRole('button', { name: 'Add to Lunch' }).click();
    await page.getByTestId('meal-lunch').getByText(/4 oz/).waitFor();
    const lunch = (await apiCall(server, 'GET', `/food-logs/meal-summary/${today}/lunch`, undefined, u.token)).json;
    expect(lunch.foods[0].serving_grams).toBeCloseTo(113.4, 1);

    // A saved recipe's ingredients too: 120 g of chicken reads 4.2 oz.
    const recipe = await apiCall(server, 'POST', '/recipes', { title: 'Chicken bowl', servings: 1, ingredients: [{ food_id: chicken.id, grams: 120 }] }, u.token);
    expect(recipe.status).toBe(201);
    await page.goto(`${server.baseUrl}/recipe/${recipe.json.id}`);
    await page.getByRole('listitem').filter({ hasText: /4\.2\soz/ }).first().waitFor();

    // And the recipe builder takes ounces: 5 oz of chicken is saved as 141.75 g.
    await page.goto(`${server.baseUrl}/build-recipe`);
    await page.getByLabel('Recipe name').fill('Chicken for one');
    await page.getByLabel('Servings').fill('1');
    await page.getByLabel('Add an ingredient').fill('chicken breast');
    await page.getByRole('button', { name: chicken.name }).first().click();
    await page.getByLabel(`Ounces of ${chicken.name}`).fill('5');
    await page.getByRole('button', { name: 'Save recipe' }).click();
    await page.waitForURL(/\/recipe\/\d+$/);
    await page.getByRole('listitem').filter({ hasText: /5\soz/ }).first().waitFor();
    const built = await apiCall(server, 'GET', `/food-logs/recipe/${page.url().split('/').pop()}`, undefined, u.token);
    expect(built.json.ingredients[0].grams).toBeCloseTo(141.75, 1);
    await ctx.close();
  });

  test.skipIf(!process.env.SHOTS_DIR)('screenshots: Settings units, the dashboard and the oz serving at 390 and 1280 px, light and dark', async () => {
    const { u } = await seeded();
    const chicken = await chickenBreast(u.token);
    await apiCall(server, 'PUT', '/user-settings', { units: 'imperial' }, u.token);
    for (const [viewport, size] of [[MOBILE, 390], [DESKTOP, 1280]] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const ctx = await newContext(browser, viewport, scheme);
        const page = await ctx.newPage();
        await openSignedIn(page, server, u.token, '/settings');
        const units = page.getByRole('radiogroup', { name: 'Units' });
        await units.scrollIntoViewIfNeeded();
        expect(await units.getByRole('radio', { name: /^Imperial/ }).isChecked()).toBe(true);
        await page.locator('#preferences').screenshot({ path: join(process.env.SHOTS_DIR!, `settings-units-${size}-${scheme}.png`) });
        await page.goto(`${server.baseUrl}/dashboard`);
        await page.getByTestId('dash-weight-text').getByText(/176\.4 lb/).waitFor();
        await page.getByTestId('water-quick-total').getByText(/fl oz/).waitFor();
        await page.getByTestId('dash-weight-text').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 160));
        await shot(page, `dashboard-weight-${size}-${scheme}`);
        // Below the sticky app bar, not under it.
        await page.getByTestId('water-quick').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 96));
        await shot(page, `dashboard-water-${size}-${scheme}`);
        await page.goto(`${server.baseUrl}/food-log`);
        await page.getByLabel('Search foods').fill('chicken breast');
        await page.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name: chicken.name }).first().click();
        const sheet = page.getByRole('dialog');
        await sheet.getByRole('combobox', { name: 'Serving' }).click();
        await page.getByRole('option', { name: '1 oz', exact: true }).waitFor();
        // The menu's opening transition (about 300 ms) is over before the picture.
        await page.waitForTimeout(500);
        await shot(page, `serving-options-${size}-${scheme}`);
        await page.getByRole('option', { name: '1 oz', exact: true }).click();
        await page.getByRole('option', { name: 'Custom weight (oz)' }).waitFor({ state: 'hidden' });
        await sheet.getByLabel('Number of servings').fill('6');
        await sheet.getByText(/^6 oz in total$/i).waitFor();
        await shot(page, `serving-6oz-${size}-${scheme}`);
        await ctx.close();
      }
    }
  }, 300_000);
});
