import { describe, expect, it } from 'vitest';
import { ErrorBodySchema, LocalDateSchema, MealTypeSchema, IntIdParamsSchema, RECOVERY_REFETCH, DIET_TYPE_IDS, ALLERGY_IDS } from './index.ts';

describe('shared contracts', () => {
  it('accepts the error body and refuses bodies without detail.msg', () => {
    expect(ErrorBodySchema.safeParse({ detail: { msg: 'x', type: 'not_found', errors: null } }).success).toBe(true);
    expect(ErrorBodySchema.safeParse({ detail: { type: 'x' } }).success).toBe(false);
  });
  it('takes only real calendar dates and the four meal types', () => {
    expect(LocalDateSchema.safeParse('2026-02-28').success).toBe(true);
    expect(LocalDateSchema.safeParse('2026-02-30').success).toBe(false);
    expect(LocalDateSchema.safeParse('28/02/2026').success).toBe(false);
    expect(MealTypeSchema.safeParse('brunch').success).toBe(false);
  });
  it('coerces path ids and refuses non-numeric or out-of-range ones', () => {
    expect(IntIdParamsSchema.parse({ id: '42' }).id).toBe(42);
    expect(IntIdParamsSchema.safeParse({ id: 'abc' }).success).toBe(false);
    expect(IntIdParamsSchema.safeParse({ id: '99999999999' }).success).toBe(false);
  });
  it('keeps the recovery backoff of spec §9 and the nine diets and allergies', () => {
    expect([1, 2, 3, 4, 5].map(RECOVERY_REFETCH.backoffMs)).toEqual([1500, 3000, 4500, 5000, 5000]);
    expect(DIET_TYPE_IDS).toHaveLength(9);
    expect(ALLERGY_IDS).toHaveLength(9);
  });
});
