import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedPages, startRecipeSite } from '../../../test/fixtures/recipes/server.ts';
import { extractRecipe } from './extract.ts';
import { fetchPage } from './fetch-page.ts';

let site: Awaited<ReturnType<typeof startRecipeSite>>;
beforeAll(async () => {
  site = await startRecipeSite();
});
afterAll(async () => site?.close());

const opts = { allowedDomains: ['*'], allowLoopback: true };

describe('recipe extraction from fixture pages served over loopback', () => {
  it('has at least 30 pages covering every structure', () => {
    expect(expectedPages.length).toBeGreaterThanOrEqual(30);
    expect(new Set(expectedPages.map((p) => p.structure)).size).toBeGreaterThanOrEqual(8);
  });

  for (const page of expectedPages) {
    it(`${page.file}: title, servings and ingredient lines as a person reads them`, async () => {
      const fetched = await fetchPage(`${site.url}/pages/${page.file}`, opts);
      const r = (await extractRecipe(fetched.html, fetched.url))!;
      expect(r).not.toBeNull();
      expect(r.title).toBe(page.title);
      expect(r.servings).toBe(page.servings);
      expect(r.ingredients).toEqual(page.ingredients);
      expect(r.instructions.length).toBeGreaterThan(0);
      if (page.calories && page.structure !== 'plain') expect(r.stated_calories).toBe(page.calories);
    });
  }

  it('reads steps, times, image, author and site name from JSON-LD with HowToSection', async () => {
    const page = expectedPages.find((p) => p.structure === 'graph')!;
    const fetched = await fetchPage(`${site.url}/pages/${page.file}`, opts);
    const r = (await extractRecipe(fetched.html, fetched.url))!;
    expect(r).toMatchObject({ method: 'json-ld', prep_time_minutes: 15, cook_time_minutes: 30, total_time_minutes: 45, author: 'Sam Cook', site_name: 'Recipe Site', source_url: fetched.url });
    expect(r.image).toMatch(/^https:\/\/example\.com\/img\//);
    expect(r.instructions[0]).toMatch(/^[A-Z]/);
  });

  it("resolves a page's relative image against the page and drops one that is not http(s)", async () => {
    const page = (image: string) => `<html><head><script type="application/ld+json">${JSON.stringify({ '@type': 'Recipe', name: 'Toast', recipeYield: '1', recipeIngredient: ['1 slice bread'], recipeInstructions: ['Toast it.'], image })}</script></head></html>`;
    expect((await extractRecipe(page('/img/toast.jpg'), 'https://cook.example/recipes/toast'))!.image).toBe('https://cook.example/img/toast.jpg');
    expect((await extractRecipe(page('//cdn.example/t.jpg'), 'https://cook.example/recipes/toast'))!.image).toBe('https://cdn.example/t.jpg');
    expect((await extractRecipe(page('javascript:alert(1)'), 'https://cook.example/recipes/toast'))!.image).toBeNull();
  });
});
