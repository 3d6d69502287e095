/**
 * The indexer thread (issue #13): writes the key index of acknowledged uploads off the event loop. On
 * SQLite it runs the writes themselves (a 50,000-entry upload's 65,000 index rows take ~150 ms of CPU);
 * its writes queue on the process's shared write lock like every other SQLite writer. On PostgreSQL the
 * writes are the server's, but the JavaScript around them is not small either (the stats of a big upload
 * parsed and merged, 65,000 rows serialised as query parameters): small requests must not wait behind it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThreadPriority } from '../lib/thread-priority.ts';
import { runIndexer } from './indexer.ts';
import { KyselyStorage } from './kysely-storage.ts';
import { openPostgres } from './postgres.ts';
import { openSqlite } from './sqlite.ts';
import type { IndexerTarget } from './threads.ts';
import { adoptWriteLocks } from './write-lock.ts';

/** Wait before opening PostgreSQL again when it could not be reached (ms). */
const REOPEN_BACKOFF_MS = 1_000;

const { target, writeLocks } = workerData as { target: IndexerTarget; writeLocks: [string, Int32Array][] };
adoptWriteLocks(writeLocks);
const port = parentPort!;
// Background work: below the event loop's small requests (lib/thread-priority.ts).
lowerThreadPriority();
let stopped = false;
let stopIndexer: (() => Promise<void>) | null = null;
// SQLite is opened here, before the thread says it runs: a file that cannot be opened fails the start.
let storage: KyselyStorage | null = target.engine === 'sqlite' ? new KyselyStorage(openSqlite(target.path)) : null;

/**
 * Opens the storage and starts the loop. PostgreSQL may be unreachable for a while (a restart): the
 * thread keeps trying, as the event loop's pool reconnects, instead of leaving the queue to nobody.
 */
async function start(): Promise<void> {
  while (storage === null && !stopped && target.engine === 'postgres') {
    try {
      storage = new KyselyStorage(await openPostgres(target.url));
    } catch {
      await new Promise((r) => setTimeout(r, REOPEN_BACKOFF_MS));
    }
  }
  if (storage !== null && !stopped) stopIndexer = runIndexer(storage);
}

const started = start();
port.postMessage('ready');
port.on('message', (m: unknown) => {
  if (m !== 'stop') return;
  stopped = true;
  void started
    .then(() => stopIndexer?.())
    .then(() => storage?.close())
    .finally(() => process.exit(0));
});
