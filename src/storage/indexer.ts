/**
 * The background indexer loop (issue #13): writes the key index of acknowledged uploads from the durable
 * index_queue, oldest first, until stopped. Any number of servers (and threads) may run one on the same
 * database: claiming is safe (see KyselyStorage.indexPending), so they only share the work.
 */
import type { IndexRun } from './types.ts';

/** Wait between polls of an empty queue (ms): bounds the index lag of an upload when the indexer idles. */
export const INDEX_POLL_MS = 20;
/**
 * Wait between polls of an empty queue while the engine announces new work (ms; PostgreSQL: LISTEN). An
 * announcement wakes the loop at once; the poll only covers work nobody announced (a queue row moved to
 * the back, an upload written through a node this server does not listen to).
 */
export const INDEX_IDLE_POLL_MS = 1_000;
/** Wait after a failed round (database down, ...) before trying again (ms). */
const INDEX_ERROR_BACKOFF_MS = 500;

/** Announcements of new index work, as an engine gives them (EngineProfile.listenForIndexWork). */
export interface IndexWorkListener {
  /** Whether announcements arrive now (false while its connection is down: the loop then polls often). */
  readonly listening: boolean;
  close(): Promise<void>;
}

/** What the loop indexes: a storage (KyselyStorage), with the engine's announcements when it has them. */
export interface IndexWorkSource {
  indexPending(): Promise<IndexRun>;
  /** Calls `onWork` whenever an upload queued index work (and whenever it stops or starts listening). */
  listenForIndexWork?(onWork: () => void): IndexWorkListener | null;
}

/**
 * Runs `indexPending` in a loop: at once again while it finds work, after a pause when the queue is
 * empty or every waiting book is held by someone else: `pollMs`, or INDEX_IDLE_POLL_MS while the engine
 * announces new work (an announcement ends the pause at once). Resolves with the function that stops it
 * (after the round in progress, which commits or rolls back whole).
 */
export function runIndexer(target: IndexWorkSource, opts: { pollMs?: number; idlePollMs?: number; onError?: (e: unknown) => void } = {}): () => Promise<void> {
  const pollMs = opts.pollMs ?? INDEX_POLL_MS;
  const idlePollMs = opts.idlePollMs ?? INDEX_IDLE_POLL_MS;
  let stopped = false;
  let wake: (() => void) | null = null;
  // An announcement while a round runs: the round may have read the queue before the upload committed.
  let announced = false;
  const listener =
    target.listenForIndexWork?.(() => {
      announced = true;
      wake?.();
    }) ?? null;
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
      announced = false;
      try {
        const r = await target.indexPending();
        if (r.uploads === 0) wait = listener?.listening ? idlePollMs : pollMs;
      } catch (e) {
        opts.onError?.(e);
        wait = INDEX_ERROR_BACKOFF_MS;
      }
      if (wait > 0 && !stopped && !announced) await sleep(wait);
    }
  })();
  return async () => {
    stopped = true;
    wake?.();
    await loop;
    await listener?.close();
  };
}
