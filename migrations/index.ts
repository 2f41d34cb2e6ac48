import type { Knex } from 'knex';
import * as eventStore from './20260101000000_event_store';
import * as appendFunction from './20260101000050_append_function';
import * as projectionCheckpoints from './20260101000100_projection_checkpoints';
import * as identityReadModels from './20260102000100_identity_read_models';
import * as rateLimitsAndOutbox from './20260102000200_rate_limits_and_outbox';
import * as idempotencyKeys from './20260103000100_idempotency_keys';
import * as governanceReadModels from './20260103000200_governance_read_models';
import * as readSideReadModels from './20260104000100_read_side_read_models';
import * as instantPayments from './20260105000100_instant_payments';
import * as organizationDisbursementLimit from './20261203000100_organization_disbursement_limit';
import * as projectionFailures from './20261204000100_projection_failures';
import * as idempotencyLeases from './20261206000100_idempotency_leases';
import * as instantPaymentsEngine from './20261201000100_instant_payments_engine';
import * as chainTxLocations from './20261205000100_chain_tx_locations';
import * as pendingAccountCreations from './20261207000100_pending_account_creations';
import * as appendEventsAfterLock from './20261207000200_append_events_after_lock';
import * as appendEventsStreamLookup from './20261208000100_append_events_stream_lookup';
import * as paymentTotals from './20261209000100_payment_totals';
import * as factsHold from './20261210000100_facts_hold';
import * as openSettlementBatches from './20261211000100_open_settlement_batches';
import * as paymentRowsUpdatedInPlace from './20261212000100_payment_rows_updated_in_place';
import * as paymentListCounts from './20261213000100_payment_list_counts';
import * as settledPaymentHours from './20261214000100_settled_payment_hours';
import * as bankClientCounts from './20261215000100_bank_client_counts';
import * as clientSearch from './20261216000100_client_search';
import * as receivedCrossIndex from './20261217000100_received_cross_index';
import * as snapshotSlices from './20261218000100_snapshot_slices';
import * as chainEffects from './20261219000100_chain_effects';

/**
 * Every migration, in order. Listed here rather than discovered on disk so that the same list runs
 * under tsx, jest and a compiled build.
 */
const migrations: Record<string, Knex.Migration> = {
  '20260101000000_event_store': eventStore,
  '20260101000050_append_function': appendFunction,
  '20260101000100_projection_checkpoints': projectionCheckpoints,
  '20260102000100_identity_read_models': identityReadModels,
  '20260102000200_rate_limits_and_outbox': rateLimitsAndOutbox,
  '20260103000100_idempotency_keys': idempotencyKeys,
  '20260103000200_governance_read_models': governanceReadModels,
  '20260104000100_read_side_read_models': readSideReadModels,
  '20260105000100_instant_payments': instantPayments,
  '20261203000100_organization_disbursement_limit': organizationDisbursementLimit,
  '20261204000100_projection_failures': projectionFailures,
  '20261206000100_idempotency_leases': idempotencyLeases,
  '20261201000100_instant_payments_engine': instantPaymentsEngine,
  '20261205000100_chain_tx_locations': chainTxLocations,
  '20261207000100_pending_account_creations': pendingAccountCreations,
  '20261207000200_append_events_after_lock': appendEventsAfterLock,
  '20261208000100_append_events_stream_lookup': appendEventsStreamLookup,
  '20261209000100_payment_totals': paymentTotals,
  '20261210000100_facts_hold': factsHold,
  '20261211000100_open_settlement_batches': openSettlementBatches,
  '20261212000100_payment_rows_updated_in_place': paymentRowsUpdatedInPlace,
  '20261213000100_payment_list_counts': paymentListCounts,
  '20261214000100_settled_payment_hours': settledPaymentHours,
  '20261215000100_bank_client_counts': bankClientCounts,
  '20261216000100_client_search': clientSearch,
  '20261217000100_received_cross_index': receivedCrossIndex,
  '20261218000100_snapshot_slices': snapshotSlices,
  '20261219000100_chain_effects': chainEffects,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
