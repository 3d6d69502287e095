/**
 * The upload writer thread of a SQLite storage opened in a book worker (see EngineProfile.uploadWriter):
 * it writes uploads, already encoded by the worker, on its own connection, so the worker ranks the book
 * while the upload is committed (2 cores: the write and the ranking run at the same time). Writes go
 * through the process's shared write lock like every other SQLite writer. It also looks up a book's
 * signals (the worker merges the book meanwhile): requests are served in the order they come.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { StorageError } from './errors.ts';
import { KyselyStorage, type EncodedUpload } from './kysely-storage.ts';
import { openSqlite, WRITER_LOADED } from './sqlite.ts';
import type { SignalsWanted } from '../domain/types.ts';
import type { BookSignals } from './types.ts';
import { adoptWriteLocks } from './write-lock.ts';

/** A book's signal lookup (Storage.loadSignals); the key lists as JSON text (one string clones cheaply). */
export interface SignalsRequest {
  tenant: string;
  userId: string;
  /** JSON of BookKeys.all; of BookKeys.pending when that is another list (null: the same list). */
  all: string;
  pending: string | null;
  ownerKeys: string[];
  /** BookKeys.want. */
  want?: SignalsWanted;
}
export type WriterRequest = { id: number; enc: EncodedUpload } | { id: number; signals: SignalsRequest } | 'close';
export type WriterReply =
  | { id: number; seq: number }
  | { id: number; signals: BookSignals }
  | { id: number; error: { kind: StorageError['kind']; message: string } };

const { path, writeLocks } = workerData as { path: string; writeLocks: [string, Int32Array][] };
adoptWriteLocks(writeLocks);
const storage = new KyselyStorage(openSqlite(path));
const port = parentPort!;
port.postMessage(WRITER_LOADED);

/** A signal lookup on this thread's connection: the book worker meanwhile merges the book. */
function lookUpSignals(r: SignalsRequest): Promise<BookSignals> {
  const all = JSON.parse(r.all) as string[];
  const pending = r.pending === null ? all : (JSON.parse(r.pending) as string[]);
  return storage.loadSignals(r.tenant, r.userId, { all, pending, want: r.want }, r.ownerKeys);
}

/** Writes in flight: a close waits for them (each is answered, none cut off mid-transaction). */
const inFlight = new Set<Promise<unknown>>();

port.on('message', (m: WriterRequest) => {
  if (m === 'close') {
    void Promise.allSettled([...inFlight])
      .then(() => storage.close())
      .finally(() => process.exit(0));
    return;
  }
  const failed = (operation: string) => (e: unknown) => {
    const err = e instanceof StorageError ? e : new StorageError('failed', `${operation}: database error`);
    port.postMessage({ id: m.id, error: { kind: err.kind, message: err.message } } satisfies WriterReply);
  };
  const done =
    'signals' in m
      ? lookUpSignals(m.signals).then((signals) => port.postMessage({ id: m.id, signals } satisfies WriterReply), failed('loadSignals'))
      : storage.writeEncodedUpload(m.enc).then((seq) => port.postMessage({ id: m.id, seq } satisfies WriterReply), failed('appendUpload'));
  inFlight.add(done);
  void done.finally(() => inFlight.delete(done));
});
