import { LedgerClients } from '../../write-side/instant-payments/ledger-clients';

const client = (clientId: string, balance: bigint, alias: string | null = null, active = true) => ({ clientId, alias, balance, active });

describe("a bank ledger's clients", () => {
  it('hands out each client as put, in the order registered', () => {
    const clients = LedgerClients.of([client('ana', 10n, 'ana'), client('beto', 0n), client('caio', 5n, null, false)]);
    expect(clients.size).toBe(3);
    expect([...clients.values()]).toEqual([client('ana', 10n, 'ana'), client('beto', 0n), client('caio', 5n, null, false)]);
    expect(clients.get('beto')).toEqual(client('beto', 0n));
    expect([clients.has('caio'), clients.has('dora'), clients.get('dora')]).toEqual([true, false, undefined]);
  });

  it('changes a client only through its methods: a client handed out is a copy', () => {
    const clients = LedgerClients.of([client('ana', 10n)]);
    const handedOut = clients.get('ana')!;
    handedOut.balance = 1_000n;
    handedOut.active = false;
    expect(clients.get('ana')).toEqual(client('ana', 10n));
    clients.credit('ana', 5n);
    clients.credit('ana', -15n);
    clients.setAlias('ana', 'ana.b');
    clients.deactivate('ana');
    expect(clients.get('ana')).toEqual(client('ana', 0n, 'ana.b', false));
  });

  it('refuses to change a client it does not have', () => {
    const clients = new LedgerClients();
    expect(() => clients.credit('constructor', 1n)).toThrow('the ledger has no client constructor');
    expect(() => clients.setAlias('toString', 'x')).toThrow('the ledger has no client toString');
    expect(() => clients.deactivate('nobody')).toThrow('the ledger has no client nobody');
  });

  it('keeps balances beyond 2^63 − 1 ulps exact, and back below it', () => {
    const limit = 2n ** 63n - 1n;
    const clients = LedgerClients.of([client('whale', limit), client('minnow', 1n)]);
    clients.credit('whale', 1n);
    expect(clients.get('whale')!.balance).toBe(2n ** 63n);
    clients.credit('whale', 10n ** 30n);
    expect(clients.get('whale')!.balance).toBe(2n ** 63n + 10n ** 30n);
    expect(clients.get('minnow')!.balance).toBe(1n);
    clients.credit('whale', -(10n ** 30n) - 2n);
    expect(clients.get('whale')!.balance).toBe(limit - 1n);
    clients.put(client('whale', 2n ** 64n));
    expect(clients.get('whale')!.balance).toBe(2n ** 64n);
  });

  it('keeps every client and balance as it grows past its first rows', () => {
    const clients = new LedgerClients();
    for (let n = 0; n < 1_000; n++) clients.put(client(`c${n}`, BigInt(n) * 1_000_000_007n, n % 3 === 0 ? `alias${n}` : null, n % 5 !== 0));
    expect(clients.size).toBe(1_000);
    expect(clients.get('c0')).toEqual(client('c0', 0n, 'alias0', false));
    expect(clients.get('c999')).toEqual(client('c999', 999n * 1_000_000_007n, 'alias999', true));
    expect([...clients.values()].map((entry) => entry.clientId)).toEqual(Array.from({ length: 1_000 }, (_, n) => `c${n}`));
  });

  describe('who holds an alias', () => {
    it('is the client given it, registered with it or later; no one holds an alias no client has', () => {
      const clients = LedgerClients.of([client('ana', 1n, 'ana.a'), client('beto', 2n)]);
      clients.setAlias('beto', 'beto.b');
      expect([clients.holding('ana.a')?.clientId, clients.holding('beto.b')?.clientId, clients.holding('ana')?.clientId, clients.holding('constructor')?.clientId]).toEqual(['ana', 'beto', undefined, undefined]);
    });

    it('changes with the client: its alias taken back (an undo) or replaced frees it, and a client taken back frees its own', () => {
      const clients = LedgerClients.of([client('ana', 1n, 'ana.a'), client('beto', 2n, 'beto.b'), client('caio', 3n, 'caio.c')]);
      clients.put(client('ana', 1n));
      clients.setAlias('beto', 'beto.new');
      clients.delete('caio');
      expect(['ana.a', 'beto.b', 'beto.new', 'caio.c'].map((alias) => clients.holding(alias)?.clientId)).toEqual([undefined, undefined, 'beto', undefined]);
      clients.put(client('dora', 4n, 'caio.c'));
      clients.setAlias('ana', 'ana.a');
      expect(['ana.a', 'caio.c'].map((alias) => clients.holding(alias)?.clientId)).toEqual(['ana', 'dora']);
      expect([...clients.values()].map((entry) => entry.alias)).toEqual(['ana.a', 'beto.new', 'caio.c']);
    });

    it('is one client at a time: an alias given to a second client is no longer the first one\'s', () => {
      const clients = LedgerClients.of([client('ana', 1n, 'shared')]);
      clients.put(client('beto', 2n, 'shared'));
      expect([clients.holding('shared')?.clientId, clients.get('ana')!.alias, clients.get('beto')!.alias]).toEqual(['beto', null, 'shared']);
    });
  });

  describe('a registration taken back', () => {
    it('leaves no client, and one registered again comes last', () => {
      const clients = LedgerClients.of([client('ana', 1n), client('beto', 2n), client('caio', 3n)]);
      clients.delete('beto');
      expect([clients.size, clients.has('beto')]).toEqual([2, false]);
      expect([...clients.values()].map((entry) => entry.clientId)).toEqual(['ana', 'caio']);
      clients.put(client('beto', 7n));
      expect([...clients.values()]).toEqual([client('ana', 1n), client('caio', 3n), client('beto', 7n)]);
    });

    it('the newest first, leaves the clients as they were before them', () => {
      const clients = LedgerClients.of([client('ana', 1n)]);
      clients.put(client('beto', 2n ** 70n));
      clients.put(client('caio', 3n));
      clients.delete('caio');
      clients.delete('beto');
      clients.delete('nobody');
      expect([...clients.values()]).toEqual([client('ana', 1n)]);
      clients.put(client('beto', 4n));
      expect(clients.get('beto')!.balance).toBe(4n);
    });
  });
});
