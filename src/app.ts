/**
 * Builds the HTTP app from a parsed Config and an opened Storage. Tests, the CLI, benchmarks and the
 * evaluation reuse it; server.ts only listens and shuts down.
 */
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { ApiError } from './http/errors.ts';
import { installAuth } from './http/auth.ts';
import { docsPlugin } from './http/docs.ts';
import { metricsPlugin } from './http/metrics.ts';
import { playgroundPlugin } from './http/playground.ts';
import { installErrorHandler, sendError, toApiError } from './http/error-handler.ts';
import { createRateLimiter, installRateLimit } from './http/rate-limit.ts';
import { addressBookRoutes, deferBigUpload } from './http/routes/address-book.ts';
import { miscRoutes } from './http/routes/misc.ts';
import { recordRoutes } from './http/routes/records.ts';
import { aliasRoutes } from './http/routes/alias.ts';
import { clientKeyRoutes } from './http/routes/client-keys.ts';
import { directoryRoutes } from './http/routes/directory.ts';
import { widgetFileRoutes, widgetPlugin } from './http/routes/widget.ts';
import { DirectoryService } from './services/directory.ts';
import { makeSchemas } from './http/schemas.ts';
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
}

/** Paths and the methods they answer: unknown method on a known path is a 405, not a 404. */
const ROUTE_METHODS: [RegExp, string[]][] = [
  [/^\/v0\/address-book\/?$/, ['GET', 'HEAD', 'POST']],
  [/^\/v0\/(client-key|alias|address-book-file)\/?$/, ['POST']],
  [/^\/v0\/(address-books|domain-emails\/[^/]+)\/?$/, ['GET', 'HEAD']],
  [/^\/(widget\.js|widget\/demo)\/?$/, ['GET', 'HEAD']],
  [/^\/v0\/address-book\/[^/]+\/?$/, ['GET', 'HEAD', 'DELETE']],
  [/^(\/v0)?\/invites-(sent|accepted)\/?$/, ['POST']],
  [/^\/v0\/(users|suggested-seen)\/?$/, ['POST']],
  [/^\/v0\/test\/?$/, ['GET', 'HEAD']],
  [/^\/v0\/openapi\.json$/, ['GET', 'HEAD']],
  [/^\/(healthz|readyz)\/?$/, ['GET', 'HEAD']],
  [/^\/(metrics|docs|playground)\/?$/, ['GET', 'HEAD']],
  [/^\/playground\/parse\/?$/, ['POST']],
];

/** Log the route shape, never the path itself: user ids and query strings can be personal data. */
function redactUrl(url: string): string {
  const path = url.split('?')[0];
  return path.replace(/^(\/v0\/address-book\/)[^/]+/, '$1:user_id').replace(/^(\/v0\/domain-emails\/)[^/]+/, '$1:domain');
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, storage } = opts;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      serializers: {
        req: (req: { method: string; url: string; id?: string }) => ({ method: req.method, url: redactUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    },
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 1024 },
    ajv: { customOptions: { ...AJV_CUSTOM_OPTIONS } },
    return503OnClosing: true,
    // Errors Fastify raises before routing (a path that is not valid percent-encoding, say) get the
    // documented body too, and never echo the path back.
    frameworkErrors: (err, request, reply) => {
      const status = (err as { statusCode?: number }).statusCode ?? 400;
      const apiErr = status >= 500 ? toApiError(err) : new ApiError('invalid_request', 'The request URL or headers could not be decoded.');
      return sendError(request, reply, apiErr);
    },
    // Requests too broken to route (bad HTTP framing, oversized headers) still get the documented body.
    clientErrorHandler: (err, socket) => {
      if (!socket.writable) return socket.destroy(err);
      const code = (err as NodeJS.ErrnoException).code;
      const status = code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
      const body = JSON.stringify({
        error: status === 431 ? 'The request headers are too large.' : 'The request is not valid HTTP.',
        code: 'invalid_request',
        meta: { time: 0, request_id: randomUUID() },
      });
      socket.end(
        `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });

  app.addHook('onRequest', async (request) => {
    (request as FastifyRequest & { kithStart?: bigint }).kithStart = process.hrtime.bigint();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', String(request.id));
  });

  // Big requests run on worker threads (src/workers/), so that small ones keep their latency meanwhile.
  // Workers open their own connection on config.databaseUrl: a private in-memory SQLite has none to share.
  const pool = config.workers > 0 && !/:memory:/.test(config.databaseUrl ?? '') ? new WorkerPool(config.workers, { config }) : null;
  app.addHook('onClose', async () => pool?.close());
  // The engine's background upkeep (SQLite: WAL checkpoints off the requests' commits), for as long as the app runs.
  const stopMaintenance = await storage.startMaintenance();
  app.addHook('onClose', async () => stopMaintenance());

  // JSON bodies: __proto__/constructor keys are removed (never interpreted), and an empty body is
  // "no body" (existing clients send Content-Type: application/json on GET and DELETE). A big upload
  // is not parsed here: the worker that handles it parses it.
  app.removeContentTypeParser('application/json');
  // Bytes rather than a string: a big body then moves to its worker without a copy (decoding UTF-8
  // here would be the same as Fastify's 'string' mode: invalid sequences become U+FFFD either way).
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json/, { parseAs: 'buffer' }, (req, body, done) => {
    // A client key's upload is parsed here: its user_id is checked against the key before validation.
    const deferred = pool === null || req.auth?.clientUserId ? null : deferBigUpload(req, body as Buffer, config);
    if (deferred !== null) return done(null, deferred);
    try {
      done(null, parseJsonBody((body as Buffer).toString('utf8')));
    } catch (e) {
      done(e as ApiError, undefined);
    }
  });

  await app.register(cors, {
    origin: true,
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'],
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
  });

  installErrorHandler(app);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const match = ROUTE_METHODS.find(([re]) => re.test(path));
    if (match) {
      reply.header('Allow', match[1].join(', '));
      return sendError(request, reply, new ApiError('method_not_allowed', `${request.method} is not allowed here; use ${match[1].join(' or ')}.`));
    }
    return sendError(request, reply, new ApiError('not_found', `No such endpoint: ${request.method} ${redactUrl(request.url)}.`));
  });

  app.get('/v0/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await storage.ping();
      return { status: 'ok', database: storage.engine };
    } catch {
      return sendError(request, reply, new ApiError('service_unavailable', 'The database is not reachable.'));
    }
  });

  // Metrics and docs come before the API routes: their hooks (timing, request examples) must see every route.
  await app.register(metricsPlugin, { config });
  await app.register(docsPlugin);
  await app.register(playgroundPlugin, { config, storage });
  await app.register(widgetPlugin);

  const schemas = makeSchemas(config);
  const service = new AddressBookService(storage, config);
  const learner = new Learner(storage, service, app.log, config.retrainDebounceMs);
  app.addHook('onClose', async () => learner.close());
  const onInvitesAccepted = async (tenant: string) => learner.schedule(tenant);
  const directory = new DirectoryService(storage);

  const limiter = await createRateLimiter(config, app.log);
  app.addHook('onClose', async () => limiter?.close());
  await app.register(
    async (v0) => {
      installAuth(v0, storage);
      installRateLimit(v0, config, limiter);
      miscRoutes(v0, { config });
      addressBookRoutes(v0, { service, schemas, config, pool });
      recordRoutes(v0, { storage, schemas, config, prefix: '/v0', onInvitesAccepted });
      // Issue #14: client keys, alias, directory listings, the widget's file upload.
      clientKeyRoutes(v0, { storage, service, schemas, config });
      aliasRoutes(v0, { directory });
      directoryRoutes(v0, { directory });
      await widgetFileRoutes(v0, { service, schemas, config });
    },
    { prefix: '/v0' },
  );
  // The spec names the invite endpoints without the version prefix: answer there too.
  await app.register(async (bare) => {
    installAuth(bare, storage);
    installRateLimit(bare, config, limiter);
    recordRoutes(bare, { storage, schemas, config, prefix: '', onInvitesAccepted });
  });

  return app;
}
