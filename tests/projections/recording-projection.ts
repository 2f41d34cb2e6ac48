import type { Knex } from 'knex';
import type { Projection } from '../../projections/projection';
import { ProjectionRunner } from '../../projections/runner';
import { createLogger } from '../../runtime/logger';
import { comparePositions, type EventStore, type GlobalPosition, type RecordedEvent } from '../../write-side/event-store/event-store';
import { newEvent, waitUntil } from '../event-store/event-store-contract';

/**
 * A read model for runner tests: one row per applied event, in a table `<name>_applied` without a
 * unique key, so an event applied twice shows up as two rows instead of an error. Each row keeps the
 * writing transaction, to see how events were batched.
 */
export async function createRecordingTable(knex: Knex, name: string): Promise<void> {
  await knex.raw(
    `create table ?? (event_id uuid not null, sequence integer not null, transaction_id bigint not null default txid_current())`,
    [`${name}_applied`],
  );
}

export const recordedType = (name: string) => `${name}Recorded`;

export function recordingProjection(
  name: string,
  beforeApply: (trx: Knex.Transaction, sequence: number) => Promise<void> = async () => undefined,
): Projection {
  return {
    name,
    tables: [`${name}_applied`],
    handles: [recordedType(name)],
    async applyBatch(trx, events: RecordedEvent[]) {
      for (const event of events) {
        const { sequence } = event.data as { sequence: number };
        await beforeApply(trx, sequence);
        await trx(`${name}_applied`).insert({ event_id: event.id, sequence });
      }
    },
  };
}

/**
 * A recording projection whose batch fails once, at the event of that sequence, the way PostgreSQL
 * fails a transaction it cannot serialise (SQLSTATE 40001): a failure of the database, not of the
 * event, so the runner starts over rather than stopping the projection. `failed` tells whether it did.
 */
export function failingOnceAt(name: string, sequence: number): { projection: Projection; failed: () => boolean } {
  let failed = false;
  const projection = recordingProjection(name, async (_trx, applying) => {
    if (applying !== sequence || failed) return;
    failed = true;
    throw Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' });
  });
  return { projection, failed: () => failed };
}

/** Appends events with sequences from..to to the scenario's stream; returns the last position. */
export async function appendRecorded(store: EventStore, name: string, from: number, to: number) {
  const streamId = `${name}-stream`;
  let version = (await store.readStream(streamId)).length;
  let last = null;
  for (let sequence = from; sequence <= to; sequence++) {
    last = await store.append(streamId, [newEvent(recordedType(name), { sequence })], version);
    version = last.nextExpectedVersion;
  }
  return last!.position;
}

/**
 * Waits until readers can see `position`: PostgreSQL shows a commit to readers only once every older
 * transaction on the server has ended, and other test files share the server.
 */
export async function waitUntilVisible(store: EventStore, position: GlobalPosition): Promise<void> {
  await waitUntil(async () =>
    (await store.readAll(null, 100_000)).some((event) => comparePositions(event.position, position) === 0),
  );
}

export async function appliedRows(knex: Knex, name: string) {
  const rows: { event_id: string; sequence: number; transaction_id: string }[] = await knex(`${name}_applied`).select();
  return {
    count: rows.length,
    distinctEvents: new Set(rows.map((row) => row.event_id)).size,
    sequences: rows.map((row) => row.sequence).sort((a, b) => a - b),
    transactions: new Set(rows.map((row) => row.transaction_id)).size,
  };
}

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * Three events of a recording projection's, and a runner of that projection alone, which notes a
 * server setting (current_setting) in the transaction each event is applied in.
 */
async function runnerNotingSetting(knex: Knex, store: EventStore, name: string, setting: string): Promise<{ runner: ProjectionRunner; settings: string[] }> {
  await createRecordingTable(knex, name);
  await waitUntilVisible(store, await appendRecorded(store, name, 1, 3));
  const settings: string[] = [];
  const projection = recordingProjection(name, async (trx: Knex.Transaction) => {
    const { rows } = await trx.raw('select current_setting(?) as setting', [setting]);
    settings.push(rows[0].setting);
  });
  return { runner: new ProjectionRunner(store, knex, [projection], createLogger('silent')), settings };
}

/**
 * The setting in each transaction a running runner applied five events in (three caught up, two
 * appended while it ran), and on a connection of the pool afterwards.
 */
export async function settingWhileRunning(knex: Knex, store: EventStore, name: string, setting: string): Promise<{ applied: string[]; afterwards: string }> {
  const { runner, settings } = await runnerNotingSetting(knex, store, name, setting);
  await runner.start();
  try {
    const last = await appendRecorded(store, name, 4, 5);
    await waitUntilVisible(store, last);
    if (!(await runner.waitFor(last, 5000))) throw new Error(`${name}: the runner did not apply the live events`);
  } finally {
    await runner.stop();
  }
  const { rows } = await knex.raw('select current_setting(?) as setting', [setting]);
  return { applied: settings, afterwards: rows[0].setting };
}

/** The setting in each transaction a rebuild applied three events in. */
export async function settingWhileRebuilding(knex: Knex, store: EventStore, name: string, setting: string): Promise<string[]> {
  const { runner, settings } = await runnerNotingSetting(knex, store, name, setting);
  await runner.rebuild(name);
  return settings;
}
