import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sleepUntil } from '../../bench/support/clock';

/** The benchmarks' schedules: a payment or a commit is never sent before it is due. */
describe('sleepUntil', () => {
  it('never resolves before the instant asked, over delays of fractions of a millisecond', async () => {
    const early: number[] = [];
    for (let step = 0; step < 200; step++) {
      const instant = performance.now() + 0.3 + (step % 10) * 0.47;
      await sleepUntil(instant);
      const woke = performance.now();
      if (woke < instant) early.push(instant - woke);
    }
    expect(early).toEqual([]);
  });

  it('resolves without a timer for an instant already past', async () => {
    let timerRan = false;
    const timer = sleep(0).then(() => (timerRan = true));
    await sleepUntil(performance.now() - 10);
    expect(timerRan).toBe(false);
    await timer;
  });

  it('waits the whole delay asked', async () => {
    const before = performance.now();
    await sleepUntil(before + 30);
    expect(performance.now() - before).toBeGreaterThanOrEqual(30);
  });
});
