import type { FastifyInstance } from 'fastify';
import { MEAL_TYPES, type DailyMealPlan, type MealOptions } from '@app/contracts';
import { favoriteFoodIds, settingsOf } from '../meal-plans/repository.ts';
import { newSeed, resolveGoals } from '../meal-plans/service.ts';
import { mealOptionsOffThread, planTodayOffThread } from '../meal-plans/planner-thread.ts';
import { servingGrams, type Macros, type MealType } from '../meal-plans/planner.ts';
import { loggedOn, type DailyPlanRow, type LoggedMeal } from './repository.ts';
import { localNow, minutesOf, type LocalNow } from './local-time.ts';

export const DEFAULT_MEAL_TIMES: Record<MealType, string> = { breakfast: '08:00', lunch: '12:30', snack: '15:30', dinner: '19:00' };
/** A meal counts as past this long after its time (someone at 12:40 may still be about to have lunch). */
const GRACE_MINUTES = 60;
const KEYS = ['calories', 'protein', 'carbs', 'fat', 'fiber'] as const;
const r1 = (x: number) => Math.round(x * 10) / 10;

async function userContext(app: FastifyInstance, userId: number) {
  const [settings, favorites] = await Promise.all([settingsOf(app.db, userId), favoriteFoodIds(app.db, userId)]);
  const { goals } = resolveGoals(undefined, settings);
  return { settings, goals, diet_types: settings?.diet_types ?? [], allergies: settings?.allergies ?? [], favorite_food_ids: favorites, timezone: settings?.timezone ?? 'UTC' };
}

export async function userTimezone(app: FastifyInstance, userId: number) {
  return (await settingsOf(app.db, userId))?.timezone ?? 'UTC';
}

function sumLogged(logged: LoggedMeal[]): Macros {
  const out = { calories: 0, protein: 0, carbs: 0, fat: 0, fiber: 0 };
  for (const m of logged) for (const k of KEYS) out[k] += m[k];
  for (const k of KEYS) out[k] = r1(out[k]);
  return out;
}

const minus = (a: Macros, b: Macros): Macros => Object.fromEntries(KEYS.map((k) => [k, r1(a[k] - b[k])])) as unknown as Macros;

function isPast(meal: MealType, time: string, times: Record<MealType, string>) {
  // A snack fits any time until the evening is over.
  const at = meal === 'snack' ? Math.max(minutesOf(times.snack), minutesOf(times.dinner)) : minutesOf(times[meal]);
  return minutesOf(time) > at + GRACE_MINUTES;
}

/** The next meal by the clock: a snack around snack time, else the first main meal not yet past. */
export function nextMeal(time: string, times: Record<MealType, string> = DEFAULT_MEAL_TIMES): MealType {
  const now = minutesOf(time);
  if (Math.abs(now - minutesOf(times.snack)) <= GRACE_MINUTES) return 'snack';
  const mains = (['breakfast', 'lunch', 'dinner'] as const).slice().sort((a, b) => minutesOf(times[a]) - minutesOf(times[b]));
  return mains.find((m) => !isPast(m, time, times)) ?? 'snack';
}

/** The job's work: today's plan for the meals that are neither logged nor past, sized to what is left. */
export async function computeDailyPlan(app: FastifyInstance, row: DailyPlanRow): Promise<DailyMealPlan> {
  const ctx = await userContext(app, row.user_id);
  const times = { ...DEFAULT_MEAL_TIMES, ...row.meal_times } as Record<MealType, string>;
  const logged = await loggedOn(app.db, row.user_id, row.date);
  const eaten = sumLogged(logged);
  const loggedMeals = new Set(logged.map((m) => m.meal_type));
  const skipped: DailyMealPlan['skipped_meals'] = [];
  const planned: MealType[] = [];
  for (const meal of MEAL_TYPES) {
    if (loggedMeals.has(meal)) skipped.push({ meal_type: meal, reason: 'logged' });
    else if (isPast(meal, row.local_time, times)) skipped.push({ meal_type: meal, reason: 'past' });
    else planned.push(meal);
  }
  const remaining = minus(ctx.goals, eaten);
  const goalReached = remaining.calories <= 50;
  const plan = await planTodayOffThread({
    goals: ctx.goals,
    diet_types: ctx.diet_types,
    allergies: ctx.allergies,
    favorite_food_ids: ctx.favorite_food_ids,
    seed: row.seed,
    date: row.date,
    meals: goalReached ? [] : planned,
    eaten,
  });
  const out = { ...plan } as unknown as DailyMealPlan;
  for (const s of skipped) {
    const m = logged.find((x) => x.meal_type === s.meal_type);
    out[s.meal_type] = {
      ...out[s.meal_type],
      notes: s.reason === 'logged' ? `Already logged: ${Math.round(m!.calories)} kcal.` : `Not planned: ${s.meal_type} time (${times[s.meal_type]}) has passed.`,
    };
  }
  const considerations = [...plan.considerations];
  if (goalReached) considerations.unshift(`You have reached your ${Math.round(ctx.goals.calories)} kcal goal for today: nothing more is planned.`);
  return {
    ...out,
    considerations,
    remaining_macros: remaining,
    date: row.date,
    local_time: row.local_time,
    goals: ctx.goals,
    logged: eaten,
    planned_meals: goalReached ? [] : planned,
    skipped_meals: skipped,
  };
}

/** "What to eat" for the next (or given) meal: 3–5 options that fit what is left today, each ready to log. */
export async function mealOptions(app: FastifyInstance, userId: number, q: { meal_type?: MealType; timestamp?: string; current_time?: string; count: number }): Promise<MealOptions> {
  const ctx = await userContext(app, userId);
  const now: LocalNow = localNow(q, ctx.timezone);
  const meal = q.meal_type ?? nextMeal(now.time);
  const eaten = sumLogged(await loggedOn(app.db, userId, now.date));
  const remaining = minus(ctx.goals, eaten);
  const base = { meal_type: meal, date: now.date, remaining_macros: remaining };
  if (remaining.calories < 50) return { ...base, options: [], message: `You have reached your ${Math.round(ctx.goals.calories)} kcal goal for today.` };
  const left = Object.fromEntries(KEYS.map((k) => [k, Math.max(0, remaining[k])])) as unknown as Macros;
  const favorites = new Set(ctx.favorite_food_ids);
  const raw = await mealOptionsOffThread(left, meal, { diet_types: ctx.diet_types, allergies: ctx.allergies, favorite_food_ids: ctx.favorite_food_ids, seed: newSeed() }, q.count);
  const options = raw.map(({ meal: slot, reason }) => {
    const favs = slot.foods.filter((f) => favorites.has(f.food_id)).map((f) => f.name);
    return {
      foods: slot.foods.map((f) => ({
        food_id: f.food_id,
        name: f.name,
        serving_size: f.serving_size,
        serving_unit: f.serving_unit,
        calories: f.calories,
        protein: f.protein,
        carbs: f.carbs,
        fat: f.fat,
        fiber: f.fiber,
        log_entry: { food_id: f.food_id, serving: { grams: servingGrams(f) }, number_of_servings: 1, meal_type: meal, date: now.date },
      })),
      total_calories: slot.total_calories,
      total_protein: slot.total_protein,
      total_carbs: slot.total_carbs,
      total_fat: slot.total_fat,
      reasons: [reason, ...(favs.length ? [`Uses your favourite ${favs.join(', ')}.`] : []), `Leaves ${Math.round(remaining.calories - slot.total_calories)} kcal for the rest of today.`],
    };
  });
  return { ...base, options, message: options.length ? null : 'No foods fit your diet and allergy settings for this meal.' };
}
