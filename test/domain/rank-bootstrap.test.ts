import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bootstrapMean, seededRandom } from '../../eval/rank/bootstrap.ts';

describe('bootstrapMean (eval: paired intervals of MAP@10 differences)', () => {
  it('is reproducible: same diffs and seed give the same interval', () => {
    const r = seededRandom(1);
    const diffs = Array.from({ length: 80 }, () => r() - 0.4);
    assert.deepEqual(bootstrapMean(diffs), bootstrapMean([...diffs]));
  });

  it('brackets the observed mean and flags a clear gain as significant', () => {
    const r = seededRandom(2);
    const diffs = Array.from({ length: 200 }, () => 0.05 + (r() - 0.5) * 0.1);
    const i = bootstrapMean(diffs);
    assert.ok(i.lo <= i.mean && i.mean <= i.hi);
    assert.ok(i.lo > 0);
    assert.equal(i.pNotBetter, 0);
  });

  it('gives no interval of certainty to noise centred on zero', () => {
    const r = seededRandom(3);
    const diffs = Array.from({ length: 200 }, () => r() - 0.5);
    const i = bootstrapMean(diffs);
    assert.ok(i.lo < 0 && i.hi > 0);
  });

  it('resampling whole clusters is wider when the books of a cluster agree with each other', () => {
    // 20 users with 5 books each: the books of one user move together (one shared offset per user).
    const r = seededRandom(4);
    const diffs: number[] = [];
    const users: string[] = [];
    for (let u = 0; u < 20; u++) {
      const offset = r() - 0.5;
      for (let b = 0; b < 5; b++) {
        diffs.push(offset + (r() - 0.5) * 0.01);
        users.push(`u${u}`);
      }
    }
    const books = bootstrapMean(diffs);
    const byUser = bootstrapMean(diffs, users);
    assert.ok(byUser.hi - byUser.lo > books.hi - books.lo);
  });

  it('handles an empty list', () => {
    assert.deepEqual(bootstrapMean([]), { mean: 0, lo: 0, hi: 0, pNotBetter: 1 });
  });
});
