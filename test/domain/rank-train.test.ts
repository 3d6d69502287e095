import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_WEIGHTS, FEATURE_NAMES, MIN_SAMPLES, trainWeights, type TrainSample } from '../../src/domain/rank/index.ts';

/** Deterministic pseudo-random numbers in [0, 1) (LCG), so the tests never flake. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/**
 * Invites where acceptance depends on `truth` (feature -> true weight, plus 'bias'); every other feature
 * is noise around typical values.
 */
function simulate(n: number, truth: Record<string, number>, seed = 7): TrainSample[] {
  const r = rng(seed);
  const out: TrainSample[] = [];
  for (let i = 0; i < n; i++) {
    const features: Record<string, number> = {};
    for (const f of FEATURE_NAMES) features[f] = 0;
    features.frequency = Math.log1p(Math.floor(r() * 40));
    features.sent_recency = r();
    features.received_recency = r();
    features.favorite = r() < 0.3 ? 1 : 0;
    features.known_by = Math.log1p(Math.floor(r() * 6));
    features.completeness = Math.floor(r() * 6) / 5;
    features.invited = 1;
    let z = truth.bias ?? 0;
    for (const [f, w] of Object.entries(truth)) if (f !== 'bias') z += w * features[f];
    out.push({ features, label: r() < sigmoid(z) ? 1 : 0 });
  }
  return out;
}

describe('trainWeights', () => {
  it('keeps the defaults below MIN_SAMPLES', () => {
    const few = simulate(MIN_SAMPLES - 1, { bias: 0, favorite: 3 });
    const out = trainWeights(few, DEFAULT_WEIGHTS);
    assert.deepEqual(out.weights, { ...DEFAULT_WEIGHTS });
    assert.equal(out.samples, MIN_SAMPLES - 1);
    assert.equal(out.trained, false);
  });

  it('keeps the defaults when one outcome is (nearly) absent', () => {
    const allAccepted = simulate(2000, { bias: 0 }).map((s) => ({ ...s, label: 1 as const }));
    assert.deepEqual(trainWeights(allAccepted, DEFAULT_WEIGHTS).weights, { ...DEFAULT_WEIGHTS });
  });

  it('moves weight toward the signal that predicts acceptance', () => {
    const data = simulate(4000, { bias: -1.5, known_by: 1.5 });
    const { weights, trained } = trainWeights(data, DEFAULT_WEIGHTS);
    assert.equal(trained, true);
    assert.ok(weights.known_by > 1, `known_by ${weights.known_by}`);
    // A feature that predicts nothing is pulled back toward 0 from its default (not pushed further).
    assert.ok(weights.favorite < DEFAULT_WEIGHTS.favorite);
  });

  it('stays near the prior with few samples and follows the data with many (L2 toward the prior)', () => {
    const truth = { bias: -1, known_by: 2 };
    const small = trainWeights(simulate(MIN_SAMPLES, truth), DEFAULT_WEIGHTS).weights.known_by;
    const large = trainWeights(simulate(10_000, truth), DEFAULT_WEIGHTS).weights.known_by;
    assert.ok(Math.abs(small - DEFAULT_WEIGHTS.known_by) < Math.abs(large - DEFAULT_WEIGHTS.known_by));
    assert.ok(Math.abs(large - 2) < 0.4, `large ${large}`);
    const strong = trainWeights(simulate(2000, truth), DEFAULT_WEIGHTS, { l2: 1e6 }).weights.known_by;
    assert.ok(Math.abs(strong - DEFAULT_WEIGHTS.known_by) < 0.01);
  });

  it('never learns the outcome features (they would leak the label), nor features absent from the data', () => {
    const data = simulate(3000, { bias: 0, favorite: 1 });
    const { weights } = trainWeights(data, DEFAULT_WEIGHTS);
    for (const f of ['invited', 'accepted', 'app_user', 'pinned', 'role_email', 'reciprocal_frequency']) {
      assert.ok(Math.abs(weights[f] - DEFAULT_WEIGHTS[f]) < 1e-9, f);
    }
  });

  it('keeps monotone features non-negative and staleness within [-frequency, 0]', () => {
    const data = simulate(4000, { bias: 1, frequency: -1, sent_recency: -2 });
    const { weights } = trainWeights(data, DEFAULT_WEIGHTS);
    assert.ok(weights.frequency >= 0 && weights.sent_recency >= 0);
    assert.ok(weights.staleness <= 0 && weights.staleness >= -weights.frequency);
  });

  it('is deterministic', () => {
    const data = simulate(1500, { bias: -0.5, favorite: 1, frequency: 0.5 });
    assert.deepEqual(trainWeights(data, DEFAULT_WEIGHTS), trainWeights(data, DEFAULT_WEIGHTS));
    assert.deepEqual(trainWeights(data.slice(), DEFAULT_WEIGHTS), trainWeights(data, DEFAULT_WEIGHTS));
  });
});
