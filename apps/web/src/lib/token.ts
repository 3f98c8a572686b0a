import { TOKEN_STORAGE_KEY } from '@app/contracts/constants';

/** The claims the client reads from an access token (spec §3 Auth session). */
export interface TokenClaims {
  sub: string;
  exp: number;
  type?: string;
  is_superuser?: boolean;
}

function decodeSegment(segment: string): unknown {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/**
 * The last token read and its claims. Every API call and every guard asks whether the token is still valid, and
 * decoding it (base64, bytes, JSON) each time was ~7 ms of a phone's main thread while a signed-in page first
 * renders (CPU profile at 1×; 4× that on the slow phone Lighthouse simulates). A token's claims never change.
 */
let last: { token: string; claims: TokenClaims | null } | null = null;

/** Claims of a well-formed token, or null. The client never verifies the signature: the server does. */
export function readClaims(token: string | null | undefined): TokenClaims | null {
  if (typeof token !== 'string') return null;
  if (last?.token === token) return last.claims;
  const claims = decodeClaims(token);
  last = { token, claims };
  return claims;
}

function decodeClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) return null;
  try {
    const payload = decodeSegment(parts[1]) as Record<string, unknown> | null;
    if (!payload || typeof payload !== 'object') return null;
    const { sub, exp } = payload;
    if (sub === undefined || sub === null || sub === '' || typeof exp !== 'number' || !Number.isFinite(exp)) return null;
    return Object.freeze({ ...payload, sub: String(sub), exp }) as TokenClaims;
  } catch {
    return null;
  }
}

/** Spec §5: three parts, `exp` and `sub` present, not yet expired. */
export function isTokenValid(token: string | null | undefined, nowMs = Date.now()): token is string {
  const claims = readClaims(token);
  return claims !== null && claims.exp * 1000 > nowMs;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (private mode, sandboxed iframe)
  }
}

/** The stored token if it is valid; an invalid one is deleted silently (spec §8). */
export function loadStoredToken(nowMs = Date.now()): string | null {
  const s = storage();
  const token = s?.getItem(TOKEN_STORAGE_KEY) ?? null;
  if (token === null) return null;
  if (isTokenValid(token, nowMs)) return token;
  s?.removeItem(TOKEN_STORAGE_KEY);
  return null;
}

export function storeToken(token: string): void {
  storage()?.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearStoredToken(): void {
  storage()?.removeItem(TOKEN_STORAGE_KEY);
}
