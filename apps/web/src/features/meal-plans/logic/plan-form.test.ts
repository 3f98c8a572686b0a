import { describe, expect, it } from 'vitest';
import { favoritesSwitchLabel } from './plan-form';

describe('favoritesSwitchLabel', () => {
  it('counts only the favorites a plan can use, in the singular for one', () => {
    expect(favoritesSwitchLabel([{ food_id: 'usda-1' }])).toBe('Prefer my 1 favorite food');
    expect(favoritesSwitchLabel([{ food_id: 'usda-1' }, { food_id: null }, { food_id: 'usda-2' }])).toBe('Prefer my 2 favorite foods');
  });
  it('does not say "none yet" to a user whose favorites were all typed in', () => {
    expect(favoritesSwitchLabel([{ food_id: null }])).toBe('Prefer my favorite foods (only foods from search can be planned; yours were typed in)');
    expect(favoritesSwitchLabel([])).toBe('Prefer my favorite foods (none yet)');
  });
});
