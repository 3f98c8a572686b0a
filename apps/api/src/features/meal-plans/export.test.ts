import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatPortion } from '@app/nutrition/portion';
import { readableDay } from '@app/nutrition/numbers';
import { shoppingListFor } from './planner.ts';
import { createTestApp, outboxFiles, type TestApp } from '../../../test/helpers.ts';
import { makeUser, multiDayBody, waitForPlan, type TestUser } from './test-support.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';

let t: TestApp;
let user: TestUser;
let plan: any;
const NAME = 'Week <script>alert("x")</script> & co';

beforeAll(async () => {
  t = await createTestApp();
  user = await makeUser(t);
  const res = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 2, name: NAME }), { token: user.token });
  plan = await waitForPlan(t, user.token, res.json.id);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const exportPath = () => `/meal-plans/${plan.id}/export?format=email`;

describe('e-mail export', () => {
  it('renders the plan in test_mode without sending: every day and meal, user text escaped in the HTML', async () => {
    const before = outboxFiles(t.config.outboxDir).length;
    const res = await t.http.post(exportPath(), { email: user.email, test_mode: true }, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.json.subject).toBe(`Your meal plan: ${NAME}`);
    expect(res.json.html).not.toContain('<script>');
    expect(res.json.html).toContain('Week &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(res.json.text).toContain(NAME);
    expect(res.json.text).toContain(`2 days from ${readableDay(plan.start_date)}`);
    // The goals line, fiber included, in both parts.
    const fiber = `${Math.round(plan.goals.fiber).toLocaleString('en-US')} g fiber`;
    expect(res.json.text).toContain(fiber);
    expect(res.json.html).toContain(fiber);
    for (const day of plan.plan_days) {
      // Days are written as people read them ("Day 1: Mon, Nov 30, 2026"), not as ISO dates.
      expect(res.json.text).toContain(`Day ${day.day_number}: ${readableDay(day.date)}`);
      expect(res.json.text).not.toContain(day.date);
      for (const meal of ['Breakfast', 'Lunch', 'Dinner', 'Snack']) expect(res.json.html).toContain(`<h3>${meal}`);
      expect(res.json.text).toContain(day.meals.dinner.foods[0].name);
    }
    expect(res.json.text).not.toContain('Shopping list');
    expect(outboxFiles(t.config.outboxDir).length).toBe(before);
  });

  it('writes every portion with the same function as the plan screen (formatPortion): total grams, not one unit', async () => {
    const res = await t.http.post(exportPath(), { email: user.email, test_mode: true }, { token: user.token });
    let checked = 0;
    for (const day of plan.plan_days) {
      for (const slot of Object.values<any>(day.meals)) {
        for (const f of slot.foods) {
          const shown = formatPortion(f);
          expect(res.json.text).toContain(`${f.name}: ${shown} · ${Math.round(f.calories)} kcal`);
          // A unit with its weight ("slice (30 g)") shows the weight of the whole amount.
          const per = /\(([\d.]+) g\)$/.exec(f.serving_unit);
          if (per && f.serving_size !== 1) expect(shown).toContain(`(${Math.round(f.serving_size * Number(per[1]))} g)`);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('adds the shopping list, grouped by category, when asked', async () => {
    const res = await t.http.post(exportPath(), { email: user.email, test_mode: true, include_shopping_list: true }, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.json.html).toContain('<h2>Shopping list</h2>');
    expect(res.json.text).toMatch(/Shopping list\n {2}(Proteins|Fruits & Vegetables|Grains & Bread|Dairy|Seasonings & Condiments|Other)/);
    // Every amount as the app's shopping list writes it (formatPortion): the grams of the whole amount, plural units.
    const list = shoppingListFor(plan.plan_days.map((d: { meals: unknown }) => d.meals) as Parameters<typeof shoppingListFor>[0]);
    let amounts = 0;
    for (const items of Object.values(list)) {
      for (const i of items) {
        if (i.quantity == null || !i.unit) continue;
        expect(res.json.text).toContain(`    - ${i.name} — ${formatPortion({ serving_size: i.quantity, serving_unit: i.unit })}`);
        amounts++;
      }
    }
    expect(amounts).toBeGreaterThan(3);
  });

  it('sends a real mail (outbox) and answers the success message', async () => {
    const before = new Set(outboxFiles(t.config.outboxDir));
    // Upper case: the address is compared case-insensitively, and the mail goes to the stored address.
    const res = await t.http.post(exportPath(), { email: user.email.toUpperCase(), include_shopping_list: true }, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Meal plan emailed successfully!' });
    const added = outboxFiles(t.config.outboxDir).filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    const eml = readFileSync(join(t.config.outboxDir, added[0]!), 'utf8');
    expect(eml).toMatch(new RegExp(`^To: ${user.email.replace(/[.+]/g, '\\$&')}`, 'm'));
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(eml).toMatch(/Content-Type: text\/plain/);
  });

  it('rejects an unsupported format, a bad e-mail and a plan that is not ready (422/409)', async () => {
    const pdf = await t.http.post(`/meal-plans/${plan.id}/export?format=pdf`, { email: user.email }, { token: user.token });
    expect(pdf.status).toBe(422);
    expect(pdf.json.detail.type).toBe('validation_error');
    expect((await t.http.post(`/meal-plans/${plan.id}/export`, { email: user.email }, { token: user.token })).status).toBe(422);
    expect((await t.http.post(exportPath(), { email: 'not-an-email' }, { token: user.token })).status).toBe(422);
  });
});

describe('e-mail export abuse (issue 8 item 6)', () => {
  it('refuses any address but the account\'s own verified one (422 on body.email), and sends nothing', async () => {
    const before = outboxFiles(t.config.outboxDir).length;
    for (const email of ['victim@example.com', `x${user.email}`, 'spam@example.org']) {
      for (const test_mode of [false, true]) {
        const res = await t.http.post(exportPath(), { email, test_mode }, { token: user.token });
        expect(res.status).toBe(422);
        expect(res.json.detail.msg).toContain('your own verified address');
        expect(res.json.detail.errors[0].loc).toEqual(['body', 'email']);
      }
    }
    expect(outboxFiles(t.config.outboxDir).length).toBe(before);
  });

  it('refuses an account whose address is not verified (403)', async () => {
    // Made while verified; an unverified account cannot use the API at all (plugins/auth.ts, issue 40 item 8a).
    const u = await makeUser(t);
    const res = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: u.token });
    const p = await waitForPlan(t, u.token, res.json.id);
    await t.app.db.update(users).set({ email_validated: false }).where(eq(users.id, u.id));
    const out = await t.http.post(`/meal-plans/${p.id}/export?format=email`, { email: u.email }, { token: u.token });
    expect(out.status).toBe(403);
    expect(out.json.detail.msg).toMatch(/Verify your e-mail address/);
  }, 90_000);

  it('counts sends per user per day in the database: 12 parallel sends, exactly 10 go out, then 429 with Retry-After', async () => {
    const u = await makeUser(t);
    const res = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: u.token });
    const p = await waitForPlan(t, u.token, res.json.id);
    const path = `/meal-plans/${p.id}/export?format=email`;
    const before = outboxFiles(t.config.outboxDir).length;
    const all = await Promise.all(Array.from({ length: 12 }, () => t.http.post(path, { email: u.email }, { token: u.token })));
    const codes = all.map((r) => r.status).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(2);
    const refused = all.find((r) => r.status === 429)!;
    expect(refused.json.detail).toMatchObject({ type: 'rate_limited' });
    expect(refused.json.detail.msg).toMatch(/up to 10 meal plans a day/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    expect(outboxFiles(t.config.outboxDir).length).toBe(before + 10);
    // Rendering only (test_mode) is not counted, and another user has their own allowance.
    expect((await t.http.post(path, { email: u.email, test_mode: true }, { token: u.token })).status).toBe(200);
    const other = await makeUser(t);
    const r2 = await t.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: other.token });
    const p2 = await waitForPlan(t, other.token, r2.json.id);
    expect((await t.http.post(`/meal-plans/${p2.id}/export?format=email`, { email: other.email }, { token: other.token })).status).toBe(200);
    // The hourly cap on the route (30) is per user as well, not per address: one user spending it leaves the others theirs.
    let last = 200;
    for (let i = 0; i < 30 && last !== 429; i++) last = (await t.http.post(path, { email: u.email, test_mode: true }, { token: u.token })).status;
    expect(last).toBe(429);
    expect((await t.http.post(`/meal-plans/${p2.id}/export?format=email`, { email: other.email, test_mode: true }, { token: other.token })).status).toBe(200);
  }, 120_000);
});

describe('e-mail export when the mail server refuses', () => {
  let smtp: SMTPServer;
  let bad: TestApp;
  beforeAll(async () => {
    // A loopback SMTP server (smtp-server) that refuses every sender, like a server rejecting relay.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onMailFrom(_address, _session, callback) {
        callback(Object.assign(new Error('Relay access denied'), { responseCode: 554 }));
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    const port = (smtp.server.address() as { port: number }).port;
    bad = await createTestApp({ MAIL_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await bad?.close();
    await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  });

  it('answers 502 api_error with the message of spec §8', async () => {
    const u = await makeUser(bad);
    const res = await bad.http.post('/meal-plans/multi-day', multiDayBody({ days: 1 }), { token: u.token });
    const p = await waitForPlan(bad, u.token, res.json.id);
    const out = await bad.http.post(`/meal-plans/${p.id}/export?format=email`, { email: u.email }, { token: u.token });
    expect(out.status).toBe(502);
    expect(out.json.detail).toMatchObject({ msg: 'Failed to export meal plan to email. Please try again.', type: 'api_error' });
  }, 90_000);
});
