import { describe, expect, test } from 'vitest';
import type { User } from '@app/contracts/auth';
import type { SessionState } from '../lib/session';
import { afterSignIn, guardDecision } from './guard-model';

const user = (over: Partial<User> = {}): User => ({
  id: 1, email: 'ann@example.com', username: null, email_validated: true, is_superuser: false, is_pro: false, is_plus: false, is_premium: false, terms_accepted_at: null, created_at: '2025-01-01T00:00:00Z', ...over,
});
const at = { pathname: '/meal-plan/3', search: '?tab=shopping', hash: '' };
const session = (s: Partial<SessionState>): SessionState => ({ token: 'a.b.c', user: user(), status: 'ready', ...s });

describe('route guard (spec §4)', () => {
  test('no token → /login remembering where the user was going', () => {
    expect(guardDecision(session({ token: null, user: null, status: 'anonymous' }), at)).toEqual({ kind: 'redirect', to: '/login', state: { from: at } });
  });
  test('token but profile still loading → wait; profile unreachable → offline', () => {
    expect(guardDecision(session({ user: null, status: 'checking' }), at).kind).toBe('wait');
    expect(guardDecision(session({ user: null, status: 'offline' }), at).kind).toBe('offline');
  });
  test('e-mail not validated → /verify-email with the address', () => {
    expect(guardDecision(session({ user: user({ email_validated: false }) }), at)).toEqual({ kind: 'redirect', to: '/verify-email', state: { email: 'ann@example.com', from: at } });
  });
  test('superuser-only page: non-superusers go to /dashboard, superusers pass', () => {
    expect(guardDecision(session({}), at, { superuserOnly: true })).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(guardDecision(session({ user: user({ is_superuser: true }) }), at, { superuserOnly: true })).toEqual({ kind: 'show' });
  });
  test('a validated user sees the page', () => {
    expect(guardDecision(session({}), at)).toEqual({ kind: 'show' });
  });
});

describe('after sign-in', () => {
  test('returns to the remembered page with its query', () => {
    expect(afterSignIn({ from: at })).toBe('/meal-plan/3?tab=shopping');
  });
  test('defaults to /dashboard, and never to another site or back to /login', () => {
    expect(afterSignIn(null)).toBe('/dashboard');
    expect(afterSignIn({ from: { pathname: '//evil.example' } })).toBe('/dashboard');
    expect(afterSignIn({ from: { pathname: '/login' } })).toBe('/dashboard');
  });
  test('returns to the path, query and hash of the origin', () => {
    expect(afterSignIn({ from: { pathname: '/food-log', search: '?date=2025-01-02', hash: '#dinner' } })).toBe('/food-log?date=2025-01-02#dinner');
    expect(afterSignIn({ from: { pathname: '/settings', search: '', hash: '' } })).toBe('/settings');
  });
  test.each([
    ['//evil.com'], ['/\\evil.com'], ['/\\/evil.com'], ['\\\\evil.com'], ['javascript:alert(1)'], ['https://evil.com/x'], ['http:evil.com'],
    ['/\t/evil.com'], ['/\n/evil.com'], [' /x'], [''],
  ])('never leaves the app: %j → /dashboard', (pathname) => {
    expect(afterSignIn({ from: { pathname, search: '', hash: '' } })).toBe('/dashboard');
  });
  test('a query or hash cannot turn the path into another site', () => {
    expect(afterSignIn({ from: { pathname: '/', search: '/evil.com', hash: '' } })).toBe('/dashboard');
    expect(afterSignIn({ from: { pathname: '/x', search: '?next=//evil.com', hash: '' } })).toBe('/x?next=//evil.com');
  });
});
