/**
 * The import rules of docs/architecture.md, checked on the source: imports flow lib/components ← features ← app.
 * - a feature never imports another feature (what two features share lives in lib/ or components/);
 * - lib/ and components/ never import a feature (but for the allow-list below);
 * - nothing imports app/ (the composition root).
 * Static imports, `export … from` and dynamic `import('…')` all count; type-only imports too (they are still a
 * dependency on the other folder's code).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The documented exception (docs/architecture.md, "the main layout mounts the notification center"): the
 * layout's bell, its unread badge and the lazily loaded popup come from features/notifications.
 */
const ALLOWED: { from: string; to: string }[] = [
  { from: 'components/layout/', to: 'features/notifications/notification-center' },
  { from: 'components/layout/', to: 'features/notifications/notification-popup' },
];

const SPECIFIERS = [
  /\bfrom\s*(['"])([^'"\n]+)\1/g, // import … from '…', export … from '…' (also across lines)
  /^\s*import\s*(['"])([^'"\n]+)\1/gm, // import '…' (side effects only)
  /\bimport\s*\(\s*(['"`])([^'"`$\n]+)\1\s*\)/g, // import('…'), import(`…`) without ${}
];

/** Every module a source names, with the line it is named on. */
function importsOf(source: string): { spec: string; line: number }[] {
  const found: { spec: string; line: number; at: number }[] = [];
  for (const re of SPECIFIERS) {
    for (const m of source.matchAll(re)) {
      const at = m.index + m[0].indexOf(m[2]);
      if (!found.some((f) => f.at === at)) found.push({ spec: m[2], line: source.slice(0, at).split('\n').length, at });
    }
  }
  return found.sort((a, b) => a.at - b.at).map(({ spec, line }) => ({ spec, line }));
}

/** A module's place under src/ ('features/food-log/api'), or null for a package or anything outside src/. */
function target(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const to = posix.normalize(posix.join(posix.dirname(file), spec));
  if (to.startsWith('..')) return null;
  return to.replace(/\.(tsx?|jsx?|mjs)$/, '').replace(/\/index$/, '');
}

/** The rule a file (a path under src/, posix) breaks by importing `to`, or null. */
function broken(file: string, to: string): string | null {
  const [fromTop, fromFeature] = file.split('/');
  const [toTop, toFeature] = to.split('/');
  if (toTop === 'app' && fromTop !== 'app') return 'only app/ may import app/';
  if (toTop !== 'features') return null;
  if (fromTop === 'features') return fromFeature === toFeature ? null : 'a feature never imports another feature';
  if (fromTop === 'components' || fromTop === 'lib') {
    return ALLOWED.some((a) => file.startsWith(a.from) && to === a.to) ? null : `${fromTop}/ never imports a feature`;
  }
  return null;
}

/** Every broken rule in `files` (path under src/, posix → source), as 'file:line imports spec (rule)'. */
function violations(files: Map<string, string>): string[] {
  const out: string[] = [];
  for (const [file, source] of files) {
    for (const { spec, line } of importsOf(source)) {
      const to = target(file, spec);
      const rule = to && broken(file, to);
      if (rule) out.push(`${file}:${line} imports '${spec}' (${rule})`);
    }
  }
  return out;
}

/**
 * Pairs of modules that import each other ('lib/api ↔ lib/store'), type-only and dynamic imports included, as
 * madge counts them (`npx madge --circular --extensions ts,tsx apps/web/src` finds longer cycles too).
 */
function mutualImports(files: Map<string, string>): string[] {
  const deps = new Map<string, Set<string>>();
  for (const [file, source] of files) {
    const to = importsOf(source).map(({ spec }) => target(file, spec));
    deps.set(file.replace(/\.tsx?$/, ''), new Set(to.filter((t): t is string => t !== null)));
  }
  const out: string[] = [];
  for (const [a, to] of deps) for (const b of to) if (a < b && deps.get(b)?.has(a)) out.push(`${a} ↔ ${b}`);
  return out.sort();
}

function sourcesUnder(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name)) files.set(relative(SRC, path).split(sep).join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(join(SRC, folder));
  return files;
}

describe('import rules (docs/architecture.md)', () => {
  test('finds static, multi-line, type, re-exported and dynamic imports', () => {
    const source = [
      "import { a } from '../food-log/api';",
      'import {',
      '  b,',
      "} from '../food-log/types';",
      "import type { C } from \"../health/api\";",
      "export { d } from '../health/model';",
      "import '../public/styles';",
      "const E = lazy(() => import('../insights/chart'));",
      'const F = await import(`../admin/route`);',
      "import { g } from './own';",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      { spec: '../food-log/api', line: 1 },
      { spec: '../food-log/types', line: 4 },
      { spec: '../health/api', line: 5 },
      { spec: '../health/model', line: 6 },
      { spec: '../public/styles', line: 7 },
      { spec: '../insights/chart', line: 8 },
      { spec: '../admin/route', line: 9 },
      { spec: './own', line: 10 },
    ]);
  });

  test('tells each rule apart', () => {
    const files = new Map([
      ['features/recipes/route.tsx', "import { x } from '../food-log/api';\nimport { y } from './api';\nimport { z } from '../../lib/foods-api';"],
      ['features/settings/route.tsx', "const R = lazy(() => import('../notifications/reminders'));"],
      ['features/health/route.tsx', "import { router } from '../../app/router';"],
      ['components/food-search.tsx', "import { f } from '../features/food-log/api';"],
      ['components/layout/main-layout.tsx', "import { BellButton } from '../../features/notifications/notification-center';\nconst P = lazy(() => import('../../features/notifications/notification-popup'));"],
      ['components/layout/footer.tsx', "import { n } from '../../features/notifications/model';"],
      ['lib/api.ts', "import { s } from '../features/auth/api';\nimport { q } from '@app/contracts';"],
      ['app/router.tsx', "import('../features/health/route');"],
    ]);
    expect(violations(files)).toEqual([
      "features/recipes/route.tsx:1 imports '../food-log/api' (a feature never imports another feature)",
      "features/settings/route.tsx:1 imports '../notifications/reminders' (a feature never imports another feature)",
      "features/health/route.tsx:1 imports '../../app/router' (only app/ may import app/)",
      "components/food-search.tsx:1 imports '../features/food-log/api' (components/ never imports a feature)",
      "components/layout/footer.tsx:1 imports '../../features/notifications/model' (components/ never imports a feature)",
      "lib/api.ts:1 imports '../features/auth/api' (lib/ never imports a feature)",
    ]);
  });

  test('finds two modules that import each other, by a type or a dynamic import too', () => {
    const files = new Map([
      ['lib/api.ts', "import { attachApi } from './store';"],
      ['lib/store.ts', "import type { api } from './api';\nimport { s } from './session';"],
      ['lib/session.ts', "import { t } from './token';"],
      ['features/auth/api.ts', "export { isSession } from './auth-calls';"],
      ['features/auth/auth-calls.ts', "export const load = () => import('./api');"],
      ['components/meter.tsx', "import type { S } from './strength';"],
    ]);
    expect(mutualImports(files)).toEqual(['features/auth/api ↔ features/auth/auth-calls', 'lib/api ↔ lib/store']);
  });

  test('no two modules of the app import each other (docs/architecture.md: no cycles)', () => {
    const files = new Map([...sourcesUnder('app'), ...sourcesUnder('features'), ...sourcesUnder('components'), ...sourcesUnder('lib')]);
    expect(files.has('lib/store.ts') && files.has('lib/api.ts')).toBe(true);
    expect(mutualImports(files)).toEqual([]);
  });

  test('features, components and lib keep them', () => {
    const files = new Map([...sourcesUnder('features'), ...sourcesUnder('components'), ...sourcesUnder('lib')]);
    // The walk found the tree (an empty map would pass for nothing).
    expect(files.has('features/food-log/route.tsx') && files.has('components/layout/main-layout.tsx') && files.has('lib/api.ts')).toBe(true);
    expect(violations(files)).toEqual([]);
  });
});
