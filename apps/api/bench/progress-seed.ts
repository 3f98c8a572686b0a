/** The two-year history of the progress benchmark (bench/progress.bench.ts), shared with bench/progress-profile.ts. */
import { randomBytes } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { format, subDays } from 'date-fns';
import type { Database } from '../src/db/client.ts';
import { food_logs, user_settings, users, weight_entries } from '../src/db/schema/index.ts';

export const TZ = 'Europe/Berlin';
export const DAYS = 730;

/** Deterministic pseudo-random numbers, so every run measures the same history. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const FOODS = [
  ['Oatmeal', 300, 10, 54, 5, 8, 'breakfast', 7], ['Greek yogurt', 150, 15, 8, 5, 0, 'breakfast', 8], ['Banana', 105, 1, 27, 0, 3, 'snack', 10],
  ['Chicken breast', 280, 52, 0, 6, 0, 'lunch', 12], ['Brown rice', 220, 5, 45, 2, 3.5, 'lunch', 13], ['Salad', 120, 3, 10, 8, 4, 'lunch', 13],
  ['Pasta bolognese', 650, 30, 80, 20, 6, 'dinner', 19], ['Cheese pizza', 900, 36, 100, 38, 5, 'dinner', 20], ['Dark chocolate', 170, 2, 13, 12, 3, 'snack', 22],
] as const;

export async function seedHistory(database: Database): Promise<{ userId: number; entries: number; weights: number }> {
  const db = database.db;
  const [u] = await db.insert(users).values({ email: `bench.${randomBytes(4).toString('hex')}@example.com`, email_validated: true }).returning();
  const userId = u!.id;
  await db.insert(user_settings).values({ user_id: userId, timezone: TZ, daily_calorie_goal: 2200, daily_protein_goal: 140, sex: 'male', birth_year: 1988 });
  const r = rng(42);
  const today = new TZDate(new Date(), TZ);
  const logs: (typeof food_logs.$inferInsert)[] = [];
  const weights: (typeof weight_entries.$inferInsert)[] = [];
  let kg = 88;
  for (let i = DAYS - 1; i >= 0; i--) {
    const day = subDays(today, i);
    const date = format(day, 'yyyy-MM-dd');
    for (const [name, kcal, p, c, f, fiber, meal, hour] of FOODS) {
      if (r() < 0.1) continue; // about 8 entries a day
      const n = 0.75 + r() * 0.5;
      const at = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hour, Math.floor(r() * 60), TZ);
      logs.push({ user_id: userId, food_name: name, calories: kcal * n, protein: p * n, carbohydrates: c * n, fat: f * n, fiber: fiber * n, sodium: 300 * n, saturated_fat: f * 0.3 * n, iron: 1.2 * n, calcium: 80 * n, meal_type: meal, date, created_at: new Date(at.getTime()) });
    }
    kg += -0.01 + (r() - 0.5) * 0.02;
    if (weights.length < 700 && r() < 0.96) weights.push({ user_id: userId, date, weight_kg: Math.round((kg + (r() - 0.5) * 1.2) * 10) / 10 });
  }
  for (let i = 0; i < logs.length; i += 1000) await db.insert(food_logs).values(logs.slice(i, i + 1000));
  for (let i = 0; i < weights.length; i += 1000) await db.insert(weight_entries).values(weights.slice(i, i + 1000));
  return { userId, entries: logs.length, weights: weights.length };
}
