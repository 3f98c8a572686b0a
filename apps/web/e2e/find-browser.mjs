/**
 * Which Chromium the end-to-end tests and the web benchmark drive, in this order:
 *  1. `CHROMIUM_PATH` (or `CHROME_PATH`, Lighthouse's own name), when set — an error if it does not exist;
 *  2. a system Chromium or Chrome (Debian's /usr/bin/chromium first, then the usual names and places);
 *  3. the headless Chromium that ships inside the `@sparticuz/chromium` dev dependency: the binary is in
 *     the npm package itself (brotli-packed) and unpacks to a folder of ours under the system's temporary
 *     folder on first use, so nothing is downloaded. The package also carries the NSS libraries Chromium links
 *     (for Amazon Linux, where it is meant to run); where the system has none (a slim image without Debian's
 *     chromium package), they are put on LD_LIBRARY_PATH for the browsers this process starts.
 * Plain JavaScript so both the TypeScript harness and the .mjs benchmark use one copy.
 */
import { execFile } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import { basename, delimiter, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createBrotliDecompress } from 'node:zlib';
import tar from 'tar-fs';

/** Flags for every launch: no sandbox (CI runs as root), nothing phoning home. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];
const SYSTEM_PATHS = ['/usr/bin/chromium', '/snap/bin/chromium', '/opt/google/chrome/chrome', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium'];

/** The first system browser on the usual paths or on PATH, or null. */
export function systemChromium() {
  for (const p of SYSTEM_PATHS) if (existsSync(p)) return p;
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of SYSTEM_NAMES) if (existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

const require = createRequire(import.meta.url);

/** The package's folder of brotli-packed files, and its version (the unpacked folder is named after it). */
function packageFiles() {
  // Its exports name only the entry (build/cjs/index.cjs); the package's root is two folders up.
  const root = join(dirname(require.resolve('@sparticuz/chromium')), '..', '..');
  return { bin: join(root, 'bin'), version: JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version };
}

/** Where this user's copy of that version lives (per user: the files are the user's own, mode 0700). */
function packagedDir(version) {
  return join(tmpdir(), `nutrition-tracker-chromium-${version}-${userInfo().uid}`);
}

/**
 * Unpacks the browser, its SwiftShader libraries, its fonts and its NSS libraries into a fresh folder, then
 * renames the folder into place: an unpack that was interrupted leaves only a `.partial-…` folder, never a
 * half-written browser that later runs would trust (the package's own unpacking, to /tmp/chromium, did).
 */
async function unpack(bin, dir) {
  const partial = `${dir}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  const untar = (name, to) => pipeline(createReadStream(join(bin, name)), createBrotliDecompress(), tar.extract(to));
  await Promise.all([
    pipeline(createReadStream(join(bin, 'chromium.br')), createBrotliDecompress(), createWriteStream(join(partial, 'chromium'), { mode: 0o700 })),
    untar('swiftshader.tar.br', partial),
    untar('fonts.tar.br', join(partial, 'fonts')),
    untar('al2023.tar.br', join(partial, 'al2023')),
  ]);
  // The package's fonts.conf names Lambda's folders; ours names the folder the fonts are in.
  writeFileSync(join(partial, 'fonts', 'fonts.conf'), `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${join(dir, 'fonts', 'fonts')}</dir><cachedir>${join(dir, 'fonts', 'cache')}</cachedir></fontconfig>\n`);
  try {
    renameSync(partial, dir);
  } catch (err) {
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(join(dir, 'chromium'))) throw err; // another process unpacked it first: use theirs
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Runs `chromium --version`: the binary is whole and its libraries load. */
async function runs(path, env = process.env) {
  try {
    const { stdout } = await promisify(execFile)(path, ['--version'], { env, timeout: 20_000 });
    return { ok: /Chrom/i.test(stdout), output: stdout };
  } catch (err) {
    return { ok: false, output: `${err.stderr ?? ''}${err.message ?? err}` };
  }
}

/**
 * Makes the packaged browser at `path` start: when the system lacks the libraries it links, this process's
 * environment (which Playwright and chrome-launcher pass to the browser) gets the packaged ones on
 * LD_LIBRARY_PATH, and fontconfig the packaged fonts where the system has no font configuration.
 */
async function usePackagedLibraries(path) {
  const dir = dirname(path);
  if (!existsSync('/etc/fonts/fonts.conf') && !process.env.FONTCONFIG_PATH && existsSync(join(dir, 'fonts', 'fonts.conf'))) {
    process.env.FONTCONFIG_PATH = join(dir, 'fonts');
  }
  let check = await runs(path);
  if (check.ok) return;
  const libs = join(dir, 'al2023', 'lib');
  if (/error while loading shared libraries/.test(check.output) && existsSync(libs)) {
    const env = { ...process.env, LD_LIBRARY_PATH: [libs, process.env.LD_LIBRARY_PATH].filter(Boolean).join(delimiter) };
    check = await runs(path, env);
    if (check.ok) {
      process.env.LD_LIBRARY_PATH = env.LD_LIBRARY_PATH;
      return;
    }
  }
  throw new Error(`the packaged Chromium at ${path} does not start: ${check.output.trim().split('\n')[0]}`);
}

/** The packaged headless Chromium's path, unpacked on first call (a few seconds) and checked to start. */
export async function packagedChromium() {
  const { bin, version } = packageFiles();
  const dir = packagedDir(version);
  const path = join(dir, 'chromium');
  // What interrupted unpacks left (their process is gone) goes.
  const parent = dirname(dir);
  for (const name of existsSync(parent) ? readdirSync(parent) : []) {
    const m = name.startsWith(`${basename(dir)}.partial-`) && /\.partial-(\d+)$/.exec(name);
    if (m && !alive(Number(m[1]))) rmSync(join(parent, name), { recursive: true, force: true });
  }
  if (existsSync(path)) {
    try {
      await usePackagedLibraries(path);
      return path;
    } catch {
      rmSync(dir, { recursive: true, force: true }); // damaged (or from elsewhere): unpack afresh
    }
  }
  await unpack(bin, dir);
  await usePackagedLibraries(path);
  return path;
}

/** Whether `path` is a packaged Chromium unpacked by packagedChromium() (CHROMIUM_PATH may point at one). */
function isPackaged(path) {
  return /nutrition-tracker-chromium-[^/]+\/chromium$/.test(path);
}

let found;
/** @returns {Promise<{ path: string, source: 'env' | 'system' | 'package' }>} */
export function findChromium() {
  found ??= (async () => {
    const fromEnv = process.env.CHROMIUM_PATH || process.env.CHROME_PATH;
    if (fromEnv) {
      if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH/CHROME_PATH points to ${fromEnv}, which does not exist`);
      if (isPackaged(fromEnv)) await usePackagedLibraries(fromEnv);
      return { path: fromEnv, source: 'env' };
    }
    const system = systemChromium();
    if (system) return { path: system, source: 'system' };
    try {
      return { path: await packagedChromium(), source: 'package' };
    } catch (err) {
      throw new Error(`no Chromium found: set CHROMIUM_PATH, install chromium, or run npm install (for @sparticuz/chromium): ${err instanceof Error ? err.message : err}`);
    }
  })();
  return found;
}
