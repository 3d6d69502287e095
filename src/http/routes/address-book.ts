/** POST /v0/address-book, GET and DELETE /v0/address-book/:user_id. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { OptionError, parseFlag, parseRankOptions, type RankOptions } from '../../domain/options.ts';
import type { EntryInput, SourceInput } from '../../domain/types.ts';
import { AddressBookService, cleaningOfUpload, toWire, uploadCleaningOf, type RankedView, type UploadCleaning } from '../../services/address-book.ts';
import type { KnownUpload, Tenant } from '../../storage/types.ts';
import type { JobContext } from '../../workers/protocol.ts';
import type { JobResult, WorkerPool } from '../../workers/pool.ts';
import { invalid } from '../errors.ts';
import { elapsedSeconds } from '../error-handler.ts';
import type { RankQuery, Schemas, UploadBody } from '../schemas.ts';
import { checkEntries, coerceSourceType, coerceUserId } from '../validate.ts';
import { unknownFieldWarnings, type FieldWarning } from '../warnings.ts';
import { EXAMPLE_UPLOAD } from './examples.ts';

function options(src: Record<string, unknown>): RankOptions {
  try {
    return parseRankOptions(src);
  } catch (e) {
    if (e instanceof OptionError) throw invalid(e.field, e.problem);
    throw e;
  }
}

/**
 * The user id of the path, decoded as existing clients encode it: form encoding, so `+` is a space
 * (and `%2B` a plus). Fastify's decoding keeps `+`, so the raw segment is decoded here.
 */
export function pathUserId(request: FastifyRequest): string {
  const path = request.url.split('?')[0];
  const raw = path.replace(/\/+$/, '').split('/').pop() ?? '';
  let id: string;
  try {
    id = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    throw invalid('user_id', 'is not a valid URL-encoded path segment');
  }
  if (id.trim() === '') throw invalid('user_id', 'must not be blank');
  if (id.length > 256) throw invalid('user_id', 'must be at most 256 characters');
  return id.trim();
}

/** The body schema of POST /v0/address-book, as the route declares it (the workers validate with it too). */
export function uploadBodySchema(S: Schemas) {
  return { ...S.UploadBody, examples: [EXAMPLE_UPLOAD] };
}

/** Who asks and how long the request has run (meta.time), wherever the answer is computed. */
export interface AnswerContext {
  tenant: Tenant;
  appName: string;
  elapsed: () => number;
}

/**
 * Runs the ranking of a stored book elsewhere (a worker) when it is big, and returns the answer's JSON
 * (UTF-8); null: rank here.
 */
export type RankElsewhere = (
  userId: string,
  opts: RankOptions,
  answer: { type: 'get'; docs: string; listLeftOut: boolean } | { type: 'post'; batchId: string; report: () => UploadReport },
  known?: KnownUpload,
) => Promise<Buffer | null>;

/**
 * What a POST answer says about the upload beyond the list: its cleaning summary, its left-out entries
 * (when asked for) and the warnings about its fields. Plain data: it travels to a worker as it is.
 */
export interface UploadReport {
  cleaning: UploadCleaning;
  listLeftOut: boolean;
  warnings: FieldWarning[];
}

/** The report's fields of `meta`, in a fixed order (in-process and worker answers are byte-identical). */
function addReport(meta: Record<string, unknown>, r: UploadReport, bookContacts: number | null): void {
  meta.cleaning = bookContacts === null ? r.cleaning.summary : { ...r.cleaning.summary, book_contacts: bookContacts };
  if (r.listLeftOut) meta.left_out_entries = r.cleaning.leftOut;
  if (r.warnings.length > 0) meta.warnings = r.warnings;
}

/** The answer of POST with a ranked list. */
export function postAnswer(view: RankedView, batchId: string, userId: string, ctx: AnswerContext, report?: UploadReport) {
  const meta: Record<string, unknown> = { app_name: ctx.appName, time: 0, total_count: view.rows.length, user_id: userId };
  if (view.exceptionMatchingDomain) meta.exception_matching_email_domain = true;
  if (report !== undefined) addReport(meta, report, view.cleaning.summary.contacts);
  const data = view.rows.map(toWire);
  meta.time = ctx.elapsed();
  return { batch_id: batchId, data, message: `Address book for ${userId} added.`, meta };
}

/** The answer of GET; `listLeftOut`: with the book's left-out entries (include_left_out=1 or explain=1). */
export function getAnswer(view: RankedView, userId: string, docs: string, ctx: AnswerContext, listLeftOut = false) {
  const meta: Record<string, unknown> = {
    app_name: ctx.appName,
    docs,
    help: 'Questions? See the reference at meta.docs.',
    time: 0,
    total_count: view.rows.length,
    user_id: userId,
  };
  if (view.exceptionMatchingDomain) meta.exception_matching_email_domain = true;
  meta.cleaning = view.cleaning.summary;
  if (listLeftOut) meta.left_out_entries = view.cleaning.leftOut;
  const data = view.rows.map(toWire);
  meta.time = ctx.elapsed();
  return { meta, data };
}

/** include_left_out=1, or explain=1 (which explains the list, and so what is not in it). */
function listLeftOutOf(src: Record<string, unknown>, opts: RankOptions): boolean {
  try {
    return parseFlag(src.include_left_out, 'include_left_out') || opts.explain;
  } catch (e) {
    throw invalid('include_left_out', (e as OptionError).problem);
  }
}

/**
 * POST /v0/address-book after schema validation: the checks the schema cannot express, the upload, and
 * the answer (an object the route's serializer writes, or its JSON when `elsewhere` ranked the book).
 * The event loop and the workers both run exactly this.
 */
export async function answerUpload(
  service: AddressBookService,
  config: Config,
  body: UploadBody,
  ctx: AnswerContext,
  elsewhere?: RankElsewhere,
  rawJson?: string | Uint8Array,
): Promise<object | Buffer> {
  const userId = coerceUserId(body.user_id, 'user_id');
  const opts = options(body as unknown as Record<string, unknown>);
  let backfill: boolean;
  try {
    backfill = parseFlag(body.backfill, 'backfill');
  } catch (e) {
    throw invalid('backfill', (e as OptionError).problem);
  }
  const source: SourceInput = { ...body.source, type: coerceSourceType(body.source.type) };
  const entries = body.entries as EntryInput[];
  checkEntries(entries, config);
  if (opts.promoteMatchingDomain === 'owner' && !backfill && !source.email?.includes('@')) {
    // Checked before storing anything: a rejected request stores nothing.
    await service.requireOwnerEmail(ctx.tenant, userId);
  }
  const listLeftOut = listLeftOutOf(body as unknown as Record<string, unknown>, opts);
  const warnings = unknownFieldWarnings(body as unknown as Record<string, unknown>);
  // The upload as received is kept (a better cleaner can recompute from it): the body text when the
  // caller has it, else the JSON of the validated body (small bodies, parsed on the event loop).
  const { batchId, known, stored } = service.startUpload(ctx.tenant, userId, source, entries, rawJson ?? JSON.stringify(body));
  const normalized = known.upload.normalized;
  // The upload's cleaning, computed once and only when needed (see uploadCleaningOf for the ranked book).
  let cleaning: UploadCleaning | undefined;
  const reportOf = (view?: RankedView): UploadReport => {
    cleaning ??= view !== undefined ? uploadCleaningOf(view, normalized) : cleaningOfUpload(normalized);
    return { cleaning, listLeftOut, warnings };
  };
  if (backfill) {
    // Summarised while the upload is being stored (where the engine writes on another thread or server).
    const report = reportOf();
    await stored;
    const meta: Record<string, unknown> = { app_name: ctx.appName, time: 0, user_id: userId };
    addReport(meta, report, null);
    meta.time = ctx.elapsed();
    return { batch_id: batchId, message: `Address book for ${userId} added.`, meta };
  }
  if (elsewhere) {
    // A worker that ranks reads the book back: it must be stored first.
    await stored;
    const json = await elsewhere(userId, opts, { type: 'post', batchId, report: () => reportOf() }, known);
    if (json !== null) return json;
  }
  // Ranked while the upload is being stored (at the same time where the engine writes elsewhere); the
  // answer waits for the commit: an upload is acknowledged only once stored.
  let view: RankedView;
  try {
    view = await service.ranked(ctx.tenant, userId, opts, known);
  } finally {
    await stored; // a failed write is the error to report, before any ranking error
  }
  return postAnswer(view, batchId, userId, ctx, reportOf(view));
}

/** A POST body left unparsed by the JSON parser because it is big: a worker parses it. */
class DeferredBody {
  constructor(readonly bytes: Buffer) {}
}

/** Whether `b` holds anything but JSON whitespace (it stops at the first such byte). */
function hasContent(b: Buffer): boolean {
  for (let i = 0; i < b.length; i++) {
    const c = b[i];
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return true;
  }
  return false;
}

const UPLOAD_URLS = new Set(['/v0/address-book']);

/**
 * Leaves the bytes of a big POST /v0/address-book unparsed (a worker will parse them) when a pool is
 * configured; null: parse as usual. Called by the app's JSON body parser.
 */
export function deferBigUpload(request: FastifyRequest, bytes: Buffer, config: Config): DeferredBody | null {
  if (config.workers === 0 || bytes.length < config.offloadBodyBytes || !hasContent(bytes)) return null;
  if (request.method !== 'POST' || !UPLOAD_URLS.has(request.routeOptions.url ?? '')) return null;
  return new DeferredBody(bytes);
}

function sendJson(reply: FastifyReply, json: Buffer) {
  return reply.type('application/json; charset=utf-8').send(json);
}

export function addressBookRoutes(
  app: FastifyInstance,
  deps: { service: AddressBookService; schemas: Schemas; config: Config; pool: WorkerPool | null },
) {
  const { service, schemas: S, config, pool } = deps;
  const docs = `${config.publicUrl}/docs`;
  const contextOf = (request: FastifyRequest): AnswerContext => ({
    tenant: request.auth.tenant,
    appName: request.auth.appName,
    elapsed: () => elapsedSeconds(request),
  });
  const jobContext = (request: FastifyRequest): JobContext => ({
    tenant: request.auth.tenant,
    appName: request.auth.appName,
    startNs: (request as FastifyRequest & { kithStart?: bigint }).kithStart ?? process.hrtime.bigint(),
  });
  /** Big books are ranked on a worker: merging and ranking them would hold the event loop for long. */
  const rankElsewhere =
    (request: FastifyRequest): RankElsewhere =>
    async (userId, opts, answer, known) => {
      if (pool === null) return null;
      // A new user's book is the upload itself: its size is known without asking the database.
      const size =
        known !== undefined && known.upload.normalized.length >= config.offloadBookEntries
          ? known.upload.normalized.length
          : await service.bookSize(request.auth.tenant, userId);
      if (size < config.offloadBookEntries) return null;
      const job = answer.type === 'post' ? { type: 'post' as const, batchId: answer.batchId, report: answer.report() } : answer;
      const r: JobResult = await pool.run({ kind: 'rank', ctx: jobContext(request), userId, opts, answer: job });
      return r.body;
    };

  app.post<{ Body: UploadBody }>(
    '/address-book',
    {
      schema: {
        summary: 'Upload an address book and get the ranked list',
        description:
          'Merges the entries into the stored book of user_id (several sources and batches merge into one book), then returns the cleaned, deduplicated, ranked list. With backfill=1 the list is not returned (fastest path for bulk loads).',
        tags: ['address book'],
        body: uploadBodySchema(S),
        response: { 200: S.UploadResponse },
      },
      // A deferred (big) body is validated by the worker that parses it; any other body's validation
      // error is thrown below, unchanged.
      attachValidation: true,
    },
    async (request, reply) => {
      const body = request.body as unknown;
      if (body instanceof DeferredBody && pool !== null) {
        const r = await pool.run({ kind: 'post', ctx: jobContext(request), body: body.bytes });
        // The metrics hooks count uploads and contacts from the body: give them its two facts (a
        // sparse array costs nothing per entry).
        if (r.upload) (request as { body: unknown }).body = { backfill: r.upload.backfill ? 1 : 0, entries: new Array(r.upload.entries) };
        return sendJson(reply, r.body);
      }
      if (request.validationError) throw request.validationError;
      const answer = await answerUpload(service, config, request.body, contextOf(request), rankElsewhere(request));
      return Buffer.isBuffer(answer) ? sendJson(reply, answer) : answer;
    },
  );

  app.get<{ Querystring: RankQuery }>(
    '/address-book/:user_id',
    {
      schema: {
        summary: 'Read the stored address book, cleaned, merged and ranked',
        tags: ['address book'],
        params: S.UserIdParams,
        querystring: S.RankQuery,
        response: { 200: S.BookResponse },
      },
    },
    async (request, reply) => {
      const userId = pathUserId(request);
      const opts = options(request.query as Record<string, unknown>);
      const listLeftOut = listLeftOutOf(request.query as Record<string, unknown>, opts);
      const json = await rankElsewhere(request)(userId, opts, { type: 'get', docs, listLeftOut });
      if (json !== null) return sendJson(reply, json);
      return getAnswer(await service.ranked(request.auth.tenant, userId, opts), userId, docs, contextOf(request), listLeftOut);
    },
  );

  app.delete(
    '/address-book/:user_id',
    {
      schema: {
        summary: 'Delete everything stored for the user',
        tags: ['address book'],
        params: S.UserIdParams,
        response: { 200: S.MessageResponse },
      },
    },
    async (request) => {
      const userId = pathUserId(request);
      await service.delete(request.auth.tenant, userId);
      return { message: `Address book for ${userId} deleted.`, meta: { time: elapsedSeconds(request) } };
    },
  );
}
