/**
 * The storage's background threads (an engine's upkeep and the key indexer), started and stopped the
 * same way on every engine.
 */
import { THREAD_BOOT, threadModule } from '../lib/thread-module.ts';
import { Worker } from 'node:worker_threads';
import { exportWriteLocks, releaseLocksOf } from './write-lock.ts';

const INDEXER_ENTRY = threadModule('./indexer-thread.ts', import.meta.url);

/** What the indexer thread opens: a SQLite file, or a PostgreSQL database by its URL. */
export type IndexerTarget = { engine: 'sqlite'; path: string } | { engine: 'postgres'; url: string };

/**
 * Starts the indexer thread (indexer-thread.ts) on `target`; resolves once it runs, with the function
 * that stops it. The event loop then never runs an index round: on SQLite the writes themselves, on
 * PostgreSQL the JavaScript around them (a 50,000-entry upload's stats parsed and merged into 65,000
 * rows, and those rows serialised as query parameters: a few hundred ms that small requests would wait
 * behind).
 */
export function startIndexerThread(target: IndexerTarget): Promise<() => Promise<void>> {
  // An indexer thread that dies leaves its work in the queue: the next start (or any other server) does it.
  const worker = new Worker(THREAD_BOOT, { workerData: { entry: INDEXER_ENTRY, target, writeLocks: exportWriteLocks() } });
  const threadId = worker.threadId;
  // Ended inside a transaction (terminated): the other writers must not wait.
  return runBackgroundThread(worker, 10_000, () => releaseLocksOf(threadId));
}

/**
 * Waits for a background thread's first message (it runs), then returns the function that stops it:
 * 'stop', and terminate after `graceMs` if it has not ended. `onExit` runs when it ends, whatever the cause.
 */
export async function runBackgroundThread(worker: Worker, graceMs: number, onExit: () => void): Promise<() => Promise<void>> {
  // Listened for from the start: a thread that ends right after its first message may have its 'exit'
  // emitted in the same turn as that message, before an await on the message returns.
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      onExit();
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  worker.on('error', () => {}); // a later failure ends the thread: 'exit' follows
  let stopping: Promise<void> | null = null;
  return () =>
    (stopping ??= (async () => {
      worker.postMessage('stop');
      const timer = setTimeout(() => void worker.terminate(), graceMs);
      await exited;
      clearTimeout(timer);
    })());
}
