const mb = (x) => (x / 1048576).toFixed(0);
const p = (l) => { const m = process.memoryUsage(); console.log(l.padEnd(16), 'rss', mb(m.rss), 'heap', mb(m.heapUsed), 'ext', mb(m.external), 'ab', mb(m.arrayBuffers)); };
p('start');
const h = (await import('highs')).default;
p('imported');
const s = await h();
p('loaded');
const lp = 'Maximize\n obj: x1 + 2 x2 + 3 x3 + x4\nSubject To\n c1: - x1 + x2 + x3 + 10 x4 <= 20\n c2: x1 - 3 x2 + x3 <= 30\n c3: x2 - 3.5 x4 = 0\nBounds\n 0 <= x1 <= 40\n 2 <= x4 <= 3\nGeneral\n x4\nEnd';
let n = 0;
for (const k of [1, 10, 100, 1000, 3000]) { while (n < k) { s.solve(lp); n++; } p(`after ${k}`); }
