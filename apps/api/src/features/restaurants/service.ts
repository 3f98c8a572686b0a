/**
 * Menu options at a restaurant that fit what is left of today: the chain's own items when we know the
 * chain, else dishes typical of its cuisine, ranked by the rule in @app/nutrition.
 */
import { KCAL_PER_GRAM, PLACEHOLDER_MACRO_SPLIT, type RestaurantRecommendation, type RestaurantRecommendationBody } from '@app/contracts';
import { cuisineDishes, matchChain, rankMenuItems } from '@app/nutrition';
import type { Db } from '../../db/client.ts';
import { HttpError, forbidden } from '../../lib/http-error.ts';
import { dailySummary, todayFor } from '../food-logs/service.ts';
import { userSettings } from '../food-logs/repository.ts';
import { defaultServing, per100g, scaled } from '../foods/food-rows.ts';
import type { PlacesService } from '../places/service.ts';
import type { Place } from '@app/contracts';
import * as repo from './repository.ts';

/** Without goals in the settings, a common 2000 kcal day with the placeholder split (spec §9). */
const DEFAULT_CALORIES = 2000;
const OPTION_COUNT = 10;
const r1 = (n: number) => Math.round(n * 10) / 10;

async function remainingToday(db: Db, userId: number) {
  const date = await todayFor(db, userId);
  const day = await dailySummary(db, userId, date);
  const fromSettings = day.goals.calories > 0;
  const calories = fromSettings ? day.goals.calories : DEFAULT_CALORIES;
  // A macro goal left at 0 follows the calorie goal with the placeholder split.
  const split = (k: keyof typeof PLACEHOLDER_MACRO_SPLIT) => (calories * PLACEHOLDER_MACRO_SPLIT[k]) / KCAL_PER_GRAM[k];
  const goals = {
    calories,
    protein: (fromSettings && day.goals.protein) || split('protein'),
    carbs: (fromSettings && day.goals.carbs) || split('carbs'),
    fat: (fromSettings && day.goals.fat) || split('fat'),
  };
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
  const timezone = (await userSettings(db, callerId))?.timezone || 'UTC';
  const [today, facts] = await Promise.all([remainingToday(db, callerId), placeFacts(places, body.place_id, timezone)]);

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
