import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { businessRule } from '../errors';

/**
 * Per-organization chain RPC endpoints are URLs a client chose, and the service connects to them:
 * a server-side request forgery channel unless every address it would reach is public (contract
 * "Per-organization chain RPC"). Loopback, private, link-local (cloud metadata included), shared,
 * multicast and reserved ranges are refused unless CHAIN_RPC_ALLOWED_HOSTS names the host.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped, IPv4-compatible, NAT64 and 6to4 addresses carry an IPv4 address the rules above would judge.
  ['::ffff:0:0', 96],
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['2002::', 16],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2001::', 23],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

/** CHAIN_RPC_ALLOWED_HOSTS: host names (exact, case-insensitive), IP addresses and CIDR ranges. */
export class RpcHostPolicy {
  private readonly names = new Set<string>();
  private readonly addresses = new BlockList();

  constructor(allowedHosts: readonly string[]) {
    for (const entry of allowedHosts.map((host) => host.trim().toLowerCase()).filter(Boolean)) {
      const [address, prefix] = entry.split('/');
      const family = isIP(address!.replace(/^\[|\]$/g, ''));
      if (family === 0) this.names.add(entry);
      else if (prefix === undefined) this.addresses.addAddress(address!.replace(/^\[|\]$/g, ''), family === 4 ? 'ipv4' : 'ipv6');
      else this.addresses.addSubnet(address!, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    }
  }

  allowsName(hostname: string): boolean {
    return this.names.has(hostname.toLowerCase());
  }

  allowsAddress(address: string): boolean {
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    return this.addresses.check(address, family) || !INTERNAL.check(address, family);
  }
}

export const rpcUrlNotAllowed = (detail = 'The RPC host is an internal address') => businessRule('RPC_URL_NOT_ALLOWED', detail);

/** The host of a URL as an address or a name: `[::1]` is `::1`. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** The addresses a host stands for: itself when it is an address, else what DNS answers (null: it does not resolve). */
export async function addressesOf(host: string, timeoutMs: number): Promise<{ address: string; family: number }[] | null> {
  if (isIP(host)) return [{ address: host, family: isIP(host) }];
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => (timer = setTimeout(resolve, timeoutMs, null)));
  try {
    return await Promise.race([lookup(host, { all: true, verbatim: true }).catch(() => null), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Judges an RPC URL before it is stored: 422 RPC_URL_NOT_ALLOWED when its host is, or resolves to,
 * an internal address. A name that does not resolve now may be stored; every use judges it again
 * (the probe, and every connection of the per-organization chain clients).
 */
export async function assertRpcUrlAllowed(url: string, policy: RpcHostPolicy, timeoutMs = 2000): Promise<void> {
  const host = hostOf(new URL(url));
  if (policy.allowsName(host)) return;
  const addresses = await addressesOf(host, timeoutMs);
  if (addresses?.some(({ address }) => !policy.allowsAddress(address))) throw rpcUrlNotAllowed();
}
