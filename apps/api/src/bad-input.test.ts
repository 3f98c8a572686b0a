import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema/index.ts';
import { createTestApp, createUser, uniqueEmail, type TestApp } from '../test/helpers.ts';

/**
 * Bad input, the way an attacker or a careless client sends it, on every route of the OpenAPI document:
 * wrong types, absurd numbers, long strings, broken JSON, odd path ids. Each answer must be a clear 4xx
 * (or a success where the input happens to be valid), never a 5xx, and errors carry the error body.
 */
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
};
type Op = { method: string; path: string; query: string[]; body?: Schema; isPublic: boolean };

let t: TestApp;
let token: string;
beforeAll(async () => {
  // Ten thousand bad calls from one user, one after another: the front door would hold each refusal a second once
  // they count as a flood (lib/front-door.ts). This test is about the answers, not the pacing.
  t = await createTestApp({ FRONT_DOOR_HOLD_MS: '0' });
  // Some rows for the ids below to find, owned by somebody else.
  await createUser(t);
  await newSuperuser();
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function newSuperuser() {
  const [row] = await t.database.db.insert(users).values({ email: uniqueEmail('fuzz'), email_validated: true, is_superuser: true }).returning();
  token = await t.app.tokens.issue(row!);
}

const LONG = 'x'.repeat(20_000);
const BAD_SCALARS: unknown[] = [null, -1, 0, 1e308, -1e308, 2 ** 53 + 1, 1.5, '', LONG, 'not-a-date', '1e999', true, [], {}, ['a'], { $ne: 1 }, "'; drop table users; --", '\u0000', '2026-02-30', '9999-12-31T25:61:61Z', 2147483648, -2147483649, '2147483648', 1e-320, -0, '\ud800', '🍔🍟', '0000-01-01', '+275760-09-13', 'Infinity'];
const PATH_IDS = ['2147483648', '-2147483649', '9223372036854775808', '\u00e9', '0', '-1', '99999999999999999999', 'abc', '1.5', '%00', '1e3', '..%2F..%2Fetc', 'null', 'NaN', '0x10', '2026-02-30', '%F0%9F%8D%94'];
const QUERY_VALUES = ['1e-320', '2147483648', '9223372036854775808', '-2147483649', '0000-01-01', '275760-09-13', '%F0%9F', '', '-1', '1e309', 'abc', '99999999999999999999', '2026-13-45', LONG.slice(0, 5_000), '%00', 'null'];
const RAW_BODIES = ['{', 'null', '[]', '"x"', '1', `{"a":${'['.repeat(5_000)}`, '{"__proto__":{"is_superuser":true}}'];

let components: Record<string, Schema> = {};
const deref = (s: Schema): Schema => (s.$ref ? deref(components[s.$ref.split('/').pop()!]!) : s);
const TODAY = new Date().toISOString().slice(0, 10);
const STRING_GUESSES = ['a', '1', '08:00', TODAY, 'breakfast', 'https://example.com/a', 'user@example.com', 'Europe/Berlin', 'Aa1!aaaa-Bb2@bbbb'];

/** A value the schema accepts (as far as a guess goes): each branch of a union gives its own. */
function validValues(schema: Schema, depth = 0): unknown[] {
  const s = deref(schema);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return branches.flatMap((b) => validValues(b, depth));
  if (s.allOf) return validValues(Object.assign({}, ...s.allOf.map(deref)), depth);
  if (s.enum) return [s.enum[0]];
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    if (depth > 3) return [{}];
    const obj: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s.properties ?? {})) obj[k] = validValues(v, depth + 1)[0];
    return [obj];
  }
  if (type === 'array') return [Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => validValues(s.items ?? {}, depth + 1)[0])];
  if (type === 'number' || type === 'integer') {
    const lo = (s.minimum ?? 0) + (s.exclusiveMinimum ? 1 : 0);
    return [Math.min(Math.max(1, lo), s.maximum ?? 1)];
  }
  if (type === 'boolean') return [true];
  if (type === 'string') {
    if (s.format === 'date') return [TODAY];
    if (s.format === 'date-time') return [new Date().toISOString()];
    if (s.format === 'email' || (s as { 'x-format'?: string })['x-format'] === 'email') return [uniqueEmail('fuzz-body')];
    const fits = (v: string) => (!s.pattern || new RegExp(s.pattern).test(v)) && v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);
    return [STRING_GUESSES.find(fits) ?? 'a'.repeat(Math.max(1, s.minLength ?? 1))];
  }
  return [s.default ?? 1];
}

/** Each valid body with one field at a time made bad, and bodies that are wrong as a whole. */
function bodyVariants(schema: Schema | undefined): unknown[] {
  if (!schema) return [];
  const variants: unknown[] = [];
  for (const valid of validValues(schema)) {
    variants.push(valid);
    if (!valid || typeof valid !== 'object' || Array.isArray(valid)) continue;
    const props = Object.keys(valid);
    for (const p of props) for (const v of BAD_SCALARS) variants.push({ ...valid, [p]: v });
    for (const p of props) {
      const inner = (valid as Record<string, unknown>)[p];
      if (inner && typeof inner === 'object' && !Array.isArray(inner))
        for (const q of Object.keys(inner)) for (const v of BAD_SCALARS) variants.push({ ...valid, [p]: { ...inner, [q]: v } });
      if (Array.isArray(inner) && inner[0] && typeof inner[0] === 'object')
        for (const q of Object.keys(inner[0])) for (const v of BAD_SCALARS) variants.push({ ...valid, [p]: [{ ...inner[0], [q]: v }] });
    }
    for (const v of [null, LONG, -1, [], {}]) variants.push(Object.fromEntries(props.map((p) => [p, v])));
  }
  return variants;
}

async function call(method: string, url: string, body: string | undefined, contentType = 'application/json') {
  const res = await fetch(t.api + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': contentType }), 'x-forwarded-for': '10.250.0.1' },
    body,
  });
  const text = await res.text();
  return { status: res.status, text };
}

describe('values the database cannot store', () => {
  it('refuses text with a NUL character and near-zero numbers with a 422 naming the field, and saves nothing', async () => {
    const user = await createUser(t);
    const entry = { food_name: 'Oat bar', serving_description: '1 bar', calories: 190, protein: 4, carbs: 29, fat: 7, meal_type: 'snack', date: TODAY };
    for (const [field, value, type] of [['food_name', 'Oat\u0000bar', 'nul_character'], ['calories', 1e-320, 'number_underflow']] as const) {
      const res = await t.http.post('/food-logs', { ...entry, [field]: value }, { token: user.token });
      expect(res.status).toBe(422);
      expect(res.json.detail).toMatchObject({ type: 'validation_error', errors: [{ loc: ['body', field], type }] });
      expect(res.json.detail.msg).toContain(field);
    }
    const day = await t.http.get(`/food-logs/daily-summary/${TODAY}`, { token: user.token });
    expect(day.status).toBe(200);
    expect(JSON.stringify(day.json)).not.toContain('Oat');
    // the same entry without the bad value is stored
    expect((await t.http.post('/food-logs', entry, { token: user.token })).status).toBe(201);
    const search = await t.http.get('/foods/food/%00', { token: user.token });
    expect(search.status).toBe(422);
    expect(search.json.detail.errors[0].loc[0]).toBe('params');
  });

  it('refuses JSON nested past 32 levels with a 422, also on a public route (200,000 levels overflowed the stack: a 500)', async () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    for (const path of ['/auth/resend-code', '/auth/login']) {
      const res = await t.http.call('POST', path, { raw: deep });
      expect(res.status, path).toBe(422);
      expect(res.json.detail.type).toBe('validation_error');
    }
    const user = await createUser(t);
    const nested = await t.http.call('POST', '/food-logs/batch', { raw: JSON.stringify([{ food_name: 'x', calories: 1, meal_type: 'snack', note: JSON.parse('['.repeat(40) + ']'.repeat(40)) }]), token: user.token });
    expect(nested.status).toBe(422);
    expect(nested.json.detail.errors[0].type).toBe('too_deep');
  });
});

describe('bad input never gets a 5xx', () => {
  it('on every route of the OpenAPI document', async () => {
    const doc = (await t.http.get('/openapi.json')).json as {
      components: { schemas: Record<string, Schema> };
      paths: Record<string, Record<string, { security?: unknown[]; parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
    };
    const ops: Op[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path: path.replace(/^\/api\/v1/, ''),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema,
        isPublic: Array.isArray(op.security) && op.security.length === 0,
      })),
    );
    components = doc.components.schemas;
    expect(ops.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let sent = 0;
    let limited = 0;
    for (const op of ops) {
      if (/\/(logout|logout-all)$/.test(op.path)) continue; // would end the session the rest needs
      await newSuperuser(); // per-user limits of one route do not hide the next
      const hasBody = op.method !== 'GET' && op.method !== 'HEAD' && op.method !== 'DELETE';
      const urls = /\{[^}]+\}/.test(op.path) ? PATH_IDS.map((id) => op.path.replace(/\{[^}]+\}/g, id)) : [op.path];
      const attempts: { url: string; body?: string; type?: string }[] = [];
      for (const url of urls) attempts.push({ url, body: hasBody ? '{}' : undefined });
      const plain = op.path.replace(/\{[^}]+\}/g, '1');
      for (const q of op.query) for (const v of QUERY_VALUES) attempts.push({ url: `${plain}?${q}=${encodeURIComponent(v)}&${q}=2`, body: hasBody ? '{}' : undefined });
      if (hasBody) {
        for (const raw of RAW_BODIES) attempts.push({ url: plain, body: raw });
        attempts.push({ url: plain, body: 'a=1', type: 'application/x-www-form-urlencoded' });
        attempts.push({ url: plain, body: '{"a":1}', type: 'text/plain' });
        for (const b of bodyVariants(op.body)) attempts.push({ url: plain, body: JSON.stringify(b) });
      }
      for (const a of attempts) {
        let res = await call(op.method, a.url, a.body, a.type);
        sent++;
        if (res.status === 401 && !op.isPublic) {
          await newSuperuser(); // the previous call deleted or signed out the caller
          res = await call(op.method, a.url, a.body, a.type);
        }
        const label = `${op.method} ${a.url.slice(0, 120)} ${a.body?.slice(0, 120) ?? ''} → ${res.status} ${res.text.slice(0, 200)}`;
        if (res.status === 429) limited++;
        // 503: a part this server has not been given the keys for (Google, Apple, Stripe) says so
        if (res.status >= 500 && !(res.status === 503 && JSON.parse(res.text).detail?.type === 'service_unavailable')) failures.push(label);
        else if (res.status >= 400 && res.status !== 404 && res.status !== 405) {
          let ok = false;
          try {
            const d = JSON.parse(res.text).detail;
            ok = !!d && typeof d.msg === 'string' && typeof d.type === 'string';
          } catch {
            ok = false;
          }
          if (!ok) failures.push(`no error body: ${label}`);
        }
      }
    }
    console.log(`${sent} requests, ${limited} answered 429`);
    expect(sent).toBeGreaterThan(2_000);
    expect(failures).toEqual([]);
  }, 900_000);
});
