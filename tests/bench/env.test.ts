import { benchKnobs } from '../../bench/minimal-ledger';
import { envAmount, envNumber } from '../../bench/support/env';

/** A benchmark's numeric knobs: a typo stops the run instead of measuring something else. */
describe('envNumber', () => {
  it('takes the fallback when the variable is unset or empty', () => {
    expect(envNumber('BENCH_SECONDS', 'positive', 60, {})).toBe(60);
    expect(envNumber('BENCH_SECONDS', 'positive', 60, { BENCH_SECONDS: '' })).toBe(60);
    expect(envNumber('BENCH_SECONDS', 'positive', 60, { BENCH_SECONDS: '  ' })).toBe(60);
    expect(envNumber('BENCH_PG_WAITS', 'positive', null, {})).toBeNull();
  });

  it('reads a number of the kind asked', () => {
    expect(envNumber('BENCH_SECONDS', 'positive', 60, { BENCH_SECONDS: '2.5' })).toBe(2.5);
    expect(envNumber('BENCH_CONNECTIONS', 'count', 64, { BENCH_CONNECTIONS: '128' })).toBe(128);
    expect(envNumber('BENCH_HISTORY', 'whole', 1_000_000, { BENCH_HISTORY: '0' })).toBe(0);
    expect(envNumber('BENCH_FLUSH_SECONDS', 'seconds', 20, { BENCH_FLUSH_SECONDS: '0' })).toBe(0);
    expect(envNumber('BENCH_INTERNAL_SHARE', 'share', 0.8, { BENCH_INTERNAL_SHARE: '1' })).toBe(1);
    expect(envNumber('BENCH_PACED_RATE', 'rate', 0, { BENCH_PACED_RATE: '2400' })).toBe(2400);
  });

  it('refuses what is not a number, naming the variable and what it held', () => {
    expect(() => envNumber('BENCH_FLUSH_SECONDS', 'seconds', 20, { BENCH_FLUSH_SECONDS: '2O' })).toThrow(
      'BENCH_FLUSH_SECONDS must be a number of seconds, 0 or more, not "2O"',
    );
    expect(() => envNumber('BENCH_SECONDS', 'positive', 60, { BENCH_SECONDS: 'Infinity' })).toThrow('BENCH_SECONDS must be a number above 0, not "Infinity"');
  });

  it('refuses a number outside its kind', () => {
    expect(() => envNumber('BENCH_SECONDS', 'positive', 60, { BENCH_SECONDS: '0' })).toThrow('BENCH_SECONDS must be a number above 0, not "0"');
    expect(() => envNumber('BENCH_CONNECTIONS', 'count', 64, { BENCH_CONNECTIONS: '0' })).toThrow('BENCH_CONNECTIONS must be a whole number from 1 to 2^53-1, not "0"');
    expect(() => envNumber('BENCH_CONNECTIONS', 'count', 64, { BENCH_CONNECTIONS: '1.5' })).toThrow('BENCH_CONNECTIONS must be a whole number from 1 to 2^53-1, not "1.5"');
    expect(() => envNumber('BENCH_HISTORY', 'whole', 1, { BENCH_HISTORY: '-1' })).toThrow('BENCH_HISTORY must be a whole number from 0 to 2^53-1, not "-1"');
    expect(() => envNumber('BENCH_FLOOR_SECONDS', 'seconds', 20, { BENCH_FLOOR_SECONDS: '-5' })).toThrow(
      'BENCH_FLOOR_SECONDS must be a number of seconds, 0 or more, not "-5"',
    );
    expect(() => envNumber('BENCH_INTERNAL_SHARE', 'share', 0.8, { BENCH_INTERNAL_SHARE: '80' })).toThrow(
      'BENCH_INTERNAL_SHARE must be a number from 0 to 1, not "80"',
    );
    expect(() => envNumber('BENCH_PACED_RATE', 'rate', 0, { BENCH_PACED_RATE: '0.5' })).toThrow('BENCH_PACED_RATE must be a number of payments/s, 1 or more, not "0.5"');
  });

  it('refuses a count a double cannot hold exactly', () => {
    expect(envNumber('BENCH_CLIENTS', 'count', 1, { BENCH_CLIENTS: '9007199254740991' })).toBe(2 ** 53 - 1);
    expect(() => envNumber('BENCH_CLIENTS', 'count', 1, { BENCH_CLIENTS: '9007199254740993' })).toThrow(
      'BENCH_CLIENTS must be a whole number from 1 to 2^53-1, not "9007199254740993"',
    );
  });
});

/** An amount of money is read as digits into a bigint, never through a double. */
describe('envAmount', () => {
  it('takes the fallback when the variable is unset or empty', () => {
    expect(envAmount('BENCH_INITIAL_BALANCE', 1_000_000n, {})).toBe(1_000_000n);
    expect(envAmount('BENCH_INITIAL_BALANCE', 1_000_000n, { BENCH_INITIAL_BALANCE: ' ' })).toBe(1_000_000n);
  });

  it('reads any whole amount exactly, past what a double holds', () => {
    expect(envAmount('BENCH_INITIAL_BALANCE', 1n, { BENCH_INITIAL_BALANCE: '9007199254740993' })).toBe(9_007_199_254_740_993n);
  });

  it('refuses what is not an amount the contract takes: a whole amount above 0, at most 38 digits', () => {
    for (const raw of ['0', '-5', '10.5', '1e6', '007', '12abc', '1'.repeat(39)])
      expect(() => envAmount('BENCH_INITIAL_BALANCE', 1n, { BENCH_INITIAL_BALANCE: raw })).toThrow(
        `BENCH_INITIAL_BALANCE must be a whole amount in the smallest unit, 1 to 38 digits, not "${raw}"`,
      );
  });
});

/** The knobs bench:payments shares with the minimal ledger go through the same check. */
describe('benchKnobs', () => {
  it('takes the defaults of an empty environment', () => {
    const knobs = benchKnobs({});
    expect([knobs.seconds, knobs.connections, knobs.clients, knobs.banks, knobs.internalShare]).toEqual([60, 64, 10_000, 3, 0.8]);
    expect(knobs.paced).toMatchObject({ seconds: 20, warmupSeconds: 5, share: 0.8, rate: null });
    expect(knobs.initialBalance).toBe(1_000_000n);
  });

  it("reads each client's cash-in as a whole amount", () => {
    expect(benchKnobs({ BENCH_INITIAL_BALANCE: '250000' }).initialBalance).toBe(250_000n);
    expect(() => benchKnobs({ BENCH_INITIAL_BALANCE: '-5' })).toThrow('BENCH_INITIAL_BALANCE must be a whole amount in the smallest unit, 1 to 38 digits, not "-5"');
  });

  it('refuses a knob that is not a number of its kind', () => {
    expect(() => benchKnobs({ BENCH_CONNECTIONS: '6four' })).toThrow('BENCH_CONNECTIONS must be a whole number from 1 to 2^53-1, not "6four"');
    expect(() => benchKnobs({ BENCH_PACED_SECONDS: '-1' })).toThrow('BENCH_PACED_SECONDS must be a number of seconds, 0 or more, not "-1"');
  });
});
