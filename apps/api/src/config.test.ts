import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'nt-config-'));

describe('configuration', () => {
  it('works on a laptop with no variables set', () => {
    const d = dir();
    const c = loadConfig({ DATA_DIR: d });
    expect(c.PORT).toBe(8080);
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.ACCESS_TOKEN_TTL).toBe(7 * 86400);
    expect(c.outboxDir).toBe(join(d, 'outbox'));
    expect(c.REGISTRATION_REQUIRES_CODE).toBe(false);
  });

  it('generates the JWT secret once and keeps it in DATA_DIR', () => {
    const d = dir();
    const a = loadConfig({ DATA_DIR: d });
    const b = loadConfig({ DATA_DIR: d });
    expect(a.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(b.JWT_SECRET).toBe(a.JWT_SECRET);
    expect(readFileSync(join(d, 'jwt-secret'), 'utf8').trim()).toBe(a.JWT_SECRET);
    // Written beside it and linked into place: no temporary file is left.
    expect(readdirSync(d).filter((f) => f.startsWith('jwt-secret'))).toEqual(['jwt-secret']);
  });

  it('parses durations, lists and booleans', () => {
    const c = loadConfig({ DATA_DIR: dir(), ACCESS_TOKEN_TTL: '12h', CORS_ORIGINS: 'https://a.example, https://b.example', REGISTRATION_REQUIRES_CODE: 'true' });
    expect(c.ACCESS_TOKEN_TTL).toBe(12 * 3600);
    expect(c.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(c.REGISTRATION_REQUIRES_CODE).toBe(true);
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir(), DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dir(), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATA_DIR: dir(), ACCESS_TOKEN_TTL: 'a week' })).toThrow(/ACCESS_TOKEN_TTL/);
    // A process with neither the API nor the worker would start and do nothing.
    expect(() => loadConfig({ DATA_DIR: dir(), API: 'false', WORKER: 'false' })).toThrow(/API=false needs WORKER=true/);
    expect(() => loadConfig({ DATA_DIR: dir(), PLAN_STALL_AFTER: '1' })).toThrow(/PLAN_STALL_AFTER/);
    expect(loadConfig({ DATA_DIR: dir(), PLAN_STALL_AFTER: '2m' }).PLAN_STALL_AFTER).toBe(120);
  });
});
