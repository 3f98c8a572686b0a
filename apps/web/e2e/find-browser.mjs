/**
 * Which Chromium the end-to-end tests and the web benchmark drive, in this order:
 *  1. `CHROMIUM_PATH` (or `CHROME_PATH`, Lighthouse's own name), when set — an error if it does not exist;
 *  2. a system Chromium or Chrome (Debian's /usr/bin/chromium first, then the usual names and places);
 *  3. the headless Chromium that ships inside the `@sparticuz/chromium` dev dependency: the binary is in
 *     the npm package itself (brotli-packed) and unpacks to /tmp on first use, so nothing is downloaded.
 * Plain JavaScript so both the TypeScript harness and the .mjs benchmark use one copy.
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

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

/** The packaged headless Chromium's path (unpacked on first call, about 4 s; later calls reuse it). */
export async function packagedChromium() {
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}

let found;
/** @returns {Promise<{ path: string, source: 'env' | 'system' | 'package' }>} */
export function findChromium() {
  found ??= (async () => {
    const fromEnv = process.env.CHROMIUM_PATH || process.env.CHROME_PATH;
    if (fromEnv) {
      if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH/CHROME_PATH points to ${fromEnv}, which does not exist`);
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
