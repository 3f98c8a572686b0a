import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, isErrorBody, type TestApp } from '../../../test/helpers.ts';
import { expectedPages, startRecipeSite } from '../../../test/fixtures/recipes/server.ts';
import { grantTier } from '../subscriptions/test-support.ts';
import { makeUser } from '../foods/test-support.ts';

let t: TestApp;
let strict: TestApp;
let site: Awaited<ReturnType<typeof startRecipeSite>>;
let pro: string;
let basic: string;
let other: string;
beforeAll(async () => {
  site = await startRecipeSite();
  t = await createTestApp({ SEED_FOODS: 'true', RECIPE_ALLOWED_DOMAINS: '*', RECIPE_FETCH_ALLOW_PRIVATE: 'true' });
  strict = await createTestApp({ RECIPE_ALLOWED_DOMAINS: '*' });
  const p = await makeUser(t);
  await grantTier(t.app.db, p.user.id, 'pro');
  pro = p.token;
  basic = (await makeUser(t)).token;
  const o = await makeUser(t);
  await grantTier(t.app.db, o.user.id, 'pro');
  other = o.token;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await strict?.close();
  await site?.close();
});

describe('web addresses', () => {
  it('validates addresses against the default list of recipe sites', async () => {
    const d = await createTestApp();
    try {
      const token = (await makeUser(d)).token;
      const ok = await d.http.post(`/recipes/validate-url?url=${encodeURIComponent('https://www.allrecipes.com/recipe/21014/good-old-fashioned-pancakes/')}`, undefined, { token });
      expect(ok.json).toEqual({ valid: true, domain: 'allrecipes.com' });
      const no = await d.http.post(`/recipes/validate-url?url=${encodeURIComponent('https://evil.example/recipe')}`, undefined, { token });
      expect(no.json).toMatchObject({ valid: false, domain: 'evil.example' });
      expect(no.json.reason).toMatch(/not supported/);
      for (const url of ['ftp://allrecipes.com/x', 'file:///etc/passwd', 'https://user:pw@allrecipes.com/x', 'not a url']) {
        const bad = await d.http.post(`/recipes/validate-url?url=${encodeURIComponent(url)}`, undefined, { token });
        expect(bad.json.valid).toBe(false);
        expect(bad.json.reason).toBeTruthy();
      }
      const list = await d.http.get('/recipes/allowed-domains', { token });
      expect(list.json.any_public_host).toBe(false);
      expect(list.json.domains).toContain('bbcgoodfood.com');
    } finally {
      await d.close();
    }
  });
});

describe('SSRF refusals', () => {
  const analyze = (app: TestApp, url: string) => app.http.post('/recipes/analyze', { url }, { token: pro });
  it('refuses loopback and private addresses unless the test switch allows loopback', async () => {
    const u = await makeUser(strict);
    const token = u.token;
    await grantTier(strict.app.db, u.user.id, 'pro');
    for (const url of [`${site.url}/pages/${expectedPages[0]!.file}`, 'http://localhost:1/', 'http://10.0.0.5/', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://100.64.0.1/', 'http://[fd00::1]/', 'http://[::7f00:1]/', 'http://[::a9fe:a9fe]/']) {
      const res = await strict.http.post('/recipes/analyze', { url }, { token });
      expect(res.status, url).toBe(403);
      expect(res.json.detail.msg).toMatch(/private or local network/);
    }
  });
  it('re-checks every redirect: a redirect to the metadata address or a private network is refused', async () => {
    for (const path of ['/redirect-private', '/redirect-ten']) {
      const res = await analyze(t, site.url + path);
      expect(res.status).toBe(403);
      expect(isErrorBody(res)).toBe(true);
    }
    const ok = await analyze(t, site.url + '/redirect-ok');
    expect(ok.status).toBe(200);
    const loop = await analyze(t, site.url + '/loop/1');
    expect(loop.status).toBe(400);
    expect(loop.json.detail.msg).toMatch(/more than 5 times/);
  });
  it('refuses other schemes, credentials, oversized and slow pages with clear messages', async () => {
    expect((await analyze(t, 'file:///etc/passwd')).json.detail.msg).toBe('Only http and https addresses can be imported');
    expect((await analyze(t, site.url.replace('http://', 'http://u:p@') + '/pages/x')).status).toBe(400);
    const huge = await analyze(t, site.url + '/huge');
    expect(huge.status).toBe(413);
    expect(huge.json.detail.msg).toMatch(/5 MB/);
    const started = Date.now();
    const slow = await analyze(t, site.url + '/slow');
    expect(slow.status).toBe(422);
    expect(slow.json.detail.msg).toMatch(/10 seconds/);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});

describe('POST /recipes/analyze', () => {
  it('is for Pro users only', async () => {
    const res = await t.http.post('/recipes/analyze', { ingredients: ['1 egg'] }, { token: basic });
    expect(res.status).toBe(403);
    expect(res.json.detail.msg).toBe('This feature requires Pro subscription');
    const s = await t.http.get('/recipes/search?query=pan', { token: basic });
    expect(s.status).toBe(403);
    expect(s.json.detail.msg).toBe('Recipe search requires Pro subscription');
    expect((await t.http.get('/recipes/search/suggestions?query=pan', { token: basic })).status).toBe(403);
  });

  it('analyses typed lines: quantities, units, matched foods, grams, per-serving nutrition and unmatched lines', async () => {
    const res = await t.http.post('/recipes/analyze', { title: 'Test cake', servings: 4, ingredients: ['1½ cups all-purpose flour', '2–3 cloves garlic, minced', 'a pinch of salt', '1 (14 oz) can diced tomatoes', '200 g spaghetti', '2 large eggs', 'xyzzy quux'] }, { token: pro });
    expect(res.status).toBe(200);
    const d = res.json.recipe_details;
    expect(d.title).toBe('Test cake');
    expect(d.servings).toBe(4);
    const [flour, garlic, salt, tomatoes, spaghetti, eggs, junk] = d.ingredients;
    expect(flour).toMatchObject({ quantity: 1.5, unit: 'cup' });
    expect(flour.food_name.toLowerCase()).toMatch(/flour/);
    expect(flour.grams).toBeGreaterThan(150);
    expect(flour.grams).toBeLessThan(230);
    expect(garlic).toMatchObject({ quantity: 2, quantity2: 3, unit: 'clove' });
    expect(garlic.grams).toBeGreaterThan(5);
    expect(salt.grams).toBeGreaterThan(0);
    expect(salt.grams).toBeLessThan(2);
    expect(tomatoes.grams).toBeCloseTo(396.9, 0);
    expect(spaghetti.grams).toBe(200);
    expect(eggs.food_name.toLowerCase()).toMatch(/egg/);
    expect(eggs.grams).toBeGreaterThan(90);
    expect(junk.food_id).toBeNull();
    expect(d.unmatched).toEqual(['xyzzy quux']);
    expect(d.nutrition_per_serving.calories).toBeCloseTo(d.nutrition_total.calories / 4, 0);
    expect(d.nutrition_per_serving.calories).toBeGreaterThan(200);
    expect(Object.keys(d.nutrition_per_serving)).toEqual(expect.arrayContaining(['calories', 'protein', 'carbs', 'fat', 'fiber', 'sugar', 'sodium']));
  });

  it('reads lines as a cook buys them: dry pasta, granulated sugar, raw tomatoes, canned and drained beans, large eggs', async () => {
    const lines = ['400 g spaghetti', '1 cup white sugar', '2 tomatoes', '1 (15 oz) can chickpeas, drained', '2 eggs', '1 teaspoon ground cumin', '2 tablespoons olive oil'];
    const res = await t.http.post('/recipes/analyze', { ingredients: lines }, { token: pro });
    expect(res.status).toBe(200);
    const [spaghetti, sugar, tomatoes, chickpeas, eggs, cumin, oil] = res.json.recipe_details.ingredients;
    expect(spaghetti.food_name).toMatch(/^Spaghetti, dry/);
    expect(spaghetti.nutrients.calories).toBeGreaterThan(1400);
    expect(sugar).toMatchObject({ food_name: 'Sugar, granulated', grams: 200 });
    expect(tomatoes.food_name).toMatch(/^Tomato, red, ripe, raw/);
    expect(chickpeas.food_name).toMatch(/canned/);
    expect(chickpeas.grams).toBeGreaterThan(230);
    expect(chickpeas.grams).toBeLessThan(280);
    expect(eggs.grams).toBe(100);
    expect(cumin.food_name).toMatch(/cumin/i);
    expect(oil.food_name).toMatch(/^Oil, olive/);
  });

  it('means raw fish and meat, though the foods search puts the cooked forms people log first', async () => {
    const res = await t.http.post('/recipes/analyze', { ingredients: ['4 (6 oz) salmon fillets', '1 lb chicken breast'] }, { token: pro });
    expect(res.status).toBe(200);
    const [salmon, chicken] = res.json.recipe_details.ingredients;
    expect(salmon.food_name).toMatch(/^Fish, salmon, .*raw/);
    expect(chicken.food_name).toMatch(/^Chicken, .*raw/);
  });

  it('imports a recipe page from the (loopback) site and analyses it', async () => {
    const page = expectedPages.find((p) => p.structure === 'graph')!;
    const res = await t.http.post('/recipes/analyze', { url: `${site.url}/pages/${page.file}` }, { token: pro });
    expect(res.status).toBe(200);
    const d = res.json.recipe_details;
    expect(d).toMatchObject({ title: page.title, servings: page.servings, site_name: 'Recipe Site' });
    expect(d.ingredients.map((i: { original: string }) => i.original)).toEqual(page.ingredients);
    expect(d.instructions.length).toBeGreaterThan(0);
    expect(d.nutrition_per_serving.calories).toBeGreaterThan(0);
  });

  it('answers 422 for a page without a recipe and for an empty body', async () => {
    expect((await t.http.post('/recipes/analyze', { url: `${site.url}/nothing` }, { token: pro })).status).toBe(422);
    expect((await t.http.post('/recipes/analyze', {}, { token: pro })).status).toBe(422);
  });
});

describe('saved recipes', () => {
  let id: number;
  let eggs: string;
  let flour: string;
  beforeAll(async () => {
    eggs = (await t.http.get('/foods/search?query=egg&page_size=1', { token: pro })).json.foods[0].id;
    flour = (await t.http.get('/foods/search?query=wheat flour&page_size=1', { token: pro })).json.foods[0].id;
  });

  it('saves a recipe with nutrition computed from the foods, and recomputes it on change', async () => {
    const res = await t.http.post('/recipes', { title: 'Pasta dough', servings: 2, ingredients: [{ food_id: flour, grams: 200, original: '200 g flour' }, { food_id: eggs, grams: 100 }], instructions: ['Knead.'] }, { token: pro });
    expect(res.status).toBe(201);
    id = res.json.id;
    const cal = res.json.nutrition_total.calories;
    expect(cal).toBeGreaterThan(700);
    expect(res.json.nutrition_per_serving.calories).toBeCloseTo(cal / 2, 0);
    const put = await t.http.put(`/recipes/${id}`, { title: 'Pasta dough', servings: 2, ingredients: [{ food_id: flour, grams: 400 }, { food_id: eggs, grams: 100 }] }, { token: pro });
    expect(put.status).toBe(200);
    expect(put.json.nutrition_total.calories).toBeGreaterThan(cal + 600);
    const bad = await t.http.post('/recipes', { title: 'x', servings: 1, ingredients: [{ food_id: 'usda-nope', grams: 10 }] }, { token: pro });
    expect(bad.status).toBe(422);
  });

  it('keeps only http(s) links and images: a javascript: or data: address is refused and nothing is saved', async () => {
    const body = { title: 'Linked dough', servings: 1, ingredients: [{ food_id: flour, grams: 100 }] };
    for (const extra of [{ source_url: 'javascript:alert(1)' }, { image: 'JavaScript:alert(1)' }, { image: 'data:text/html,<script>alert(1)</script>' }, { source_url: 'ftp://x.example/r' }]) {
      const res = await t.http.post('/recipes', { ...body, ...extra }, { token: pro });
      expect(res.status, JSON.stringify(extra)).toBe(422);
      expect(res.json.detail.errors[0].msg).toBe('must be an http or https URL');
    }
    expect(((await t.http.get('/food-logs/recipes', { token: pro })).json as { title: string }[]).map((r) => r.title)).not.toContain('Linked dough');
    const ok = await t.http.post('/recipes', { ...body, source_url: 'https://cook.example/r/1', image: 'https://cook.example/i.jpg' }, { token: pro });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ source_url: 'https://cook.example/r/1', image: 'https://cook.example/i.jpg' });
    expect((await t.http.del(`/recipes/${ok.json.id}`, { token: pro })).status).toBe(204);
  });

  it('keeps recipes private: another user gets 404 and an empty list', async () => {
    expect((await t.http.get(`/food-logs/recipe/${id}`, { token: other })).status).toBe(404);
    expect((await t.http.put(`/recipes/${id}`, { title: 'mine', servings: 1, ingredients: [{ food_id: eggs, grams: 50 }] }, { token: other })).status).toBe(404);
    expect((await t.http.del(`/recipes/${id}`, { token: other })).status).toBe(404);
    expect((await t.http.get('/food-logs/recipes', { token: other })).json).toEqual([]);
    expect((await t.http.get('/recipes/search?query=pasta', { token: other })).json).toEqual([]);
    const mine = await t.http.get('/food-logs/recipes', { token: pro });
    expect(mine.json.map((r: { id: number }) => r.id)).toContain(id);
    const one = await t.http.get(`/food-logs/recipe/${id}`, { token: pro });
    expect(one.json).toMatchObject({ id, title: 'Pasta dough', instructions: [] });
  });

  it('searches titles and ingredients, ranked, with title suggestions', async () => {
    await t.http.post('/recipes', { title: 'Egg salad', servings: 2, ingredients: [{ food_id: eggs, grams: 200 }] }, { token: pro });
    const s = await t.http.get('/recipes/search?query=egg', { token: pro });
    expect(s.status).toBe(200);
    expect(s.json.map((r: { title: string }) => r.title)).toEqual(['Egg salad', 'Pasta dough']);
    const sug = await t.http.get('/recipes/search/suggestions?query=pa', { token: pro });
    expect(sug.json.suggestions).toEqual(['Pasta dough']);
  });

  it('logs servings of a recipe as one food log entry named after it', async () => {
    const recipe = (await t.http.get(`/food-logs/recipe/${id}`, { token: pro })).json;
    const res = await t.http.post('/food-logs', { recipe_id: id, number_of_servings: 1.5, meal_type: 'dinner', date: '2026-01-10' }, { token: pro });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ food_name: 'Pasta dough', number_of_servings: 1.5, meal_type: 'dinner' });
    expect(res.json.calories).toBeCloseTo(recipe.nutrition_per_serving.calories * 1.5, 0);
    expect((await t.http.post('/food-logs', { recipe_id: id, number_of_servings: 1, meal_type: 'dinner' }, { token: other })).status).toBe(404);
  });

  it('deletes', async () => {
    expect((await t.http.del(`/recipes/${id}`, { token: pro })).status).toBe(204);
    expect((await t.http.get(`/food-logs/recipe/${id}`, { token: pro })).status).toBe(404);
  });
});
