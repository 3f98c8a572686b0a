import { describe, expect, it } from 'vitest';
import { retotal } from './edits.ts';

describe('retotal', () => {
  it('keeps the meal aim through an edit, thousands separator included, and says the meal was edited', () => {
    const food = { calories: 600.4, protein: 40, carbs: 60, fat: 20 } as never;
    const slot = { foods: [food, food], total_calories: 0, total_protein: 0, total_carbs: 0, total_fat: 0, notes: '1,090 kcal (aim 1,050 kcal): 70 g protein, 110 g carbs, 40 g fat.' } as never;
    expect(retotal(slot).notes).toBe('1,201 kcal (aim 1,050 kcal): 80 g protein, 120 g carbs, 40 g fat (edited).');
  });
});
