import { Worker } from 'node:worker_threads';
import { readFileSync } from 'node:fs';
const rss = () => Number((Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024).toFixed(0));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
await sleep(500);
const r0 = rss();
const code = `const h = (await import('highs')).default; const s = await h(); const lp = 'Maximize\\n obj: x1 + 2 x2 + 3 x3 + x4\\nSubject To\\n c1: - x1 + x2 + x3 + 10 x4 <= 20\\n c2: x1 - 3 x2 + x3 <= 30\\n c3: x2 - 3.5 x4 = 0\\nBounds\\n 0 <= x1 <= 40\\n 2 <= x4 <= 3\\nGeneral\\n x4\\nEnd'; for (let i=0;i<300;i++) s.solve(lp); setTimeout(()=>{}, 100000)`;
for (let round = 1; round <= 3; round++) {
  const w = new Worker(code, { eval: true, type: 'module' });
  await sleep(4000);
  const a = rss() - r0;
  await w.terminate();
  await sleep(1500);
  console.log(`round ${round}: with worker +${a} MB, after terminate +${rss() - r0} MB`);
}
process.exit(0);
