/**
 * The SQLite indexer thread (issue #13): writes the key index of acknowledged uploads off the event loop
 * (a 50,000-entry upload's 65,000 index rows take ~150 ms of CPU, which small requests must not wait
 * behind). Its writes queue on the process's shared write lock like every other SQLite writer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { runIndexer } from './indexer.ts';
import { KyselyStorage } from './kysely-storage.ts';
import { openSqlite } from './sqlite.ts';
import { adoptWriteLocks } from './write-lock.ts';

const { path, writeLocks } = workerData as { path: string; writeLocks: [string, Int32Array][] };
adoptWriteLocks(writeLocks);
const storage = new KyselyStorage(openSqlite(path));
const port = parentPort!;
const stop = runIndexer(storage);
port.postMessage('ready');
port.on('message', (m: unknown) => {
  if (m !== 'stop') return;
  void stop()
    .then(() => storage.close())
    .finally(() => process.exit(0));
});
