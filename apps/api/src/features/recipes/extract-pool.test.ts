/** Recipe pages read on page threads (extract-pool.ts) with the caps of page-limits.ts. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectedPages, FIXTURE_DIR } from '../../../test/fixtures/recipes/server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { extractRecipe } from './extract.ts';
import { createPagePool, extractOffThread, pagePool } from './extract-pool.ts';
import { MAX_BYTES } from './fetch-page.ts';
import { MAX_PAGE_BYTES, checkJsonDepth, checkMarkup } from './page-limits.ts';

const URL_ = 'https://cook.example/r';
const small = `<html><head><script type="application/ld+json">${JSON.stringify({ '@type': 'Recipe', name: 'Toast', recipeIngredient: ['1 slice bread'], recipeInstructions: ['Toast it.'] })}</script></head></html>`;
/** Just under every cap: 99,000 flat elements with long attributes, about 4.9 MB. */
const big = `<html><body>${'<div class="recipe-card-wrapper-with-a-long-class-name" data-x="0123456789"><span>x</span></div>'.repeat(49_000)}</body></html>`;

const pools: ReturnType<typeof createPagePool>[] = [];
afterAll(async () => {
  await Promise.all([pagePool.close(), ...pools.map((p) => p.close())]);
});

async function failure(p: Promise<unknown>): Promise<HttpError> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

describe('the caps, checked before any DOM is built', () => {
  it('counts nesting as the DOM will have it: void elements, implied closes and script text do not nest', () => {
    expect(() => checkMarkup(`<body>${'<br><img src=x><input>'.repeat(1000)}</body>`)).not.toThrow();
    expect(() => checkMarkup(`<body>${'<p>para'.repeat(1000)}</body>`)).not.toThrow();
    expect(() => checkMarkup(`<ul>${'<li>item'.repeat(1000)}</ul>`)).not.toThrow();
    expect(() => checkMarkup(`<script>${'<div>'.repeat(1000)}</script>`)).not.toThrow();
    expect(() => checkMarkup('<div>'.repeat(512))).not.toThrow();
    expect(() => checkMarkup('<div>'.repeat(513))).toThrow('This page is too deeply nested to read (more than 512 levels)');
    expect(() => checkMarkup('<i></i>'.repeat(100_001))).toThrow('This page has too many elements to read (more than 100,000)');
    expect(() => checkMarkup('x'.repeat(MAX_PAGE_BYTES + 1))).toThrow('This page is too large to read (more than 5 MB)');
    expect(MAX_PAGE_BYTES).toBe(MAX_BYTES);
  });

  it('measures JSON depth without counting brackets inside strings', () => {
    expect(() => checkJsonDepth(`{"a":"${'['.repeat(1000)}\\"${'{'.repeat(1000)}"}`)).not.toThrow();
    expect(() => checkJsonDepth('['.repeat(64) + ']'.repeat(64))).not.toThrow();
    expect(() => checkJsonDepth('['.repeat(65))).toThrow("This page's recipe data is too deeply nested to read (more than 64 levels)");
  });

  it('markup inside a JSON-LD string gets the same caps (it is parsed too)', async () => {
    const page = `<script type="application/ld+json">${JSON.stringify({ '@type': 'Recipe', name: 'x', recipeIngredient: [`${'<b>'.repeat(20_000)}egg`] })}</script>`;
    await expect(extractRecipe(page, URL_)).rejects.toThrow('This page is too deeply nested to read (more than 512 levels)');
  });
});

describe('page threads', () => {
  it('read every fixture page exactly as in process', async () => {
    for (const p of expectedPages) {
      const html = readFileSync(join(FIXTURE_DIR, p.file), 'utf8');
      expect(await extractOffThread({ userId: 1 }, html, `${URL_}/${p.file}`), p.file).toEqual(await extractRecipe(html, `${URL_}/${p.file}`));
    }
  }, 60_000);

  it('a page past a cap is a 422 naming it', async () => {
    const err = await failure(extractOffThread({ userId: 1 }, '<div>'.repeat(600), URL_));
    expect([err.statusCode, err.type, err.message]).toEqual([422, 'validation_error', 'This page is too deeply nested to read (more than 512 levels)']);
  });

  it('a page still being read after its time budget is stopped with 422', async () => {
    const pool = createPagePool({ threads: 1 });
    pools.push(pool);
    expect((await extractOffThread({ userId: 1 }, small, URL_, pool))!.title).toBe('Toast');
    const started = performance.now();
    const err = await failure(extractOffThread({ userId: 1 }, big, URL_, pool, 30));
    expect([err.statusCode, err.message]).toEqual([422, 'This page took too long to read (more than 1 s)']);
    expect(performance.now() - started).toBeLessThan(1000);
    // The thread was replaced: the pool reads the next page.
    expect((await extractOffThread({ userId: 1 }, small, URL_, pool))!.title).toBe('Toast');
  }, 30_000);

  it('a page past the heap cap ends its thread, not the process: 422', async () => {
    const pool = createPagePool({ threads: 1, heapMb: 48 });
    pools.push(pool);
    expect((await extractOffThread({ userId: 1 }, small, URL_, pool))!.title).toBe('Toast');
    const err = await failure(extractOffThread({ userId: 1 }, big, URL_, pool));
    expect([err.statusCode, err.message]).toEqual([422, 'This page needs too much memory to read (more than 48 MB)']);
    expect((await extractOffThread({ userId: 1 }, small, URL_, pool))!.title).toBe('Toast');
  }, 30_000);

  it("one user's pages: 1 being read and 1 waiting, 429 past that; another user's is read meanwhile", async () => {
    const pool = createPagePool({ threads: 2 });
    pools.push(pool);
    await extractOffThread({ userId: 1 }, small, URL_, pool);
    const reading = extractOffThread({ userId: 7 }, big, URL_, pool);
    const waiting = extractOffThread({ userId: 7 }, big, URL_, pool);
    const refused = await failure(extractOffThread({ userId: 7 }, small, URL_, pool));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('2');
    expect((await extractOffThread({ userId: 8 }, small, URL_, pool))!.title).toBe('Toast');
    expect(await reading).toBeNull();
    expect(await waiting).toBeNull();
  }, 30_000);
});
