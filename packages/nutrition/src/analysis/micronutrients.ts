/**
 * Nutrients per day against the DRI for the user's age and sex. A nutrient no entry knows is "not known",
 * never zero; one known only for some entries says how much of the food it covers.
 */
import { round } from './days.js';
import { AGE_GROUPS, ageGroup, reference, type Sex } from './dri.js';
import { SOURCES } from './sources.js';
import { EXTRA_NUTRIENTS, type AnalysisEntry, type ExtraNutrient } from './types.js';

export interface NutrientStatus {
  nutrient: ExtraNutrient;
  unit: string | null;
  per_day: number | null;
  /** Share of logged calories whose entries carry this nutrient (0–100). */
  coverage_percent: number;
  reference_kind: string | null;
  target: number | null;
  upper: number | null;
  percent_of_target: number | null;
  status: 'not known' | 'low' | 'adequate' | 'above upper level' | 'within limit' | 'over limit' | 'no reference';
  statement: string;
}
export interface NutrientReport {
  days: number;
  sex: Sex | null;
  age: number | null;
  age_group: string;
  nutrients: NutrientStatus[];
  notes: string[];
  source: string;
}

/** Below this share of a target the intake is called low (a mean at 2/3 of the RDA is the usual screening flag). */
const LOW_FRACTION = 0.67;
const NAMES: Record<ExtraNutrient, string> = {
  fiber: 'Fiber', sugar: 'Sugar', saturated_fat: 'Saturated fat', monounsaturated_fat: 'Monounsaturated fat', polyunsaturated_fat: 'Polyunsaturated fat',
  trans_fat: 'Trans fat', cholesterol: 'Cholesterol', sodium: 'Sodium', potassium: 'Potassium', calcium: 'Calcium', iron: 'Iron', magnesium: 'Magnesium',
  zinc: 'Zinc', vitamin_a: 'Vitamin A', vitamin_c: 'Vitamin C', vitamin_d: 'Vitamin D', vitamin_e: 'Vitamin E', vitamin_k: 'Vitamin K',
  vitamin_b6: 'Vitamin B6', vitamin_b12: 'Vitamin B12', folate: 'Folate',
};
export const nutrientName = (n: ExtraNutrient) => NAMES[n];

/**
 * `fiberGoal`: the user's daily_fiber_goal. Set, it is fiber's target (reference_kind 'goal') instead of the AI, so the
 * table and the day card show one number (fiberTarget, issue 42 §11).
 */
export function nutrientReport(entries: AnalysisEntry[], sex: Sex | null, age: number | null, fiberGoal?: number | null): NutrientReport {
  const days = new Set(entries.map((e) => e.date)).size;
  const totalKcal = entries.reduce((a, e) => a + e.calories, 0);
  const notes: string[] = [];
  if (!sex) notes.push('Your sex is not set (Settings › Profile): each target is the higher of the female and male values.');
  if (age === null) notes.push('Your birth year is not set (Settings › Profile): the 19–30 age group is used.');
  else if (age < 19) notes.push('The reference values are for adults (19 and older).');
  if (!days) notes.push('No food logged in this range.');
  const nutrients = EXTRA_NUTRIENTS.map((n): NutrientStatus => {
    const ref = n === 'fiber' && fiberGoal != null && fiberGoal > 0 ? { unit: 'g', kind: 'goal', target: fiberGoal, upper: null, limit: false } : reference(n, sex, age);
    const known = entries.filter((e) => typeof e.nutrients?.[n] === 'number');
    const knownKcal = known.reduce((a, e) => a + e.calories, 0);
    const coverage = totalKcal > 0 ? round((knownKcal / totalKcal) * 100, 0) : known.length && known.length === entries.length ? 100 : 0;
    const base = { nutrient: n, unit: ref?.unit ?? (n === 'cholesterol' ? 'mg' : 'g'), reference_kind: ref?.kind ?? null, target: ref?.target ?? null, upper: ref?.upper ?? null, coverage_percent: coverage };
    if (!known.length || !days) return { ...base, per_day: null, percent_of_target: null, status: 'not known', statement: `${NAMES[n]}: not known for the foods logged.` };
    const perDay = round(known.reduce((a, e) => a + (e.nutrients![n] as number), 0) / days, 2);
    const partial = coverage < 90 ? ` (known for foods carrying ${coverage} % of your calories, so the real amount is likely higher)` : '';
    if (!ref) return { ...base, per_day: perDay, percent_of_target: null, status: 'no reference', statement: `${NAMES[n]}: ${perDay} ${base.unit} a day${partial}; there is no DRI target for it.` };
    const pct = round((perDay / ref.target) * 100, 0);
    let status: NutrientStatus['status'];
    if (ref.limit) status = perDay > ref.target ? 'over limit' : 'within limit';
    else if (ref.upper !== null && perDay > ref.upper) status = 'above upper level';
    else status = perDay < ref.target * LOW_FRACTION ? 'low' : 'adequate';
    const what = ref.limit ? `the ${ref.kind} limit of ${ref.target} ${ref.unit}` : ref.kind === 'goal' ? `your goal of ${ref.target} ${ref.unit}` : `the ${ref.kind} of ${ref.target} ${ref.unit}`;
    return { ...base, per_day: perDay, percent_of_target: pct, status, statement: `${NAMES[n]}: ${perDay} ${ref.unit} a day, ${pct} % of ${what}${partial}.` };
  });
  return { days, sex, age, age_group: AGE_GROUPS[ageGroup(age)], nutrients, notes, source: SOURCES.micronutrients };
}
