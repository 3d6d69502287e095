/** POST /v0/address-book, GET and DELETE /v0/address-book/:user_id, GET /v0/address-book (a client key's own book). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { AddressBookService } from '../../services/address-book.ts';
import { listLeftOutOf, rankOptionsOf, type AnswerContext, type RankElsewhere } from '../../services/address-book-answers.ts';
import { invalid } from '../../services/errors.ts';
import { AddressBookAnswers } from '../../workers/answers.ts';
import type { JobContext } from '../../workers/protocol.ts';
import type { JobResult, WorkerPool } from '../../workers/pool.ts';
import { elapsedSeconds } from '../error-handler.ts';
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
  if (id.length > 256) throw invalid('user_id', 'must be at most 256 characters');
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

/** The address-book routes, as entries of the route table. */
export function addressBookRoutes(deps: { service: AddressBookService; schemas: Schemas; config: Config; pool: WorkerPool | null }): RouteSpec[] {
  const { service, schemas: S, config, pool } = deps;
  // The one path of these requests, here and on the workers.
  const answers = new AddressBookAnswers(service, config, S);
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
      // The upload's report is computed only now that a worker takes the book (plain data for the job).
      const job = answer.type === 'post' ? { type: 'post' as const, batchId: answer.batchId, report: answer.report() } : answer;
      const r: JobResult = await pool.run({ kind: 'rank', ctx: jobContext(request), userId, opts, answer: job });
      return r.body;
    };
  /**
   * GET of a user's book (named in the path, or the client key's own): on a worker when it is big. The
   * book is read once, with its size: a small one is ranked here from that read, a big one's entries are
   * not read here at all (the worker reads them).
   */
  const readBook = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    const query = request.query as RankQuery as Record<string, unknown>;
    const opts = rankOptionsOf(query);
    const listLeftOut = listLeftOutOf(query, opts);
    const ctx = contextOf(request);
    if (pool === null) return sendJson(reply, await answers.read(userId, opts, docs, ctx, listLeftOut));
    const book = await service.bookBelow(request.auth.tenant, userId, config.offloadBookEntries);
    if (book !== null && 'size' in book) {
      const r: JobResult = await pool.run({ kind: 'rank', ctx: jobContext(request), userId, opts, answer: { type: 'get', docs, listLeftOut } });
      return sendJson(reply, r.body);
    }
    return sendJson(reply, await answers.read(userId, opts, docs, ctx, listLeftOut, book));
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
        if (body instanceof DeferredBody && pool !== null) {
          const r = await pool.run({ kind: 'post', ctx: jobContext(request), body: body.bytes });
          // The metrics hooks count uploads and contacts from the body: give them its two facts (a
          // sparse array costs nothing per entry).
          if (r.upload) (request as { body: unknown }).body = { backfill: r.upload.backfill ? 1 : 0, entries: new Array(r.upload.entries) };
          return sendJson(reply, r.body);
        }
        if (request.validationError) throw request.validationError;
        const r = await answers.upload(request.body as UploadBody, contextOf(request), rankElsewhere(request));
        return sendJson(reply, r.json);
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
