import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { addressesOf, hostOf, RpcHostPolicy } from '../write-side/chain/rpc-host-policy';

// The routes that probe build the policy they hand to probeRpcEndpoint from here.
export { RpcHostPolicy };

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
