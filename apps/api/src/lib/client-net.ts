import ipaddr from 'ipaddr.js';

/**
 * The network a request comes from, as the per-address limits count it: an IPv4 address as it is, an IPv6 address
 * by its /64. One IPv6 subscriber (a home line, a phone, a cloud server) is handed a whole /64, 2^64 addresses, so
 * a limit per full address was no limit at all: every request could come from a new one. IPv4-mapped addresses
 * (::ffff:1.2.3.4, as a dual-stack socket reports IPv4 clients) count as the IPv4 address.
 */
export function clientNet(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(':')}::/64`;
}
