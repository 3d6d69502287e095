/**
 * GET /metrics in the Prometheus text format: request counts and latencies per route, uploads, contacts
 * processed, errors by code, the key index's backlog (issue #13: how far other users' signals lag the
 * uploads, read from the database at each scrape, so any server shows the whole service's), and the
 * process's own figures (CPU, memory, event loop).
 *
 * Labels are the route pattern (`/v0/address-book/:user_id`), the method and the status, never the raw
 * URL: a path holds user ids, and one series per user would both leak them and blow up the series count.
 * Each app gets its own registry, so several apps in one process (the tests) never share counters.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config.ts';
import type { Storage } from '../storage/types.ts';
import { ApiError } from './errors.ts';
import { sendError } from './error-handler.ts';
import { routeOf } from './routes/table.ts';

/** Latency buckets, seconds: from a cached GET (milliseconds) to a 100k-entry upload (tens of seconds). */
const LATENCY_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Methods kept as label values; anything else is `OTHER` so odd methods cannot create series. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Route label of requests that matched no route (404s, 405s): one series, not one per probed URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The metrics of one app. */
export interface KithMetrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route' | 'status'>;
  inFlight: Gauge;
  uploads: Counter<'mode'>;
  contacts: Counter;
  errors: Counter<'route' | 'code'>;
}

/**
 * The key index's backlog, read from the database when scraped: uploads acknowledged whose key index is
 * not written yet, and the age of the oldest. Both stay near 0 while the indexers keep up; an age that
 * grows says they do not (or cannot: a database that refuses an upload's rows keeps it queued). NaN when
 * the database does not answer.
 */
function indexQueueGauges(registry: Registry, storage: Storage): void {
  let read: Promise<{ uploads: number; oldestAgeS: number } | null> | null = null;
  // One query per scrape for both gauges: each collect() of the same scrape shares it.
  const stats = () => {
    read ??= storage
      .indexQueueStats()
      .then((s) => ({ uploads: s.uploads, oldestAgeS: s.oldestEnqueuedAt === null ? 0 : Math.max(0, Date.now() - s.oldestEnqueuedAt) / 1000 }))
      .catch(() => null)
      .finally(() => setImmediate(() => (read = null)));
    return read;
  };
  new Gauge({
    name: 'kith_index_queue_uploads',
    help: "Uploads acknowledged whose key index (other users' signals) is not written yet, all apps.",
    registers: [registry],
    async collect() {
      this.set((await stats())?.uploads ?? Number.NaN);
    },
  });
  new Gauge({
    name: 'kith_index_queue_oldest_seconds',
    help: 'Age of the oldest upload waiting for its key index, seconds (0: none waiting).',
    registers: [registry],
    async collect() {
      this.set((await stats())?.oldestAgeS ?? Number.NaN);
    },
  });
}

/** Creates the registry and metrics of one app. */
export function createMetrics(): KithMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: 'kith_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    duration: new Histogram({
      name: 'kith_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, seconds, by route pattern, method and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS_S,
      registers,
    }),
    inFlight: new Gauge({ name: 'kith_http_requests_in_flight', help: 'Requests being processed now.', registers }),
    uploads: new Counter({
      name: 'kith_uploads_total',
      help: 'Address-book uploads stored, by mode (ranked: the answer carries the list; backfill).',
      labelNames: ['mode'],
      registers,
    }),
    contacts: new Counter({ name: 'kith_contacts_processed_total', help: 'Address-book entries received in stored uploads.', registers }),
    errors: new Counter({ name: 'kith_errors_total', help: 'Error answers, by route pattern and error code.', labelNames: ['route', 'code'], registers }),
  };
}

/** The route label of a request (the route table's label, else the route pattern), or UNMATCHED_ROUTE. */
export function routeLabel(request: FastifyRequest): string {
  // A request answered by the not-found handler has no route options URL.
  return routeOf(request)?.label || request.routeOptions?.url || UNMATCHED_ROUTE;
}

function isOn(v: unknown): boolean {
  return v === 1 || v === true || (typeof v === 'string' && ['1', 'true'].includes(v.trim().toLowerCase()));
}

/** The `code` of an error body, read from the serialised payload (every error body carries one). */
export function errorCodeOf(payload: unknown): string {
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8', 0, 4096) : '';
  const m = /"code"\s*:\s*"([a-z_]{1,64})"/.exec(text);
  return m ? m[1] : 'unknown';
}

function tokenMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

type Timed = FastifyRequest & { kithMetricsStart?: bigint };

/**
 * Registers GET /metrics and the hooks that feed it on every route of the app (fastify-plugin lifts
 * the hooks out of this plugin's scope, so they apply to routes registered after it).
 */
export const metricsPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      config: Config;
      storage?: Storage;
      metrics?: KithMetrics;
      workers?: { threads: { loading: number; loaded: number; busy: number }; queued: number } | null;
    },
  ) => {
    const m = opts.metrics ?? createMetrics();
    if (opts.storage !== undefined) indexQueueGauges(m.registry, opts.storage);
    const pool = opts.workers;
    if (pool) {
      new Gauge({
        name: 'kith_workers',
        help: 'Worker threads for big requests, by state: loading (modules, storage) or loaded, and of the loaded, busy with a job.',
        labelNames: ['state'],
        registers: [m.registry],
        collect() {
          const t = pool.threads;
          this.set({ state: 'loading' }, t.loading);
          this.set({ state: 'loaded' }, t.loaded);
          this.set({ state: 'busy' }, t.busy);
        },
      });
      new Gauge({
        name: 'kith_worker_queue_jobs',
        help: 'Requests waiting for a worker thread (each dropped, nothing stored, when its client disconnects or its wait passes KITH_QUEUE_WAIT_MS).',
        registers: [m.registry],
        collect() {
          this.set(pool.queued);
        },
      });
    }
    app.decorate('kithMetrics', m);
    const leaveFlight = (request: FastifyRequest) => {
      const t = request as FastifyRequest & { kithFlightDone?: true };
      if (t.kithFlightDone) return;
      t.kithFlightDone = true;
      m.inFlight.dec();
    };

    app.addHook('onRequest', async (request, reply) => {
      (request as Timed).kithMetricsStart = process.hrtime.bigint();
      m.inFlight.inc();
      // Out of flight once, on the first of its response closing (answered or not: a client gone before
      // the answer has no onResponse, and stayed in flight for good, two reviews) and its request aborted
      // (a request queued behind another on a connection its client closed gets no 'close': a third).
      reply.raw.once('close', () => leaveFlight(request));
    });
    app.addHook('onRequestAbort', async (request) => leaveFlight(request));

    app.addHook('onSend', async (request, reply, payload) => {
      // A request dropped because its client left while it waited for a worker (error-handler.ts) had no
      // answer and no failure; every other error counts, its client gone or not.
      if (reply.statusCode >= 400 && (request as FastifyRequest & { kithClientGone?: true }).kithClientGone !== true)
        m.errors.inc({ route: routeLabel(request), code: errorCodeOf(payload) });
      return payload;
    });

    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      const start = (request as Timed).kithMetricsStart;
      // A request rejected before onRequest ran (e.g. a malformed URL) was never counted in flight.
      if (start === undefined) return;

      const labels = {
        method: METHODS.has(request.method) ? request.method : 'OTHER',
        route: routeLabel(request),
        status: String(reply.statusCode),
      };
      m.requests.inc(labels);
      m.duration.observe(labels, Number(process.hrtime.bigint() - start) / 1e9);
      if (routeOf(request)?.countsUploads && reply.statusCode === 200) {
        const body = request.body as { entries?: unknown[]; backfill?: unknown } | undefined;
        m.uploads.inc({ mode: isOn(body?.backfill) ? 'backfill' : 'ranked' });
        if (Array.isArray(body?.entries)) m.contacts.inc(body.entries.length);
      }
    });

    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      const token = opts.config.metricsToken;
      if (token) {
        const m2 = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
        if (!m2 || !tokenMatches(m2[1], token)) {
          return sendError(
            request,
            reply,
            new ApiError('unauthorized', 'GET /metrics needs "Authorization: Bearer <KITH_METRICS_TOKEN>".', undefined, {
              'WWW-Authenticate': 'Bearer realm="kith-metrics"',
            }),
          );
        }
      }
      // prom-client writes a NaN sample as `Nan`; the exposition formats spell it `NaN` (a probe: the index
      // queue's gauges during a Citus worker's outage; stricter OpenMetrics parsers refuse `Nan`).
      const text = (await m.registry.metrics()).replace(/ Nan$/gm, ' NaN');
      return reply.type(m.registry.contentType).send(text);
    });
  },
  { name: 'kith-metrics' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics (see http/metrics.ts). */
    kithMetrics: KithMetrics;
  }
}
