import type { FastifyInstance } from 'fastify';
import pLimit from 'p-limit';
import { wholeNumber } from '@app/nutrition/numbers';
import { mealOptions } from '../recommendations/service.ts';
import { loggedOn } from '../recommendations/repository.ts';
import { storedPreferences } from '../notifications/preferences.ts';
import { enqueuePush } from '../device-tokens/push-jobs.ts';
import { DEFAULT_NEARBY_RADIUS, hasEntitlement, RECENT_LOCATIONS_HOURS } from '@app/contracts';
import { lastLocationContext, recent } from '../locations/service.ts';
import { placesFor } from '../places/service.ts';
import { recommend } from '../restaurants/service.ts';
import { refreshTiers } from '../subscriptions/tiers.ts';
import * as repo from './repository.ts';
import { dueSlots, type DueSlot } from './schedule.ts';

const MEAL_LABEL = { breakfast: 'breakfast', lunch: 'lunch', snack: 'snack', dinner: 'dinner' } as const;
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const r0 = (x: number) => Math.round(x);

interface Content {
  title: string;
  message: string;
  data: Record<string, unknown>;
  /** Where a tap on the push opens the app. */
  url: string;
}

/** What the reminder says, or null when it has nothing to say (the meal is already logged). */
/**
 * Plus and above (entitlement `restaurant_reminders`): the best-fitting dish of the nearest open
 * restaurant, when the user's position of the last 24 h is known. The place provider being down or
 * slow never stops the reminder: it then goes out without a restaurant option.
 */
async function restaurantOption(app: FastifyInstance, userId: number, timezone: string, now: Date) {
  const { tier } = await refreshTiers(app.db, userId, now);
  if (!hasEntitlement(tier, 'restaurant_reminders')) return null;
  const [pos] = await recent(app.db, userId, RECENT_LOCATIONS_HOURS, now);
  if (!pos) return null;
  try {
    const places = placesFor(app.config);
    const near = await places.nearby({ latitude: pos.latitude, longitude: pos.longitude, radius: DEFAULT_NEARBY_RADIUS, type: 'restaurant', opennow: true }, timezone, now);
    for (const place of near.places.slice(0, 3)) {
      const rec = await recommend(app.db, places, userId, { place_id: place.place_id, restaurant_name: place.name, user_id: userId });
      const best = rec.options.find((o) => o.fits);
      if (!best) continue;
      return {
        name: best.name,
        description: `${best.serving_description} at ${place.name}. ${best.reason}`,
        calories: r0(best.calories),
        protein: r0(best.protein),
        carbs: r0(best.carbs),
        fat: r0(best.fat),
        fits: true,
        restaurant: place.name,
        place_id: place.place_id,
        /** Kilometres from the user's last position. */
        distance: place.distance === null ? null : Math.round(place.distance / 10) / 100,
        foods: [{ food_id: best.food_id, name: best.name, serving_size: best.serving_grams, serving_unit: 'g', calories: r0(best.calories) }],
      };
    }
  } catch (err) {
    app.log.warn({ err, user_id: userId }, 'no restaurant option for a meal reminder');
  }
  return null;
}

async function compose(app: FastifyInstance, userId: number, s: DueSlot, now: Date, timezone: string): Promise<Content | null> {
  const logged = new Set((await loggedOn(app.db, userId, s.local_date)).map((m) => m.meal_type));
  if (logged.has(s.meal)) return null;
  const meal = MEAL_LABEL[s.meal];
  if (s.kind === 'logging_reminder') {
    return {
      title: `Time to log your ${meal}`,
      message: `You have not logged your ${meal} today yet. Logging it now keeps today's totals right.`,
      data: { meal_type: s.meal, local_date: s.local_date, slot: s.slot, action: { label: 'Log Food Now', url: '/food-log' } },
      url: '/food-log',
    };
  }
  const what = await mealOptions(app, userId, { meal_type: s.meal, timestamp: now.toISOString(), count: 3 }, { background: true });
  const options = what.options.map((o) => ({
    name: o.foods[0]?.name ?? cap(meal),
    description: [o.foods.length > 1 ? `With ${o.foods.slice(1).map((f) => f.name).join(', ')}.` : '', o.reasons[0] ?? ''].filter(Boolean).join(' '),
    calories: r0(o.total_calories),
    protein: r0(o.total_protein),
    carbs: r0(o.total_carbs),
    fat: r0(o.total_fat),
    fits: o.fits,
    foods: o.foods.map((f) => ({ food_id: f.food_id, name: f.name, serving_size: f.serving_size, serving_unit: f.serving_unit, calories: f.calories })),
  }));
  const nearby = await restaurantOption(app, userId, timezone, now);
  if (nearby) options.push(nearby as (typeof options)[number] & typeof nearby);
  const left = Math.max(0, r0(what.remaining_macros.calories));
  return {
    title: `${cap(meal)} ideas for you`,
    message: what.message ?? `${options.length} ${options.length === 1 ? 'option fits' : 'options fit'} the ${wholeNumber(left)} kcal left today.`,
    // Home or work when the last position of the past 24 h is near a saved place, else other; null when
    // there is no recent position or no saved place (we do not claim a place we do not know).
    data: { meal_type: s.meal, local_date: s.local_date, slot: s.slot, options, location_context: await lastLocationContext(app.db, userId, now), remaining_macros: what.remaining_macros },
    url: '/dashboard',
  };
}

/**
 * One scheduler pass at `now` (the clock is a parameter so tests can run any instant): every user
 * whose local time has reached one of their reminder slots in the last few minutes gets it once.
 */
export async function runReminders(app: FastifyInstance, now: Date): Promise<{ sent: number }> {
  const users = await repo.activeReminderUsers(app.db);
  const limit = pLimit(4);
  let sent = 0;
  await Promise.all(
    users.map(({ prefs, timezone }) =>
      limit(async () => {
        const p = storedPreferences(prefs);
        for (const s of dueSlots(p, timezone, now)) {
          const key = { user_id: prefs.user_id, kind: s.kind, local_date: s.local_date, slot: s.slot };
          try {
            // Cheap check first: composing a meal reminder runs the optimiser.
            if (await repo.alreadySent(app.db, key)) continue;
            const c = await compose(app, prefs.user_id, s, now, timezone);
            if (!c) continue;
            const claimed = await repo.claimAndNotify(app.db, key, p.channels.in_app ? { notification_type: s.kind, title: c.title, message: c.message, data: c.data } : null);
            if (!claimed) continue;
            sent++;
            if (p.channels.push) {
              const badge = await repo.unreadCount(app.db, prefs.user_id);
              await enqueuePush(app, prefs.user_id, { title: c.title, body: c.message, url: c.url, notification_id: claimed.notification_id, badge });
            }
          } catch (err) {
            // One user's failure must not stop everyone else's reminders.
            app.log.error({ err, user_id: prefs.user_id, slot: s.slot }, 'reminder failed');
          }
        }
      }),
    ),
  );
  await repo.pruneSends(app.db);
  return { sent };
}
