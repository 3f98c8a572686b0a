/**
 * Issue 42 §5: a user with no calorie goal was told "You have reached your 2,000 kcal goal" in suggestions and in a
 * notification. With no goal set, no text calls the default "your goal"; it says which number it used and why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, waitFor, type TestApp } from '../../../test/helpers.ts';
import { food_logs } from '../../db/schema/index.ts';
import { makeUser } from '../meal-plans/test-support.ts';
import { runReminders } from '../reminders/service.ts';
import { instantOf } from '../reminders/schedule.ts';
import { remindersOf, setReminderPrefs } from '../reminders/test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** "your 2,000 kcal goal", "your goal of 2,000", "your calorie goal": any claim that a goal is the user's. */
const CLAIM = /\byour\b[^.]{0,40}\bgoals?\b/i;
const DATE = '2031-05-20';
const texts = (x: unknown): string[] => (typeof x === 'string' ? [x] : Array.isArray(x) ? x.flatMap(texts) : x && typeof x === 'object' ? Object.values(x).flatMap(texts) : []);

async function ateTheDay(userId: number) {
  await t.app.db.insert(food_logs).values([
    { user_id: userId, food_name: 'Breakfast', calories: 700, protein: 30, carbohydrates: 90, fat: 25, meal_type: 'breakfast', date: DATE },
    { user_id: userId, food_name: 'Lunch', calories: 800, protein: 40, carbohydrates: 90, fat: 30, meal_type: 'lunch', date: DATE },
    { user_id: userId, food_name: 'Snack', calories: 520, protein: 20, carbohydrates: 70, fat: 18, meal_type: 'snack', date: DATE },
  ]);
}

describe('no invented goal', () => {
  it('a user with no goals: suggestions, the day plan and the meal reminder name the 2,000 kcal default and why, never "your goal"', async () => {
    const u = await makeUser(t, { timezone: 'UTC' });
    await ateTheDay(u.id);
    const what = await t.http.post(`/recommendations/what-to-eat?timestamp=${DATE}T17:30:00Z`, { meal_type: 'dinner' }, { token: u.token });
    expect(what.status).toBe(200);
    expect(what.json.message).toBe('You have reached 2,000 kcal for today. Using 2,000 kcal, a common reference, until you set a calorie goal in Settings.');
    for (const s of texts(what.json)) expect(s).not.toMatch(CLAIM);

    const req = await t.http.post(`/recommendations/daily-meal-plan/request?timestamp=${DATE}T17:30:00Z`, undefined, { token: u.token });
    expect(req.status, req.text).toBe(202);
    const status = await waitFor(async () => {
      const s = await t.http.get(`/recommendations/daily-meal-plan/status/${req.json.id}`, { token: u.token });
      return s.json.status !== 'processing' ? s.json : null;
    }, 60_000, 250);
    expect(status.status, status.error_message).toBe('completed');
    expect(status.plan.considerations[0]).toMatch(/^You have reached 2,000 kcal for today: nothing more is planned\. Using 2,000 kcal, a common reference/);
    for (const s of texts(status.plan)) expect(s).not.toMatch(CLAIM);

    await setReminderPrefs(t, u.id, { meals: { breakfast: null, lunch: null, dinner: '18:00' } });
    await runReminders(t.app, instantOf(DATE, '18:00', 'UTC'));
    const [n] = await remindersOf(t, u.id, 'meal_reminder', DATE);
    expect(n).toBeDefined();
    expect(n!.message).toContain('Using 2,000 kcal, a common reference');
    for (const s of texts([n!.title, n!.message, n!.data])) expect(s).not.toMatch(CLAIM);
  }, 120_000);

  it('a user who set 2,000 kcal is told about their goal', async () => {
    const u = await makeUser(t, { timezone: 'UTC', daily_calorie_goal: 2000 });
    await ateTheDay(u.id);
    const what = await t.http.post(`/recommendations/what-to-eat?timestamp=${DATE}T17:30:00Z`, { meal_type: 'dinner' }, { token: u.token });
    expect(what.json.message).toBe('You have reached your 2,000 kcal goal for today.');
  });
});
