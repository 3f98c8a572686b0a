import { describe, expect, it, vi } from 'vitest';
import { revokeToken } from './session';

describe('revokeToken', () => {
  it('posts the token to /auth/logout without waiting for the answer', () => {
    const fetchImpl = vi.fn(() => new Promise<Response>(() => {}));
    revokeToken('a.b.c', fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledWith('/api/v1/auth/logout', expect.objectContaining({ method: 'POST', headers: { authorization: 'Bearer a.b.c' }, keepalive: true }));
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
