/**
 * One flood of the fairness bench (bench/fairness.bench.ts), run as its own process so the load it makes does not
 * slow the process that times the bystander. The spec comes in FLOOD_SPEC (JSON); the result goes back over IPC.
 * Every flood is bounded: new requests until `seconds`, at most `maxRequests`, and whatever is still in flight
 * at `hardMs` is aborted. Loopback only (fairness/http.ts refuses any other address).
 */
import { setMaxListeners } from 'node:events';
import http from 'node:http';
import { assertLoopback, messageOf, parseJson, pct, send, sleep, type Answer, type Call } from './http.ts';

export interface FloodSpec {
  name: string;
  bases: string[];
  token: string;
  /** New requests start until this many seconds after the flood began. */
  seconds: number;
  /** Everything still in flight this long after the start is aborted. */
  hardMs: number;
  pageBase: string;
  writeDay: string;
  batchSize: number;
}

export interface FloodResult {
  name: string;
  connections: number;
  requests: number;
  elapsedMs: number;
  statuses: Record<string, number>;
  /** Status → the answers' messages (digits written as N), with how many answered each. */
  samples: Record<string, Record<string, number>>;
  p50: number;
  p95: number;
  max: number;
  /** Requests aborted at the hard cap (still unanswered). */
  aborted: number;
  bytesSent: number;
  bytesReceived: number;
  /** daily-plans: what became of the accepted requests. */
  /** This process's CPU time over the flood, ms. */
  cpuMs: number;
  plans?: { accepted: number[]; completed: number; failed: number; processing: number; completionMs: number[] };
  note?: string;
}

/** Misspelt words of a recipe typed in a hurry: every line below is unique, so no answer can be reused. */
const MISSPELT = ['chikcen', 'brocolli', 'casarole', 'tomatoe', 'parmesian', 'chese', 'spagheti', 'lasagnna', 'vegetabel', 'cinamon', 'zuchinni', 'cabage', 'tumeric', 'yoghurtt', 'avacado', 'mozarela'];
const UNITS = ['cups', 'tbsp', 'g', 'oz', 'tsp', 'pieces'];
function ingredientLines(n: number): string[] {
  return Array.from({ length: 100 }, (_, k) => {
    const w = (j: number) => MISSPELT[(n * 7 + k * 3 + j) % MISSPELT.length];
    return `${1 + ((n + k) % 4)} ${UNITS[k % UNITS.length]} ${w(0)}${n}x${k} ${w(1)} ${w(2)}`;
  });
}

/** ~15 KB of details (the cap is 16 KB): 15 texts of 1,000 characters. */
const nearCapDetails = (n: number) => Object.fromEntries(Array.from({ length: 15 }, (_, k) => [`note_${k}`, `${n}:${k}:`.padEnd(1_000, 'x')]));
/** ~900 KB of details: over the 16 KB cap, under the 1 MB body limit (what a probe once stored per source). */
const hugeDetails = (n: number) => ({ blob: Array.from({ length: 900 }, (_, k) => `${n}:${k}:`.padEnd(1_000, 'y')) });

function floodCalls(spec: FloodSpec): { connections: number; maxRequests: number; call: (n: number) => Call } | null {
  const json = (method: string, path: string, body: unknown): Call => ({ method, path, body: JSON.stringify(body) });
  switch (spec.name) {
    case 'recipe-html':
      return { connections: 20, maxRequests: 5_000, call: (n) => json('POST', '/api/v1/recipes/analyze', { url: `${spec.pageBase}/r?i=${n}` }) };
    case 'recipe-jsonld':
      return { connections: 20, maxRequests: 5_000, call: (n) => json('POST', '/api/v1/recipes/analyze', { url: `${spec.pageBase}/jsonld?i=${n}` }) };
    case 'ingredients':
      return { connections: 20, maxRequests: 5_000, call: (n) => json('POST', '/api/v1/recipes/analyze', { title: `Typed ${n}`, servings: 4, ingredients: ingredientLines(n) }) };
    case 'meal-options':
      return { connections: 100, maxRequests: 40_000, call: () => ({ method: 'GET', path: '/api/v1/recommendations/meal?current_time=12:00' }) };
    case 'csv-export':
      return { connections: 5, maxRequests: 40_000, call: () => ({ method: 'GET', path: '/api/v1/food-logs/download/3650' }) };
    case 'batch-writes': {
      const entry = (n: number, k: number) => ({ food_name: `Flood ${n}.${k}`, calories: 100 + (k % 50), protein: 5, carbs: 12, fat: 3, meal_type: 'snack', date: spec.writeDay });
      return { connections: 50, maxRequests: 40_000, call: (n) => json('POST', '/api/v1/food-logs/batch', Array.from({ length: spec.batchSize }, (_, k) => entry(n, k))) };
    }
    case 'sync-status':
      // Many source names (the cap is 20 a user), most with details just under the 16 KB cap, every 5th far over it.
      return {
        connections: 50,
        maxRequests: 40_000,
        call: (n) => json('POST', '/api/v1/health-metrics/sync-status', { source: `source-${n % 100}`, last_synced_at: new Date().toISOString(), details: n % 5 === 4 ? hugeDetails(n) : nearCapDetails(n) }),
      };
    default:
      return null;
  }
}

async function run(spec: FloodSpec): Promise<FloodResult> {
  for (const b of [...spec.bases, spec.pageBase]) assertLoopback(b);
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const since = () => performance.now() - started;
  const abort = new AbortController();
  // Every request in flight listens to it.
  setMaxListeners(0, abort.signal);
  const hard = setTimeout(() => abort.abort(), spec.hardMs);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const answers: Answer[] = [];
  const samples: Record<string, Record<string, number>> = {};
  let bytesSent = 0;
  const one = async (base: string, call: Call, keepBody = false) => {
    bytesSent += call.body ? Buffer.byteLength(call.body) : 0;
    const a = await send(base, agent, call, { token: spec.token, signal: abort.signal, keepBody: true });
    answers.push({ ...a, text: '' });
    const key = a.status ? String(a.status) : (a.error ?? 'error');
    if (a.status >= 400 || !a.status) {
      const m = (a.status ? messageOf(a.text) : (a.error ?? '')).replace(/\d+/g, 'N');
      const byMessage = (samples[key] ??= {});
      // A few distinct messages per status are enough to tell the caps apart.
      if (m in byMessage || Object.keys(byMessage).length < 5) byMessage[m] = (byMessage[m] ?? 0) + 1;
    }
    return keepBody ? a : { ...a, text: '' };
  };
  let connections = 0;
  let plans: FloodResult['plans'];
  let note: string | undefined;
  if (spec.name === 'daily-plans') {
    // 80 requests within 2 s, then the accepted ones are followed until they finish (or the flood's time is up).
    connections = 80;
    const accepted: { id: number; base: string; at: number }[] = [];
    await Promise.all(
      Array.from({ length: 80 }, async (_, i) => {
        await sleep(i * 25);
        const base = spec.bases[i % spec.bases.length]!;
        const at = since();
        const a = await one(base, { method: 'POST', path: '/api/v1/recommendations/daily-meal-plan/request?current_time=12:00', body: '{}' }, true);
        if (a.status === 202) accepted.push({ id: parseJson(a.text)?.id, base, at });
      }),
    );
    const completionMs: number[] = [];
    let completed = 0;
    let failed = 0;
    let open = [...accepted];
    while (open.length && since() < spec.seconds * 1000 && !abort.signal.aborted) {
      const still: typeof open = [];
      for (const p of open) {
        // Status polls are not counted as flood requests: they are how the flood waits for its work.
        const a = await send(p.base, agent, { method: 'GET', path: `/api/v1/recommendations/daily-meal-plan/status/${p.id}` }, { token: spec.token, keepBody: true, signal: abort.signal });
        const status = a.status === 200 ? parseJson(a.text)?.status : 'unknown';
        if (status === 'completed') {
          completed++;
          completionMs.push(since() - p.at);
        } else if (status === 'failed') failed++;
        else still.push(p);
      }
      open = still;
      if (open.length) await sleep(250);
    }
    plans = { accepted: accepted.map((p) => p.id), completed, failed, processing: open.length, completionMs };
  } else {
    const flood = floodCalls(spec);
    if (!flood) throw new Error(`unknown flood ${spec.name}`);
    connections = flood.connections;
    let n = 0;
    await Promise.all(
      Array.from({ length: flood.connections }, async (_, w) => {
        const base = spec.bases[w % spec.bases.length]!;
        while (since() < spec.seconds * 1000 && n < flood.maxRequests && !abort.signal.aborted) {
          const a = await one(base, flood.call(n++));
          // A refused connection answers at once: do not spin on it.
          if (a.status === 0 && !abort.signal.aborted) await sleep(50);
        }
      }),
    );
    if (n >= flood.maxRequests) note = `stopped at its cap of ${flood.maxRequests} requests`;
  }
  clearTimeout(hard);
  agent.destroy();
  const statuses: Record<string, number> = {};
  let aborted = 0;
  for (const a of answers) {
    const key = a.status ? String(a.status) : a.error === 'aborted' ? 'aborted' : 'error';
    if (key === 'aborted') aborted++;
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  const times = answers.filter((a) => a.status).map((a) => a.ms).sort((x, y) => x - y);
  return {
    name: spec.name,
    connections,
    requests: answers.length,
    elapsedMs: since(),
    statuses,
    samples,
    p50: pct(times, 50),
    p95: pct(times, 95),
    max: times.at(-1) ?? NaN,
    aborted,
    bytesSent,
    bytesReceived: answers.reduce((s, a) => s + a.bytes, 0),
    cpuMs: (() => {
      const u = process.cpuUsage(cpuStart);
      return (u.user + u.system) / 1000;
    })(),
    plans,
    note,
  };
}

process.on('disconnect', () => process.exit(0));
const spec = JSON.parse(process.env.FLOOD_SPEC ?? '{}') as FloodSpec;
try {
  const result = await run(spec);
  process.send!({ result }, () => process.exit(0));
} catch (err) {
  process.send!({ error: String((err as Error)?.stack ?? err) }, () => process.exit(1));
}
