/**
 * Ranked findings: each rule compares the user's own numbers with a cited reference, scores how far off they
 * are, and proposes one concrete change, preferring a food the user already logs.
 */
import { dayTotals, mean, round } from './days.js';
import { weightText, wholeNumber, type Units } from '../numbers.js';
import { macroSplit } from './macros.js';
import { calorieDrivers, weekdayWeekend } from './patterns.js';
import { SOURCES, type SourceId } from './sources.js';
import { mealTiming } from './timing.js';
import type { AnalysisEntry, ExtraNutrient, Finding } from './types.js';

export interface FindingContext {
  calorie_goal: number | null;
  weight_kg: number | null;
  /** The user's units for weights in sentences (the per-kg rules stay per kg). */
  units?: Units;
  /**
   * The user's today (YYYY-MM-DD). A range in which only today is logged gets no findings: a day under way is not
   * a day's eating (850 kcal by breakfast was judged "57 % below your goal" on a new user's first morning).
   */
  in_progress?: string;
}
export interface FindingsResult {
  days_logged: number;
  findings: Finding[];
  /** Rules that could not run, and why. */
  not_enough_data: string[];
}

const FIBER_PER_1000 = 14;
const PROTEIN_G_PER_KG = 0.8;
const SODIUM_MG = 2300;
const SAT_FAT_PERCENT = 10;
const LATE_PERCENT = 25;
const WEEKEND_SURPLUS = 300;

const make = (f: Omit<Finding, 'citation' | 'score'> & { score: number; source: SourceId }): Finding => ({ ...f, score: round(f.score, 2), citation: SOURCES[f.source] });

interface FoodStat {
  name: string;
  times: number;
  calories: number;
  value: number;
}
/** Per food the user logged: how often, its calories and the summed value of one field (null values skipped). */
function foods(entries: AnalysisEntry[], pick: (e: AnalysisEntry) => number | null | undefined): FoodStat[] {
  const by = new Map<string, FoodStat>();
  for (const e of entries) {
    const v = pick(e);
    if (typeof v !== 'number') continue;
    const k = e.food_name.trim().toLowerCase();
    const s = by.get(k) ?? { name: e.food_name, times: 0, calories: 0, value: 0 };
    s.times += 1;
    s.calories += e.calories;
    s.value += v;
    by.set(k, s);
  }
  return [...by.values()];
}
/** The user's food with the most of a nutrient per calorie (logged twice or more when possible). */
function densest(entries: AnalysisEntry[], pick: (e: AnalysisEntry) => number | null | undefined): FoodStat | undefined {
  const list = foods(entries, pick).filter((f) => f.calories > 0 && f.value > 0);
  const often = list.filter((f) => f.times >= 2);
  return (often.length ? often : list).sort((a, b) => b.value / b.calories - a.value / a.calories)[0];
}
/** The user's food that brings the most of a nutrient overall. */
function biggest(entries: AnalysisEntry[], pick: (e: AnalysisEntry) => number | null | undefined): FoodStat | undefined {
  return foods(entries, pick).sort((a, b) => b.value - a.value)[0];
}
/** The nutrients beyond the big three that the findings read (only through the helpers below): a caller may load just these. */
export const FINDINGS_NUTRIENTS = ['fiber', 'sodium', 'saturated_fat'] as const satisfies readonly ExtraNutrient[];
type FindingsNutrient = (typeof FINDINGS_NUTRIENTS)[number];
const nutrient = (n: FindingsNutrient) => (e: AnalysisEntry) => e.nutrients?.[n];
const known = (entries: AnalysisEntry[], n: FindingsNutrient) => entries.some((e) => typeof e.nutrients?.[n] === 'number');
const sum = (entries: AnalysisEntry[], n: FindingsNutrient) => entries.reduce((a, e) => a + (e.nutrients?.[n] ?? 0), 0);

export function findings(all: AnalysisEntry[], ctx: FindingContext): FindingsResult {
  const entries = ctx.in_progress && all.every((e) => e.date === ctx.in_progress) ? [] : all;
  const days = dayTotals(entries).filter((d) => d.calories > 0);
  const out: Finding[] = [];
  const notEnough: string[] = [];
  if (!days.length) {
    const why = entries.length < all.length ? 'Today is still under way, and findings read whole days' : 'No food logged in this range';
    return { days_logged: 0, findings: [], not_enough_data: [`${why}: log at least 3 days to see findings.`] };
  }
  const n = days.length;
  const kcalDay = mean(days.map((d) => d.calories));

  if (ctx.calorie_goal) {
    const diff = kcalDay - ctx.calorie_goal;
    const pct = (diff / ctx.calorie_goal) * 100;
    if (Math.abs(pct) >= 10) {
      const top = calorieDrivers(entries, 1)[0];
      out.push(
        make({
          id: diff > 0 ? 'calories_over_goal' : 'calories_under_goal',
          title: diff > 0 ? 'Calories above your goal' : 'Calories below your goal',
          score: Math.abs(pct) / 10,
          statement: `You ate ${wholeNumber(kcalDay)} kcal a day on average over ${n} logged day${n === 1 ? '' : 's'}, ${wholeNumber(Math.abs(diff))} kcal (${round(Math.abs(pct), 0)} %) ${diff > 0 ? 'above' : 'below'} your goal of ${wholeNumber(ctx.calorie_goal)}.`,
          evidence: { calories_per_day: round(kcalDay, 0), goal: ctx.calorie_goal, difference: round(diff, 0), days_logged: n },
          suggestion:
            diff > 0 && top
              ? `${top.food_name} brings ${wholeNumber(top.calories_per_day)} kcal a day (${top.percent_of_calories} % of your calories): a smaller portion or fewer servings of it would close ${round(Math.min(100, (top.calories_per_day / diff) * 100), 0)} % of the gap.`
              : diff < 0 && top
                ? `Another serving of a food you already eat, such as ${top.food_name}, would bring you closer to your goal.`
                : null,
          source: 'calorieGoal',
        }),
      );
    }
  } else notEnough.push('No calorie goal is set in Settings, so intake is not compared with a goal.');

  const split = macroSplit(days);
  if (split.enough) {
    for (const s of split.shares) {
      if (s.status === 'within') continue;
      const off = s.status === 'below' ? s.amdr_min - s.percent : s.percent - s.amdr_max;
      const field = s.macro === 'carbs' ? 'carbs' : s.macro;
      const pickG = (e: AnalysisEntry) => e[field];
      const food = s.status === 'below' ? densest(entries, pickG) : biggest(entries, pickG);
      out.push(
        make({
          id: `${s.macro}_${s.status}_amdr`,
          title: `${s.macro === 'carbs' ? 'Carbohydrate' : s.macro[0]!.toUpperCase() + s.macro.slice(1)} ${s.status} the healthy range`,
          score: off / 5,
          statement: `${s.percent} % of your calories come from ${s.macro === 'carbs' ? 'carbohydrate' : s.macro}; the Acceptable Macronutrient Distribution Range is ${s.amdr_min}–${s.amdr_max} %.`,
          evidence: { percent_of_calories: s.percent, amdr_min: s.amdr_min, amdr_max: s.amdr_max, grams_per_day: s.grams_per_day, days_logged: n },
          suggestion: food
            ? s.status === 'below'
              ? `${food.name} is the food you log with the most ${s.macro === 'carbs' ? 'carbohydrate' : s.macro} per calorie: have it more often.`
              : `${food.name} brings the most ${s.macro === 'carbs' ? 'carbohydrate' : s.macro} of your foods (${round(food.value / n, 0)} g a day): a smaller portion would move you into the range.`
            : null,
          source: 'amdr',
        }),
      );
    }
  }

  if (known(entries, 'fiber')) {
    const fiberDay = sum(entries, 'fiber') / n;
    const per1000 = (fiberDay / kcalDay) * 1000;
    if (per1000 < FIBER_PER_1000) {
      const food = densest(entries, nutrient('fiber'));
      const need = round((FIBER_PER_1000 * kcalDay) / 1000 - fiberDay, 0);
      out.push(
        make({
          id: 'fiber_low',
          title: 'Fiber below the adequate intake',
          score: ((FIBER_PER_1000 - per1000) / FIBER_PER_1000) * 4,
          statement: `You eat ${round(fiberDay)} g of fiber a day, ${round(per1000)} g per 1,000 kcal; the Adequate Intake is ${FIBER_PER_1000} g per 1,000 kcal (${round((FIBER_PER_1000 * kcalDay) / 1000, 0)} g at your intake).`,
          evidence: { fiber_g_per_day: round(fiberDay), fiber_g_per_1000_kcal: round(per1000), target_g_per_1000_kcal: FIBER_PER_1000, gap_g: need, days_logged: n },
          suggestion: food
            ? `${food.name} is the most fiber-dense food you log (${round((food.value / food.calories) * 1000)} g per 1,000 kcal): more of it, or half a cup of cooked beans (about 7 g), would close the ${need} g gap.`
            : `Half a cup of cooked beans or lentils adds about 7 g of fiber toward the ${need} g gap.`,
          source: 'fiber',
        }),
      );
    }
  } else notEnough.push('Fiber is not known for the foods logged.');

  if (ctx.weight_kg) {
    const protein = mean(days.map((d) => d.protein));
    const perKg = protein / ctx.weight_kg;
    if (perKg < PROTEIN_G_PER_KG) {
      const food = densest(entries, (e) => e.protein);
      out.push(
        make({
          id: 'protein_low_per_kg',
          title: 'Protein below the RDA for your weight',
          score: ((PROTEIN_G_PER_KG - perKg) / PROTEIN_G_PER_KG) * 5,
          statement: `You eat ${round(protein)} g of protein a day, ${round(perKg, 2)} g per kg at ${ctx.units === 'imperial' ? `${weightText(ctx.weight_kg, 'imperial')} (${weightText(ctx.weight_kg, 'metric')})` : weightText(ctx.weight_kg, 'metric')}; the RDA is ${PROTEIN_G_PER_KG} g per kg (${round(PROTEIN_G_PER_KG * ctx.weight_kg, 0)} g).`,
          evidence: { protein_g_per_day: round(protein), g_per_kg: round(perKg, 2), rda_g_per_kg: PROTEIN_G_PER_KG, weight_kg: ctx.weight_kg },
          suggestion: food ? `${food.name} is the most protein-dense food you log: a serving more a day would close the gap.` : 'A serving of eggs, yogurt, fish or beans adds 6–20 g of protein.',
          source: 'proteinPerKg',
        }),
      );
    }
  } else notEnough.push('No weight is logged, so protein per kg of body weight cannot be checked.');

  if (known(entries, 'sodium')) {
    const sodium = sum(entries, 'sodium') / n;
    if (sodium > SODIUM_MG) {
      const food = biggest(entries, nutrient('sodium'));
      out.push(
        make({
          id: 'sodium_high',
          title: 'Sodium above the risk-reduction limit',
          score: ((sodium - SODIUM_MG) / SODIUM_MG) * 4,
          statement: `You eat ${wholeNumber(sodium)} mg of sodium a day; reducing intakes above ${wholeNumber(SODIUM_MG)} mg lowers chronic disease risk.`,
          evidence: { sodium_mg_per_day: round(sodium, 0), limit_mg: SODIUM_MG, days_logged: n },
          suggestion: food ? `${food.name} brings the most sodium (${wholeNumber(food.value / n)} mg a day): a lower-salt version or a smaller portion would help most.` : null,
          source: 'sodium',
        }),
      );
    }
  }

  if (known(entries, 'saturated_fat')) {
    const sat = sum(entries, 'saturated_fat') / n;
    const pct = ((sat * 9) / kcalDay) * 100;
    if (pct > SAT_FAT_PERCENT) {
      const food = biggest(entries, nutrient('saturated_fat'));
      out.push(
        make({
          id: 'saturated_fat_high',
          title: 'Saturated fat above 10 % of calories',
          score: ((pct - SAT_FAT_PERCENT) / SAT_FAT_PERCENT) * 3,
          statement: `${round(pct)} % of your calories come from saturated fat (${round(sat)} g a day); the guideline is below ${SAT_FAT_PERCENT} %.`,
          evidence: { saturated_fat_g_per_day: round(sat), percent_of_calories: round(pct), limit_percent: SAT_FAT_PERCENT },
          suggestion: food ? `${food.name} brings the most saturated fat: swapping part of it for a food with unsaturated fat (nuts, olive oil, fish) would help most.` : null,
          source: 'saturatedFat',
        }),
      );
    }
  }

  const timing = mealTiming(entries);
  if (timing.enough) {
    if (timing.late_calories_percent > LATE_PERCENT)
      out.push(
        make({
          id: 'late_eating',
          title: 'Much of your food comes late in the evening',
          score: (timing.late_calories_percent - LATE_PERCENT) / 10,
          statement: `${timing.late_calories_percent} % of your calories were logged after 21:00, on ${timing.late_days} of ${timing.days} days; your last meal averages ${timing.last_meal_avg}.`,
          evidence: { late_calories_percent: timing.late_calories_percent, late_days: timing.late_days, days: timing.days, last_meal_avg: timing.last_meal_avg },
          suggestion: 'Move your evening snack or part of dinner before 21:00, for example into an afternoon snack.',
          source: 'mealTiming',
        }),
      );
    if (timing.regularity === 'irregular')
      out.push(
        make({
          id: 'irregular_meals',
          title: 'Your first meal moves around a lot',
          score: timing.first_meal_sd_minutes / 90,
          statement: `Your first meal varies by ${timing.first_meal_sd_minutes} minutes (standard deviation) around ${timing.first_meal_avg}.`,
          evidence: { first_meal_sd_minutes: timing.first_meal_sd_minutes, first_meal_avg: timing.first_meal_avg, days: timing.days },
          suggestion: `Aim for a first meal near ${timing.first_meal_avg} every day.`,
          source: 'mealTiming',
        }),
      );
  } else notEnough.push(timing.statement);

  const week = weekdayWeekend(days);
  if (week.enough && week.difference !== null && week.difference > WEEKEND_SURPLUS) {
    const weekendEntries = entries.filter((e) => [0, 6].includes(new Date(`${e.date}T00:00:00Z`).getUTCDay()));
    const top = calorieDrivers(weekendEntries, 1)[0];
    out.push(
      make({
        id: 'weekend_surplus',
        title: 'Weekends add calories',
        score: week.difference / 300,
        statement: week.statement,
        evidence: { weekday_calories: week.weekday_calories, weekend_calories: week.weekend_calories, difference: week.difference, weekend_days: week.weekend_days, weekday_days: week.weekday_days },
        suggestion: top ? `${top.food_name} is your biggest weekend food (${wholeNumber(top.calories_per_day)} kcal a weekend day): plan a smaller portion of it.` : null,
        source: 'calorieGoal',
      }),
    );
  } else if (!week.enough) notEnough.push(week.statement);

  out.sort((a, b) => b.score - a.score);
  return { days_logged: n, findings: out, not_enough_data: notEnough };
}
