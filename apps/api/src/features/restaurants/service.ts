/**
 * Menu options at a restaurant that fit what is left of today: the chain's own items when we know the
 * chain, else dishes typical of its cuisine, ranked by the rule in @app/nutrition.
 */
import { type RestaurantRecommendation, type RestaurantRecommendationBody } from '@app/contracts';
import { cuisineDishes, matchChain, rankMenuItems } from '@app/nutrition';
import type { Db } from '../../db/client.ts';
import { HttpError, forbidden } from '../../lib/http-error.ts';
import { dailySummary } from '../food-logs/service.ts';
import { localToday, resolveGoals } from '../meal-plans/service.ts';
import { userSettings } from '../food-logs/repository.ts';
import { defaultServing, per100g, scaled } from '../foods/food-rows.ts';
import type { PlacesService } from '../places/service.ts';
import type { Place } from '@app/contracts';
import * as repo from './repository.ts';

const OPTION_COUNT = 10;
const r1 = (n: number) => Math.round(n * 10) / 10;

/** What is left of today against the goals, completed for unset ones by the rule every planner uses (resolveGoals). */
async function remainingToday(db: Db, userId: number, settings: Awaited<ReturnType<typeof userSettings>>) {
  const date = localToday(settings?.timezone);
  const day = await dailySummary(db, userId, date);
  const { goals } = resolveGoals(undefined, settings);
  const fromSettings = settings?.daily_calorie_goal != null && settings.daily_calorie_goal > 0;
  const t = day.daily_totals;
  const remaining = { calories: r1(goals.calories - t.calories), protein: r1(goals.protein - t.protein), carbs: r1(goals.carbs - t.carbs), fat: r1(goals.fat - t.fat) };
  return { date, remaining, goals_source: fromSettings ? ('settings' as const) : ('default' as const) };
}

/** The place's cuisine and brand; a provider that is down or does not know the id leaves us the name alone. */
async function placeFacts(places: PlacesService, placeId: string, timezone: string): Promise<Pick<Place, 'cuisine' | 'brand' | 'type'> | null> {
  try {
    return await places.details(placeId, timezone);
  } catch (err) {
    if (err instanceof HttpError && [404, 422, 503].includes(err.statusCode)) return null;
    throw err;
  }
}

export async function recommend(db: Db, places: PlacesService, callerId: number, body: RestaurantRecommendationBody): Promise<RestaurantRecommendation> {
  if (body.user_id !== callerId) throw forbidden('user_id must be your own user id');
  // The settings once: the time zone (today's date, the place's opening hours) and the goals.
  const settings = await userSettings(db, callerId);
  const timezone = settings?.timezone || 'UTC';
  const [today, facts] = await Promise.all([remainingToday(db, callerId, settings), placeFacts(places, body.place_id, timezone)]);

  const chain = matchChain(body.restaurant_name, facts?.brand);
  const dishes = chain ? null : cuisineDishes(facts?.cuisine ?? [], facts?.type);
  const rows = await repo.foodsByDescriptionPrefix(db, chain ? chain.prefixes : dishes!.prefixes);
  const items = rows.map((row) => {
    const serving = defaultServing(row);
    const n = scaled(per100g(row), serving.grams);
    return { row, serving, calories: n.calories, protein: n.protein, carbs: n.carbs, fat: n.fat };
  });
  const ranked = rankMenuItems(items, today.remaining, OPTION_COUNT);
  const match = rows.length === 0 ? 'none' : chain ? 'chain' : 'cuisine';

  return {
    place_id: body.place_id,
    restaurant_name: body.restaurant_name,
    match,
    chain: chain?.chain ?? null,
    cuisine: facts?.cuisine ?? [],
    date: today.date,
    remaining: today.remaining,
    goals_source: today.goals_source,
    options: ranked.map(({ item, fits, score, reason }) => ({
      food_id: item.row.id,
      name: item.row.name,
      restaurant: body.restaurant_name,
      serving_id: item.serving.id,
      serving_description: item.serving.description,
      serving_grams: item.serving.grams,
      calories: item.calories,
      protein: item.protein,
      carbs: item.carbs,
      fat: item.fat,
      fits,
      score,
      reason,
    })),
  };
}
