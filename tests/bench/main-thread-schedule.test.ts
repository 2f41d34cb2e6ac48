import { readFileSync } from 'node:fs';
import { mainThreadSchedule, scheduleLine } from '../../bench/support/proc';

/** The main thread's user and system time in clock ticks (10 ms): fields 14 and 15 of its stat, after the command's parentheses. */
const mainThreadTicks = () => {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
};

/** bench:payments reads how the service's event loop was scheduled: on a core, or runnable and waiting for one. */
describe('mainThreadSchedule (bench/support/proc)', () => {
  it('reads this process’s main thread: its time on a core grows while it computes', () => {
    const before = mainThreadSchedule(process.pid)!;
    // 40 ms of this thread's CPU by the kernel's tick accounting (/proc/…/task/…/stat), however long a
    // loaded machine takes to give them: the process's CPU (process.cpuUsage) also counts its other
    // threads, and once ran 30 ms while this one ran 6.
    const started = mainThreadTicks();
    while (mainThreadTicks() - started < 4);
    const after = mainThreadSchedule(process.pid)!;

    expect(after.runSeconds - before.runSeconds).toBeGreaterThan(0.02);
    expect(after.waitSeconds).toBeGreaterThanOrEqual(before.waitSeconds);
    expect(after.involuntarySwitches).toBeGreaterThanOrEqual(before.involuntarySwitches);
  });

  it('is null for a process that does not exist', () => {
    expect(mainThreadSchedule(2 ** 22 + 1)).toBeNull();
  });
});

describe('scheduleLine', () => {
  it('states the shares of the window and the switches per second', () => {
    expect(scheduleLine({ runSeconds: 10, waitSeconds: 4, involuntarySwitches: 1000 }, { runSeconds: 16.3, waitSeconds: 7, involuntarySwitches: 5000 }, 10)).toBe(
      'on a core 63 % of the window, runnable and waiting for one 30 %, 400 involuntary switches/s',
    );
  });

  it('is null without both readings or a window', () => {
    const reading = { runSeconds: 1, waitSeconds: 1, involuntarySwitches: 1 };
    expect(scheduleLine(null, reading, 10)).toBeNull();
    expect(scheduleLine(reading, null, 10)).toBeNull();
    expect(scheduleLine(reading, reading, 0)).toBeNull();
  });
});
