import type supertest from 'supertest';
import { startGovernance, type GovernanceFixture, type Session } from '../governance/fixture';

/** Two ACTIVE commercial banks over the governance fixture, and helpers for retail clients. */
export interface InstantPaymentsWorld {
  f: GovernanceFixture;
  bankA: { organizationId: string; admin: Session };
  bankB: { organizationId: string; admin: Session };
  /** A demo client of the bank, optionally with an alias; returns its token and id. */
  demoClient(organizationId: string, name: string, alias?: string): Promise<{ id: string; token: string }>;
  asClient(token: string): {
    get(path: string): supertest.Test;
    post(path: string, body?: object, headers?: Record<string, string>): supertest.Test;
  };
  /** Mints native tokens into an address through an ISSUANCE proposal (executes at once). */
  fund(address: string, amount: string): Promise<void>;
  /** Polls a payment (as its sender) until it is no longer PENDING; returns its last view. */
  finished(token: string, paymentId: string): Promise<Record<string, unknown>>;
  /** A bank's settlement account address. */
  settlementAddress(bank: { organizationId: string; admin: Session }): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Each bank's settlement account is funded with `settlementFunding` (default L 10,000.00), which backs
 * its clients' balances (the contract's backing rule): ten demo wallets of L 1,000.00.
 */
export async function startInstantPayments(options: { settlementFunding?: string; env?: Record<string, string> } = {}): Promise<InstantPaymentsWorld> {
  const f = await startGovernance(options.env);
  const bankA = await f.bank('Banco Uno');
  const bankB = await f.bank('Banco Dos');
  const asClient = (token: string) => ({
    get: (path: string) => f.request.get(`/api${path}`).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: object = {}, headers: Record<string, string> = {}) =>
      f.request.post(`/api${path}`).set('Authorization', `Bearer ${token}`).set(headers).send(body),
  });
  const settlementAddress = async (bank: { organizationId: string; admin: Session }) =>
    (await f.as(bank.admin).get(`/organizations/${bank.organizationId}/instant-payments/account`)).body.address as string;
  const fund = async (address: string, amount: string) => {
    const issuance = f.seed['issuing-core']!.issuanceAccountId!;
    const minted = await f.as(f.admin).post(`/multisigs/${issuance}/proposals/mint`, { title: 'Liquidity', amount, denom: 'ulps', recipient: address });
    if (minted.body.executorResult !== 'SUCCESS') throw new Error(`mint failed: ${minted.status} ${JSON.stringify(minted.body)}`);
  };
  const funding = options.settlementFunding ?? '1000000';
  if (funding !== '0') for (const bank of [bankA, bankB]) await fund(await settlementAddress(bank), funding);
  return {
    f,
    bankA,
    bankB,
    asClient,
    settlementAddress,
    fund,
    async finished(token, paymentId) {
      for (let attempt = 0; ; attempt++) {
        const payment = await asClient(token).get(`/instant-payments/payments/${paymentId}`);
        if (payment.body.status !== 'PENDING' || attempt === 100) return payment.body;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async demoClient(organizationId, name, alias) {
      const created = await f.request.post('/api/instant-payments/demo/clients').send({ organizationId, name });
      if (created.status !== 201) throw new Error(`demo client failed: ${created.status} ${JSON.stringify(created.body)}`);
      const client = { id: created.body.client.id as string, token: created.body.clientToken as string };
      if (alias) {
        const set = await asClient(client.token).post(`/instant-payments/demo/clients/${client.id}/alias`, { alias });
        if (set.status !== 200) throw new Error(`alias failed: ${set.status} ${JSON.stringify(set.body)}`);
      }
      return client;
    },
    stop: () => f.stop(),
  };
}
