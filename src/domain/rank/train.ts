/**
 * Learning an app's weights from its invite outcomes: L2-regularised logistic regression pulled toward
 * the prior (the default weights), fitted by Newton's method. Pure and deterministic: same samples in
 * the same order give the same weights, bit for bit.
 */
import { FEATURE_NAMES, OUTCOME_FEATURES } from './features.ts';
import type { Weights } from './types.ts';

/** Below this many outcomes the prior is returned unchanged: a handful of invites is noise. */
export const MIN_SAMPLES = 200;
/** Each class (accepted, not accepted) needs at least this many samples, or nothing can be learned. */
export const MIN_PER_CLASS = 20;
/**
 * Default L2 strength toward the prior, in units of "samples' worth" of curvature: with p(1-p) ≈ 0.25 per
 * sample and unit-scale features, 20 pulls a weight about as hard as ~80 well-spread samples.
 */
export const DEFAULT_L2 = 20;
/** L2 on the intercept: nearly free, only keeps it finite. */
const BIAS_L2 = 1e-3;
/** Newton iterations at most, and the step size (max |Δw|) at which it has converged. */
const MAX_ITERATIONS = 50;
const TOLERANCE = 1e-9;

/**
 * Features whose weight must stay >= 0 whatever the data says: more contact, more recent contact, an
 * explicit mark by the owner or more people knowing the person must never lower a score (a product
 * promise, and protection against a spurious fit on a small app).
 */
const NON_NEGATIVE: ReadonlySet<string> = new Set([
  'frequency',
  'sent_recency',
  'received_recency',
  'favorite',
  'pinned',
  'sources',
  'entries',
  'completeness',
  'known_by',
  'reciprocal',
  'reciprocal_frequency',
  'reciprocal_recency',
]);

export interface TrainSample {
  features: Record<string, number>;
  label: 0 | 1;
}

export interface TrainOptions {
  /** L2 strength toward the prior (see DEFAULT_L2). */
  l2?: number;
  /** Minimum number of samples (see MIN_SAMPLES). */
  minSamples?: number;
  /** Minimum samples per class (see MIN_PER_CLASS). */
  minPerClass?: number;
}

function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** Solves A x = b for symmetric positive definite A (Cholesky); A is n×n row-major. */
function solveSpd(a: number[][], b: number[]): number[] {
  const n = b.length;
  const l = a.map(() => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i][j];
      for (let k = 0; k < j; k++) s -= l[i][k] * l[j][k];
      if (i === j) l[i][i] = Math.sqrt(Math.max(s, 1e-12));
      else l[i][j] = s / l[j][j];
    }
  }
  const y = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[i][k] * y[k];
    y[i] = s / l[i][i];
  }
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i];
    for (let k = i + 1; k < n; k++) s -= l[k][i] * x[k];
    x[i] = s / l[i][i];
  }
  return x;
}

/**
 * Fits the weights named in `free` (bias first), every other feature contributing at its prior weight
 * as a fixed offset.
 */
function fit(samples: TrainSample[], prior: Readonly<Weights>, free: string[], l2: number): Weights {
  const names = ['bias', ...free];
  const n = names.length;
  const priorVec = names.map((f) => prior[f] ?? 0);
  const w = [...priorVec];
  const fixed = FEATURE_NAMES.filter((f) => !free.includes(f));
  const rows = samples.map((s) => names.map((f) => (f === 'bias' ? 1 : (s.features[f] ?? 0))));
  const offsets = samples.map((s) => fixed.reduce((acc, f) => acc + (prior[f] ?? 0) * (s.features[f] ?? 0), 0));
  const reg = names.map((f) => (f === 'bias' ? BIAS_L2 : l2));

  /** Penalised negative log-likelihood at w (what Newton minimises). */
  const loss = (v: number[]): number => {
    let total = 0;
    for (let i = 0; i < n; i++) total += 0.5 * reg[i] * (v[i] - priorVec[i]) ** 2;
    rows.forEach((x, r) => {
      let z = offsets[r];
      for (let i = 0; i < n; i++) z += v[i] * x[i];
      // log(1 + e^z) - y z, computed without overflow.
      total += (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z))) - samples[r].label * z;
    });
    return total;
  };

  let current = loss(w);
  for (let it = 0; it < MAX_ITERATIONS; it++) {
    const g = w.map((wi, i) => reg[i] * (wi - priorVec[i]));
    const h = names.map((_, i) => names.map((__, j) => (i === j ? reg[i] : 0)));
    rows.forEach((x, r) => {
      let z = offsets[r];
      for (let i = 0; i < n; i++) z += w[i] * x[i];
      const p = sigmoid(z);
      const err = p - samples[r].label;
      const curv = p * (1 - p);
      for (let i = 0; i < n; i++) {
        if (x[i] === 0) continue;
        g[i] += err * x[i];
        for (let j = 0; j <= i; j++) h[i][j] += curv * x[i] * x[j];
      }
    });
    for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) h[j][i] = h[i][j];
    const step = solveSpd(h, g);
    // Damped Newton: halve the step until the loss goes down (plain Newton can overshoot when the
    // prior puts some samples deep in a saturated region).
    let t = 1;
    let next = w.map((wi, i) => wi - step[i]);
    let nextLoss = loss(next);
    while (nextLoss > current && t > 1 / 1024) {
      t /= 2;
      next = w.map((wi, i) => wi - t * step[i]);
      nextLoss = loss(next);
    }
    const biggest = Math.max(...step.map((d) => Math.abs(t * d)));
    if (nextLoss > current) break;
    for (let i = 0; i < n; i++) w[i] = next[i];
    current = nextLoss;
    if (biggest < TOLERANCE) break;
  }
  const out: Weights = { ...prior };
  names.forEach((f, i) => (out[f] = w[i]));
  return out;
}

/**
 * Learns weights from invite outcomes (label 1 = accepted). Below `minSamples` samples, or with fewer
 * than `minPerClass` of either label, returns the prior unchanged (`trained: false`). Outcome features (invited, accepted,
 * app_user) are not learned: every sample was invited, so they would only leak the label.
 */
export function trainWeights(
  samples: TrainSample[],
  prior: Readonly<Weights>,
  opts: TrainOptions = {},
): { weights: Weights; samples: number; trained: boolean } {
  const minSamples = opts.minSamples ?? MIN_SAMPLES;
  const minPerClass = opts.minPerClass ?? MIN_PER_CLASS;
  const positives = samples.filter((s) => s.label === 1).length;
  if (samples.length < minSamples || positives < minPerClass || samples.length - positives < minPerClass) {
    return { weights: { ...prior }, samples: samples.length, trained: false };
  }
  const l2 = opts.l2 ?? DEFAULT_L2;
  let free = FEATURE_NAMES.filter((f) => !OUTCOME_FEATURES.has(f)) as string[];
  const base: Weights = { ...prior };
  let weights = fit(samples, base, free, l2);
  // Active set: a monotone feature that came out negative is pinned at 0 and the rest refitted.
  for (let round = 0; round < FEATURE_NAMES.length; round++) {
    const negative = free.filter((f) => NON_NEGATIVE.has(f) && weights[f] < 0);
    if (negative.length === 0) break;
    free = free.filter((f) => !negative.includes(f));
    for (const f of negative) base[f] = 0;
    weights = fit(samples, base, free, l2);
  }
  // Staleness may take back at most what frequency gives (features.ts): more messages never lower a score.
  if (weights.staleness !== undefined) weights.staleness = Math.min(0, Math.max(weights.staleness, -(weights.frequency ?? 0)));
  return { weights, samples: samples.length, trained: true };
}
