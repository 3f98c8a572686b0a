import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { food_logs, locations, reminder_sends, saved_places } from '../../db/schema/index.ts';
import { makeUser } from '../meal-plans/test-support.ts';
import { runReminders } from './service.ts';
import { instantOf } from './schedule.ts';
import { remindersOf, setReminderPrefs } from './test-support.ts';
import { and, eq } from 'drizzle-orm';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// A day far from the real clock, so the real per-minute cron of the test app never sends these.
const DAY = '2031-03-12';
/** Each test its own day, so one test's users never fall due in another's ticks. */
const day = (n: number) => `2031-03-${String(12 + n).padStart(2, '0')}`;
const minute = 60_000;

// 24 zones, whole and part hours, both sides of UTC: each user's 10:00 is a different instant.
const ZONES = [
  'Pacific/Kiritimati', 'Pacific/Tongatapu', 'Asia/Kamchatka', 'Pacific/Noumea', 'Australia/Brisbane', 'Asia/Tokyo',
  'Asia/Shanghai', 'Asia/Bangkok', 'Asia/Dhaka', 'Asia/Kathmandu', 'Asia/Kolkata', 'Asia/Karachi', 'Asia/Dubai',
  'Europe/Moscow', 'Africa/Cairo', 'Europe/Berlin', 'UTC', 'Atlantic/Cape_Verde', 'America/Noronha',
  'America/Sao_Paulo', 'America/Caracas', 'America/Bogota', 'America/Mexico_City', 'Pacific/Honolulu',
];

describe('reminder scheduling', () => {
  it('sends each of 24 users in 24 time zones their logging reminder at their own local time, once', async () => {
    const users = [];
    for (const tz of ZONES) {
      const u = await makeUser(t, { timezone: tz });
      await setReminderPrefs(t, u.id, { logging: ['10:00'] });
      users.push({ ...u, tz, at: instantOf(DAY, '10:00', tz) });
    }
    expect(new Set(users.map((u) => u.at.getTime())).size).toBe(24);
    users.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const u of users) {
      // A minute early: not yet.
      await runReminders(t.app, new Date(u.at.getTime() - minute));
      expect(await remindersOf(t, u.id, 'logging_reminder', DAY), u.tz).toHaveLength(0);
      await runReminders(t.app, u.at);
      const got = await remindersOf(t, u.id, 'logging_reminder', DAY);
      expect(got, u.tz).toHaveLength(1);
      expect(got[0]).toMatchObject({ title: 'Time to log your breakfast', read: false, data: { meal_type: 'breakfast', action: { label: 'Log Food Now', url: '/food-log' } } });
      // The next tick (a minute later, inside the catch-up window) does not repeat it.
      await runReminders(t.app, new Date(u.at.getTime() + minute));
    }
    for (const u of users) expect(await remindersOf(t, u.id, 'logging_reminder', DAY), u.tz).toHaveLength(1);
  }, 120_000);

  it('two workers running the same minute, and a rerun after a restart, produce one notification', async () => {
    const u = await makeUser(t, { timezone: 'Europe/Paris' });
    await setReminderPrefs(t, u.id, { logging: ['14:00'] });
    // A second API/worker process over the same database.
    const t2 = await createTestApp({ JWT_SECRET: t.config.JWT_SECRET }, { database: t.database });
    try {
      const at = instantOf(day(1), '14:00', 'Europe/Paris');
      const runs = await Promise.all([runReminders(t.app, at), runReminders(t2.app, at), runReminders(t.app, at), runReminders(t2.app, new Date(at.getTime() + 30_000))]);
      expect(await remindersOf(t, u.id, 'logging_reminder', day(1))).toHaveLength(1);
      await runReminders(t2.app, new Date(at.getTime() + 5 * minute));
      expect(await remindersOf(t, u.id, 'logging_reminder', day(1))).toHaveLength(1);
      // This day's sends only: the test app's real per-minute cron also sends this user the 14:00 reminder of the
      // real day when the suite runs between 14:00 and 14:10 in Paris (it did once in CI).
      const sends = await t.app.db.select().from(reminder_sends).where(and(eq(reminder_sends.user_id, u.id), eq(reminder_sends.local_date, day(1))));
      expect(sends).toHaveLength(1);
    } finally {
      await t2.close();
    }
  }, 60_000);

  it('skips a logging reminder when that meal is already logged, and reminds about the meal due by then', async () => {
    const u = await makeUser(t, { timezone: 'America/New_York' });
    await setReminderPrefs(t, u.id, { logging: ['10:00', '14:00', '20:00'] });
    await t.app.db.insert(food_logs).values({ user_id: u.id, food_name: 'Oatmeal', calories: 300, protein: 10, carbohydrates: 50, fat: 5, meal_type: 'breakfast', date: day(2) });
    for (const time of ['10:00', '14:00', '20:00']) await runReminders(t.app, instantOf(day(2), time, 'America/New_York'));
    const got = await remindersOf(t, u.id, 'logging_reminder', day(2));
    expect(got.map((n) => n.title).sort()).toEqual(['Time to log your dinner', 'Time to log your lunch']);
  }, 60_000);

  it('respects quiet hours (also across midnight) and sends nothing too late', async () => {
    const quiet = await makeUser(t, { timezone: 'Asia/Tokyo' });
    await setReminderPrefs(t, quiet.id, { logging: ['06:30', '23:00'], meals: { breakfast: '06:45' }, quiet: { start: '22:00', end: '07:00' } });
    const open = await makeUser(t, { timezone: 'Asia/Tokyo' });
    await setReminderPrefs(t, open.id, { logging: ['23:00'], quiet: null });
    await runReminders(t.app, instantOf(day(3), '06:30', 'Asia/Tokyo'));
    await runReminders(t.app, instantOf(day(3), '06:45', 'Asia/Tokyo'));
    await runReminders(t.app, instantOf(day(3), '23:00', 'Asia/Tokyo'));
    expect(await remindersOf(t, quiet.id)).toHaveLength(0);
    expect(await remindersOf(t, open.id, 'logging_reminder', day(3))).toHaveLength(1);
    // A slot missed by more than the catch-up window (server down) is dropped, not sent late.
    const late = await makeUser(t, { timezone: 'UTC' });
    await setReminderPrefs(t, late.id, { logging: ['20:00'] });
    await runReminders(t.app, new Date(instantOf(day(3), '20:00', 'UTC').getTime() + 30 * minute));
    expect(await remindersOf(t, late.id)).toHaveLength(0);
  }, 60_000);

  it('sends nothing for reminders that are off or without a channel', async () => {
    const off = await makeUser(t, { timezone: 'UTC' });
    await setReminderPrefs(t, off.id, {});
    const noInApp = await makeUser(t, { timezone: 'UTC' });
    await setReminderPrefs(t, noInApp.id, { logging: ['09:00'], in_app: false });
    const at = instantOf(day(4), '09:00', 'UTC');
    await runReminders(t.app, at);
    expect(await remindersOf(t, off.id)).toHaveLength(0);
    expect(await remindersOf(t, noInApp.id)).toHaveLength(0);
  });

  it('sends a meal reminder with 2–3 options that fit what is left of the day', async () => {
    const GOALS = { daily_calorie_goal: 2200, daily_protein_goal: 120, daily_carbs_goal: 250, daily_fat_goal: 75, daily_fiber_goal: 30 };
    const u = await makeUser(t, { timezone: 'Europe/Berlin', ...GOALS });
    await setReminderPrefs(t, u.id, { meals: { breakfast: null, lunch: '12:00', dinner: '18:00' } });
    await t.app.db.insert(food_logs).values({ user_id: u.id, food_name: 'Big breakfast', calories: 900, protein: 40, carbohydrates: 100, fat: 35, meal_type: 'breakfast', date: day(5) });
    await runReminders(t.app, instantOf(day(5), '07:30', 'Europe/Berlin'));
    expect(await remindersOf(t, u.id)).toHaveLength(0);
    await runReminders(t.app, instantOf(day(5), '12:00', 'Europe/Berlin'));
    const [n, ...rest] = await remindersOf(t, u.id, 'meal_reminder', day(5));
    expect(rest).toHaveLength(0);
    expect(n!.title).toBe('Lunch ideas for you');
    const data = n!.data as any;
    expect(data.remaining_macros).toMatchObject({ calories: 1300, protein: 80, carbs: 150, fat: 40 });
    expect(data.location_context).toBeNull();
    expect(data.options.length).toBeGreaterThanOrEqual(2);
    expect(data.options.length).toBeLessThanOrEqual(3);
    for (const o of data.options) {
      expect(o).toMatchObject({ name: expect.any(String), calories: expect.any(Number), protein: expect.any(Number), carbs: expect.any(Number), fat: expect.any(Number), fits: true });
      expect(o.calories).toBeLessThanOrEqual(1300 * 1.05);
      expect(o.fat).toBeLessThanOrEqual(40 * 1.05 + 1);
    }
    // Lunch logged before dinner's reminder? Dinner still comes; a logged dinner would not.
    await t.app.db.insert(food_logs).values({ user_id: u.id, food_name: 'Early dinner', calories: 600, protein: 40, carbohydrates: 60, fat: 20, meal_type: 'dinner', date: day(5) });
    await runReminders(t.app, instantOf(day(5), '18:00', 'Europe/Berlin'));
    expect(await remindersOf(t, u.id, 'meal_reminder', day(5))).toHaveLength(1);
  }, 90_000);

  it('says where the user is (home, work) from the last position near a saved place, and nothing when it does not know', async () => {
    const u = await makeUser(t, { timezone: 'Europe/Berlin', daily_calorie_goal: 2000 });
    await setReminderPrefs(t, u.id, { meals: { breakfast: null, lunch: '12:00', dinner: '18:00' } });
    const lunch = instantOf(day(6), '12:00', 'Europe/Berlin');
    await t.app.db.insert(saved_places).values({ user_id: u.id, label: 'work', latitude: 52.52, longitude: 13.405 });
    // 20 m from work, an hour before lunch.
    await t.app.db.insert(locations).values({ user_id: u.id, latitude: 52.5201, longitude: 13.4051, recorded_at: new Date(lunch.getTime() - 3_600_000) });
    await runReminders(t.app, lunch);
    const [atWork] = await remindersOf(t, u.id, 'meal_reminder', day(6));
    expect((atWork!.data as any).location_context).toBe('work');
    // Dinner, 30 km away from any saved place.
    await t.app.db.insert(locations).values({ user_id: u.id, latitude: 52.3, longitude: 13.1, recorded_at: new Date(lunch.getTime() + 5 * 3_600_000) });
    await runReminders(t.app, instantOf(day(6), '18:00', 'Europe/Berlin'));
    const dinner = (await remindersOf(t, u.id, 'meal_reminder', day(6))).find((n) => (n.data as any).meal_type === 'dinner');
    expect((dinner!.data as any).location_context).toBe('other');
  }, 90_000);
});
