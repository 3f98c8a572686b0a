/**
 * Dietary Reference Intakes for adults (IOM/NASEM DRI summary tables): the RDA or AI as `target` and the
 * Tolerable Upper Intake Level as `upper`, by sex and life-stage group (19–30, 31–50, 51–70, 71+).
 * `limit` marks a value to stay under (sodium CDRR, saturated fat) rather than to reach.
 * Vitamin A µg RAE, D µg, K µg, B12 µg, folate µg DFE; the rest mg or g as in `unit`.
 * ULs of magnesium, vitamin E and folate apply to supplements and fortificants only, so they are left out:
 * food amounts cannot be compared with them.
 */
import type { ExtraNutrient } from './types.js';

import type { Sex } from '../mifflin.js';
export type { Sex };
type ByAge = [number, number, number, number];
interface Row {
  unit: string;
  kind: 'RDA' | 'AI' | 'CDRR' | 'DGA';
  female: ByAge;
  male: ByAge;
  upper?: ByAge;
  limit?: boolean;
}
const all = (n: number): ByAge => [n, n, n, n];

export const DRI: Partial<Record<ExtraNutrient, Row>> = {
  // Fiber AI (14 g/1,000 kcal applied to median energy intakes): 25/21 g women, 38/30 g men.
  fiber: { unit: 'g', kind: 'AI', female: [25, 25, 21, 21], male: [38, 38, 30, 30] },
  sodium: { unit: 'mg', kind: 'CDRR', female: all(2300), male: all(2300), limit: true },
  potassium: { unit: 'mg', kind: 'AI', female: all(2600), male: all(3400) },
  calcium: { unit: 'mg', kind: 'RDA', female: [1000, 1000, 1200, 1200], male: [1000, 1000, 1000, 1200], upper: [2500, 2500, 2000, 2000] },
  iron: { unit: 'mg', kind: 'RDA', female: [18, 18, 8, 8], male: all(8), upper: all(45) },
  magnesium: { unit: 'mg', kind: 'RDA', female: [310, 320, 320, 320], male: [400, 420, 420, 420] },
  zinc: { unit: 'mg', kind: 'RDA', female: all(8), male: all(11), upper: all(40) },
  vitamin_a: { unit: 'µg RAE', kind: 'RDA', female: all(700), male: all(900), upper: all(3000) },
  vitamin_c: { unit: 'mg', kind: 'RDA', female: all(75), male: all(90), upper: all(2000) },
  vitamin_d: { unit: 'µg', kind: 'RDA', female: [15, 15, 15, 20], male: [15, 15, 15, 20], upper: all(100) },
  vitamin_e: { unit: 'mg', kind: 'RDA', female: all(15), male: all(15) },
  vitamin_k: { unit: 'µg', kind: 'AI', female: all(90), male: all(120) },
  vitamin_b6: { unit: 'mg', kind: 'RDA', female: [1.3, 1.3, 1.5, 1.5], male: [1.3, 1.3, 1.7, 1.7], upper: all(100) },
  vitamin_b12: { unit: 'µg', kind: 'RDA', female: all(2.4), male: all(2.4) },
  folate: { unit: 'µg DFE', kind: 'RDA', female: all(400), male: all(400) },
};

/** Life-stage index for an age; under 19 uses the 19–30 values and says so (the product is for adults). */
export const ageGroup = (age: number | null) => (age === null || age < 31 ? 0 : age < 51 ? 1 : age < 71 ? 2 : 3);
export const AGE_GROUPS = ['19–30', '31–50', '51–70', '71+'] as const;

export interface Reference {
  unit: string;
  kind: string;
  target: number;
  upper: number | null;
  limit: boolean;
}

/**
 * The reference for one nutrient. Without a sex the higher of the two targets is used (so nobody is told
 * they have enough when they may not) and the lower of the two upper levels.
 */
export function reference(n: ExtraNutrient, sex: Sex | null, age: number | null): Reference | null {
  const row = DRI[n];
  if (!row) return null;
  const i = ageGroup(age);
  const target = sex ? row[sex][i] : Math.max(row.female[i], row.male[i]);
  return { unit: row.unit, kind: row.kind, target, upper: row.upper?.[i] ?? null, limit: !!row.limit };
}
