/**
 * A book worker: runs the big requests of the address-book routes off the event loop, whole (parse,
 * validate, clean, store, merge, rank, serialise), on its own Storage connection, with the very code
 * the routes run (answerUpload, postAnswer, getAnswer) and validators/serializers compiled as Fastify
 * compiles them. It answers with the JSON (UTF-8 bytes, transferred to the event loop, which sends them
 * as they are), or the ApiError to send.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config.ts';
import { ApiError } from '../http/errors.ts';
import { answerUpload, getAnswer, postAnswer, uploadBodySchema, type AnswerContext } from '../http/routes/address-book.ts';
import { makeSchemas, type UploadBody } from '../http/schemas.ts';
import { AddressBookService } from '../services/address-book.ts';
import { openStorage } from '../storage/index.ts';
import { adoptWriteLocks } from '../storage/write-lock.ts';
import { compileBodyValidator, compileListSerializer, parseJsonBody } from './compilers.ts';
import { transferList } from '../lib/transfer.ts';
import type { Job, JobContext, JobReply, WorkerInit } from './protocol.ts';

const { config, writeLocks } = (workerData as { init: WorkerInit }).init as WorkerInit & { config: Config };
const port = parentPort!;
// The process's SQLite write locks, before any storage is opened (see storage/write-lock.ts).
adoptWriteLocks(writeLocks ?? []);
// The app migrated the database before starting: a worker only connects.
// On SQLite, uploads are written by a thread of the worker's own while the worker ranks the book.
const storage = await openStorage(config.databaseUrl, { uploadWriterThread: true });
const service = new AddressBookService(storage, config);
const S = makeSchemas(config);
const validateUpload = compileBodyValidator(uploadBodySchema(S));
const serializeUpload = compileListSerializer(S.UploadResponse);
const serializeBook = compileListSerializer(S.BookResponse);

function contextOf(ctx: JobContext): AnswerContext {
  return { tenant: ctx.tenant, appName: ctx.appName, elapsed: () => Number(process.hrtime.bigint() - ctx.startNs) / 1e9 };
}

async function handle(job: Exclude<Job, { kind: 'close' }>): Promise<JobReply> {
  const ctx = contextOf(job.ctx);
  if (job.kind === 'post') {
    const text = Buffer.from(job.body.buffer, job.body.byteOffset, job.body.byteLength).toString('utf8');
    const body = parseJsonBody(text);
    validateUpload(body);
    const b = body as UploadBody;
    // The body's bytes are stored as they came (handed to the storage, which may move them to its writer).
    const answer = await answerUpload(service, config, b, ctx, undefined, job.body);
    const backfill = !('data' in answer);
    const json = Buffer.isBuffer(answer) ? answer : Buffer.from(serializeUpload(answer as { data?: unknown }), 'utf8');
    return { ok: true, body: json, upload: { entries: b.entries.length, backfill } };
  }
  const view = await service.ranked(job.ctx.tenant, job.userId, job.opts);
  const body =
    job.answer.type === 'get'
      ? serializeBook(getAnswer(view, job.userId, job.answer.docs, ctx))
      : serializeUpload(postAnswer(view, job.answer.batchId, job.userId, ctx));
  return { ok: true, body: Buffer.from(body, 'utf8') };
}

function failure(e: unknown): JobReply {
  if (e instanceof ApiError) return { ok: false, error: { kind: 'api', code: e.code, message: e.message, details: e.details, headers: e.headers } };
  const err = e instanceof Error ? e : new Error(String(e));
  return { ok: false, error: { kind: 'internal', name: err.name, message: err.message, stack: err.stack } };
}

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
