/**
 * One SQLite write lock shared by every thread of the process (the event loop and the book workers),
 * on a SharedArrayBuffer. SQLite allows one writer at a time; without this, two threads' BEGIN IMMEDIATE
 * collide and the loser sleeps in SQLite's busy handler (1, 2, 5, 10, ... 100 ms naps) long after the
 * winner committed, which costs concurrent uploads far more than the writes themselves. Here the waiter
 * is woken the moment the lock is released. SQLite's own busy timeout still covers other processes.
 *
 * The lock's first word holds 0 (free) or the holder's threadId + 1, so the pool can release the lock of
 * a worker that died holding it; the second counts the threads waiting for it (yieldWriteLock reads it).
 */
import { threadId } from 'node:worker_threads';

/** Atomics.waitAsync (Node 16+; in TypeScript's lib from ES2024 on, the target here is ES2022). */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(a: Int32Array, i: number, v: number, t: number): { async: false; value: string } | { async: true; value: Promise<string> };
  }
).waitAsync;

/** Longest wait for the lock before going ahead anyway (SQLite's busy timeout then applies), ms. */
const MAX_WAIT_MS = 5_000;
/** Longest wait of yieldWriteLock for a waiter to take the lock (ms). */
const YIELD_MAX_MS = 10;
/** The words of a lock: its holder, and how many threads wait for it. */
const HOLDER = 0;
const WAITERS = 1;

/** Locks by database file, shared with the workers through their start data. */
const locks = new Map<string, Int32Array>();

/** The lock of the database file `path`, created on first use in the process's first thread. */
export function writeLockFor(path: string): Int32Array {
  let lock = locks.get(path);
  if (lock === undefined) {
    lock = new Int32Array(new SharedArrayBuffer(8));
    locks.set(path, lock);
  }
  return lock;
}

/** The locks of this thread, to hand to a worker (SharedArrayBuffers are shared, not copied). */
export function exportWriteLocks(): [string, Int32Array][] {
  return [...locks];
}

/** Adopts the locks a worker was started with (before it opens any storage). */
export function adoptWriteLocks(entries: readonly [string, Int32Array][]): void {
  for (const [path, lock] of entries) locks.set(path, lock);
}

/**
 * Waits until this thread holds `lock` (without blocking the event loop); true when it does, false when
 * it gave up waiting. Another connection of this same thread holding it is waited for like any other.
 */
export async function acquireWriteLock(lock: Int32Array): Promise<boolean> {
  const me = threadId + 1;
  if (Atomics.compareExchange(lock, HOLDER, 0, me) === 0) return true;
  const deadline = Date.now() + MAX_WAIT_MS;
  Atomics.add(lock, WAITERS, 1);
  try {
    for (;;) {
      const holder = Atomics.compareExchange(lock, HOLDER, 0, me);
      if (holder === 0) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false; // give up waiting: SQLite's busy timeout decides from here
      const w = waitAsync(lock, HOLDER, holder, left);
      if (w.async) await w.value;
    }
  } finally {
    Atomics.sub(lock, WAITERS, 1);
  }
}

/**
 * For a writer that takes the lock many times in a row (the key indexer's chunks): when another thread
 * waits for the lock, lets it take the lock first, waiting (at most YIELD_MAX_MS) until it has; at once
 * otherwise. Without it the one that just released the lock takes it again before the woken waiter's
 * thread runs, and an upload waits behind every chunk of the index round instead of one.
 */
export async function yieldWriteLock(lock: Int32Array): Promise<void> {
  const deadline = Date.now() + YIELD_MAX_MS;
  while (Atomics.load(lock, WAITERS) > 0 && Atomics.load(lock, HOLDER) === 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** Whether another thread waits for `lock` now. */
export function writersWaitFor(lock: Int32Array): boolean {
  return Atomics.load(lock, WAITERS) > 0;
}

/** Releases `lock`, held by this thread (acquireWriteLock gave true), and wakes one waiter. */
export function releaseWriteLock(lock: Int32Array): void {
  if (Atomics.compareExchange(lock, HOLDER, threadId + 1, 0) === threadId + 1) Atomics.notify(lock, HOLDER, 1);
}

/** Releases every lock held by the (dead) thread `deadThreadId`. */
export function releaseLocksOf(deadThreadId: number): void {
  for (const lock of locks.values()) {
    if (Atomics.compareExchange(lock, HOLDER, deadThreadId + 1, 0) === deadThreadId + 1) Atomics.notify(lock, HOLDER, 1);
  }
}
