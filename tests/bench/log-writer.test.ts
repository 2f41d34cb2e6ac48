import { LogWriter } from '../../bench/support/log-writer';
import type { NewEvent } from '../../write-side/event-store/event-store';
import { newEvent } from '../event-store/event-store-contract';

/** A store whose appends finish only when the test lets them, recording when each started and ended. */
function heldStore() {
  const log: string[] = [];
  const held = new Map<string, () => void>();
  return {
    log,
    release: (label: string) => held.get(label)!(),
    append: (streamId: string, events: NewEvent[]) => {
      const label = `${streamId}:${(events[0]!.data as { n: number }).n}`;
      log.push(`start ${label}`);
      return new Promise<{ nextExpectedVersion: number; position: never }>((resolve) =>
        held.set(label, () => {
          log.push(`end ${label}`);
          resolve({ nextExpectedVersion: 0, position: undefined as never });
        }),
      );
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('LogWriter (bench:read’s generated log)', () => {
  it('starts a stream’s next append only after its last one ended, while other streams’ appends go on', async () => {
    const store = heldStore();
    const writer = new LogWriter(store, 8);
    await writer.append('bank-1', [newEvent('ClientRegistered', { n: 1 })]);
    await writer.append('bank-1', [newEvent('PaymentTransferred', { n: 2 })]);
    await writer.append('bank-2', [newEvent('ClientRegistered', { n: 3 })]);
    await flush();
    expect(store.log).toEqual(['start bank-1:1', 'start bank-2:3']);

    store.release('bank-1:1');
    await flush();
    expect(store.log).toEqual(['start bank-1:1', 'start bank-2:3', 'end bank-1:1', 'start bank-1:2']);

    store.release('bank-1:2');
    store.release('bank-2:3');
    await writer.drain();
    expect(writer.written).toBe(3);
  });

  it('keeps at most its limit of appends in flight', async () => {
    const store = heldStore();
    const writer = new LogWriter(store, 2);
    await writer.append('a', [newEvent('Counted', { n: 1 })]);
    await writer.append('b', [newEvent('Counted', { n: 2 })]);
    const third = writer.append('c', [newEvent('Counted', { n: 3 })]);
    await flush();
    expect(store.log).toEqual(['start a:1', 'start b:2']);
    store.release('a:1');
    await third;
    await flush();
    expect(store.log).toEqual(['start a:1', 'start b:2', 'end a:1', 'start c:3']);
    store.release('b:2');
    store.release('c:3');
    await writer.drain();
    expect(writer.written).toBe(3);
  });

  it('drain rejects with an append that failed', async () => {
    const writer = new LogWriter({ append: () => Promise.reject(new Error('the store refused')) }, 4);
    await writer.append('a', [newEvent('Counted', { n: 1 })]);
    await expect(writer.drain()).rejects.toThrow('the store refused');
  });
});
