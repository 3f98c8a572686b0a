/**
 * A signed-in user's store for build-time rendering (app/prerender.tsx, renderSignedInStyles): the session and
 * a day of data in RTK Query's cache (the day's summary on both pages, yesterday's, favorites and foods logged
 * before), so the pages render their cards, lists and meals rather than skeletons. Made-up values: only the
 * components' styles are kept, never the text.
 */
import type { DailySummary, FavoriteFood, FoodLogEntry, Micronutrients, User, UserSettings } from '@app/contracts';
import type { ManualFood } from '../features/food-log/types';
import { MEAL_TYPES } from '@app/contracts/constants';
import { makeStore } from '../lib/store';
import { browserTimeZone, todayIn } from '../lib/today';
import { sessionApi } from '../lib/session-api';
import { dashboardApi } from '../features/dashboard/api';
import { foodLogApi } from '../features/food-log/api';
import { waterApi } from '../lib/water';
import { userSettingsApi } from '../lib/user-settings';
import { dayStateApi } from '../features/food-log/components/day-state-control';
import { shiftIso } from '../features/food-log/dates';

const STAMP = '2026-01-01T08:00:00.000Z';
/** The first logged food's name: a page that shows it rendered with its day, not a skeleton. */
export const SIGNED_IN_FOOD = 'Logged food 1';
const USER: User = {
  id: 1,
  email: 'prerender@example.com',
  username: null,
  email_validated: true,
  is_superuser: false,
  is_pro: false,
  is_plus: false,
  is_premium: false,
  terms_accepted_at: STAMP,
  created_at: STAMP,
};

const NO_MICRONUTRIENTS: Micronutrients = { calcium: null, iron: null, magnesium: null, zinc: null, vitamin_a: null, vitamin_c: null, vitamin_d: null, vitamin_e: null, vitamin_k: null, vitamin_b6: null, vitamin_b12: null, folate: null };

function entry(id: number, meal_type: FoodLogEntry['meal_type'], date: string, food_name: string, calories: number, protein: number, carbs: number, fat: number): FoodLogEntry {
  return {
    id,
    food_id: id % 2 ? `usda-${id}` : null,
    food_name,
    brand_name: '',
    serving_description: '1 serving',
    serving_grams: 100,
    number_of_servings: 1,
    calories,
    protein,
    carbohydrates: carbs,
    carbs,
    fat,
    fiber: 3,
    sugar: 5,
    sodium: 200,
    potassium: 150,
    saturated_fat: 1,
    monounsaturated_fat: 1,
    polyunsaturated_fat: 1,
    trans_fat: 0,
    cholesterol: 10,
    micronutrients: NO_MICRONUTRIENTS,
    meal_type,
    date,
    created_at: STAMP,
    updated_at: STAMP,
  };
}

function day(date: string): DailySummary {
  const foods = MEAL_TYPES.map((meal, i) => entry(i + 1, meal, date, `Logged food ${i + 1}`, 300 + 50 * i, 20, 40, 10));
  const totals = (list: FoodLogEntry[]) => {
    const sum = (k: 'calories' | 'protein' | 'carbs' | 'fat' | 'fiber' | 'sugar' | 'sodium') => list.reduce((a, e) => a + e[k], 0);
    return { calories: sum('calories'), protein: sum('protein'), carbs: sum('carbs'), carbohydrates: sum('carbs'), fat: sum('fat'), fiber: sum('fiber'), sugar: sum('sugar'), sodium: sum('sodium') };
  };
  const meals = Object.fromEntries(MEAL_TYPES.map((meal) => {
    const list = foods.filter((f) => f.meal_type === meal);
    return [meal, { meal_type: meal, foods: list, totals: totals(list) }];
  })) as DailySummary['meals'];
  return { date, meals, daily_totals: { ...totals(foods), micronutrients: NO_MICRONUTRIENTS }, goals: { calories: 2000, protein: 120, carbs: 220, fat: 70, fiber: 30 }, exercise_calories: 0, exercise_calories_back_pct: 0, exercise_calories_added: 0, calorie_budget: 2000 };
}

const FAVORITES: FavoriteFood[] = [1, 2].map((id) => ({
  id,
  food_id: null,
  food_name: `Favorite ${id}`,
  serving_size: '1 pot',
  calories: 180,
  protein: 10,
  carbohydrates: 22,
  carbs: 22,
  fat: 5,
  status: 'active',
  consumption_count: 3,
  last_consumed: STAMP,
  created_at: STAMP,
  updated_at: STAMP,
}));

const MANUAL: ManualFood[] = [1, 2].map((i) => ({ food_name: `Manual ${i}`, brand_name: '', serving_description: '1 serving', calories: 250, protein: 12, carbohydrates: 30, carbs: 30, fat: 8, fiber: 2, last_logged: STAMP }));

const SETTINGS = (): UserSettings => ({
  diet_types: [],
  allergies: [],
  timezone: browserTimeZone() ?? 'UTC',
  daily_calorie_goal: 2000,
  daily_protein_goal: 120,
  daily_carbs_goal: 220,
  daily_fat_goal: 70,
  daily_fiber_goal: null,
  daily_water_goal_ml: null,
  units: 'metric',
  birth_year: null,
  sex: null,
  height_cm: null,
  goal_weight_kg: null,
  weekly_rate_kg: null,
  activity_level: null,
  onboarded: true,
  exercise_calories_back_pct: 0,
});

export async function signedInStore() {
  const store = makeStore({ token: 'prerender', user: USER, status: 'ready' });
  // The pages' "today" without settings in the cache: the zone of the machine, as todayIn() gives it.
  const today = todayIn();
  const seed = [
    sessionApi.util.upsertQueryData('me', undefined, USER),
    dashboardApi.util.upsertQueryData('getDashboardDay', today, day(today)),
    foodLogApi.util.upsertQueryData('getDailySummary', today, day(today)),
    foodLogApi.util.upsertQueryData('getDailySummary', shiftIso(today, -1), day(shiftIso(today, -1))),
    foodLogApi.util.upsertQueryData('getFavorites', undefined, FAVORITES),
    foodLogApi.util.upsertQueryData('getManualFoods', undefined, MANUAL),
    // The one-tap water strip of the dashboard and the food log, drawn with its total (not its loading text).
    waterApi.util.upsertQueryData('waterDay', today, { date: today, entries: [], total_ml: 0, goal_ml: null }),
    // A user past the onboarding, and the day's state line on the food log (issue 42): their styles come with the HTML.
    userSettingsApi.util.upsertQueryData('userSettings', undefined, SETTINGS()),
    dayStateApi.util.upsertQueryData('foodLogDayState', today, { date: today, state: 'complete', set_by_user: false, kcal: 1950 }),
  ];
  // RTK Query's thunks are typed for a store that always has the API's state; this one has it (lib/store.ts attachApi).
  const dispatch = store.dispatch as (action: unknown) => unknown;
  for (const action of seed) await dispatch(action);
  return store;
}
