import { createServer, type Server } from 'node:http';

/**
 * The smallest CometBFT RPC node CosmJS accepts: it answers `status` (which connectComet uses to pick
 * the client version) with a chain id and height, and nothing else.
 */
export async function startFakeComet(chainId: string, height: number): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const { id } = JSON.parse(body || '{}');
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          jsonrpc: '2.0',
          id,
          result: {
            node_info: {
              protocol_version: { p2p: '8', block: '11', app: '0' },
              id: 'a'.repeat(40),
              listen_addr: 'tcp://0.0.0.0:26656',
              network: chainId,
              version: '0.38.12',
              channels: '40202122233038606100',
              moniker: 'fake',
              other: { tx_index: 'on', rpc_address: 'tcp://0.0.0.0:26657' },
            },
            sync_info: {
              latest_block_hash: 'A'.repeat(64),
              latest_app_hash: 'B'.repeat(64),
              latest_block_height: String(height),
              latest_block_time: '2026-01-01T00:00:00.000000000Z',
              earliest_block_hash: 'C'.repeat(64),
              earliest_app_hash: 'D'.repeat(64),
              earliest_block_height: '1',
              earliest_block_time: '2025-01-01T00:00:00.000000000Z',
              catching_up: false,
            },
            validator_info: {
              address: 'E'.repeat(40),
              pub_key: { type: 'tendermint/PubKeyEd25519', value: Buffer.alloc(32, 1).toString('base64') },
              voting_power: '10',
            },
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
