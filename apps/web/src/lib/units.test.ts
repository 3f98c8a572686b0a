import { describe, expect, it } from 'vitest';
import { formatWeight, fromDisplay, toDisplay } from './units';

describe('weight units', () => {
  it('shows kg or lb per the setting and sends kg', () => {
    expect(formatWeight(80, 'metric')).toBe('80 kg');
    expect(formatWeight(80, 'imperial')).toBe('176.4 lb');
    expect(fromDisplay(176.4, 'imperial')).toBeCloseTo(80.01, 2);
    expect(toDisplay(fromDisplay(150, 'imperial'), 'imperial')).toBe(150);
  });
});
