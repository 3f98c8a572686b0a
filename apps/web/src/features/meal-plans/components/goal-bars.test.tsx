import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { GoalBars } from './goal-bars';

afterEach(cleanup);

const goals = { calories: 2100, protein: 130, carbs: 230, fat: 70, fiber: 30 };

describe('GoalBars', () => {
  test('a total that shows as the goal says the goal is reached (129.6 of 130 g protein read "130 / 130 g" with no words)', () => {
    render(<GoalBars totals={{ calories: 2077, protein: 129.6, carbs: 236, fat: 71, fiber: 29.5 }} goals={goals} />);
    expect(screen.getByText('130 / 130 g')).toBeTruthy();
    // Protein and fiber (floors) both reached; calories, carbs and fat on target.
    expect(screen.getAllByText('✓ Goal reached')).toHaveLength(2);
    expect(screen.getAllByText('✓ On target')).toHaveLength(3);
    expect(screen.getByRole('progressbar', { name: 'Protein: 130 of 130 g' }).getAttribute('aria-valuetext')).toBe('Goal reached');
  });

  test('a plan short of a goal by a shown amount says by how much', () => {
    render(<GoalBars totals={{ calories: 1500, protein: 117, carbs: 230, fat: 70, fiber: 0 }} goals={goals} />);
    expect(screen.getByText('13 g below goal')).toBeTruthy();
    expect(screen.getByText('30 g below goal')).toBeTruthy();
    expect(screen.getByText('600 kcal below goal')).toBeTruthy();
  });
});
