#!/usr/bin/env node
// `npm start`: builds the web app and the API when their sources changed since the last build, then
// runs the built server (API + job worker + web app on one port) as plain JavaScript, the way
// production runs it (docs/deployment.md). Signals are passed on so shutdown stays graceful.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALLOCATOR_ENV, serverNodeOptions } from './allocator-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const dist = join(web, 'dist/index.html');

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

const sources = Math.max(
  newest(join(web, 'src')),
  newest(join(web, 'public')),
  existsSync(join(web, 'index.html')) ? statSync(join(web, 'index.html')).mtimeMs : 0,
  // The build's own configuration and its pre-render step shape dist/ as much as the sources do.
  ...['vite.config.ts', 'scripts/prerender.mjs'].map((f) => (existsSync(join(web, f)) ? statSync(join(web, f)).mtimeMs : 0)),
  newest(join(root, 'packages/contracts/src')),
);
const needsBuild = existsSync(join(web, 'index.html')) && (!existsSync(dist) || statSync(dist).mtimeMs < sources);
if (needsBuild) {
  console.log('Building the web app…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The API bundle (apps/api/dist): rebuilt only when a source is newer, which takes about a second.
const api = spawnSync(process.execPath, [join(root, 'apps/api/scripts/build.mjs'), '--if-changed'], { cwd: root, stdio: 'inherit' });
if (api.status !== 0) process.exit(api.status ?? 1);


const child = spawn(process.execPath, [join(root, 'apps/api/dist/server.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...ALLOCATOR_ENV, ...process.env, NODE_OPTIONS: serverNodeOptions(process.env.NODE_OPTIONS) },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
