/**
 * The one error handler: every failure leaves as the documented body with a true HTTP status.
 * This is the one place that maps errors to HTTP: the services' ServiceError codes (their statuses in
 * errors.ts), storage's StorageError kinds (unavailable/busy -> 503 with Retry-After, conflict and deleted -> 409)
 * and Fastify's own errors (bad JSON, wrong content type, body too large, schema failures); anything
 * unexpected becomes a 500 that leaks nothing (the log gets the error, not the client).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from '../services/errors.ts';
import { StorageError } from '../storage/errors.ts';
import { invalidJsonDetail, validationError, type AjvError } from '../workers/compilers.ts';
import { QueueWaitError } from '../workers/pool.ts';
import { ApiError, invalidMany, type ErrorDetail } from './errors.ts';

/**
 * How long a client should wait before retrying when the database is unavailable or busy (seconds):
 * long enough for a restart or failover to finish, short enough not to stall an import.
 */
export const STORAGE_RETRY_AFTER_S = { unavailable: 5, busy: 1, uncertain: 5 } as const;

/** Storage failures as HTTP: unavailable/busy -> 503 with Retry-After; conflict -> 409; else 500. */
function fromStorageError(err: StorageError): ApiError {
  switch (err.kind) {
    case 'unavailable':
    case 'busy':
    case 'uncertain': {
      const wait = STORAGE_RETRY_AFTER_S[err.kind];
      // A deadline passed (storage/errors.ts "(no answer)", a statement cancelled as too long): the
      // database is there but slow or blocked, which a client or an operator tells apart from an outage
      // (a probe: a lock held on a table answered "not reachable" while /readyz said ready).
      const slow = /\(no answer\)|no answer from the database|took too long/.test(err.message);
      const what =
        err.kind === 'busy'
          ? 'The database is busy'
          : err.kind === 'uncertain'
            ? `The database did not confirm the request (${slow ? 'it did not answer in time' : 'a database node failed'}), so it may or may not have taken effect; sending it again is safe`
            : slow
              ? 'The database did not answer in time (it is overloaded, a lock holds the request, or it cannot be reached)'
              : 'The database is not reachable right now';
      if (err.stored !== undefined) {
        // The upload was committed before the failure (its ranking or replace failed after it): said, so
        // that the client reads the book again rather than taking the 503 for "nothing was stored".
        return new ApiError(
          'service_unavailable',
          `The upload was stored (batch_id ${err.stored}), but its ranked list could not be made: ${what[0]!.toLowerCase()}${what.slice(1)}. GET the address book in ${wait} s to read it; sending the upload again is not needed.`,
          [{ field: 'batch_id', message: `stored as ${err.stored}` }],
          { 'Retry-After': String(wait) },
        );
      }
      return new ApiError('service_unavailable', `${what}; please retry in ${wait} s.`, undefined, { 'Retry-After': String(wait) });
    }
    case 'conflict':
      return new ApiError('conflict', 'The request conflicts with what is stored (it already exists).');
    case 'deleted':
      return new ApiError(
        'address_book_deleted',
        err.message.startsWith('records: an app user')
          ? 'An app user this batch names was forgotten while the request waited (DELETE /v0/users); nothing of it was stored. Send it again without that user, or with them to record them anew.'
          : err.message.startsWith('records:')
            ? "A user these records name was deleted while the request waited (DELETE /v0/address-book); nothing of it was stored. Send it again without that user's rows, or with them to record them for a new book."
            : err.message.startsWith('clientKey:')
              ? 'The user was deleted while the request waited (DELETE /v0/address-book); no key was made. Ask again for a key for the new book.'
              : "The user's address book was deleted while this upload waited; nothing was stored. Send it again to start a new book.",
        err.detail !== undefined ? [err.detail] : undefined,
      );
    default:
      return new ApiError('internal_error', 'Something went wrong on our side. The request was not completed; please retry.');
  }
}

/** The one mapping of any error (ours, the services', storage's, Fastify's) to the documented HTTP error. */
export function toApiError(err: FastifyError | ApiError | ServiceError | StorageError | Error, request?: FastifyRequest): ApiError {
  if (err instanceof ApiError) return err;
  const fe = err as FastifyError & { validation?: AjvError[]; validationContext?: string };
  // A worker's validation error arrives as a ServiceError: it gets the same refinement as the app's.
  if (err instanceof ServiceError) return refineInvalid(new ApiError(err.code, err.message, err.details));
  if (err instanceof StorageError) return fromStorageError(err);
  if (err instanceof QueueWaitError) {
    // A client that went away gets no answer; the log says what happened.
    const wait = STORAGE_RETRY_AFTER_S.unavailable;
    const why = err.clientGone
      ? 'The client went away before the request was started'
      : `No worker could take the request within ${Math.round(err.waitedMs / 1000)} s (the server is busy)`;
    return new ApiError('service_unavailable', `${why}; nothing was stored. Please retry in ${wait} s.`, undefined, { 'Retry-After': String(wait) });
  }
  if (fe.validation) {
    const context = fe.validationContext ?? 'body';
    // The part validated, for a misspelt field's hint (body, querystring, params, headers).
    const part = context === 'body' ? request?.body : context === 'querystring' ? request?.query : context === 'params' ? request?.params : undefined;
    const e = validationError(fe.validation, context, part);
    return refineInvalid(new ApiError(e.code, e.message, e.details), context === 'querystring' ? part : undefined);
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? unsupportedMediaType(request)
        : new ApiError('invalid_request', 'The Content-Length header does not match the body.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return payloadTooLarge(request?.routeOptions?.bodyLimit, false, takesBatches(request));
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_json', 'The request body is empty but Content-Type says JSON.', [{ field: 'body', message: 'is empty' }]);
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('invalid_json', 'The request body is not valid JSON.', [invalidJsonDetail(fe)]);
  }
  if (fe.statusCode === 400 && /JSON/i.test(fe.message)) return new ApiError('invalid_json', 'The request body is not valid JSON.', [invalidJsonDetail(fe)]);
  if (fe.statusCode === 413) return payloadTooLarge(request?.routeOptions?.bodyLimit, false, takesBatches(request));
  if (fe.statusCode === 415) return unsupportedMediaType(request);
  return new ApiError('internal_error', 'Something went wrong on our side. The request was not completed; please retry.');
}

/** Whether a request's route takes entries that can be sent in batches (the JSON upload; not a file, not records). */
export function takesBatches(request: { routeOptions?: { url?: string } } | undefined): boolean {
  return request?.routeOptions?.url === '/v0/address-book';
}

/**
 * The 413 of a body over the limit (`KITH_BODY_LIMIT_BYTES`, the route's bodyLimit), naming it in bytes so
 * that a client can split its upload; `decompressed`: the limit held for a Content-Encoding's inflated bytes.
 */
export function payloadTooLarge(limit: number | undefined, decompressed = false, batches = true): ApiError {
  if (limit === undefined) return new ApiError('payload_too_large', 'The request body is larger than this server accepts.');
  const size = `${limit} bytes${limit >= 1024 * 1024 ? ` (${+(limit / (1024 * 1024)).toFixed(1)} MiB)` : limit >= 1024 ? ` (${+(limit / 1024).toFixed(1)} KiB)` : ''}`;
  return new ApiError(
    'payload_too_large',
    `The request body is larger than this server accepts: at most ${size}${decompressed ? ' once decompressed' : ''}.${batches ? ' Send a big address book in batches of 500 entries.' : ''}`,
    [{ field: 'body', message: `must be at most ${size}${decompressed ? ' once decompressed' : ''}` }],
  );
}

/**
 * A 400 `invalid_request` as the client should read it:
 * - A detail saying what kind of value a field must be is dropped when another one names a field inside
 *   it. A nullable list whose item is wrong (`Opt(list)`: a list or null) fails both branches of its
 *   union: ajv reports the item (`entries[1].emails[0] must be a string or null`) and the other branch
 *   on the list itself (`entries[1].emails must be null`). A value with a problem inside it is of the
 *   right kind: what is said about its kind comes from a branch it does not take, and the one problem
 *   is the item. (compilers.ts detailsFromAjv already drops these from ajv's errors, so that every
 *   route, the file route too, names the item alone; this stays for details put together elsewhere.)
 * - A query option given more than once (`?limit=5&limit=6`: the query parser makes it a list, which
 *   the schema's string refuses) is named as such rather than as "must be a string".
 * The message is rewritten only when a detail changed (it names the first detail and counts the rest).
 */
function refineInvalid(err: ApiError, query?: unknown): ApiError {
  const details = err.details;
  if (err.code !== 'invalid_request' || details === undefined || details.length === 0) return err;
  let changed = false;
  let out: ErrorDetail[] = details;
  if (details.length > 1) {
    const inside = (d: ErrorDetail) => details.some((o) => o !== d && (o.field.startsWith(`${d.field}.`) || o.field.startsWith(`${d.field}[`)));
    out = details.filter((d) => !(TYPE_ONLY.test(d.message) && inside(d)));
    changed = out.length !== details.length;
  }
  if (query !== null && typeof query === 'object') {
    out = out.map((d) => {
      const value = Object.hasOwn(query, d.field) ? (query as Record<string, unknown>)[d.field] : undefined;
      if (!Array.isArray(value) || d.message === REPEATED) return d;
      changed = true;
      return { field: d.field, message: REPEATED };
    });
  }
  if (!changed || out.length === 0) return err;
  const e = invalidMany(out);
  return new ApiError(e.code, e.message, e.details, err.headers);
}

/** A detail that says only what kind of value a field must be (ajv's type errors, as compilers.ts words them). */
const TYPE_ONLY = /^must be (?:an object|a list|an integer|null|a [a-z]+)(?: or (?:an object|a list|an integer|null|a [a-z]+))*(?:, not null)?$/;

/** The detail of a query option given more than once. */
const REPEATED = 'is given more than once';

/**
 * The 415 of a body whose Content-Type the route does not take, naming what it takes: JSON, or for a
 * route that reads a file (app.ts puts its types in the route's `kithTextBody`), those types.
 */
function unsupportedMediaType(request?: FastifyRequest): ApiError {
  const fileTypes = (request?.routeOptions?.config as { kithTextBody?: string[] } | undefined)?.kithTextBody;
  if (fileTypes === undefined) return new ApiError('unsupported_media_type', 'The request body must be JSON (Content-Type: application/json).');
  const sent = /^\s*([\w.+-]{1,64}\/[\w.+-]{1,64})/.exec(request?.headers['content-type'] ?? '')?.[1];
  const got = sent === undefined ? 'none was given' : `not ${sent.toLowerCase()}`;
  // JSON sent to a file route is an upload body sent to the wrong endpoint: say where it goes.
  const json = sent !== undefined && /^application\/([\w.+-]+\+)?json$/i.test(sent) ? ' A JSON upload body goes to POST /v0/address-book.' : '';
  return new ApiError(
    'unsupported_media_type',
    `The request body must be a vCard or contacts CSV file: Content-Type ${fileTypes.slice(0, -1).join(', ')} or ${fileTypes[fileTypes.length - 1]} (${got}).${json}`,
  );
}

/** When the request arrived (server clock, epoch ms): an upload's arrival, which a later DELETE's tombstone refuses. */
export function arrivedAt(request: FastifyRequest): number {
  return (request as FastifyRequest & { kithArrivedAt?: number }).kithArrivedAt ?? Date.now();
}

export function elapsedSeconds(request: FastifyRequest): number {
  const start = (request as FastifyRequest & { kithStart?: bigint }).kithStart;
  if (!start) return 0;
  return Number(process.hrtime.bigint() - start) / 1e9;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, err: ApiError): FastifyReply {
  const body: Record<string, unknown> = { error: err.message, code: err.code };
  if (err.details?.length) body.details = err.details;
  body.meta = { time: elapsedSeconds(request), request_id: String(request.id) };
  if (err.headers) reply.headers(err.headers);
  return reply.code(err.status).type('application/json; charset=utf-8').send(body);
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
    const apiErr = toApiError(err, request);
    if (err instanceof QueueWaitError && err.clientGone) {
      // No failure: the client left while its request waited for a worker, and nothing of it was done.
      // Logged as what it is, not as an error with a stack (a probe: noise in the 503 alerts).
      request.log.info('request dropped: the client went away before a worker took it; nothing was stored');
      (request as FastifyRequest & { kithClientGone?: true }).kithClientGone = true;
    } else if ((err as NodeJS.ErrnoException).code === 'ECONNRESET' && !request.raw.complete) {
      // The client disconnected while its body was being read (Node's "aborted"; the body incomplete): no
      // failure of ours, and nothing of the request was done. Logged at info, as docs/api.md says of
      // disconnects (it was an error), and not counted as one (a review: each was an internal_error).
      request.log.info('request dropped: the client disconnected before its body was read; nothing was stored');
      (request as FastifyRequest & { kithClientGone?: true }).kithClientGone = true;
    } else if (apiErr.status >= 500) {
      // The log gets the error class and code, never request bodies (they hold personal data).
      request.log.error({ err: { type: err.name, code: (err as FastifyError).code, message: err.message, stack: err.stack } }, 'request failed');
    }
    return sendError(request, reply, apiErr);
  });
}
