import { format, subDays } from 'date-fns';
import { describe, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiCall, newContext, openSignedIn, registerVerifiedUser, useProduct, MOBILE, type Server } from './harness';

let server: Server;
let browser: Browser;
useProduct((s, b) => {
  server = s;
  browser = b;
});

describe('progress', () => {
  test('log a weight in two taps and three days of food → the analysis charts them and the assessment cites numbers', async () => {
    const u = await registerVerifiedUser(server);
    await apiCall(server, 'PUT', '/user-settings', { daily_calorie_goal: 2000 }, u.token);
    for (let i = 1; i <= 3; i++) {
      const date = format(subDays(new Date(), i), 'yyyy-MM-dd');
      const res = await apiCall(server, 'POST', '/food-logs', { food_name: 'Cheese pizza', calories: 2600, protein: 90, carbs: 280, fat: 110, meal_type: 'dinner', date }, u.token);
      if (res.status !== 201) throw new Error(`log failed: ${res.status}`);
    }
    const ctx = await newContext(browser, MOBILE);
    const page = await ctx.newPage();
    await openSignedIn(page, server, u.token, '/health');
    await page.getByRole('button', { name: 'Log weight' }).click();
    await page.getByLabel('Weight (kg)').fill('80');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('table', { name: 'Weights' }).getByText('80 kg').waitFor();

    // The dashboard: the 7-day chart (its own lazy chunk) with the same numbers in a table for screen
    // readers, the averages, and the weight trend; a second weight is two taps away.
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByTestId('dash-history-statement').getByText(/3 of 7 days logged; 2600 kcal a day on average/).waitFor();
    await page.getByTestId('dash-history-chart').locator('svg rect.MuiBarChart-element:not([height="0"])').first().waitFor();
    const table = page.getByRole('table', { name: 'Calories per day' });
    if ((await table.getByText('2,600 kcal').count()) !== 3) throw new Error('the table alternative does not list the three logged days');
    await page.getByLabel('Daily averages on logged days').getByText('90 g').waitFor();
    await page.getByTestId('dash-weight-text').getByText(/Trend 80 kg/).waitFor();
    await page.getByRole('button', { name: 'Log weight' }).click();
    await page.getByLabel('Weight (kg)').fill('79');
    await page.getByRole('button', { name: 'Save' }).click();
    // Two weigh-ins on one day count as their mean.
    await page.getByTestId('dash-weight-text').getByText(/Trend 79.5 kg/).waitFor();
    await page.getByTestId('dash-streak').getByText('3-day logging streak').waitFor();

    await page.goto(`${server.baseUrl}/insights`);
    await page.getByText(/3 of 7 days logged; 2600 kcal a day on average/).waitFor();
    await page.getByRole('table', { name: 'Calories per day' }).getByText('2600').first().waitFor();

    await page.goto(`${server.baseUrl}/assessment`);
    await page.getByRole('heading', { name: /Calories above your goal/ }).waitFor();
    await page.getByText(/2600 kcal a day on average over 3 logged days, 600 kcal \(30 %\) above your goal of 2000/).waitFor();
    await ctx.close();
  });
});
