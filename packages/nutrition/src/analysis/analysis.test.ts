import { describe, expect, it } from 'vitest';
import { dayTotals } from './days.js';
import { FINDINGS_NUTRIENTS, findings } from './findings.js';
import { macroSplit } from './macros.js';
import { nutrientReport } from './micronutrients.js';
import { calorieDrivers, weekdayWeekend } from './patterns.js';
import { reference } from './dri.js';
import { mealTiming } from './timing.js';
import type { AnalysisEntry } from './types.js';

const e = (date: string, food_name: string, calories: number, protein: number, carbs: number, fat: number, minute: number | null = 12 * 60, nutrients: AnalysisEntry['nutrients'] = {}, meal_type = 'lunch'): AnalysisEntry => ({
  date, minute, meal_type, food_name, calories, protein, carbs, fat, nutrients,
});

// 2025-03-03 is a Monday; 03-08 and 03-09 are Saturday and Sunday.
const week = ['2025-03-03', '2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09'];

describe('macroSplit (AMDR)', () => {
  it('computes energy shares from grams and flags those outside the range', () => {
    // 50 g protein (200 kcal), 150 g carbs (600 kcal), 100 g fat (900 kcal): 11.8 / 35.3 / 52.9 %.
    const s = macroSplit(dayTotals([e('2025-03-03', 'x', 1700, 50, 150, 100)]));
    if (!s.enough) throw new Error('expected enough');
    expect(s.shares).toEqual([
      expect.objectContaining({ macro: 'protein', percent: 11.8, status: 'within' }),
      expect.objectContaining({ macro: 'carbs', percent: 35.3, status: 'below' }),
      expect.objectContaining({ macro: 'fat', percent: 52.9, status: 'above' }),
    ]);
    expect(s.source).toMatch(/IOM \(2005\)/);
  });
  it('says so when nothing is logged', () => {
    expect(macroSplit([])).toEqual({ enough: false, statement: expect.stringMatching(/No food logged/) });
  });
});

describe('mealTiming', () => {
  it('needs 3 days, then reports first/last meal, late share and regularity', () => {
    expect(mealTiming([e(week[0]!, 'a', 500, 0, 0, 0, 480)])).toMatchObject({ enough: false, statement: expect.stringMatching(/at least 3 days .*1 so far/) });
    const entries = week.slice(0, 4).flatMap((d) => [e(d, 'oats', 400, 10, 60, 8, 7 * 60), e(d, 'pizza', 800, 30, 90, 35, 22 * 60)]);
    const t = mealTiming(entries);
    if (!t.enough) throw new Error('expected enough');
    expect(t).toMatchObject({ days: 4, first_meal_avg: '07:00', last_meal_avg: '22:00', eating_window_hours: 15, late_calories_percent: 66.7, late_days: 4, regularity: 'regular' });
    expect(t.by_hour[22]!.calories).toBe(800);
  });
  it('calls a first meal that wanders by hours irregular', () => {
    const entries = [6, 11, 7, 12, 8].map((h, i) => e(week[i]!, 'x', 500, 10, 50, 10, h * 60));
    const t = mealTiming(entries);
    expect(t.enough && t.regularity).toBe('irregular');
  });
});

describe('patterns', () => {
  it('compares weekday and weekend averages', () => {
    const entries = week.map((d, i) => e(d, 'x', i >= 5 ? 2800 : 2000, 10, 10, 10));
    const p = weekdayWeekend(dayTotals(entries));
    expect(p).toMatchObject({ enough: true, weekday_calories: 2000, weekend_calories: 2800, difference: 800, weekend_days: 2, weekday_days: 5 });
    // Written as every server text writes numbers (wholeNumber), as the screens show them.
    expect(p.statement).toBe('On weekends you eat 800 kcal a day more than on weekdays (2,800 vs 2,000 kcal, 2 weekend and 5 weekday days).');
  });
  it('says what is missing', () => {
    expect(weekdayWeekend(dayTotals([e(week[0]!, 'x', 100, 1, 1, 1)]))).toMatchObject({ enough: false, statement: 'Log at least 3 days to see patterns (1 so far in this range).' });
    const onlyWeekdays = weekdayWeekend(dayTotals(week.slice(0, 3).map((d) => e(d, 'x', 100, 1, 1, 1))));
    expect(onlyWeekdays).toMatchObject({ difference: null, statement: expect.stringMatching(/No weekend day/) });
  });
  it('ranks the foods that drive calories', () => {
    const entries = [e(week[0]!, 'Pizza', 900, 0, 0, 0), e(week[1]!, 'pizza', 900, 0, 0, 0), e(week[1]!, 'Apple', 200, 0, 0, 0)];
    expect(calorieDrivers(entries)).toEqual([
      { food_name: 'Pizza', times_logged: 2, calories: 1800, percent_of_calories: 90, calories_per_day: 900 },
      { food_name: 'Apple', times_logged: 1, calories: 200, percent_of_calories: 10, calories_per_day: 100 },
    ]);
  });
});

describe('DRI references and the nutrient report', () => {
  it('uses age and sex: iron 18 mg for a woman of 30, 8 mg at 55; calcium 1,200 mg for a man of 75', () => {
    expect(reference('iron', 'female', 30)!.target).toBe(18);
    expect(reference('iron', 'female', 55)!.target).toBe(8);
    expect(reference('calcium', 'male', 75)).toMatchObject({ target: 1200, upper: 2000, kind: 'RDA' });
    // Unknown sex: the higher target, so nobody is told they have enough when they may not.
    expect(reference('potassium', null, 40)!.target).toBe(3400);
  });
  it('reports per-day amounts, unknown as not known (never 0), and partial coverage', () => {
    const entries = [
      e(week[0]!, 'spinach', 100, 5, 10, 1, 600, { iron: 6, vitamin_c: null, sodium: 3000 }),
      e(week[1]!, 'steak', 300, 30, 0, 20, 600, { iron: 2, sodium: 2000 }),
      e(week[1]!, 'bread', 300, 8, 50, 3, 600, { sodium: 200 }),
    ];
    const r = nutrientReport(entries, 'female', 30);
    const by = Object.fromEntries(r.nutrients.map((n) => [n.nutrient, n]));
    expect(by.iron).toMatchObject({ per_day: 4, target: 18, percent_of_target: 22, status: 'low', coverage_percent: 57 });
    expect(by.iron!.statement).toMatch(/known for foods carrying 57 % of your calories/);
    expect(by.vitamin_c).toMatchObject({ per_day: null, status: 'not known', statement: 'Vitamin C: not known for the foods logged.' });
    expect(by.sodium).toMatchObject({ per_day: 2600, status: 'over limit', reference_kind: 'CDRR' });
    expect(r.notes).toEqual([]);
    expect(nutrientReport(entries, null, null).notes).toHaveLength(2);
  });
});

describe('findings', () => {
  /** Five days of a low-fiber, salty, late diet at 2,600 kcal against a 2,000 kcal goal. */
  const diet = week.slice(0, 5).flatMap((d) => [
    e(d, 'White bread', 600, 16, 110, 8, 8 * 60, { fiber: 4, sodium: 900, saturated_fat: 2 }),
    e(d, 'Lentil soup', 300, 18, 45, 4, 13 * 60, { fiber: 8, sodium: 800, saturated_fat: 1 }),
    e(d, 'Cheese pizza', 1700, 60, 190, 75, 22 * 60, { fiber: 6, sodium: 2400, saturated_fat: 32 }),
  ]);
  it('ranks findings with numbers, a citation and a suggestion using the foods the user eats', () => {
    const r = findings(diet, { calorie_goal: 2000, weight_kg: 80 });
    expect(r.days_logged).toBe(5);
    const ids = r.findings.map((f) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['calories_over_goal', 'fiber_low', 'sodium_high', 'saturated_fat_high', 'late_eating']));
    expect(r.findings.map((f) => f.score)).toEqual([...r.findings.map((f) => f.score)].sort((a, b) => b - a));
    const cal = r.findings.find((f) => f.id === 'calories_over_goal')!;
    expect(cal.evidence).toMatchObject({ calories_per_day: 2600, goal: 2000, difference: 600, days_logged: 5 });
    expect(cal.suggestion).toMatch(/^Cheese pizza brings 1,700 kcal a day/);
    const fiber = r.findings.find((f) => f.id === 'fiber_low')!;
    expect(fiber.evidence).toMatchObject({ fiber_g_per_day: 18, fiber_g_per_1000_kcal: 6.9, gap_g: 18 });
    expect(fiber.suggestion).toMatch(/^Lentil soup is the most fiber-dense food you log/);
    expect(fiber.citation).toMatch(/14 g per 1,000 kcal/);
    expect(r.findings.find((f) => f.id === 'sodium_high')!.suggestion).toMatch(/^Cheese pizza brings the most sodium \(2,400 mg a day\)/);
    expect(r.findings.find((f) => f.id === 'sodium_high')!.statement).toMatch(/^You eat [\d,]+ mg of sodium a day; reducing intakes above 2,300 mg/);
    // 2,600 kcal with 94 g protein is 1.18 g/kg at 80 kg: no protein finding.
    expect(ids).not.toContain('protein_low_per_kg');
  });
  it('flags protein per kg and says which checks lacked data', () => {
    const r = findings(week.slice(0, 3).map((d) => e(d, 'Rice', 2000, 30, 400, 20, null)), { calorie_goal: null, weight_kg: 90 });
    expect(r.findings.find((f) => f.id === 'protein_low_per_kg')!.evidence).toMatchObject({ g_per_kg: 0.33, rda_g_per_kg: 0.8 });
    expect(r.findings.find((f) => f.id === 'protein_low_per_kg')!.statement).toMatch(/0\.33 g per kg at 90 kg;/);
    const lb = findings(week.slice(0, 3).map((d) => e(d, 'Rice', 2000, 30, 400, 20, null)), { calorie_goal: null, weight_kg: 90, units: 'imperial' });
    expect(lb.findings.find((f) => f.id === 'protein_low_per_kg')!.statement).toMatch(/0\.33 g per kg at 198\.4 lb \(90 kg\);/);
    expect(r.not_enough_data).toEqual(expect.arrayContaining([expect.stringMatching(/No calorie goal/), expect.stringMatching(/Fiber is not known/), expect.stringMatching(/meal timing/)]));
  });
  it('reads no nutrient beyond FINDINGS_NUTRIENTS, so a caller may load only those', () => {
    const more = { sugar: 40, potassium: 300, cholesterol: 90, trans_fat: 1, calcium: 100, iron: 2, vitamin_c: 10 };
    const full = diet.map((x) => ({ ...x, nutrients: { ...x.nutrients, ...more } }));
    const trimmed = full.map((x) => ({ ...x, nutrients: Object.fromEntries(FINDINGS_NUTRIENTS.map((k) => [k, x.nutrients[k]])) }));
    expect(findings(trimmed, { calorie_goal: 2000, weight_kg: 80 })).toEqual(findings(full, { calorie_goal: 2000, weight_kg: 80 }));
  });
  it('makes no statement without data', () => {
    expect(findings([], { calorie_goal: 2000, weight_kg: 80 })).toEqual({ days_logged: 0, findings: [], not_enough_data: [expect.stringMatching(/log at least 3 days/)] });
  });
});
