/** The SQLite engine: better-sqlite3 under Kysely's SQLite dialect. */
import { THREAD_BOOT, threadModule } from '../lib/thread-module.ts';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteAdapter, SqliteDialect, SqliteDriver, sql } from 'kysely';
import type { DatabaseConnection, SqliteDialectConfig } from 'kysely';
import type { EngineProfile } from './engine.ts';
import { StorageError } from './errors.ts';
import type { EncodedUpload } from './kysely-storage.ts';
import type { SignalsRequest, WriterReply, WriterRequest } from './sqlite-writer.ts';
import { transferList } from '../lib/transfer.ts';
import type { Database } from './schema.ts';
import type { BookKeys, BookSignals } from './types.ts';
import { runBackgroundThread, startIndexerThread } from './threads.ts';
import { acquireWriteLock, exportWriteLocks, releaseLocksOf, releaseWriteLock, writeLockFor, yieldWriteLock, writersWaitFor } from './write-lock.ts';

/**
 * WAL pages after which a committing connection checkpoints by itself. SQLite's default is 1,000 (4 MB);
 * the server runs checkpoints on a background thread instead (checkpointer.mjs), so this is only the
 * backstop when that thread falls behind or is not running (CLI tools, tests without a server).
 */
const WAL_AUTOCHECKPOINT_PAGES = 16_384;
/** The WAL file is truncated back to this size after a checkpoint reset it (bytes). */
const JOURNAL_SIZE_LIMIT = 64 * 1024 * 1024;
/** How often the background checkpointer copies the WAL into the database file (ms). */
const CHECKPOINT_INTERVAL_MS = 250;

/** How long a writer waits for another process's write lock before SQLITE_BUSY (ms). */
const BUSY_TIMEOUT_MS = 5000;
/**
 * Key-index rows per indexer transaction (EngineProfile.indexChunkRows). On a file of ~400,000 stored
 * entries a row costs ~15 µs in a transaction of 256 rows (a random key into two big B-trees dirties a
 * page each, and the commit writes each dirtied page once), ~10 µs in one of 1,024: ~10 ms of holding the
 * write lock per chunk, where a 1,000-entry upload's whole round held it 15-25 ms. Under a backfill
 * (`npm run bench`, 4 uploads in flight) writers always wait, so every chunk is its own transaction: 1,024
 * rows against 256 gave the same or a higher rate (four pairs of runs: 27.6k/27.6k, 23.0k/28.0k,
 * 13.4k/24.6k, 20.8k/25.9k contacts/s), an index lag p99 of 85-110 ms against 140-300 ms, and no slower
 * POSTs.
 */
const INDEX_CHUNK_ROWS = 1024;
/**
 * Key-index rows of one indexer transaction while no writer waits for the lock (EngineProfile
 * writersWaiting): per row, ~15 µs of CPU in transactions of 256 rows, ~9 µs in transactions of 4,096
 * (measured on 132,000 random keys; the commit writes each dirtied page once, however many rows dirtied it).
 */
const INDEX_TRANSACTION_ROWS = 4096;
/** SQLITE_MAX_VARIABLE_NUMBER of the bundled SQLite (>= 3.32). */
const SQLITE_MAX_PARAMS = 32766;
/**
 * Prepared statements kept per connection (count), and the longest SQL text cached (characters).
 * Kysely's driver prepares every query again; preparing costs 20-100 µs, often more than running the
 * query. Long texts are one-off multi-row statements: caching them would only hold memory.
 */
const STATEMENT_CACHE_SIZE = 256;
const STATEMENT_CACHE_MAX_SQL = 4096;

/** better-sqlite3 with a bounded cache of prepared statements, keyed by SQL text (least recently used out). */
function cachingDatabase(raw: BetterSqlite3.Database): { close(): void; prepare(sql: string): BetterSqlite3.Statement } {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => {
      cache.clear();
      raw.close();
    },
    prepare(sql: string) {
      if (sql.length > STATEMENT_CACHE_MAX_SQL) return raw.prepare(sql);
      let stmt = cache.get(sql);
      if (stmt !== undefined) {
        cache.delete(sql); // re-inserted below: the Map's order is the recency order
      } else {
        stmt = raw.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

/**
 * Kysely's SQLite driver opens transactions with a plain (deferred) BEGIN. A deferred transaction that
 * reads before it writes can fail with SQLITE_BUSY on the lock upgrade without waiting for the busy
 * timeout, when another process writes the same file. BEGIN IMMEDIATE takes the write lock up front, so
 * writers queue on busy_timeout instead. Inside one process Kysely's driver already serialises
 * transactions: it has a single connection guarded by a mutex held for the whole transaction.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #lock: Int32Array | null;
  #held = false;

  constructor(config: SqliteDialectConfig, lock: Int32Array | null) {
    super(config);
    this.#lock = lock;
  }

  /** Threads of this process first queue on the shared write lock (write-lock.ts), then BEGIN IMMEDIATE. */
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#lock !== null) this.#held = await acquireWriteLock(this.#lock);
    try {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    } catch (e) {
      this.#release();
      throw e;
    }
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(connection);
    } finally {
      this.#release();
    }
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      this.#release();
    }
  }

  #release(): void {
    if (this.#held && this.#lock !== null) releaseWriteLock(this.#lock);
    this.#held = false;
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #lock: Int32Array | null;
  constructor(config: SqliteDialectConfig, lock: Int32Array | null) {
    super(config);
    this.#config = config;
    this.#lock = lock;
  }
  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.#config, this.#lock);
  }
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * SQLite's DDL is transactional, but Kysely's adapter says it is not, so its Migrator ran each statement
 * of a migration on its own and recorded the migration at the end: a migration stopped between two
 * statements (a killed process, a stop timeout while it waited for the file's lock) left a table created
 * and the migration unrecorded, and every start after failed on "table already exists" (an upgrade
 * probe). Said so, the pending migrations run in one transaction: all of them, or none.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

export interface SqliteOptions {
  /**
   * Write uploads on a writer thread of this storage's own (sqlite-writer.ts) instead of the calling
   * thread: for book workers, which rank a book while its upload is written.
   */
  uploadWriterThread?: boolean;
}

/** Opens (creating if needed) the SQLite file at `path` (':memory:' for a private in-memory database). */
export function openSqlite(path: string, opts: SqliteOptions = {}): EngineProfile {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = new BetterSqlite3(path);
  // WAL: readers never block the writer. NORMAL is durable across application crashes in WAL mode
  // (only an OS crash may lose the last commits) and is much faster than FULL.
  raw.pragma('journal_mode = WAL');
  raw.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  raw.pragma('foreign_keys = ON');
  raw.pragma('synchronous = NORMAL');
  // A deleted row's bytes are overwritten with zeros, in its page and in the pages it frees: a user's
  // DELETE leaves nothing of them in the file's free space (eraseWal then clears the WAL's old frames).
  raw.pragma('secure_delete = ON');
  raw.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_PAGES}`);
  raw.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT}`);
  const database = cachingDatabase(raw);
  // One write lock per database file for every thread of the process (an in-memory database is private).
  const lock = path === ':memory:' ? null : writeLockFor(resolve(path));
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }, lock) });
  const uploadWriter = opts.uploadWriterThread && path !== ':memory:' ? new UploadWriter(path) : undefined;
  return {
    name: 'sqlite',
    db,
    maxParams: SQLITE_MAX_PARAMS,
    rowsFromArrays: undefined,
    // In-process and synchronous: one cached single-row statement run per row is the fastest bulk path
    // (measured on 13,000 contact keys: ~25 ms, against ~250 ms for 5,000-row VALUES statements, most
    // of it preparing them). Called inside a Kysely transaction it runs on that transaction: SQLite has
    // one connection, and Kysely holds it for the whole transaction.
    runEach: (sqlText, rows) => {
      const stmt = database.prepare(sqlText);
      for (const r of rows) stmt.run(r as unknown[]);
    },
    keyTable: (keys) => sql<{ key: string }>`(select value as key from json_each(${JSON.stringify(keys)}))`,
    keyLookup: 'join',
    // CAST of a BLOB to TEXT takes its bytes as text in the database encoding (UTF-8): a 2 MB body is
    // stored without being decoded into a JavaScript string first.
    textParam: (v) => (typeof v === 'string' ? v : sql<string>`cast(${Buffer.from(v.buffer, v.byteOffset, v.byteLength)} as text)`),
    // SQLite's scalar max() returns NULL as soon as one argument is NULL: coalesce each side first.
    greatest: (a, b) => sql<number | null>`max(coalesce(${a}, ${b}), coalesce(${b}, ${a}))`,
    lockUser: async () => {},
    tryLockUsers: async (_trx, keys) => keys.map(() => true),
    indexChunkRows: INDEX_CHUNK_ROWS,
    yieldWrites: lock === null ? undefined : () => yieldWriteLock(lock),
    writersWaiting: lock === null ? undefined : () => writersWaitFor(lock),
    indexTransactionRows: INDEX_TRANSACTION_ROWS,
    queuedKeys: (tenant, userId) =>
      sql<{ key: string }>`(select j.value as key from index_queue q, json_each(q.stats, '$.keys') j where q.tenant = ${tenant} and q.user_id = ${userId})`,
    startIndexer: path === ':memory:' ? undefined : () => startIndexerThread({ engine: 'sqlite', path }),
    uploadSeq: (col) => col.primaryKey().autoIncrement(),
    uploadsCompositeKey: false,
    migrationSchema: undefined,
    startMaintenance: path === ':memory:' ? undefined : () => startCheckpointer(path),
    eraseWal:
      path === ':memory:'
        ? undefined
        : () => {
            // The server's checkpointer thread truncates off the requests' thread, retrying while readers
            // hold old frames; without one (a test's storage, a tool) this connection tries, never waiting,
            // now and again on a timer (truncateWal).
            const checkpointer = CHECKPOINTERS.get(resolve(path));
            if (checkpointer !== undefined) checkpointer.postMessage('truncate');
            else truncateWal(raw);
          },
    uploadWriter,
    close: async () => {
      await uploadWriter?.close();
      await db.destroy();
    },
  };
}

/** The checkpointer threads this thread started, by database file. */
const CHECKPOINTERS = new Map<string, Worker>();

/** Starts the WAL checkpointer thread on `path`; resolves once it runs, with the function that stops it. */
function startCheckpointer(path: string): Promise<() => Promise<void>> {
  // A checkpointer that dies (it should not) leaves the backstop in charge; the server keeps running.
  const worker = new Worker(new URL('./checkpointer.mjs', import.meta.url), {
    workerData: { path, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  const file = resolve(path);
  CHECKPOINTERS.set(file, worker);
  return runBackgroundThread(worker, 5_000, () => {
    if (CHECKPOINTERS.get(file) === worker) CHECKPOINTERS.delete(file);
  });
}

/** How long truncateWal tries again, without a checkpointer thread, while other connections hold the WAL (ms). */
const TRUNCATE_RETRY_MS = 120_000;

/**
 * Copies the WAL into the file and truncates it to nothing on this connection, without waiting: an attempt
 * that finds a writer or a reader on old frames gives up at once (waiting would hold off every writer,
 * and block this thread), and is tried again every CHECKPOINT_INTERVAL_MS for TRUNCATE_RETRY_MS, on a
 * timer that keeps no process alive, until the connection closes.
 */
function truncateWal(raw: BetterSqlite3.Database, deadline = Date.now() + TRUNCATE_RETRY_MS): void {
  let done = false;
  try {
    raw.pragma('busy_timeout = 0');
    try {
      const r = raw.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      done = r[0]?.busy === 0;
    } finally {
      raw.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
  } catch {
    // SQLITE_BUSY, or the connection closed (then the next attempt ends it).
    if (!raw.open) return;
  }
  if (!done && Date.now() < deadline) setTimeout(() => truncateWal(raw, deadline), CHECKPOINT_INTERVAL_MS).unref();
}

/** Texts from this size (UTF-16 code units) go to the writer as UTF-8 bytes; shorter ones are cloned. */
const BYTES_FROM = 64 * 1024;

function asBytes(v: string | Uint8Array): string | Uint8Array {
  return typeof v === 'string' && v.length >= BYTES_FROM ? Buffer.from(v, 'utf8') : v;
}

const WRITER_ENTRY = threadModule('./sqlite-writer.ts', import.meta.url);
/** What the writer thread posts once, when its modules are loaded and its connection open. */
export const WRITER_LOADED = 'loaded';

/**
 * The client side of a writer thread: started with it, one request per upload (or signal lookup),
 * answered in order. A thread that dies fails the requests it held (nothing of a write is committed:
 * each is one transaction) and the next request starts a new one.
 */
class UploadWriter {
  readonly #path: string;
  #worker: Worker | null = null;
  #loaded!: Promise<void>;
  readonly #pending = new Map<number, { resolve: (value: never) => void; reject: (e: Error) => void; operation: string }>();
  #next = 1;
  #closed = false;

  constructor(path: string) {
    this.#path = path;
    // Started now (its storage is a book worker's, opened to write uploads): loading its modules is not
    // added to the first upload's answer (~0.3 s). Restarted on use if it dies.
    this.#worker = this.#start();
  }

  /** Settles once the thread started last has loaded (it says so) or stopped. */
  get loaded(): Promise<void> {
    return this.#loaded;
  }

  write(enc: EncodedUpload): Promise<number> {
    // The two big texts travel as UTF-8 bytes whose memory moves to the writer: cloning a few MB of
    // (two-byte) strings cost the worker more than encoding them, and the writer decodes them meanwhile.
    const raw = asBytes(enc.row.raw);
    const normalized = asBytes(enc.row.normalized);
    const transfer = [raw, normalized].flatMap((v) => (typeof v === 'string' ? [] : transferList(v)));
    return this.#request<number>('appendUpload', (id) => ({ id, enc: { ...enc, row: { ...enc.row, raw, normalized } } }), transfer);
  }

  /** Storage.loadSignals on the writer's connection (see EngineProfile.uploadWriter). */
  loadSignals(tenant: string, userId: string, keys: BookKeys, ownerKeys: string[]): Promise<BookSignals> {
    // Thousands of keys as one JSON string: cloning one string is a copy, cloning the list walks it.
    const all = JSON.stringify(keys.all);
    const pending = keys.pending === keys.all ? null : JSON.stringify(keys.pending);
    const signals: SignalsRequest = { tenant, userId, all, pending, ownerKeys, want: keys.want };
    return this.#request<BookSignals>('loadSignals', (id) => ({ id, signals }), []);
  }

  /** Sends one request to the thread (started again if it died); settles with its answer. */
  #request<T>(operation: string, message: (id: number) => WriterRequest, transfer: ArrayBuffer[]): Promise<T> {
    if (this.#closed) return Promise.reject(new StorageError('unavailable', `${operation}: storage closed`));
    const worker = (this.#worker ??= this.#start());
    const id = this.#next++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: never) => void, reject, operation });
      worker.postMessage(message(id), transfer);
    });
  }

  #start(): Worker {
    const worker = new Worker(THREAD_BOOT, { workerData: { entry: WRITER_ENTRY, path: this.#path, writeLocks: exportWriteLocks() } });
    const threadId = worker.threadId;
    let loaded!: () => void;
    this.#loaded = new Promise<void>((resolve) => {
      loaded = resolve;
    });
    worker.on('message', (r: WriterReply | typeof WRITER_LOADED) => {
      if (r === WRITER_LOADED) return loaded();
      const p = this.#pending.get(r.id);
      if (p === undefined) return;
      this.#pending.delete(r.id);
      if ('seq' in r) p.resolve(r.seq as never);
      else if ('signals' in r) p.resolve(r.signals as never);
      else p.reject(new StorageError(r.error.kind, r.error.message));
    });
    const gone = () => {
      loaded();
      if (this.#worker === worker) this.#worker = null;
      releaseLocksOf(threadId); // died inside a transaction: the other writers must not wait for it
      for (const p of this.#pending.values()) p.reject(new StorageError('failed', `${p.operation}: writer thread stopped`));
      this.#pending.clear();
    };
    worker.on('error', gone);
    worker.on('exit', gone);
    return worker;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    if (worker === null) return;
    // Writes in flight finish first: the thread answers them before it reads the close request.
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close' satisfies WriterRequest);
    const timer = setTimeout(() => void worker.terminate(), 5_000);
    await exited;
    clearTimeout(timer);
  }
}
