/** POST /v0/address-book, GET and DELETE /v0/address-book/:user_id, GET /v0/address-book (a client key's own book). */
import { isUtf8 } from 'node:buffer';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { AddressBookService } from '../../services/address-book.ts';
import { bookOptionsOf, optionsFor, readRefusedUpload, type AnswerContext, type RankElsewhere } from '../../services/address-book-answers.ts';
import { invalid, ServiceError } from '../../services/errors.ts';
import { duplicateKeysOf } from '../../services/json-body.ts';
import {
  BOOK_QUERY_RULES,
  duplicateKeyWarnings,
  invalidUtf8Warning,
  queryWarnings,
  UPLOAD_QUERY_RULES,
  type FieldWarning,
} from '../../services/upload-warnings.ts';
import { AddressBookAnswers } from '../../workers/answers.ts';
import { compileBodyValidator } from '../../workers/compilers.ts';
import type { Job, JobContext } from '../../workers/protocol.ts';
import { QueueWaitError, type JobResult, type WorkerPool } from '../../workers/pool.ts';
import { arrivedAt, elapsedSeconds } from '../error-handler.ts';
import type { RankQuery, Schemas, UploadBody } from '../schemas.ts';
import { EXAMPLE_RANK_QUERY, EXAMPLE_UPLOAD } from './examples.ts';
import { routeOf, type RouteSpec } from './table.ts';

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
  // Characters as the body's schema counts them (code points: an id of 200 emoji was stored by POST and
  // refused here, so it could never be deleted: a review).
  if (id.length > 256 && [...id].length > 256) throw invalid('user_id', 'must be at most 256 characters');
  return id.trim();
}

/** The body schema of POST /v0/address-book, as the route declares it (the workers validate with it too). */
export function uploadBodySchema(S: Schemas) {
  return { ...S.UploadBody, examples: [EXAMPLE_UPLOAD] };
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

/**
 * Leaves the bytes of a big POST /v0/address-book unparsed (a worker will parse them) when a pool is
 * configured; null: parse as usual. Called by the app's JSON body parser.
 */
export function deferBigUpload(request: FastifyRequest, bytes: Buffer, config: Config): DeferredBody | null {
  if (config.workers === 0 || bytes.length < config.offloadBodyBytes || !hasContent(bytes)) return null;
  if (request.method !== 'POST' || !routeOf(request)?.offloadBody) return null;
  return new DeferredBody(bytes);
}

function sendJson(reply: FastifyReply, json: Buffer) {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** U+FFFD as UTF-8: a replacement character the client itself wrote (valid UTF-8, not a replaced byte). */
const REPLACEMENT_BYTES = Buffer.from('\uFFFD', 'utf8');

/**
 * How many invalid byte sequences the UTF-8 decoding of `bytes` replaces by U+FFFD (0: valid UTF-8).
 * The check of valid bodies is one native pass over the bytes (node:buffer's isUtf8); only a body that
 * fails it is decoded and counted (its U+FFFD, less those it holds as valid UTF-8).
 */
export function invalidUtf8Sequences(bytes: Buffer): number {
  if (isUtf8(bytes)) return 0;
  const text = bytes.toString('utf8');
  let decoded = 0;
  for (let i = text.indexOf('\uFFFD'); i !== -1; i = text.indexOf('\uFFFD', i + 1)) decoded++;
  let written = 0;
  for (let i = bytes.indexOf(REPLACEMENT_BYTES); i !== -1; i = bytes.indexOf(REPLACEMENT_BYTES, i + REPLACEMENT_BYTES.length)) written++;
  return Math.max(1, decoded - written);
}

type Utf8Noted = FastifyRequest & { kithInvalidUtf8?: number; kithDuplicateKeys?: FieldWarning[] };

/** Called by the app's JSON body parser with a POST's bytes: notes invalid UTF-8 for the answer's warnings. */
export function noteInvalidUtf8(request: FastifyRequest, bytes: Buffer): void {
  const n = invalidUtf8Sequences(bytes);
  if (n > 0) (request as Utf8Noted).kithInvalidUtf8 = n;
}

/** Called by the app's JSON body parser with the body it parsed: notes the names it gave twice (json-body.ts duplicateKeys). */
export function noteDuplicateKeys(request: FastifyRequest, parsed: unknown): void {
  const found = duplicateKeysOf(parsed);
  if (found.length > 0) (request as Utf8Noted).kithDuplicateKeys = duplicateKeyWarnings(found);
}

/**
 * The warnings about the request body's text: its invalid UTF-8 (none, else one), and the names it gave
 * more than once in one object, when parsed on the event loop (a worker's parse says them in its reply).
 */
export function bodyUtf8Warnings(request: FastifyRequest): FieldWarning[] {
  const n = (request as Utf8Noted).kithInvalidUtf8;
  const twice = (request as Utf8Noted).kithDuplicateKeys;
  if (twice === undefined) return n === undefined ? [] : [invalidUtf8Warning(n)];
  return n === undefined ? twice : [invalidUtf8Warning(n), ...twice];
}

/** The serialiser's order of a warning's properties (the schema's), for JSON written next to its output. */
function inSchemaOrder(w: FieldWarning): FieldWarning {
  const o: FieldWarning = { field: w.field, message: w.message, count: w.count };
  if (w.indexes !== undefined) o.indexes = w.indexes;
  if (w.did_you_mean !== undefined) o.did_you_mean = w.did_you_mean;
  return o;
}

const META_KEY = '"meta":{';
const WARNINGS_KEY = '"warnings":[';
const DATA_AFTER_META = '},"data":[';

/**
 * An answer's JSON with `warnings` appended to its `meta.warnings` (created when it has none), without
 * parsing it: the answer may hold a book of 10,000 rows. The routes' serialisers write `warnings` last
 * in `meta`, and `meta` either last (GET: `{"data":[...],"meta":{...}}`; POST with backfill) or just
 * before `data` (POST: `{"batch_id",...,"meta":{...},"data":[...]}`). Inside JSON strings every quote
 * is escaped, and `meta` holds no key of the client's, so these keys are found where the serialiser
 * wrote them: GET's `meta` is the last `"meta":{` (after every row), POST's the first (before them).
 * Anything else (never expected) is parsed and written again.
 */
export function withWarnings(json: Buffer, warnings: FieldWarning[]): Buffer {
  if (warnings.length === 0) return json;
  const items = JSON.stringify(warnings.map(inSchemaOrder)).slice(1, -1);
  const n = json.length;
  const dataFirst = json.subarray(0, 9).toString('latin1') === '{"data":[';
  const start = dataFirst ? json.lastIndexOf(META_KEY) : json.indexOf(META_KEY);
  // Where meta's closing brace is: before `,"data":[` (POST with a list), else before the answer's own.
  const before = dataFirst ? -1 : json.indexOf(DATA_AFTER_META, start);
  const close = before >= 0 ? before : n - 2;
  if (start >= 0 && json[close] === 0x7d && json[n - 1] === 0x7d) {
    const has = json.indexOf(WARNINGS_KEY, start);
    const inMeta = has >= 0 && has < close;
    // With warnings, meta ends with their list (`...]}`): the new ones join it; else the list is added.
    if (!inMeta) return Buffer.concat([json.subarray(0, close), Buffer.from(`,${WARNINGS_KEY}${items}]`, 'utf8'), json.subarray(close)]);
    if (json[close - 1] === 0x5d) return Buffer.concat([json.subarray(0, close - 1), Buffer.from(`,${items}`, 'utf8'), json.subarray(close - 1)]);
  }
  // (Parsing rounds an integer of a `data` beyond 2^53 − 1 that the answer held exactly: never expected here.)
  const answer = JSON.parse(json.toString('utf8')) as { meta: { warnings?: FieldWarning[] } };
  answer.meta.warnings = [...(answer.meta.warnings ?? []), ...warnings];
  return Buffer.from(JSON.stringify(answer), 'utf8');
}

/** The address-book routes, as entries of the route table. */
export function addressBookRoutes(deps: { service: AddressBookService; schemas: Schemas; config: Config; pool: WorkerPool | null }): RouteSpec[] {
  const { service, schemas: S, config, pool } = deps;
  // The one path of these requests, here and on the workers.
  const answers = new AddressBookAnswers(service, config, S);
  const docs = `${config.publicUrl}/docs`;
  // The route's own schema, compiled on first need: it validates a body once read leniently.
  let strict: ((body: unknown) => void) | undefined;
  const strictUpload = () => (strict ??= compileBodyValidator(uploadBodySchema(S)));
  const contextOf = (request: FastifyRequest): AnswerContext => ({
    tenant: request.auth.tenant,
    appName: request.auth.appName,
    elapsed: () => elapsedSeconds(request),
    arrivedAt: arrivedAt(request),
    ...(request.auth.clientUserId ? { clientKey: true } : {}),
  });
  const jobContext = (request: FastifyRequest): JobContext => ({
    tenant: request.auth.tenant,
    appName: request.auth.appName,
    startNs: (request as FastifyRequest & { kithStart?: bigint }).kithStart ?? process.hrtime.bigint(),
    arrivedAt: arrivedAt(request),
  });
  /**
   * A job on a book worker, dropped before it starts when its client disconnects meanwhile (the socket
   * closes) or when it waits past KITH_QUEUE_WAIT_MS (a 503: pool.ts QueueWaitError).
   */
  const onPool = async (request: FastifyRequest, job: Exclude<Job, { kind: 'close' }>): Promise<JobResult> => {
    const gone = new AbortController();
    const leave = whenSocketCloses(request.raw.socket, gone);
    try {
      return await pool!.run(job, { signal: gone.signal });
    } finally {
      leave();
    }
  };
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
      // The upload's report is computed only now that a worker takes the book (plain data for the job).
      const job = answer.type === 'post' ? { type: 'post' as const, batchId: answer.batchId, report: answer.report(), upToSeq: answer.upToSeq } : answer;
      try {
        const r: JobResult = await onPool(request, { kind: 'rank', ctx: jobContext(request), userId, opts, answer: job });
        return r.body;
      } catch (e) {
        // A stored upload the worker no longer finds (deleted or replaced since its commit): ranked here,
        // with the upload in hand, as the book stood at the commit. It was a 404 for a stored upload.
        if (answer.type === 'post' && e instanceof ServiceError && e.code === 'address_book_not_found') return null;
        // The upload is stored already: no worker took its ranking in time (KITH_QUEUE_WAIT_MS), so it is
        // ranked here. A 503 would say nothing was stored, and the client would send it again (a review).
        if (answer.type === 'post' && e instanceof QueueWaitError && !e.clientGone) return null;
        throw e;
      }
    };
  /**
   * GET of a user's book (named in the path, or the client key's own): on a worker when it is big. The
   * book is read once, with its size: a small one is ranked here from that read, a big one's entries are
   * not read here at all (the worker reads them).
   */
  const readBook = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    const query = request.query as RankQuery as Record<string, unknown>;
    const { opts: asked, listLeftOut } = bookOptionsOf(query);
    const ctx = contextOf(request);
    const opts = optionsFor(asked, ctx);
    // Query options GET does not read (misspelt, unknown, or an upload's): named, never refused.
    const warnings = queryWarnings(query, BOOK_QUERY_RULES);
    if (pool === null) return sendJson(reply, withWarnings(await answers.read(userId, opts, docs, ctx, listLeftOut), warnings));
    // The app's weights and alias check are read beside the book, not after it: one round trip less on
    // every small read.
    const appState = service.appStateOf(request.auth.tenant);
    const book = await service.bookBelow(request.auth.tenant, userId, config.offloadBookEntries);
    if (book !== null && 'size' in book) {
      const r: JobResult = await onPool(request, { kind: 'rank', ctx: jobContext(request), userId, opts, answer: { type: 'get', docs, listLeftOut } });
      return sendJson(reply, withWarnings(r.body, warnings));
    }
    return sendJson(reply, withWarnings(await answers.read(userId, opts, docs, ctx, listLeftOut, book, appState), warnings));
  };

  return [
    {
      method: 'POST',
      url: '/v0/address-book',
      auth: 'secret_or_client_key',
      clientUser: 'body',
      offloadBody: true,
      countsUploads: true,
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
      example: { body: EXAMPLE_UPLOAD },
      sample: { path: '/v0/address-book', body: { user_id: 'sec', source: {}, entries: [{ email: 'x@example.com' }] } },
      handler: async (request, reply) => {
        const body = request.body as unknown;
        // After the body's own (unknown fields): invalid UTF-8 in it, and the query, which POST does not read.
        const warnings = [...bodyUtf8Warnings(request), ...queryWarnings(request.query, UPLOAD_QUERY_RULES)];
        if (body instanceof DeferredBody && pool !== null) {
          const r = await onPool(request, { kind: 'post', ctx: jobContext(request), body: body.bytes });
          // The worker parsed the body: the names it gave twice come with its answer, after invalid UTF-8.
          if (r.duplicateKeys !== undefined) warnings.splice(bodyUtf8Warnings(request).length, 0, ...duplicateKeyWarnings(r.duplicateKeys));
          // The metrics hooks count uploads and contacts from the body: give them its two facts (a
          // sparse array costs nothing per entry).
          if (r.upload) (request as { body: unknown }).body = { backfill: r.upload.backfill ? 1 : 0, entries: new Array(r.upload.entries) };
          return sendJson(reply, withWarnings(r.body, warnings));
        }
        // A body the schema refuses is read again leniently (services/lenient.ts: `"3"` as 3, an e-mail
        // object as its address): valid then, it goes on with warnings; else the 400 stands.
        const valid = request.validationError ? await readRefusedUpload(body, request.validationError, strictUpload(), config) : body;
        const r = await answers.upload(valid as UploadBody, contextOf(request), rankElsewhere(request));
        return sendJson(reply, withWarnings(r.json, warnings));
      },
    },
    {
      method: 'GET',
      url: '/v0/address-book/:user_id',
      auth: 'secret_or_client_key',
      clientUser: 'path',
      schema: {
        summary: 'Read the stored address book, cleaned, merged and ranked',
        tags: ['address book'],
        params: S.UserIdParams,
        querystring: S.RankQuery,
        response: { 200: S.BookResponse },
      },
      example: { params: { user_id: '42' }, query: EXAMPLE_RANK_QUERY },
      sample: { path: '/v0/address-book/owner' },
      handler: async (request, reply) => {
        return readBook(request, reply, pathUserId(request));
      },
    },
    {
      method: 'GET',
      url: '/v0/address-book',
      auth: 'secret_or_client_key',
      schema: {
        summary: "Read the client key's own user's book (client key only)",
        description: 'The same answer as GET /v0/address-book/{user_id}, for the user the client key acts for. With the secret key, name the user in the path.',
        tags: ['client keys'],
        querystring: S.RankQuery,
        response: { 200: S.BookResponse },
      },
      example: { query: EXAMPLE_RANK_QUERY },
      // Only a client key may leave the user out: the security suite calls it with one (for `owner`).
      sample: { path: '/v0/address-book', clientKeyFor: 'owner' },
      handler: async (request, reply) => {
        const userId = request.auth.clientUserId;
        if (userId === null) throw invalid('user_id', 'is required in the path (GET /v0/address-book/{user_id}); only a client key may leave it out');
        return readBook(request, reply, userId);
      },
    },
    {
      method: 'DELETE',
      url: '/v0/address-book/:user_id',
      auth: 'secret_key',
      schema: {
        summary: 'Delete everything stored for the user',
        tags: ['address book'],
        params: S.UserIdParams,
        response: { 200: S.MessageResponse },
      },
      example: { params: { user_id: '42' } },
      sample: { path: '/v0/address-book/owner' },
      handler: async (request) => {
        const userId = pathUserId(request);
        await service.delete(request.auth.tenant, userId);
        return { message: `Address book for ${userId} deleted.`, meta: { time: elapsedSeconds(request) } };
      },
    },
  ];
}

/** The requests of each socket waiting on a worker: one 'close' listener per socket, however many are pipelined on it. */
const waitingOn = new WeakMap<Socket, Set<AbortController>>();

/**
 * Aborts `gone` when the socket closes (its client left); returns the function that stops watching. One
 * listener per socket, not per request: a client pipelining many requests on one keep-alive connection
 * made Node warn of a listener leak (MaxListenersExceededWarning) past ten.
 */
function whenSocketCloses(socket: Socket, gone: AbortController): () => void {
  if (socket.destroyed) {
    gone.abort();
    return () => {};
  }
  let set = waitingOn.get(socket);
  if (set === undefined) {
    const mine = new Set<AbortController>();
    set = mine;
    waitingOn.set(socket, mine);
    socket.once('close', () => {
      waitingOn.delete(socket);
      for (const c of mine) c.abort();
    });
  }
  set.add(gone);
  const held = set;
  return () => {
    held.delete(gone);
  };
}
