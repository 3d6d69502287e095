/**
 * Which Citus shard holds a text key, computed here instead of asking the coordinator (issue #13).
 *
 * Citus places a row of a hash-distributed table by the hash of its distribution column (for `text`,
 * PostgreSQL's `hashtext`: Bob Jenkins' lookup3 `hash_bytes` over the UTF-8 bytes, for a deterministic
 * collation) in the shard whose [min, max] hash interval holds it. Kith's key lookups group a book's
 * keys by shard with it and send each shard only its own keys: one `key = any($keys)` of all of them
 * would send the whole list to every shard, each probing its index for keys it cannot hold (a
 * 50,000-entry book: 65,000 keys times the shard count).
 *
 * Correctness never depends on it: each group is still filtered by `key = any(group)`, which Citus prunes
 * to the shards of the keys it holds. A wrong hash (another collation, a big-endian server, intervals
 * changed since they were read) only makes a group span more shards. `worker_hash()` of Citus is
 * compared with hashText on a real cluster in test/storage/citus.test.ts.
 */

const rot = (x: number, k: number): number => ((x << k) | (x >>> (32 - k))) >>> 0;

/** PostgreSQL's hash_bytes (src/common/hashfn.c, little-endian) of `k`, as a signed 32-bit integer. */
export function hashBytes(k: ArrayLike<number>, length: number = k.length): number {
  let len = length;
  let a = (0x9e3779b9 + len + 3923095) >>> 0;
  let b = a;
  let c = a;
  let i = 0;
  while (len >= 12) {
    a = (a + (k[i]! | (k[i + 1]! << 8) | (k[i + 2]! << 16) | (k[i + 3]! << 24))) >>> 0;
    b = (b + (k[i + 4]! | (k[i + 5]! << 8) | (k[i + 6]! << 16) | (k[i + 7]! << 24))) >>> 0;
    c = (c + (k[i + 8]! | (k[i + 9]! << 8) | (k[i + 10]! << 16) | (k[i + 11]! << 24))) >>> 0;
    // mix(a, b, c)
    a = ((a - c) ^ rot(c, 4)) >>> 0;
    c = (c + b) >>> 0;
    b = ((b - a) ^ rot(a, 6)) >>> 0;
    a = (a + c) >>> 0;
    c = ((c - b) ^ rot(b, 8)) >>> 0;
    b = (b + a) >>> 0;
    a = ((a - c) ^ rot(c, 16)) >>> 0;
    c = (c + b) >>> 0;
    b = ((b - a) ^ rot(a, 19)) >>> 0;
    a = (a + c) >>> 0;
    c = ((c - b) ^ rot(b, 4)) >>> 0;
    b = (b + a) >>> 0;
    i += 12;
    len -= 12;
  }
  // The last 0-11 bytes (hashfn.c's fall-through switch; the lowest byte of c is reserved for the length).
  if (len >= 11) c = (c + (k[i + 10]! << 24)) >>> 0;
  if (len >= 10) c = (c + (k[i + 9]! << 16)) >>> 0;
  if (len >= 9) c = (c + (k[i + 8]! << 8)) >>> 0;
  if (len >= 8) b = (b + (k[i + 7]! << 24)) >>> 0;
  if (len >= 7) b = (b + (k[i + 6]! << 16)) >>> 0;
  if (len >= 6) b = (b + (k[i + 5]! << 8)) >>> 0;
  if (len >= 5) b = (b + k[i + 4]!) >>> 0;
  if (len >= 4) a = (a + (k[i + 3]! << 24)) >>> 0;
  if (len >= 3) a = (a + (k[i + 2]! << 16)) >>> 0;
  if (len >= 2) a = (a + (k[i + 1]! << 8)) >>> 0;
  if (len >= 1) a = (a + k[i]!) >>> 0;
  // final(a, b, c)
  c = ((c ^ b) - rot(b, 14)) >>> 0;
  a = ((a ^ c) - rot(c, 11)) >>> 0;
  b = ((b ^ a) - rot(a, 25)) >>> 0;
  c = ((c ^ b) - rot(b, 16)) >>> 0;
  a = ((a ^ c) - rot(c, 4)) >>> 0;
  b = ((b ^ a) - rot(a, 14)) >>> 0;
  c = ((c ^ b) - rot(b, 24)) >>> 0;
  return c | 0;
}

/** Scratch space for ASCII keys (most keys: `e:local@domain`, `+15551234567`), reused: no allocation per key. */
let ascii = new Uint8Array(256);

/** PostgreSQL's hashtext of `key` (deterministic collation): the Citus hash of a text distribution column. */
export function hashText(key: string): number {
  const n = key.length;
  if (n > ascii.length) ascii = new Uint8Array(n * 2);
  for (let i = 0; i < n; i++) {
    const ch = key.charCodeAt(i);
    if (ch >= 0x80) return hashBytes(Buffer.from(key, 'utf8'));
    ascii[i] = ch;
  }
  return hashBytes(ascii, n);
}

/**
 * The hash intervals of one co-location group's shards, in order: `mins[i]` is the lowest hash of
 * shard i (Citus's intervals cover the int32 range without gaps). shardOf(key) is the index of the
 * shard holding key, from 0 to mins.length - 1.
 */
export class ShardIntervals {
  readonly #mins: Int32Array;

  constructor(mins: readonly number[]) {
    if (mins.length === 0) throw new Error('ShardIntervals: no shard');
    this.#mins = Int32Array.from([...mins].sort((x, y) => x - y));
  }

  get count(): number {
    return this.#mins.length;
  }

  shardOf(key: string): number {
    const h = hashText(key);
    const m = this.#mins;
    // The last interval whose min is <= h (binary search).
    let lo = 0;
    let hi = m.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (m[mid]! <= h) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
