/**
 * Goal suggestion from the Mifflin-St Jeor equation (1990), the most accurate of the common
 * BMR equations for non-obese and obese adults:
 *   BMR = 10·kg + 6.25·cm − 5·age + 5 (male) / − 161 (female).
 * TDEE = BMR × activity factor (1.2, 1.375, 1.55, 1.725, 1.9). The chosen weekly pace shifts the day's calories by
 * pace × 7,700 kcal (the energy in about a kilogram of body fat) ÷ 7 days: −0.5 kg a week is −550 kcal a day.
 * Never below a safe floor (1,200 kcal women, 1,500 men); the answer says when the floor decided the number.
 * Protein from g per kg of body weight, fat 30 % of calories, carbs the rest,
 * fiber 14 g per 1,000 kcal (Dietary Guidelines for Americans).
 * A measured expenditure (energy balance of logged intake and trend weight, analysis/expenditure)
 * replaces BMR × activity when given: it is the user's own number rather than a population average.
 */
export type Sex = 'male' | 'female';
export type ActivityLevel = 'sedentary' | 'light' | 'moderate' | 'active' | 'very_active';
export type Aim = 'lose' | 'maintain' | 'gain';
export interface GoalInput {
  age: number;
  sex: Sex;
  height_cm: number;
  weight_kg: number;
  activity_level: ActivityLevel;
  /** kg a week: negative loses, 0 maintains, positive gains. */
  weekly_rate_kg: number;
  measured_tdee_kcal?: number | null;
}
export interface GoalSuggestion {
  bmr: number;
  tdee: number;
  /** kcal a day the pace adds (negative: a deficit), whole. */
  pace_kcal: number;
  calories: number;
  protein: number;
  carbs: number;
  fat: number;
  fiber: number;
  aim: Aim;
  /** The safe floor (kcal) when it raised the goal above what the pace asked for; null when it did not apply. */
  floor_applied: number | null;
}

export const ACTIVITY_FACTORS: Record<ActivityLevel, number> = { sedentary: 1.2, light: 1.375, moderate: 1.55, active: 1.725, very_active: 1.9 };
const PROTEIN_G_PER_KG: Record<Aim, number> = { lose: 1.8, maintain: 1.4, gain: 1.6 };
/** kcal in a kilogram of body weight lost or gained: 7,700 (3,500 a pound), the same as analysis/expenditure's KCAL_PER_KG (not imported: the web's goal screens would pull the whole analysis in). */
const KCAL_PER_KG = 7700;
export const CALORIE_FLOOR: Record<Sex, number> = { female: 1200, male: 1500 };

export function mifflinBmr(i: Pick<GoalInput, 'age' | 'sex' | 'height_cm' | 'weight_kg'>): number {
  return 10 * i.weight_kg + 6.25 * i.height_cm - 5 * i.age + (i.sex === 'male' ? 5 : -161);
}

export function aimOf(weeklyRateKg: number): Aim {
  return weeklyRateKg < 0 ? 'lose' : weeklyRateKg > 0 ? 'gain' : 'maintain';
}

export function suggestGoals(i: GoalInput): GoalSuggestion {
  if (!(i.age > 0 && i.height_cm > 0 && i.weight_kg > 0)) throw new RangeError('age, height and weight must be positive');
  if (!Number.isFinite(i.weekly_rate_kg)) throw new RangeError('weekly rate must be a number');
  const bmr = mifflinBmr(i);
  const tdee = i.measured_tdee_kcal && i.measured_tdee_kcal > 0 ? i.measured_tdee_kcal : bmr * ACTIVITY_FACTORS[i.activity_level];
  const pace = (i.weekly_rate_kg * KCAL_PER_KG) / 7;
  const asked = tdee + pace;
  const floor = CALORIE_FLOOR[i.sex];
  // Nearest 10 kcal: at 1,200 kcal and up that is within 0.5 % of the formula.
  const calories = Math.round(Math.max(floor, asked) / 10) * 10;
  const aim = aimOf(i.weekly_rate_kg);
  const protein = Math.round(Math.min(PROTEIN_G_PER_KG[aim] * i.weight_kg, (calories * 0.35) / 4));
  const fat = Math.round((calories * 0.3) / 9);
  const carbs = Math.max(0, Math.round((calories - protein * 4 - fat * 9) / 4));
  return {
    bmr: Math.round(bmr),
    tdee: Math.round(tdee),
    pace_kcal: Math.round(pace),
    calories,
    protein,
    carbs,
    fat,
    fiber: Math.round((calories / 1000) * 14),
    aim,
    floor_applied: asked < floor ? floor : null,
  };
}

/**
 * Whole weeks to go from `weightKg` to `goalKg` at `weeklyRateKg`, or null when the pace does not lead there
 * (maintaining, or a pace in the other direction) or the goal is already reached.
 */
export function weeksToGoal(weightKg: number, goalKg: number, weeklyRateKg: number): number | null {
  const diff = goalKg - weightKg;
  if (weeklyRateKg === 0 || Math.abs(diff) < 0.05 || Math.sign(diff) !== Math.sign(weeklyRateKg)) return null;
  // A tenth of a week first: 20 lb at 1 lb a week, each converted to kg, is 20.0006 weeks, not 21.
  return Math.ceil(Math.round((diff / weeklyRateKg) * 10) / 10);
}
