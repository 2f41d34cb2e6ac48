import pg from 'pg';

/**
 * How many queries `work` sent to a pg client while that client was still running or queueing
 * another: pg 8 queues them and deprecates it, and its next major version refuses it. The check is
 * pg's own (its private fields: the public `activeQuery` is deprecated too).
 */
export async function queriesSentWhileBusy(work: () => Promise<unknown>): Promise<number> {
  const query = pg.Client.prototype.query;
  let sentWhileBusy = 0;
  const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const client = this as unknown as { _activeQuery: unknown; _queryQueue: unknown[] };
    if (client._activeQuery || client._queryQueue.length > 0) sentWhileBusy += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as never);
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return sentWhileBusy;
}
