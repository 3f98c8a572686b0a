/**
 * Issue 41: logging in few interactions. Each flow counts what a person does from the food log (clicks, fills and
 * key presses) and holds it to the budget: a typed sentence of three foods ≤ 3, yesterday's breakfast
 * again ≤ 2, a saved meal ≤ 2, a known food by search ≤ 3. With SHOTS_DIR set, screenshots at 390 and 1280 px,
 * light and dark, go there.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { apiCall, DESKTOP, MOBILE, newContext, openSignedIn, poll, registerVerifiedUser, useProduct, type Server, type TestUser } from './harness';

let server: Server;
let browser: Browser;
useProduct((s, b) => {
  server = s;
  browser = b;
});

const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const shift = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const TODAY = todayIn('UTC');
const YESTERDAY = shift(TODAY, -1);

/** What a person does, counted: every click, fill and key press goes through here. */
function counted() {
  let n = 0;
  return {
    get count() {
      return n;
    },
    click: (l: Locator) => (n++, l.click()),
    fill: (l: Locator, text: string) => (n++, l.fill(text)),
    press: (l: Locator, key: string) => (n++, l.press(key)),
  };
}

async function foodId(user: TestUser, query: string, name: RegExp): Promise<string> {
  const r = await apiCall(server, 'GET', `/foods/search?query=${encodeURIComponent(query)}&page=1&page_size=20`, undefined, user.token);
  const hit = (r.json.foods as { id: string; name: string }[]).find((f) => name.test(f.name));
  if (!hit) throw new Error(`no food ${name} in ${JSON.stringify(r.json.foods.map((f: { name: string }) => f.name))}`);
  return hit.id;
}

async function logFoods(user: TestUser, entries: object[]) {
  const r = await apiCall(server, 'POST', '/food-logs/batch', entries, user.token);
  expect(r.status, JSON.stringify(r.json)).toBe(201);
}

async function day(user: TestUser, date: string) {
  return (await apiCall(server, 'GET', `/food-logs/daily-summary/${date}`, undefined, user.token)).json as {
    meals: Record<string, { foods: { food_name: string; calories: number; serving_grams: number | null }[]; totals: { calories: number } }>;
  };
}

/** A page whose clock reads `hhmm` today (UTC, the zone of the seeded days), so the meal by time is known. */
async function pageAt(ctx: BrowserContext, hhmm: string): Promise<Page> {
  const page = await ctx.newPage();
  await page.clock.setFixedTime(new Date(`${TODAY}T${hhmm}:00Z`));
  return page;
}

/** Requests to an API path, to check the writes (one batch, an Idempotency-Key). */
function watch(page: Page, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === `/api/v1${path}`) seen.push(r);
  });
  return seen;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: join(process.env.SHOTS_DIR, `${name}.png`) });
}

/** Removes the Web Speech API (Chromium has webkitSpeechRecognition) or puts in a stub that hears `heard`. */
const NO_SPEECH = () => {
  delete (window as unknown as Record<string, unknown>).SpeechRecognition;
  delete (window as unknown as Record<string, unknown>).webkitSpeechRecognition;
};
const STUB_SPEECH = (heard: string) => {
  class StubRecognition {
    lang = '';
    interimResults = false;
    continuous = false;
    onresult: ((e: unknown) => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      setTimeout(() => {
        this.onresult?.({ resultIndex: 0, results: { length: 1, 0: { 0: { transcript: heard }, isFinal: true } } });
        this.onend?.();
      }, 50);
    }
    stop() {
      this.onend?.();
    }
    abort() {}
  }
  (window as unknown as Record<string, unknown>).SpeechRecognition = StubRecognition;
};

describe('log a meal in seconds (issue 41)', () => {
  test('a typed sentence of three foods: type, Enter, Log all (3 interactions); one batch with an Idempotency-Key; review edits', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser, DESKTOP);
    await ctx.addInitScript(NO_SPEECH);
    const page = await pageAt(ctx, '08:00');
    const batches = watch(page, '/food-logs/batch');
    await openSignedIn(page, server, user.token, '/food-log');
    await page.getByTestId('meal-breakfast').waitFor();
    // No SpeechRecognition in this browser: no microphone.
    expect(await page.getByRole('button', { name: 'Speak what you ate' }).count()).toBe(0);

    const act = counted();
    const box = page.getByLabel('Describe what you ate');
    await act.fill(box, '2 eggs and a slice of toast with butter');
    await act.press(box, 'Enter');
    const rows = page.getByTestId('parse-row');
    await poll(() => rows.count()).toBe(3);
    const names = await rows.evaluateAll((els) => els.map((e) => e.querySelector('p')?.textContent ?? ''));
    const eggsGrams = Number(await page.getByLabel(/^Grams of .*egg/i).first().inputValue());
    expect(eggsGrams, 'two eggs').toBeGreaterThanOrEqual(80);
    expect(eggsGrams).toBeLessThanOrEqual(120);
    const total = await page.getByTestId('parse-total').textContent();
    await shot(page, 'describe-review-desktop-light');
    await act.click(page.getByRole('button', { name: 'Log all' }));
    await page.getByText('Logged 3 foods to breakfast').waitFor();
    expect(act.count, 'type, review, Log all').toBeLessThanOrEqual(3);
    console.log(`typed sentence of three foods: ${act.count} interactions (${names.join(' | ')}; ${total})`);

    // One POST /food-logs/batch of the three foods by id and grams, with a UUID Idempotency-Key.
    expect(batches).toHaveLength(1);
    const body = batches[0]!.postDataJSON() as { food_id: string; serving: { grams: number }; meal_type: string; date: string }[];
    expect(body).toHaveLength(3);
    expect(body.every((e) => e.meal_type === 'breakfast' && e.date === TODAY && e.serving.grams > 0)).toBe(true);
    expect(batches[0]!.headers()['idempotency-key']).toMatch(UUID);
    const breakfast = page.getByTestId('meal-breakfast');
    await poll(async () => (await breakfast.getByRole('listitem').count())).toBe(3);
    expect((await day(user, TODAY)).meals.breakfast!.foods).toHaveLength(3);
    // The box is empty again for the next meal.
    expect(await box.inputValue()).toBe('');

    // Review: a food swapped for an alternative, an amount edited, a food removed, a word that is no food listed as
    // not found (never invented).
    await box.fill('2 eggs and a banana and blorfzaq');
    await box.press('Enter');
    await poll(() => rows.count()).toBe(2);
    const eggs = rows.filter({ hasText: /egg/i });
    const swap = eggs.getByRole('button', { name: /^Swap / });
    expect(await swap.isEnabled(), 'eggs have alternatives').toBe(true);
    const eggName = await eggs.locator('p').first().textContent();
    await swap.click();
    const alternative = (await page.getByRole('menuitem').first().textContent())!;
    await page.getByRole('menuitem').first().click();
    const swapped = rows.filter({ hasText: alternative });
    await swapped.getByTestId('parse-row-kcal').filter({ hasText: /kcal$/ }).waitFor();
    expect(alternative).not.toBe(eggName);
    // Swapped back: the first food is now the alternative.
    await swapped.getByRole('button', { name: /^Swap / }).click();
    await page.getByRole('menuitem', { name: eggName! }).click();
    await rows.filter({ hasText: eggName! }).getByTestId('parse-row-kcal').filter({ hasText: /kcal$/ }).waitFor();
    await rows.filter({ hasText: eggName! }).getByRole('button', { name: /^Remove / }).click();
    await poll(() => rows.count()).toBe(1);
    await page.getByTestId('parse-unmatched').getByText('blorfzaq').waitFor();
    const before = await rows.first().getByTestId('parse-row-kcal').textContent();
    await page.getByLabel(/^Grams of .*banana/i).fill('236');
    await poll(() => rows.first().getByTestId('parse-row-kcal').textContent()).not.toBe(before);
    const kcal236 = Number((await rows.first().getByTestId('parse-row-kcal').textContent())!.replace(/\D/g, ''));
    expect(kcal236).toBeGreaterThan(150); // two bananas' weight: ~210 kcal
    expect(kcal236).toBeLessThan(260);
    await page.getByLabel(/^Grams of .*banana/i).fill('0');
    expect(await page.getByRole('button', { name: 'Log all' }).isDisabled()).toBe(true);
    await rows.first().getByRole('button', { name: /^Remove / }).click();
    await poll(() => rows.count()).toBe(0);
    await page.getByText('No foods found in that description.').waitFor();
    // "Not found" words open the search with that word.
    await page.getByRole('button', { name: 'Look up “blorfzaq”' }).click();
    expect(await page.getByLabel('Search foods').inputValue()).toBe('blorfzaq');
    // An empty box says what to type instead of sending nothing.
    await page.getByRole('region', { name: 'Foods found' }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Find foods' }).click();
    await page.getByText(/^Type what you ate first/).waitFor();
    await ctx.close();
  });

  test('yesterday’s breakfast again in one tap at breakfast time (≤ 2), with an Idempotency-Key; recent foods before the first keystroke; a known food by search in 3', async () => {
    const user = await registerVerifiedUser(server);
    const banana = await foodId(user, 'banana', /^Banana, raw/);
    const oats = await foodId(user, 'oatmeal', /oat/i);
    await logFoods(user, [
      { food_id: banana, serving: { grams: 118 }, number_of_servings: 1, meal_type: 'breakfast', date: YESTERDAY },
      { food_id: oats, serving: { grams: 240 }, number_of_servings: 1, meal_type: 'breakfast', date: YESTERDAY },
    ]);
    const ctx = await newContext(browser, MOBILE);
    const page = await pageAt(ctx, '08:00');
    const copies = watch(page, '/food-logs/copy');
    await openSignedIn(page, server, user.token, '/food-log');

    // Recent foods are there before anything is typed.
    const recent = page.getByRole('list', { name: 'Recent foods' });
    await recent.getByText(/^Banana, raw/).waitFor();
    expect(await page.getByLabel('Search foods').inputValue()).toBe('');
    await shot(page, 'log-again-mobile-light');

    const act = counted();
    await act.click(page.getByRole('button', { name: 'Log again: Breakfast of Yesterday' }));
    const breakfast = page.getByTestId('meal-breakfast');
    await breakfast.getByText(/^Banana, raw/).waitFor();
    expect(act.count, 'yesterday’s breakfast again').toBeLessThanOrEqual(2);
    console.log(`yesterday's breakfast again: ${act.count} interactions`);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.postDataJSON()).toEqual({ from_date: YESTERDAY, to_date: TODAY, meal_type: 'breakfast' });
    expect(copies[0]!.headers()['idempotency-key']).toMatch(UUID);
    await poll(async () => (await day(user, TODAY)).meals.breakfast!.foods.length).toBe(2);

    // A known food by search: type, pick, Add (the meal is the one the time suggests: breakfast at 08:00).
    const search = counted();
    await search.fill(page.getByLabel('Search foods'), 'banana');
    await search.click(page.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name: /^Banana, raw/ }).first());
    await search.click(page.getByRole('dialog').getByRole('button', { name: 'Add to Breakfast' }));
    await page.getByText('Added Banana, raw to breakfast').waitFor();
    expect(search.count, 'a known food by search').toBeLessThanOrEqual(3);
    await poll(async () => (await day(user, TODAY)).meals.breakfast!.foods.length).toBe(3);

    // A recent food opens at the serving last logged (118 g), ready to add.
    await page.getByLabel('Search foods').fill('');
    await recent.getByRole('button', { name: /^Banana, raw/ }).click();
    await page.getByRole('dialog').getByText('118 g in total').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // A recent food's "+" logs it again as last logged.
    await recent.getByRole('button', { name: /^Add Banana, raw.* to breakfast$/ }).click();
    await poll(async () => (await day(user, TODAY)).meals.breakfast!.foods.length).toBe(4);
    await ctx.close();

    // At dinner time, with today's breakfast already logged (no "Copy from the day before"): the meal, then Log again.
    const evening = await newContext(browser, DESKTOP);
    const late = await pageAt(evening, '19:30');
    await openSignedIn(late, server, user.token, '/food-log');
    const tap = counted();
    await tap.click(late.getByRole('group', { name: 'Meal to log again' }).getByRole('button', { name: 'Breakfast' }));
    await tap.click(late.getByRole('button', { name: 'Log again: Breakfast of Yesterday' }));
    await late.getByText('Logged breakfast of yesterday again (2 foods)').waitFor();
    expect(tap.count, 'yesterday’s breakfast again at dinner time').toBeLessThanOrEqual(2);
    await poll(async () => (await day(user, TODAY)).meals.breakfast!.foods.length).toBe(6);
    await evening.close();
  });

  test('a past day: Copy to today for one meal and for the whole day', async () => {
    const user = await registerVerifiedUser(server);
    const banana = await foodId(user, 'banana', /^Banana, raw/);
    await logFoods(user, [
      { food_id: banana, serving: { grams: 118 }, number_of_servings: 1, meal_type: 'lunch', date: YESTERDAY },
      { food_name: 'Soup of the day', calories: 180, serving_description: 'bowl', number_of_servings: 1, meal_type: 'dinner', date: YESTERDAY },
    ]);
    const ctx = await newContext(browser, DESKTOP);
    const page = await pageAt(ctx, '13:00');
    await openSignedIn(page, server, user.token, `/food-log?date=${YESTERDAY}`);
    await page.getByTestId('meal-lunch').getByText(/^Banana, raw/).waitFor();
    await page.getByTestId('meal-lunch').getByRole('button', { name: 'Copy to today' }).click();
    await page.getByText('Copied lunch to today (1 food)').waitFor();
    await poll(async () => (await day(user, TODAY)).meals.lunch!.foods.length).toBe(1);
    await page.getByRole('button', { name: 'Copy day to today' }).click();
    await page.getByText('Copied the day to today (2 foods)').waitFor();
    const today = await day(user, TODAY);
    expect([today.meals.lunch!.foods.length, today.meals.dinner!.foods.map((f) => f.food_name)]).toEqual([2, ['Soup of the day']]);
    // Today has nothing to copy to itself.
    await page.getByRole('button', { name: 'Show today' }).click();
    await poll(() => page.getByTestId('day-label').textContent()).toBe('Today');
    await page.getByTestId('meal-dinner').getByText('Soup of the day').waitFor();
    await poll(() => page.getByRole('button', { name: 'Copy day to today' }).count()).toBe(0);
    await ctx.close();
  });

  test('save a logged meal, log it in 2 interactions (and at 2×), rename and delete it', async () => {
    const user = await registerVerifiedUser(server);
    const banana = await foodId(user, 'banana', /^Banana, raw/);
    await logFoods(user, [
      { food_id: banana, serving: { grams: 118 }, number_of_servings: 1, meal_type: 'lunch', date: TODAY },
      { food_name: 'Cheese sandwich', calories: 350, protein: 15, serving_description: 'sandwich', number_of_servings: 1, meal_type: 'lunch', date: TODAY },
    ]);
    const lunchKcal = (await day(user, TODAY)).meals.lunch!.totals.calories;
    const ctx = await newContext(browser, MOBILE);
    const page = await pageAt(ctx, '19:00'); // dinner time
    const logs: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/api\/v1\/saved-meals\/\d+\/log$/.test(new URL(r.url()).pathname)) logs.push(r);
    });
    await openSignedIn(page, server, user.token, '/food-log');
    const lunch = page.getByTestId('meal-lunch');
    await lunch.getByText('Cheese sandwich').waitFor();
    await lunch.getByRole('button', { name: 'Save as meal' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/^Meal name/).fill('Work lunch');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved “Work lunch”: find it under Saved meals').waitFor();

    const act = counted();
    await act.click(page.getByRole('tab', { name: 'Saved meals' }));
    await act.click(page.getByRole('button', { name: 'Log Work lunch' }));
    await page.getByText('Logged Work lunch to dinner').waitFor();
    expect(act.count, 'a saved meal').toBeLessThanOrEqual(2);
    console.log(`a saved meal: ${act.count} interactions`);
    await poll(async () => (await day(user, TODAY)).meals.dinner!.foods.length).toBe(2);
    expect(Math.round((await day(user, TODAY)).meals.dinner!.totals.calories)).toBe(Math.round(lunchKcal));
    expect(logs[0]!.postDataJSON()).toEqual({ date: TODAY, meal_type: 'dinner', multiplier: 1 });
    expect(logs[0]!.headers()['idempotency-key']).toMatch(UUID);

    // Twice the portion into snacks.
    await page.getByTestId('meal-snack').getByRole('button', { name: 'Add to Snacks' }).click();
    await page.getByRole('tab', { name: 'Saved meals' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: '2×' }).click();
    await page.getByRole('button', { name: 'Log Work lunch' }).click();
    await page.getByText('Logged Work lunch (2×) to snacks').waitFor();
    await poll(async () => Math.round((await day(user, TODAY)).meals.snack!.totals.calories)).toBe(Math.round(2 * lunchKcal));
    await shot(page, 'saved-meals-mobile-light');

    await page.getByRole('button', { name: 'More for Work lunch' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('dialog').getByLabel(/^Meal name/).fill('Office lunch');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Log Office lunch' }).waitFor();
    await page.getByRole('button', { name: 'More for Office lunch' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(/^No saved meals yet/).waitFor();
    expect((await apiCall(server, 'GET', '/saved-meals', undefined, user.token)).json).toEqual([]);
    await ctx.close();
  });

  test('the food sheet’s Add button stays in view with a long nutrient list, at 390×844 and 1280×800', async () => {
    const user = await registerVerifiedUser(server);
    const banana = await foodId(user, 'banana', /^Banana, raw/);
    for (const [viewport, name] of [[MOBILE, 'mobile'], [DESKTOP, 'desktop']] as const) {
      const ctx = await newContext(browser, viewport);
      const page = await pageAt(ctx, '13:00');
      await openSignedIn(page, server, user.token, `/food-log?food_id=${encodeURIComponent(banana)}`);
      const sheet = page.getByRole('dialog');
      await sheet.getByRole('region', { name: 'Vitamins and minerals' }).waitFor();
      const add = sheet.getByRole('button', { name: 'Add to Lunch' });
      await add.waitFor();
      const inView = async () => {
        const b = (await add.boundingBox())!;
        return b.y >= 0 && b.y + b.height <= viewport.height;
      };
      // The nutrient list is longer than the sheet: its content scrolls, the button stays.
      const scrolls = await sheet.getByTestId('preview-calories').evaluate((el) => {
        let p: HTMLElement | null = el.parentElement;
        while (p && getComputedStyle(p).overflowY !== 'auto') p = p.parentElement;
        return p ? { scrollHeight: p.scrollHeight, clientHeight: p.clientHeight } : null;
      });
      expect(scrolls!.scrollHeight, `${name}: the content is longer than the sheet`).toBeGreaterThan(scrolls!.clientHeight);
      expect(await inView(), `${name}: Add in view at the top`).toBe(true);
      await sheet.getByRole('region', { name: 'Vitamins and minerals' }).evaluate((el) => el.scrollIntoView({ block: 'end' }));
      expect(await inView(), `${name}: Add in view at the end of the list`).toBe(true);
      await shot(page, `food-sheet-${name}-light`);
      await add.click();
      await page.getByText('Added Banana, raw to lunch').waitFor();
      await ctx.close();
    }
  });

  test('the microphone shows only where SpeechRecognition exists, and a spoken sentence lands in the review', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser, MOBILE);
    await ctx.addInitScript(STUB_SPEECH, 'a banana');
    const page = await pageAt(ctx, '13:00');
    await openSignedIn(page, server, user.token, '/food-log');
    const mic = page.getByRole('button', { name: 'Speak what you ate' });
    await mic.click();
    await poll(() => page.getByLabel('Describe what you ate').inputValue()).toBe('a banana');
    // Speaking ends the sentence: the foods are found without another tap.
    await page.getByTestId('parse-row').first().getByText(/banana/i).first().waitFor();

    // A parse that fails says so in the catalogue's words (spec §8), never with the server's own text.
    await page.route('**/api/v1/food-logs/parse', (r) =>
      r.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: { msg: 'pg: relation foods_fts missing', type: 'server_error', errors: null } }) }),
    );
    await page.getByLabel('Describe what you ate').fill('toast');
    await page.getByRole('button', { name: 'Find foods' }).click();
    await page.getByText('Failed to find foods: Could not connect to the server').waitFor();
    expect(await page.getByText(/foods_fts/).count()).toBe(0);
    await ctx.close();
  });

  test.skipIf(!process.env.SHOTS_DIR)('screenshots: 390 and 1280 px, light and dark', async () => {
    const user = await registerVerifiedUser(server);
    const banana = await foodId(user, 'banana', /^Banana, raw/);
    const oats = await foodId(user, 'oatmeal', /oat/i);
    await logFoods(user, [
      { food_id: banana, serving: { grams: 118 }, number_of_servings: 1, meal_type: 'breakfast', date: YESTERDAY },
      { food_id: oats, serving: { grams: 240 }, number_of_servings: 1, meal_type: 'breakfast', date: YESTERDAY },
      { food_id: banana, serving: { grams: 118 }, number_of_servings: 1, meal_type: 'lunch', date: TODAY },
    ]);
    await apiCall(server, 'POST', '/saved-meals', { name: 'Porridge with banana', meal_type: 'breakfast', from: { date: YESTERDAY, meal_type: 'breakfast' } }, user.token);
    for (const [viewport, size] of [[MOBILE, 390], [DESKTOP, 1280]] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const ctx = await newContext(browser, viewport, scheme);
        await ctx.addInitScript(STUB_SPEECH, '');
        const page = await pageAt(ctx, '08:00');
        await openSignedIn(page, server, user.token, '/food-log');
        await page.getByRole('list', { name: 'Recent foods' }).waitFor();
        await page.getByRole('button', { name: 'Log again: Breakfast of Yesterday' }).waitFor();
        await shot(page, `food-log-${size}-${scheme}`);
        await page.getByLabel('Describe what you ate').fill('2 eggs and a slice of toast with butter, coffee with milk, blorfzaq');
        await page.getByLabel('Describe what you ate').press('Enter');
        await page.getByRole('region', { name: 'Foods found' }).waitFor();
        await page.getByTestId('parse-total').waitFor();
        await page.getByRole('region', { name: 'Foods found' }).scrollIntoViewIfNeeded();
        await shot(page, `describe-review-${size}-${scheme}`);
        await page.getByRole('tab', { name: 'Saved meals' }).click();
        await page.getByRole('button', { name: 'Log Porridge with banana' }).scrollIntoViewIfNeeded();
        await shot(page, `saved-meals-${size}-${scheme}`);
        await page.goto(`${server.baseUrl}/food-log?date=${YESTERDAY}`);
        await page.getByTestId('meal-breakfast').getByRole('button', { name: 'Copy to today' }).waitFor();
        await shot(page, `past-day-${size}-${scheme}`);
        await page.goto(`${server.baseUrl}/food-log?food_id=${encodeURIComponent(banana)}`);
        await page.getByRole('dialog').getByRole('region', { name: 'Vitamins and minerals' }).waitFor();
        await shot(page, `food-sheet-${size}-${scheme}`);
        await ctx.close();
      }
    }
  });
});
