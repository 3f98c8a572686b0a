import { afterEach, describe, expect, test } from 'vitest';
import { isTokenValid, loadStoredToken, readClaims } from './token';

const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = (payload: unknown) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;
const NOW = Date.UTC(2025, 0, 1);
const future = NOW / 1000 + 3600;

afterEach(() => localStorage.clear());

describe('token validity (spec §5)', () => {
  test('three parts with sub and an exp in the future is valid', () => {
    expect(isTokenValid(token({ sub: '7', exp: future }), NOW)).toBe(true);
    expect(readClaims(token({ sub: 7, exp: future, is_superuser: true }))).toMatchObject({ sub: '7', is_superuser: true });
  });
  test.each([
    ['expired', token({ sub: '7', exp: NOW / 1000 - 1 })],
    ['expiring exactly now', token({ sub: '7', exp: NOW / 1000 })],
    ['no exp', token({ sub: '7' })],
    ['no sub', token({ exp: future })],
    ['exp not a number', token({ sub: '7', exp: 'tomorrow' })],
    ['two parts', token({ sub: '7', exp: future }).split('.').slice(0, 2).join('.')],
    ['four parts', `${token({ sub: '7', exp: future })}.extra`],
    ['payload not JSON', 'aaa.bm90IGpzb24.ccc'],
    ['payload not base64', 'aaa.%%%.ccc'],
    ['empty', ''],
  ])('%s is invalid', (_, t) => {
    expect(isTokenValid(t, NOW)).toBe(false);
  });
  test('a token read before still expires when its time comes, and the next token is read afresh', () => {
    const t = token({ sub: '7', exp: future });
    expect(isTokenValid(t, NOW)).toBe(true);
    expect(isTokenValid(t, future * 1000)).toBe(false);
    expect(isTokenValid(t, NOW)).toBe(true);
    expect(readClaims(token({ sub: '8', exp: future }))).toMatchObject({ sub: '8' });
    expect(readClaims(t)).toMatchObject({ sub: '7' });
    expect(isTokenValid('aaa.%%%.ccc', NOW)).toBe(false);
    expect(isTokenValid('aaa.%%%.ccc', NOW)).toBe(false);
  });
  test('null and undefined are invalid', () => {
    expect(isTokenValid(null)).toBe(false);
    expect(isTokenValid(undefined)).toBe(false);
  });
});

describe('stored token at start', () => {
  test('a valid stored token is kept', () => {
    const t = token({ sub: '1', exp: future });
    localStorage.setItem('token', t);
    expect(loadStoredToken(NOW)).toBe(t);
    expect(localStorage.getItem('token')).toBe(t);
  });
  test('an invalid stored token is deleted silently', () => {
    localStorage.setItem('token', token({ sub: '1', exp: 1 }));
    expect(loadStoredToken(NOW)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
  test('no stored token is no token', () => {
    expect(loadStoredToken(NOW)).toBeNull();
  });
});
