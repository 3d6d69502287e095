/**
 * A book worker: runs the big requests of the address-book routes off the event loop, whole (parse,
 * validate, clean, store, merge, rank, serialise), on its own Storage connection. It runs the same path
 * as the route on the event loop (AddressBookAnswers: the use case and the one serialiser), with the body
 * validator compiled as Fastify compiles it. It answers with the JSON (UTF-8 bytes, transferred to the
 * event loop, which sends them as they are), or the error (a service or storage error keeps its kind).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config.ts';
import { makeSchemas, type UploadBody } from '../http/schemas.ts';
import { lowerThreadPriority } from '../lib/thread-priority.ts';
import { transferList } from '../lib/transfer.ts';
import { AddressBookService } from '../services/address-book.ts';
import { readRefusedUpload, type AnswerContext } from '../services/address-book-answers.ts';
import { ServiceError } from '../services/errors.ts';
import { StorageError } from '../storage/errors.ts';
import { openStorage } from '../storage/index.ts';
import { adoptWriteLocks } from '../storage/write-lock.ts';
import { AddressBookAnswers } from './answers.ts';
import { duplicateKeysOf } from '../services/json-body.ts';
import { compileBodyValidator, parseJsonBody } from './compilers.ts';
import { type Job, type JobContext, type JobReply, WORKER_LOADED, type WorkerInit } from './protocol.ts';

const { config, writeLocks } = (workerData as { init: WorkerInit }).init as WorkerInit & { config: Config };
const port = parentPort!;
// Big requests yield a contended core to the event loop's small ones (lib/thread-priority.ts); the
// SQLite upload writer this worker starts inherits the priority.
lowerThreadPriority();
// The process's SQLite write locks, before any storage is opened (see storage/write-lock.ts).
adoptWriteLocks(writeLocks ?? []);
// The app migrated the database before starting: a worker only connects.
// On SQLite, uploads are written by a thread of the worker's own while the worker ranks the book.
const storage = await openStorage(config.databaseUrl, { uploadWriterThread: true, queryTimeoutMs: config.dbQueryTimeoutMs || undefined });
const S = makeSchemas(config);
const answers = new AddressBookAnswers(new AddressBookService(storage, config), config, S);
// The route's body schema (the route adds only an `examples` annotation, which validation ignores).
const validateUpload = compileBodyValidator(S.UploadBody);

function contextOf(ctx: JobContext): AnswerContext {
  return { tenant: ctx.tenant, appName: ctx.appName, elapsed: () => Number(process.hrtime.bigint() - ctx.startNs) / 1e9, arrivedAt: ctx.arrivedAt };
}

async function handle(job: Exclude<Job, { kind: 'close' }>): Promise<JobReply> {
  const ctx = contextOf(job.ctx);
  if (job.kind === 'post') {
    const text = Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength).toString('utf8');
    const parsed = parseJsonBody(text, { duplicates: true });
    // A body the schema refuses is read again leniently (services/lenient.ts), as on the event loop.
    let body = parsed;
    try {
      validateUpload(parsed);
    } catch (e) {
      body = await readRefusedUpload(parsed, e, validateUpload, config);
    }
    const b = body as UploadBody;
    // The body's bytes are stored as they came (handed to the storage, which may move them to its writer).
    const r = await answers.upload(b, ctx, undefined, job.body);
    const twice = duplicateKeysOf(parsed);
    return { ok: true, body: r.json, upload: { entries: b.entries.length, backfill: r.backfill }, ...(twice.length > 0 ? { duplicateKeys: twice } : {}) };
  }
  const body =
    job.answer.type === 'get'
      ? await answers.read(job.userId, job.opts, job.answer.docs, ctx, job.answer.listLeftOut)
      : await answers.uploaded(job.userId, job.opts, job.answer.batchId, ctx, job.answer.report, undefined, job.answer.upToSeq);
  return { ok: true, body };
}

function failure(e: unknown): JobReply {
  if (e instanceof ServiceError) return { ok: false, error: { kind: 'service', code: e.code, message: e.message, details: e.details } };
  if (e instanceof StorageError) {
    const error = { kind: 'storage' as const, storageKind: e.kind, message: e.message, remoteNode: e.remoteNode, detail: e.detail, stored: e.stored };
    return { ok: false, error };
  }
  const err = e instanceof Error ? e : new Error(String(e));
  return { ok: false, error: { kind: 'internal', name: err.name, message: err.message, stack: err.stack } };
}

// Loaded once the storage's own threads are (SQLite: the upload writer): the pool's start-up waits for it.
await storage.whenLoaded();
port.postMessage(WORKER_LOADED);

port.on('message', (job: Job) => {
  if (job.kind === 'close') {
    void storage.close().finally(() => process.exit(0));
    return;
  }
  handle(job).then(
    (reply) => port.postMessage(reply, reply.ok ? transferList(reply.body) : []),
    (e) => port.postMessage(failure(e)),
  );
});
