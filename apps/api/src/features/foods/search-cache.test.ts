/**
 * Issue 15 §2: the shared part of search results is cached. A repeated search does not search the
 * shared foods again; an import makes new shared foods appear; a user's custom food never reaches
 * another user through the cache, whoever searched first.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { offProductToRow } from './off-mapping.ts';
import { bumpSharedFoodsGeneration, upsertFoods } from './repository.ts';
import { CHECK_EVERY_MS, searchCacheFor } from './search-cache.ts';
import { makeUser } from './test-support.ts';

let t: TestApp;
let a: string;
let b: string;

const product = (code: string, name: string, brand: string) =>
  offProductToRow({ code, product_name: name, brands: brand, nutriments: { 'energy-kcal_100g': 165, proteins_100g: 31, carbohydrates_100g: 0, fat_100g: 3.6 } })!;

beforeAll(async () => {
  t = await createTestApp();
  a = (await makeUser(t)).token;
  b = (await makeUser(t)).token;
  await upsertFoods(t.app.db, [product('4000000000001', 'Chicken breast fillets', 'Farmhouse'), product('4000000000002', 'Chicken breast slices', 'Deli')]);
});
afterAll(async () => {
  await t?.close();
});

const search = async (token: string, query: string) => {
  const res = await t.http.get(`/foods/search?query=${encodeURIComponent(query)}`, { token });
  expect(res.status).toBe(200);
  return res.json as { foods: { id: string; name: string }[]; total: number };
};
const names = async (token: string, query: string) => (await search(token, query)).foods.map((f) => f.name);

describe('the search cache', () => {
  it('answers a repeated search without searching the shared foods again', async () => {
    const cache = searchCacheFor(t.app.db);
    expect(await names(a, 'chicken breast')).toEqual(expect.arrayContaining(['Chicken breast fillets', 'Chicken breast slices']));
    const hits = cache.hits;
    // Renamed behind the cache's back (no import, no version bump): the cached answer still shows the old name.
    await t.app.db.execute(sql`update foods set name = 'Renamed quietly' where id = 'off-4000000000001'`);
    expect(await names(b, '  Chicken  BREAST ')).toContain('Chicken breast fillets');
    expect(cache.hits).toBe(hits + 1);
    await t.app.db.execute(sql`update foods set name = 'Chicken breast fillets' where id = 'off-4000000000001'`);
  });

  it('shows a newly imported shared food at once after an import in this process', async () => {
    expect(await names(a, 'chicken breast')).not.toContain('Chicken breast strips');
    await upsertFoods(t.app.db, [product('4000000000003', 'Chicken breast strips', 'Grill Co')]);
    expect(await names(a, 'chicken breast')).toContain('Chicken breast strips');
  });

  it('shows a shared food another process imported within a second (the version stored in the database)', async () => {
    expect(await names(a, 'chicken breast')).not.toContain('Chicken breast nuggets');
    // Another API process writes the food and bumps the stored version; this process's own counter does not move.
    await t.app.db.execute(sql`insert into foods (id, source, source_id, name, brand_name, food_type, search_head, search_text) values ('off-4000000000004', 'off', '4000000000004', 'Chicken breast nuggets', 'Other', 'Brand', 'chicken breast nuggets', 'chicken breast nuggets other')`);
    await bumpSharedFoodsGeneration(t.app.db);
    await new Promise((r) => setTimeout(r, CHECK_EVERY_MS + 200));
    expect(await names(a, 'chicken breast')).toContain('Chicken breast nuggets');
  });

  it("never hands one user's custom food to another user, whoever searched first (the attack test)", async () => {
    const mallory = await makeUser(t);
    const victim = await makeUser(t);
    // Mallory's custom food wears the everyday name everyone searches for.
    const made = await t.http.post('/foods/custom', { name: 'Chicken breast 9999 kcal trap', serving_size: 1, serving_unit: 'piece', serving_grams: 100, calories: 9999 }, { token: mallory.token });
    expect(made.status).toBe(201);
    const trap = made.json.id as string;
    // Mallory searches first (warming the cache with her request), then the victim.
    for (const q of ['chicken breast', 'chicken', 'chicken breast trap', 'chiken brest']) {
      const hers = (await search(mallory.token, q)).foods.map((f) => f.id);
      if (q !== 'chiken brest') expect(hers).toContain(trap);
      expect((await search(victim.token, q)).foods.map((f) => f.id)).not.toContain(trap);
    }
    // The victim first (cache warm from the victim), then Mallory still sees hers, and the victim still does not.
    expect((await search(victim.token, 'chicken breast 9999')).foods.map((f) => f.id)).not.toContain(trap);
    expect((await search(mallory.token, 'chicken breast 9999')).foods.map((f) => f.id)).toEqual([trap]);
    expect((await search(victim.token, 'chicken breast 9999')).foods.map((f) => f.id)).not.toContain(trap);
    // Only her own custom food answers a query no shared food matches.
    expect((await search(victim.token, 'trap')).foods).toEqual([]);
    expect((await search(mallory.token, 'trap')).foods.map((f) => f.id)).toEqual([trap]);
  });
});
