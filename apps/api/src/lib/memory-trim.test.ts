import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ALLOCATOR_ENV } from '../../../../scripts/allocator-env.mjs';

const child = fileURLToPath(new URL('../../test/fixtures/memory-trim-child.ts', import.meta.url));

type Reading = { canTrim: boolean; first: number; firstTrimmed: number; second: number; secondSoon: number; secondLater: number };

/** Runs the child with the product's allocator settings (scripts/allocator-env.mjs) and returns its RSS readings in MB. */
async function run(env: Record<string, string> = {}): Promise<Reading> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', child], { env: { ...process.env, ...ALLOCATOR_ENV, ...env } });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Reading;
}

// ~60 MB freed in 64 KB holes between kept pieces: glibc keeps them resident until malloc_trim gives them back.
describe.skipIf(process.platform !== 'linux')('giving stranded allocator memory back (lib/memory-trim.ts)', () => {
  it('trims right away, then at most once per gap: a second request inside the gap waits for it', async () => {
    const r = await run();
    expect(r.canTrim).toBe(true);
    expect(r.first - r.firstTrimmed).toBeGreaterThan(40);
    expect(r.second - r.secondSoon).toBeLessThan(10);
    expect(r.secondSoon - r.secondLater).toBeGreaterThan(40);
  });

  it('MEMORY_TRIM=off leaves the memory where it is', async () => {
    const r = await run({ MEMORY_TRIM: 'off' });
    expect(r.canTrim).toBe(false);
    expect(r.first - r.firstTrimmed).toBeLessThan(10);
    expect(r.secondSoon - r.secondLater).toBeLessThan(10);
  });
});
