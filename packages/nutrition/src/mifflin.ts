/**
 * Goal suggestion from the Mifflin-St Jeor equation (1990), the most accurate of the common
 * BMR equations for non-obese and obese adults:
 *   BMR = 10·kg + 6.25·cm − 5·age + 5 (male) / − 161 (female).
 * TDEE = BMR × activity factor; the aim shifts calories by −20 % / 0 / +10 %, never below a safe
 * floor. Protein from g per kg of body weight, fat 30 % of calories, carbs the rest,
 * fiber 14 g per 1,000 kcal (Dietary Guidelines for Americans).
 * A measured expenditure (energy balance of logged intake and trend weight, analysis/expenditure)
 * replaces BMR × activity when given: it is the user's own number rather than a population average.
 */
export type Sex = 'male' | 'female';
export type ActivityLevel = 'sedentary' | 'light' | 'moderate' | 'active' | 'very_active';
export type Aim = 'lose' | 'maintain' | 'gain';
export interface GoalInput { age: number; sex: Sex; height_cm: number; weight_kg: number; activity_level: ActivityLevel; aim: Aim; measured_tdee_kcal?: number | null }
export interface GoalSuggestion { bmr: number; tdee: number; calories: number; protein: number; carbs: number; fat: number; fiber: number }

export const ACTIVITY_FACTORS: Record<ActivityLevel, number> = { sedentary: 1.2, light: 1.375, moderate: 1.55, active: 1.725, very_active: 1.9 };
const AIM_FACTOR: Record<Aim, number> = { lose: 0.8, maintain: 1, gain: 1.1 };
const PROTEIN_G_PER_KG: Record<Aim, number> = { lose: 1.8, maintain: 1.4, gain: 1.6 };
const CALORIE_FLOOR: Record<Sex, number> = { female: 1200, male: 1500 };

export function mifflinBmr(i: Pick<GoalInput, 'age' | 'sex' | 'height_cm' | 'weight_kg'>): number {
  return 10 * i.weight_kg + 6.25 * i.height_cm - 5 * i.age + (i.sex === 'male' ? 5 : -161);
}

export function suggestGoals(i: GoalInput): GoalSuggestion {
  if (!(i.age > 0 && i.height_cm > 0 && i.weight_kg > 0)) throw new RangeError('age, height and weight must be positive');
  const bmr = mifflinBmr(i);
  const tdee = i.measured_tdee_kcal && i.measured_tdee_kcal > 0 ? i.measured_tdee_kcal : bmr * ACTIVITY_FACTORS[i.activity_level];
  const calories = Math.round(Math.max(CALORIE_FLOOR[i.sex], tdee * AIM_FACTOR[i.aim]) / 10) * 10;
  const protein = Math.round(Math.min(PROTEIN_G_PER_KG[i.aim] * i.weight_kg, (calories * 0.35) / 4));
  const fat = Math.round((calories * 0.3) / 9);
  const carbs = Math.max(0, Math.round((calories - protein * 4 - fat * 9) / 4));
  return { bmr: Math.round(bmr), tdee: Math.round(tdee), calories, protein, carbs, fat, fiber: Math.round((calories / 1000) * 14) };
}
