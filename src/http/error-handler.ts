/**
 * The one error handler: every failure leaves as the documented body with a true HTTP status.
 * Fastify's own errors (bad JSON, wrong content type, body too large, schema failures) are mapped here;
 * anything unexpected becomes a 500 that leaks nothing (the log gets the error, not the client).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type ErrorDetail } from './errors.ts';
import { NO_NUL_PATTERN } from './schemas.ts';
import { StorageError } from '../storage/errors.ts';

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** '/entries/0/emails/1' -> 'entries[0].emails[1]' */
export function jsonPointerToPath(pointer: string, context?: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let out = '';
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out ? `.${p}` : p;
  return out || context || 'body';
}

/** Turns ajv errors into one detail per field, merging the branches of a nullable union. */
export function detailsFromAjv(errors: AjvError[], context: string): ErrorDetail[] {
  const byPath = new Map<string, { types: Set<string>; messages: string[] }>();
  for (const e of errors) {
    let path = jsonPointerToPath(e.instancePath, context === 'body' ? 'body' : context);
    if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') {
      path = path === 'body' || path === context ? e.params.missingProperty : `${path}.${e.params.missingProperty}`;
      if (context !== 'body' && !path.startsWith(context)) path = `${context}.${path}`;
    }
    let slot = byPath.get(path);
    if (!slot) byPath.set(path, (slot = { types: new Set(), messages: [] }));
    if (e.keyword === 'type') slot.types.add(String(e.params.type));
    else if (e.keyword === 'anyOf') continue;
    else if (e.keyword === 'required') slot.messages.push('is required');
    else if (e.keyword === 'pattern' && e.params.pattern === NO_NUL_PATTERN) slot.messages.push('must not contain U+0000 or an unpaired surrogate');
    else if (e.keyword === 'additionalProperties') slot.messages.push(`has an unknown field "${String(e.params.additionalProperty)}"`);
    else slot.messages.push(e.message ?? 'is invalid');
  }
  const details: ErrorDetail[] = [];
  for (const [field, slot] of byPath) {
    if (slot.messages.length) details.push({ field, message: slot.messages[0] });
    else if (slot.types.size) details.push({ field, message: `must be ${[...slot.types].map(typeName).join(' or ')}` });
  }
  return details.length ? details : [{ field: context, message: 'is invalid' }];
}

function typeName(t: string): string {
  return t === 'object' ? 'an object' : t === 'array' ? 'a list' : t === 'integer' ? 'an integer' : t === 'null' ? 'null' : `a ${t}`;
}

export function toApiError(err: FastifyError | ApiError | Error): ApiError {
  if (err instanceof ApiError) return err;
  const fe = err as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (fe.validation) {
    const details = detailsFromAjv(fe.validation, fe.validationContext === 'body' ? 'body' : (fe.validationContext ?? 'body'));
    const first = details[0];
    const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})` : '';
    return new ApiError('invalid_request', `Invalid request: ${first.field} ${first.message}${more}.`, details);
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? new ApiError('unsupported_media_type', 'The request body must be JSON (Content-Type: application/json).')
        : new ApiError('invalid_request', 'The Content-Length header does not match the body.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('payload_too_large', 'The request body is larger than this server accepts.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('invalid_json', 'The request body is empty but Content-Type says JSON.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new ApiError('invalid_json', 'The request body is not valid JSON.');
  }
  // The database (or the node of a distributed one holding the data) is down, restarting or overloaded:
  // 503 with Retry-After, which clients retry. Nothing is half-written (every write is one transaction);
  // an upload may be stored whole when only its ranked answer failed, and sending it again is harmless
  // (the same people merge into the same contacts).
  if (err instanceof StorageError && (err.kind === 'unavailable' || err.kind === 'busy')) {
    return new ApiError('service_unavailable', 'The service is temporarily unavailable; please retry.', undefined, { 'Retry-After': '1' });
  }
  if (fe.statusCode === 400 && /JSON/i.test(fe.message)) return new ApiError('invalid_json', 'The request body is not valid JSON.');
  if (fe.statusCode === 413) return new ApiError('payload_too_large', 'The request body is larger than this server accepts.');
  if (fe.statusCode === 415) return new ApiError('unsupported_media_type', 'The request body must be JSON (Content-Type: application/json).');
  return new ApiError('internal_error', 'Something went wrong on our side. The request was not completed; please retry.');
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
    const apiErr = toApiError(err);
    if (apiErr.status >= 500) {
      // The log gets the error class and code, never request bodies (they hold personal data).
      request.log.error({ err: { type: err.name, code: (err as FastifyError).code, message: err.message, stack: err.stack } }, 'request failed');
    }
    return sendError(request, reply, apiErr);
  });
}
