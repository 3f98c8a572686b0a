/**
 * The profile the onboarding and the goal helper ask for (issue 42 §1, §3), shared by both (features never import each
 * other): answers checked in the user's units with plain messages, the pace choices, and the plan (Mifflin-St Jeor with
 * the chosen pace, @app/nutrition/mifflin) turned into the settings it saves. Pure, so each rule is tested.
 */
import { PROFILE_LIMITS, type ActivityLevel, type UserSettings, type UserSettingsUpdate } from '@app/contracts/settings';
import { aimOf, suggestGoals, weeksToGoal, type Aim, type GoalSuggestion, type Sex } from '@app/nutrition/mifflin';
import { formatKcal, formatNumber } from './format';
import { cmToFtIn, ftInToCm, fromDisplay, KG_PER_LB, toDisplay, unitLabel, type Units } from './units';

export type { Aim, GoalSuggestion, Sex };

export const ACTIVITY_CHOICES: { id: ActivityLevel; label: string; hint: string }[] = [
  { id: 'sedentary', label: 'Mostly sitting', hint: 'Desk job, little exercise' },
  { id: 'light', label: 'Lightly active', hint: 'Exercise 1–3 days a week' },
  { id: 'moderate', label: 'Moderately active', hint: 'Exercise 3–5 days a week' },
  { id: 'active', label: 'Very active', hint: 'Exercise 6–7 days a week' },
  { id: 'very_active', label: 'Extremely active', hint: 'Physical job plus training' },
];

export const AIM_CHOICES: { id: Aim; label: string }[] = [
  { id: 'lose', label: 'Lose weight' },
  { id: 'maintain', label: 'Maintain weight' },
  { id: 'gain', label: 'Gain weight' },
];

/** Imperial for a US English browser, metric anywhere else. */
export function defaultUnits(locale: string | null | undefined): Units {
  return /^en[-_]US\b/i.test(locale ?? '') ? 'imperial' : 'metric';
}

/** The equation is for adults; the helper accepts 15 to 100 years. */
export const MIN_AGE = 15;
export const MAX_AGE = 100;
export const ageFrom = (birthYear: number, year = new Date().getFullYear()) => year - birthYear;

type Checked<T> = { value: T; error: null } | { value: null; error: string };
const ok = <T>(value: T): Checked<T> => ({ value, error: null });
const bad = (error: string): Checked<never> => ({ value: null, error });
const num = (text: string) => {
  const t = text.trim().replace(',', '.');
  return t === '' ? NaN : Number(t);
};

export function checkBirthYear(text: string, year = new Date().getFullYear()): Checked<number> {
  const n = num(text);
  const lo = year - MAX_AGE;
  const hi = year - MIN_AGE;
  if (!Number.isInteger(n)) return bad('Enter the year you were born, e.g. 1990');
  if (n < lo || n > hi) return bad(`Enter a birth year between ${lo} and ${hi}`);
  return ok(n);
}

/** The height fields as typed: cm when metric, feet and inches when imperial. */
export interface HeightDraft {
  cm: string;
  ft: string;
  in: string;
}
export function heightDraft(cm: number | null | undefined): HeightDraft {
  if (cm == null) return { cm: '', ft: '', in: '' };
  const { ft, in: inches } = cmToFtIn(cm);
  return { cm: String(Math.round(cm)), ft: String(ft), in: String(inches) };
}

const H = PROFILE_LIMITS.height_cm;
export function checkHeight(d: HeightDraft, units: Units): Checked<number> {
  if (units === 'imperial') {
    const ft = num(d.ft);
    const inches = d.in.trim() === '' ? 0 : num(d.in);
    if (!Number.isInteger(ft) || !Number.isFinite(inches) || inches < 0 || inches >= 12) return bad('Enter your height in feet and inches, e.g. 5 ft 9 in');
    const cm = ftInToCm(ft, inches);
    if (cm < H.min || cm > H.max) {
      const lo = cmToFtIn(H.min);
      const hi = cmToFtIn(H.max);
      return bad(`Height must be between ${lo.ft} ft ${lo.in + 1} in and ${hi.ft} ft ${hi.in} in`);
    }
    return ok(cm);
  }
  const cm = num(d.cm);
  if (!Number.isFinite(cm)) return bad('Enter your height in cm, e.g. 175');
  if (cm < H.min || cm > H.max) return bad(`Height must be between ${H.min} and ${H.max} cm`);
  return ok(cm);
}

const W = PROFILE_LIMITS.goal_weight_kg;
/** Body weights the equation and the goal accept (30–300 kg), in the user's units: "Weight must be between 67 and 661 lb". */
export function checkBodyWeight(text: string, units: Units, what = 'Weight'): Checked<number> {
  const n = num(text);
  if (!Number.isFinite(n)) return bad(`Enter ${what === 'Weight' ? 'your weight' : what.toLowerCase()} in ${unitLabel(units)}, e.g. ${units === 'imperial' ? '165' : '75'}`);
  const kg = fromDisplay(n, units);
  if (kg < W.min || kg > W.max) {
    const lo = formatNumber(Math.ceil(toDisplay(W.min, units)));
    const hi = formatNumber(Math.floor(toDisplay(W.max, units)));
    return bad(`${what} must be between ${lo} and ${hi} ${unitLabel(units)}`);
  }
  return ok(kg);
}

/** The goal weight must lie in the pace's direction: below the current weight to lose, above it to gain. */
export function checkGoalWeight(text: string, units: Units, aim: Aim, currentKg: number | null): Checked<number> {
  const r = checkBodyWeight(text, units, 'The goal weight');
  if (r.error !== null || currentKg === null) return r;
  const now = `${formatNumber(toDisplay(currentKg, units), undefined, 1)} ${unitLabel(units)}`;
  if (aim === 'lose' && r.value >= currentKg) return bad(`To lose weight, choose a goal below your current ${now}`);
  if (aim === 'gain' && r.value <= currentKg) return bad(`To gain weight, choose a goal above your current ${now}`);
  return r;
}

/** A weekly pace the person can pick: its kg a week on the wire (negative loses) and its words in their units. */
export interface PaceChoice {
  kg: number;
  label: string;
}
const PACES: Record<Units, Record<'lose' | 'gain', number[]>> = {
  imperial: { lose: [0.25, 0.5, 0.75, 1], gain: [0.25, 0.5, 1] },
  metric: { lose: [0.25, 0.5, 0.75, 1], gain: [0.1, 0.25, 0.5] },
};
/** Four decimals of a kg: a pound a week is 0.4536 kg, and reads back as exactly 1 lb. */
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

export function paceChoices(units: Units, aim: Aim): PaceChoice[] {
  if (aim === 'maintain') return [];
  const sign = aim === 'lose' ? -1 : 1;
  return PACES[units][aim].map((v) => ({
    kg: round4(sign * (units === 'imperial' ? v * KG_PER_LB : v)),
    label: `${formatNumber(v, undefined, 2)} ${units === 'imperial' ? 'lb' : 'kg'} a week`,
  }));
}

/** The choice closest to a saved pace (a pace saved in kg, shown again in lb, lands on its pound choice). */
export function nearestPace(weeklyRateKg: number, units: Units): PaceChoice | null {
  const choices = paceChoices(units, aimOf(weeklyRateKg));
  let best: PaceChoice | null = null;
  for (const c of choices) if (!best || Math.abs(c.kg - weeklyRateKg) < Math.abs(best.kg - weeklyRateKg)) best = c;
  return best;
}

/** The answers a plan is made of, metric. */
export interface ProfileAnswers {
  units: Units;
  sex: Sex;
  birth_year: number;
  height_cm: number;
  weight_kg: number;
  activity_level: ActivityLevel;
  /** kg a week, negative loses, 0 maintains. */
  weekly_rate_kg: number;
  /** Null when maintaining. */
  goal_weight_kg: number | null;
}

export function planFor(a: ProfileAnswers, opts: { year?: number; measuredTdee?: number | null } = {}): GoalSuggestion {
  return suggestGoals({
    age: ageFrom(a.birth_year, opts.year),
    sex: a.sex,
    height_cm: a.height_cm,
    weight_kg: a.weight_kg,
    activity_level: a.activity_level,
    weekly_rate_kg: a.weekly_rate_kg,
    measured_tdee_kcal: opts.measuredTdee ?? null,
  });
}

/** Everything a plan saves in one PUT /user-settings: the goals and the answers they came from. */
export function planSettings(a: ProfileAnswers, plan: GoalSuggestion): UserSettingsUpdate {
  const maintain = a.weekly_rate_kg === 0;
  return {
    units: a.units,
    sex: a.sex,
    birth_year: a.birth_year,
    height_cm: Math.round(a.height_cm * 100) / 100,
    goal_weight_kg: maintain || a.goal_weight_kg === null ? null : Math.round(a.goal_weight_kg * 1000) / 1000,
    weekly_rate_kg: round4(a.weekly_rate_kg),
    activity_level: a.activity_level,
    daily_calorie_goal: plan.calories,
    daily_protein_goal: plan.protein,
    daily_carbs_goal: plan.carbs,
    daily_fat_goal: plan.fat,
    daily_fiber_goal: plan.fiber,
  };
}

/** The saved answers (null where one is missing), for prefilling the helper. */
export function savedAnswers(s: UserSettings | undefined) {
  return {
    sex: s?.sex ?? null,
    birth_year: s?.birth_year ?? null,
    height_cm: s?.height_cm ?? null,
    activity_level: s?.activity_level ?? null,
    weekly_rate_kg: s?.weekly_rate_kg ?? null,
    goal_weight_kg: s?.goal_weight_kg ?? null,
  };
}

/** "Lose 0.5 lb a week", "Maintain your weight". */
export function paceText(weeklyRateKg: number, units: Units): string {
  if (weeklyRateKg === 0) return 'Maintain your weight';
  const perWeek = Math.abs(units === 'imperial' ? weeklyRateKg / KG_PER_LB : weeklyRateKg);
  const amount = formatNumber(Math.round(perWeek * 100) / 100, undefined, 2);
  return `${weeklyRateKg < 0 ? 'Lose' : 'Gain'} ${amount} ${unitLabel(units)} a week`;
}

/** "About 12 weeks to 170 lb", or null when the pace leads nowhere near the goal. */
export function goalEtaText(a: ProfileAnswers): string | null {
  if (a.goal_weight_kg === null) return null;
  const weeks = weeksToGoal(a.weight_kg, a.goal_weight_kg, a.weekly_rate_kg);
  if (weeks === null) return null;
  const goal = `${formatNumber(toDisplay(a.goal_weight_kg, a.units), undefined, 1)} ${unitLabel(a.units)}`;
  return `About ${formatNumber(weeks)} ${weeks === 1 ? 'week' : 'weeks'} to ${goal}`;
}

/** When the safe floor set the goal, say so: the pace alone asked for less. */
export function floorText(plan: GoalSuggestion, sex: Sex): string | null {
  if (plan.floor_applied === null) return null;
  return `Your pace would need less than ${formatKcal(plan.floor_applied)} a day, the lowest we suggest for ${sex === 'male' ? 'men' : 'women'} without a doctor's guidance, so the goal is ${formatKcal(plan.floor_applied)}${plan.aim === 'lose' ? ': you will lose more slowly than the pace you chose' : ''}.`;
}
