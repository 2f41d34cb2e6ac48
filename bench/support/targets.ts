/**
 * The Instant Payments engine's targets (docs/payments.md, "Measured"), each judged on one run of
 * `npm run bench:payments`: what a reader of a run's output would otherwise work out from its rows.
 */

/** The latency target's bound (ms), which the median payment stays well under unless a queue stands. */
const LATENCY_TARGET_MS = 50;

/** What a paced phase's figures say of the queue its payments met. */
export interface PacedFigures {
  /** payments/s answered */
  rate: number;
  /** payments/s asked */
  asked: number;
  /** the median of the payments due in its last second, from when due (ms), or null without one */
  lastSecondP50: number | null;
}

/** Whether a payment due at `due` is one of its phase's last second's, which lastSecondP50 is the median of. */
export const dueInLastSecond = (due: number, deadline: number): boolean => due >= deadline - 1000;

/** Whether its latencies are a queue's rather than its rate's: 'growing', 'standing', or null (neither). */
export type QueueState = 'growing' | 'standing' | null;

/**
 * A paced phase answered under the rate it asked: its latencies are a growing queue's. It kept the rate
 * but the payments due in its last second waited over the latency target at the median: a standing
 * queue's (a backlog made earlier that the capacity left to spare never worked off), which its rate
 * alone does not show.
 */
export function queueState({ rate, asked, lastSecondP50 }: PacedFigures): QueueState {
  if (rate < asked * 0.98) return 'growing';
  if (lastSecondP50 !== null && lastSecondP50 > LATENCY_TARGET_MS) return 'standing';
  return null;
}

/** The phase's line says so. */
export function queueNote(figures: PacedFigures): string {
  switch (queueState(figures)) {
    case 'growing':
      return ", FELL BEHIND: the latencies below are a growing queue's";
    case 'standing':
      return `, BEHIND A STANDING QUEUE: the payments due in its last second waited ${figures.lastSecondP50!.toFixed(1)} ms at the median`;
    case null:
      return '';
  }
}

/** The verdict's figure says so. */
const queued = (state: QueueState) => (state ? ` (behind a ${state} queue)` : '');

export interface TargetFigures {
  /** payments/s over the measured window */
  rate: number;
  /** the measured window's length (the target asks 60 s) */
  seconds: number;
  /** the minimal ledger's payments/s in the same run, or null when it was skipped */
  minimalRate: number | null;
  /** INTERNAL POST p99 (ms) at 80 % of the peak from open arrivals, counted from when due; null when skipped */
  openP99: number | null;
  /** the same from the peak's 64 loops, counted from when due and from when sent; null when skipped */
  loopsP99: { due: number; sent: number } | null;
  /** whether the service's open arrivals were answered behind a queue (queueState), where they ran */
  openQueue: QueueState;
  /** the minimal ledger's INTERNAL p99 (ms) under the same open arrivals at 80 % of its own peak, or null */
  minimalOpenP99: number | null;
  /** whether the minimal ledger's were */
  minimalOpenQueue: QueueState;
  /** cross-bank POST→COMPLETED p99 (ms) at the peak */
  completedP99: number;
  /** every check of the run passed */
  checksPassed: boolean;
  /** whether the paced phases asked a fixed rate (BENCH_PACED_RATE) rather than 80 % of the peak */
  fixedPacedRate: boolean;
}

export interface TargetVerdict {
  target: string;
  /** 'met', 'NOT MET', or 'not measured' (a phase skipped, or a fixed rate asked instead of 80 % of the peak) */
  verdict: 'met' | 'NOT MET' | 'not measured';
  figures: string;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const judge = (met: boolean): TargetVerdict['verdict'] => (met ? 'met' : 'NOT MET');

export function judgeTargets(figures: TargetFigures): TargetVerdict[] {
  const { rate, seconds, minimalRate, openP99, openQueue, loopsP99, minimalOpenP99, minimalOpenQueue, completedP99, checksPassed, fixedPacedRate } = figures;
  const atEighty = (): TargetVerdict => {
    const target = 'INTERNAL POST p99 ≤ 50 ms at 80 % of the peak (open arrivals)';
    if (openP99 === null || fixedPacedRate) return { target, verdict: 'not measured', figures: fixedPacedRate ? 'the paced phases asked BENCH_PACED_RATE' : 'the paced phases were skipped' };
    const beside = [
      loopsP99 ? `from the 64 loops ${ms(loopsP99.due)} from when due, ${ms(loopsP99.sent)} from when sent` : null,
      minimalOpenP99 !== null ? `the minimal ledger under the same arrivals at 80 % of its own peak ${ms(minimalOpenP99)}${queued(minimalOpenQueue)}` : null,
    ].filter((part) => part !== null);
    return { target, verdict: judge(openP99 <= LATENCY_TARGET_MS), figures: [`${ms(openP99)}${queued(openQueue)}`, ...beside].join('; ') };
  };
  return [
    seconds < 60
      ? { target: '≥ 3,000 payments/s for 60 s', verdict: 'not measured', figures: `${rate.toFixed(1)} payments/s over ${seconds.toFixed(0)} s` }
      : { target: '≥ 3,000 payments/s for 60 s', verdict: judge(rate >= 3000), figures: `${rate.toFixed(1)} payments/s` },
    minimalRate === null
      ? { target: '≥ 1.0× the minimal ledger of the same run', verdict: 'not measured', figures: 'the minimal ledger was skipped' }
      : { target: '≥ 1.0× the minimal ledger of the same run', verdict: judge(rate >= minimalRate), figures: `${(rate / minimalRate).toFixed(3)}× (${minimalRate.toFixed(1)} payments/s)` },
    atEighty(),
    { target: 'cross-bank POST→COMPLETED p99 ≤ 1 s', verdict: judge(completedP99 <= 1000), figures: ms(completedP99) },
    { target: 'no payment lost or twice, money conserved', verdict: judge(checksPassed), figures: checksPassed ? 'every check passed' : 'a check failed (above)' },
  ];
}
