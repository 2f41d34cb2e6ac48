import { createServer, type Server } from 'node:http';
import type { Chain } from '../../write-side/chain/chain';
import { ChainDirectory } from '../../write-side/chain/index';

/**
 * Contract "Per-organization chain RPC": an organization's endpoint was judged when it was stored, but
 * its name may point at an internal address by the time the service connects (DNS changed). The
 * connection judges it again: an internal address is refused unless CHAIN_RPC_ALLOWED_HOSTS lists it.
 */

let server: Server;
let requests = 0;
let port = 0;

beforeAll(async () => {
  // Stands for an internal service the name now resolves to: it only counts who reaches it.
  server = createServer((_req, res) => {
    requests++;
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  requests = 0;
});

const defaultChain = { chainId: 'emisor-test' } as Chain;
const directory = (allowed: string[]) =>
  new ChainDirectory(defaultChain, { PER_ORG_RPC_ENABLED: true, CHAIN_PREFIX: 'emisor', CHAIN_ID: 'emisor-test', CHAIN_RPC_ALLOWED_HOSTS: allowed });

describe('per-organization chain RPC at connection time', () => {
  it('refuses (422 RPC_URL_NOT_ALLOWED) an endpoint whose name resolves to a loopback address, and sends it nothing', async () => {
    const chains = directory([]);
    await expect(chains.chainFor(`http://localhost:${port}`)).rejects.toMatchObject({ status: 422, code: 'RPC_URL_NOT_ALLOWED' });
    expect(requests).toBe(0);
    await chains.close();
  });

  it('refuses an endpoint given as an internal address', async () => {
    const chains = directory([]);
    for (const url of [`http://127.0.0.1:${port}`, 'http://169.254.169.254/', 'http://10.1.2.3:26657', 'http://[::1]:26657'])
      await expect(chains.chainFor(url)).rejects.toMatchObject({ code: 'RPC_URL_NOT_ALLOWED' });
    expect(requests).toBe(0);
    await chains.close();
  });

  it('connects to an internal host that CHAIN_RPC_ALLOWED_HOSTS lists (the node answers, it is just no chain)', async () => {
    const chains = directory(['localhost']);
    const connecting = chains.chainFor(`http://localhost:${port}`);
    await expect(connecting).rejects.not.toMatchObject({ code: 'RPC_URL_NOT_ALLOWED' });
    expect(requests).toBeGreaterThan(0);
    await chains.close();
  });

  it('judges the endpoint again on the next connection after a refusal (nothing refused stays cached)', async () => {
    const chains = directory([]);
    const first = chains.chainFor(`http://localhost:${port}`);
    await expect(first).rejects.toMatchObject({ code: 'RPC_URL_NOT_ALLOWED' });
    const second = chains.chainFor(`http://localhost:${port}`);
    expect(second).not.toBe(first);
    await expect(second).rejects.toMatchObject({ code: 'RPC_URL_NOT_ALLOWED' });
    await chains.close();
  });
});
