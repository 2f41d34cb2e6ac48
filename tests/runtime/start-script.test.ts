import { spawnSync } from 'node:child_process';
import { ROOT, startFlags } from '../support/start-script';

/** Runs a program in a process started as `npm start` starts the service (its Node flags). */
function underStartFlags(program: string) {
  return spawnSync(process.execPath, [...startFlags(), '-e', program], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
}

describe("npm start's Node flags", () => {
  it("load the service through tsx's require hook, without module hooks (a module-loader thread of their own)", () => {
    const flags = startFlags();
    expect(flags.join(' ')).toContain('--require tsx/cjs');
    expect(flags.filter((flag) => /^--(import|loader|experimental-loader)\b/.test(flag))).toEqual([]);
  });

  it('size the collector for a service that keeps its ledgers in memory: a 64 MiB young generation, and an old one that may double between full collections', () => {
    const flags = startFlags();
    expect(flags).toContain('--max-semi-space-size=64');
    expect(flags).toContain('--heap-growing-percent=100');
  });

  it('load the EventStoreDB adapter when EVENT_STORE=eventstoredb (loaded only when chosen)', () => {
    const result = underStartFlags(`
      const { createEventStore } = require('./write-side/event-store');
      createEventStore({ EVENT_STORE: 'eventstoredb', EVENTSTORE_URL: 'esdb://127.0.0.1:2113?tls=false' }, null).then(
        (store) => { console.log(store.constructor.name); process.exit(0); },
        (error) => { console.error(String(error)); process.exit(1); });
    `);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe('EventStoreDbEventStore');
    expect(result.status).toBe(0);
  });

  it('load the PostgreSQL adapter by default', () => {
    const result = underStartFlags(`
      const { createEventStore } = require('./write-side/event-store');
      createEventStore({ EVENT_STORE: 'postgres' }, null).then((store) => { console.log(store.constructor.name); process.exit(0); });
    `);
    expect(result.stdout.trim()).toBe('PostgresEventStore');
    expect(result.status).toBe(0);
  });
});
