import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { businessRule } from '../runtime/errors';

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
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** The addresses a host stands for: itself when it is an address, else what DNS answers (null: it does not resolve). */
async function addressesOf(host: string, timeoutMs: number): Promise<{ address: string; family: number }[] | null> {
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
 * an internal address. A name that does not resolve now may be stored; every use judges it again.
 */
export async function assertRpcUrlAllowed(url: string, policy: RpcHostPolicy, timeoutMs = 2000): Promise<void> {
  const host = hostOf(new URL(url));
  if (policy.allowsName(host)) return;
  const addresses = await addressesOf(host, timeoutMs);
  if (addresses?.some(({ address }) => !policy.allowsAddress(address))) throw rpcUrlNotAllowed();
}

/** What the test answers (contract): never a remote error text. */
export interface RpcProbeResult {
  ok: boolean;
  latencyMs: number;
  chainId?: string;
  height?: number;
}

/** Why a probe failed, in words of ours (alerts show it); the remote's own text never leaves. */
export type RpcProbeFailure = 'NOT_ALLOWED' | 'DOES_NOT_RESOLVE' | 'TIMEOUT' | 'UNREACHABLE' | 'NOT_A_COMETBFT_NODE';

/** The most a probe reads of an answer: a CometBFT status is a few kilobytes. */
const MAX_ANSWER_BYTES = 256 * 1024;

/**
 * Asks a CometBFT node for its status, connecting only to the addresses judged here (the resolution
 * is pinned: no second lookup can rebind the name to an internal address), following no redirect,
 * reading a bounded answer, within `timeoutMs` overall. `ws(s)` URLs are probed over the node's
 * HTTP endpoint on the same host and port.
 */
export async function probeRpcEndpoint(
  url: string,
  policy: RpcHostPolicy,
  timeoutMs: number,
): Promise<{ result: RpcProbeResult; failure?: RpcProbeFailure }> {
  const started = Date.now();
  const failed = (failure: RpcProbeFailure) => ({ result: { ok: false, latencyMs: Date.now() - started }, failure });
  const target = new URL(url);
  target.protocol = target.protocol === 'wss:' ? 'https:' : target.protocol === 'ws:' ? 'http:' : target.protocol;
  target.pathname = target.pathname.replace(/\/websocket\/?$/, '/');
  const host = hostOf(target);
  const addresses = await addressesOf(host, timeoutMs);
  if (!addresses || addresses.length === 0) return failed('DOES_NOT_RESOLVE');
  const allowed = policy.allowsName(host) ? addresses : addresses.filter(({ address }) => policy.allowsAddress(address));
  if (allowed.length !== addresses.length || allowed.length === 0) return failed('NOT_ALLOWED');
  const pinned = allowed[0]!;
  const pinnedLookup: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (error: null, addresses: typeof allowed) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const status = await postStatus(target, pinnedLookup, Math.max(1, timeoutMs - (Date.now() - started)));
  if (status === 'TIMEOUT' || status === 'UNREACHABLE' || status === 'NOT_A_COMETBFT_NODE') return failed(status);
  return { result: { ok: true, latencyMs: Date.now() - started, chainId: status.chainId, height: status.height } };
}

function postStatus(
  target: URL,
  pinnedLookup: LookupFunction,
  timeoutMs: number,
): Promise<{ chainId: string; height: number } | 'TIMEOUT' | 'UNREACHABLE' | 'NOT_A_COMETBFT_NODE'> {
  return new Promise((resolve) => {
    const payload = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'status', params: {} });
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(target, {
      method: 'POST',
      lookup: pinnedLookup,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    });
    const timer = setTimeout(() => {
      resolve('TIMEOUT');
      request.destroy();
    }, timeoutMs);
    const settle = (outcome: Awaited<ReturnType<typeof postStatus>>) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    request.on('error', () => settle('UNREACHABLE'));
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) {
          settle('NOT_A_COMETBFT_NODE');
          response.destroy();
        } else chunks.push(chunk);
      });
      response.on('error', () => settle('UNREACHABLE'));
      response.on('end', () => settle(readStatus(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'))));
    });
    request.end(payload);
  });
}

function readStatus(statusCode: number, text: string): { chainId: string; height: number } | 'NOT_A_COMETBFT_NODE' {
  if (statusCode !== 200) return 'NOT_A_COMETBFT_NODE';
  try {
    const answer = JSON.parse(text) as { result?: { node_info?: { network?: unknown }; sync_info?: { latest_block_height?: unknown } } };
    const chainId = answer.result?.node_info?.network;
    const height = Number(answer.result?.sync_info?.latest_block_height);
    if (typeof chainId !== 'string' || !Number.isSafeInteger(height) || height < 0) return 'NOT_A_COMETBFT_NODE';
    return { chainId: chainId.slice(0, 100), height };
  } catch {
    return 'NOT_A_COMETBFT_NODE';
  }
}
