/** The create-plan form's values and rules (the API's limits, checked before a round trip). */
import type { UserSettings } from '@app/contracts/settings';
import { countOf } from '../../../lib/format';

export type GoalKey = 'calories' | 'protein' | 'carbs' | 'fat' | 'fiber';
export interface PlanForm {
  name: string;
  /** Kept as typed text so a half-typed number is not forced into a value. */
  days: string;
  start_date: string;
  alternatives_enabled: boolean;
  goals: Record<GoalKey, string>;
}
export type PlanFormErrors = Partial<Record<'name' | 'days' | 'start_date' | GoalKey, string>>;

const GOAL_MAX: Record<GoalKey, number> = { calories: 10_000, protein: 1_000, carbs: 1_500, fat: 700, fiber: 200 };

export function goalsFromSettings(s: UserSettings | undefined): Record<GoalKey, string> {
  const v = (n: number | null | undefined) => (n == null ? '' : String(n));
  return {
    calories: v(s?.daily_calorie_goal),
    protein: v(s?.daily_protein_goal),
    carbs: v(s?.daily_carbs_goal),
    fat: v(s?.daily_fat_goal),
    fiber: v(s?.daily_fiber_goal),
  };
}

export function validatePlanForm(f: PlanForm): PlanFormErrors {
  const e: PlanFormErrors = {};
  if (!f.name.trim()) e.name = 'Give the plan a name';
  const days = Number(f.days);
  if (f.days.trim() === '' || !Number.isInteger(days) || days < 1 || days > 14) e.days = 'Choose 1 to 14 days';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(f.start_date)) e.start_date = 'Choose a start date';
  for (const k of Object.keys(GOAL_MAX) as GoalKey[]) {
    const raw = f.goals[k].trim();
    if (raw === '') continue;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < 0 || n > GOAL_MAX[k]) e[k] = `0 to ${GOAL_MAX[k].toLocaleString()}`;
  }
  return e;
}

/**
 * The "prefer favorites" switch's label. Plans are built from the food database, so only favorites that are
 * database foods can be preferred; favorites typed in by hand (no food id) cannot, and the label says so.
 */
export function favoritesSwitchLabel(favorites: readonly { food_id: string | null }[]): string {
  const planned = favorites.filter((f) => f.food_id).length;
  if (planned > 0) return `Prefer my ${countOf(planned, 'favorite food')}`;
  if (favorites.length > 0) return 'Prefer my favorite foods (only foods from search can be planned; yours were typed in)';
  return 'Prefer my favorite foods (none yet)';
}
