import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { readSet } from '../../../bench/relevance.ts';
import { loadBuiltInFoods } from './service.ts';
import { makeUser } from './test-support.ts';
import { FoodSearchResponseSchema } from '@app/contracts';

let t: TestApp;
let token: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp({ SEED_FOODS: 'true' });
  token = (await makeUser(t)).token;
  other = (await makeUser(t)).token;
});
afterAll(async () => {
  await t?.close();
});

async function top3(query: string, as = token) {
  const res = await t.http.get(`/foods/search?query=${encodeURIComponent(query)}&page_size=3`, { token: as });
  expect(res.status).toBe(200);
  return res.json.foods as { id: string; source_id: string; name: string }[];
}

describe('built-in foods', () => {
  it('are loaded on start, once per seed version', async () => {
    const again = await loadBuiltInFoods(t.app.db);
    expect(again.loaded).toBe(false);
    expect(again.count).toBeGreaterThan(7000);
    const [a, b] = await Promise.all([loadBuiltInFoods(t.app.db), loadBuiltInFoods(t.app.db)]);
    expect(a.loaded || b.loaded).toBe(false);
  });
});

describe('GET /foods/search', () => {
  it('puts the everyday generic food first, with the search fields', async () => {
    const res = await t.http.get('/foods/search?query=banana', { token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ page: 1, page_size: 20 });
    expect(res.json.total).toBeGreaterThan(3);
    const first = res.json.foods[0];
    expect(first).toMatchObject({ id: 'usda-09040', name: 'Banana, raw', brand_name: '', food_type: 'Generic', source: 'usda_sr21', source_id: '09040', fatsecret_food_id: null });
    expect(first.serving_description).toBe('1 medium (118 g)');
    expect(first.calories).toBeCloseTo(105, 0);
    expect(first.servings.at(-1)).toMatchObject({ id: '100g', grams: 100 });
    // Serialised by fast-json-stringify: byte for byte what the contract's zod serializer writes.
    expect(res.text).toBe(JSON.stringify(FoodSearchResponseSchema.encode(res.json)));
  });

  it('is typo tolerant, understands 2% and plurals', async () => {
    expect((await top3('brocoli')).map((f) => f.source_id)).toContain('11090');
    expect((await top3('2% milk'))[0]!.name).toBe('Milk, 2% reduced fat');
    expect((await top3('eggs'))[0]!.name).toBe('Egg, whole, raw');
    expect((await top3('chicken breast')).some((f) => /Chicken.*breast/i.test(f.name))).toBe(true);
  });

  it('finds the everyday form of the kind of food asked for', async () => {
    // The fat level names a milk: fluid skim milk, not evaporated or dry milk.
    expect((await top3('skim milk'))[0]!.name).toBe('Milk, nonfat');
    // The last word names the thing: chocolate milk is a milk, sour cream ("Cream, sour") a cream.
    expect((await top3('chocolate milk'))[0]!.name).toMatch(/^Milk, chocolate/);
    expect((await top3('sour cream'))[0]!.name).toMatch(/^Cream, sour/);
    // …or the word before "with": a bagel with cream cheese is a bagel.
    expect((await top3('bagel with cream cheese'))[0]!.name).toMatch(/^Bagel/);
    // Meat is logged cooked.
    for (const f of await top3('chicken wings')) expect(f.name).toMatch(/^Chicken, wing, .*cooked/);
    // A cut named after its animal: "bacon" is "Pork, cured, bacon".
    expect((await top3('bacon')).some((f) => /^Pork, cured, bacon/.test(f.name))).toBe(true);
    // "Milk, imitation, non-soy" is no soy milk.
    for (const f of await top3('soy milk')) expect(f.name).toMatch(/^Soymilk/);
    // Only two onion soups have both words: a plain onion outranks them.
    expect((await top3('red onion'))[0]!.name).toBe('Onions, raw');
    // After a category a lone participle tells how it was made: "Alcoholic beverage, distilled, whiskey" is a
    // whiskey, and comes before the whiskey sours.
    expect((await top3('whiskey'))[0]!.name).toMatch(/^Alcoholic beverage, distilled, whiskey/);
  });

  it('reaches success@3 ≥ 0.9 on the development relevance set', async () => {
    const cases = readSet('search-relevance-dev.json');
    let ok = 0;
    for (const c of cases) if ((await top3(c.query)).some((f) => c.accept.includes(f.source_id))) ok++;
    expect(ok / cases.length).toBeGreaterThanOrEqual(0.9);
  });

  it('pages through results', async () => {
    const p1 = await t.http.get('/foods/search?query=apple&page=1&page_size=5', { token });
    const p2 = await t.http.get('/foods/search?query=apple&page=2&page_size=5', { token });
    expect(p1.json.foods).toHaveLength(5);
    expect(p2.json.page).toBe(2);
    const ids = new Set(p1.json.foods.map((f: { id: string }) => f.id));
    expect(p2.json.foods.some((f: { id: string }) => ids.has(f.id))).toBe(false);
  });

  it('counts in total only what paging can reach: the last page total promises is not empty', async () => {
    const first = await t.http.get('/foods/search?query=chicken&page=1&page_size=50', { token });
    const total = first.json.total as number;
    expect(total).toBeGreaterThan(50);
    const last = Math.ceil(total / 50);
    const lastPage = await t.http.get(`/foods/search?query=chicken&page=${last}&page_size=50`, { token });
    expect(lastPage.json.total).toBe(total);
    expect(lastPage.json.foods).toHaveLength(total - (last - 1) * 50);
    expect((await t.http.get(`/foods/search?query=chicken&page=${last + 1}&page_size=50`, { token })).json.foods).toEqual([]);
  });

  it('rejects a missing query or bad paging with 422, and answers nothing found with an empty list', async () => {
    for (const q of ['', '?query=', '?query=milk&page=0', '?query=milk&page_size=500', '?query=milk&page=abc']) {
      const res = await t.http.get(`/foods/search${q}`, { token });
      expect(res.status).toBe(422);
      expect(isErrorBody(res)).toBe(true);
    }
    const none = await t.http.get('/foods/search?query=qqqqxxxzzz', { token });
    expect(none.status).toBe(200);
    expect(none.json.foods).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const res = await t.http.get('/foods/search?query=milk');
    expect(res.status).toBe(401);
    expect(isErrorBody(res)).toBe(true);
  });
});

describe('everyday forms first (issue 9 item 5)', () => {
  it('puts the common form first: red ripe tomato, fluid skim milk, cooked rice, pasta and oatmeal', async () => {
    expect((await top3('tomato'))[0]!.name).toMatch(/red, ripe/i);
    expect((await top3('skim milk')).map((f) => f.name).join(' | ')).not.toMatch(/^Milk, dry/i);
    expect((await top3('skim milk'))[0]!.name).not.toMatch(/\bdry\b/i);
    for (const q of ['white rice', 'pasta', 'oatmeal']) expect((await top3(q))[0]!.name, q).toMatch(/cooked/i);
  });

  it('answers the best partial matches when no food has every word, and says so', async () => {
    for (const [q, want] of [['green tea', /^Tea\b/i], ['greek yogurt', /^Yogurt\b/i], ['avocado toast', /avocado|toast/i]] as const) {
      const res = await t.http.get(`/foods/search?query=${encodeURIComponent(q)}&page_size=3`, { token });
      expect(res.json.match, q).toBe('partial');
      expect(res.json.foods.length, q).toBeGreaterThan(0);
      expect(res.json.foods[0].name, q).toMatch(want);
    }
    expect((await t.http.get('/foods/search?query=banana', { token })).json.match).toBe('full');
  });

  it('says "partial" when the foods were found by a word spelt like one no food has (they answered "full")', async () => {
    // A typo still finds the food, and the answer does not claim the foods have the word typed.
    const typo = await t.http.get('/foods/search?query=brocoli&page_size=3', { token });
    expect(typo.json.match).toBe('partial');
    expect(typo.json.foods.map((f: { source_id: string }) => f.source_id)).toContain('11090');
    // A word no food has, answered by look-alikes ("latte" → late harvest wine, potato pancakes).
    const latte = await t.http.get('/foods/search?query=latte&page_size=3', { token });
    expect(latte.json.foods.length).toBeGreaterThan(0);
    expect(latte.json.match).toBe('partial');
    expect((await t.http.get('/foods/search?query=broccoli&page_size=3', { token })).json.match).toBe('full');
  });
});

/**
 * top3 as a user of the block's own: the search's per-user rate limit (60 a minute) counts every query of this
 * file, so the blocks with many searches each sign one up.
 */
function top3OfItsOwnUser(): (query: string) => ReturnType<typeof top3> {
  let mine = '';
  beforeAll(async () => {
    mine = (await makeUser(t)).token;
  });
  return (query) => top3(query, mine);
}

describe('the words people use for USDA wording', () => {
  const top3Mine = top3OfItsOwnUser();

  it('finds compounds written apart or together: water chestnuts, low fat milk, jelly beans, milkshake, hot dog bun', async () => {
    expect((await top3Mine('water chestnuts'))[0]!.name).toMatch(/^Waterchestnut/);
    expect((await top3Mine('low fat milk')).some((f) => /^Milk, 1% lowfat/.test(f.name))).toBe(true);
    expect((await top3Mine('jelly beans'))[0]!.name).toMatch(/jellybeans/i);
    expect((await top3Mine('milkshake'))[0]!.name).toMatch(/^Milk shake/);
    expect((await top3Mine('hot dog bun'))[0]!.name).toMatch(/^Roll, hamburger or hotdog/);
  });

  it("knows the menu's name for USDA's word, and the other name USDA gives in parentheses", async () => {
    expect((await top3Mine('calamari'))[0]!.name).toMatch(/^Mollusks, squid/);
    expect((await top3Mine('venison'))[0]!.name).toMatch(/^Game meat, deer/);
    expect((await top3Mine('ghee'))[0]!.name).toMatch(/^Butter oil/);
    expect((await top3Mine('prunes')).some((f) => /^Plum, dried \(prunes\)/.test(f.name))).toBe(true);
    expect((await top3Mine('monterey jack'))[0]!.name).toMatch(/^Cheese, monterey/);
  });

  it('ranks by what the food is: a cookie is one of the cookies, flour is all-purpose, fish is eaten cooked', async () => {
    for (const f of await top3Mine('cookie')) expect(f.name).toMatch(/^Cookies, /);
    expect((await top3Mine('flour'))[0]!.name).toMatch(/^Wheat flour, white, all-purpose/);
    for (const q of ['cod', 'fish']) expect((await top3Mine(q))[0]!.name, q).toMatch(/^Fish, .*cooked/);
    // Only the last word may still be being typed: "grape nuts" is the cereal, no "grated" coconut cream.
    expect((await top3Mine('grape nuts'))[0]!.name).toMatch(/Grape-nuts/i);
    // "Milk, buttermilk" is a buttermilk, before the buttermilk salad dressing.
    expect((await top3Mine('buttermilk'))[0]!.name).toMatch(/^Milk, buttermilk/);
  });

  it('finds "-ie" words and their plurals alike: pie, pies, brie, cookie, cookies', async () => {
    for (const q of ['pie', 'pies']) expect((await top3Mine(q)).map((f) => f.name).join(' | '), q).toMatch(/^Pie, .*\| Pie, .*\| Pie, /);
    expect((await top3Mine('brie'))[0]!.name).toBe('Cheese, brie');
    for (const q of ['cookie', 'cookies']) expect((await top3Mine(q))[0]!.name, q).toMatch(/^Cookies, /);
  });

  it('takes a broader word for less than the word itself: steak is a beef steak, flank steak is beef flank', async () => {
    for (const f of await top3Mine('steak')) expect(f.name).toMatch(/^Beef, .*steak/);
    expect((await top3Mine('flank steak'))[0]!.name).toMatch(/^Beef, flank/);
  });
});

describe('cuts, shapes, cooking methods, makers and the names shops use (relevance sets 5 to 9)', () => {
  const top3Mine = top3OfItsOwnUser();

  it('takes a cut or part for a piece of the word before it: crab legs are crab, a tuna steak is tuna', async () => {
    const crab = (await top3Mine('crab legs')).map((f) => f.name);
    expect(crab[0]).toMatch(/^Crustaceans, crab/);
    expect(crab.join(' | ')).not.toMatch(/Chicken/);
    expect((await top3Mine('tuna steak'))[0]!.name).toMatch(/^Fish, tuna/);
  });

  it("reads a menu's cooking method as USDA's: grilled chicken is roasted chicken, boiled chicken is stewed", async () => {
    const grilled = (await top3Mine('grilled chicken'))[0]!.name;
    expect(grilled).toMatch(/^Chicken, .*(roasted|broiled|grilled)/);
    expect(grilled).not.toMatch(/McDonald/);
    expect((await top3Mine('boiled chicken'))[0]!.name).toMatch(/^Chicken, .*stewed/);
  });

  it('takes the shape a food is served in for the food: apple slices are apples, carrot sticks carrots', async () => {
    expect((await top3Mine('apple slices')).some((f) => /^Apples?, raw/.test(f.name))).toBe(true);
    expect((await top3Mine('carrot sticks'))[0]!.name).toMatch(/^Carrots?, raw/);
  });

  it("names a maker's product by the product: a taco sauce is a sauce, and plain fries stay beside a chain's", async () => {
    expect((await top3Mine('taco sauce')).map((f) => f.name).join(' | ')).toMatch(/Taco Sauce/);
    expect((await top3Mine('french fries')).some((f) => /^Potato(es)?, french fried/.test(f.name))).toBe(true);
    // One letter off is a correction; five letters off ("cheese") is not.
    expect((await top3Mine('cheesburger'))[0]!.name).toMatch(/cheeseburger/i);
  });

  it('reads states and spellings as USDA writes them (relevance set 7)', async () => {
    expect((await top3Mine('skinless chicken thigh'))[0]!.name).toMatch(/^Chicken, .*thigh, meat only/);
    expect((await top3Mine('spinach leaves'))[0]!.name).toMatch(/^Spinach, raw/);
    expect((await top3Mine('mac n cheese')).some((f) => /^Macaroni and cheese/i.test(f.name))).toBe(true);
    // No food is a cheese omelette: the omelet (USDA's spelling) comes before the cheeses.
    expect((await top3Mine('cheese omelette'))[0]!.name).toMatch(/omelet/);
  });

  it('reads diet words as USDA writes them, and vegetable oil as an oil (relevance set 8)', async () => {
    expect((await top3Mine('sugar free jello'))[0]!.name).toMatch(/^Gelatin desserts?, .*(reduced calorie|aspartame)/);
    // Part-skim mozzarella is not fat free.
    expect((await top3Mine('fat free cheese'))[0]!.name).toMatch(/fat free/i);
    expect((await top3Mine('vegetables'))[0]!.name).toMatch(/^Vegetables?, mixed/);
  });

  it('reads typing slips, portions and serving words (relevance set 9)', async () => {
    expect((await top3Mine('mlik'))[0]!.name).toMatch(/^Milk/);
    expect((await top3Mine('oragne'))[0]!.name).toMatch(/^Oranges?, raw/);
    expect((await top3Mine('chikn'))[0]!.name).toMatch(/^Chicken/);
    expect((await top3Mine('side of fries')).some((f) => /french fried/i.test(f.name))).toBe(true);
    // "fries" and "fried" share PostgreSQL's stem: fries are still fried potatoes, not fried chicken.
    expect((await top3Mine('fries'))[0]!.name).toMatch(/^Potato(es)?, french fried/);
    expect((await top3Mine('pudding cup'))[0]!.name).toMatch(/^Puddings?/);
    // …but where foods are named by the serving word, it names them: Reese's cups, not peanut butter.
    expect((await top3Mine('peanut butter cups')).some((f) => /Peanut Butter Cups/i.test(f.name))).toBe(true);
  });

  it('puts the typical form first (table wine) and knows the names shops use', async () => {
    expect((await top3Mine('wine'))[0]!.name).toMatch(/wine, table/);
    expect((await top3Mine('mahi mahi'))[0]!.name).toMatch(/dolphinfish/);
    expect((await top3Mine('butter beans'))[0]!.name).toMatch(/^Lima beans/);
    expect((await top3Mine('tater tots'))[0]!.name).toMatch(/^Potato puffs/);
  });
});

describe('names and serving labels (issue 9 item 5)', () => {
  it('writes brand names as people do ("McDonald\'s Big Mac"), never a mangled plural', async () => {
    const names = (await top3('big mac')).map((f) => f.name);
    expect(names).toContain("McDonald's Big Mac");
    expect(names.join(' ')).not.toMatch(/Mcdonald'/);
  });

  it('never labels the default serving "1 unit" when the food has a real measure', async () => {
    const rows = await t.app.db.execute(
      sql`select id, servings from foods where source = 'usda_sr21' and jsonb_array_length(servings) > 1 and servings::text ~ '"unit": "unit'`,
    );
    expect(rows.rows.length).toBeGreaterThan(10);
    for (const r of rows.rows as { id: string; servings: { unit: string }[] }[]) expect(r.servings[0]!.unit, r.id).not.toBe('unit');
    const detail = await t.http.get(`/foods/food/${(rows.rows[0] as { id: string }).id}`, { token });
    expect(detail.json.serving_description).not.toMatch(/^1 unit\b/);
  });
});

describe('GET /foods/food/{id}', () => {
  it('answers nutrients for the default serving and every serving with grams', async () => {
    const res = await t.http.get('/foods/food/usda-09040', { token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: 'usda-09040', food_description: 'Bananas, raw', serving_grams: 118 });
    expect(res.json.protein).toBeCloseTo(1.29, 1);
    expect(res.json.carbs).toBeCloseTo(26.95, 1);
    expect(res.json.potassium).toBeCloseTo(422, 0);
    expect(res.json.per_100g.calories).toBe(89);
    for (const k of ['fiber', 'saturated_fat', 'polyunsaturated_fat', 'monounsaturated_fat', 'trans_fat', 'cholesterol', 'sodium', 'sugar']) expect(typeof res.json[k]).toBe('number');
    expect(res.json.servings.map((s: { id: string }) => s.id)).toEqual(expect.arrayContaining(['s0', 'g', '100g']));
  });

  it('offers a portion first, not a pantry amount: 2 tbsp of peanut butter, not a 1,517 kcal cup', async () => {
    for (const q of ['peanut butter', 'butter', 'olive oil', 'almonds']) {
      const [top] = (await t.http.get(`/foods/search?query=${encodeURIComponent(q)}&page_size=1`, { token })).json.foods;
      expect(top.calories, `${q}: ${top.name} ${top.serving_description}`).toBeLessThanOrEqual(400);
      expect(top.calories, q).toBeGreaterThanOrEqual(50);
      expect(top.servings[0].description).toBe(top.serving_description);
    }
    // a food whose usual measure is a portion keeps it: a cup of milk, a medium apple
    expect((await t.http.get('/foods/food/usda-09003', { token })).json.serving_description).toBe('1 medium (182 g)');
  });

  it('gives the default serving the same kcal in search, in detail and once logged', async () => {
    // A medium apple, 182 g at 52 kcal per 100 g: 94.64 kcal, not 94.6 in one answer and 94.64 in another.
    const detail = (await t.http.get('/foods/food/usda-09003', { token })).json;
    expect(detail.calories).toBe(94.64);
    const found = (await t.http.get('/foods/search?query=apple&page_size=50', { token })).json.foods.find((f: { id: string }) => f.id === 'usda-09003');
    expect(found?.calories).toBe(94.64);
    const logged = await t.http.post('/food-logs', { food_id: 'usda-09003', meal_type: 'snack', date: '2025-05-05' }, { token });
    expect(logged.json.calories).toBe(detail.calories);
  });

  it('answers 404 Food not found for an unknown id', async () => {
    for (const id of ['usda-99999', 'nope', 'custom-00000000-0000-0000-0000-000000000000']) {
      const res = await t.http.get(`/foods/food/${id}`, { token });
      expect(res.status).toBe(404);
      expect(res.json.detail.msg).toBe('Food not found');
    }
  });
});

describe('custom foods and barcodes', () => {
  it('finds a custom food by any form of its barcode, for its owner', async () => {
    const created = await t.http.post(
      '/foods/custom',
      { name: 'Protein Bar Choc', brand_name: 'Acme', serving_size: 1, serving_unit: 'bar', serving_grams: 60, barcode: '036000291452', calories: 240, protein: 20, carbs: 22, fat: 8 },
      { token },
    );
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: 'Protein Bar Choc', brand_name: 'Acme', food_type: 'Brand', source: 'custom', calories: 240, protein: 20, serving_description: '1 bar (60 g)' });
    expect(created.json.id).toMatch(/^custom-[0-9a-f-]{36}$/);
    for (const form of ['036000291452', '0036000291452', '00036000291452', '0-36000-29145-2']) {
      const res = await t.http.get(`/barcode/lookup/${form}`, { token });
      expect(res.status).toBe(200);
      expect(res.json.id).toBe(created.json.id);
      expect(res.json.calories).toBe(240);
    }
    const detail = await t.http.get(`/foods/food/${created.json.id}`, { token });
    expect(detail.json.per_100g.calories).toBe(400);
  });

  it("takes a serving's weight from its unit: 210 kcal per 60 g is 350 kcal per 100 g, and a contradicting weight is refused", async () => {
    const bar = await t.http.post('/foods/custom', { name: 'Zyxw protein bar', calories: 210, protein: 20, serving_size: 60, serving_unit: 'g' }, { token });
    expect(bar.status).toBe(201);
    expect(bar.json).toMatchObject({ calories: 210, serving_grams: 60 });
    expect((await t.http.get(`/foods/food/${bar.json.id}`, { token })).json.per_100g.calories).toBe(350);
    const shake = await t.http.post('/foods/custom', { name: 'Zyxw shake', calories: 150, serving_size: 250, serving_unit: 'ml' }, { token });
    expect(shake.json).toMatchObject({ serving_grams: 250 });
    const ounces = await t.http.post('/foods/custom', { name: 'Zyxw jerky', calories: 160, serving_size: 2, serving_unit: 'oz' }, { token });
    expect(ounces.json).toMatchObject({ serving_grams: 56.7 });
    const wrong = await t.http.post('/foods/custom', { name: 'Zyxw wrong bar', calories: 210, serving_size: 60, serving_unit: 'g', serving_grams: 100 }, { token });
    expect(wrong.status).toBe(422);
    expect(wrong.json.detail.errors[0].loc).toEqual(['body', 'serving_grams']);
    expect(wrong.json.detail.msg).toContain('send 60');
    const found = (await t.http.get('/foods/search?query=Zyxw', { token })).json.foods as { name: string }[];
    expect(found.map((f) => f.name)).not.toContain('Zyxw wrong bar');
    expect(found.length).toBeGreaterThan(0);
    // A unit that names a thing still needs its weight given; without one, 100 g as before.
    const cup = await t.http.post('/foods/custom', { name: 'Zyxw soup', calories: 120, serving_size: 1, serving_unit: 'cup' }, { token });
    expect(cup.json).toMatchObject({ serving_grams: 100 });
  });

  it('rejects bad custom foods with 422 and saves nothing', async () => {
    for (const body of [{ name: '', calories: 1 }, { name: 'x', calories: -5 }, { name: 'x', calories: 50000 }, { name: 'x', calories: 'lots' }, { name: 'x', calories: 1, barcode: '12ab' }]) {
      const res = await t.http.post('/foods/custom', body, { token });
      expect(res.status).toBe(422);
      expect(isErrorBody(res)).toBe(true);
    }
  });

  it('answers 422 for invalid barcode characters and 404 for unknown codes', async () => {
    const bad = await t.http.get('/barcode/lookup/12345abc9012', { token });
    expect(bad.status).toBe(422);
    expect(isErrorBody(bad)).toBe(true);
    const unknown = await t.http.get('/barcode/lookup/4006381333931', { token });
    expect(unknown.status).toBe(404);
    expect(isErrorBody(unknown)).toBe(true);
  });
});

describe('online Open Food Facts look-up', () => {
  let off: Server;
  let t2: TestApp;
  let calls = 0;
  beforeAll(async () => {
    off = createServer((req, res) => {
      calls++;
      const m = /^\/api\/v2\/product\/(\d+)\.json$/.exec(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (m?.[1] === '3017620422003') {
        res.end(JSON.stringify({ status: 1, code: m[1], product: { product_name: 'Nutella', brands: 'Ferrero,Nutella', serving_size: '15 g', serving_quantity: 15, nutriments: { 'energy-kcal_100g': 539, proteins_100g: 6.3, carbohydrates_100g: 57.5, fat_100g: 30.9, sugars_100g: 56.3, sodium_100g: 0.0428, 'saturated-fat_100g': 10.6 } } }));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ status: 0, status_verbose: 'product not found' }));
      }
    });
    await new Promise<void>((r) => off.listen(0, '127.0.0.1', r));
    const port = (off.address() as { port: number }).port;
    t2 = await createTestApp({ OFF_ONLINE: 'true', OFF_API_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t2?.close();
    off?.close();
  });

  it('finds an unknown product online and caches it', async () => {
    const { token: tk } = await makeUser(t2);
    const res = await t2.http.get('/barcode/lookup/3017620422003', { token: tk });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: 'off-3017620422003', name: 'Nutella', brand_name: 'Ferrero', source: 'off', serving_grams: 15 });
    expect(res.json.calories).toBe(80.85);
    expect(res.json.sodium).toBeCloseTo(6.4, 1);
    const before = calls;
    const again = await t2.http.get('/barcode/lookup/03017620422003', { token: tk });
    expect(again.json.id).toBe('off-3017620422003');
    expect(calls).toBe(before);
    const missing = await t2.http.get('/barcode/lookup/5000000000001', { token: tk });
    expect(missing.status).toBe(404);
  });
});
