import { describe, expect, it } from 'vitest';
import { formatWater, waterToMl } from '@app/nutrition/water';
import { checkWeight, jumpOf, jumpQuestion, replacedText } from './weight-form';

const US = 'en-US';
describe('the weight dialog says things plainly', () => {
  it('checks the typed weight in the user units, never naming the API field', () => {
    expect(checkWeight('900', 'metric', US)).toEqual({ kg: null, error: 'Weight must be between 20 and 500 kg' });
    expect(checkWeight('30', 'imperial', US)).toEqual({ kg: null, error: 'Weight must be between 45 and 1,102 lb' });
    expect(checkWeight('heavy', 'metric', US).error).toBe('Enter your weight in kg, e.g. 75.2');
    expect(checkWeight('84,6', 'metric', US)).toEqual({ kg: 84.6, error: null });
    expect(checkWeight('165', 'imperial', US).kg).toBeCloseTo(74.843, 3);
  });

  it('asks about a jump with the difference and the day of the previous weigh-in', () => {
    const jump = { previous: { date: '2026-12-03', weight_kg: 84.6 }, weight_kg: 94.8, difference_kg: 10.2 };
    expect(jumpQuestion(jump, 'metric', '2026-12-07', US)).toBe('That is 10.2 kg more than on Dec 3. Save anyway?');
    expect(jumpQuestion({ ...jump, weight_kg: 80.1 }, 'metric', '2026-12-07', US)).toBe('That is 4.5 kg less than on Dec 3. Save anyway?');
    expect(jumpQuestion(jump, 'imperial', '2027-01-02', US)).toBe('That is 22.5 lb more than on Dec 3, 2026. Save anyway?');
    expect(jumpQuestion({ ...jump, previous: { date: '2026-12-07', weight_kg: 84.6 } }, 'metric', '2026-12-07', US)).toBe('That is 10.2 kg more than earlier today. Save anyway?');
    expect(jumpOf({ status: 409, data: { detail: { type: 'weight_jump_unconfirmed', msg: 'x', errors: jump } } })).toEqual(jump);
    expect(jumpOf({ status: 409, data: { detail: { type: 'conflict', msg: 'x', errors: null } } })).toBeNull();
    expect(jumpOf({ status: 422, data: { detail: { type: 'validation_error', msg: 'x', errors: [] } } })).toBeNull();
  });

  it("says which weigh-in a save replaced: this morning's, or another day's", () => {
    const r = { weight_kg: 84.6, time: '07:10', created_at: '2026-12-07T12:10:00Z' };
    expect(replacedText(r, '2026-12-07', '2026-12-07', 'metric', 'America/New_York', US)).toBe("Replaced this morning's 84.6 kg");
    expect(replacedText({ ...r, time: '19:05' }, '2026-12-07', '2026-12-07', 'metric', 'UTC', US)).toBe("Replaced this evening's 84.6 kg");
    // No time kept: the moment it was saved, on the settings clock (12:10 UTC is 07:10 in New York).
    expect(replacedText({ ...r, time: null }, '2026-12-07', '2026-12-07', 'metric', 'America/New_York', US)).toBe("Replaced this morning's 84.6 kg");
    expect(replacedText({ ...r, time: null }, '2026-12-07', '2026-12-07', 'metric', 'Pacific/Kiritimati', US)).toBe("Replaced last night's 84.6 kg");
    expect(replacedText(r, '2026-12-03', '2026-12-07', 'imperial', 'UTC', US)).toBe('Replaced the 186.5 lb of Dec 3');
    expect(replacedText(null, '2026-12-07', '2026-12-07', 'metric', 'UTC', US)).toBeNull();
  });
});

describe('water, one formatter for ml and fl oz', () => {
  it('writes ml for metric and fl oz (29.5735 ml) for imperial', () => {
    expect(formatWater(2000, 'metric')).toBe('2,000\u00a0ml');
    expect(formatWater(250, 'imperial')).toBe('8.5\u00a0fl oz');
    expect(formatWater(2000, 'imperial')).toBe('67.6\u00a0fl oz');
    expect(formatWater(0, 'imperial')).toBe('0\u00a0fl oz');
    expect(formatWater(1250, 'metric', 'de-DE')).toBe('1.250\u00a0ml');
    expect(waterToMl(8, 'imperial')).toBe(237);
    expect(waterToMl(330, 'metric')).toBe(330);
  });
});
