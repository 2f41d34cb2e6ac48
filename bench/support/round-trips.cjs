'use strict';
/**
 * Preload for the service under `npm run bench:payments` (NODE_OPTIONS=--require …): counts every
 * query the service sends to PostgreSQL through node-pg (one Client#query is one round trip; a pool's
 * query goes through it), so the benchmark can divide by the payments made. On SIGUSR2 it first
 * carries out the command left in `<BENCH_ROUND_TRIPS_FILE>.command`, if any (`{ "profile": "start" }`,
 * or `{ "profile": "stop", "out": "<file>" }`: a CPU profile of the service, through the in-process
 * inspector), then writes `{ seq, queries, statements }` (statements: queries per statement text) to BENCH_ROUND_TRIPS_FILE; the orchestrator waits for
 * `seq` to move, so what it reads is never stale. pg is resolved from the service's directory (the
 * working directory), the copy knex and the event store load.
 */
const { existsSync, readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs');
const { Session } = require('node:inspector');

const file = process.env.BENCH_ROUND_TRIPS_FILE;
if (file) {
  const pg = require(require.resolve('pg', { paths: [process.cwd()] }));
  const query = pg.Client.prototype.query;
  let queries = 0;
  let seq = 0;
  let session = null;
  /** Queries per statement (its text with the spacing folded), for the benchmark's "where the round trips go". */
  const statements = new Map();
  /**
   * Each text folded once: the service sends a handful of texts again and again, and folding a round's
   * long statement with four regular expressions on every query was ~1 % of the service's CPU, counted
   * against it.
   */
  const folded = new Map();
  const fold = (text) => {
    let statement = folded.get(text);
    if (statement === undefined) {
      statement = text
        .replace(/\s+/g, ' ')
        .replace(/\$\d+/g, '?')
        .replace(/\?(, \?)+/g, '?…')
        .replace(/(\([^()]*\))(, \([^()]*\))+/g, '$1…')
        .slice(0, 160);
      if (folded.size < 10_000) folded.set(text, statement);
    }
    return statement;
  };
  pg.Client.prototype.query = function countedQuery(...args) {
    queries += 1;
    const text = typeof args[0] === 'string' ? args[0] : args[0] && typeof args[0].text === 'string' ? args[0].text : '(other)';
    const statement = fold(text);
    statements.set(statement, (statements.get(statement) ?? 0) + 1);
    return query.apply(this, args);
  };
  // Written aside and renamed, so a reader never sees a half-written file.
  const write = () => {
    writeFileSync(`${file}.tmp`, JSON.stringify({ seq: ++seq, queries, pid: process.pid, statements: Object.fromEntries(statements) }));
    renameSync(`${file}.tmp`, file);
  };
  const commandFile = `${file}.command`;
  process.on('SIGUSR2', () => {
    const command = existsSync(commandFile) ? JSON.parse(readFileSync(commandFile, 'utf8')) : {};
    rmSync(commandFile, { force: true });
    if (command.profile === 'start' && !session) {
      session = new Session();
      session.connect();
      session.post('Profiler.enable');
      session.post('Profiler.setSamplingInterval', { interval: 500 });
      session.post('Profiler.start', () => write());
    } else if (command.profile === 'stop' && session) {
      session.post('Profiler.stop', (error, result) => {
        if (!error) writeFileSync(command.out, JSON.stringify(result.profile));
        session.disconnect();
        session = null;
        write();
      });
    } else write();
  });
  write();
}
