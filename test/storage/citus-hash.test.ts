/**
 * The Citus shard of a key, computed in Kith (src/storage/citus-hash.ts): PostgreSQL's hashtext and the
 * shard intervals. The vectors are Citus's own `worker_hash()` (Citus 13.2 on PostgreSQL 15, C.UTF-8);
 * test/storage/citus.test.ts compares thousands more with a live cluster.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashText, ShardIntervals } from '../../src/storage/citus-hash.ts';

describe('citus-hash', () => {
  it("hashText is Citus's worker_hash of the text (every tail length, multi-byte UTF-8)", () => {
    const vectors: [string, number][] = [
      ['', -1477818771],
      ['a', 1075015857],
      ['e:ana@example.org', 1565197345],
      ['p:+14155550123', -25567779],
      ['e:zoë.müller@example.com', -977635953],
      ['exactly12chr', 1930863690],
      ['thirteen_char', -464376127],
      ['e:🙂@emoji.example', -1637595344],
    ];
    for (const [key, h] of vectors) assert.equal(hashText(key), h, JSON.stringify(key));
  });

  it('ShardIntervals finds the interval holding the hash, for any order of the minimums', () => {
    // Four shards as Citus makes them: [-2^31, -2^30), [-2^30, 0), [0, 2^30), [2^30, 2^31).
    const s = new ShardIntervals([0, -(2 ** 31), 2 ** 30, -(2 ** 30)]);
    assert.equal(s.count, 4);
    const expect = (h: number) => (h < -(2 ** 30) ? 0 : h < 0 ? 1 : h < 2 ** 30 ? 2 : 3);
    for (const key of ['', 'a', 'e:ana@example.org', 'p:+14155550123', 'exactly12chr', 'thirteen_char']) {
      assert.equal(s.shardOf(key), expect(hashText(key)), key);
    }
    assert.equal(new ShardIntervals([-(2 ** 31)]).shardOf('anything'), 0);
    assert.throws(() => new ShardIntervals([]), /no shard/);
  });
});
