/**
 * Meal-plan benchmark: 100 seeded random requests × 7 days, MIP planner vs greedy baseline.
 * Run: npm run bench:mealplan (root). Targets: every day within 5 % kcal (95 % within 3 %),
 * protein/carbs/fat within 8 % or 8 g, zero diet/allergy violations, 20+ distinct foods a week,
 * < 2 s per 7-day plan.
 */
import { ALLERGENS, DIET_TYPES, foodById, normaliseConstraints, planWeek, planWeekGreedy, type MealPlanRequest, type PlanWeekResult } from '../src/meal-plan/index.js';
import { mulberry32 } from '../src/meal-plan/prng.js';

const N = Number(process.env.BENCH_N ?? 100);
const rand = mulberry32(20240601);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const between = (a: number, b: number): number => a + rand() * (b - a);

function request(i: number): MealPlanRequest {
  const calories = Math.round(between(1400, 3500));
  const diets = rand() < 0.45 ? [] : [...new Set(Array.from({ length: rand() < 0.7 ? 1 : 2 }, () => pick(DIET_TYPES)))];
  const allergies = rand() < 0.4 ? [] : [...new Set(Array.from({ length: rand() < 0.6 ? 1 : 2 }, () => pick(ALLERGENS)))];
  // Macro split consistent with the diet, as a user of that diet would set it.
  let [p, f] = [between(15, 30), between(20, 40)];
  // Keto carbs as total carbs (what the goals compare): 8–10 % of calories ≈ 20–35 g net after fiber.
  if (diets.includes('keto')) [p, f] = [between(20, 25), between(65, 70)];
  else if (diets.includes('low_carb')) [p, f] = [between(25, 30), between(40, 50)];
  const c = 100 - p - f;
  return {
    days: 7, seed: 1000 + i, diet_types: diets, allergies,
    goals: { calories, protein: Math.round((calories * p) / 400), carbs: Math.round((calories * c) / 400), fat: Math.round((calories * f) / 900), fiber: Math.round((calories / 1000) * 14) },
  };
}

interface Row { cpu: number[]; calErr: number[]; macroPct: number[][]; macroG: number[][]; macroOk: number[]; violations: number; distinct: number[]; mainSizes: number[]; seconds: number[]; failures: string[]; repaired: number; retried: number }
const blank = (): Row => ({ cpu: [], calErr: [], macroPct: [[], [], []], macroG: [[], [], []], macroOk: [], violations: 0, distinct: [], mainSizes: [], seconds: [], failures: [], repaired: 0, retried: 0 });

function score(row: Row, req: MealPlanRequest, res: PlanWeekResult): void {
  const filter = normaliseConstraints(req.diet_types, req.allergies);
  row.seconds.push(res.stats.seconds);
  row.repaired += res.stats.repaired_days.length;
  row.retried += res.stats.retried_days.length;
  const distinct = new Set<string>();
  for (const day of res.days) {
    const s = day.summary;
    row.calErr.push(Math.abs(s.deviation_percent.calories));
    let ok = 1;
    (['protein', 'carbs', 'fat'] as const).forEach((k, j) => {
      row.macroPct[j]!.push(Math.abs(s.deviation_percent[k])); row.macroG[j]!.push(Math.abs(s.deviation[k]));
      if (Math.abs(s.deviation[k]) > Math.max(8, 0.08 * s.goals[k])) ok = 0;
    });
    row.macroOk.push(ok);
    if (Math.abs(s.deviation_percent.calories) > 5 || !ok) row.failures.push(`${(req.diet_types ?? []).join('+') || 'none'}/${(req.allergies ?? []).join('+') || 'none'} ${req.goals.calories} kcal day ${day.day_number}: ${JSON.stringify(s.deviation_percent)}`);
    // How many foods a lunch or a dinner asks the user to prepare (a plate of 7 reads as a buffet, not a meal).
    for (const meal of ['lunch', 'dinner'] as const) if (day.meals[meal]) row.mainSizes.push(day.meals[meal]!.foods.length);
    for (const slot of Object.values(day.meals)) for (const food of slot?.foods ?? []) {
      distinct.add(food.food_id);
      for (const x of [food, ...food.alternatives]) {
        const cf = foodById(x.food_id)!;
        if (!filter.diets.every((d) => cf.diets.includes(d)) || filter.allergens.some((a) => cf.allergens.includes(a))) row.violations++;
      }
    }
  }
  row.distinct.push(distinct.size);
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const max = (xs: number[]): number => Math.max(...xs);
const share = (xs: number[], t: number): string => `${((100 * xs.filter((x) => x <= t).length) / xs.length).toFixed(1)} %`;

const rows = { mip: blank(), greedy: blank() };
// Warm-up: the first solve loads and JIT-compiles the HiGHS WASM module (reported, not averaged).
const w0 = performance.now();
await planWeek({ ...request(-1), seed: 1 });
const warmup = (performance.now() - w0) / 1000;
for (let i = 0; i < N; i++) {
  const req = request(i);
  // CPU time as well as wall time: this 2-core machine is shared, so wall time includes waiting.
  for (const [row, plan] of [[rows.mip, planWeek], [rows.greedy, planWeekGreedy]] as const) {
    const c0 = process.cpuUsage();
    score(row, req, await plan(req));
    const c = process.cpuUsage(c0);
    row.cpu.push((c.user + c.system) / 1e6);
  }
}
const line = (label: string, f: (r: Row) => string): string => `| ${label.padEnd(40)} | ${f(rows.mip).padStart(16)} | ${f(rows.greedy).padStart(16)} |`;
const M = ['protein', 'carbs', 'fat'];
console.log(`\n${N} requests × 7 days (first plan incl. WASM load/JIT: ${warmup.toFixed(2)} s, not counted)\n`);
console.log(`| ${'metric'.padEnd(40)} | ${'MIP (HiGHS)'.padStart(16)} | ${'greedy'.padStart(16)} |`);
console.log(`|${'-'.repeat(42)}|${'-'.repeat(18)}|${'-'.repeat(18)}|`);
console.log(line('calorie error mean / worst (%)', (r) => `${mean(r.calErr).toFixed(2)} / ${max(r.calErr).toFixed(1)}`));
console.log(line('days within 3 % kcal', (r) => share(r.calErr, 3)));
console.log(line('days within 5 % kcal', (r) => share(r.calErr, 5)));
M.forEach((m, j) => console.log(line(`${m} error mean % / mean g / worst %`, (r) => `${mean(r.macroPct[j]!).toFixed(1)} / ${mean(r.macroG[j]!).toFixed(1)} / ${max(r.macroPct[j]!).toFixed(0)}`)));
console.log(line('days with P/C/F within 8 % or 8 g', (r) => `${(100 * mean(r.macroOk)).toFixed(1)} %`));
console.log(line('diet/allergy violations', (r) => String(r.violations)));
console.log(line('distinct foods per week mean / min', (r) => `${mean(r.distinct).toFixed(1)} / ${Math.min(...r.distinct)}`));
console.log(line('foods per lunch/dinner mean / max / > 5', (r) => `${mean(r.mainSizes).toFixed(1)} / ${max(r.mainSizes)} / ${((100 * r.mainSizes.filter((n) => n > 5).length) / r.mainSizes.length).toFixed(1)} %`));
console.log(line('days with foods repaired / re-sampled', (r) => `${r.repaired} / ${r.retried}`));
console.log(line('seconds per 7-day plan mean / max', (r) => `${mean(r.seconds).toFixed(2)} / ${max(r.seconds).toFixed(2)}`));
console.log(line('CPU seconds per 7-day plan mean / max', (r) => `${mean(r.cpu).toFixed(2)} / ${max(r.cpu).toFixed(2)}`));
console.log(`\nload average during run: ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')} on ${(await import('node:os')).cpus().length} cores`);
console.log(`\nMIP days outside tolerance (${rows.mip.failures.length}):`);
for (const f of rows.mip.failures.slice(0, 40)) console.log(`  ${f}`);

// Strict diets (keto, low-carb, high-protein, vegetarian) are reported apart.
await (await import('./strict-diets.js')).runStrictDiets();
