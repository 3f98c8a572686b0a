/**
 * Issue 42 §6, §7, §10: a 21-day history with two partial days (one the user marked, one far below the usual day)
 * and a 10 kg typo weight (confirmed, then deleted). Every screen's numbers must equal a computation from the
 * complete days only, and the trend weight must be one number on the dashboard, Health and the Assessment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import { trendRatePerWeek, trendWeights } from '@app/nutrition';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from '../foods/test-support.ts';
import { grantTier } from '../subscriptions/test-support.ts';

let t: TestApp;
const TZ = 'Pacific/Kiritimati'; // UTC+14: "today" and "future" are the user's, not the server's
const today = format(new TZDate(new Date(), TZ), 'yyyy-MM-dd');
const plus = (d: string, n: number) => format(addDays(parseISO(d), n), 'yyyy-MM-dd');
const day = (i: number) => plus(today, i - 20); // i = 0 … 20, day 20 is today
const isWeekend = (d: string) => [0, 6].includes(parseISO(d).getDay());
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const r1 = (n: number) => Math.round(n * 10) / 10;

const USER_PARTIAL = 5; // 1,300 kcal: not far enough below the usual day to be inferred, the user says so
const INFERRED_PARTIAL = 17; // breakfast only, 380 kcal: inferred
const TYPO_DAY = 10;

/** The day's meals: weekdays about 2,000 kcal, weekends about 2,400. */
function meals(i: number) {
  const d = day(i);
  const dinner = (isWeekend(d) ? 1200 : 800) + (i % 3) * 50;
  const m = (meal_type: string, food_name: string, calories: number) => ({ food_name, calories, protein: calories / 20, carbs: calories / 8, fat: calories / 30, meal_type, date: d });
  if (i === INFERRED_PARTIAL) return [m('breakfast', 'Porridge', 380)];
  if (i === USER_PARTIAL) return [m('breakfast', 'Porridge', 600), m('lunch', 'Chicken salad', 700)];
  return [m('breakfast', 'Porridge', 500), m('lunch', 'Chicken salad', 700), m('dinner', 'Salmon and rice', dinner)];
}
const kcalOf = (i: number) => meals(i).reduce((a, e) => a + e.calories, 0);
const weightOf = (i: number) => Math.round((85 - 0.06 * i + (((i * 7) % 5) - 2) * 0.1) * 100) / 100;

let token: string;
let userId: number;
const completeDays = Array.from({ length: 21 }, (_, i) => i).filter((i) => i !== USER_PARTIAL && i !== INFERRED_PARTIAL);

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t, { timezone: TZ, daily_calorie_goal: 2500 });
  token = u.token;
  userId = u.user.id;
  // The whole history through the API: one batch of food, one weigh-in a day (none on the typo's day).
  const batch = await t.http.post('/food-logs/batch', Array.from({ length: 21 }, (_, i) => meals(i)).flat(), { token });
  expect(batch.status).toBe(201);
  for (let i = 0; i < 21; i++) if (i !== TYPO_DAY) expect((await t.http.post('/health-metrics/weight', { weight_kg: weightOf(i), date: day(i) }, { token })).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

const get = async (path: string, tok = token) => {
  const res = await t.http.get(path, { token: tok });
  expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(200);
  return res.json;
};

describe('day states (issue 42 §6)', () => {
  it('the user marks a day partial; a day far below the usual is inferred partial; an empty day is not listed', async () => {
    const put = await t.http.put(`/food-logs/day-state/${day(USER_PARTIAL)}`, { state: 'partial' }, { token });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ date: day(USER_PARTIAL), state: 'partial', set_by_user: true });
    const list = await get(`/food-logs/day-states?start_date=${plus(today, -25)}&end_date=${today}`);
    expect(list.map((d: any) => d.date)).toEqual(Array.from({ length: 21 }, (_, i) => day(i)));
    expect(list.filter((d: any) => d.state === 'partial')).toEqual([
      { date: day(USER_PARTIAL), state: 'partial', set_by_user: true, kcal: 1300 },
      { date: day(INFERRED_PARTIAL), state: 'partial', set_by_user: false, kcal: 380 },
    ]);
    expect(list.find((d: any) => d.date === day(3))).toEqual({ date: day(3), state: 'complete', set_by_user: false, kcal: kcalOf(3) });
  });

  it('null clears the choice (the day is inferred again); marking an inferred partial day complete counts it', async () => {
    const cleared = await t.http.put(`/food-logs/day-state/${day(USER_PARTIAL)}`, { state: null }, { token });
    expect(cleared.json).toEqual({ date: day(USER_PARTIAL), state: 'complete', set_by_user: false });
    const done = await t.http.put(`/food-logs/day-state/${day(INFERRED_PARTIAL)}`, { state: 'complete' }, { token });
    expect(done.json).toEqual({ date: day(INFERRED_PARTIAL), state: 'complete', set_by_user: true });
    expect((await get(`/dashboard/historical-stats/21?end_date=${today}`)).partial_days_left_out).toBe(0);
    // Back to the story: the user's partial day, and the inferred one without a choice.
    expect((await t.http.put(`/food-logs/day-state/${day(USER_PARTIAL)}`, { state: 'partial' }, { token })).status).toBe(200);
    expect((await t.http.put(`/food-logs/day-state/${day(INFERRED_PARTIAL)}`, { state: null }, { token })).json.state).toBe('partial');
    // A day with nothing logged, cleared: no state at all.
    expect((await t.http.put(`/food-logs/day-state/${plus(today, -30)}`, { state: null }, { token })).json).toEqual({ date: plus(today, -30), state: null, set_by_user: false });
  });

  it("one day asked for by its date is that day as it is: a partial day's own nutrients are not left out (the food log's day card)", async () => {
    const one = await get(`/insights/nutrients?days=1&end_date=${day(INFERRED_PARTIAL)}`);
    expect(one.days_counted).toBe(1);
    expect(one.partial_days_left_out).toBe(0);
    const fiber = one.nutrients.find((n: any) => n.key === 'fiber' || n.nutrient === 'fiber' || n.name === 'Fiber');
    expect(one.nutrients.length).toBeGreaterThan(0);
    expect(fiber ?? one.nutrients[0]).toBeDefined();
    // The same day inside a week is left out of the week's averages.
    const week = await get(`/insights/nutrients?days=7&end_date=${day(INFERRED_PARTIAL)}`);
    expect(week.partial_days_left_out).toBeGreaterThanOrEqual(1);
  });

  it('future dates, bad dates and ranges are 422 naming the field; no token is 401; another user sees and changes only their own', async () => {
    const future = await t.http.put(`/food-logs/day-state/${plus(today, 1)}`, { state: 'complete' }, { token });
    expect(future.status).toBe(422);
    expect(future.json.detail.errors[0].loc).toEqual(['path', 'date']);
    for (const bad of ['2026-13-01', '1899-12-31', 'yesterday']) expect((await t.http.put(`/food-logs/day-state/${bad}`, { state: 'complete' }, { token })).status).toBe(422);
    expect((await t.http.put(`/food-logs/day-state/${today}`, { state: 'done' }, { token })).status).toBe(422);
    expect((await t.http.put(`/food-logs/day-state/${today}`, {}, { token })).status).toBe(422);
    expect((await t.http.get(`/food-logs/day-states?start_date=${plus(today, -366)}&end_date=${today}`, { token })).status).toBe(422);
    expect((await t.http.get(`/food-logs/day-states?start_date=${today}&end_date=${plus(today, -1)}`, { token })).status).toBe(422);
    expect((await t.http.get(`/food-logs/day-states?start_date=${today}&end_date=${plus(today, 1)}`, { token })).status).toBe(422);
    expect((await t.http.get(`/food-logs/day-states?start_date=${plus(today, -365)}&end_date=${today}`, { token })).status).toBe(200);
    expect((await t.http.get(`/food-logs/day-states?start_date=${today}&end_date=${today}`)).status).toBe(401);
    expect((await t.http.put(`/food-logs/day-state/${today}`, { state: 'partial' })).status).toBe(401);

    const other = await makeUser(t, { timezone: TZ });
    expect(await get(`/food-logs/day-states?start_date=${plus(today, -25)}&end_date=${today}`, other.token)).toEqual([]);
    expect((await t.http.put(`/food-logs/day-state/${day(3)}`, { state: 'partial' }, { token: other.token })).status).toBe(200);
    expect(await get(`/food-logs/day-states?start_date=${day(3)}&end_date=${day(3)}`, other.token)).toEqual([{ date: day(3), state: 'partial', set_by_user: true, kcal: 0 }]);
    // The first user's day 3 is untouched.
    expect(await get(`/food-logs/day-states?start_date=${day(3)}&end_date=${day(3)}`)).toEqual([{ date: day(3), state: 'complete', set_by_user: false, kcal: kcalOf(3) }]);
  });
});

describe('every screen counts the complete days only, and says how many it left out', () => {
  const completeIn = (from: number) => completeDays.filter((i) => i >= from);
  const week = (days: number[]) => {
    const we = days.filter((i) => isWeekend(day(i))).map(kcalOf);
    const wd = days.filter((i) => !isWeekend(day(i))).map(kcalOf);
    const weekday = Math.round(mean(wd));
    const weekend = Math.round(mean(we));
    return { weekday_calories: weekday, weekend_calories: weekend, difference: Math.round(weekend - weekday), weekday_days: wd.length, weekend_days: we.length };
  };

  it('dashboard averages (21 days)', async () => {
    const s = await get(`/dashboard/historical-stats/21?end_date=${today}`);
    expect(s).toMatchObject({ days_logged: 21, days_counted: 19, partial_days_left_out: 2, partial_note: '2 partial days left out: averages, patterns and estimates count complete days only.' });
    expect(s.averages.calories).toBe(r1(mean(completeDays.map(kcalOf))));
    expect(s.totals.calories).toBe(Array.from({ length: 21 }, (_, i) => kcalOf(i)).reduce((a, b) => a + b, 0));
  });

  it('the free Analysis (7 days) and the weekday/weekend pattern (14 and 21 days)', async () => {
    const a = await get('/insights/analysis?days=7');
    expect(a).toMatchObject({ days_logged: 7, days_counted: 6, partial_days_left_out: 1 });
    expect(a.averages.calories).toBe(r1(mean(completeIn(14).map(kcalOf))));
    expect(a.statement).toMatch(/from 6 complete days .*\(1 partial left out\)/);
    for (const [days, from] of [[14, 7], [21, 0]] as const) {
      const p = await get(`/insights/patterns?days=${days}`);
      expect(p.weekday_weekend).toMatchObject({ enough: true, ...week(completeIn(from)) });
      expect(p.partial_days_left_out).toBe(from <= USER_PARTIAL ? 2 : 1);
    }
  });

  it('Pro insights (14 days) tell the same weekday/weekend story as the Analysis', async () => {
    await grantTier(t.app.db, userId, 'pro');
    const pro = await get('/recommendations/pattern-analysis?timeframe_days=14');
    const free = await get('/insights/patterns?days=14');
    expect(pro.weekday_weekend).toEqual(free.weekday_weekend);
    expect(pro).toMatchObject({ days_counted: 13, partial_days_left_out: 1 });
    expect(pro.partial_note).toMatch(/^1 partial day left out/);
  });

  it('the Assessment: calorie advice from the complete days (21), the expenditure estimate from them too', async () => {
    const o = await get('/recommendations/overall-analysis?timeframe_days=21');
    const kcal = mean(completeDays.map(kcalOf));
    const under = o.findings.find((f: any) => f.id === 'calories_under_goal');
    expect(under.evidence).toMatchObject({ calories_per_day: Math.round(kcal), days_logged: 19, difference: Math.round(kcal - 2500) });
    expect(o).toMatchObject({ days_counted: 19, partial_days_left_out: 2 });
    expect(o.averages.calories).toBe(r1(kcal));
    expect(o.expenditure).toMatchObject({ logged_days: 19, partial_days_left_out: 2, mean_intake_kcal: Math.round(kcal) });
    expect(o.expenditure.statement).toMatch(/2 partial days left out/);
    const e = await get('/insights/expenditure');
    expect(e.mean_intake_kcal).toBe(Math.round(kcal));
    expect(e.expenditure_kcal).toBe(o.expenditure.expenditure_kcal);
  });

  it('meal timing counts days by their date: 21 days logged at once never ask to log meals on 3 days (§10)', async () => {
    const m = await get('/insights/meal-timing?days=14');
    expect(m.meal_timing.enough).toBe(false);
    expect(m.meal_timing.statement).not.toMatch(/at least 3 days/);
    expect(m.meal_timing.statement).toMatch(/^13 days have meals logged, but/);
  });
});

describe('one trend weight (issue 42 §7)', () => {
  const trendsEverywhere = async () => {
    const [dash, health, assessment, expenditure] = await Promise.all([
      get(`/dashboard/stats?target_date=${today}`),
      get(`/insights/weight-trend?start_date=${plus(today, -89)}&end_date=${today}`),
      get('/recommendations/overall-analysis?timeframe_days=21'),
      get('/insights/expenditure'),
    ]);
    return { dash: dash.latest_weight, health, assessment: assessment.weight, expenditure };
  };

  it('a 10 kg typo asked about, confirmed, then deleted leaves the trend as the honest weigh-ins make it, the same everywhere', async () => {
    const before = await trendsEverywhere();
    const typo = await t.http.post('/health-metrics/weight', { weight_kg: 95, date: day(TYPO_DAY) }, { token });
    expect(typo.status).toBe(409);
    const saved = await t.http.post('/health-metrics/weight', { weight_kg: 95, date: day(TYPO_DAY), confirm: true }, { token });
    expect(saved.status).toBe(201);
    const during = await trendsEverywhere();
    // 10 kg ten days ago still lifts today's trend by 10 × 0.1 × 0.9^10 ≈ 0.35 kg.
    expect(during.dash.trend_kg).toBeGreaterThan(before.dash.trend_kg + 0.3);
    expect(during.health.latest.trend_kg).toBe(during.dash.trend_kg);
    expect((await t.http.del(`/health-metrics/weight/${saved.json.id}`, { token })).status).toBe(204);

    const after = await trendsEverywhere();
    const expected = trendWeights(Array.from({ length: 21 }, (_, i) => i).filter((i) => i !== TYPO_DAY).map((i) => ({ date: day(i), weight_kg: weightOf(i) })));
    const latest = expected.at(-1)!;
    expect(after.dash).toEqual(latest);
    expect(after.health.latest).toEqual(latest);
    expect(after.assessment.latest).toEqual(latest);
    expect(after.expenditure.latest_weight).toEqual(latest);
    // The Health chart's points are the same trend, and the dashboard's "since" is the trend's change over them.
    expect(after.health.points).toEqual(expected);
    expect(after.health.change_kg).toBe(Math.round((latest.trend_kg - expected[0]!.trend_kg) * 100) / 100);
    expect(after.health.since).toBe(day(0));
    // One weekly rate: the Assessment's, the Health/dashboard answer's and the expenditure estimate's weight change.
    const rate = Math.round(trendRatePerWeek(expected, today)! * 100) / 100;
    expect(rate).toBeLessThan(0);
    expect(after.assessment.weekly_rate_kg).toBe(rate);
    expect(after.health.weekly_rate_kg).toBe(rate);
    expect(after.expenditure.weight_change_kg_per_week).toBe(rate);
    expect(after).toEqual(before);
  });

  it('weight-trend: bad ranges are 422, another user sees none of these weights', async () => {
    expect((await t.http.get(`/insights/weight-trend?start_date=${today}&end_date=${plus(today, -1)}`, { token })).status).toBe(422);
    expect((await t.http.get(`/insights/weight-trend?start_date=${plus(today, -400)}&end_date=${today}`, { token })).status).toBe(422);
    expect((await t.http.get(`/insights/weight-trend?end_date=${today}`, { token })).status).toBe(422);
    const other = await makeUser(t, { timezone: TZ });
    expect(await get(`/insights/weight-trend?start_date=${plus(today, -89)}&end_date=${today}`, other.token)).toMatchObject({ points: [], latest: null, change_kg: null, weekly_rate_kg: null });
  });
});
