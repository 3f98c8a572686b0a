import { describe, expect, it } from 'vitest';
import { servingRow, tidyUnit } from './food-rows.ts';

describe('serving labels from USDA measures', () => {
  it.each([
    ['medium (7" to 7-7/8" long)', 'medium'],
    ['links 1 NLEA serving', 'links'],
    ['NLEA Serving (makes about 1 cup prepared)', 'serving'],
    ['serving 9 servings per 24 oz package', 'serving'],
    ['package yields', 'package'],
    ['cup, dry, yields', 'cup, dry'],
    ['medium 3-1/4 in. x 3-5/8 in., 5/8 in. thick.', 'medium'],
    ['fruit 2-1/4" high x 2-1/2" dia', 'fruit'],
    ['potato large (3" to 4-1/4" dia.', 'potato large'],
    ['recipe yield, recipe makes 49     1 " x 1"     pieces', 'recipe'],
    ['cup, chopped', 'cup, chopped'],
    ['oz', 'oz'],
    ['large', 'large'],
  ])('%s → %s', (raw, want) => {
    expect(tidyUnit(raw)).toBe(want);
  });

  it('writes the label from the tidy name: "2 links (45 g)", not "2 links 1 NLEA serving (45 g)"', () => {
    expect(servingRow(2, 'links 1 NLEA serving', 45).description).toBe('2 links (45 g)');
    expect(servingRow(1, 'serving 9 servings per 24 oz package', 81).description).toBe('1 serving (81 g)');
  });
});
