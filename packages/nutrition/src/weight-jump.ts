/**
 * When a weigh-in is probably a typo: it differs from the nearest earlier weigh-in within WEIGHT_JUMP.days by more
 * than WEIGHT_JUMP.kg, or by more than WEIGHT_JUMP.share of that earlier weight when that is more (3 kg is a lot for
 * 60 kg and daily noise for 150 kg). Such a weight is stored only once the person confirms it.
 */
import { readableDay, weightText, type Units } from './numbers.js';

export const WEIGHT_JUMP = { kg: 3, share: 0.03, days: 14 } as const;

/** The largest change from `previousKg` that passes without a question. */
export const jumpAllowanceKg = (previousKg: number) => Math.max(WEIGHT_JUMP.kg, WEIGHT_JUMP.share * previousKg);

/** True when going from `previousKg` to `kg` needs a confirmation. */
export function isWeightJump(previousKg: number, kg: number): boolean {
  return Math.abs(kg - previousKg) - jumpAllowanceKg(previousKg) > 1e-9;
}

/** "That is 10.2 kg more than on Dec 3. Save anyway?" (the year only when it is not `today`'s year). */
export function weightJumpQuestion(kg: number, previous: { date: string; weight_kg: number }, units: Units | string | null | undefined, today: string): string {
  const diff = kg - previous.weight_kg;
  const full = readableDay(previous.date); // "Thu, Dec 3, 2026"
  const [, monthDay, year] = /^\w+, (\w+ \d+), (\d+)$/.exec(full) ?? [full, full, ''];
  const day = year && year !== today.slice(0, 4) ? `${monthDay}, ${year}` : monthDay;
  return `That is ${weightText(Math.abs(diff), units)} ${diff > 0 ? 'more' : 'less'} than on ${day}. Save anyway?`;
}
