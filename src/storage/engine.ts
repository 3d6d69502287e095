/**
 * What differs between the engines, declared once per engine instead of `if (engine === ...)` in the
 * queries (the same idea as Kysely's dialect adapters). Everything else is shared Kysely code.
 */
import type { ColumnDefinitionBuilder, Expression, Kysely, RawBuilder } from 'kysely';
import type { ShardIntervals } from './citus-hash.ts';
import type { IndexWorkListener } from './indexer.ts';
import type { EncodedUpload } from './kysely-storage.ts';
import type { Database } from './schema.ts';
import type { BookKeys, BookSignals } from './types.ts';

/** One column of rows passed as an array, with the SQL type of its elements. */
export interface ArrayColumn {
  values: readonly (string | number | null)[];
  type: 'text' | 'integer' | 'bigint';
}

export interface EngineProfile {
  readonly name: 'sqlite' | 'postgres' | 'citus';
  /** Runs after every migrateUp (Citus: distributes Kith's tables, idempotently). */
  readonly afterMigrate?: () => Promise<void>;
  readonly db: Kysely<Database>;
  /** The database for migrations when `db` bounds its statements (PostgreSQL's query deadline); else `db`. */
  readonly migrationDb?: Kysely<Database>;
  /**
   * Bound parameters one statement may carry; multi-row inserts are chunked to stay under it
   * (SQLite: SQLITE_MAX_VARIABLE_NUMBER, Postgres: the protocol's 16-bit parameter count).
   */
  readonly maxParams: number;
  /**
   * A `select` of rows given column-wise, one array parameter per column (Postgres: unnest), so a
   * 20,000-row insert is one short statement the server parses once. Undefined when the engine has no
   * array parameters: callers then send chunked multi-row VALUES.
   */
  readonly rowsFromArrays: ((columns: ArrayColumn[]) => RawBuilder<unknown>) | undefined;
  /**
   * Runs one statement once per row of parameters, through a cached prepared statement, when that is the
   * engine's fastest bulk path (SQLite: in-process, no round trips). Only inside a transaction of `db`.
   * Undefined when the engine has none: callers then use rowsFromArrays or multi-row VALUES.
   */
  readonly runEach: ((sql: string, rows: readonly (readonly unknown[])[]) => void) | undefined;
  /**
   * A one-column table (column `key`) of the given strings, as one bound parameter whatever their number
   * (SQLite: json_each over a JSON array; Postgres: unnest of a text[]), for `key in (...)`.
   */
  keyTable(keys: readonly string[]): RawBuilder<{ key: string }>;
  /**
   * How loadSignals restricts a table to a book's keys. 'join': all the keys as one keyTable, the outer
   * side of a CROSS JOIN that probes the table's (tenant, key) index once per key (SQLite: its
   * `key in (subquery)` first builds a temporary index of all the keys, once per query). 'in':
   * `key in (the user's own contact_keys rows, plus the pending keys as a keyTable)`, a semi-join
   * (Postgres: it plans that one well even on stale statistics, where a join with a long key list may
   * hash the tenant's whole table). 'by-shard': the keys grouped by the shard holding them (keyShards),
   * one query per shard reading every key table there (Citus: each shard gets only its own keys, one
   * task each, instead of every shard getting the whole list in each of several statements).
   */
  readonly keyLookup: 'join' | 'in' | 'by-shard';
  /**
   * 'by-shard' only: the hash intervals of the key tables' shards (read from the cluster's metadata,
   * cached), or null when they are not distributed (one group then).
   */
  readonly keyShards?: () => Promise<ShardIntervals | null>;
  /**
   * A text value given as a JavaScript string or as its UTF-8 bytes, as a parameter of an insert
   * (SQLite: the bytes bound as they are and cast to TEXT in SQL, never decoded in JavaScript;
   * Postgres: decoded, as the driver sends strings).
   */
  textParam(v: string | Uint8Array): string | RawBuilder<string>;
  /**
   * Rows of uploads and index_queue at least this big (characters of their texts) are inserted as
   * `insert ... select $1::type, ...` with the sequence's next value read first (Citus: the coordinator
   * streams such a row to its shard; an `insert ... values` is re-sent to the worker as SQL text with
   * every value inlined as a literal and parsed there again, 31 MB of SQL for a 50,000-entry upload).
   * Undefined: always `insert ... values ... returning seq`.
   */
  readonly bigRowBytes?: number;
  /** Larger of two nullable numbers, a null side ignored (null only when both are null). */
  greatest(a: Expression<number | null>, b: Expression<number | null>): RawBuilder<number | null>;
  /** Declares the auto-incrementing `uploads.seq` column (and whatever key the engine needs for it). */
  uploadSeq(col: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
  /**
   * Serialises writers of one user's book until the transaction ends, so an upload and a DELETE of the
   * same user never interleave (Postgres: a transaction-scoped advisory lock; SQLite: nothing to do,
   * its writers already run one at a time under BEGIN IMMEDIATE). `announceIndexWork`: the transaction
   * queues index work; indexers listening (listenForIndexWork) hear of it when it commits. `shared`: the
   * lock in shared mode (PostgreSQL's pg_advisory_xact_lock_shared): shared holders do not wait for each
   * other, only for the exclusive one.
   */
  lockUser(trx: Kysely<Database>, lockKey: string, opts?: { announceIndexWork?: boolean; shared?: boolean }): Promise<void>;
  /**
   * Calls `onWork` when any server's transaction that announced index work commits (PostgreSQL:
   * LISTEN/NOTIFY, on a connection of its own). Undefined: none are announced, the indexer polls.
   */
  readonly listenForIndexWork?: (onWork: () => void) => IndexWorkListener;
  /**
   * Tries to take the locks of lockUser for each key without waiting; true where taken (held until the
   * transaction ends). The indexer claims books with it (SQLite: always true, its writers are serial).
   */
  tryLockUsers(trx: Kysely<Database>, lockKeys: readonly string[]): Promise<boolean[]>;
  /**
   * Bounds the lock waits of the rest of the transaction to `ms` (PostgreSQL: lock_timeout, local to
   * the transaction, on Citus's workers too); past it the statement fails (55P03: a 503 with Retry-After). Undefined: the
   * engine's writers never wait on rows (SQLite). On Citus a worker stopped during a two-phase commit
   * leaves a prepared transaction holding its rows' locks until Citus recovers it (up to a minute after
   * the worker is back): an indexer or a DELETE waiting on those rows held the book's lock the while, and
   * every upload of the book hung behind it for 40 to 50 s (a probe).
   */
  readonly boundLockWaits?: (trx: Kysely<Database>, ms: number) => Promise<void>;
  /**
   * Bounds each statement of the transaction (SET LOCAL statement_timeout): past `ms` the statement fails
   * and the transaction with it, freeing its locks. For the indexer's rounds, which hold their books'
   * locks: a Citus worker that hangs (a frozen host, not a refused connection) held a round's statement,
   * and with it every upload and DELETE of that round's users, for as long as it hung, though their books
   * lay on a healthy worker (a probe: 503 after 15 s, again and again). Undefined: SQLite.
   */
  readonly boundStatements?: (trx: Kysely<Database>, ms: number) => Promise<void>;
  /**
   * Citus: resolves the prepared transactions a stopped worker left (recover_prepared_transactions(),
   * which Citus otherwise runs once a minute); needs a superuser, and fails quietly without one. Run
   * after a statement gave up waiting for a lock (boundLockWaits), so the rows they hold are free at the
   * next try, and before a DELETE: a worker that died between PREPARE and COMMIT PREPARED of an index
   * round keeps that round's new key-index rows invisible, unlocked for a DELETE, until recovery commits
   * them after it (a probe found 164 rows of a deleted user back for good).
   */
  readonly recoverPrepared?: () => Promise<void>;
  /**
   * The indexer writes at most this many key-index rows per transaction, checking in each that the
   * uploads it indexes are still queued (a DELETE or a re-clean between two of them wins), and yields
   * the write lock between them (yieldWrites) to a writer that waits. For an engine whose writers share
   * one lock (SQLite): on a big file an upload's index round takes tens of ms, and an upload acknowledged
   * behind it would wait that long. Undefined: one transaction per round, the books claimed under their
   * user locks (PostgreSQL, whose writers do not wait for each other).
   */
  readonly indexChunkRows?: number;
  /** Between two of the indexer's chunks: lets a writer waiting for the write lock go first. */
  readonly yieldWrites?: () => Promise<void>;
  /**
   * Whether a writer waits for the write lock now. While none does, the indexer goes on with its next
   * chunks in the same transaction (up to indexTransactionRows rows): each commit writes every page the
   * transaction dirtied, and random keys dirty about a page a row, so fewer, bigger commits write fewer
   * pages. Undefined: one chunk per transaction.
   */
  readonly writersWaiting?: () => boolean;
  /** The most key-index rows of one indexer transaction that chunks share (see writersWaiting). */
  readonly indexTransactionRows?: number;
  /** The keys in the user's index_queue rows (their `stats` JSON), as a one-column table `key`. */
  queuedKeys(tenant: string, userId: string): RawBuilder<{ key: string }>;
  /**
   * Runs the indexer somewhere other than the calling thread (SQLite: a thread of its own); resolves once
   * it runs, with the function that stops it. Undefined: it runs on the calling thread's event loop.
   */
  readonly startIndexer?: () => Promise<() => Promise<void>>;
  /** Whether `uploads` needs a separate (tenant, seq) primary key constraint (false when seq is the key). */
  readonly uploadsCompositeKey: boolean;
  /** Schema holding Kysely's migration bookkeeping tables (undefined: the engine has no schemas). */
  readonly migrationSchema: string | undefined;
  /**
   * Where appendUpload writes when not on the calling thread (SQLite in a book worker: a writer thread of
   * its own, so the worker ranks the book while the upload is written). Undefined: on the calling thread.
   * When it has loadSignals, signal lookups run there too (the worker merges the book meanwhile).
   */
  readonly uploadWriter?: {
    write(enc: EncodedUpload): Promise<number>;
    /** Settles once the thread has loaded its modules and opened its connection (or stopped). */
    readonly loaded: Promise<void>;
    loadSignals?(t: string, userId: string, keys: BookKeys, ownerKeys: string[]): Promise<BookSignals>;
    close(): Promise<void>;
  };
  /**
   * Starts the engine's background upkeep for a long-running server, if it has any (SQLite: the WAL
   * checkpointer thread); the returned function stops it. Undefined: nothing to run.
   */
  readonly startMaintenance: (() => Promise<() => Promise<void>>) | undefined;
  /**
   * After a user's rows were deleted: clears what the engine keeps of deleted rows outside its tables
   * (SQLite: the WAL's old frames, truncated soon after; its pages are zeroed by secure_delete).
   * Undefined: nothing to clear (PostgreSQL: see docs/data-retention.md).
   */
  readonly eraseWal?: () => void;
  /** Releases connections; the profile is unusable afterwards. */
  close(): Promise<void>;
}
