import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, outboxFiles, type TestApp } from '../../../test/helpers.ts';
import { makeUser, multiDayBody, waitForPlan, type TestUser } from './test-support.ts';

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
    const res = await t.http.post(exportPath(), { email: 'me@example.com', test_mode: true }, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.json.subject).toBe(`Your meal plan: ${NAME}`);
    expect(res.json.html).not.toContain('<script>');
    expect(res.json.html).toContain('Week &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(res.json.text).toContain(NAME);
    for (const day of plan.plan_days) {
      expect(res.json.text).toContain(`Day ${day.day_number} (${day.date})`);
      for (const meal of ['Breakfast', 'Lunch', 'Dinner', 'Snack']) expect(res.json.html).toContain(`<h3>${meal}`);
      expect(res.json.text).toContain(day.meals.dinner.foods[0].name);
    }
    expect(res.json.text).not.toContain('Shopping list');
    expect(outboxFiles(t.config.outboxDir).length).toBe(before);
  });

  it('adds the shopping list, grouped by category, when asked', async () => {
    const res = await t.http.post(exportPath(), { email: 'me@example.com', test_mode: true, include_shopping_list: true }, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.json.html).toContain('<h2>Shopping list</h2>');
    expect(res.json.text).toMatch(/Shopping list\n {2}(Proteins|Fruits & Vegetables|Grains & Bread|Dairy|Seasonings & Condiments|Other)/);
  });

  it('sends a real mail (outbox) and answers the success message', async () => {
    const before = new Set(outboxFiles(t.config.outboxDir));
    const res = await t.http.post(exportPath(), { email: 'friend@example.com', include_shopping_list: true }, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'Meal plan emailed successfully!' });
    const added = outboxFiles(t.config.outboxDir).filter((f) => !before.has(f));
    expect(added).toHaveLength(1);
    const eml = readFileSync(join(t.config.outboxDir, added[0]!), 'utf8');
    expect(eml).toMatch(/^To: friend@example\.com/m);
    expect(eml).toMatch(/Content-Type: text\/html/);
    expect(eml).toMatch(/Content-Type: text\/plain/);
  });

  it('rejects an unsupported format, a bad e-mail and a plan that is not ready (422/409)', async () => {
    const pdf = await t.http.post(`/meal-plans/${plan.id}/export?format=pdf`, { email: 'me@example.com' }, { token: user.token });
    expect(pdf.status).toBe(422);
    expect(pdf.json.detail.type).toBe('validation_error');
    expect((await t.http.post(`/meal-plans/${plan.id}/export`, { email: 'me@example.com' }, { token: user.token })).status).toBe(422);
    expect((await t.http.post(exportPath(), { email: 'not-an-email' }, { token: user.token })).status).toBe(422);
  });
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
    const out = await bad.http.post(`/meal-plans/${p.id}/export?format=email`, { email: 'me@example.com' }, { token: u.token });
    expect(out.status).toBe(502);
    expect(out.json.detail).toMatchObject({ msg: 'Failed to export meal plan to email. Please try again.', type: 'api_error' });
  }, 90_000);
});
