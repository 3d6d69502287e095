/**
 * Builds the HTTP app from a parsed Config and an opened Storage. Tests, the CLI, benchmarks and the
 * evaluation reuse it; server.ts only listens and shuts down.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { PassThrough, type Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyContextConfig, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { ApiError } from './http/errors.ts';
import { authHook, type AuthContext } from './http/auth.ts';
import { docsPlugin } from './http/docs.ts';
import { metricsPlugin } from './http/metrics.ts';
import { playgroundPlugin } from './http/playground.ts';
import { installErrorHandler, payloadTooLarge, sendError, takesBatches, toApiError } from './http/error-handler.ts';
import { createRateLimiter, rateLimitHook } from './http/rate-limit.ts';
import { addressBookRoutes, deferBigUpload, noteDuplicateKeys, noteInvalidUtf8 } from './http/routes/address-book.ts';
import { miscRoutes } from './http/routes/misc.ts';
import { recordRoutes } from './http/routes/records.ts';
import { routeConfig, type AuthKind, type RouteSpec } from './http/routes/table.ts';
import { aliasRoutes } from './http/routes/alias.ts';
import { clientKeyRoutes } from './http/routes/client-keys.ts';
import { directoryRoutes } from './http/routes/directory.ts';
import { widgetFileRoutes, widgetRoutes } from './http/routes/widget.ts';
import { confineToClientUser } from './http/client-key-access.ts';
import { DirectoryService } from './services/directory.ts';
import { makeSchemas } from './http/schemas.ts';
import { withErrorResponses } from './http/openapi-errors.ts';
import { AddressBookService } from './services/address-book.ts';
import { Learner } from './services/learner.ts';
import type { Storage } from './storage/types.ts';
import { AJV_CUSTOM_OPTIONS, parseJsonBody } from './workers/compilers.ts';
import { WorkerPool } from './workers/pool.ts';

export interface BuildOptions {
  config: Config;
  storage: Storage;
  /** Where logs go (default stdout). Tests pass a stream to inspect them. */
  logStream?: NodeJS.WritableStream;
  /**
   * Start the worker threads once the app listens (the server does: the first big upload after a start
   * or a deploy then finds them loaded), rather than on first use (tests: most apps they start never
   * get a big request).
   */
  startWorkersOnListen?: boolean;
}

/** Log the route shape, never the path itself: user ids and query strings can be personal data. */
function redactUrl(url: string): string {
  const path = url.split('?')[0].replace(/\/{2,}/g, '/');
  return path.replace(/^(\/v0\/(?:address-book|users)\/)[^/]+/, '$1:user_id').replace(/^(\/v0\/domain-emails\/)[^/]+/, '$1:domain');
}

/**
 * What a log line says of a request's URL: the route it matched (`/v0/address-book/:user_id`), never
 * the path a client sent, which may hold a user id, a domain or a typo around one (`/v0/address-books/
 * ann`, an absolute-form target `http://host/v0/address-book/42`, `/V0/...`): those are `(no route)`.
 */
function routeShape(req: { routeOptions?: { url?: string } }): string {
  return req.routeOptions?.url ?? '(no route)';
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, storage } = opts;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      serializers: {
        req: (req: { method: string; url: string; routeOptions?: { url?: string } }) => ({ method: req.method, url: routeShape(req) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // A doubled slash (`//v0/address-book`, `/v0/address-book//42`: a client whose base URL ends in `/`)
    // is read as one. Only literal slashes are merged: an encoded one (`%2F`) in a user id stays part of it.
    // A path parameter is as long as the request line allows (http.maxHeaderSize): the routes' schemas
    // name the field and its limit (`user_id must be at most 256 characters`); the router's own limit
    // answered a 1,200-character id as bad percent-encoding (a probe). The router's limit guards routes
    // whose parameters are regular expressions; Kith has none (the schema's no-NUL pattern runs in linear time).
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 65_536 },
    ajv: { customOptions: { ...AJV_CUSTOM_OPTIONS } },
    return503OnClosing: true,
    // Errors Fastify raises before routing (a path that is not valid percent-encoding, say) get the
    // documented body too, and never echo the path back.
    frameworkErrors: (err, request, reply) => {
      const status = (err as { statusCode?: number }).statusCode ?? 400;
      // The part named: the path's parameter (`/v0/address-book/Jos%E9`: Latin-1, not UTF-8) or the URL.
      const field = PATH_PARAMS.find(([route]) => route.test(request.url ?? ''))?.[1] ?? 'url';
      // A bare `%` (`/v0/address-book/a%b`) is no encoding at all: the hint about UTF-8 would mislead.
      const bare = /%(?![0-9A-Fa-f]{2})/.test((request.url ?? '').split('?')[0]!);
      const apiErr =
        status >= 500
          ? toApiError(err)
          : new ApiError('invalid_request', 'The request URL or headers could not be decoded.', [
              {
                field,
                message: bare
                  ? 'holds a % not followed by two hex digits (a % itself is written %25)'
                  : 'is not valid percent-encoded UTF-8 (an accented letter is %C3%A9, not %E9)',
              },
            ]);
      // Answered before the hooks that set these on every other answer: the request id, CORS, the clock.
      const r = request as FastifyRequest & { kithStart?: bigint };
      r.kithStart ??= arrivalOf(request.raw);
      reply.header('x-request-id', String(request.id));
      for (const [name, value] of Object.entries(corsHeadersFor(request.headers.origin))) reply.header(name, value);
      return sendError(request, reply, apiErr);
    },
    // Requests too broken to route (bad HTTP framing, oversized headers) still get the documented body.
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) return socket.destroy(err);
      const code = (err as NodeJS.ErrnoException).code;
      const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      // No request was made of it: the id is a new one, and the Origin (for CORS) is read from the bytes received.
      const requestId = randomUUID();
      // A 431 names the limit: the request line counts (a query string of 16 kB is one), not only the headers.
      const limit = http.maxHeaderSize;
      const body = JSON.stringify({
        error:
          status === 431
            ? `The request line and headers are too large: at most ${limit} bytes together, the URL and its query string included.`
            : 'The request is not valid HTTP.',
        code: 'invalid_request',
        ...(status === 431
          ? {
              details: [
                { field: 'headers', message: `the request line (the URL with its query string) and the headers must be at most ${limit} bytes together` },
              ],
            }
          : {}),
        meta: { time: 0, request_id: requestId },
      });
      const raw = (err as unknown as { rawPacket?: unknown }).rawPacket;
      const origin = !Buffer.isBuffer(raw) ? undefined : /\r\norigin:[ \t]*([^\r\n]*)\r\n/i.exec(raw.toString('latin1'))?.[1]?.trim();
      const cors = Object.entries(corsHeadersFor(origin))
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.end(
        `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\n${cors}Connection: close\r\n\r\n${body}`,
      );
    },
  });

  // Every route registered, by any plugin: an unknown method on a known path is then a 405 listing the
  // methods it answers, derived from the routes themselves (no list to keep in step).
  const known: { re: RegExp; methods: Set<string> }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'OPTIONS');
    if (methods.length === 0 || route.url === '*' || route.url === '/*') return;
    if (methods.includes('GET')) methods.push('HEAD');
    const re = urlPattern(route.url);
    const entry = known.find((k) => k.re.source === re.source) ?? known[known.push({ re, methods: new Set() }) - 1];
    for (const m of methods) entry.methods.add(m);
  });
  // When each request arrived, stamped before Fastify reads it (an answer given before the hooks has its time too).
  app.server.prependListener('request', (req) => {
    (req as ArrivalStamped).kithArrival = process.hrtime.bigint();
  });
  app.addHook('onRequest', async (request) => {
    (request as FastifyRequest & { kithStart?: bigint }).kithStart = arrivalOf(request.raw);
    // The wall clock too: an upload stored after a DELETE committed later than this is refused.
    (request as FastifyRequest & { kithArrivedAt?: number }).kithArrivedAt = Date.now();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', String(request.id));
  });

  // Big requests run on worker threads (src/workers/), so that small ones keep their latency meanwhile.
  // Workers open their own connection on config.databaseUrl: a private in-memory SQLite has none to share.
  const pool = config.workers > 0 && !/:memory:/.test(config.databaseUrl ?? '') ? new WorkerPool(config.workers, { config }) : null;
  app.addHook('onClose', async () => pool?.close());
  // The first big request after a start waited ~2.4 s for two workers to load their modules (docs/scaling.md).
  if (opts.startWorkersOnListen) app.addHook('onListen', async () => pool?.start());
  // The engine's background upkeep (SQLite: WAL checkpoints off the requests' commits), for as long as the app runs.
  const stopMaintenance = await storage.startMaintenance();
  app.addHook('onClose', async () => stopMaintenance());

  // JSON bodies: __proto__/constructor keys are removed (never interpreted), and an empty body is
  // "no body" (existing clients send Content-Type: application/json on GET and DELETE). A big upload
  // is not parsed here: the worker that handles it parses it.
  app.removeContentTypeParser('application/json');
  // Bytes rather than a string: a big body then moves to its worker without a copy (decoding UTF-8
  // here would be the same as Fastify's 'string' mode: invalid sequences become U+FFFD either way).
  // `bytes`: the body in UTF-8 (inUtf8 has decoded a declared charset).
  const parseJson = (req: FastifyRequest, bytes: Buffer, done: (err: Error | null, body?: unknown) => void) => {
    // Every POST route takes a body: an empty one (or only spaces) is no JSON (GET and DELETE ignore theirs).
    if (req.method === 'POST' && !hasText(bytes)) return done(EMPTY_BODY());
    // Invalid UTF-8 is read as U+FFFD (never refused): the answer says so (a check of one native pass).
    if (req.method === 'POST') noteInvalidUtf8(req, bytes);
    // A client key's upload is parsed here: its user_id is checked against the key before validation.
    const deferred = pool === null || req.auth?.clientUserId ? null : deferBigUpload(req, bytes, config);
    if (deferred !== null) return done(null, deferred);
    try {
      const post = req.method === 'POST';
      const parsed = parseJsonBody(bytes.toString('utf8'), { duplicates: post });
      if (post) noteDuplicateKeys(req, parsed);
      done(null, parsed);
    } catch (e) {
      done(e as Error, undefined);
    }
  };
  app.addContentTypeParser(JSON_TYPES, { parseAs: 'buffer' }, (req, body, done) => parseJson(req, inUtf8(body as Buffer, req.headers['content-type']), done));
  // A compressed body (Content-Encoding gzip, deflate or br: an HTTP client's compression, a big upload's
  // bytes cut five- to tenfold) is read decompressed; the body limit holds for the decompressed bytes, so
  // a small bomb is a 413 like any big body. Another encoding is a 415 naming the header.
  // `Expect: 100-continue`: Node would send the 100 on arrival and the client its whole body, only for a
  // 413 once read. The 100 is sent here instead, once the route's hooks passed (a 401 asks for no body),
  // and a Content-Length over the route's limit is answered 413 at once, without it.
  const expectsContinue = new WeakSet<object>();
  app.server.on('checkContinue', (req, res) => {
    expectsContinue.add(req);
    app.server.emit('request', req, res);
  });
  app.addHook('preParsing', async (request, reply) => {
    if (!expectsContinue.has(request.raw)) return;
    expectsContinue.delete(request.raw);
    const limit = request.routeOptions.bodyLimit ?? config.bodyLimitBytes;
    // Only a request whose body is read refuses one over the limit (readsBody); a GET, a HEAD or a DELETE
    // route ignores it, as it does without the header (a review: `GET /healthz` with Expect and a big
    // Content-Length was a 413).
    if (readsBody(request) && Number(request.headers['content-length']) > limit) {
      // The body is never sent: the connection cannot carry another request after it.
      reply.header('connection', 'close');
      throw payloadTooLarge(limit, false, takesBatches(request));
    }
    reply.raw.writeContinue();
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    const h = request.headers;
    // A request without a body (a GET) is not concerned, whatever its headers say; nor is a GET or HEAD
    // with one: its bytes are left to Node, which drops them and goes on to the next request of the
    // connection (decoded, nobody read them, and the connection stalled: a review). A 404 of another method
    // is decoded: Fastify parses its body before answering (left compressed, it was a 400, not the 404).
    const hasBody = h['transfer-encoding'] !== undefined || (h['content-length'] !== undefined && h['content-length'] !== '0');
    if (!hasBody || request.method === 'GET' || request.method === 'HEAD') return payload;
    const decoded = decodedBody(h['content-encoding'], payload, request.routeOptions.bodyLimit ?? config.bodyLimitBytes, takesBatches(request));
    if (decoded !== payload) (request as FastifyRequest & { kithDecoded?: Readable }).kithDecoded = decoded;
    return decoded;
  });
  // A decoded body its route did not read (a DELETE's) is read to its end once answered, so that the
  // connection's next request is read.
  app.addHook('onResponse', async (request) => {
    const d = (request as FastifyRequest & { kithDecoded?: Readable }).kithDecoded;
    if (d !== undefined && !d.readableEnded && !d.destroyed) d.resume();
  });
  // An OPTIONS request is a CORS preflight: without its headers, the documented error body (the CORS
  // plugin's own answer would be a plain-text 400).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS' || (request.headers.origin && request.headers['access-control-request-method'])) return;
    return sendError(
      request,
      reply,
      new ApiError('invalid_request', 'An OPTIONS request is a CORS preflight: it needs the Origin and Access-Control-Request-Method headers.', [
        { field: 'headers', message: 'must include Origin and Access-Control-Request-Method' },
      ]),
    );
  });

  await app.register(cors, {
    origin: true,
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    // allowedHeaders unset: a preflight is granted the headers it asks for (a client's X-Requested-With
    // or its own header was refused, and the browser blocked the call; the key guards the API).
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });

  // OpenAPI 3, generated from the route schemas (one schema drives validation, types and docs).
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Kith API',
        version: '0',
        description: 'Address-book cleaning and ranking: upload contacts, get back a cleaned, merged, ranked list.',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API_KEY>' } } },
      security: [{ bearer: [] }],
    },
    transformObject: (d) => ('openapiObject' in d ? withErrorResponses(d.openapiObject) : d.swaggerObject),
  });

  installErrorHandler(app);
  // request.auth, set by the auth hook (http/auth.ts) on the routes that need a key.
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.setNotFoundHandler((request, reply) => {
    // `/v0/address-book//`: a user id left empty, as before doubled slashes were merged (a 405 then); and
    // `/v0/address-book/`, `/v0/users/` (405s naming the collection's methods: two reviews).
    if (request.method === 'DELETE' && /^\/+v0\/+(?:address-book|users)\/+$/.test(request.url.split('?')[0]!))
      return sendError(
        request,
        reply,
        new ApiError('invalid_request', 'The user id in the path is empty.', [{ field: 'user_id', message: 'must not be empty' }]),
      );
    const path = request.url.split('?')[0].replace(/\/{2,}/g, '/');
    const methods = [...new Set(known.filter((k) => k.re.test(path)).flatMap((k) => [...k.methods]))].sort(byMethod);
    // A route of this method that found nothing (a file the docs' static route does not hold: it was a
    // 405 saying "GET is not allowed here; use GET or HEAD", a privacy probe) is a 404.
    if (methods.length > 0 && !methods.includes(request.method)) {
      reply.header('Allow', methods.join(', '));
      return sendError(request, reply, new ApiError('method_not_allowed', `${request.method} is not allowed here; use ${methods.join(' or ')}.`));
    }
    return sendError(request, reply, new ApiError('not_found', `No such endpoint: ${request.method} ${redactUrl(request.url)}.`));
  });

  // Metrics and docs come before the API routes: their hooks (timing, request examples) must see every route.
  await app.register(metricsPlugin, { config, storage, workers: pool });
  await app.register(docsPlugin);
  await app.register(playgroundPlugin, { config, storage });
  // JSON sent as text/plain (browser clients do, to avoid a CORS preflight): a body holding a JSON
  // object or list is read as JSON, exactly as with application/json; any other text is a 415 naming
  // the type expected. Installed after the playground, whose scope reads text/plain as a contacts file
  // (a scope copies its parent's parsers when it is registered); the file upload's scope removes it.
  // The same for a form-encoded body (what `curl -d`, Python's urllib and Ruby's Net::HTTP send unless
  // told otherwise) and for a body sent without a Content-Type (read as text/plain: hook below).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(['text/plain', 'application/x-www-form-urlencoded'], { parseAs: 'buffer' }, (req, body, done) => {
    const bytes = inUtf8(body as Buffer, req.headers['content-type']);
    if (!hasText(bytes) || startsLikeJson(bytes)) return parseJson(req, bytes, done);
    done(new ApiError('unsupported_media_type', TEXT_NOT_JSON));
  });
  app.addHook('onRequest', async (request) => {
    const h = request.headers;
    if (h['content-type'] === undefined && request.method === 'POST' && (h['transfer-encoding'] !== undefined || (h['content-length'] ?? '0') !== '0')) {
      h['content-type'] = 'text/plain';
    }
  });

  const schemas = makeSchemas(config);
  const service = new AddressBookService(storage, config);
  const learner = new Learner(storage, service, app.log, config.retrainDebounceMs);
  app.addHook('onClose', async () => learner.close());
  const onInvitesAccepted = async (tenant: string) => learner.schedule(tenant);
  const directory = new DirectoryService(storage);

  const limiter = await createRateLimiter(config, app.log);
  app.addHook('onClose', async () => limiter?.close());
  // The route table: every API route once. Auth and rate limiting are one hook each, attached to the
  // routes by their auth kind; the docs examples, metrics labels and upload URLs ride on each route's config.
  const keyed = [authHook(storage), ...[rateLimitHook(config, limiter)].filter((h) => h !== null)];
  const hooksOf: Record<AuthKind, ReturnType<typeof authHook>[]> = {
    public: [],
    secret_key: keyed,
    secret_or_client_key: keyed,
  };
  const routes: RouteSpec[] = [
    ...publicRoutes(app, storage, pool),
    ...miscRoutes({ config }),
    ...addressBookRoutes({ service, schemas, config, pool }),
    ...recordRoutes({ storage, schemas, config, onInvitesAccepted }),
    // Issue #14: client keys, alias, directory listings, the widget and its file upload.
    ...clientKeyRoutes({ storage, config }),
    ...aliasRoutes({ directory }),
    ...directoryRoutes({ directory }),
    ...widgetFileRoutes({ service, schemas, config }),
    ...widgetRoutes(),
  ];
  app.decorate('kithRoutes', routes);
  for (const r of routes) {
    // A client key's request is confined to its user once the body is parsed, before it is validated
    // and before the route's own preValidation (such as wrapping a bare list).
    const preValidation = [...(r.auth === 'secret_or_client_key' ? [confineToClientUser] : []), ...(r.preValidation ? [r.preValidation] : [])];
    const options = {
      method: r.method,
      url: r.url,
      schema: r.schema,
      handler: r.handler,
      config: routeConfig(r) as FastifyContextConfig,
      onRequest: hooksOf[r.auth],
      ...(preValidation.length > 0 ? { preValidation } : {}),
      ...(r.attachValidation ? { attachValidation: true } : {}),
    };
    const textBody = r.textBody;
    if (r.method === 'DELETE')
      // A DELETE ignores its body, whatever it holds and whatever its Content-Type (even one that is no
      // media type), as a GET does (Fastify never reads a GET's body): its Content-Type is not looked at,
      // and the one parser of its scope leaves the bytes unread (Node discards them).
      await app.register(async (scope) => {
        scope.addHook('onRequest', async (request) => {
          delete request.headers['content-type'];
        });
        scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
        scope.route(options);
      });
    else if (textBody === undefined) app.route(options);
    // A route that takes a file's text gets a parser of its own for those types (a scope of its own:
    // every other route still answers 415 to them).
    else
      await app.register(async (scope) => {
        // The bytes as sent: the route decodes them (a file may be windows-1252 or UTF-16, not only UTF-8).
        for (const type of textBody) if (scope.hasContentTypeParser(type)) scope.removeContentTypeParser(type); // text/plain: JSON elsewhere
        // A JSON body here is a client's mistake (an upload body sent to the file route): a 415 naming the
        // types it takes and POST /v0/address-book, rather than a 400 saying the body is no file.
        scope.removeContentTypeParser(JSON_TYPES);
        scope.addContentTypeParser(textBody, { parseAs: 'buffer', bodyLimit: config.bodyLimitBytes }, (_req, body, done) => done(null, body));
        // Its 415 names the types it takes (error-handler.ts reads them here).
        scope.route({ ...options, config: { ...options.config, kithTextBody: textBody } as FastifyContextConfig });
      });
  }

  return app;
}

/** Whether a request's body is read: any method but GET, HEAD and the DELETE routes (Fastify parses a 404's body too). */
function readsBody(request: FastifyRequest): boolean {
  return request.method !== 'GET' && request.method !== 'HEAD' && !(request.method === 'DELETE' && !request.is404);
}

/** The headers a browser's script may read of an answer (CORS). */
const EXPOSED_HEADERS = ['X-Request-Id', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

/**
 * The CORS headers of an answer given outside the CORS plugin (before routing, or on the socket): what
 * it gives any origin (`origin: true`). An origin that is no plain header value gets none.
 */
function corsHeadersFor(origin: string | undefined): Record<string, string> {
  if (origin === undefined || !/^[\x21-\x7e]{1,512}$/.test(origin)) return {};
  return { 'access-control-allow-origin': origin, vary: 'Origin', 'access-control-expose-headers': EXPOSED_HEADERS.join(', ') };
}

type ArrivalStamped = { kithArrival?: bigint };

/** The routes with a parameter in their path, and the field it is (frameworkErrors names it). */
const PATH_PARAMS: readonly (readonly [RegExp, string])[] = [
  [/^\/+(v0\/+)?address-book\/+[^/?]/, 'user_id'],
  [/^\/+(v0\/+)?users\/+[^/?]/, 'user_id'],
  [/^\/+(v0\/+)?domain-emails\/+[^/?]/, 'domain'],
];

/** When the request arrived (stamped on the raw request as the server received it), else now. */
function arrivalOf(raw: object): bigint {
  return (raw as ArrivalStamped).kithArrival ?? process.hrtime.bigint();
}

/**
 * The Content-Types read as JSON: application/json and any application/*+json, with or without parameters
 * (Fastify hands the type normalised: `application/json; charset="utf-8"`). Not a longer subtype
 * (`application/jsonx`, `application/json5`: a probe found them read as JSON; they are a 415).
 */
const JSON_TYPES = /^application\/([\w.+-]+\+)?json(?:;|$)/;

/** A text/plain or form-encoded body (or one without a Content-Type) on a JSON route that holds no JSON object or list. */
const TEXT_NOT_JSON =
  'The request body must be JSON (Content-Type: application/json); a body sent as text/plain, form-encoded or without a Content-Type is read as JSON only when it holds a JSON object or list.';

/** Charsets a JSON body may declare besides UTF-8 (its label as WHATWG's TextDecoder reads it). */
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);

/**
 * The body's bytes as UTF-8: a body whose Content-Type declares another charset TextDecoder knows
 * (`charset=iso-8859-1`, `windows-1252`, `utf-16le`, ...) is decoded from it (a Latin-1 "Jürgen" was
 * stored for good as "J\uFFFDrgen"). No charset, UTF-8 or one unknown: the bytes as sent, read as UTF-8.
 */
function inUtf8(bytes: Buffer, contentType: string | undefined): Buffer {
  const m = contentType === undefined ? null : /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType);
  const label = m?.[1]?.toLowerCase();
  if (label === undefined || UTF8_LABELS.has(label)) return bytes;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    return bytes;
  }
  return decoder.encoding === 'utf-8' ? bytes : Buffer.from(decoder.decode(bytes), 'utf8');
}

/** The error of an empty body (or only spaces) on a POST. */
const EMPTY_BODY = () =>
  new ApiError('invalid_json', 'The request body is empty; send a JSON body (Content-Type: application/json).', [{ field: 'body', message: 'is empty' }]);

/** Whether the bytes hold anything but JSON whitespace (and a byte-order mark). */
function hasText(bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d) continue;
    if (i === 0 && b === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      i += 2;
      continue;
    }
    return true;
  }
  return false;
}

/** Whether the first character that is not whitespace (or a byte-order mark) opens a JSON object or list. */
function startsLikeJson(bytes: Buffer): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i] === 0x7b || bytes[i] === 0x5b;
}

/** Where a newcomer goes from `GET /`, and what the start-up log names (paths on this server). */
export const ENTRY_POINTS = {
  docs: '/docs',
  playground: '/playground',
  openapi: '/v0/openapi.json',
  metrics: '/metrics',
  health: '/healthz',
  ready: '/readyz',
} as const;

/** The routes without a key: the front door, the OpenAPI document and the health probes. */
function publicRoutes(app: FastifyInstance, storage: Storage, pool: WorkerPool | null): RouteSpec[] {
  const hidden = { hide: true } as const;
  return [
    {
      method: 'GET',
      url: '/',
      auth: 'public',
      schema: hidden,
      handler: async () => ({
        name: 'Kith',
        message: 'Kith cleans, merges and ranks address books. Start with the API reference at /docs.',
        links: ENTRY_POINTS,
        auth: 'Send "Authorization: Bearer <API_KEY>" on every /v0 request; create a key with: npx kith keys create --app <name>',
      }),
    },
    { method: 'GET', url: '/v0/openapi.json', auth: 'public', schema: hidden, handler: async () => app.swagger() },
    { method: 'GET', url: '/healthz', auth: 'public', schema: hidden, handler: async () => ({ status: 'ok' }) },
    {
      method: 'GET',
      url: '/readyz',
      auth: 'public',
      schema: hidden,
      handler: async (request, reply) => {
        try {
          // A database that hangs is not ready either: answer within READY_PING_MS, not after the query deadline.
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('no answer')), READY_PING_MS);
          });
          await Promise.race([storage.ping(), late]).finally(() => clearTimeout(timer));
        } catch {
          return sendError(request, reply, new ApiError('service_unavailable', 'The database is not reachable.', undefined, { 'Retry-After': '5' }));
        }
        // Not ready while the workers started at listen still load their modules (~2-4 s on 2 cores): a
        // big upload sent here meanwhile would wait for them (see WorkerPool.starting).
        if (pool?.starting) {
          return sendError(request, reply, new ApiError('service_unavailable', 'The worker threads are starting.', undefined, { 'Retry-After': '1' }));
        }
        return { status: 'ok', database: storage.engine };
      },
    },
  ];
}

/** How long /readyz waits for the database's answer to its ping (ms) before it says "not ready". */
const READY_PING_MS = 2_000;

/** A regular expression matching the paths of a Fastify URL pattern (`:param`, `*`, optional trailing slash). */
function urlPattern(url: string): RegExp {
  const body = url
    .replace(/\/+$/, '')
    .split('/')
    .map((seg) => (seg === '*' ? '.*' : seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
function byMethod(a: string, b: string): number {
  return (METHOD_ORDER.indexOf(a) + 1 || 99) - (METHOD_ORDER.indexOf(b) + 1 || 99);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The route table this app was built from (routes/table.ts); the security suite reads it. */
    kithRoutes: RouteSpec[];
  }
}

/**
 * `Content-Encoding: deflate` as clients write it: zlib's format (RFC 1950, what the HTTP RFC names), or
 * the raw stream without its header (RFC 1951, what .NET's DeflateStream and some others send, refused
 * before as not deflate). Told apart by the first two bytes: a zlib header is a multiple of 31 with the
 * deflate method (a raw stream's first bytes are one only by chance, and then fail as zlib would).
 */
function inflateEither(): Transform {
  let inner: zlib.Inflate | zlib.InflateRaw | null = null;
  let head: Buffer | null = null; // the first byte, while the second has not come (a body sent byte by byte)
  // zlib ends its output at the stream's end, bytes after it (a newline) or not: flush waits for that end
  // if it has not come (waiting for it after it came hung the request: a review).
  let ended = false;
  let onEnd: (() => void) | null = null;
  const start = (first: Buffer): zlib.Inflate | zlib.InflateRaw => {
    const zlibHeader = first.length >= 2 && (first[0]! & 0x0f) === 8 && ((first[0]! << 8) | first[1]!) % 31 === 0;
    const z = zlibHeader ? zlib.createInflate() : zlib.createInflateRaw();
    z.on('data', (d: Buffer) => t.push(d));
    z.on('error', (e) => t.destroy(e));
    z.on('end', () => {
      ended = true;
      onEnd?.();
    });
    return z;
  };
  const t: Transform = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (inner === null) {
        const first = head === null ? chunk : Buffer.concat([head, chunk]);
        if (first.length < 2) {
          head = first;
          return done();
        }
        head = null;
        inner = start(first);
        chunk = first;
      }
      inner.write(chunk, () => done());
    },
    flush(done) {
      if (inner === null) {
        if (head === null) return done();
        inner = start(head);
        inner.write(head);
      }
      if (ended) return done();
      onEnd = () => done();
      inner.end();
    },
    destroy(e, done) {
      inner?.destroy();
      done(e);
    },
  });
  return t;
}

/** How many times its compressed size a body may inflate to, once past INFLATION_CHECKED_FROM bytes. */
const MAX_INFLATION = 200;
const INFLATION_CHECKED_FROM = 1024 * 1024;

/**
 * The request body stream, decompressed as its Content-Encoding says (preParsing): gzip, deflate, br, or
 * none (`identity`). The returned stream counts the bytes received as they came (`receivedEncodedLength`,
 * checked by Fastify against Content-Length); a body that is not what its encoding says is a 400 naming
 * `body`, an encoding Kith does not read a 415 naming `Content-Encoding`.
 */
function decodedBody(header: string | string[] | undefined, payload: Readable, limit: number, batches: boolean): Readable {
  if (header === undefined) return payload;
  const encoding = String(header).trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return payload;
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? inflateEither()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (decoder === null) {
    throw new ApiError('unsupported_media_type', 'The request body is in an encoding Kith does not read: send it as it is, or gzip, deflate or br.', [
      { field: 'Content-Encoding', message: `must be gzip, deflate, br or identity (got "${encoding.slice(0, 32)}")` },
    ]);
  }
  // What Fastify reads: the decompressed bytes, counting the bytes received as they came.
  const out = new PassThrough() as PassThrough & { receivedEncodedLength: number };
  out.receivedEncodedLength = 0;
  // A route that reads no body (GET, /healthz, a 404) never listens to it: its error, with no listener,
  // was an uncaught 'error' event that ended the process (a probe: `Content-Encoding: gzip` and a body
  // that is not gzip on GET /healthz). A route that reads it listens too, and answers the 400.
  out.on('error', () => {});
  payload.on('data', (chunk: Buffer) => {
    out.receivedEncodedLength += chunk.length;
  });
  payload.on('error', (e) => out.destroy(e));
  // zlib's own errors (not gzip, cut short) become the documented 400.
  decoder.on('error', () => {
    out.destroy(
      new ApiError('invalid_request', `The request body is not valid ${encoding} (Content-Encoding: ${encoding}).`, [
        { field: 'body', message: `is not valid ${encoding}` },
      ]),
    );
  });
  // Past the limit, decoding stops here: Fastify's own check answers 413 but only stops reading, and the
  // decoder would go on inflating the rest of a bomb (3 kB of brotli is 4 GB) for nothing.
  let decoded = 0;
  const stop = () => {
    payload.unpipe(decoder);
    decoder.destroy();
    payload.resume(); // the rest of the request is read and dropped
  };
  decoder.on('data', (chunk: Buffer) => {
    decoded += chunk.length;
    // A body that inflates more than MAX_INFLATION-fold is no address book (JSON compresses 5- to 50-fold):
    // refused before it fills memory up to the limit, at the cost of a few kilobytes sent.
    const bomb = decoded > INFLATION_CHECKED_FROM && decoded > MAX_INFLATION * out.receivedEncodedLength;
    if (decoded <= limit && !bomb) return;
    stop();
    out.destroy(
      bomb
        ? new ApiError('payload_too_large', `The request body inflates more than ${MAX_INFLATION}-fold (Content-Encoding: ${encoding}): no address book does.`)
        : payloadTooLarge(limit, true, batches),
    );
  });
  // An answer before the end (any error, a closed connection) stops it too.
  out.on('close', stop);
  return payload.pipe(decoder).pipe(out);
}
