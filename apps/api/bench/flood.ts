/**
 * Issue 8 item 8: 30 concurrent worst-case searches (long misspelt words) from one user while another
 * user keeps calling `/auth/me`; that user's p95 must stay under 200 ms. Real app over loopback HTTP
 * (PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set).   npx tsx bench/flood.ts
 */
import { createTestApp } from '../test/helpers.ts';
import { makeUser } from '../src/features/foods/test-support.ts';

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
export const worstQuery = (i: number) =>
  `chikcen${i} brocolli casarole tomatoe parmesian chese spagheti lasagnna ${'vegetabel '.repeat(12)}`.slice(0, 200);

export async function searchFlood(n = 30): Promise<{ p95: number }> {
  const t = await createTestApp({ SEED_FOODS: 'true' });
  try {
    const searcher = await makeUser(t);
    const bystander = await makeUser(t);
    await t.http.get('/auth/me', { token: bystander.token });
    await t.http.get('/foods/search?query=banana', { token: searcher.token });
    const started = performance.now();
    let done = false;
    const flood = Promise.all(Array.from({ length: n }, (_, i) => t.http.get(`/foods/search?query=${encodeURIComponent(worstQuery(i))}`, { token: searcher.token }))).finally(() => (done = true));
    const me: number[] = [];
    while (!done) {
      const t0 = performance.now();
      const res = await t.http.get('/auth/me', { token: bystander.token });
      if (res.status !== 200) throw new Error(`/auth/me answered ${res.status}`);
      me.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
    const answers = await flood;
    const byStatus = answers.reduce<Record<number, number>>((m, a) => ({ ...m, [a.status]: (m[a.status] ?? 0) + 1 }), {});
    const p95 = pct(me, 95);
    console.log(
      `search flood (${t.database.kind}): ${n} concurrent worst-case searches in ${((performance.now() - started) / 1000).toFixed(1)} s, statuses ${JSON.stringify(byStatus)}; ` +
        `other user's /auth/me ×${me.length}: p50 ${pct(me, 50).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${Math.max(...me).toFixed(0)} ms ${p95 < 200 ? '(target < 200 ms: met)' : '(target < 200 ms: MISSED)'}`,
    );
    return { p95 };
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await searchFlood();
