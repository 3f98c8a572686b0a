/** Issue 42 §2: the plan e-mail writes portions in the user's units (ounces when imperial), with the plan screen's function. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPortion } from '@app/nutrition/portion';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeUser, multiDayBody, setSettings, waitForPlan, type TestUser } from './test-support.ts';

let t: TestApp;
let user: TestUser;
let plan: any;
beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t, { units: 'imperial' });
  const res = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: user.token });
  plan = await waitForPlan(t, user.token, res.json.id);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const render = async (include_shopping_list = false) =>
  (await t.http.post(`/meal-plans/${plan.id}/export?format=email`, { email: user.email, test_mode: true, include_shopping_list }, { token: user.token })).json;

describe('plan e-mail in the user units', () => {
  it('weighs every portion in ounces for an imperial user, and in grams once they switch to metric', async () => {
    const mail = await render(true);
    const foods = plan.plan_days.flatMap((d: any) => Object.values<any>(d.meals).flatMap((m) => m.foods));
    expect(foods.length).toBeGreaterThan(2);
    let weighed = 0;
    for (const f of foods) {
      expect(mail.text).toContain(`${f.name}: ${formatPortion(f, 'imperial')} · `);
      if (/\(([\d.]+) g\)$/.test(f.serving_unit) || f.serving_unit === 'g') weighed++;
    }
    expect(weighed).toBeGreaterThan(0);
    // No portion line keeps a gram weight: "(90 g)" became "(3.2 oz)" (the goals line keeps its macro grams).
    const lines = mail.text.split('\n').filter((l: string) => l.startsWith('    - '));
    expect(lines.length).toBeGreaterThan(foods.length);
    for (const l of lines) expect(l).not.toMatch(/\d g\)|\d g$|\d g ·/);
    expect(lines.some((l: string) => / oz\b/.test(l))).toBe(true);

    await setSettings(t, user.id, { units: 'metric' });
    const metric = await render();
    for (const f of foods) expect(metric.text).toContain(`${f.name}: ${formatPortion(f)} · `);
    expect(metric.text).toMatch(/\(\d+ g\)/);
  });
});
