/**
 * One fiber target for every screen (issue 42 §11): the day card said 28 g (the goal the goal helper wrote, 14 g per
 * 1,000 kcal) while the nutrients table said "AI 38 g" (the DRI for a man of 19–30). The rule: the user's fiber goal
 * when they set one, else the Adequate Intake for their sex and age, and the label says which it is.
 */
import { AGE_GROUPS, ageGroup, reference, type Sex } from './analysis/dri.js';

export interface FiberTarget {
  grams: number;
  /** 'goal': the user's own; 'AI': the DRI's Adequate Intake. */
  kind: 'goal' | 'AI';
  /** What the number is, for a screen: "your goal", "AI for men 19–30", "AI for ages 19–30 (sex not set)". */
  label: string;
}

/** `goal`: daily_fiber_goal (null, undefined or 0 = not set); `age` in years (null = not known: the 19–30 group). */
export function fiberTarget(goal: number | null | undefined, sex: Sex | null | undefined, age: number | null | undefined): FiberTarget {
  if (goal != null && goal > 0) return { grams: goal, kind: 'goal', label: 'your goal' };
  const ref = reference('fiber', sex ?? null, age ?? null)!;
  const group = AGE_GROUPS[ageGroup(age ?? null)];
  // Without a sex, reference() takes the higher of the two values (nobody is told they have enough when they may not).
  const who = sex === 'female' ? `women ${group}` : sex === 'male' ? `men ${group}` : `ages ${group} (sex not set)`;
  return { grams: ref.target, kind: 'AI', label: `AI for ${who}` };
}
