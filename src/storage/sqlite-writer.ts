/**
 * The upload writer thread of a SQLite storage opened in a book worker (see EngineProfile.uploadWriter):
 * it writes uploads, already encoded by the worker, on its own connection, so the worker ranks the book
 * while the upload is committed (2 cores: the write and the ranking run at the same time). Writes go
 * through the process's shared write lock like every other SQLite writer.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { StorageError } from './errors.ts';
import { KyselyStorage, type EncodedUpload } from './kysely-storage.ts';
import { openSqlite } from './sqlite.ts';
import { adoptWriteLocks } from './write-lock.ts';

export type WriterRequest = { id: number; enc: EncodedUpload } | 'close';
export type WriterReply = { id: number; seq: number } | { id: number; error: { kind: StorageError['kind']; message: string } };

const { path, writeLocks } = workerData as { path: string; writeLocks: [string, Int32Array][] };
adoptWriteLocks(writeLocks);
const storage = new KyselyStorage(openSqlite(path));
const port = parentPort!;

/** Writes in flight: a close waits for them (each is answered, none cut off mid-transaction). */
const inFlight = new Set<Promise<unknown>>();

port.on('message', (m: WriterRequest) => {
  if (m === 'close') {
    void Promise.allSettled([...inFlight])
      .then(() => storage.close())
      .finally(() => process.exit(0));
    return;
  }
  const done = storage.writeEncodedUpload(m.enc).then(
    (seq) => port.postMessage({ id: m.id, seq } satisfies WriterReply),
    (e: unknown) => {
      const err = e instanceof StorageError ? e : new StorageError('failed', 'appendUpload: database error');
      port.postMessage({ id: m.id, error: { kind: err.kind, message: err.message } } satisfies WriterReply);
    },
  );
  inFlight.add(done);
  void done.finally(() => inFlight.delete(done));
});
