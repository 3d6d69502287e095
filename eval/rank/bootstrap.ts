/**
 * Paired bootstrap intervals of a mean difference over books (Kith's MAP@10 minus a baseline's, book by
 * book). Seeded, so a report is reproducible to the digit.
 */

import { rng } from '../clean/prng.ts';

/** Draws per interval: 1,000 gives percentile bounds stable to about ±0.002 MAP on these sets. */
export const BOOTSTRAP_DRAWS = 1000;
/** Seed of the generator (any fixed value; fixed so that reruns print the same interval). */
export const BOOTSTRAP_SEED = 20240601;
/** Two-sided coverage of the interval (fraction): the 2.5th and 97.5th percentiles of the draws. */
const COVERAGE = 0.95;

/** The seeded generator shared by every script (mulberry32, eval/clean/prng.ts). */
export const seededRandom = rng;

export interface Interval {
  /** Observed mean difference. */
  mean: number;
  /** Percentile bounds of the resampled means (COVERAGE two-sided). */
  lo: number;
  hi: number;
  /** Share of draws whose mean is <= 0 (a one-sided bootstrap p-value for "Kith is better"). */
  pNotBetter: number;
}

/**
 * Bootstrap of the mean of `diffs`. Without `clusters`, books are resampled with replacement. With
 * `clusters` (one label per diff, e.g. the user id), whole clusters are resampled: the books of one user
 * at different cutoffs describe the same person and are not independent, so this interval is the more
 * conservative one.
 */
export function bootstrapMean(diffs: number[], clusters?: string[], draws = BOOTSTRAP_DRAWS, seed = BOOTSTRAP_SEED): Interval {
  const n = diffs.length;
  const mean = n === 0 ? 0 : diffs.reduce((a, b) => a + b, 0) / n;
  if (n === 0) return { mean: 0, lo: 0, hi: 0, pNotBetter: 1 };
  // Groups of indices: one per book, or one per cluster.
  let groups: number[][];
  if (clusters) {
    const m = new Map<string, number[]>();
    clusters.forEach((c, i) => {
      const g = m.get(c) ?? [];
      g.push(i);
      m.set(c, g);
    });
    groups = [...m.values()];
  } else groups = diffs.map((_, i) => [i]);
  const rand = seededRandom(seed);
  const means: number[] = [];
  for (let d = 0; d < draws; d++) {
    let sum = 0;
    let count = 0;
    for (let k = 0; k < groups.length; k++) {
      const g = groups[Math.floor(rand() * groups.length)];
      for (const i of g) sum += diffs[i];
      count += g.length;
    }
    means.push(sum / count);
  }
  means.sort((a, b) => a - b);
  const at = (q: number) => means[Math.min(draws - 1, Math.max(0, Math.floor(q * draws)))];
  return {
    mean,
    lo: at((1 - COVERAGE) / 2),
    hi: at(1 - (1 - COVERAGE) / 2),
    pNotBetter: means.filter((x) => x <= 0).length / draws,
  };
}

/** "+0.012 [+0.004, +0.020]" */
export function formatInterval(i: Interval, digits = 3): string {
  const f = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;
  return `${f(i.mean)} [${f(i.lo)}, ${f(i.hi)}]`;
}
