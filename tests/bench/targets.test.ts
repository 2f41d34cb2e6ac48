import { dueInLastSecond, judgeTargets, queueNote, queueState, type TargetFigures } from '../../bench/support/targets';

/** bench:payments' verdict on the engine's targets, from one run's figures. */
describe('judgeTargets', () => {
  const run: TargetFigures = {
    rate: 3841.1,
    seconds: 60,
    minimalRate: 2658.0,
    openP99: 166.2,
    openQueue: null,
    loopsP99: { due: 127.2, sent: 50.8 },
    minimalOpenP99: 76.0,
    minimalOpenQueue: null,
    completedP99: 326.3,
    checksPassed: true,
    fixedPacedRate: false,
  };
  const verdicts = (figures: TargetFigures) => judgeTargets(figures).map(({ target, verdict }) => [target, verdict]);

  it('judges each target of a full run, the figures beside it', () => {
    expect(judgeTargets(run)).toEqual([
      { target: '≥ 3,000 payments/s for 60 s', verdict: 'met', figures: '3841.1 payments/s' },
      { target: '≥ 1.0× the minimal ledger of the same run', verdict: 'met', figures: '1.445× (2658.0 payments/s)' },
      {
        target: 'INTERNAL POST p99 ≤ 50 ms at 80 % of the peak (open arrivals)',
        verdict: 'NOT MET',
        figures: '166.2 ms; from the 64 loops 127.2 ms from when due, 50.8 ms from when sent; the minimal ledger under the same arrivals at 80 % of its own peak 76.0 ms',
      },
      { target: 'cross-bank POST→COMPLETED p99 ≤ 1 s', verdict: 'met', figures: '326.3 ms' },
      { target: 'no payment lost or twice, money conserved', verdict: 'met', figures: 'every check passed' },
    ]);
  });

  it('holds each bound inclusive and misses it just past', () => {
    const atBounds = { ...run, rate: 3000, minimalRate: 3000, openP99: 50, completedP99: 1000 };
    expect(verdicts(atBounds).map(([, verdict]) => verdict)).toEqual(['met', 'met', 'met', 'met', 'met']);
    const pastBounds = { ...run, rate: 2999.9, minimalRate: 3000, openP99: 50.1, completedP99: 1000.1, checksPassed: false };
    expect(verdicts(pastBounds).map(([, verdict]) => verdict)).toEqual(['NOT MET', 'NOT MET', 'NOT MET', 'NOT MET', 'NOT MET']);
  });

  it('does not judge what the run did not measure as the target asks', () => {
    const short = judgeTargets({ ...run, seconds: 20, minimalRate: null, openP99: null, loopsP99: null, minimalOpenP99: null });
    expect(short.map(({ verdict }) => verdict)).toEqual(['not measured', 'not measured', 'not measured', 'met', 'met']);
    expect(short[0]!.figures).toBe('3841.1 payments/s over 20 s');
    expect(short[2]!.figures).toBe('the paced phases were skipped');

    const fixedRate = judgeTargets({ ...run, fixedPacedRate: true });
    expect(fixedRate[2]).toMatchObject({ verdict: 'not measured', figures: 'the paced phases asked BENCH_PACED_RATE' });
  });

  it('names the queue behind a p99 at 80 %, the service’s or the minimal ledger’s', () => {
    // The thirty-first session's first run: the minimal ledger's queue stood at the end of its phase.
    const standing = judgeTargets({ ...run, openP99: 50.9, loopsP99: { due: 68.1, sent: 31.3 }, minimalOpenP99: 799.6, minimalOpenQueue: 'standing' });
    expect(standing[2]).toEqual({
      target: 'INTERNAL POST p99 ≤ 50 ms at 80 % of the peak (open arrivals)',
      verdict: 'NOT MET',
      figures: '50.9 ms; from the 64 loops 68.1 ms from when due, 31.3 ms from when sent; the minimal ledger under the same arrivals at 80 % of its own peak 799.6 ms (behind a standing queue)',
    });
    const growing = judgeTargets({ ...run, openP99: 555.2, openQueue: 'growing' });
    expect(growing[2]!.figures.startsWith('555.2 ms (behind a growing queue); ')).toBe(true);
  });
});

/** Whether a paced phase's latencies are a queue's rather than its rate's. */
describe('queueState', () => {
  it('is a growing queue under 98 % of the rate asked, a standing one where the last second waited over 50 ms at the median', () => {
    expect(queueState({ rate: 2892.5, asked: 2951.6, lastSecondP50: 14.2 })).toBe('growing');
    expect(queueState({ rate: 2892.5, asked: 2951.6, lastSecondP50: 790.4 })).toBe('growing');
    expect(queueState({ rate: 2951.6, asked: 2951.6, lastSecondP50: 50.1 })).toBe('standing');
    expect(queueState({ rate: 2892.6, asked: 2951.6, lastSecondP50: 50 })).toBeNull();
    expect(queueState({ rate: 2951.6, asked: 2951.6, lastSecondP50: null })).toBeNull();
  });
});

/** Which payments the standing-queue rule reads: those due in the phase's last second, whatever its length. */
describe('dueInLastSecond', () => {
  it('takes the payments due in the second before the deadline, and none before it', () => {
    expect(dueInLastSecond(19_000, 20_000)).toBe(true);
    expect(dueInLastSecond(19_999.9, 20_000)).toBe(true);
    expect(dueInLastSecond(18_999.9, 20_000)).toBe(false);
  });

  it('takes a whole second of a phase whose length is not a whole number of seconds', () => {
    expect(dueInLastSecond(19_600, 20_500)).toBe(true);
    expect(dueInLastSecond(19_400, 20_500)).toBe(false);
  });
});

/** A paced phase's note on whether its latencies are a queue's, beside its figures. */
describe('queueNote', () => {
  it('says nothing of a phase that kept the rate asked and ended with its payments answered within the target', () => {
    expect(queueNote({ rate: 2951.6, asked: 2951.6, lastSecondP50: 14.2 })).toBe('');
    expect(queueNote({ rate: 2892.6, asked: 2951.6, lastSecondP50: 50 })).toBe('');
    expect(queueNote({ rate: 2951.6, asked: 2951.6, lastSecondP50: null })).toBe('');
  });

  it('says a phase that answered under 98 % of the rate asked fell behind', () => {
    expect(queueNote({ rate: 2892.5, asked: 2951.6, lastSecondP50: 14.2 })).toBe(", FELL BEHIND: the latencies below are a growing queue's");
  });

  it('says a phase that kept the rate and ended with its payments waiting over 50 ms at the median stood behind a queue', () => {
    // The thirty-first session's first run: the minimal ledger at 99.3 % of the rate asked, its p50 4.5 ms
    // over the phase and its p95 783.2 ms, the queue made in its second half and standing at its end.
    expect(queueNote({ rate: 2532.7, asked: 2549.4, lastSecondP50: 790.4 })).toBe(
      ', BEHIND A STANDING QUEUE: the payments due in its last second waited 790.4 ms at the median',
    );
  });
});
