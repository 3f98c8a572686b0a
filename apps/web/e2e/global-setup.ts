/**
 * Once per e2e run: the product started on an empty data folder and stopped, so its database is made, migrated and
 * holds the built-in foods. Each file's server starts on a copy of it (harness.ts startServer) instead of doing all
 * that again (~12 s a server on two cores against ~4.5 s from a copy). The web app is built here too, once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_TEMPLATE_ENV, startServer } from './harness.ts';

export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-template-'));
  const server = await startServer({ dataDir: dir });
  await server.stop();
  process.env[DATA_TEMPLATE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
