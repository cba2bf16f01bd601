/**
 * Users choose their webhook URLs, and the worker posts to them from inside the deployment's network: a
 * URL naming a loopback, private or link-local address (the metadata service at 169.254.169.254, the
 * database host) is refused unless ALERT_PRIVATE_TARGETS=allow. The name is resolved here and the check
 * covers every address it resolves to.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const PRIVATE = new BlockList();
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3]] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) PRIVATE.addSubnet(network, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
  return PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** Whether the URL's host is, or resolves to, a private address; a name that does not resolve is not private (the send fails on its own). */
export async function isPrivateTarget(url: string): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isPrivateAddress(host);
  const addresses = await lookup(host, { all: true }).catch(() => []);
  return addresses.some((a) => isPrivateAddress(a.address));
}
