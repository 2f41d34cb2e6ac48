import { Amount } from '../../api/openapi';

/** A benchmark's on/off knob: set when its environment variable is `true` or `1`. */
export const envFlag = (name: string): boolean => ['true', '1'].includes(process.env[name] ?? '');

/** What a numeric knob may hold, and how its error says so. */
const KNOB_KINDS = {
  /** A rate, a duration or a size that must be there: above 0. */
  positive: { holds: (value: number) => value > 0, what: 'a number above 0' },
  /** How many of something, at least one: connections, clients, rounds (exact in a double up to 2^53-1). */
  count: { holds: (value: number) => Number.isSafeInteger(value) && value >= 1, what: 'a whole number from 1 to 2^53-1' },
  /** How many of something where none is a choice (no history, no samples). */
  whole: { holds: (value: number) => Number.isSafeInteger(value) && value >= 0, what: 'a whole number from 0 to 2^53-1' },
  /** A phase's length, where 0 skips it. */
  seconds: { holds: (value: number) => value >= 0, what: 'a number of seconds, 0 or more' },
  share: { holds: (value: number) => value >= 0 && value <= 1, what: 'a number from 0 to 1' },
  /** Payments asked per second: fewer than one would be no phase. */
  rate: { holds: (value: number) => value >= 1, what: 'a number of payments/s, 1 or more' },
} as const;

export type KnobKind = keyof typeof KNOB_KINDS;

/**
 * A benchmark's numeric knob: its environment variable, or `fallback` when unset or empty (null for a
 * knob that is off unless set). A value that is not a number of its kind stops the run: `Number()`
 * alone read `BENCH_FLUSH_SECONDS=2O` as NaN, and a NaN of seconds skipped the phase without a word.
 */
export function envNumber<Fallback extends number | null>(name: string, kind: KnobKind, fallback: Fallback, env: NodeJS.ProcessEnv = process.env): number | Fallback {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  const { holds, what } = KNOB_KINDS[kind];
  if (!Number.isFinite(value) || !holds(value)) throw new Error(`${name} must be ${what}, not "${raw}"`);
  return value;
}

/**
 * A benchmark's amount of money, in the currency's smallest units: its decimal digits read straight
 * into a bigint (money never passes through a double), or `fallback` when unset or empty. Anything but
 * an amount the contract takes (a whole amount above 0, at most 38 digits) stops the run.
 */
export function envAmount(name: string, fallback: bigint, env: NodeJS.ProcessEnv = process.env): bigint {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  // The contract's amount (api/openapi.ts): the API refuses any other at the benchmark's set-up anyway.
  if (!Amount.safeParse(raw).success) throw new Error(`${name} must be a whole amount in the smallest unit, 1 to 38 digits, not "${raw}"`);
  return BigInt(raw);
}
