/**
 * Every operation of the OpenAPI document answers errors in one shape (docs/api.md, "Errors"): the
 * document says so, as a `default` response on each operation referring to `components.schemas.Error`,
 * so that a client generated from it (client/schema.d.ts, openapi-typescript) gets the error's type.
 * Before, each operation listed its 200 only (a probe). Applied to the generated document as a whole
 * (@fastify/swagger's transformObject): the routes' own response schemas, which serialize the answers,
 * are untouched.
 */
import { Type } from '@sinclair/typebox';
import { ERROR_STATUS } from './errors.ts';

/** The body of every error answer (src/http/error-handler.ts sendError). */
export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'What went wrong, in a sentence that names the field when one is at fault.' }),
    code: Type.Union(
      Object.keys(ERROR_STATUS).map((c) => Type.Literal(c)),
      { description: 'The kind of error; the HTTP status follows from it (docs/api.md, "Errors").' },
    ),
    details: Type.Optional(
      Type.Array(Type.Object({ field: Type.String({ description: 'The field at fault (`entries[3].email`, `limit`).' }), message: Type.String() }), {
        description: 'Invalid input: one item per field at fault (at most 20).',
      }),
    ),
    meta: Type.Object({ time: Type.Number({ description: 'Seconds the server spent.' }), request_id: Type.String() }),
  },
  { description: 'Every error answer has this shape.' },
);

const DEFAULT_RESPONSE = {
  description:
    'An error: 400 invalid_request / invalid_json (details name the fields), 401 unauthorized, 403 forbidden, 404 not_found / ' +
    'address_book_not_found, 405 method_not_allowed, 409 conflict / address_book_deleted, 413 payload_too_large, ' +
    '415 unsupported_media_type, 429 rate_limited and 503 service_unavailable (both with Retry-After), 500 internal_error.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

type Doc = { components?: Record<string, unknown> & { schemas?: Record<string, unknown> }; paths?: Record<string, Record<string, unknown>> };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** The document with the error shape in `components.schemas.Error` and a `default` response on every operation that has none. */
export function withErrorResponses<T>(doc: T): T {
  const d = doc as Doc;
  d.components = { ...d.components, schemas: { ...d.components?.schemas, Error: JSON.parse(JSON.stringify(ErrorBody)) } };
  for (const item of Object.values(d.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method) || op === null || typeof op !== 'object') continue;
      const o = op as { responses?: Record<string, unknown> };
      o.responses ??= {};
      o.responses.default ??= DEFAULT_RESPONSE;
    }
  }
  return doc;
}
