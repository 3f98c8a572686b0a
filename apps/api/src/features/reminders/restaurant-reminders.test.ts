import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { locations } from '../../db/schema/index.ts';
import { makeUser } from '../meal-plans/test-support.ts';
import { loopback, osmNode, overpassAnswer, type Loopback } from '../places/test-servers.ts';
import { grantTier } from '../subscriptions/test-support.ts';
import { runReminders } from './service.ts';
import { instantOf } from './schedule.ts';
import { remindersOf, setReminderPrefs } from './test-support.ts';

// Issue 14 §1 and issue 12: Plus users' meal reminders may carry a dish from a restaurant near them.
let overpass: Loopback;
let t: TestApp;
let down = false;
beforeAll(async () => {
  overpass = await loopback(() =>
    down ? { hangUp: true } : { json: overpassAnswer([osmNode(11, 52.5215, 13.4115, { amenity: 'fast_food', name: "McDonald's Alexanderplatz", brand: "McDonald's", cuisine: 'burger', opening_hours: '24/7' })]) },
  );
  // The built-in USDA foods carry the chain's menu items.
  t = await createTestApp({ SEED_FOODS: 'true', OVERPASS_URL: overpass.url });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await overpass?.close();
});

const GOALS = { timezone: 'Europe/Berlin', daily_calorie_goal: 2200, daily_protein_goal: 120, daily_carbs_goal: 250, daily_fat_goal: 75, daily_fiber_goal: 30 };
const DAY = '2031-04-02';
const lunch = instantOf(DAY, '12:00', 'Europe/Berlin');

async function userNearMcDonalds(at = lunch, latitude = 52.521) {
  const u = await makeUser(t, GOALS);
  await setReminderPrefs(t, u.id, { meals: { breakfast: null, lunch: '12:00', snack: null, dinner: null } });
  // 100 m from the restaurant, half an hour before lunch.
  await t.app.db.insert(locations).values({ user_id: u.id, latitude, longitude: 13.411, recorded_at: new Date(at.getTime() - 1_800_000) });
  return u;
}
const restaurantOptions = async (userId: number) => {
  const [n] = await remindersOf(t, userId, 'meal_reminder', DAY);
  return ((n!.data as any).options as any[]).filter((o) => o.restaurant);
};

describe('restaurant options in meal reminders', () => {
  it('a Plus user near a restaurant gets one of its dishes that fits, with the distance in km; a free user does not', async () => {
    const free = await userNearMcDonalds();
    const plus = await userNearMcDonalds();
    await grantTier(t.app.db, plus.id, 'plus', new Date('2032-01-01T00:00:00Z'));
    await runReminders(t.app, lunch);

    expect(await restaurantOptions(free.id)).toEqual([]);
    const [option, ...more] = await restaurantOptions(plus.id);
    expect(more).toEqual([]);
    expect(option).toMatchObject({ restaurant: "McDonald's Alexanderplatz", fits: true, place_id: 'osm:node:11' });
    expect(option.distance).toBeGreaterThan(0);
    expect(option.distance).toBeLessThan(0.2);
    expect(option.name).toMatch(/mcdonald/i);
    expect(option.calories).toBeGreaterThan(0);
    expect(option.calories).toBeLessThanOrEqual(2200);
  }, 120_000);

  it('goes out without a restaurant option when the place service is down', async () => {
    const at = instantOf('2031-04-03', '12:00', 'Europe/Berlin');
    // Elsewhere, so the 60 s place cache does not answer for the service.
    const plus = await userNearMcDonalds(at, 52.531);
    await grantTier(t.app.db, plus.id, 'plus', new Date('2032-01-01T00:00:00Z'));
    down = true;
    const asked = overpass.requests.length;
    try {
      await runReminders(t.app, at);
    } finally {
      down = false;
    }
    expect(overpass.requests.length).toBeGreaterThan(asked);
    const [n] = await remindersOf(t, plus.id, 'meal_reminder', '2031-04-03');
    expect(n).toBeDefined();
    expect(((n!.data as any).options as any[]).some((o) => o.restaurant)).toBe(false);
  }, 120_000);
});
