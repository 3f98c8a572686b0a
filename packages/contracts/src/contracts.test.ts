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

describe('one date and timestamp range for every contract (issue 8 item 9)', async () => {
  const { InstantSchema, parseInstant } = await import('./index.ts');
  it('dates: 1900-01-01..2100-12-31', () => {
    for (const ok of ['1900-01-01', '2025-03-03', '2100-12-31']) expect(LocalDateSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-25', '2025-02-30']) expect(LocalDateSchema.safeParse(bad).success).toBe(false);
  });
  it('instants: ISO 8601 or epoch seconds/milliseconds, within the same range', () => {
    expect(parseInstant('1741000000')).toBe(1741000000_000);
    expect(parseInstant('1741000000000')).toBe(1741000000000);
    expect(parseInstant('2025-03-03T07:30:00+01:00')).toBe(Date.UTC(2025, 2, 3, 6, 30));
    for (const bad of ['99999999999999999999', '253402300800000', '0000-01-01T00:00:00Z', '2101-01-01T00:00:00Z', 'now', '']) {
      expect(parseInstant(bad)).toBeNull();
      expect(InstantSchema.safeParse(bad).success).toBe(false);
    }
  });
  it('one instant type for every timestamp: ISO 8601 with offset or epoch ms, number or numeric string, as ISO UTC (issue 40 item 8c)', async () => {
    const { AnalysisQuerySchema, NowQuerySchema, WhatToEatBodySchema, TimestampSchema } = await import('./index.ts');
    const iso = '2025-03-03T06:30:00.000Z';
    for (const ok of [1741000000000 + 0, '2025-03-03T07:30:00+01:00', '2025-03-03T06:30:00Z', '2025-03-03T07:30:00+0100', String(Date.parse(iso)), Date.parse(iso)]) {
      const want = typeof ok === 'number' && ok === 1741000000000 ? new Date(1741000000000).toISOString() : iso;
      expect(TimestampSchema.parse(ok), String(ok)).toBe(want);
      expect(AnalysisQuerySchema.parse({ timestamp: ok }).timestamp, `analysis ${ok}`).toBe(want);
      expect(NowQuerySchema.parse({ timestamp: ok }).timestamp, `now ${ok}`).toBe(want);
      expect(WhatToEatBodySchema.parse({ timestamp: ok })?.timestamp, `body ${ok}`).toBe(want);
    }
    for (const bad of ['2025-03-03T07:30:00', '2025-03-03', 1.5, -1, 'soon', true]) {
      expect(TimestampSchema.safeParse(bad).success, String(bad)).toBe(false);
      expect(AnalysisQuerySchema.safeParse({ timestamp: bad }).success, `analysis ${bad}`).toBe(false);
    }
  });
});
