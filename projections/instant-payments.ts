import type { Knex } from 'knex';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import { INSTANT_PAYMENT_EVENT_TYPES, type InstantPaymentEvent } from '../write-side/instant-payments/events';
import { oneEventAtATime, type Projection } from './projection';

/** Instant Payments clients (balance, alias) and payments (status, settlement); KPIs are queried over them. */
export const instantPaymentsProjection: Projection = {
  name: 'instant-payments',
  tables: ['ip_clients', 'ip_payments'],
  handles: INSTANT_PAYMENT_EVENT_TYPES,
  applyBatch: oneEventAtATime(async (trx: Knex.Transaction, recorded: RecordedEvent) => {
    const event = recorded as unknown as RecordedEvent & InstantPaymentEvent;
    const at = recorded.metadata.occurredAt;
    const client = (id: string) => trx('ip_clients').where({ id });
    const payment = (id: string) => trx('ip_payments').where({ id });
    switch (event.type) {
      case 'InstantPaymentClientRegistered':
        await trx('ip_clients').insert({
          id: event.data.clientId,
          organization_id: event.data.organizationId,
          name: event.data.name,
          external_ref: event.data.externalRef,
          demo: event.data.demo,
          balance: event.data.startingBalance,
          created_at: at,
          updated_at: at,
        });
        return;
      case 'InstantPaymentAliasActivated':
        await client(event.data.clientId).update({ alias: event.data.alias, updated_at: at });
        return;
      case 'InstantPaymentClientDebited':
        await client(event.data.clientId).update({ balance: trx.raw('balance - ?::numeric', [event.data.amount]), updated_at: at });
        return;
      case 'InstantPaymentClientCredited':
      case 'InstantPaymentClientRefunded':
        await client(event.data.clientId).update({ balance: trx.raw('balance + ?::numeric', [event.data.amount]), updated_at: at });
        return;
      case 'InstantPaymentAliasClaimed':
        return; // the guard stream; the client's own AliasActivated sets the row
      case 'InstantPaymentInitiated':
        await trx('ip_payments').insert({
          id: event.data.paymentId,
          kind: event.data.kind,
          status: 'PENDING',
          amount: event.data.amount,
          reference: event.data.reference,
          sender_client_id: event.data.senderClientId,
          sender_organization_id: event.data.senderOrganizationId,
          sender_alias: event.data.senderAlias,
          recipient_client_id: event.data.recipientClientId,
          recipient_organization_id: event.data.recipientOrganizationId,
          recipient_alias: event.data.recipientAlias,
          created_at: event.data.createdAt,
          updated_at: at,
        });
        return;
      case 'InstantPaymentSenderDebited':
      case 'InstantPaymentSettlementAbandoned':
        await payment(event.data.paymentId).update({ settlement_pending: false, updated_at: at });
        return;
      case 'InstantPaymentSettlementStarted':
        await payment(event.data.paymentId).update({ settlement_pending: true, updated_at: at });
        return;
      case 'InstantPaymentSettled':
        await payment(event.data.paymentId).update({ settlement_pending: false, tx_hash: event.data.txHash, settled_at: event.data.settledAt, updated_at: at });
        return;
      case 'InstantPaymentSettlementFailed':
        await payment(event.data.paymentId).update({ settlement_pending: false, tx_hash: event.data.txHash, failure_code: event.data.failureCode, updated_at: at });
        return;
      case 'InstantPaymentCompleted':
        await payment(event.data.paymentId).update({
          status: 'COMPLETED',
          settled_at: trx.raw('coalesce(settled_at, ?)', [event.data.completedAt]),
          updated_at: at,
        });
        return;
      case 'InstantPaymentFailed':
        await payment(event.data.paymentId).update({ status: 'FAILED', failure_code: event.data.failureCode, updated_at: at });
        return;
    }
  }),
};
