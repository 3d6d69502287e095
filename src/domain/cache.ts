/**
 * A bounded memo cache in two generations: entries go to `young`; when it holds half the cap it becomes
 * `old` and the previous `old` is dropped whole. An entry found in `old` is still in use and moves back
 * to `young`. Memory stays bounded and eviction costs nothing: deleting a Map's oldest entries one at a
 * time leaves holes that every later `keys().next()` walks over, which made a full cache several times
 * slower than an empty one. Pure memoisation: a cached answer equals a recomputed one.
 */
export class TwoGenerationCache<K, V> {
  readonly #max: number;
  #young = new Map<K, V>();
  #old = new Map<K, V>();

  /** `max`: entries held at most (both generations together). */
  constructor(max: number) {
    this.#max = max;
  }

  /** The cached value, or undefined (a cached null is a value). */
  get(key: K): V | undefined {
    const hit = this.#young.get(key);
    if (hit !== undefined || this.#old.size === 0) return hit;
    const old = this.#old.get(key);
    if (old !== undefined) this.set(key, old); // still in use: kept through the next turn
    return old;
  }

  set(key: K, value: V): void {
    if (this.#young.size >= this.#max / 2) {
      this.#old = this.#young;
      this.#young = new Map();
    }
    this.#young.set(key, value);
  }

  clear(): void {
    this.#young = new Map();
    this.#old = new Map();
  }
}
