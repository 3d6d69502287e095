/**
 * The background indexer loop (issue #13): writes the key index of acknowledged uploads from the durable
 * index_queue, oldest first, until stopped. Any number of servers (and threads) may run one on the same
 * database: claiming is safe (see KyselyStorage.indexPending), so they only share the work.
 */
import type { IndexRun } from './types.ts';

/** Wait between polls of an empty queue (ms): bounds the index lag of an upload when the indexer idles. */
export const INDEX_POLL_MS = 20;
/** Wait after a failed round (database down, ...) before trying again (ms). */
const INDEX_ERROR_BACKOFF_MS = 500;

/**
 * Runs `indexPending` in a loop: at once again while it finds work, after `pollMs` when the queue is
 * empty or every waiting book is held by someone else. Resolves with the function that stops it (after
 * the round in progress, which commits or rolls back whole).
 */
export function runIndexer(target: { indexPending(): Promise<IndexRun> }, opts: { pollMs?: number; onError?: (e: unknown) => void } = {}): () => Promise<void> {
  const pollMs = opts.pollMs ?? INDEX_POLL_MS;
  let stopped = false;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });
  const loop = (async () => {
    while (!stopped) {
      let wait = 0;
      try {
        const r = await target.indexPending();
        if (r.uploads === 0) wait = pollMs;
      } catch (e) {
        opts.onError?.(e);
        wait = INDEX_ERROR_BACKOFF_MS;
      }
      if (wait > 0 && !stopped) await sleep(wait);
    }
  })();
  return async () => {
    stopped = true;
    wake?.();
    await loop;
  };
}
