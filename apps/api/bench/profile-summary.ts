/**
 * The top of a V8 CPU profile (node --cpu-prof), by self time, grouped by function and file:
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [top=25] [from-s] [to-s]
 * Prints a timeline (busy share per 5 s) first; from/to (seconds since the profile began) pick a window,
 * e.g. one workload of bench:load, leaving the start-up (module loading, food seeding) out.
 */
import { readFileSync } from 'node:fs';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
const [file, topArg, fromArg, toArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
const prof = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
const from = Number(fromArg ?? 0) * 1e6;
const to = toArg ? Number(toArg) * 1e6 : Infinity;
const busy: number[] = [];
let t = 0;
prof.samples.forEach((id, i) => {
  const dt = prof.timeDeltas[i] ?? 0;
  t += dt;
  const idle = byId.get(id)!.callFrame.functionName === '(idle)';
  const slot = Math.floor(t / 5e6);
  busy[slot] = (busy[slot] ?? 0) + (idle ? 0 : dt);
  if (t >= from && t < to) self.set(id, (self.get(id) ?? 0) + dt);
});
console.log('busy share per 5 s: ' + [...busy].map((b, i) => `${i * 5}s:${Math.round(((b ?? 0) / 5e6) * 100)}%`).join(' '));
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (url: string) => url.replace(/^file:\/\//, '').replace(/.*node_modules\//, '').replace(/.*\/apps\//, 'apps/').replace(/.*\/packages\//, 'packages/');
const groups = new Map<string, number>();
const packages = new Map<string, number>();
for (const [id, us] of self) {
  const f = byId.get(id)!.callFrame;
  const key = `${f.functionName || '(anonymous)'}  ${where(f.url) || '(native)'}${f.url ? ':' + (f.lineNumber + 1) : ''}`;
  groups.set(key, (groups.get(key) ?? 0) + us);
  const pkg = f.url.includes('node_modules/') ? where(f.url).split('/').slice(0, f.url.includes('node_modules/@') ? 2 : 1).join('/') : f.url.startsWith('node:') ? 'node internals' : f.url ? 'our code' : f.functionName;
  packages.set(pkg, (packages.get(pkg) ?? 0) + us);
}
const top = Number(topArg ?? 25);
const pct = (us: number) => ((100 * us) / total).toFixed(1).padStart(5) + ' %';
console.log(`total ${(total / 1e6).toFixed(1)} s of samples\n\nby package:`);
for (const [k, us] of [...packages].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${pct(us)}  ${k}`);
console.log('\nby function (self time):');
for (const [k, us] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${k}`);
