/**
 * The top of a V8 CPU profile (node --cpu-prof), by self time, grouped by function and file:
 *   npx tsx bench/profile-summary.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
const prof = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
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
