/**
 * How a day's amount compares with its goal, for colour AND words (issue 10 item 6). Reaching a goal
 * is never bad: a small overage on a limit (calories, carbs, fat) still counts as on target, and the
 * floors (protein, fiber) are never "over" — more is fine. Colour is never the only signal: every
 * status comes with a sentence the screen shows next to it.
 */
export type GoalKind = 'limit' | 'floor';
export type GoalState = 'none' | 'under' | 'met' | 'over';
export type GoalColor = 'primary' | 'success' | 'warning';

export interface GoalStatus {
  state: GoalState;
  color: GoalColor;
  /** Short words for the status: "12 g left", "On target", "Goal reached", "240 kcal over". */
  text: string;
  /** 0–100 for a progress bar. */
  percent: number;
}

/** Up to this share above a limit still counts as on target (2,009 of 2,000 kcal is success). */
export const LIMIT_TOLERANCE = 0.1;
/** From this share of a limit the day counts as on target (1,950 of 2,000 kcal). */
export const LIMIT_NEAR = 0.95;

export const GOAL_KINDS = { calories: 'limit', carbs: 'limit', fat: 'limit', protein: 'floor', fiber: 'floor' } as const satisfies Record<string, GoalKind>;

export function goalStatus(amount: number, goal: number | null | undefined, kind: GoalKind, unit: 'g' | 'kcal' = 'g'): GoalStatus {
  const eaten = Math.max(0, amount || 0);
  if (!goal || goal <= 0) return { state: 'none', color: 'primary', text: 'No goal set', percent: 0 };
  const ratio = eaten / goal;
  const percent = Math.min(100, ratio * 100);
  const amountText = (n: number) => `${Math.round(n).toLocaleString()}\u00a0${unit}`;
  if (kind === 'floor') {
    if (ratio >= 1) return { state: 'met', color: 'success', text: 'Goal reached', percent };
    return { state: 'under', color: 'primary', text: `${amountText(goal - eaten)} to go`, percent };
  }
  if (ratio > 1 + LIMIT_TOLERANCE) return { state: 'over', color: 'warning', text: `${amountText(eaten - goal)} over`, percent };
  if (ratio >= LIMIT_NEAR) return { state: 'met', color: 'success', text: 'On target', percent };
  return { state: 'under', color: 'primary', text: `${amountText(goal - eaten)} left`, percent };
}
