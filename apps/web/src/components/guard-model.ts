import { paths } from '../lib/paths';
import type { SessionState } from '../lib/session';

export interface GuardLocation {
  pathname: string;
  search: string;
  hash: string;
}

export type GuardDecision =
  | { kind: 'show' }
  | { kind: 'wait' }
  | { kind: 'offline' }
  | { kind: 'redirect'; to: string; state?: { from?: GuardLocation; email?: string } };

/**
 * Spec §4 Route guard: not authenticated → /login remembering the origin; e-mail not validated →
 * /verify-email with the address; superuser-only page for a non-superuser → /dashboard.
 */
export function guardDecision(session: SessionState, location: GuardLocation, opts: { superuserOnly?: boolean } = {}): GuardDecision {
  if (!session.token) return { kind: 'redirect', to: paths.login, state: { from: location } };
  if (!session.user) return session.status === 'offline' ? { kind: 'offline' } : { kind: 'wait' };
  if (!session.user.email_validated) return { kind: 'redirect', to: paths.verifyEmail, state: { email: session.user.email, from: location } };
  if (opts.superuserOnly && !session.user.is_superuser) return { kind: 'redirect', to: paths.dashboard };
  return { kind: 'show' };
}

/** Where to go after signing in: the page the guard remembered, else the dashboard. */
export function afterSignIn(state: unknown): string {
  const from = (state as { from?: Partial<GuardLocation> } | null)?.from;
  const target = sameAppPath(`${from?.pathname ?? ''}${from?.search ?? ''}${from?.hash ?? ''}`);
  if (!target) return paths.dashboard;
  const { pathname } = new URL(target, APP_ORIGIN);
  if (pathname === paths.login || pathname === paths.verifyEmail) return paths.dashboard;
  return target;
}

const APP_ORIGIN = 'https://app.invalid';

/**
 * `path` if it is a path of this app, else null: it must start with one '/' and resolve on this origin.
 * Backslashes and control characters are refused outright: browsers read '/\\evil.com' as '//evil.com' and
 * drop tabs and newlines, so '/\t/evil.com' would leave the site too.
 */
export function sameAppPath(path: string): string | null {
  if (!path.startsWith('/') || path.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(path)) return null;
  try {
    const url = new URL(path, APP_ORIGIN);
    return url.origin === APP_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : null;
  } catch {
    return null;
  }
}
