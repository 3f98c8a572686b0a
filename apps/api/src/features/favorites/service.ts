/** Favorite foods: from the database (with a serving) or manual; adding one again updates its serving and numbers (200). */
import type { FavoriteFood, ServingChoice } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { notFound, unprocessable } from '../../lib/http-error.ts';
import { getFood } from '../foods/repository.ts';
import { per100g, resolveServing, scaled } from '../foods/food-rows.ts';
import * as repo from './repository.ts';

export function toFavorite(r: repo.FavoriteRow): FavoriteFood {
  return {
    id: r.id,
    food_id: r.food_id,
    food_name: r.food_name,
    serving_size: r.serving_size,
    calories: r.calories,
    protein: r.protein,
    carbohydrates: r.carbohydrates,
    carbs: r.carbohydrates,
    fat: r.fat,
    status: r.status,
    consumption_count: r.consumption_count,
    last_consumed: r.last_consumed ? r.last_consumed.toISOString() : null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}

export async function list(db: Db, userId: number) {
  return (await repo.listFavorites(db, userId)).map(toFavorite);
}

export async function addExisting(db: Db, userId: number, foodId: string, choice?: ServingChoice) {
  // Another user's custom food is not found: custom foods are private.
  const food = await getFood(db, foodId, userId);
  if (!food) throw notFound('Food not found');
  const serving = resolveServing(food, choice);
  if (!serving) throw unprocessable('Unknown serving for this food', ['body', 'serving']);
  const n = scaled(per100g(food), serving.grams);
  const { row, created } = await repo.insertOrUpdate(db, {
    user_id: userId,
    food_id: food.id,
    food_name: food.brand_name ? `${food.name} (${food.brand_name})` : food.name,
    serving_size: serving.description,
    serving_grams: serving.grams,
    calories: n.calories,
    protein: n.protein,
    carbohydrates: n.carbs,
    fat: n.fat,
  });
  return { favorite: toFavorite(row), created };
}

export async function addManual(db: Db, userId: number, body: { food_name: string; serving_size: string; calories: number; protein: number; carbohydrates?: number; carbs?: number; fat: number }) {
  const { row, created } = await repo.insertOrUpdate(db, {
    user_id: userId,
    food_id: null,
    food_name: body.food_name,
    serving_size: body.serving_size,
    calories: body.calories,
    protein: body.protein,
    carbohydrates: body.carbohydrates ?? body.carbs ?? 0,
    fat: body.fat,
  });
  return { favorite: toFavorite(row), created };
}

export async function remove(db: Db, userId: number, id: number) {
  if (!(await repo.deleteFavorite(db, userId, id))) throw notFound('Favorite food not found');
}
