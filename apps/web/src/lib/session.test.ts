import { describe, expect, it, vi } from 'vitest';
import { profileFailed, profileLoaded, profileRequested, revokeToken, sessionReducer, signOut, userUpdated, type SessionState } from './session';
import { makeStore } from './store';
import type { User } from '@app/contracts/auth';

describe('revokeToken', () => {
  it('posts the token to /auth/logout without waiting for the answer', () => {
    const fetchImpl = vi.fn(() => new Promise<Response>(() => {}));
    revokeToken('a.b.c', fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledWith('/api/v1/auth/logout', expect.objectContaining({ method: 'POST', headers: { authorization: 'Bearer a.b.c' }, keepalive: true }));
  });

  it("uses the native apps' API base URL, also when it ends with a slash (it gave …/api/v1//auth/logout, a 404)", () => {
    vi.stubEnv('VITE_API_BASE_URL', 'https://api.example.com/api/v1/');
    try {
      const fetchImpl = vi.fn(() => new Promise<Response>(() => {}));
      revokeToken('a.b.c', fetchImpl as unknown as typeof fetch);
      expect(fetchImpl).toHaveBeenCalledWith('https://api.example.com/api/v1/auth/logout', expect.objectContaining({ method: 'POST' }));
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('never throws when offline (fetch rejects or throws) and does nothing without a token', async () => {
    const rejecting = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(() => revokeToken('a.b.c', rejecting as unknown as typeof fetch)).not.toThrow();
    const throwing = vi.fn(() => {
      throw new TypeError('offline');
    });
    expect(() => revokeToken('a.b.c', throwing as unknown as typeof fetch)).not.toThrow();
    const unused = vi.fn();
    revokeToken(null, unused as unknown as typeof fetch);
    expect(unused).not.toHaveBeenCalled();
    await new Promise((r) => setTimeout(r, 0));
  });
});

describe('the session reducer', () => {
  const user = { id: 1, email: 'a@example.com', username: 'a', email_validated: true, is_plus: false } as unknown as User;
  const checking: SessionState = { token: 't', user: null, status: 'checking' };

  it('a rejected token (401) signs out; any other failure keeps the token and says offline', () => {
    expect(sessionReducer(checking, profileFailed(401))).toEqual({ token: null, user: null, status: 'anonymous' });
    expect(sessionReducer(checking, profileFailed(503))).toEqual({ token: 't', user: null, status: 'offline' });
    expect(sessionReducer(checking, profileFailed('FETCH_ERROR'))).toEqual({ token: 't', user: null, status: 'offline' });
  });

  it('a profile that arrives after signing out is ignored; one that arrives in time makes the session ready', () => {
    const anonymous: SessionState = { token: null, user: null, status: 'anonymous' };
    expect(sessionReducer(anonymous, profileLoaded(user))).toBe(anonymous);
    expect(sessionReducer(checking, profileLoaded(user))).toEqual({ token: 't', user, status: 'ready' });
    const offline: SessionState = { token: 't', user: null, status: 'offline' };
    expect(sessionReducer(offline, profileRequested()).status).toBe('checking');
  });

  it('updates the signed-in user, and sign-out through the store forgets token and user', () => {
    const store = makeStore({ token: 't', user, status: 'ready' });
    store.dispatch(userUpdated({ is_plus: true } as Partial<User>));
    expect(store.getState().session.user).toMatchObject({ email: 'a@example.com', is_plus: true });
    store.dispatch(signOut());
    expect(store.getState().session).toEqual({ token: null, user: null, status: 'anonymous' });
  });
});
