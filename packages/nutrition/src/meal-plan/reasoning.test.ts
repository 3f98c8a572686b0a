import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue.js';
import { reasoningFor } from './reasoning.js';

describe('reasoningFor', () => {
  it('claims no more than one food does: a starch counts toward the carb goal, a fat rounds out its meal', () => {
    const starch = CATALOGUE.find((f) => f.role === 'starch')!;
    const fat = CATALOGUE.find((f) => f.role === 'fat')!;
    const carbs = reasoningFor(starch, { calories: 345, protein: 8, carbs: 43, fat: 2, fiber: 4 }, 'breakfast', false);
    expect(carbs).toBe("43 g carbs and 4 g fiber (345 kcal) fuel your breakfast and count toward the day's carbs.");
    expect(carbs).not.toMatch(/cover your carb goal/);
    expect(reasoningFor(fat, { calories: 120, protein: 0, carbs: 0, fat: 14, fiber: 0 }, 'lunch', false)).toBe("14 g of fat (120 kcal) rounds out this meal's fat and helps absorb vitamins.");
  });
});
