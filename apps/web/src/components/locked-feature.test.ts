import { describe, expect, it } from 'vitest';
import { ENTITLEMENT_KEYS } from '@app/contracts/entitlements';
import { lockedTitle } from './locked-feature';

describe('lockedTitle', () => {
  it('reads as a sentence for singular and plural features alike', () => {
    expect(lockedTitle('pro_insights')).toBe('Unlock deeper insights with Pro');
    expect(lockedTitle('recipe_analysis')).toBe('Unlock recipe analysis with Pro');
    expect(lockedTitle('restaurant_reminders')).toBe('Unlock restaurant options in reminders with Plus');
    for (const k of ENTITLEMENT_KEYS) expect(lockedTitle(k)).toMatch(/^Unlock [a-z].* with (Plus|Pro|Premium)$/);
  });
});
