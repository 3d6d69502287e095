/** The two-generation memo cache behind the e-mail, junk-domain and phone-region caches. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TwoGenerationCache } from '../../src/domain/cache.ts';

describe('TwoGenerationCache', () => {
  it('keeps cached nulls as answers, distinct from misses', () => {
    const c = new TwoGenerationCache<string, string | null>(10);
    assert.equal(c.get('a'), undefined);
    c.set('a', null);
    assert.equal(c.get('a'), null);
  });

  it('holds at most its cap, drops the oldest generation whole, and keeps what is still used', () => {
    const c = new TwoGenerationCache<number, number>(10); // generations of 5
    for (let i = 0; i < 5; i++) c.set(i, i * 10);
    for (let i = 5; i < 10; i++) c.set(i, i * 10); // 0..4 become the old generation
    assert.equal(c.get(2), 20); // found in the old generation: moved back to the young one
    for (let i = 10; i < 14; i++) c.set(i, i * 10); // young fills up (5 with 2), 0..4 are dropped
    let held = 0;
    for (let i = 0; i < 14; i++) if (c.get(i) !== undefined) held++;
    assert.ok(held <= 10, `held ${held}`);
    assert.equal(c.get(0), undefined);
    assert.equal(c.get(2), 20, 'an entry in use survives the turn of its generation');
    assert.equal(c.get(13), 130);
    c.clear();
    assert.equal(c.get(13), undefined);
  });
});
