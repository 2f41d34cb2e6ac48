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
  stop(): Promise<void>;
}

export async function startInstantPayments(): Promise<InstantPaymentsWorld> {
  const f = await startGovernance();
  const bankA = await f.bank('Banco Uno');
  const bankB = await f.bank('Banco Dos');
  const asClient = (token: string) => ({
    get: (path: string) => f.request.get(`/api${path}`).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: object = {}, headers: Record<string, string> = {}) =>
      f.request.post(`/api${path}`).set('Authorization', `Bearer ${token}`).set(headers).send(body),
  });
  return {
    f,
    bankA,
    bankB,
    asClient,
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
    async fund(address, amount) {
      const issuance = f.seed['issuing-core']!.issuanceAccountId!;
      const minted = await f.as(f.admin).post(`/multisigs/${issuance}/proposals/mint`, { title: 'Liquidity', amount, denom: 'ulps', recipient: address });
      if (minted.body.executorResult !== 'SUCCESS') throw new Error(`mint failed: ${minted.status} ${JSON.stringify(minted.body)}`);
    },
    stop: () => f.stop(),
  };
}
