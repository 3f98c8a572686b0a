import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { useProduct,
  apiCall,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  MOBILE,
  newContext,
  openSignedIn,
  registerVerifiedUser,
  STRONG_PASSWORD,
  uniqueEmail,
  waitForCode,
  type Server,
} from './harness';

let server: Server;
let browser: Browser;
useProduct((s, b) => {
  server = s;
  browser = b;
});

async function text(page: Page, testId: string) {
  // Values and units are joined by non-breaking spaces so they never wrap apart; compare them as spaces.
  return (await page.getByTestId(testId).textContent())?.replace(/\u00a0/g, ' ').trim();
}

/** Search, open the first hit named like `name`, and add it to `meal` from the detail sheet. */
async function addFood(page: Page, search: string, name: RegExp, meal: string) {
  await page.getByLabel('Search foods').fill(search);
  await page.getByRole('listbox', { name: 'Search results' }).getByRole('option', { name }).first().click();
  const sheet = page.getByRole('dialog');
  await sheet.getByTestId('preview-calories').waitFor();
  await sheet.getByLabel('Meal').click();
  await page.getByRole('option', { name: meal }).click();
  await sheet.getByRole('button', { name: `Add to ${meal}` }).click();
  await sheet.waitFor({ state: 'detached' });
}

describe('food log', () => {
  test('register → verify → dashboard → search banana → add to breakfast → totals kept after reload', async () => {
    const email = uniqueEmail('foodlog');
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await page.goto(`${server.baseUrl}/register`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel(/^Password(\s*\*)?$/).fill(STRONG_PASSWORD);
    await page.getByTestId('password-strength').getByText(/strong$/i).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/verify-email\?email=/);
    await page.getByLabel('Verification code').fill(await waitForCode(server.dataDir, email));
    await page.getByRole('button', { name: 'Verify e-mail' }).click();
    // The two-minute start is offered first (issue 42 §1); this user skips it.
    await page.waitForURL(/\/onboarding$/);
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL(/\/dashboard$/);

    // A new user is told what to do first.
    await page.getByText('Welcome! Two steps to get going').waitFor();
    // The history card in words, not an ISO range.
    await page.getByTestId('dash-history-statement').getByText('No food logged in these 7 days: every total is 0.').waitFor();
    await page.getByRole('link', { name: 'Log your first food' }).click();
    await page.waitForURL(/\/food-log$/);
    await page.getByTestId('meal-breakfast').waitFor();
    expect(await text(page, 'day-calories')).toBe('0');

    await page.getByLabel('Search foods').fill('banana');
    await page.getByRole('option', { name: /^Banana, raw/ }).first().click();
    const sheet = page.getByRole('dialog');
    // 1 medium banana (118 g) is 105 kcal; two of them preview 210 before anything is saved.
    expect(await sheet.getByTestId('preview-calories').textContent()).toBe('105');
    await sheet.getByLabel('Number of servings').fill('2');
    expect(await sheet.getByTestId('preview-calories').textContent()).toBe('210');
    await sheet.getByLabel('Meal').click();
    await page.getByRole('option', { name: 'Breakfast' }).click();
    await sheet.getByRole('button', { name: 'Add to Breakfast' }).click();
    await page.getByText('Added Banana, raw to breakfast').waitFor();

    const breakfast = page.getByTestId('meal-breakfast');
    await breakfast.getByText('Banana, raw').waitFor();
    expect(await text(page, 'meal-breakfast-calories')).toBe('210 kcal');
    expect(await text(page, 'day-calories')).toBe('210');

    await page.reload();
    await page.getByTestId('meal-breakfast').getByText('Banana, raw').waitFor();
    expect(await text(page, 'meal-breakfast-calories')).toBe('210 kcal');
    expect(await text(page, 'day-calories')).toBe('210');

    // The dashboard shows the same day.
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('dash-meal-breakfast').getByText('Banana, raw').waitFor();
    expect(await page.getByTestId('dash-meal-breakfast').textContent()).toContain('210');
    await ctx.close();
  });

  test('edit and delete an entry; another day is empty; manual entry and its quick re-add', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/food-log');
    await addFood(page, 'banana', /^Banana, raw/, 'Lunch');
    const lunch = page.getByTestId('meal-lunch');
    await lunch.getByText('Banana, raw').waitFor();

    await lunch.getByRole('button', { name: 'Edit Banana, raw' }).click();
    await page.getByRole('dialog').getByLabel('Number of servings').fill('3');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Entry updated').waitFor();
    await expect.poll(() => text(page, 'meal-lunch-calories'), { timeout: 10_000 }).toBe('315 kcal');

    await page.getByRole('button', { name: 'Previous day' }).click();
    await page.waitForURL(/date=\d{4}-\d{2}-\d{2}/);
    await expect.poll(() => text(page, 'day-label'), { timeout: 10_000 }).toBe('Yesterday');
    await expect.poll(() => text(page, 'day-calories'), { timeout: 10_000 }).toBe('0');
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect.poll(() => text(page, 'day-calories'), { timeout: 10_000 }).toBe('315');

    // Tomorrow's empty lunch offers today's lunch (one batch call).
    await page.getByRole('button', { name: 'Next day' }).click();
    await expect.poll(() => text(page, 'day-label'), { timeout: 10_000 }).toBe('Tomorrow');
    await lunch.getByRole('button', { name: 'Copy from the day before (1)' }).click();
    await expect.poll(() => text(page, 'meal-lunch-calories'), { timeout: 10_000 }).toBe('315 kcal');
    await lunch.getByText('3 × 1 medium').waitFor();
    await page.getByRole('button', { name: 'Previous day' }).click();
    await expect.poll(() => text(page, 'day-label'), { timeout: 10_000 }).toBe('Today');

    // Another household measure of the same food: 3 × 1 cup mashed (225 g) = 601 kcal.
    await lunch.getByRole('button', { name: 'Edit Banana, raw' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Serving' }).click();
    await page.getByRole('option', { name: /^1 cup, mashed/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => text(page, 'meal-lunch-calories'), { timeout: 10_000 }).toBe('601 kcal');

    await lunch.getByRole('button', { name: 'Delete Banana, raw' }).click();
    await page.getByText('Deleted Banana, raw').waitFor();
    await expect.poll(() => text(page, 'meal-lunch-calories'), { timeout: 10_000 }).toBe('0 kcal');

    await page.getByRole('button', { name: 'Manual entry' }).click();
    const dlg = page.getByRole('dialog');
    // Adding with nothing typed says what is missing (it did nothing: the button was disabled, Enter ignored).
    await dlg.getByRole('button', { name: /^Add to / }).click();
    await dlg.getByText('Enter a name').waitFor();
    await dlg.getByText('Enter the calories').waitFor();
    await expect.poll(() => dlg.getByLabel('Food name').evaluate((el) => el === document.activeElement)).toBe(true);
    await dlg.getByLabel('Food name').fill('Grandma soup');
    await dlg.getByLabel('Food name').press('Enter');
    await expect.poll(() => dlg.getByLabel(/^Calories \(kcal\)/).evaluate((el) => el === document.activeElement)).toBe(true);
    if (await dlg.getByText('Enter a name').count()) throw new Error('the name error stayed after typing a name');
    await dlg.getByLabel(/^Calories \(kcal\)/).fill('250');
    if (await dlg.getByText('Enter the calories').count()) throw new Error('the calories error stayed after typing them');
    await dlg.getByLabel(/^Protein \(g\)/).fill('12');
    await dlg.getByLabel('Meal').click();
    await page.getByRole('option', { name: 'Dinner' }).click();
    await dlg.getByRole('button', { name: 'Add to Dinner' }).click();
    await expect.poll(() => text(page, 'meal-dinner-calories'), { timeout: 10_000 }).toBe('250 kcal');

    await page.getByRole('tab', { name: 'Recent manual' }).click();
    await page.getByRole('button', { name: /^Add Grandma soup to/ }).click();
    await expect.poll(() => text(page, 'day-calories'), { timeout: 10_000 }).toBe('500');

    // More matches than one answer holds: after the 50, the list says so (the button used to vanish without a word).
    await page.getByLabel('Search foods').fill('chicken');
    await page.getByRole('button', { name: /^Show more results \(\d+ found\)$/ }).click();
    await page.getByText(/^Showing the first 50 of \d+ matches\. Add a word to narrow the search\.$/).waitFor();
    if (await page.getByText(/^No food matches every word/).count()) throw new Error('a full match was called partial');
    // No food has both words: the closest matches come, and the list says they are not full matches.
    await page.getByLabel('Search foods').fill('avocado toast');
    await page.getByText('No food matches every word of “avocado toast”. The closest matches:').waitFor();
    await page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first().waitFor();
    await ctx.close();
  });

  test('an unknown barcode offers to create the food, which the next look-up finds', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/food-log');
    await page.getByRole('button', { name: 'Scan barcode' }).click();
    // Look up with nothing typed says what to type, at the field.
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('Enter the digits printed under the bars').waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '')).toMatch(/^Barcode number/);
    await page.getByLabel('Barcode number').fill('4006381333931');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('No food with barcode 4006381333931 yet').waitFor();
    await page.getByRole('button', { name: 'Create food' }).last().click();
    const form = page.getByRole('dialog');
    expect(await form.getByLabel('Barcode (optional)').inputValue()).toBe('4006381333931');
    // Creating with the unit cleared and nothing else typed says what is missing, field by field.
    await form.getByLabel(/^Unit/).fill('');
    await form.getByRole('button', { name: 'Create food' }).click();
    for (const message of ['Enter a name', 'Enter a unit', 'Enter the calories']) await form.getByText(message).waitFor();
    await form.getByLabel(/^Name/).fill('Oat crunch bar');
    // A weight unit fixes the serving's grams: 60 g weighs 60 g, not the 100 g the field started with.
    await form.getByLabel(/^Serving size/).fill('60');
    await form.getByLabel(/^Unit/).fill('g');
    expect(await form.getByLabel(/^Weight \(g\)/).inputValue()).toBe('60');
    expect(await form.getByLabel(/^Weight \(g\)/).isDisabled()).toBe(true);
    await form.getByLabel(/^Serving size/).fill('1');
    await form.getByLabel(/^Unit/).fill('bar');
    expect(await form.getByLabel(/^Weight \(g\)/).isEditable()).toBe(true);
    await form.getByLabel(/^Calories \(kcal\)/).fill('190');
    await form.getByRole('button', { name: 'Create food' }).click();
    // The new food opens in the detail sheet, ready to log.
    await page.getByRole('dialog').getByTestId('preview-calories').waitFor();
    expect(await page.getByRole('dialog').getByTestId('preview-calories').textContent()).toBe('190');
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Scan barcode' }).click();
    await page.getByLabel('Barcode number').fill('4006381333931');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('dialog').getByText('Oat crunch bar').first().waitFor();
    await ctx.close();
  });

  test('?food_id= (a meal idea from a notification) opens that food ready to log', async () => {
    const user = await registerVerifiedUser(server);
    const banana = (await apiCall(server, 'GET', '/foods/search?query=banana', undefined, user.token)).json.foods[0] as { id: string; name: string };
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, `/food-log?food_id=${encodeURIComponent(banana.id)}`);
    const sheet = page.getByRole('dialog', { name: banana.name });
    await sheet.getByTestId('preview-calories').waitFor();
    await sheet.getByRole('button', { name: /^Add to (Breakfast|Lunch|Dinner|Snacks)$/ }).click();
    await page.getByText(`Added ${banana.name} to`).waitFor();
    await sheet.waitFor({ state: 'detached' });
    await ctx.close();
  });

  test('mobile 390×844: bottom sheet, favorite, quick add from favorites, ?food= prefill', async () => {
    const user = await registerVerifiedUser(server);
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/food-log?food=banana');
    expect(await page.getByLabel('Search foods').inputValue()).toBe('banana');
    await page.getByRole('option', { name: /^Banana, raw/ }).first().click();
    const sheet = page.getByRole('dialog');
    await sheet.getByTestId('preview-calories').waitFor();
    // A bottom sheet: anchored to the bottom edge of the screen, full width.
    // (polled: the sheet slides up into place)
    await expect.poll(async () => {
      const box = (await sheet.boundingBox())!;
      return [Math.round(box.y + box.height), Math.round(box.width)];
    }).toEqual([MOBILE.height, MOBILE.width]);
    await sheet.getByRole('button', { name: 'Add to favorites' }).click();
    await sheet.getByRole('button', { name: 'Remove from favorites' }).waitFor();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'detached' });

    await page.getByLabel('Search foods').fill('');
    await page.getByTestId('meal-snack').getByRole('button', { name: 'Add to Snacks' }).click();
    await page.getByRole('button', { name: 'Add Banana, raw to snack' }).click();
    await expect.poll(() => text(page, 'meal-snack-calories'), { timeout: 10_000 }).toBe('105 kcal');
    // Nothing sticks out sideways at phone width, also with the day's nutrients table open (it scrolls in its card).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    // The day's nutrients card is drawn when it comes near the screen (WhenVisible): below the add-food card on a phone.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.getByRole('button', { name: 'Nutrients: vitamins, minerals and fats' }).click();
    await page.getByRole('table', { name: /nutrients/i }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await ctx.close();
  });
});

/**
 * A camera that films a printed EAN-13: Chromium's fake capture device plays a Y4M file, which we
 * draw here (bars from the EAN-13 tables) so no binary fixture lives in the repo.
 */
function ean13Y4m(code: string): string {
  const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
  const R = L.map((p) => [...p].map((b) => (b === '0' ? '1' : '0')).join(''));
  const G = R.map((p) => [...p].reverse().join(''));
  const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];
  const d = [...code].map(Number);
  let bits = '101';
  for (let i = 1; i <= 6; i++) bits += (PARITY[d[0]][i - 1] === 'L' ? L : G)[d[i]];
  bits += '01010';
  for (let i = 7; i <= 12; i++) bits += R[d[i]];
  bits += '101';
  const W = 640, H = 480, module = 5, left = Math.floor((W - bits.length * module) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (let row = 90; row < 390; row++)
    for (let m = 0; m < bits.length; m++) if (bits[m] === '1') y.fill(16, row * W + left + m * module, row * W + left + (m + 1) * module);
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const file = join(mkdtempSync(join(tmpdir(), 'ean-')), 'camera.y4m');
  writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...Array(10).fill(frame)]));
  return file;
}

describe('barcode camera', () => {
  test('scanning with the camera reads an EAN-13 and looks it up', async () => {
    const code = '5901234123457';
    const camBrowser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${ean13Y4m(code)}`],
    });
    try {
      const user = await registerVerifiedUser(server);
      const ctx = await newContext(camBrowser);
      await ctx.grantPermissions(['camera'], { origin: server.baseUrl });
      const page = await ctx.newPage();
      await openSignedIn(page, server, user.token, '/food-log');
      await page.getByRole('button', { name: 'Scan barcode' }).click();
      await page.getByRole('button', { name: 'Scan with camera' }).click();
      await page.getByText(`No food with barcode ${code} yet`).waitFor({ timeout: 30_000 });
      expect(await page.getByLabel('Barcode number').inputValue()).toBe(code);
    } finally {
      await camBrowser.close();
    }
  });
});
