import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { useProduct, apiCall, MOBILE, newContext, openSignedIn, registerVerifiedUser, type Server } from './harness';

let server: Server;
let browser: Browser;
useProduct((s, b) => {
  server = s;
  browser = b;
});

const outboxText = (dataDir: string) => {
  const dir = join(dataDir, 'outbox');
  return existsSync(dir) ? readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')) : [];
};

describe('meal plans', () => {
  test('create a 3-day plan in the browser, watch it complete, open its shopping list, e-mail it', async () => {
    const user = await registerVerifiedUser(server);
    const settings = await apiCall(server, 'PUT', '/user-settings', { daily_calorie_goal: 2100, daily_protein_goal: 130, daily_carbs_goal: 230, daily_fat_goal: 70, daily_fiber_goal: 30 }, user.token);
    expect(settings.status).toBe(200);

    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/meal-plan');

    // The form starts from the user's settings.
    await expect.poll(() => page.getByLabel('Calories').inputValue(), { timeout: 15_000 }).toBe('2100');
    await page.getByText('No meal plans yet').waitFor();
    await page.getByLabel('Plan name').fill('E2E week');
    await page.getByLabel('Days').fill('3');
    await page.getByRole('button', { name: 'Create plan' }).click();

    // Live progress, then on to the plan when it is done.
    await page.waitForURL(/\/meal-plans\/task\/\d+$/);
    await page.getByText(/of 3 days ready|Starting…/).first().waitFor();
    await page.waitForURL(/\/meal-plan\/\d+$/, { timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'E2E week' }).waitFor();
    await expect.poll(() => page.getByRole('tab').count(), { timeout: 15_000 }).toBe(3);
    expect(await page.getByRole('tab').first().textContent()).toContain('Day 1');
    await page.getByRole('heading', { name: 'Breakfast' }).waitFor();
    // Every food says why it is there, and the day is measured against the goals.
    await page.getByRole('progressbar', { name: /^Calories: [\d,]+ of 2,100 kcal$/ }).waitFor();

    // Day 2 is another tab with its own meals.
    await page.getByRole('tab', { name: /Day 2/ }).click();
    await page.getByRole('heading', { name: /^Day 2/ }).waitFor();

    // The shopping list groups the plan's foods in the spec's categories with summed quantities.
    await page.getByRole('button', { name: 'Shopping list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Shopping list' });
    await dialog.waitFor();
    await dialog.getByRole('heading', { name: 'Proteins' }).waitFor();
    const count = Number((await dialog.getByText(/^\d+ items?$/).textContent())?.split(' ')[0]);
    expect(count).toBeGreaterThan(5);
    expect(await dialog.getByRole('listitem').count()).toBe(count);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // E-mail export: the §8 success message and a real mail in the outbox.
    const before = outboxText(server.dataDir).length;
    await page.getByRole('button', { name: 'E-mail' }).click();
    const mail = page.getByRole('dialog', { name: 'E-mail this plan' });
    // Plans go only to the account's own verified address (issue 8).
    await mail.getByLabel('E-mail address').fill(user.email);
    await mail.getByLabel('Include the shopping list').check();
    await mail.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Meal plan emailed successfully!').waitFor();
    await expect.poll(() => outboxText(server.dataDir).length, { timeout: 15_000 }).toBe(before + 1);
    const eml = outboxText(server.dataDir).find((t) => t.toLowerCase().includes(`to: ${user.email.toLowerCase()}`));
    expect(eml).toBeTruthy();

    // Issue 10 item 2: the e-mail writes each food's portion exactly as the plan screen does (the whole
    // amount, "3 slices (90 g)", not one unit's weight). Day 2 is on screen; its rows against the mail's text.
    const planId = /\/meal-plan\/(\d+)$/.exec(page.url())![1];
    const plan = (await apiCall(server, 'GET', `/meal-plans/${planId}`, undefined, user.token)).json;
    const preview = await apiCall(server, 'POST', `/meal-plans/${planId}/export?format=email`, { email: user.email, test_mode: true }, user.token);
    expect(preview.status).toBe(200);
    const day2 = (plan.plan_days ?? plan.result?.daily_plans)[1];
    let compared = 0;
    for (const slot of Object.values<any>(day2.meals)) {
      for (const f of slot.foods.slice(0, 2)) {
        const row = page.getByText(f.name, { exact: true }).filter({ visible: true }).first().locator('xpath=following-sibling::*[1]');
        const portionOnScreen = (await row.innerText()).split(' · ')[0]!;
        expect(preview.json.text).toContain(`${f.name}: ${portionOnScreen} · `);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(3);

    // Renamed in place.
    await page.getByRole('button', { name: 'Rename plan' }).click();
    await page.getByRole('dialog', { name: 'Rename plan' }).getByLabel('Plan name').fill('E2E fortnight prep');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'E2E fortnight prep' }).waitFor();

    // Back on the list, the plan is there and ready.
    await page.getByRole('link', { name: 'All plans' }).click();
    await page.getByRole('link', { name: /E2E fortnight prep/ }).waitFor();
    await page.getByText('Ready').first().waitFor();
    await ctx.close();
  });

  test('a plan opened while it is generating updates by itself until it is ready', async () => {
    const user = await registerVerifiedUser(server);
    const created = await apiCall(server, 'POST', '/meal-plans/multi-day', { days: 14, name: 'Fortnight', plan_type: 'multi-day', request_data: {} }, user.token);
    expect(created.json.status).toBe('processing');
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, `/meal-plan/${created.json.id}`);
    await page.getByText(/^Still generating: \d+ of 14 days ready/).waitFor();
    // No reload: the page polls every 3 s while the plan is processing.
    await page.getByText('Ready', { exact: true }).waitFor({ timeout: 80_000 });
    await expect.poll(() => page.getByRole('tab').count(), { timeout: 15_000 }).toBe(14);
    expect(await page.getByText(/^Still generating/).count()).toBe(0);
    await ctx.close();
  }, 120_000);

  test('generation can be cancelled from the progress page', async () => {
    // Two other people's fortnights go first, so this plan is still generating when Cancel is pressed: on a fast
    // machine 14 days alone can be made in the seconds the page takes to open, and then it can only say "already completed".
    const busy = await Promise.all([registerVerifiedUser(server), registerVerifiedUser(server)]);
    const ahead = await Promise.all(busy.map((b) => apiCall(server, 'POST', '/meal-plans/multi-day', { days: 14, name: 'Ahead', plan_type: 'multi-day', request_data: {} }, b.token)));
    const user = await registerVerifiedUser(server);
    const created = await apiCall(server, 'POST', '/meal-plans/multi-day', { days: 14, name: 'Too long', plan_type: 'multi-day', request_data: {} }, user.token);
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, `/meal-plans/task/${created.json.task_id}`);
    await page.getByRole('button', { name: 'Cancel generation' }).click();
    await page.getByText('Meal plan generation cancelled').waitFor({ timeout: 20_000 });
    const plan = await apiCall(server, 'GET', `/meal-plans/${created.json.id}`, undefined, user.token);
    expect(plan.json.status).toBe('cancelled');
    await Promise.all(ahead.map((a, i) => apiCall(server, 'PUT', `/meal-plans/${a.json.id}`, { status: 'cancelled' }, busy[i]!.token)));
    await ctx.close();
  });

  test('another user’s plan is not found, and the list works on a phone', async () => {
    const owner = await registerVerifiedUser(server);
    const created = await apiCall(server, 'POST', '/meal-plans/multi-day', { days: 1, name: 'Private', plan_type: 'multi-day', request_data: {} }, owner.token);
    expect(created.status).toBeLessThan(300);
    const stranger = await registerVerifiedUser(server);

    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await openSignedIn(page, server, stranger.token, `/meal-plan/${created.json.id}`);
    await page.getByRole('heading', { name: 'Meal plan not found' }).waitFor();
    await page.getByRole('link', { name: 'All plans' }).click();
    await page.getByRole('button', { name: 'Create plan' }).waitFor();
    await page.getByText('No meal plans yet').waitFor();
    await ctx.close();
  });

  test('the list shows 10 plans a page', async () => {
    const user = await registerVerifiedUser(server);
    for (let i = 1; i <= 11; i++) {
      const r = await apiCall(server, 'POST', '/meal-plans/multi-day', { days: 1, name: `Plan ${String(i).padStart(2, '0')}`, plan_type: 'multi-day', request_data: {} }, user.token);
      expect(r.status).toBe(202);
    }
    const ctx = await newContext(browser);
    const page = await ctx.newPage();
    await openSignedIn(page, server, user.token, '/meal-plan');
    const plans = page.getByRole('list', { name: 'Meal plans' }).getByRole('listitem');
    await expect.poll(() => plans.count(), { timeout: 15_000 }).toBe(10);
    await page.getByRole('navigation', { name: 'Meal plan pages' }).getByRole('button', { name: 'Go to page 2' }).click();
    await expect.poll(() => plans.count(), { timeout: 15_000 }).toBe(1);
    await ctx.close();
  });
});
