import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256 } from '@cosmjs/crypto';
import { fromBase64, fromHex, toBase64, toHex, toUtf8 } from '@cosmjs/encoding';
import { TxMsgData } from 'cosmjs-types/cosmos/base/abci/v1beta1/abci';
import type { ChainEvent, ChainTx, TxResult } from '../write-side/chain/chain';
import type { BlockRecord, EmbeddedChain } from '../write-side/chain/embedded-chain';
import { answerQuery } from './queries';
import { parseTxQuery, type TxQuery } from './tx-query';

/**
 * The CometBFT JSON-RPC (v0.38 shapes) over the embedded ledger chain: what CosmJS and other Cosmos
 * tools call. One node, one validator, instant finality: a block is final once it is served.
 */

/** The CometBFT version this node answers as: CosmJS' connectComet picks its Comet38Client for it. */
export const COMET_VERSION = '0.38.17';
const MAX_BODY_BYTES = 16 * 1024 * 1024;
const MAX_PER_PAGE = 100;
const DEFAULT_PER_PAGE = 30;

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: string,
  ) {
    super(message);
  }
}

const invalidParams = (data: string) => new RpcError(-32602, 'Invalid params', data);
const internalError = (data: string) => new RpcError(-32603, 'Internal error', data);

type Params = Record<string, unknown>;

const hashHex = (...parts: Array<string | number>) => toHex(sha256(toUtf8(parts.join('\n')))).toUpperCase();

const eventsJson = (events: ChainEvent[]) =>
  events.map((event) => ({ type: event.type, attributes: event.attributes.map(({ key, value }) => ({ key, value, index: true })) }));

function txResultJson(tx: Pick<TxResult, 'code' | 'codespace' | 'rawLog' | 'events' | 'msgResponses'>) {
  return {
    code: tx.code,
    data: tx.code === 0 ? toBase64(TxMsgData.encode({ data: [], msgResponses: tx.msgResponses }).finish()) : '',
    log: tx.rawLog,
    info: '',
    gas_wanted: '0',
    gas_used: '0',
    events: eventsJson(tx.events),
    codespace: tx.codespace,
  };
}

function optionalInteger(params: Params, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0) throw invalidParams(`${name} must be a non-negative integer, got ${JSON.stringify(value)}`);
  return number;
}

function requiredString(params: Params, name: string): string {
  const value = params[name];
  if (typeof value !== 'string' || value === '') throw invalidParams(`${name} is required`);
  return value;
}

/** `tx` and `data` arrive as base64 (JSON-RPC) or, on the URI form, as 0x-hex. */
function bytesParam(params: Params, name: string, encoding: 'base64' | 'hex'): Uint8Array {
  const value = params[name];
  if (value === undefined || value === null || value === '') return new Uint8Array();
  if (typeof value !== 'string') throw invalidParams(`${name} must be a string`);
  try {
    if (value.startsWith('0x')) return fromHex(value.slice(2));
    return encoding === 'hex' ? fromHex(value) : fromBase64(value);
  } catch {
    throw invalidParams(`${name} is not ${encoding}`);
  }
}

export class CometRpc {
  private readonly nodeId: string;
  private readonly validatorAddress: string;
  private readonly validatorKey: string;

  constructor(private readonly chain: EmbeddedChain) {
    this.nodeId = hashHex('node', chain.chainId).slice(0, 40).toLowerCase();
    this.validatorAddress = hashHex('validator', chain.chainId).slice(0, 40);
    this.validatorKey = toBase64(sha256(toUtf8(`validator-key ${chain.chainId}`)));
  }

  async call(method: string, params: Params): Promise<unknown> {
    switch (method) {
      case 'health':
        return {};
      case 'status':
        return this.status();
      case 'abci_info':
        return this.abciInfo();
      case 'abci_query':
        return this.abciQuery(params);
      case 'broadcast_tx_sync':
      case 'broadcast_tx_async':
        return this.broadcastSync(params);
      case 'broadcast_tx_commit':
        return this.broadcastCommit(params);
      case 'tx':
        return this.tx(params);
      case 'tx_search':
        return this.txSearch(params);
      case 'block':
        return this.block(params);
      case 'block_results':
        return this.blockResults(params);
      default:
        throw new RpcError(-32601, 'Method not found', `method ${JSON.stringify(method)} is not served by this node`);
    }
  }

  private async height(): Promise<number> {
    return this.chain.getHeight();
  }

  private genesisHash(): string {
    return hashHex('genesis', this.chain.chainId, this.chain.genesisTime);
  }

  /** Not a Merkle root of the state: this node serves no proofs; it changes with every block. */
  private appHash(block: BlockRecord | null): string {
    return hashHex('app', block?.hash ?? this.genesisHash());
  }

  private async status() {
    const height = await this.height();
    const latest = (await this.chain.blockAt(height))?.record ?? null;
    const earliest = (await this.chain.blockAt(1))?.record ?? null;
    return {
      node_info: {
        protocol_version: { p2p: '8', block: '11', app: '0' },
        id: this.nodeId,
        listen_addr: 'tcp://0.0.0.0:26656',
        network: this.chain.chainId,
        version: COMET_VERSION,
        channels: '40202122233038606100',
        moniker: 'emisor-chain-node',
        other: { tx_index: 'on', rpc_address: 'tcp://0.0.0.0:26657' },
      },
      sync_info: {
        latest_block_hash: latest?.hash ?? this.genesisHash(),
        latest_app_hash: this.appHash(latest),
        latest_block_height: String(height),
        latest_block_time: latest?.time ?? this.chain.genesisTime,
        earliest_block_hash: earliest?.hash ?? this.genesisHash(),
        earliest_app_hash: this.appHash(earliest),
        earliest_block_height: String(earliest ? 1 : 0),
        earliest_block_time: earliest?.time ?? this.chain.genesisTime,
        catching_up: false,
      },
      validator_info: {
        address: this.validatorAddress,
        pub_key: { type: 'tendermint/PubKeyEd25519', value: this.validatorKey },
        voting_power: '10',
      },
    };
  }

  private async abciInfo() {
    const height = await this.height();
    return {
      response: {
        data: 'emisor-ledger',
        version: COMET_VERSION,
        app_version: '0',
        last_block_height: String(height),
        last_block_app_hash: toBase64(fromHex(this.appHash((await this.chain.blockAt(height))?.record ?? null))),
      },
    };
  }

  private async abciQuery(params: Params) {
    const path = requiredString(params, 'path');
    const data = bytesParam(params, 'data', 'hex');
    const requested = optionalInteger(params, 'height');
    const height = await this.height();
    // Only the latest state is kept (like a pruning node); an older height is refused as Cosmos refuses a pruned one.
    if (requested && requested !== height)
      return { response: { code: 26, codespace: 'sdk', log: `failed to load state at height ${requested}; only the latest height ${height} is kept: invalid height`, info: '', index: '0', key: null, value: null, proofOps: null, height: String(requested) } };
    const answer = answerQuery(this.chain.ledger, path, data);
    // CosmJS refuses a query answered at height 0; before its first block the node answers at height 1's state, which is genesis.
    const answeredAt = String(Math.max(height, 1));
    if ('value' in answer)
      return { response: { code: 0, log: '', info: '', index: '0', key: null, value: toBase64(answer.value), proofOps: null, height: answeredAt, codespace: '' } };
    return { response: { code: answer.code, log: answer.log, info: '', index: '0', key: null, value: null, proofOps: null, height: answeredAt, codespace: answer.codespace } };
  }

  private broadcastSync(params: Params) {
    const submission = this.chain.submit(bytesParam(params, 'tx', 'base64'));
    // As CometBFT's mempool cache answers bytes it has seen (pending or in a recent block).
    if (submission.held) throw internalError('tx already exists in cache');
    // The result is awaited by whoever asks for it (tx, tx_search); a closing chain's rejection is not an error here.
    submission.result.catch(() => undefined);
    const refusal = submission.refusal;
    return { code: refusal?.code ?? 0, data: '', log: refusal?.rawLog ?? '', codespace: refusal?.codespace ?? '', hash: submission.hash };
  }

  private async broadcastCommit(params: Params) {
    const submission = this.chain.submit(bytesParam(params, 'tx', 'base64'));
    const refusal = submission.refusal;
    const checkTx = { code: refusal?.code ?? 0, data: '', log: refusal?.rawLog ?? '', info: '', gas_wanted: '0', gas_used: '0', events: [], codespace: refusal?.codespace ?? '' };
    if (refusal) return { check_tx: checkTx, tx_result: txResultJson({ ...refusal, code: 0, codespace: '', rawLog: '' }), hash: submission.hash, height: '0' };
    const result = await submission.result;
    return { check_tx: checkTx, tx_result: txResultJson(result), hash: submission.hash, height: String(result.height) };
  }

  private async txJson(tx: ChainTx) {
    const block = (await this.chain.blockAt(tx.height))!;
    return {
      hash: tx.txHash,
      height: String(tx.height),
      index: block.record.txHashes.indexOf(tx.txHash),
      tx_result: txResultJson(tx),
      tx: toBase64(tx.tx),
    };
  }

  private async tx(params: Params) {
    const hash = toHex(bytesParam(params, 'hash', 'base64')).toUpperCase();
    const tx = await this.chain.getTx(hash);
    if (!tx) throw internalError(`tx (${hash}) not found`);
    return this.txJson(tx);
  }

  private async txSearch(params: Params) {
    let query: TxQuery;
    try {
      query = parseTxQuery(requiredString(params, 'query'));
    } catch (error) {
      if (error instanceof RpcError) throw error;
      throw invalidParams((error as Error).message);
    }
    const perPage = Math.min(optionalInteger(params, 'per_page') || DEFAULT_PER_PAGE, MAX_PER_PAGE);
    const page = optionalInteger(params, 'page') || 1;
    const byHash = query.hash !== undefined ? await this.chain.getTx(query.hash) : undefined;
    let found: ChainTx[] = byHash !== undefined ? (byHash && query.matches(byHash) ? [byHash] : []) : [...this.chain.searchTxs(query.matches)];
    if (params.order_by === 'desc') found = found.reverse();
    const pages = Math.max(1, Math.ceil(found.length / perPage));
    if (page > pages) throw invalidParams(`page should be within [1, ${pages}] range, given ${page}`);
    return { txs: await Promise.all(found.slice((page - 1) * perPage, page * perPage).map((tx) => this.txJson(tx))), total_count: String(found.length) };
  }

  private async blockAt(params: Params): Promise<{ record: BlockRecord; txs: ChainTx[] }> {
    const latest = await this.height();
    const height = optionalInteger(params, 'height') || latest;
    const block = await this.chain.blockAt(height);
    if (!block) {
      if (height > latest) throw internalError(`height ${height} must be less than or equal to the current blockchain height ${latest}`);
      throw internalError(`could not find block at height ${height}`);
    }
    return block;
  }

  private async block(params: Params) {
    const { record: block, txs: blockTxs } = await this.blockAt(params);
    const previous = (await this.chain.blockAt(block.height - 1))?.record ?? null;
    const emptyId = { hash: '', parts: { total: 0, hash: '' } };
    const blockId = (record: BlockRecord) => ({ hash: record.hash, parts: { total: 1, hash: record.hash } });
    const txs = blockTxs.map((tx) => toBase64(tx.tx));
    return {
      block_id: blockId(block),
      block: {
        header: {
          version: { block: '11', app: '0' },
          chain_id: this.chain.chainId,
          height: String(block.height),
          time: block.time,
          last_block_id: previous ? blockId(previous) : emptyId,
          last_commit_hash: hashHex('commit', previous?.hash ?? ''),
          data_hash: hashHex('data', ...block.txHashes),
          validators_hash: hashHex('validators', this.validatorAddress),
          next_validators_hash: hashHex('validators', this.validatorAddress),
          consensus_hash: hashHex('consensus', this.chain.chainId),
          app_hash: this.appHash(previous),
          last_results_hash: hashHex('results', previous?.hash ?? ''),
          evidence_hash: hashHex('evidence'),
          proposer_address: this.validatorAddress,
        },
        data: { txs },
        evidence: { evidence: [] },
        last_commit: { height: String(block.height - 1), round: 0, block_id: previous ? blockId(previous) : emptyId, signatures: [] },
      },
    };
  }

  private async blockResults(params: Params) {
    const { record: block, txs } = await this.blockAt(params);
    return {
      height: String(block.height),
      txs_results: txs.map((tx) => txResultJson(tx)),
      finalize_block_events: [],
      validator_updates: [],
      consensus_param_updates: null,
      app_hash: toBase64(fromHex(this.appHash(block))),
    };
  }
}

interface JsonRpcRequest {
  jsonrpc?: string;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

async function answer(rpc: CometRpc, request: JsonRpcRequest) {
  const id = request.id ?? -1;
  if (typeof request.method !== 'string') return { jsonrpc: '2.0', id, error: { code: -32600, message: 'Invalid Request', data: 'method is required' } };
  const params = request.params && typeof request.params === 'object' && !Array.isArray(request.params) ? (request.params as Params) : {};
  try {
    return { jsonrpc: '2.0', id, result: await rpc.call(request.method, params) };
  } catch (error) {
    const rpcError = error instanceof RpcError ? error : internalError((error as Error).message);
    return { jsonrpc: '2.0', id, error: { code: rpcError.code, message: rpcError.message, data: rpcError.data } };
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('request body too large'));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The URI form (`GET /status`, `GET /abci_query?path="..."`): string arguments come quoted. */
function uriRequest(url: URL): JsonRpcRequest {
  const params: Params = {};
  for (const [name, value] of url.searchParams) params[name] = value.replace(/^"(.*)"$/s, '$1');
  return { jsonrpc: '2.0', id: -1, method: url.pathname.slice(1), params };
}

async function handle(rpc: CometRpc, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const url = new URL(request.url ?? '/', 'http://node');
  if (request.method === 'GET' && url.pathname !== '/') return send(200, await answer(rpc, uriRequest(url)));
  if (request.method !== 'POST') return send(405, { jsonrpc: '2.0', id: -1, error: { code: -32600, message: 'Invalid Request', data: 'use POST with a JSON-RPC body' } });
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readBody(request));
  } catch (error) {
    return send(200, { jsonrpc: '2.0', id: -1, error: { code: -32700, message: 'Parse error', data: (error as Error).message } });
  }
  if (Array.isArray(parsed)) return send(200, await Promise.all(parsed.map((item) => answer(rpc, (item ?? {}) as JsonRpcRequest))));
  return send(200, await answer(rpc, (parsed ?? {}) as JsonRpcRequest));
}

export interface RpcServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Serves the CometBFT RPC of `chain` on `host:port` (port 0 picks a free one). */
export async function serveRpc(chain: EmbeddedChain, port: number, host = '127.0.0.1'): Promise<RpcServer> {
  const rpc = new CometRpc(chain);
  const server = createServer((request, response) => {
    handle(rpc, request, response).catch((error: Error) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ jsonrpc: '2.0', id: -1, error: { code: -32603, message: 'Internal error', data: error.message } }));
    });
  });
  // CosmJS keeps connections alive; closing must not wait for idle ones.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
