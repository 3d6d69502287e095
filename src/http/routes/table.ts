/**
 * The route table: every API route once, with what the rest of the app derives from it. app.ts
 * registers the table; authentication and rate limiting attach to each route by its `auth` kind (one
 * hook each, installed once); the 405 answers, the bodies a worker may parse (upload URLs), the metrics
 * labels, the request examples of the OpenAPI document and the security test suite all read it.
 */
import type { FastifyRequest, FastifySchema, HTTPMethods, RouteHandlerMethod, preValidationAsyncHookHandler } from 'fastify';

/**
 * Who may call a route. `public`: anyone (health probes, the OpenAPI document, the widget's files).
 * `secret_key`: an app's secret API key (`Authorization: Bearer kith_live_...`) only; a client key gets
 * a 403. `secret_or_client_key`: that, or a client key (`kith_ck_live_...`, one user of the app, see
 * http/client-key-access.ts), confined to its user by the route's `clientUser`. Both count against the
 * rate limit. The hooks of each kind are attached in app.ts.
 */
export type AuthKind = 'public' | 'secret_key' | 'secret_or_client_key';

/**
 * Where a `secret_or_client_key` request names its user, checked against a client key's user (and
 * filled in with it when left out): the path's last segment, the body's `user_id`, or each entry's
 * `user_id` (a bare list or `{entries}`). `own`: the request names none (the key's own user).
 */
export type ClientUser = 'own' | 'path' | 'body' | 'entries';

/** Example inputs of one operation for the OpenAPI document: a body, query and path parameter values. */
export interface RequestExample {
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
}

/** One route. */
export interface RouteSpec {
  method: HTTPMethods;
  /** The URL pattern as Fastify registers it, whole (`/v0/address-book/:user_id`). */
  url: string;
  auth: AuthKind;
  /** Where a client key's user is named (`secret_or_client_key` routes only; default `own`). */
  clientUser?: ClientUser;
  /** Content types whose body the handler receives as text, unparsed (a dropped contacts file). */
  textBody?: string[];
  /** The `route` label of its metrics (default: `url`). Never the raw path: it can hold user ids. */
  label?: string;
  schema?: FastifySchema;
  handler: RouteHandlerMethod;
  preValidation?: preValidationAsyncHookHandler;
  /** Validation errors are left on request.validationError for the handler (see address-book.ts). */
  attachValidation?: boolean;
  /** A big body may be left unparsed for a book worker (POST /v0/address-book). */
  offloadBody?: boolean;
  /** A 200 stores an upload: counted by the uploads and contacts metrics. */
  countsUploads?: boolean;
  /** The request example shown in the OpenAPI document. */
  example?: RequestExample;
  /**
   * A request that succeeds with a valid key (`path` with its parameters filled in), for the security
   * suite: every non-public route must refuse it without one.
   */
  sample?: {
    path: string;
    body?: unknown;
    /** Send it with a client key for this user (minted with the app's key) instead of the app's key. */
    clientKeyFor?: string;
    /** Send `body` (a string) as it is with this Content-Type, instead of as JSON. */
    contentType?: string;
  };
}

/** What each route carries in Fastify's route `config` (read back by the hooks). */
export interface RouteConfig {
  kith: Pick<RouteSpec, 'auth' | 'clientUser' | 'label' | 'offloadBody' | 'countsUploads' | 'example'> & { url: string };
}

/** The table entry of the route a request matched, or undefined (404s, routes outside the table). */
export function routeOf(request: FastifyRequest): RouteConfig['kith'] | undefined {
  return (request.routeOptions?.config as Partial<RouteConfig> | undefined)?.kith;
}

/** The Fastify route `config` of a table entry. */
export function routeConfig(spec: RouteSpec): RouteConfig {
  return {
    kith: {
      auth: spec.auth,
      clientUser: spec.clientUser,
      label: spec.label ?? spec.url,
      offloadBody: spec.offloadBody,
      countsUploads: spec.countsUploads,
      example: spec.example,
      url: spec.url,
    },
  };
}
