/**
 * What the web benchmarks share (bench:web, bench/profile.mjs): the real product on a fresh data folder
 * and a free port, and a verified user who has been using the app.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const PASSWORD = 'Tulip-Granite-Mosaic-77';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * `build: false` keeps the web build that is there (bench/profile.mjs may have built it unminified);
 * scripts/start.mjs still builds the API when its sources changed.
 */
export async function startServer({ build = true, prefix = 'bench-web-' } = {}) {
  if (build) {
  // Build first under the same lock the e2e harness uses, so concurrent runs never build twice at once.
  const built = spawnSync('flock', ['/tmp/nutrition-web-build.lock', 'npm', 'run', 'build', '-w', 'apps/web'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  // A failed build would leave the previous dist/ in place: measuring it would report numbers for old code.
  if (built.status !== 0) {
    process.stderr.write(`${built.stdout ?? ''}${built.stderr ?? ''}\nbench:web: the build failed; nothing was measured.\n`);
    process.exit(1);
  }
  }
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env, stdio: 'ignore' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const end = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
    } catch {}
    if (Date.now() > end) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    baseUrl,
    dataDir,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

function latestCode(dataDir, email) {
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return null;
  for (const f of readdirSync(outbox).map((f) => join(outbox, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)) {
    const text = readFileSync(f, 'utf8').replace(/=\r?\n/g, '');
    if (!text.toLowerCase().includes(`to: ${email}`)) continue;
    const m = /(?:code is|code:)\s*([0-9]{6})/i.exec(text) ?? /\b([0-9]{6})\b/.exec(text.split(/\r?\n\r?\n/).slice(1).join('\n'));
    if (m) return m[1];
  }
  return null;
}

/** A registered, verified user's token; seeded (`seed` below) unless BENCH_WEB_EMPTY_USER is set. */
export async function verifiedToken(server, emailPrefix = 'bench') {
  const email = `${emailPrefix}.${Date.now()}@example.com`;
  const post = (path, body) => fetch(`${server.baseUrl}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/auth/register', { email, password: PASSWORD });
  let code = null;
  for (let i = 0; i < 50 && !code; i++) {
    code = latestCode(server.dataDir, email);
    if (!code) await new Promise((r) => setTimeout(r, 200));
  }
  const done = await (await post('/auth/complete-registration', { email, code })).json();
  if (!done.access_token) throw new Error(`could not register: ${JSON.stringify(done)}`);
  if (!process.env.BENCH_WEB_EMPTY_USER) await seed(server, done.access_token);
  return done.access_token;
}

/**
 * What a user who has been using the app has: two foods logged today and a favorite, so the signed-in
 * pages show their lists (meal entries with edit/delete, quick add) and not only empty states.
 * BENCH_WEB_EMPTY_USER=1 measures a brand-new user instead (the bench's behaviour before step 3).
 */
async function seed(server, token) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const post = async (path, body) => {
    const res = await fetch(`${server.baseUrl}/api/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`seed ${path}: ${res.status} ${await res.text()}`);
  };
  const date = new Date().toISOString().slice(0, 10);
  const food = (food_name, meal_type, calories, protein, carbohydrates, fat) => ({ food_name, serving_description: '1 serving', number_of_servings: 1, calories, protein, carbohydrates, fat, meal_type, date });
  await post('/food-logs', food('Porridge with blueberries', 'breakfast', 320, 11, 54, 7));
  await post('/food-logs', food('Chicken salad sandwich', 'lunch', 480, 29, 45, 18));
  await post('/favorite-foods/manual', { food_name: 'Greek yogurt with honey', serving_size: '1 pot', calories: 180, protein: 10, carbohydrates: 22, fat: 5 });
}
