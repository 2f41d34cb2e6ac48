'use strict';
/**
 * Preload for the service under `npm run bench:payments` (NODE_OPTIONS=--require …): counts every
 * query the service sends to PostgreSQL through node-pg (one Client#query is one round trip; a pool's
 * query goes through it), so the benchmark can divide by the payments made. On SIGUSR2 it writes
 * `{ seq, queries }` synchronously to BENCH_ROUND_TRIPS_FILE; the orchestrator waits for `seq` to move,
 * so the value it reads is never stale. pg is resolved from the service's directory (the working
 * directory), the copy knex and the event store load.
 */
const { renameSync, writeFileSync } = require('node:fs');

const file = process.env.BENCH_ROUND_TRIPS_FILE;
if (file) {
  const pg = require(require.resolve('pg', { paths: [process.cwd()] }));
  const query = pg.Client.prototype.query;
  let queries = 0;
  let seq = 0;
  pg.Client.prototype.query = function countedQuery(...args) {
    queries += 1;
    return query.apply(this, args);
  };
  // Written aside and renamed, so a reader never sees a half-written file.
  const write = () => {
    writeFileSync(`${file}.tmp`, JSON.stringify({ seq: ++seq, queries, pid: process.pid }));
    renameSync(`${file}.tmp`, file);
  };
  process.on('SIGUSR2', write);
  write();
}
