/** Latency summaries: percentiles by nearest rank over every sample (no histogram buckets). */
export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** samples over 50 ms: the latency targets' bound */
  over50: number;
}

export function summarize(samples: ArrayLike<number>): Summary {
  const sorted = Float64Array.from(samples).sort();
  const rank = (q: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!);
  let over50 = 0;
  for (let index = sorted.length - 1; index >= 0 && sorted[index]! > 50; index--) over50++;
  return { count: sorted.length, p50: rank(0.5), p95: rank(0.95), p99: rank(0.99), max: sorted.length ? sorted[sorted.length - 1]! : NaN, over50 };
}

export const ms = (value: number | null | undefined, digits = 1) =>
  value === null || value === undefined || Number.isNaN(value) ? '–' : `${value.toFixed(digits)} ms`;

/** The median of the samples, or null without one (NaN does not survive JSON). */
export function medianOrNull(samples: ArrayLike<number>): number | null {
  return samples.length === 0 ? null : summarize(samples).p50;
}
