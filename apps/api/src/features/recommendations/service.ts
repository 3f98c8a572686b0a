import { wholeNumber } from '@app/nutrition/numbers';
import { MEAL_DONE_FRACTION, mealProgress } from '@app/nutrition';
import type { FastifyInstance } from 'fastify';
import { MEAL_TYPES, type DailyMealPlan, type MealOptions } from '@app/contracts';
import { favoriteFoodIds, settingsOf } from '../meal-plans/repository.ts';
import { newSeed, resolveGoals } from '../meal-plans/service.ts';
import { mealOptionsOffThread, planTodayOffThread } from '../meal-plans/planner-thread.ts';
import { servingGrams, type Macros, type MealType } from '../meal-plans/planner.ts';
import { loggedOn, type DailyPlanRow, type LoggedMeal } from './repository.ts';
import { localNow, minutesOf, type LocalNow } from './local-time.ts';
import { caloriesReached } from '@app/nutrition/goal-words';

export const DEFAULT_MEAL_TIMES: Record<MealType, string> = { breakfast: '08:00', lunch: '12:30', snack: '15:30', dinner: '19:00' };
/** A meal counts as past this long after its time (someone at 12:40 may still be about to have lunch). */
const GRACE_MINUTES = 60;
const KEYS = ['calories', 'protein', 'carbs', 'fat', 'fiber'] as const;
const r1 = (x: number) => Math.round(x * 10) / 10;

async function userContext(app: FastifyInstance, userId: number) {
  const [settings, favorites] = await Promise.all([settingsOf(app.db, userId), favoriteFoodIds(app.db, userId)]);
  const { goals, defaulted } = resolveGoals(undefined, settings);
  return { settings, goals, calorieDefault: defaulted.includes('calories'), diet_types: settings?.diet_types ?? [], allergies: settings?.allergies ?? [], favorite_food_ids: favorites, timezone: settings?.timezone ?? 'UTC' };
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

/**
 * The job's work: today's plan for the meals that are neither done nor past, sized to what is left. A meal is done
 * when what is logged in it reaches MEAL_DONE_FRACTION (80 %) of its share of the day (the planner's meal split,
 * packages/nutrition meal-share.ts); a meal with less logged keeps what is left of its share, so one coffee logged
 * at dinner no longer empties the plan (issue 40 item 5).
 */
export async function computeDailyPlan(app: FastifyInstance, row: DailyPlanRow): Promise<DailyMealPlan> {
  const ctx = await userContext(app, row.user_id);
  const times = { ...DEFAULT_MEAL_TIMES, ...row.meal_times } as Record<MealType, string>;
  const logged = await loggedOn(app.db, row.user_id, row.date);
  const eaten = sumLogged(logged);
  const kcalIn = Object.fromEntries(logged.map((m) => [m.meal_type, m.calories])) as Partial<Record<MealType, number>>;
  const progress = mealProgress(ctx.goals.calories, kcalIn);
  const skipped: DailyMealPlan['skipped_meals'] = [];
  const planned: MealType[] = [];
  for (const meal of MEAL_TYPES) {
    if (progress[meal].done) skipped.push({ meal_type: meal, reason: 'logged' });
    else if (isPast(meal, row.local_time, times)) skipped.push({ meal_type: meal, reason: 'past' });
    else planned.push(meal);
  }
  const remaining = minus(ctx.goals, eaten);
  const goalReached = remaining.calories <= 50;
  // What is left of the day goes to the planned meals in proportion to what is left of each one's share.
  const meal_split = Object.fromEntries(planned.map((m) => [m, progress[m].left])) as Partial<Record<MealType, number>>;
  const plan = await planTodayOffThread({ userId: row.user_id, background: true }, {
    goals: ctx.goals,
    calorie_goal_default: ctx.calorieDefault,
    diet_types: ctx.diet_types,
    allergies: ctx.allergies,
    favorite_food_ids: ctx.favorite_food_ids,
    seed: row.seed,
    date: row.date,
    meals: goalReached ? [] : planned,
    eaten,
    meal_split,
  });
  const out = { ...plan } as unknown as DailyMealPlan;
  for (const s of skipped) {
    const kcal = progress[s.meal_type].logged;
    out[s.meal_type] = {
      ...out[s.meal_type],
      notes:
        s.reason === 'logged'
          ? `Already logged: ${wholeNumber(kcal)} kcal.`
          : `Not planned: ${s.meal_type} time (${times[s.meal_type]}) has passed.${kcal > 0 ? ` Logged: ${wholeNumber(kcal)} kcal.` : ''}`,
    };
  }
  if (!goalReached) {
    for (const m of planned) {
      const p = progress[m];
      if (p.logged <= 0) continue;
      out[m] = {
        ...out[m],
        notes: `Logged so far: ${wholeNumber(p.logged)} of about ${wholeNumber(p.share)} kcal (a meal counts as eaten at ${Math.round(MEAL_DONE_FRACTION * 100)} %); this plans the rest.${out[m].notes ? ` ${out[m].notes}` : ''}`,
      };
    }
  }
  const considerations = [...plan.considerations];
  if (goalReached) considerations.unshift(caloriesReached(ctx.goals.calories, ctx.calorieDefault, ': nothing more is planned'));
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

/** The meal to suggest when none is asked for: the next one by the clock that is not logged yet. */
export function nextUnloggedMeal(time: string, logged: Set<string>, times: Record<MealType, string> = DEFAULT_MEAL_TIMES): MealType {
  const first = nextMeal(time, times);
  const byTime = (MEAL_TYPES as readonly MealType[]).slice().sort((a, b) => minutesOf(times[a]) - minutesOf(times[b]));
  const after = byTime.slice(byTime.indexOf(first)).filter((m) => !logged.has(m) && (m === 'snack' || !isPast(m, time, times) || m === first));
  // Everything later is logged (or past): a snack is what is left to suggest.
  return after[0] ?? 'snack';
}

/** Slack for "fits": 5 % of what is left, at least 5 (g or kcal). */
const slack = (left: number) => Math.max(5, Math.abs(left) * 0.05);

/** Calories, carbs and fat are ceilings; protein and fiber are floors, so going over them is fine. */
function overBy(o: { total_calories: number; total_carbs: number; total_fat: number }, left: Macros) {
  return {
    calories: o.total_calories - Math.max(0, left.calories),
    carbs: left.carbs > 0 ? o.total_carbs - left.carbs : 0,
    fat: left.fat > 0 ? o.total_fat - left.fat : 0,
  };
}
const fitsLeft = (over: ReturnType<typeof overBy>, left: Macros) =>
  over.calories <= slack(left.calories) && over.carbs <= slack(left.carbs) && over.fat <= slack(left.fat);

/**
 * "What to eat" for the next (or given) meal: 3–5 options that fit what is left today, each ready to
 * log. Options that do not fit are dropped; when none fits, the closest one is shown and the message
 * says so plainly. The answer names what is already logged so the client can show "Logged".
 */
export async function mealOptions(app: FastifyInstance, userId: number, q: { meal_type?: MealType; timestamp?: string; current_time?: string; count: number }, run: { signal?: AbortSignal; background?: boolean } = {}): Promise<MealOptions> {
  const ctx = await userContext(app, userId);
  const now: LocalNow = localNow(q, ctx.timezone);
  const logged = await loggedOn(app.db, userId, now.date);
  const loggedSet = new Set(logged.map((m) => m.meal_type));
  const meal = q.meal_type ?? nextUnloggedMeal(now.time, loggedSet);
  const eaten = sumLogged(logged);
  const remaining = minus(ctx.goals, eaten);
  const logged_meals = logged.map((m) => ({ meal_type: m.meal_type as MealType, calories: r1(m.calories), food_ids: m.food_ids }));
  const base = { meal_type: meal, date: now.date, remaining_macros: remaining, logged_meals };
  if (remaining.calories < 50) return { ...base, options: [], message: caloriesReached(ctx.goals.calories, ctx.calorieDefault) };
  const thisMeal = logged.find((m) => m.meal_type === meal);
  const loggedIds = new Set(thisMeal?.food_ids ?? []);
  const left = Object.fromEntries(KEYS.map((k) => [k, Math.max(0, remaining[k])])) as unknown as Macros;
  const favorites = new Set(ctx.favorite_food_ids);
  // Ask for a few more than needed: the ones that do not fit are dropped.
  const raw = await mealOptionsOffThread({ userId, ...run }, left, meal, { diet_types: ctx.diet_types, allergies: ctx.allergies, favorite_food_ids: ctx.favorite_food_ids, seed: newSeed() }, Math.min(q.count + 2, 7));
  const all = raw.map(({ meal: slot, reason }) => {
    const favs = slot.foods.filter((f) => favorites.has(f.food_id)).map((f) => f.name);
    const over = overBy(slot, remaining);
    const fits = fitsLeft(over, remaining);
    const after = Math.round(remaining.calories - slot.total_calories);
    return {
      over,
      option: {
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
        reasons: [reason, ...(favs.length ? [`Uses your favourite ${favs.join(', ')}.`] : []), after >= 0 ? `Leaves ${wholeNumber(after)} kcal for the rest of today.` : fits ? `Uses the ${wholeNumber(remaining.calories)} kcal left today (${wholeNumber(-after)} over, within the 5 % margin).` : `${wholeNumber(-after)} kcal over what is left today.`],
        fits,
        logged: slot.foods.length > 0 && slot.foods.every((f) => loggedIds.has(f.food_id)),
      },
    };
  });
  const loggedNote = thisMeal ? `You already logged ${MEAL_NAMES[meal]} today (${wholeNumber(thisMeal.calories)} kcal).` : null;
  const fitting = all.filter((x) => x.option.fits).slice(0, q.count).map((x) => x.option);
  if (fitting.length) return { ...base, options: fitting, message: loggedNote };
  if (!all.length) return { ...base, options: [], message: 'No foods fit your diet and allergy settings for this meal.' };
  // Nothing fits: show the closest (least over) and say so.
  const closest = all.slice().sort((a, b) => Math.max(a.over.calories, 0) - Math.max(b.over.calories, 0))[0]!;
  const nothing = `Nothing fits the ${wholeNumber(Math.max(0, remaining.calories))} kcal left today; the closest option is shown.`;
  return { ...base, options: [closest.option], message: [loggedNote, nothing].filter(Boolean).join(' ') };
}

const MEAL_NAMES: Record<MealType, string> = { breakfast: 'breakfast', lunch: 'lunch', dinner: 'dinner', snack: 'a snack' };
