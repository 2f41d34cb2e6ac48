import { StatementLimit, type StatementLimitTuning } from '../../write-side/instant-payments/statement-limit';

const TUNING: StatementLimitTuning = { counts: [1, 4], epochMs: 100, exploreEvery: 5, weight: 0.5, minRequests: 10 };

/** A limit on a clock the test moves, and a way to live through one epoch whose requests waited `msEach` each. */
function limitWith(tuning = TUNING) {
  let now = 0;
  const limit = new StatementLimit(tuning, () => now);
  const epoch = (msEach: (count: number) => number, requests = 20): number => {
    const count = limit.current();
    limit.observe(requests, requests * msEach(count));
    now += tuning.epochMs;
    return count;
  };
  return { limit, epoch };
}

/** The counts in force over `epochs` epochs whose requests waited `msEach(count)`. */
const countsOver = (epoch: ReturnType<typeof limitWith>['epoch'], epochs: number, msEach: (count: number) => number) =>
  Array.from({ length: epochs }, () => epoch(msEach));

describe('StatementLimit: the count of statements on the wire, chosen by what each costs the requests', () => {
  it('starts with the largest count, measures each count once, then keeps the one whose requests waited less', () => {
    const { epoch } = limitWith();

    expect(countsOver(epoch, 4, (count) => (count === 1 ? 10 : 30))).toEqual([4, 1, 1, 1]);
  });

  it('keeps the largest count where it answers sooner', () => {
    const { epoch } = limitWith();

    expect(countsOver(epoch, 4, (count) => (count === 4 ? 10 : 30))).toEqual([4, 1, 4, 4]);
  });

  it('gives another count every exploreEvery-th epoch, so that a count that became the better one is found again', () => {
    const { limit, epoch } = limitWith();
    countsOver(epoch, 4, (count) => (count === 1 ? 10 : 30));

    // Epochs 4 to 15: 1 is the better count, 4 takes its turn at epochs 5, 10 and 15.
    expect(countsOver(epoch, 12, (count) => (count === 1 ? 10 : 30))).toEqual([1, 4, 1, 1, 1, 1, 4, 1, 1, 1, 1, 4]);
    // The load changed: 4 answers sooner now. 1's own epochs raise its score past 4's, and 4 is in force
    // from then on, 1 taking its turn every fifth epoch (20 and 25).
    expect(countsOver(epoch, 12, (count) => (count === 1 ? 40 : 12))).toEqual([1, 1, 4, 4, 1, 4, 4, 4, 4, 1, 4, 4]);
    expect(limit.measured().get(4)).toBeLessThan(limit.measured().get(1)!);
  });

  it('learns nothing from an epoch with fewer requests than minRequests, and keeps its count until that one is measured (an idle service says nothing of the counts)', () => {
    const { limit, epoch } = limitWith();

    expect([epoch(() => 10, 9), epoch(() => 10, 9), epoch(() => 10, 9)]).toEqual([4, 4, 4]);
    expect(limit.measured().size).toBe(0);
  });

  it("moves a count's score by `weight` of each epoch's mean wait", () => {
    const { limit, epoch } = limitWith();
    epoch(() => 20);
    epoch(() => 50);
    epoch(() => 10);
    limit.current();

    // 1 waited longer: 4 was in force again, and its epoch moved its score halfway from 20 to 10.
    expect(limit.measured()).toEqual(new Map([[4, 15], [1, 50]]));
  });

  it('is a fixed limit with one count', () => {
    const { epoch } = limitWith({ ...TUNING, counts: [2] });

    expect(countsOver(epoch, 7, () => 10)).toEqual([2, 2, 2, 2, 2, 2, 2]);
  });

  it.each([[[]], [[0, 4]], [[1.5]]])('refuses counts %j', (counts) => {
    expect(() => new StatementLimit({ ...TUNING, counts })).toThrow('statement counts must be whole numbers of at least 1');
  });
});
