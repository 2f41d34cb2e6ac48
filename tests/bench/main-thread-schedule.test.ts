import { mainThreadSchedule, scheduleLine } from '../../bench/support/proc';

/** bench:payments reads how the service's event loop was scheduled: on a core, or runnable and waiting for one. */
describe('mainThreadSchedule (bench/support/proc)', () => {
  it('reads this process’s main thread: its time on a core grows while it computes', () => {
    const before = mainThreadSchedule(process.pid)!;
    // 30 ms of CPU, however long a loaded machine takes to give them.
    const cpu = process.cpuUsage();
    while (process.cpuUsage(cpu).user < 30_000);
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
