// Issue 40 item 9: a TypeScript client generated from /api/v1/openapi.json (openapi-typescript + openapi-fetch)
// typechecks and runs the smoke flow, so the document cannot drift from the server again.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, createTestApp, latestCode, uniqueEmail, waitFor, type TestApp } from '../test/helpers.ts';
import { typesOf } from '../scripts/openapi-client.ts';

const dir = join(import.meta.dirname, '../test/openapi-client');
const gen = join(dir, '.gen');
let t: TestApp;
let doc: any;

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.http.get('/openapi.json')).json;
  mkdirSync(gen, { recursive: true });
  writeFileSync(join(gen, 'schema.ts'), await typesOf(doc));
});
afterAll(async () => {
  await t?.close();
});

/** TypeScript's diagnostics for `files`, with the repository's compiler settings. */
function diagnostics(files: string[]): string[] {
  const base = ts.getParsedCommandLineOfConfigFile(join(import.meta.dirname, '../../../tsconfig.base.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const program = ts.createProgram(files, { ...base.options, types: ['node'] });
  return ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('a client generated from the OpenAPI document', () => {
  it('typechecks the smoke flow', () => {
    expect(diagnostics([join(dir, 'smoke-flow.ts')])).toEqual([]);
  });

  it('is typed, not any: a call the document does not have is a type error', () => {
    const wrong = join(gen, 'wrong.ts');
    writeFileSync(
      wrong,
      `import createClient from 'openapi-fetch';\nimport type { paths } from './schema.ts';\nconst api = createClient<paths>({ baseUrl: '' });\n` +
        `void api.GET('/api/v1/no-such-route', {});\nvoid api.POST('/api/v1/food-logs', { body: { meal_type: 'brunch' } });\n`,
    );
    const errors = diagnostics([wrong]);
    expect(errors.length, errors.join('\n')).toBe(2);
    expect(errors.some((e) => e.includes('no-such-route')), errors.join('\n')).toBe(true);
    expect(errors.some((e) => e.includes('brunch'))).toBe(true);
  });

  it('runs the smoke flow against the server', async () => {
    const { smokeFlow } = await import('../test/openapi-client/smoke-flow.ts');
    const api = createClient<any>({ baseUrl: t.base });
    const email = uniqueEmail('openapi');
    const failed: string[] = [];
    await smokeFlow(api, {
      email,
      password: STRONG_PASSWORD,
      code: () => waitFor(async () => latestCode(t.config.outboxDir, email)),
      check: (ok, what) => void (ok || failed.push(what)),
    });
    expect(failed).toEqual([]);
  });

  it('passes the lint rules a validating proxy and client generators rely on', () => {
    const ops = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(ops.filter((o) => o.path.length > 1 && o.path.endsWith('/'))).toEqual([]);
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.filter((o) => !o.op.summary).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    // A 204 declares no body; the CSV export declares text/csv.
    expect(ops.filter((o) => o.op.responses['204']?.content).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    expect(Object.keys(doc.paths['/api/v1/food-logs/download/{days}'].get.responses['200'].content)).toEqual(['text/csv']);
    // nullable always beside a type (OpenAPI 3.0).
    const bad: string[] = [];
    const walk = (n: any, at: string) => {
      if (!n || typeof n !== 'object') return;
      if (n.nullable === true && n.type === undefined) bad.push(at);
      for (const [k, v] of Object.entries(n)) walk(v, `${at}/${k}`);
    };
    walk(doc, '#');
    expect(bad).toEqual([]);
  });

  it("has no error under redocly's recommended rules, and only the four warnings docs/openapi.md explains", async () => {
    const { createConfig, lintFromString } = await import('@redocly/openapi-core');
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const list = (severity: string) => problems.filter((p) => p.severity === severity).map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}`);
    expect(list('error')).toEqual([]);
    expect(list('warn').sort()).toEqual(
      [
        'info-license #/info',
        'operation-4xx-response #/paths/~1api~1v1~1allergies/get/responses',
        'operation-4xx-response #/paths/~1api~1v1~1diet-types/get/responses',
        'operation-4xx-response #/paths/~1api~1v1~1health/get/responses',
      ].sort(),
    );
  });
});
