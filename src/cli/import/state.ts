/**
 * The resume file of `kith import` / `kith backfill` (default `<file>.kith-progress`): which units (JSONL
 * lines, or the one book of a .vcf/.csv file) are loaded, how many batches of a half-loaded unit are
 * loaded, and which failed. A rerun skips what is recorded, so nothing is loaded twice; it is written
 * after every acknowledged batch, atomically (temporary file + rename), so a crash leaves the last good
 * state. It names the file's size and sha256, the server and the batch size, so progress recorded for
 * one input is never applied to another.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/** A set of positive integers kept as sorted, disjoint, non-adjacent [first, last] ranges. */
export class RangeSet {
  private ranges: [number, number][] = [];

  constructor(ranges: [number, number][] = []) {
    const valid = ranges
      .filter((r) => Array.isArray(r) && Number.isInteger(r[0]) && Number.isInteger(r[1]) && r[0] >= 1 && r[0] <= r[1])
      .map(([a, b]): [number, number] => [a, b])
      .sort((x, y) => x[0] - y[0]);
    for (const r of valid) {
      const last = this.ranges[this.ranges.length - 1];
      if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
      else this.ranges.push(r);
    }
  }

  private normalise(i: number): void {
    while (i + 1 < this.ranges.length && this.ranges[i + 1][0] <= this.ranges[i][1] + 1) {
      this.ranges[i][1] = Math.max(this.ranges[i][1], this.ranges[i + 1][1]);
      this.ranges.splice(i + 1, 1);
    }
    while (i > 0 && this.ranges[i - 1][1] + 1 >= this.ranges[i][0]) {
      this.ranges[i - 1][1] = Math.max(this.ranges[i - 1][1], this.ranges[i][1]);
      this.ranges.splice(i, 1);
      i--;
    }
  }

  has(n: number): boolean {
    let lo = 0;
    let hi = this.ranges.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [a, b] = this.ranges[mid];
      if (n < a) hi = mid - 1;
      else if (n > b) lo = mid + 1;
      else return true;
    }
    return false;
  }

  add(n: number): void {
    if (this.has(n)) return;
    // Units finish almost in order, so the common case is extending the last range.
    const last = this.ranges[this.ranges.length - 1];
    if (last && n === last[1] + 1) {
      last[1] = n;
      return;
    }
    let i = this.ranges.findIndex(([a]) => a > n);
    if (i === -1) i = this.ranges.length;
    this.ranges.splice(i, 0, [n, n]);
    this.normalise(i);
  }

  /** Removes n (splitting its range when n is inside one). */
  delete(n: number): void {
    const i = this.ranges.findIndex(([a, b]) => a <= n && n <= b);
    if (i < 0) return;
    const [a, b] = this.ranges[i];
    const parts: [number, number][] = [];
    if (a < n) parts.push([a, n - 1]);
    if (n < b) parts.push([n + 1, b]);
    this.ranges.splice(i, 1, ...parts);
  }

  get size(): number {
    return this.ranges.reduce((s, [a, b]) => s + (b - a + 1), 0);
  }

  toJSON(): [number, number][] {
    return this.ranges.map(([a, b]) => [a, b]);
  }
}

/** What identifies the input and the target; a state file for different ones is not applied. */
export interface StateIdentity {
  file: string;
  size: number;
  sha256: string;
  url: string;
  mode: 'import' | 'backfill';
  batchSize: number;
  /** For a .vcf/.csv book: the user it is loaded for. */
  userId?: string;
}

interface StateFile extends StateIdentity {
  kind: 'kith-import-progress';
  version: 1;
  /** Units fully loaded, as [first, last] ranges of unit numbers (JSONL line numbers, 1-based). */
  done: [number, number][];
  /** Unit number → batches of it already loaded (units loaded in part). */
  partial: Record<string, number>;
  /** Unit number → why it failed (the API's message; never the data). */
  failed: Record<string, string>;
  updatedAt: string;
}

/** Thrown when a state file does not belong to this input; the message says how to proceed. */
export class StateMismatchError extends Error {}

/** The progress of one import, loaded from and saved to its state file. */
export class ImportState {
  readonly done: RangeSet;
  readonly partial = new Map<number, number>();
  readonly failed = new Map<number, string>();
  /** Whether a previous run had recorded progress (for the summary). */
  readonly resumed: boolean;

  private constructor(
    readonly path: string,
    readonly identity: StateIdentity,
    prior?: StateFile,
  ) {
    this.done = new RangeSet(prior?.done ?? []);
    for (const [k, v] of Object.entries(prior?.partial ?? {})) this.partial.set(Number(k), v);
    // Failed units are retried by a rerun: their failure is kept only until they are tried again.
    for (const [k, v] of Object.entries(prior?.failed ?? {})) this.failed.set(Number(k), v);
    this.resumed = Boolean(prior && (this.done.size > 0 || this.partial.size > 0));
  }

  /**
   * Opens the state at `path` for `identity`. With `restart`, recorded progress is discarded. Throws
   * StateMismatchError when the file records another input, server, mode, user or batch size.
   */
  static open(path: string, identity: StateIdentity, opts: { restart?: boolean } = {}): ImportState {
    if (opts.restart || !existsSync(path)) return new ImportState(path, identity);
    let prior: StateFile;
    try {
      prior = JSON.parse(readFileSync(path, 'utf8')) as StateFile;
    } catch (e) {
      throw new StateMismatchError(`cannot read the progress file ${path} (${(e as Error).message}); remove it or pass --restart`);
    }
    if (prior.kind !== 'kith-import-progress' || prior.version !== 1) {
      throw new StateMismatchError(`${path} is not a kith progress file; remove it or pass --state with another path`);
    }
    const differences: string[] = [];
    if (prior.size !== identity.size || prior.sha256 !== identity.sha256) differences.push('the file changed since then');
    if (prior.url !== identity.url) differences.push(`it was for ${prior.url}`);
    if (prior.mode !== identity.mode) differences.push(`it was a ${prior.mode} run`);
    if (prior.batchSize !== identity.batchSize) differences.push(`it used batches of ${prior.batchSize} (pass --batch-size ${prior.batchSize})`);
    if ((prior.userId ?? null) !== (identity.userId ?? null)) differences.push('it was for another --user');
    if (differences.length) {
      throw new StateMismatchError(
        `${path} records progress of another run: ${differences.join('; ')}. Pass --restart to discard it and load everything again (entries already loaded are sent again), or --state to keep it.`,
      );
    }
    return new ImportState(path, identity, prior);
  }

  /** Batches of unit `n` already loaded. */
  batchesDone(n: number): number {
    return this.partial.get(n) ?? 0;
  }

  batchLoaded(n: number, batchesDone: number): void {
    this.partial.set(n, batchesDone);
    this.save();
  }

  unitLoaded(n: number): void {
    this.done.add(n);
    this.partial.delete(n);
    this.failed.delete(n);
    this.save();
  }

  /** Forgets that unit `n` was loaded (its book is gone from the server): it is loaded whole again. */
  forget(n: number): void {
    this.done.delete(n);
    this.partial.delete(n);
    this.save();
  }

  unitFailed(n: number, why: string): void {
    this.failed.set(n, why);
    this.save();
  }

  /** Writes the state atomically: a reader (or a crash) sees the old file or the new one, never half. */
  save(): void {
    const body: StateFile = {
      kind: 'kith-import-progress',
      version: 1,
      ...this.identity,
      done: this.done.toJSON(),
      partial: Object.fromEntries(this.partial),
      failed: Object.fromEntries(this.failed),
      updatedAt: new Date().toISOString(),
    };
    const tmp = `${this.path}.tmp-${process.pid}`;
    writeFileSync(tmp, `${JSON.stringify(body, null, 1)}\n`);
    renameSync(tmp, this.path);
  }
}
