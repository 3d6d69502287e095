/**
 * Per-key rate limiting: at most KITH_RATE_LIMIT requests per KITH_RATE_LIMIT_WINDOW_MS for each API key.
 *
 * The window is fixed and starts at a key's first request (not at a wall-clock boundary), so every key
 * gets its full budget and the answer to "when can I retry?" is exact. Counters live in this process by
 * default; with REDIS_URL they live in Redis so any number of servers share one budget per key (the
 * window is then Redis's key expiry, so servers' clocks do not matter).
 *
 * Over the limit: 429 `rate_limited` in the documented error body, with `Retry-After` in seconds.
 * Every limited request also carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and
 * `X-RateLimit-Reset` (seconds until the window ends).
 *
 * Redis trouble never turns into a 500: the limiter fails open (the request is served unlimited) and a
 * warning is logged, at most once per WARN_INTERVAL_MS. Logs name neither the key nor the user.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config.ts';
import { ApiError } from './errors.ts';

/** The outcome of counting one request. */
export interface RateLimitDecision {
  /** Whether the request is within the budget. */
  allowed: boolean;
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window after this one (0 when refused). */
  remaining: number;
  /** Milliseconds until the current window ends and the budget is whole again. */
  resetMs: number;
}

/** Counts requests per key. `hit` returns null when the count could not be made (fail open). */
export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  hit(key: string): Promise<RateLimitDecision | null>;
  close(): Promise<void>;
}

/** How often a failing Redis is reported in the log, at most (ms): one line, not one per request. */
const WARN_INTERVAL_MS = 30_000;
/**
 * Longest wait for one Redis round trip before failing open (ms). A limiter must cost far less than the
 * request it guards; a Redis slower than this is treated as down.
 */
const REDIS_COMMAND_TIMEOUT_MS = 250;
/** Longest wait for the first Redis connection at start-up before serving unlimited (ms). */
const REDIS_CONNECT_WAIT_MS = 2_000;
/** Longest pause between Redis reconnection attempts (ms). */
const REDIS_MAX_RECONNECT_DELAY_MS = 2_000;
/** Prefix of every Redis key the limiter writes. */
const REDIS_PREFIX = 'kith:rl:';

/** In-process counters: exact for one server; each server counts on its own. */
export class MemoryRateLimiter implements RateLimiter {
  readonly kind = 'memory';
  readonly #windows = new Map<string, { start: number; count: number }>();
  readonly #sweeper: NodeJS.Timeout;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    // Forget finished windows so the map holds only keys active within the last window.
    this.#sweeper = setInterval(() => this.#sweep(), Math.max(windowMs, 1000)).unref();
  }

  async hit(key: string): Promise<RateLimitDecision> {
    const now = this.now();
    let w = this.#windows.get(key);
    if (w === undefined || now >= w.start + this.windowMs) {
      w = { start: now, count: 0 };
      this.#windows.set(key, w);
    }
    w.count++;
    return decision(this.limit, w.count, w.start + this.windowMs - now);
  }

  #sweep(): void {
    const now = this.now();
    for (const [k, w] of this.#windows) if (now >= w.start + this.windowMs) this.#windows.delete(k);
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.#windows.clear();
  }
}

/**
 * INCR the key's counter; the first hit of a window sets its expiry to the window length. Returns the
 * count and the milliseconds left. One script, so the count and its expiry can never come apart (a
 * counter without expiry would lock a key out for good).
 */
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if c == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {c, ttl}
`;

/** Counters in Redis, shared by every server pointed at it. */
export class RedisRateLimiter implements RateLimiter {
  readonly kind = 'redis';
  readonly #redis: Redis;
  #lastWarn = 0;

  constructor(
    url: string,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.#redis = new Redis(url, {
      // Fail fast instead of queueing: a command while disconnected errors at once and the request is
      // served unlimited, rather than waiting for a Redis that may not come back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: REDIS_CONNECT_WAIT_MS,
      // Keep reconnecting for as long as the server runs, so limiting resumes when Redis is back.
      retryStrategy: (times) => Math.min(times * 200, REDIS_MAX_RECONNECT_DELAY_MS),
      lazyConnect: true,
    });
    // Without a listener ioredis prints every connection error to stderr; report them, throttled.
    this.#redis.on('error', (e: Error) => this.#warn(e));
  }

  /** Connects, waiting at most REDIS_CONNECT_WAIT_MS; a Redis that is down is reported, not fatal. */
  async connect(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.#redis.connect(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('connect timeout')), REDIS_CONNECT_WAIT_MS).unref();
        }),
      ]);
    } catch (e) {
      this.#warn(e);
    } finally {
      clearTimeout(timer);
    }
  }

  async hit(key: string): Promise<RateLimitDecision | null> {
    try {
      const [count, ttl] = (await this.#redis.eval(HIT_SCRIPT, 1, REDIS_PREFIX + key, String(this.windowMs))) as [number, number];
      return decision(this.limit, Number(count), Number(ttl));
    } catch (e) {
      this.#warn(e);
      return null;
    }
  }

  #warn(e: unknown): void {
    const now = Date.now();
    if (now - this.#lastWarn < WARN_INTERVAL_MS) return;
    this.#lastWarn = now;
    // The error class and message of the Redis client only: no key, no user, no request data.
    const reason = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    this.log.warn({ reason }, 'rate limiter: Redis unavailable; serving requests without rate limiting');
  }

  async close(): Promise<void> {
    // quit() waits for a reply a dead Redis would never send; disconnect() is immediate.
    if (this.#redis.status === 'ready') await this.#redis.quit().catch(() => this.#redis.disconnect());
    else this.#redis.disconnect();
  }
}

function decision(limit: number, count: number, resetMs: number): RateLimitDecision {
  return { allowed: count <= limit, limit, remaining: Math.max(0, limit - count), resetMs: Math.max(0, resetMs) };
}

/**
 * The limiter the config asks for: null when rate limiting is off (KITH_RATE_LIMIT=0), Redis-backed
 * when REDIS_URL is set, else in memory. Create it once per app and close it when the app closes.
 */
export async function createRateLimiter(config: Config, log: FastifyBaseLogger): Promise<RateLimiter | null> {
  if (config.rateLimitMax === 0) return null;
  if (config.redisUrl === undefined) return new MemoryRateLimiter(config.rateLimitMax, config.rateLimitWindowMs);
  const limiter = new RedisRateLimiter(config.redisUrl, config.rateLimitMax, config.rateLimitWindowMs, log);
  await limiter.connect();
  return limiter;
}

/**
 * Installs the per-key limit on `scope`. Must be called after installAuth on the same scope: it counts
 * authenticated requests by key id (never the secret), so unauthenticated requests are refused by auth
 * before they are counted, and CORS preflights (which carry no key) are never counted.
 */
export function installRateLimit(scope: FastifyInstance, config: Config, limiter: RateLimiter | null): void {
  const hook = rateLimitHook(config, limiter);
  if (hook !== null) scope.addHook('onRequest', hook);
}

/** The onRequest hook that counts a request against its key's budget (after auth); null: no limit. */
export function rateLimitHook(config: Config, limiter: RateLimiter | null): onRequestAsyncHookHandler | null {
  if (limiter === null) return null;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS' || !request.auth) return;
    const d = await limiter.hit(request.auth.keyId);
    if (d === null) return; // fail open: the limiter could not count (logged by the limiter)
    const resetSeconds = Math.max(1, Math.ceil(d.resetMs / 1000));
    reply.header('X-RateLimit-Limit', String(d.limit));
    reply.header('X-RateLimit-Remaining', String(d.remaining));
    reply.header('X-RateLimit-Reset', String(resetSeconds));
    if (!d.allowed) {
      throw new ApiError(
        'rate_limited',
        `Too many requests for this API key: at most ${d.limit} per ${formatWindow(config.rateLimitWindowMs)}. Retry in ${resetSeconds} s.`,
        undefined,
        { 'Retry-After': String(resetSeconds) },
      );
    }
  };
}

function formatWindow(ms: number): string {
  if (ms % 3_600_000 === 0) return ms === 3_600_000 ? 'hour' : `${ms / 3_600_000} hours`;
  if (ms % 60_000 === 0) return ms === 60_000 ? 'minute' : `${ms / 60_000} minutes`;
  if (ms % 1000 === 0) return ms === 1000 ? 'second' : `${ms / 1000} seconds`;
  return `${ms} ms`;
}
