import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchScheduler } from '../../bench/support/proc';

/** Field 41 of /proc/<pid>/stat, the scheduling policy: 0 SCHED_OTHER, 3 SCHED_BATCH (sched(7)). */
const PRINT_OWN_POLICY = `const stat = require('fs').readFileSync('/proc/self/stat', 'utf8'); console.log(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38])`;
const SCHED_OTHER = '0';
const SCHED_BATCH = '3';

/** bench:payments runs its load generator as a batch task, so that its wake-ups do not preempt the service. */
describe('batchScheduler (bench/support/proc)', () => {
  it('runs the command as a SCHED_BATCH task where chrt is installed', () => {
    expect(existsSync('/usr/bin/chrt')).toBe(true);
    const scheduler = batchScheduler();

    expect(scheduler).not.toBeNull();
    const { command, args } = scheduler!(process.execPath, ['-e', PRINT_OWN_POLICY]);
    expect(execFileSync(command, args).toString().trim()).toBe(SCHED_BATCH);
    expect(execFileSync(process.execPath, ['-e', PRINT_OWN_POLICY]).toString().trim()).toBe(SCHED_OTHER);
  });

  it('is null where chrt is missing, so that the caller runs its command as a normal task', () => {
    expect(batchScheduler(join(tmpdir(), `no-chrt-${randomUUID()}`, 'chrt'))).toBeNull();
  });
});
