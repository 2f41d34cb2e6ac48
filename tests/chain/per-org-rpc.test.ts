import { startChainNode, type ChainNode } from '../../chain-node/node';
import { ChainDirectory } from '../../write-side/chain/index';
import { generateCustodyKey } from '../../write-side/chain/keys';
import { msgMint, msgSend } from '../../write-side/chain/messages';
import { OrganizationRoutedChain } from '../../write-side/chain/routed-chain';
import { signAndBroadcast } from '../../write-side/chain/signer';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { CHAIN_ID, DENOM, expectSuccess, fund, PREFIX, startChain, type ChainFixture } from './chain-fixture';

let database: TestDatabase;
let fixture: ChainFixture;
let orgNode: ChainNode;
const bank = generateCustodyKey(PREFIX);
const other = generateCustodyKey(PREFIX);

beforeAll(async () => {
  database = await createTestDatabase();
  fixture = await startChain(database);
  // The organization's own endpoint: another node serving the same chain id, here with a state of its own,
  // so that the answers show which node was asked.
  orgNode = await startChainNode({
    store: fixture.store,
    streamId: `${fixture.streamId}-org`,
    genesis: { chainId: CHAIN_ID, prefix: PREFIX, operatorAddress: fixture.operator.address, nativeDenom: DENOM },
    blockMs: 20,
    port: 0,
  });
  expectSuccess(await signAndBroadcast(orgNode.chain, [fixture.operator], [msgMint(fixture.operator.address, 900n, DENOM, bank.address)]));
  await fund(fixture, other.address, 40n);
});
afterAll(async () => {
  await orgNode.close();
  await fixture.chain.close();
  await database.drop();
});

const directories: ChainDirectory[] = [];
afterEach(async () => {
  // The per-organization clients; the default chain stays open for the next test.
  await Promise.all(directories.splice(0).map((directory) => directory.close()));
});

const routed = (enabled: boolean) => {
  const directory = new ChainDirectory(fixture.chain, { PER_ORG_RPC_ENABLED: enabled, CHAIN_PREFIX: PREFIX, CHAIN_ID, CHAIN_RPC_ALLOWED_HOSTS: ['127.0.0.1'] });
  directories.push(directory);
  return new OrganizationRoutedChain(fixture.chain, directory, async (address) => (address === bank.address ? orgNode.url : null));
};

describe('per-organization RPC (PER_ORG_RPC_ENABLED)', () => {
  it('reads an organization’s accounts from its own endpoint and everything else from the default chain', async () => {
    const chain = routed(true);
    expect(await chain.getBalance(bank.address, DENOM)).toBe(900n);
    expect(await chain.getAllBalances(bank.address)).toEqual([{ denom: DENOM, amount: 900n }]);
    expect(await chain.getBalance(other.address, DENOM)).toBe(40n);
    expect(await chain.getSupply(DENOM)).toBe(await fixture.chain.getSupply(DENOM));
  });

  it('broadcasts a transaction to the endpoint of its first signer’s organization', async () => {
    const chain = routed(true);
    const result = expectSuccess(await signAndBroadcast(chain, [bank], [msgSend(bank.address, other.address, 100n, DENOM)]));
    expect(await orgNode.chain.getTx(result.txHash)).toMatchObject({ code: 0 });
    expect(await fixture.chain.getTx(result.txHash)).toBeNull();
    expect(await orgNode.chain.getBalance(bank.address, DENOM)).toBe(800n);
  });

  it('uses the default chain for everyone while the feature is off', async () => {
    const chain = routed(false);
    expect(await chain.getBalance(bank.address, DENOM)).toBe(0n);
    const refused = await signAndBroadcast(chain, [bank], [msgSend(bank.address, other.address, 1n, DENOM)]);
    expect(refused.code).toBe(9); // unknown address: the default chain never saw the bank's account
  });
});
