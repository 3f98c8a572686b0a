import { describe, expect, it } from 'vitest';
import { clientNet } from './client-net.ts';

describe('clientNet', () => {
  it('counts an IPv6 client by its /64, so rotating through its own addresses does not reset a limit', () => {
    expect(clientNet('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNet('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe('2001:db8:1:2::/64');
    expect(clientNet('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });
  it('keeps IPv4 addresses whole, also when a dual-stack socket reports them as IPv4-mapped IPv6', () => {
    expect(clientNet('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNet('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNet('203.0.113.8')).not.toBe(clientNet('203.0.113.7'));
  });
  it('leaves what is not an address as it is', () => {
    expect(clientNet('unknown')).toBe('unknown');
  });
});
