import { instantPaymentsProjection, ReadModelDiverged } from '../../projections/instant-payments';
import { ProjectionRunner } from '../../projections/runner';
import { createLogger } from '../../runtime/logger';
import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { newEvent } from '../event-store/event-store-contract';
import { clientRegistration, paymentParties } from '../support/instant-payments-events';
import { eventLog } from '../support/recorded-events';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The Instant Payments read model never drops a change without a trace: a balance change for a
 * client it holds no row for, or a completion for a payment it holds no row for, fails the batch and
 * stops the projection at that event (recorded, so the health check and alerts name it), instead of
 * the balances silently no longer adding up to what was funded. bench:read's generator once wrote a
 * bank's payments before its clients' registrations, and the model came out 3 units over.
 */
describe('Instant Payments read model against a log it cannot follow', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const at = '2026-11-29T11:00:00.000Z';
  const recorded = eventLog(at);
  const registered = (bank: string, clientId: string, startingBalance: string) => ({
    type: 'InstantPaymentClientRegistered',
    data: clientRegistration(bank, clientId, startingBalance),
  });
  const transferred = (bank: string, paymentId: string, sender: string, recipient: string, amount: string) => ({
    type: 'InstantPaymentTransferred',
    data: paymentParties(paymentId, 'INTERNAL', [bank, sender, `${sender}.alias`], [bank, recipient, `${recipient}.alias`], at, amount),
  });
  const received = (bank: string, paymentId: string, recipient: string, amount: string) => ({
    type: 'InstantPaymentsReceived',
    data: { organizationId: bank, senderOrganizationId: 'other-bank', batchNumber: 1, txHash: 'tx-1', settledAt: at, payments: [{ paymentId, recipientClientId: recipient, amount }] },
  });
  const apply = (events: Array<{ type: string; data: unknown }>) =>
    database.knex.transaction((trx) => instantPaymentsProjection.applyBatch(trx, events.map(({ type, data }) => recorded('ip-bank-test', type, data))));
  const clients = (bank: string) => database.knex('ip_clients').where('organization_id', bank).orderBy('id').select('id', 'balance');

  describe('a batch', () => {
    it('fails on a payment whose sender the model holds no row for, and writes none of its changes', async () => {
      await apply([registered('orphan', 'olga', '100')]);

      await expect(apply([transferred('orphan', 'orphan-p1', 'nobody', 'olga', '7')])).rejects.toThrow(ReadModelDiverged);

      expect(await clients('orphan')).toEqual([{ id: 'olga', balance: '100' }]);
      expect(await database.knex('ip_payments').where({ id: 'orphan-p1' }).first()).toBeUndefined();
    });

    it('fails on a receipt for a payment the model holds no row for', async () => {
      await apply([registered('unknown', 'uma', '0')]);

      await expect(apply([received('unknown', 'never-sent', 'uma', '5')])).rejects.toThrow(/a payment change found no payment row: 1 of 1/);

      expect(await clients('unknown')).toEqual([{ id: 'uma', balance: '0' }]);
    });

    it('fails on a payment before its clients’ registrations, as it would with them in batches of their own', async () => {
      await expect(apply([transferred('order', 'order-p1', 'ola', 'oto', '10'), registered('order', 'ola', '100'), registered('order', 'oto', '0')])).rejects.toThrow(
        'client ola changed before it was registered',
      );

      expect(await clients('order')).toEqual([]);
    });

    it('applies a payment between clients it holds, and a receipt for a payment it holds', async () => {
      await apply([registered('known', 'kim', '100'), registered('known', 'kai', '0')]);

      await apply([transferred('known', 'known-p1', 'kim', 'kai', '30')]);
      await apply([received('known', 'known-p1', 'kai', '0')]);

      expect(await clients('known')).toEqual([
        { id: 'kai', balance: '30' },
        { id: 'kim', balance: '70' },
      ]);
    });
  });

  describe('the projection runner', () => {
    it('stops the projection at a payment that comes before its clients, and records where', async () => {
      const store = new PostgresEventStore(database.pool);
      const stream = 'ip-bank-early';
      const payment = transferred('early', 'early-p1', 'eli', 'eve', '10');
      const early = await store.append(stream, [newEvent(payment.type, payment.data)], 0);
      const registrations = await store.append(stream, [registered('early', 'eli', '100'), registered('early', 'eve', '0')].map(({ type, data }) => newEvent(type, data)), 1);
      const runner = new ProjectionRunner(store, database.knex, [instantPaymentsProjection], createLogger('silent'));

      // Followed live: the feed shows a commit once no older transaction runs on the server (other suites' too).
      await runner.start();
      try {
        expect(await runner.waitFor(registrations.position, 20_000, ['instant-payments'])).toBe(false);
      } finally {
        await runner.stop();
      }

      const failure = await database.knex('projection_failures').where({ name: 'instant-payments' }).first('event_type', 'stream_id', database.knex.raw('commit_position::text as commit'), 'reason');
      expect(failure).toEqual({
        event_type: 'InstantPaymentTransferred',
        stream_id: stream,
        commit: String(early.position.commit),
        reason: expect.stringContaining('ReadModelDiverged: the Instant Payments read model diverged from the log: a client change found no client row'),
      });
      expect(await clients('early')).toEqual([]);
    });
  });
});
