import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';
import { limitRows, limitsTable } from './limits.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the limits table', () => {
  it('docs/limits.md holds the table the code builds (run `npx tsx apps/api/scripts/limits-doc.ts` after changing a limit)', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../docs/limits.md'), 'utf8');
    const between = /<!-- limits:start -->\n([\s\S]*?)\n<!-- limits:end -->/.exec(doc)?.[1];
    expect(between).toBe(limitsTable());
  });

  it('the OpenAPI description carries the same table', async () => {
    const doc = await t.http.get('/openapi.json');
    expect(doc.json.info.description).toContain(limitsTable());
  });

  it('names every expensive call of issue 39', () => {
    const calls = limitRows().map((r) => r.call).join('\n');
    for (const c of ['/recommendations/meal', 'what-to-eat', '/recommendations/restaurant', 'daily-meal-plan/request', '/recipes/analyze', '/food-logs/batch', '/food-logs/download', '/health-metrics/sync-status']) expect(calls).toContain(c);
  });
});
