import { EventStoreDbEventStore } from '../../write-side/event-store/eventstoredb-event-store';
import { emulatedEventStoreDb } from './emulated-eventstoredb';
import { eventStoreContract } from './event-store-contract';

/** Against a real EventStoreDB (docker compose up -d eventstoredb) when EVENTSTORE_URL is set. */
const url = process.env.EVENTSTORE_URL;
const describeWithEventStoreDb = url ? describe : describe.skip;

describeWithEventStoreDb(url ? 'EventStoreDB event store contract' : 'EventStoreDB contract (set EVENTSTORE_URL to run)', () => {
  eventStoreContract(async () => {
    const store = await EventStoreDbEventStore.connect(url!);
    return { store, close: () => store.close() };
  });
});

/** The adapter's mapping (revisions, errors, idempotent acks, inclusive reads, system events) on an emulated client. */
describe('EventStoreDB adapter contract on an emulated client', () => {
  eventStoreContract(async () => {
    const store = new EventStoreDbEventStore(emulatedEventStoreDb());
    return { store, close: () => store.close() };
  });
});
