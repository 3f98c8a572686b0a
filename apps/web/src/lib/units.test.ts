import { describe, expect, it } from 'vitest';
import { heightText, massText, volumeText, weightText } from '@app/nutrition/units';
import { formatHeight, formatMass, formatVolume, formatWeight, fromDisplay, massFromDisplay, toDisplay, volumeFromDisplay } from './units';

describe('units on screen', () => {
  it('shows kg or lb per the setting and sends kg', () => {
    expect(formatWeight(80, 'metric')).toBe('80 kg');
    expect(formatWeight(80, 'imperial')).toBe('176.4 lb');
    expect(fromDisplay(176.4, 'imperial')).toBeCloseTo(80.01, 2);
    expect(toDisplay(fromDisplay(150, 'imperial'), 'imperial')).toBe(150);
  });
  it('writes height, volume and food weight in the user units', () => {
    expect(formatHeight(175.26, 'imperial')).toBe('5 ft 9 in');
    expect(formatHeight(175.26, 'metric')).toBe('175 cm');
    expect(formatVolume(473.176, 'imperial')).toBe('16 fl oz');
    expect(formatVolume(500, 'metric')).toBe('500 ml');
    expect(formatMass(113.398, 'imperial')).toBe('4 oz');
    expect(formatMass(120, 'metric')).toBe('120 g');
    expect(volumeFromDisplay(16, 'imperial')).toBe(473);
    expect(massFromDisplay(4, 'imperial')).toBe(113.4);
  });
  it('writes the same text as server-written e-mails and exports (en-US reader)', () => {
    for (const units of ['metric', 'imperial'] as const) {
      expect(formatWeight(84.6, units)).toBe(weightText(84.6, units));
      expect(formatHeight(170, units)).toBe(heightText(170, units));
      expect(formatVolume(1250, units)).toBe(volumeText(1250, units));
      expect(formatMass(170, units)).toBe(massText(170, units));
    }
  });
});
