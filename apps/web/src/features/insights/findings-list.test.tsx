import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Finding } from '@app/contracts/insights';
import { FindingsList } from './findings-list';

const finding = (evidence: Finding['evidence']): Finding =>
  ({ id: 'calories_under_goal', title: 'Calories below your goal', statement: 'You ate less.', evidence, suggestion: null, citation: 'A source of ten characters', score: 1 }) as Finding;

describe('FindingsList', () => {
  test("writes the evidence in words and the reader's numbers, not the engine's keys", () => {
    const { container } = render(<FindingsList findings={[finding({ calories_per_day: 853, difference: -1147, amdr_min: 45, fiber_g_per_1000_kcal: 8.456, weight_kg: null })]} notEnough={[]} />);
    const rows = [...container.querySelectorAll('tr')].map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Calories a day (kcal)', '853'],
      ['Difference (kcal)', '-1,147'],
      ['Healthy range, from (%)', '45'],
      ['Fiber per 1,000 kcal (g)', '8.46'],
      ['Weight (kg)', 'not known'],
    ]);
  });
});

describe('FindingsList in imperial units', () => {
  test('shows a body weight of the evidence in lb', () => {
    const { container } = render(<FindingsList findings={[finding({ g_per_kg: 0.9, weight_kg: 80 })]} notEnough={[]} units="imperial" />);
    const rows = [...container.querySelectorAll('tr')].map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Protein per kg of body weight (g)', '0.9'],
      ['Weight (lb)', '176.4'],
    ]);
  });
});
