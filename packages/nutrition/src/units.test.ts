import { describe, expect, it } from 'vitest';
import {
  cmToFtIn,
  flOzToMl,
  ftInToCm,
  G_PER_OZ,
  gToOz,
  heightText,
  kgToLb,
  lbToKg,
  massText,
  massToG,
  massValue,
  mlToFlOz,
  ML_PER_FL_OZ,
  ozToG,
  parseHeight,
  parseMass,
  parseNumber,
  parseVolume,
  parseWeight,
  volumeText,
  volumeToMl,
  volumeValue,
  weightText,
  weightToKg,
  weightValue,
} from './units.js';
import { weightText as weightTextFromNumbers } from './numbers.js';
import { formatWater, waterToMl } from './water.js';

describe('weight: kg and lb', () => {
  it('converts with the exact international pound both ways', () => {
    expect(lbToKg(1)).toBe(0.45359237);
    expect(kgToLb(0.45359237)).toBeCloseTo(1, 12);
    for (const kg of [40, 63.5, 80, 123.456]) expect(lbToKg(kgToLb(kg))).toBeCloseTo(kg, 10);
  });
  it('writes the weight as the screens and e-mails show it', () => {
    expect(weightText(70.4, 'imperial')).toBe('155.2 lb');
    expect(weightText(80, 'imperial')).toBe('176.4 lb');
    expect(weightText(80, 'metric')).toBe('80 kg');
    expect(weightText(80, null)).toBe('80 kg');
    expect(weightText(-0.25, 'imperial', { digits: 2, signed: true })).toBe('-0.55 lb');
    expect(weightText(0.3, 'metric', { digits: 2, signed: true })).toBe('+0.3 kg');
    expect(weightText(1000, 'imperial', { digits: 0 })).toBe('2,205 lb');
    expect(weightText(80, 'imperial', { locale: 'de-DE' })).toBe('176,4 lb');
  });
  it('is the one weightText numbers.ts offers too', () => {
    expect(weightTextFromNumbers).toBe(weightText);
  });
  it('round-trips a typed pound figure to the same figure on screen', () => {
    for (const lb of [99.5, 150, 176.4, 250.2, 400]) expect(weightValue(weightToKg(lb, 'imperial'), 'imperial')).toBe(lb);
    expect(weightToKg(150, 'imperial')).toBe(68.039);
    expect(weightToKg(68.2, 'metric')).toBe(68.2);
  });
});

describe('height: cm and ft + in', () => {
  it('5 ft 9 in is 175.26 cm, and back', () => {
    expect(ftInToCm(5, 9)).toBe(175.26);
    expect(cmToFtIn(175.26)).toEqual({ ft: 5, in: 9 });
    expect(heightText(175.26, 'imperial')).toBe('5 ft 9 in');
    expect(heightText(175.26, 'metric')).toBe('175 cm');
  });
  it('carries 12 inches to a foot rather than writing "5 ft 12 in"', () => {
    expect(cmToFtIn(182.5)).toEqual({ ft: 6, in: 0 }); // 71.85 in
    expect(heightText(182.5, 'imperial')).toBe('6 ft 0 in');
  });
  it('round-trips every whole-inch height from 4 ft to 7 ft', () => {
    for (let inches = 48; inches <= 84; inches++) {
      const ft = Math.floor(inches / 12);
      const cm = ftInToCm(ft, inches % 12);
      expect(cmToFtIn(cm)).toEqual({ ft, in: inches % 12 });
    }
  });
  it('writes a child\'s height under a foot as inches alone', () => {
    expect(heightText(ftInToCm(0, 11), 'imperial')).toBe('11 in');
  });
});

describe('volume: ml and US fl oz', () => {
  it('uses the US fluid ounce (29.5735 ml)', () => {
    expect(flOzToMl(1)).toBe(ML_PER_FL_OZ);
    expect(mlToFlOz(flOzToMl(16))).toBeCloseTo(16, 12);
    expect(volumeText(473.176, 'imperial')).toBe('16 fl oz');
    expect(volumeText(250, 'imperial')).toBe('8.5 fl oz');
    expect(volumeText(2000, 'metric')).toBe('2,000 ml');
    expect(volumeValue(2000, 'imperial')).toBe(67.6);
  });
  it('round-trips fl oz typed by a person to whole ml and back', () => {
    for (const oz of [8, 12, 16, 20, 33.8, 64]) expect(volumeValue(volumeToMl(oz, 'imperial'), 'imperial')).toBe(oz);
    expect(volumeToMl(16, 'imperial')).toBe(473);
  });
  it('is what the water card writes (one formatter)', () => {
    expect(formatWater(473.176, 'imperial')).toBe('16\u00a0fl oz');
    expect(formatWater(1250, 'metric')).toBe('1,250\u00a0ml');
    expect(waterToMl(16, 'imperial')).toBe(473);
  });
});

describe('food mass: g and oz', () => {
  it('uses the avoirdupois ounce (28.3495 g)', () => {
    expect(ozToG(1)).toBe(G_PER_OZ);
    expect(gToOz(ozToG(4))).toBeCloseTo(4, 12);
    expect(massText(113.398, 'imperial')).toBe('4 oz');
    expect(massText(100, 'imperial')).toBe('3.5 oz');
    expect(massText(113.398, 'metric')).toBe('113 g');
    expect(massText(2.54, 'metric')).toBe('2.5 g');
    expect(massValue(28.3495, 'imperial')).toBe(1);
  });
  it('stores oz typed by a person as grams to 0.01 g, and shows the same oz back', () => {
    expect(massToG(4, 'imperial')).toBe(113.4);
    expect(massToG(6.5, 'imperial')).toBe(184.27);
    for (const oz of [0.5, 1, 3.5, 4, 8, 16]) expect(massValue(massToG(oz, 'imperial'), 'imperial')).toBe(oz);
  });
});

describe('parsing what a person typed', () => {
  it('reads numbers with a point or a comma, and refuses words', () => {
    expect(parseNumber('70.5')).toBe(70.5);
    expect(parseNumber(' 70,5 ')).toBe(70.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('seventy')).toBeNull();
    expect(parseNumber('1.2.3')).toBeNull();
  });
  it('reads a weight in the user\'s units unless the text names its own', () => {
    expect(parseWeight('176.4', 'imperial')).toBeCloseTo(80.014, 3);
    expect(parseWeight('176.4 lb', 'metric')).toBeCloseTo(80.014, 3);
    expect(parseWeight('80 kg', 'imperial')).toBe(80);
    expect(parseWeight('80', 'metric')).toBe(80);
    expect(parseWeight('heavy', 'metric')).toBeNull();
  });
  it('reads a height as feet and inches, inches, cm or m', () => {
    for (const t of ['5 ft 9 in', "5'9\"", "5' 9", '5ft9', '5 9', '69 in', '69']) expect(parseHeight(t, 'imperial')).toBe(175.26);
    expect(parseHeight('6', 'imperial')).toBe(182.88);
    expect(parseHeight('175 cm', 'imperial')).toBe(175);
    expect(parseHeight('175', 'metric')).toBe(175);
    expect(parseHeight('1.75 m', 'metric')).toBe(175);
    expect(parseHeight('tall', 'imperial')).toBeNull();
  });
  it('reads a volume and a food weight', () => {
    expect(parseVolume('16', 'imperial')).toBe(473);
    expect(parseVolume('16 fl oz', 'metric')).toBe(473);
    expect(parseVolume('500 ml', 'imperial')).toBe(500);
    expect(parseMass('4', 'imperial')).toBe(113.4);
    expect(parseMass('4 oz', 'metric')).toBe(113.4);
    expect(parseMass('150 g', 'imperial')).toBe(150);
    expect(parseMass('a lot', 'imperial')).toBeNull();
  });
});
