import pg from 'pg';

/** The message a second in-process embedded chain on the same store fails with. */
export const SECOND_EMBEDDED_CHAIN =
  'another process already runs the embedded chain on this database. Run one service process with CHAIN=embedded, ' +
  'or run the chain as its own process (`npm run chain`) and start every service process with CHAIN=cosmos CHAIN_RPC_URL=<its RPC URL>';

export interface SingleWriterLock {
  release(): Promise<void>;
}

/**
 * One process per store runs an embedded chain: its state lives in that process's memory, so a second
 * copy would answer stale balances and collide on sequences. A session advisory lock on a dedicated
 * connection says who it is; PostgreSQL frees it when that process ends, however it ends.
 */
export async function acquireEmbeddedChainLock(databaseUrl: string, streamId: string): Promise<SingleWriterLock> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // A dropped connection frees the lock; the chain goes on, and the next start takes it again.
  client.on('error', () => undefined);
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      `select pg_try_advisory_lock(hashtext('emisor.embedded-chain'), hashtext($1)) as locked`,
      [streamId],
    );
    if (!rows[0]?.locked) throw new Error(`Cannot start the embedded chain (stream ${streamId}): ${SECOND_EMBEDDED_CHAIN}.`);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return { release: () => client.end().catch(() => undefined) };
}
