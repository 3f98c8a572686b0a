import { describe, expect, test } from 'vitest';
import { goalStatus } from './goal-status';

describe('goalStatus', () => {
  test('a small overage of a limit is success, with words, not a red ring', () => {
    expect(goalStatus(2009, 2000, 'limit', 'kcal')).toMatchObject({ state: 'met', color: 'success', text: 'On target' });
    expect(goalStatus(2190, 2000, 'limit', 'kcal')).toMatchObject({ state: 'met', color: 'success' });
  });
  test('a clear overage of a limit is a warning that says by how much', () => {
    expect(goalStatus(319, 248, 'limit')).toMatchObject({ state: 'over', color: 'warning', text: '71\u00a0g over', percent: 100 });
  });
  test('floors (protein, fiber) are never over', () => {
    expect(goalStatus(103, 101, 'floor')).toMatchObject({ state: 'met', color: 'success', text: 'Goal reached' });
    expect(goalStatus(31, 28, 'floor')).toMatchObject({ state: 'met', color: 'success' });
    expect(goalStatus(300, 28, 'floor').state).toBe('met');
  });
  test('below the goal says what is left or to go', () => {
    expect(goalStatus(1500, 2000, 'limit', 'kcal')).toMatchObject({ state: 'under', color: 'primary', text: '500\u00a0kcal left', percent: 75 });
    expect(goalStatus(40, 100, 'floor')).toMatchObject({ state: 'under', text: '60\u00a0g to go' });
  });
  test('no goal, no judgement', () => {
    expect(goalStatus(50, 0, 'limit')).toMatchObject({ state: 'none', percent: 0 });
    expect(goalStatus(50, null, 'floor').state).toBe('none');
  });
});
