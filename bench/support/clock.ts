import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits until `instant` (a performance.now() instant), never less: a timer may fire up to a millisecond
 * before its delay has passed on performance.now()'s clock (libuv times it on the loop's clock, in whole
 * milliseconds), and a schedule that acted then would act before it is due.
 */
export async function sleepUntil(instant: number): Promise<void> {
  while (instant > performance.now()) await sleep(instant - performance.now());
}
