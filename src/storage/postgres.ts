/** The PostgreSQL engine: a pg Pool under Kysely's Postgres dialect. */
import { userInfo } from 'node:os';
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { EngineProfile } from './engine.ts';
import { ShardIntervals } from './citus-hash.ts';
import { distributeTables } from './citus.ts';
import { startIndexerThread } from './threads.ts';
import { indexWorkChannel, listenOn } from './pg-listen.ts';
import type { Database } from './schema.ts';
import { codeOf } from './errors.ts';

/** The protocol counts bind parameters in 16 bits. */
const PG_MAX_PARAMS = 65535;
const INT8_OID = 20;
const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/** How long a new connection may take before the request fails (ms). */
const CONNECT_TIMEOUT_MS = 5000;
/**
 * How long after a request's deadline (KITH_DB_QUERY_TIMEOUT_MS) the server cancels the statement itself
 * (statement_timeout): the client, which gives up first, reports it; the server then frees the backend.
 */
const STATEMENT_TIMEOUT_MARGIN_MS = 1000;
/** Citus: how long the coordinator waits for a connection to a worker before failing the query (ms). */
const CITUS_NODE_CONNECTION_TIMEOUT_MS = 2000;
/**
 * Citus: how long the key tables' shard intervals are trusted before they are read again (ms). They
 * change only when the tables are re-sharded; stale ones cost speed, never correctness (citus-hash.ts).
 */
const SHARD_INTERVALS_TTL_MS = 60_000;

/** Citus: rows of uploads at least this big (characters) are inserted by `insert ... select` (engine.ts). */
const CITUS_BIG_ROW_CHARS = 512 * 1024;

export interface PostgresOptions {
  /** Citus: shards per distributed table group (KITH_CITUS_SHARD_COUNT; see citus.ts). */
  citusShardCount?: number;
  /**
   * How long one statement may go without an answer (ms; KITH_DB_QUERY_TIMEOUT_MS) before it fails as
   * `unavailable` (a commit: `uncertain`) and its connection is dropped. Unset: no bound (the CLI).
   * Migrations never have one (MigrationDb).
   */
  queryTimeoutMs?: number;
}

/** The error of a statement that got no answer within the deadline (errors.ts maps its code). */
export const NO_ANSWER_CODE = 'KITH_NO_ANSWER';
export const COMMIT_NO_ANSWER_CODE = 'KITH_COMMIT_NO_ANSWER';

/**
 * The pool as Kysely sees it, each statement bounded by `ms`: a server that hangs instead of refusing
 * (frozen, a network black hole, a Citus worker stuck under the coordinator) hung every request, /readyz
 * included, until it came back (a probe froze PostgreSQL for 35 s: no answer at all, no 503). Past the
 * deadline the statement fails and its connection is cut and left out of the pool (what it was doing is
 * undone by the server when it notices; a commit's outcome is not known: COMMIT_NO_ANSWER_CODE).
 */
function poolWithDeadline(pool: pg.Pool, ms: number): pg.Pool {
  const clients = new WeakMap<pg.PoolClient, pg.PoolClient>();
  const connect = async () => {
    const client = await pool.connect();
    let bounded = clients.get(client);
    if (bounded === undefined) {
      bounded = boundedClient(client, ms);
      clients.set(client, bounded);
    }
    return bounded;
  };
  return { connect, end: () => pool.end() } as unknown as pg.Pool;
}

/**
 * `client` with a deadline on each query (text and values, as Kysely sends them) and a release that drops
 * it once one passed. The server's own `statement_timeout` (openPostgres) ends the statement itself soon
 * after: cutting the connection alone left it running there (a review: 30 backends busy behind a pool of 10).
 */
function boundedClient(client: pg.PoolClient, ms: number): pg.PoolClient {
  let cut = false;
  /** A commit failed without the server's word on it: the rollback Kysely sends next must not hide that. */
  let commitLost = false;
  /** Inside an explicit transaction (BEGIN seen, no COMMIT or ROLLBACK yet): a write outside one commits by itself. */
  let inTransaction = false;
  const query = (text: string, values?: unknown[]) => {
    const commit = /^\s*commit\b/i.test(text);
    const rollback = /^\s*rollback\b/i.test(text);
    if (cut || commitLost) {
      // Kysely rolls back after a failed statement or commit: the cut connection needs none (the server
      // undoes what it holds when it sees it gone), and the error to report is the first one (a commit
      // without an answer is `uncertain`, which a failed rollback's error would hide).
      if (rollback) {
        inTransaction = false;
        return Promise.resolve({ command: 'ROLLBACK', rowCount: null, rows: [] });
      }
      return Promise.reject(noAnswer(commit));
    }
    if (/^\s*(?:begin|start\s+transaction)\b/i.test(text)) inTransaction = true;
    // What an answer that never comes leaves unknown: a commit's outcome, or a write's outside a transaction.
    // (A read's operation makes it `unavailable` whatever this says: errors.ts.)
    const mayHaveStored = commit || (!inTransaction && !rollback && !/^\s*(?:select|with|show|set)\b/i.test(text));
    const running = client.query(text, values).then(
      (r) => {
        if (commit || rollback) inTransaction = false;
        return r;
      },
      (e: unknown) => {
        // A commit whose connection died before its answer came (no SQLSTATE: the server never said)
        // may have been stored: uncertain, like one past the deadline (a review: reported unavailable).
        if (commit && !/^[0-9A-Z]{5}$/.test(codeOf(e))) {
          commitLost = true;
          throw noAnswer(true);
        }
        if (commit || rollback) inTransaction = false;
        throw e;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        cut = true;
        running.catch(() => {}); // it fails too once the connection is cut; nobody waits for it
        (client as unknown as { connection?: { stream?: { destroy?: () => void } } }).connection?.stream?.destroy?.();
        reject(noAnswer(mayHaveStored));
      }, ms);
    });
    return Promise.race([running, deadline]).finally(() => clearTimeout(timer));
  };
  // A client past its deadline, or whose commit lost its connection, leaves the pool (release with an error ends it).
  const release = () => client.release(cut || commitLost ? new Error('no answer within the deadline') : undefined);
  return { query, release } as unknown as pg.PoolClient;
}

function noAnswer(commit: boolean): Error {
  return Object.assign(new Error(commit ? 'commit: no answer from the database within the deadline' : 'no answer from the database within the deadline'), {
    code: commit ? COMMIT_NO_ANSWER_CODE : NO_ANSWER_CODE,
  });
}

// pg takes the default user from $USER, which containers and services often leave unset; libpq (psql)
// asks the OS instead. Do the same so a URL without a user (postgres://127.0.0.1/test) behaves like psql.
// PGUSER and a user in the URL still win.
pg.defaults.user ??= userInfo().username;

/**
 * Opens a pool on `url` (postgres:// or postgresql://). A `schema` query parameter selects (and creates
 * when missing) the schema every query and migration lands in, through the connections' search_path;
 * tests use it to isolate themselves in one database.
 */
export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<EngineProfile> {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  if (schema !== null && !SCHEMA_NAME.test(schema)) {
    throw new Error('DATABASE_URL: the schema parameter must be a plain identifier (letters, digits, _)');
  }
  const connection: pg.ClientConfig = {
    connectionString: parsed.toString(),
    // A server that does not answer (down host, network black hole) fails the request after this (ms)
    // instead of hanging it: the client gets a 503 and retries. A refused connection fails at once.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // search_path is set at connection start-up, so no query (nor Kysely's migrator) can miss it.
    ...(schema !== null ? { options: `-c search_path=${schema}` } : {}),
  };
  const newPool = (extra: pg.PoolConfig = {}) => {
    const p = new pg.Pool({
      ...connection,
      ...extra,
      // Times are bigint (int8) epoch ms and counts are int8: read them as numbers (< 2^53), not strings.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID && format !== 'binary' ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client dying (server restart, network) emits 'error' on the pool; unhandled, it would crash
    // the process. The pool drops that client by itself and the next query reconnects.
    p.on('error', () => {});
    // The same for a client checked out between two queries (a transaction in progress, or Kysely holding
    // it): pg emits 'error' on the Client itself, and with no listener that killed the whole process when
    // the server restarted (found by test/api/faults.test.ts). Its next query fails instead (a 503), and
    // the pool discards it on release.
    p.on('connect', (client) => {
      client.on('error', () => {});
    });
    return p;
  };
  // Set-up, migrations and Citus's distribution: never bounded (they may run long on a big database).
  const pool = newPool();
  // Requests' statements, when they have a deadline: the server ends each one itself a little after the
  // client gave up on it (statement_timeout), so a statement cut by the deadline does not run on there,
  // holding a backend and its locks, while the client's retry opens another (a review: two waves of 15
  // slow statements behind a pool of 10 left 30 backends busy).
  const requestPool = opts.queryTimeoutMs ? newPool({ statement_timeout: opts.queryTimeoutMs + STATEMENT_TIMEOUT_MARGIN_MS }) : pool;
  try {
    // Only when it is not there: on Citus `create schema if not exists` goes on to every worker, so a
    // server could not start (nor restart after a crash) while one worker was down, though the schema was
    // there and the other workers' books could be served (a probe).
    const exists = schema !== null && (await pool.query('select 1 from pg_namespace where nspname = $1', [schema])).rowCount! > 0;
    if (schema !== null && !exists) {
      await pool.query(`create schema if not exists "${schema}"`).catch((e: { code?: string }) => {
        // Two processes creating the same schema at once: one loses the race on the catalog's unique index.
        if (e.code !== '23505' && e.code !== '42P06') throw e;
      });
    }
    // Uploads are stored whole (raw and cleaned, ~600 bytes an entry), so the server compresses megabytes
    // per big upload. lz4 (PostgreSQL 14+, when built with it) does that in about half the CPU of the
    // default pglz, for the same size (measured on a 50,000-entry upload: 540 vs 950 ms for 31 MB), and
    // the database often shares the machine's cores with Kith. A session setting: nothing to migrate,
    // values already stored stay readable whatever their compression.
    const lz4 = await pool.query("select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)");
    const citus = (await pool.query("select 1 from pg_extension where extname = 'citus'")).rowCount! > 0;
    const settings: string[] = [];
    if (lz4.rowCount) settings.push("set default_toast_compression = 'lz4'");
    // Citus: a query needing a worker that is down fails after this (ms), instead of Citus's default
    // 30 s: the request answers 503 and the client retries (issue #13).
    if (citus) settings.push(`set citus.node_connection_timeout = ${CITUS_NODE_CONNECTION_TIMEOUT_MS}`);
    // Citus: a book's signal lookups fan out to every shard; opening connections to the workers for each
    // of them cost more than the queries (measured: a 100-key lookup 60-90 ms by default, ~22 ms with
    // connections kept). Keep a few per worker on each of Kith's sessions, and use at most a few per query.
    if (citus) settings.push('set citus.max_cached_conns_per_worker = 2', 'set citus.max_adaptive_executor_pool_size = 4');
    // Citus: a transaction's SET LOCAL (boundLockWaits' lock_timeout) reaches the workers it runs on:
    // the row locks it waits for are theirs.
    if (citus) settings.push("set citus.propagate_set_commands = 'local'");
    if (settings.length > 0) {
      const text = settings.join('; ');
      for (const p of new Set([pool, requestPool]))
        p.on('connect', (client) => {
          // Queued before anything the pool's user sends on this connection (one query: pg queues no
          // second one). Failing changes nothing but speed and how fast a dead node is noticed.
          client.query(text).catch(() => {});
        });
      // Connections opened above (a probe and the schema creation) are idle in the pool: set them too.
      await pool.query(text).catch(() => {});
    }
    const current = await pool.query<{ s: string | null }>('select current_schema() as s');
    const migrationSchema = current.rows[0]?.s ?? 'public';
    const indexChannel = indexWorkChannel(migrationSchema);
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: opts.queryTimeoutMs ? poolWithDeadline(requestPool, opts.queryTimeoutMs) : pool }),
    });
    // Migrations and Citus's distribution may run long on a big database: never bounded.
    const migrationDb = opts.queryTimeoutMs ? new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) : db;
    let intervals: { at: number; value: Promise<ShardIntervals | null> } | null = null;
    const keyShards = () => {
      if (intervals === null || Date.now() - intervals.at > SHARD_INTERVALS_TTL_MS) {
        const value = sql<{ min: number }>`select shardminvalue::int as min from pg_dist_shard where logicalrelid = to_regclass('contact_keys')`
          .execute(db)
          .then((r) => (r.rows.length > 0 ? new ShardIntervals(r.rows.map((x) => Number(x.min))) : null));
        intervals = { at: Date.now(), value };
        // A failed read is not kept: the next lookup reads again.
        value.catch(() => {
          if (intervals?.value === value) intervals = null;
        });
      }
      return intervals.value;
    };
    return {
      name: citus ? 'citus' : 'postgres',
      afterMigrate: citus
        ? async () => {
            await distributeTables(migrationDb, migrationSchema, { shardCount: opts.citusShardCount });
            intervals = null; // (re-)distributed: read them again
          }
        : undefined,
      db,
      migrationDb,
      maxParams: PG_MAX_PARAMS,
      // Measured on 20,000 contact keys: ~290 ms with unnest vs ~480 ms with 5,000-row VALUES chunks.
      keyTable: (keys) => sql<{ key: string }>`(select unnest(${keys as string[]}::text[]) as key)`,
      keyLookup: citus ? 'by-shard' : 'in',
      keyShards: citus ? keyShards : undefined,
      // Measured on Citus (one upload row): the same at ~1,000 entries (500 KB), 70 vs 120 ms at 10,000,
      // 330 vs 770 ms at 50,000; below it `values` is ~1 ms faster (one statement fewer).
      bigRowBytes: citus ? CITUS_BIG_ROW_CHARS : undefined,
      rowsFromArrays: (columns) => sql`select * from unnest(${sql.join(columns.map((c) => sql`${c.values}::${sql.raw(c.type)}[]`))})`,
      // Every statement is a round trip: one multi-row statement beats one per row.
      runEach: undefined,
      textParam: (v) => (typeof v === 'string' ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('utf8')),
      greatest: (a, b) => sql<number | null>`greatest(${a}, ${b})`,
      // The announcement rides on the lock's statement (no round trip of its own); delivered at commit.
      lockUser: async (trx, lockKey, opts) => {
        const announce = opts?.announceIndexWork ? sql`, pg_notify(${indexChannel}, '')` : sql``;
        const lock = opts?.shared ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
        await sql`select ${lock}(hashtextextended(${lockKey}, 0))${announce}`.execute(trx);
      },
      listenForIndexWork: (onWork) => listenOn(connection, indexChannel, onWork),
      tryLockUsers: async (trx, lockKeys) => {
        const r = await sql<{
          ok: boolean;
        }>`select pg_try_advisory_xact_lock(hashtextextended(u.k, 0)) as ok from unnest(${lockKeys as string[]}::text[]) with ordinality as u(k, i) order by u.i`.execute(
          trx,
        );
        return r.rows.map((x) => x.ok);
      },
      // A SET LOCAL statement, not set_config(): Citus sends SET LOCAL on to the workers whose rows the
      // transaction waits for (citus.propagate_set_commands, below), set_config() stays on the coordinator.
      boundLockWaits: async (trx, ms) => {
        await sql.raw(`set local lock_timeout = '${Math.max(1, Math.round(ms))}ms'`).execute(trx);
      },
      boundStatements: async (trx, ms) => {
        await sql.raw(`set local statement_timeout = '${Math.max(1, Math.round(ms))}ms'`).execute(trx);
      },
      recoverPrepared: citus
        ? async () => {
            await sql`select recover_prepared_transactions()`.execute(db);
          }
        : undefined,
      queuedKeys: (tenant, userId) =>
        sql<{
          key: string;
        }>`(select json_array_elements_text(q.stats::json -> 'keys') as key from index_queue q where q.tenant = ${tenant} and q.user_id = ${userId})`,
      uploadSeq: (col) => col.generatedByDefaultAsIdentity().notNull(),
      uploadsCompositeKey: true,
      // Kysely's migrator looks for its table in every schema unless told which one: pin it to ours.
      migrationSchema,
      startMaintenance: undefined,
      // The indexer on a thread of its own, so the event loop never runs a big upload's index round.
      // No deadline there: nobody waits for the indexer, and a big round legitimately takes long.
      startIndexer: () => startIndexerThread({ engine: 'postgres', url }),
      // Each pool is ended once (a second end throws): the bounded Kysely ends the request pool, the
      // migration one (when apart) the set-up pool.
      close: async () => {
        await db.destroy();
        if (migrationDb !== db) await migrationDb.destroy();
      },
    };
  } catch (e) {
    await pool.end().catch(() => {});
    if (requestPool !== pool) await requestPool.end().catch(() => {});
    throw e;
  }
}
