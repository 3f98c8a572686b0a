/**
 * When a weigh-in is probably a typo: it differs from the nearest earlier weigh-in within WEIGHT_JUMP.days by more
 * than WEIGHT_JUMP.kg, or by more than WEIGHT_JUMP.share of that earlier weight when that is more (3 kg is a lot for
 * 60 kg and daily noise for 150 kg). Such a weight is stored only once the person confirms it.
 */
export const WEIGHT_JUMP = { kg: 3, share: 0.03, days: 14 } as const;

/** The largest change from `previousKg` that passes without a question. */
export const jumpAllowanceKg = (previousKg: number) => Math.max(WEIGHT_JUMP.kg, WEIGHT_JUMP.share * previousKg);

/** True when going from `previousKg` to `kg` needs a confirmation. */
export function isWeightJump(previousKg: number, kg: number): boolean {
  return Math.abs(kg - previousKg) - jumpAllowanceKg(previousKg) > 1e-9;
}
