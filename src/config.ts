/**
 * Configuration: read from the environment once, at the edge, validated and frozen.
 * Nothing below this file reads process.env; the parsed Config is passed in.
 */
import { availableParallelism } from 'node:os';
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js';

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Unset: SQLite at ./data/kith.db. `sqlite:/path.db` or `postgres://…`. */
  readonly databaseUrl: string | undefined;
  /** Region for phone numbers without a country code when the source gives none (ISO 3166 alpha-2). */
  readonly defaultRegion: CountryCode | null;
  /** Largest accepted request body, bytes. */
  readonly bodyLimitBytes: number;
  /** Most entries accepted in one upload. */
  readonly maxEntriesPerUpload: number;
  /** Longest accepted string field, characters. */
  readonly maxStringLength: number;
  /** Largest accepted `data` object of one entry, bytes of JSON, and its deepest nesting. */
  readonly maxDataBytes: number;
  readonly maxDataDepth: number;
  /** Requests per key per window; 0 disables rate limiting. */
  readonly rateLimitMax: number;
  readonly rateLimitWindowMs: number;
  readonly redisUrl: string | undefined;
  /** Log level for pino: fatal|error|warn|info|debug|trace|silent. */
  readonly logLevel: string;
  /** Public base URL used in meta.docs links. */
  readonly publicUrl: string;
  /** Wait after the last accepted invite before retraining a tenant's ranking weights, ms. */
  readonly retrainDebounceMs: number;
  /**
   * Worker threads for big requests (0: everything runs on the event loop). Started when the server listens. A
   * POST body of at least `offloadBodyBytes`, and the ranking of a stored book of at least
   * `offloadBookEntries` entries, run on a worker so that small requests keep their latency meanwhile.
   */
  readonly workers: number;
  readonly offloadBodyBytes: number;
  readonly offloadBookEntries: number;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`; unset, /metrics is open (scrape it from a private network). */
  readonly metricsToken?: string;
  /** Lifetime of a client key minted by POST /v0/client-key, seconds. */
  readonly clientKeyTtlSeconds: number;
  /**
   * Citus: shards of each of Kith's distributed table groups (KITH_CITUS_SHARD_COUNT), when Kith first
   * distributes its tables. Unset: 2 per worker node (src/storage/citus.ts). Tables already distributed
   * keep their count.
   */
  readonly citusShardCount: number | undefined;
  /**
   * How long a starting server waits for a database it cannot reach (KITH_DB_WAIT_SECONDS), retrying,
   * before it gives up and exits: a database that starts beside the service (a compose file, a host
   * rebooting) is usually up a few seconds later. 0: exit at once.
   */
  readonly dbWaitSeconds: number;
  /**
   * PostgreSQL: how long one statement of a request may go without an answer before the request gives
   * up with a 503 (KITH_DB_QUERY_TIMEOUT_MS; 0: never). A database (or a Citus worker) that hangs
   * instead of refusing, frozen or behind a network black hole, otherwise hung every request: the
   * kernel notices a dead peer after minutes. Long enough for any statement of a request on a slow but
   * live server (a 50,000-entry upload's, a wait for the same user's other upload). Migrations, the
   * indexer thread and the CLI have no such bound.
   */
  readonly dbQueryTimeoutMs: number;
  /**
   * How long a request may wait for a book worker before it is dropped, not started, and answered 503
   * with Retry-After (KITH_QUEUE_WAIT_MS; 0: no bound). A client has usually given up long before.
   */
  readonly queueWaitMs: number;
}

export class ConfigError extends Error {}

function int(env: Record<string, string | undefined>, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

function metricsToken(env: Record<string, string | undefined>): string | undefined {
  const token = env.KITH_METRICS_TOKEN?.trim() || undefined;
  // A short token can be guessed; 16 printable characters is a floor, not a target.
  if (token && !/^[\x21-\x7e]{16,256}$/.test(token)) throw new ConfigError('KITH_METRICS_TOKEN must be 16 to 256 printable characters without spaces');
  return token;
}

/** Parses and validates the environment; throws ConfigError naming the variable on bad input. */
export function loadConfig(env: Record<string, string | undefined> = {}): Config {
  const port = int(env, 'PORT', 8080, 0, 65535);
  const host = env.HOST?.trim() || '0.0.0.0';
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with sqlite:, postgres:// or postgresql://');
  }
  let defaultRegion: CountryCode | null = null;
  let region = env.KITH_DEFAULT_REGION?.trim().toUpperCase();
  if (region === 'UK') region = 'GB'; // as a request's region (services/validate.ts coerceRegion)
  if (region) {
    if (!isSupportedCountry(region)) throw new ConfigError(`KITH_DEFAULT_REGION must be an ISO 3166 country code, got "${region}"`);
    defaultRegion = region as CountryCode;
  }
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.has(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${[...LOG_LEVELS].join(', ')}`);
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  return Object.freeze({
    port,
    host,
    databaseUrl,
    defaultRegion,
    bodyLimitBytes: int(env, 'KITH_BODY_LIMIT_BYTES', 64 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    maxEntriesPerUpload: int(env, 'KITH_MAX_ENTRIES', 100_000, 1, 10_000_000),
    maxStringLength: int(env, 'KITH_MAX_STRING_LENGTH', 100_000, 16, 10_000_000),
    maxDataBytes: int(env, 'KITH_MAX_DATA_BYTES', 16 * 1024, 2, 16 * 1024 * 1024),
    maxDataDepth: int(env, 'KITH_MAX_DATA_DEPTH', 8, 1, 64),
    rateLimitMax: int(env, 'KITH_RATE_LIMIT', 0, 0, 1_000_000_000),
    rateLimitWindowMs: int(env, 'KITH_RATE_LIMIT_WINDOW_MS', 60_000, 100, 86_400_000),
    redisUrl,
    retrainDebounceMs: int(env, 'KITH_RETRAIN_DEBOUNCE_MS', 5_000, 0, 86_400_000),
    // One worker per core: the event loop itself mostly waits on sockets and the database.
    workers: int(env, 'KITH_WORKERS', availableParallelism(), 0, 64),
    // ~200 entries of a typical upload (~160 bytes each): below it, the hop to a worker (~1-3 ms) costs
    // more than it saves.
    offloadBodyBytes: int(env, 'KITH_OFFLOAD_BODY_BYTES', 32 * 1024, 0, 1024 * 1024 * 1024),
    // Loading, merging and ranking 500 entries holds the event loop ~15 ms (measured warm, 2 shared
    // cores): about the most it may be held for small requests to keep a p99 under 50 ms.
    offloadBookEntries: int(env, 'KITH_OFFLOAD_BOOK_ENTRIES', 500, 0, 10_000_000),
    logLevel,
    publicUrl: (env.KITH_PUBLIC_URL?.trim() || `http://localhost:${port}`).replace(/\/+$/, ''),
    metricsToken: metricsToken(env),
    // One hour: a page mints a key per visit; a stolen key is worth little for long.
    clientKeyTtlSeconds: int(env, 'KITH_CLIENT_KEY_TTL_SECONDS', 3600, 60, 30 * 86_400),
    // Citus's own limit is 64,000 shards; far fewer is the point (docs/scaling.md).
    citusShardCount: env.KITH_CITUS_SHARD_COUNT?.trim() ? int(env, 'KITH_CITUS_SHARD_COUNT', 0, 1, 64_000) : undefined,
    dbWaitSeconds: int(env, 'KITH_DB_WAIT_SECONDS', 60, 0, 86_400),
    dbQueryTimeoutMs: int(env, 'KITH_DB_QUERY_TIMEOUT_MS', 15_000, 0, 3_600_000),
    queueWaitMs: int(env, 'KITH_QUEUE_WAIT_MS', 30_000, 0, 3_600_000),
  });
}
