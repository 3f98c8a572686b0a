import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TZDate } from '@date-fns/tz';
import { addDays, format, parseISO } from 'date-fns';
import { readableDay } from '@app/nutrition/numbers';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeUser } from '../foods/test-support.ts';
import { grantTier } from '../subscriptions/test-support.ts';
import { food_logs } from '../../db/schema/index.ts';

let t: TestApp;
const TZ = 'Pacific/Kiritimati'; // UTC+14: its today is often not the server's
const todayIn = (tz: string) => format(new TZDate(new Date(), tz), 'yyyy-MM-dd');
const plus = (d: string, n: number) => format(addDays(parseISO(d), n), 'yyyy-MM-dd');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const manual = (token: string, date: string | undefined, food_name: string, calories: number, protein = 0, carbs = 0, fat = 0, extra: Record<string, number> = {}) =>
  t.http.post('/food-logs', { food_name, calories, protein, carbs, fat, meal_type: 'lunch', ...(date ? { date } : {}), ...extra }, { token });

describe('empty ranges answer zeros and say so', () => {
  it('for the dashboard, insights and analyses', async () => {
    const { token } = await makeUser(t);
    const h = await t.http.get('/dashboard/historical-stats/7?end_date=2025-03-09', { token });
    expect(h.status).toBe(200);
    expect(h.json).toMatchObject({ start_date: '2025-03-03', end_date: '2025-03-09', days: 7, days_logged: 0, averages: { calories: 0 }, totals: { calories: 0 } });
    expect(h.json.series).toHaveLength(7);
    expect(h.json.series.every((d: any) => d.calories === 0 && !d.logged)).toBe(true);
    expect(h.json.statement).toBe('No food logged in these 7 days: every total is 0.');
    const a = await t.http.get('/insights/analysis', { token });
    expect(a.json).toMatchObject({ days: 7, days_logged: 0, macro_split: { enough: false }, calorie_drivers: [] });
    const o = await t.http.get('/recommendations/overall-analysis', { token });
    expect(o.status).toBe(200);
    expect(o.json).toMatchObject({ days: 30, findings: [], not_enough_data: [expect.stringMatching(/log at least 3 days/)], expenditure: { enough: false, expenditure_kcal: null } });
    const s = await t.http.get('/dashboard/stats', { token });
    expect(s.json).toMatchObject({ entries: 0, totals: { calories: 0 }, goals: { calories: 0 }, remaining: { calories: null }, streak_days: 0, latest_weight: null, statement: expect.stringMatching(/Nothing logged/) });
  });
});

describe('dashboard', () => {
  let token: string;
  let today: string;
  beforeAll(async () => {
    ({ token } = await makeUser(t, { timezone: TZ, daily_calorie_goal: 2000, daily_protein_goal: 100 }));
    today = todayIn(TZ);
    // Logged today (default date), yesterday and the day before; a gap; then an older day.
    expect((await manual(token, undefined, 'Oats', 500, 20, 80, 10)).json.date).toBe(today);
    await manual(token, plus(today, -1), 'Pasta', 2100, 80, 300, 50);
    await manual(token, plus(today, -2), 'Pasta', 1900, 70, 280, 45);
    await manual(token, plus(today, -4), 'Cake', 3000, 30, 400, 120);
    await t.http.post('/health-metrics/weight', { weight_kg: 82 }, { token });
  });

  it("stats: today's totals in the user's time zone, goals with query overrides, remaining, streak, weight", async () => {
    const res = await t.http.get('/dashboard/stats?goal_protein=150', { token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      date: today,
      entries: 1,
      totals: { calories: 500, protein: 20, carbs: 80, fat: 10 },
      goals: { calories: 2000, protein: 150, carbs: 0 },
      remaining: { calories: 1500, protein: 130, carbs: null },
      percentages: { calories: 25, protein: 13.3, carbs: null },
      streak_days: 3,
      latest_weight: { date: today, weight_kg: 82, trend_kg: 82 },
      statement: '1 entry logged today.',
    });
    expect((await t.http.get(`/dashboard/stats?target_date=${plus(today, -3)}`, { token })).json.statement).toBe(`Nothing logged on ${readableDay(plus(today, -3))}.`);
    // The day before a gap: the streak counts back from it.
    expect((await t.http.get(`/dashboard/stats?target_date=${plus(today, -1)}`, { token })).json.streak_days).toBe(2);
    // A day not logged yet keeps yesterday's streak (the day is not over).
    expect((await t.http.get(`/dashboard/stats?target_date=${plus(today, 1)}`, { token })).json.streak_days).toBe(3);
    expect((await t.http.get('/dashboard/stats?goal_calories=-5', { token })).status).toBe(422);
    // An empty goal is not given (the saved 2,000 kcal stay); only plain decimals are numbers.
    expect((await t.http.get('/dashboard/stats?goal_calories=&goal_protein=', { token })).json).toMatchObject({ goals: { calories: 2000, protein: 100 }, remaining: { calories: 1500 } });
    expect((await t.http.get('/dashboard/stats?goal_calories=1800.5', { token })).json.goals.calories).toBe(1800.5);
    for (const bad of ['0x10', '1e3', 'abc', '25000']) expect((await t.http.get(`/dashboard/stats?goal_calories=${bad}`, { token })).status, bad).toBe(422);
    expect((await t.http.get('/dashboard/stats?target_date=2025-02-31', { token })).status).toBe(422);
  });

  it('historical stats: per-day series, averages over complete days, adherence to the goal', async () => {
    const res = await t.http.get(`/dashboard/historical-stats/5?end_date=${today}`, { token });
    // Today's 500 kcal is below 40 % of the 2,000 kcal goal (too few days for a usual day): partial, left out of the
    // averages and the adherence, kept in the totals (issue 42 §6).
    expect(res.json).toMatchObject({ start_date: plus(today, -4), end_date: today, days: 5, days_logged: 4, days_counted: 3, partial_days_left_out: 1, averages: { calories: 2333.3 }, totals: { calories: 7500 } });
    expect(res.json.partial_note).toBe('1 partial day left out: averages, patterns and estimates count complete days only.');
    expect(res.json.series.map((d: any) => d.calories)).toEqual([3000, 0, 1900, 2100, 500]);
    expect(res.json.series.map((d: any) => d.state)).toEqual(['complete', null, 'complete', 'complete', 'partial']);
    // 1,900 and 2,100 are within 10 % of 2,000; 3,000 is not.
    expect(res.json.adherence).toMatchObject({ days_within_goal: 2, percent: 66.7 });
    // Numbers as the screens write them (the table next to it says "2,333 kcal").
    expect(res.json.statement).toBe('4 of 5 days logged; 2,333 kcal a day on average on 3 complete days (1 partial left out), 2 within 10 % of your 2,000 kcal goal.');
    for (const bad of ['0', '3661', 'abc', '1.5']) expect((await t.http.get(`/dashboard/historical-stats/${bad}`, { token })).status).toBe(422);
    // Dates stay in 1900..2100 everywhere: a range that would reach back before 1900, or a month past 2100, is refused.
    const early = await t.http.get('/dashboard/historical-stats/3660?end_date=1900-01-05', { token });
    expect(early.status).toBe(422);
    expect(early.json.detail.errors[0].loc).toEqual(['path', 'days']);
    expect((await t.http.get('/dashboard/historical-stats/5?end_date=1900-01-05', { token })).status).toBe(200);
    expect((await t.http.get('/dashboard/monthly-stats/2150/1', { token })).status).toBe(422);
    expect((await t.http.get('/dashboard/monthly-stats/2100/12', { token })).status).toBe(200);
  });

  it('weekly stats are Monday-based weeks in the user time zone; monthly stats a calendar month', async () => {
    const w0 = await t.http.get('/dashboard/weekly-stats/0', { token });
    expect(parseISO(w0.json.start_date).getDay()).toBe(1);
    expect(w0.json.days).toBe(7);
    expect(w0.json.start_date <= today && today <= w0.json.end_date).toBe(true);
    const w1 = await t.http.get('/dashboard/weekly-stats/1', { token });
    expect(w1.json.end_date).toBe(plus(w0.json.start_date, -1));
    const feb = await t.http.get('/dashboard/monthly-stats/2024/2', { token });
    expect(feb.json).toMatchObject({ start_date: '2024-02-01', end_date: '2024-02-29', days: 29, days_logged: 0 });
    const [y, m] = today.split('-');
    const now = await t.http.get(`/dashboard/monthly-stats/${y}/${Number(m)}`, { token });
    expect(now.json.days_logged).toBeGreaterThanOrEqual(1);
    expect((await t.http.get('/dashboard/monthly-stats/2025/13', { token })).status).toBe(422);
    expect((await t.http.get('/dashboard/weekly-stats/-1', { token })).status).toBe(422);
  });

  it("does not judge a new user's first morning: a range with only today logged has no findings yet", async () => {
    const { token: fresh } = await makeUser(t, { daily_calorie_goal: 2000, timezone: 'UTC' });
    expect((await manual(fresh, undefined, 'Breakfast burrito', 850, 30, 90, 35)).status).toBe(201);
    const res = (await t.http.get('/recommendations/overall-analysis', { token: fresh })).json;
    expect(res.findings).toEqual([]);
    expect(res.not_enough_data[0]).toMatch(/^Today is still under way/);
    // once a whole day is there too, the findings read the range
    expect((await manual(fresh, plus(todayIn('UTC'), -3), 'Pasta', 2600, 90, 300, 100)).status).toBe(201);
    const later = (await t.http.get('/recommendations/overall-analysis', { token: fresh })).json;
    expect(later.findings.length).toBeGreaterThan(0);
  });

  it('range totals and means agree with the CSV and the insights: summed exactly, rounded once', async () => {
    const { token: mine } = await makeUser(t);
    const days = ['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06', '2025-06-07'];
    for (const d of days) expect((await manual(mine, d, 'Rice', 100.05, 0, 10.05)).status).toBe(201);
    const range = (await t.http.get('/dashboard/historical-stats/6?end_date=2025-06-07', { token: mine })).json;
    expect(range.series.map((d: any) => d.carbs)).toEqual([10.1, 10.1, 10.1, 10.1, 10.1, 10.1]);
    // Not 600.6 / 60.6: the sum of the rounded days.
    expect(range.totals).toMatchObject({ calories: 600.3, carbs: 60.3 });
    expect(range.averages).toMatchObject({ calories: 100.1, carbs: 10.1 });
    const insights = (await t.http.get('/insights/analysis?days=6&end_date=2025-06-07', { token: mine })).json;
    expect(insights.averages).toMatchObject({ calories: range.averages.calories, carbs: range.averages.carbs });
    const day = (await t.http.get('/food-logs/daily-summary/2025-06-02', { token: mine })).json;
    expect(day.daily_totals).toMatchObject({ calories: 100.05, carbs: 10.05 });
  });

  it("another user's logs never show up", async () => {
    const { token: other } = await makeUser(t, { timezone: TZ });
    const res = await t.http.get(`/dashboard/historical-stats/5?end_date=${today}`, { token: other });
    expect(res.json.days_logged).toBe(0);
    expect((await t.http.get('/dashboard/stats', { token: other })).json).toMatchObject({ entries: 0, latest_weight: null });
    expect((await t.http.get('/recommendations/overall-analysis', { token: other })).json.findings).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    for (const p of ['/dashboard/stats', '/insights/analysis', '/recommendations/pattern-analysis']) expect((await t.http.get(p)).status).toBe(401);
  });
});

describe('streak', () => {
  it('a streak longer than one query window counts in full, stops at a gap, and is nobody else\'s', async () => {
    const { user, token } = await makeUser(t);
    const end = '2025-06-30';
    // 130 logged days in a row (more than two 62-day windows), a gap, then 5 older days; two entries on some days.
    const dates = [...Array.from({ length: 130 }, (_, i) => plus(end, -i)), ...Array.from({ length: 5 }, (_, i) => plus(end, -131 - i))];
    const rows = dates.flatMap((date, i) => Array.from({ length: i % 3 ? 1 : 2 }, () => ({ user_id: user.id, food_name: 'Rice', calories: 300, meal_type: 'lunch', date })));
    await t.app.db.insert(food_logs).values(rows);
    const at = async (d: string, tok = token) => (await t.http.get(`/dashboard/stats?target_date=${d}`, { token: tok })).json.streak_days;
    expect(await at(end)).toBe(130);
    // Exactly one window (62 days) and one day more.
    expect(await at(plus(end, -130 + 62))).toBe(62);
    expect(await at(plus(end, -130 + 63))).toBe(63);
    expect(await at(plus(end, -131))).toBe(5);
    const other = await makeUser(t);
    expect(await at(end, other.token)).toBe(0);
  });
});

describe('insights and analyses', () => {
  let token: string;
  let userId: number;
  // A week of 2025-03-03 (Monday) to 2025-03-09 in New York.
  const TZNY = 'America/New_York';
  const week = ['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09'];
  const local = (date: string, hhmm: string) => {
    const [y, m, d] = date.split('-').map(Number);
    const [h, mi] = hhmm.split(':').map(Number);
    return new Date(new TZDate(y!, m! - 1, d!, h!, mi!, TZNY).getTime());
  };
  /** An entry logged at a local wall-clock time (created_at decides meal timing). */
  const at = (date: string, hhmm: string, food_name: string, calories: number, protein: number, carbs: number, fat: number, more: Partial<typeof food_logs.$inferInsert> = {}) => ({
    user_id: userId,
    date,
    food_name,
    calories,
    protein,
    carbohydrates: carbs,
    fat,
    meal_type: 'dinner',
    created_at: local(date, hhmm),
    ...more,
  });
  beforeAll(async () => {
    const u = await makeUser(t, { timezone: TZNY, daily_calorie_goal: 2000, sex: 'female', birth_year: new Date().getFullYear() - 25 });
    token = u.token;
    userId = u.user.id;
    const rows = week.flatMap((d, i) => [
      at(d, '08:00', 'Oatmeal', 400, 12, 70, 7, { fiber: 8, sodium: 100 }),
      at(d, '22:30', 'Cheese pizza', i >= 5 ? 2400 : 1800, 70, 200, 80, { fiber: 4, sodium: 2600, saturated_fat: 35 }),
    ]);
    // Logged a day late (back-filled): its time says nothing about when it was eaten.
    rows.push(at('2025-03-05', '12:00', 'Apple', 95, 0, 25, 0, { created_at: local('2025-03-06', '12:00'), fiber: 4 }));
    await t.app.db.insert(food_logs).values(rows);
    for (const [d, kg] of [['2025-03-03', 70], ['2025-03-06', 70.4], ['2025-03-09', 70.6]] as const) await t.http.post('/health-metrics/weight', { weight_kg: kg, date: d }, { token });
  });

  it('analysis: macro split against the AMDR and the foods that drive calories', async () => {
    const res = await t.http.get('/insights/analysis?end_date=2025-03-09', { token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ days: 7, days_logged: 7, start_date: '2025-03-03' });
    // A range that ends before the user's today is named by its last day, not by ISO dates.
    expect(res.json.statement).toBe('Macro split and calorie drivers from 7 complete days in the 7 days to Sun, Mar 9, 2025.');
    expect(res.json.macro_split.enough).toBe(true);
    expect(res.json.macro_split.shares.find((s: any) => s.macro === 'fat')).toMatchObject({ status: 'above', amdr_max: 35 });
    expect(res.json.calorie_drivers[0]).toMatchObject({ food_name: 'Cheese pizza', times_logged: 7 });
  });

  it('meal timing in the user time zone; late eating counted', async () => {
    const res = await t.http.get('/insights/meal-timing?end_date=2025-03-09', { token });
    expect(res.json.days).toBe(14);
    expect(res.json.meal_timing).toMatchObject({ enough: true, days: 7, first_meal_avg: '08:00', last_meal_avg: '22:30', late_days: 7, regularity: 'regular' });
    expect(res.json.meal_timing.late_calories_percent).toBeGreaterThan(80);
    expect((await t.http.get('/insights/meal-timing?days=0', { token })).status).toBe(422);
    expect((await t.http.get('/insights/meal-timing?days=400', { token })).status).toBe(422);
  });

  it('patterns: weekday vs weekend', async () => {
    const res = await t.http.get('/insights/patterns?end_date=2025-03-09&days=7', { token });
    expect(res.json.weekday_weekend).toMatchObject({ enough: true, weekday_calories: 2219, weekend_calories: 2800, difference: 581 });
    expect(res.json.by_weekday[0]).toMatchObject({ weekday: 'Monday', days: 1, calories: 2200 });
  });

  it('nutrients against the DRI for the user age and sex; unknown is "not known"', async () => {
    const res = await t.http.get('/insights/nutrients?end_date=2025-03-09', { token });
    expect(res.json).toMatchObject({ sex: 'female', age_group: '19–30', days: 7 });
    const by = Object.fromEntries(res.json.nutrients.map((n: any) => [n.nutrient, n]));
    expect(by.sodium).toMatchObject({ per_day: 2700, status: 'over limit', target: 2300 });
    expect(by.fiber).toMatchObject({ target: 25, status: 'low' });
    expect(by.iron).toMatchObject({ per_day: null, status: 'not known', target: 18 });
  });

  it('overall analysis: ranked findings that cite numbers and suggest the user own foods', async () => {
    const res = await t.http.get(`/recommendations/overall-analysis?timeframe_days=7&timestamp=${encodeURIComponent('2025-03-10T02:00:00Z')}`, { token });
    expect(res.status).toBe(200);
    // 02:00 UTC on the 10th is still the 9th in New York.
    expect(res.json).toMatchObject({ end_date: '2025-03-09', days_logged: 7 });
    expect(res.json.statement).toBe('Findings from 7 complete days in the last 7 days.');
    const oneDay = await t.http.get(`/recommendations/overall-analysis?timeframe_days=1&timestamp=${encodeURIComponent('2025-03-10T02:00:00Z')}`, { token });
    expect(oneDay.json.statement).toBe('Findings from 1 complete day today.');

    const ids = res.json.findings.map((f: any) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['calories_over_goal', 'sodium_high', 'late_eating', 'fiber_low']));
    const cal = res.json.findings.find((f: any) => f.id === 'calories_over_goal');
    expect(cal.evidence).toMatchObject({ goal: 2000, days_logged: 7 });
    expect(cal.suggestion).toMatch(/Cheese pizza/);
    expect(res.json.findings.every((f: any) => f.citation.length > 10)).toBe(true);
    expect(res.json.weight.latest).toMatchObject({ date: '2025-03-09', weight_kg: 70.6 });
    expect(res.json.expenditure).toMatchObject({ enough: false, statement: expect.stringMatching(/Not enough data/) });
    // The pattern analysis behind /pro-insights is a Pro feature: 403 until a tier is active.
    const patUrl = `/recommendations/pattern-analysis?timestamp=${encodeURIComponent('2025-03-10T02:00:00Z')}`;
    const locked = await t.http.get(patUrl, { token });
    expect(locked.status).toBe(403);
    expect(locked.json.detail.msg).toBe('This feature requires Pro subscription');
    await grantTier(t.app.db, userId, 'pro');
    const pat = await t.http.get(patUrl, { token });
    expect(pat.status).toBe(200);
    expect(pat.json.findings.map((f: any) => f.id)).toEqual(expect.arrayContaining(['late_eating', 'weekend_surplus']));
    expect(pat.json.findings.map((f: any) => f.id)).not.toContain('sodium_high');
    expect((await t.http.get('/recommendations/overall-analysis?timeframe_days=0', { token })).status).toBe(422);
    expect((await t.http.get('/recommendations/overall-analysis?timestamp=soon', { token })).status).toBe(422);
  });
});
