/**
 * The one Storage implementation, over Kysely, shared by SQLite and PostgreSQL. What differs between
 * the engines comes from the EngineProfile (./engine.ts); nothing here branches on the engine's name.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import type { InsertQueryBuilder, InsertResult, Kysely, MigrationResultSet, Transaction } from 'kysely';
import type { EngineProfile } from './engine.ts';
import { decodeEntries, encodeEntries } from './entry-codec.ts';
import { codeOf, StorageError, toStorageError } from './errors.ts';
import { type IndexWorkListener, runIndexer } from './indexer.ts';
import { migrationProvider } from './migrations/index.ts';
import { tenantOf } from './types.ts';
import type { Database, UploadsTable } from './schema.ts';
import type {
  AppRecord,
  AppUserRecord,
  BookKeys,
  BookRef,
  BookSignals,
  Env,
  InviteAcceptedRecord,
  IndexOptions,
  IndexQueueStats,
  IndexRun,
  InviteSentRecord,
  KeyRecord,
  KnownUpload,
  KeyStat,
  RewriteOptions,
  RewrittenUpload,
  BookSummary,
  ClientKeyInsert,
  ClientKeyRecord,
  DomainEmailRow,
  Page,
  Storage,
  StoredBook,
  StoredUpload,
  SuggestedSeenRecord,
  Tenant,
  UploadRecord,
  WeightsRecord,
} from './types.ts';
import { ALL_SIGNALS } from '../domain/options.ts';
import type { NormalizedEntry, SignalsWanted, SourceInput } from '../domain/types.ts';

/** Whether a signal lookup reads the book's own keys in the index (knownBy, app users, accepted invites). */
function readsBookKeys(want: SignalsWanted): boolean {
  return want.knownBy || want.appUsers || want.accepted;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Random part of an app id: 16 base62 characters, about 95 bits. */
const APP_ID_LENGTH = 16;
/**
 * Upper bound on rows per multi-row statement, whatever the parameter limit allows: past a few
 * thousand rows, a bigger statement only costs more compile time in Kysely and in the engine (rows).
 */
const MAX_ROWS_PER_STATEMENT = 5000;

/** The largest value of an `integer` column (PostgreSQL's int4). */
const MAX_INT32 = 2 ** 31 - 1;

/**
 * Attempts of a write transaction that failed on a serialization failure or a deadlock (SQLSTATE 40001,
 * 40P01), which SERIALIZABLE engines (CockroachDB, YugabyteDB, Postgres at that level) raise under
 * contention and expect the client to retry; and the backoff before attempt n, ms (doubling, jittered).
 */
const WRITE_ATTEMPTS = 10;
/** How long a DELETE waits for a row lock, under its book's lock, before it answers 503 (ms). */
const DELETE_LOCK_WAIT_MS = 5_000;
/**
 * How long a DELETE's tombstone is kept (ms): longer than any upload may wait between its arrival and its
 * write, which UPLOAD_MAX_WAIT_MS bounds (refused past it), plus a margin for clocks of several servers.
 * A tombstone names a user id: purged after this (purgeTombstones, from the maintenance loop).
 */
export const TOMBSTONE_KEEP_MS = 10 * 60_000;
/**
 * The longest an upload may take from its arrival to its write (ms): one older when it reaches the
 * database (after the user's lock) is refused, nothing stored, so no upload ever outlives the tombstone
 * of a DELETE it must lose to. Far above the queue's deadline (KITH_QUEUE_WAIT_MS) and any normal write.
 */
export const UPLOAD_MAX_WAIT_MS = 5 * 60_000;
/** How often the maintenance loop purges old tombstones (ms). */
const TOMBSTONE_PURGE_EVERY_MS = 60_000;
/** How long an index round waits for a row lock, under its books' locks, before it gives up the round (ms). */
const INDEX_LOCK_WAIT_MS = 2_000;
/**
 * The longest one statement of an index round may run, under its books' locks, before the round gives
 * up (ms; EngineProfile.boundStatements). A round's statements write at most a few thousand rows each
 * (well under a second on a loaded cluster); the bound is for a node that hangs, ten times that and
 * more, so that a slow statement of a healthy cluster is not given up round after round. Below the
 * requests' deadline (KITH_DB_QUERY_TIMEOUT_MS, 15 s by default), so an upload waiting behind such a
 * round is stored, late, not refused.
 */
export const INDEX_STATEMENT_MS = 10_000;
/** The most key-index rows one statement of an index round upserts (see INDEX_STATEMENT_MS). */
const INDEX_STATEMENT_ROWS = 5_000;
const RETRY_BASE_MS = 5;
const RETRY_MAX_MS = 500;

/** PostgreSQL: books of up to this many keys probe app_users and invites_accepted per key (see #loadSignalsInOne). */
const PROBE_APP_TABLES_UP_TO = 2_000;
/** Books of at least this many keys have their signals looked up on the engine's other thread, if any (see loadSignals). */
const SIGNALS_ELSEWHERE_FROM_KEYS = 5000;

/** Uploads' index work the indexer takes per transaction, at most (oldest first). */
const INDEX_BATCH_UPLOADS = 64;

type ContactKeyRow = { tenant: string; key: string; user_id: string; times: number; last_sent: number | null; last_received: number | null };

function isRetryable(e: unknown): boolean {
  const code = codeOf(e);
  return code === '40001' || code === '40P01';
}

function newAppId(): string {
  let s = 'app_';
  for (let i = 0; i < APP_ID_LENGTH; i++) s += BASE62[randomInt(62)];
  return s;
}

/** Splits `rows` so that each chunk binds at most `maxParams` parameters of `columns` per row. */
function chunks<T>(rows: T[], columns: number, maxParams: number): T[][] {
  const size = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(maxParams / columns)));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function byKey(a: { key: string }, b: { key: string }): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

function maxNullable(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

const nullableNumber = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Adds a stat of `key` to `into`: the first one as it is, then the max times and the newest dates (nulls ignored). */
function keepMax(into: Map<string, KeyStat>, key: string, times: number, lastSent: number | null, lastReceived: number | null): void {
  const prev = into.get(key);
  if (prev === undefined) {
    into.set(key, { key, times, lastSent, lastReceived });
    return;
  }
  prev.times = Math.max(prev.times, times);
  prev.lastSent = maxNullable(prev.lastSent, lastSent);
  prev.lastReceived = maxNullable(prev.lastReceived, lastReceived);
}

function uniqueSorted(keys: Iterable<string>): string[] {
  return [...new Set(keys)].sort();
}

/** How records are written: `arrivedAt`, when the request carrying them arrived (a later DELETE's tombstone refuses them). */
export interface RecordOptions {
  arrivedAt?: number;
}

/**
 * An upload as the database stores it: strings, numbers and arrays of them, no object per key (cheap to
 * hand to another thread: cloning 13,000 small objects cost more than the rest of the upload).
 */
export interface EncodedUpload {
  /** The uploads row; its two big texts may be UTF-8 bytes instead (handed to a writer thread without a copy). */
  row: Omit<UploadsTable, 'seq' | 'raw' | 'normalized'> & { raw: string | Uint8Array; normalized: string | Uint8Array };
  /**
   * Key stats, column-wise and as the upload gave them, as JSON (one string: cheap to hand to a writer
   * thread): the upload's index_queue row, merged into the key index later by the indexer.
   */
  statsJson: string;
  ownerKeys: string[];
  /** When the request carrying it arrived (UploadRecord.arrivedAt): a later DELETE's tombstone refuses it. */
  arrivedAt: number;
}

type StatColumns = { keys: string[]; times: number[]; lastSent: (number | null)[]; lastReceived: (number | null)[] };

function statColumns(stats: readonly KeyStat[]): StatColumns {
  const n = stats.length;
  const out = { keys: new Array<string>(n), times: new Array<number>(n), lastSent: new Array<number | null>(n), lastReceived: new Array<number | null>(n) };
  for (let i = 0; i < n; i++) {
    const s = stats[i];
    out.keys[i] = s.key;
    out.times[i] = s.times ?? 0;
    out.lastSent[i] = s.lastSent ?? null;
    out.lastReceived[i] = s.lastReceived ?? null;
  }
  return out;
}

/**
 * One stat per key (max times, newest dates, nulls ignored), sorted by key: the index is filled in order,
 * and a fixed lock order keeps concurrent upserts deadlock-free.
 */
function mergeKeyStats(c: StatColumns): KeyStat[] {
  const byK = new Map<string, KeyStat>();
  for (let i = 0; i < c.keys.length; i++) keepMax(byK, c.keys[i], c.times[i], c.lastSent[i], c.lastReceived[i]);
  return [...byK.values()].sort(byKey);
}

function encodeUpload(t: Tenant, u: UploadRecord): EncodedUpload {
  const ownerKeys = uniqueSorted(u.ownerKeys);
  return {
    row: {
      tenant: t,
      batch_id: u.batchId,
      user_id: u.userId,
      created_at: u.createdAt,
      source_key: u.sourceKey,
      source: JSON.stringify(u.source),
      raw: u.rawJson ?? JSON.stringify(u.raw),
      normalized: encodeEntries(u.normalized, u.sourceKey),
      entry_count: u.normalized.length,
      owner_keys: JSON.stringify(ownerKeys),
    },
    statsJson: JSON.stringify(statColumns(u.keyStats)),
    ownerKeys,
    // A caller that does not say when the upload arrived: now (createdAt may be any time, e.g. an import's).
    arrivedAt: u.arrivedAt ?? Date.now(),
  };
}

/** SQL types of the columns insertBySelect writes. */
const UPLOAD_TYPES = {
  tenant: 'text',
  seq: 'bigint',
  batch_id: 'text',
  user_id: 'text',
  created_at: 'bigint',
  source_key: 'text',
  source: 'text',
  raw: 'text',
  normalized: 'text',
  entry_count: 'integer',
  owner_keys: 'text',
} as const;
const QUEUE_TYPES = { tenant: 'text', user_id: 'text', seq: 'bigint', stats: 'text', owner_keys: 'text', enqueued_at: 'bigint' } as const;

/**
 * Inserts one row as `insert into table (columns) select $1::type, ...` (EngineProfile.bigRowBytes:
 * Citus streams the row to its shard instead of re-sending it as SQL text).
 */
async function insertBySelect<T extends 'uploads' | 'index_queue'>(
  trx: Transaction<Database>,
  table: T,
  row: Record<string, unknown>,
  types: Record<string, string>,
): Promise<void> {
  const columns = Object.keys(types);
  const values = columns.map((c) => {
    if (!(c in row)) throw new Error(`insertBySelect: no value for ${table}.${c}`);
    return sql`${row[c]}::${sql.raw(types[c]!)}`;
  });
  await trx
    .insertInto(table)
    .columns(columns as never)
    .expression(sql`select ${sql.join(values)}` as never)
    .execute();
}

type KeyRow = {
  id: string;
  app_id: string;
  app_name: string;
  env: string;
  prefix: string;
  created_at: number;
  revoked_at: number | null;
};

function toKeyRecord(r: KeyRow): KeyRecord {
  return {
    id: r.id,
    appId: r.app_id,
    appName: r.app_name,
    env: r.env as Env,
    prefix: r.prefix,
    createdAt: Number(r.created_at),
    revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
  };
}

/** The names of the migrations a run applied or reverted, in the order it ran them; throws its error. */
function migrationsDone(result: MigrationResultSet, operation: string): string[] {
  if (result.error !== undefined) throw migrationError(result, operation);
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * A migration's failure, saying what happened (an upgrade probe: `migrateUp: database error (Error)`
 * whether the database was migrated by a newer Kith or a migration failed): a migration this version does
 * not know names the newer Kith; a failed one is named, with the driver's code (never its message).
 */
function migrationError(result: MigrationResultSet, operation: string): StorageError {
  const e = result.error;
  const message = e instanceof Error ? e.message : '';
  const unknown = /previously executed migration (\S+) is missing/.exec(message);
  if (unknown !== null) {
    return new StorageError(
      'failed',
      `${operation}: this database was migrated by a newer version of Kith (its migration ${unknown[1]} is unknown to this one); run that version or a newer one`,
      e,
    );
  }
  const failed = (result.results ?? []).find((r) => r.status === 'Error');
  const err = toStorageError(operation, e);
  if (failed === undefined) return err;
  return new StorageError(
    err.kind,
    `${operation}: migration ${failed.migrationName} failed, nothing of it applied: ${err.message.slice(operation.length + 2)}`,
    e,
    err.remoteNode,
  );
}

/** A user's book from its stored upload rows (oldest first) and the upload the caller holds, if any. */
function bookOf(
  userId: string,
  rows: readonly { batch_id: string; source: string; normalized: string; owner_keys: string; created_at: number | string }[],
  known: KnownUpload | undefined,
): StoredBook | null {
  if (rows.length === 0 && known === undefined) return null;
  const sources: SourceInput[] = [];
  const entries: NormalizedEntry[] = [];
  const ownerKeys = new Set<string>();
  const batches: { batchId: string; count: number }[] = [];
  let updatedAt = 0;
  const add = (batchId: string, source: SourceInput, list: readonly NormalizedEntry[], owners: readonly string[], at: number) => {
    batches.push({ batchId, count: list.length });
    sources.push(source);
    // push(...big array) can overflow the stack on very large books: append in a loop.
    for (const e of list) entries.push(e);
    for (const k of owners) ownerKeys.add(k);
    updatedAt = Math.max(updatedAt, at);
  };
  for (const r of rows) {
    add(r.batch_id, JSON.parse(r.source) as SourceInput, decodeEntries(r.normalized), JSON.parse(r.owner_keys) as string[], Number(r.created_at));
  }
  if (known !== undefined) add(known.upload.batchId, known.upload.source, known.upload.normalized, known.upload.ownerKeys, known.upload.createdAt);
  const uploadCount = rows.length + (known !== undefined ? 1 : 0);
  return { userId, sources, entries, ownerKeys: [...ownerKeys], uploadCount, updatedAt, batches };
}

export class KyselyStorage implements Storage {
  readonly engine: string;
  readonly #profile: EngineProfile;
  readonly #db: Kysely<Database>;

  constructor(profile: EngineProfile) {
    this.#profile = profile;
    this.#db = profile.db;
    this.engine = profile.name;
  }

  /** Runs `fn`, turning any driver error into a StorageError that names `operation` only. */
  async #run<T>(operation: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      const err = toStorageError(operation, e);
      // A lock wait given up (boundLockWaits): free what a stopped node left locked, for the next try.
      if (err.kind === 'busy' && codeOf(e) === '55P03') this.#profile.recoverPrepared?.().catch(() => {});
      throw err;
    }
  }

  /** Runs `fn` in a transaction, again from the start when the engine reports a serialization failure. */
  async #writeTransaction<T>(fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.#db.transaction().execute(fn);
      } catch (e) {
        if (attempt >= WRITE_ATTEMPTS || !isRetryable(e)) throw e;
        const backoff = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt);
        await new Promise((r) => setTimeout(r, backoff / 2 + Math.random() * (backoff / 2)));
      }
    }
  }

  #migrator(): Migrator {
    return new Migrator({
      db: this.#profile.migrationDb ?? this.#db,
      provider: migrationProvider(this.#profile),
      ...(this.#profile.migrationSchema !== undefined ? { migrationTableSchema: this.#profile.migrationSchema } : {}),
    });
  }

  migrateUp(): Promise<string[]> {
    return this.#run('migrateUp', async () => {
      // Nothing to do (every known migration recorded, none unknown): no migration run, so no write lock
      // taken (SQLite's migrations run in a transaction opened BEGIN IMMEDIATE: every CLI command and
      // every start waited on a writer, and failed busy after 5 s behind a long one: a review).
      if (await this.#migratedExactly()) {
        await this.#profile.afterMigrate?.();
        return [];
      }
      const applied = migrationsDone(await this.#migrator().migrateToLatest(), 'migrateUp');
      await this.#profile.afterMigrate?.();
      return applied;
    });
  }

  /** Whether the database records exactly this version's migrations (false when it cannot tell: no table yet). */
  async #migratedExactly(): Promise<boolean> {
    const known = Object.keys(await migrationProvider(this.#profile).getMigrations()).sort();
    const db = this.#profile.migrationDb ?? this.#db;
    try {
      const q = this.#profile.migrationSchema !== undefined ? db.withSchema(this.#profile.migrationSchema) : db;
      const rows = await (q as unknown as Kysely<{ kysely_migration: { name: string } }>).selectFrom('kysely_migration').select('name').execute();
      const done = rows.map((r) => r.name).sort();
      return done.length === known.length && done.every((n, i) => n === known[i]);
    } catch {
      return false;
    }
  }

  migrateDown(): Promise<string[]> {
    return this.#run('migrateDown', async () => migrationsDone(await this.#migrator().migrateTo(NO_MIGRATIONS), 'migrateDown'));
  }

  ping(): Promise<void> {
    return this.#run('ping', async () => {
      await sql`select 1`.execute(this.#db);
    });
  }

  startMaintenance(): Promise<() => Promise<void>> {
    return this.#run('startMaintenance', async () => {
      const stopEngine = (await this.#profile.startMaintenance?.()) ?? (async () => {});
      let stopIndexer: () => Promise<void>;
      try {
        // A crash between an upload's commit and its index left a queue row: the indexer's first round
        // finishes it, here or on any other server.
        stopIndexer = this.#profile.startIndexer !== undefined ? await this.#profile.startIndexer() : runIndexer(this);
      } catch (e) {
        await stopEngine();
        throw e;
      }
      // Old deletion tombstones go (one cheap statement a minute, on every server: deleting none is harmless).
      const purge = setInterval(() => void this.purgeTombstones().catch(() => {}), TOMBSTONE_PURGE_EVERY_MS);
      purge.unref();
      void this.purgeTombstones().catch(() => {});
      return async () => {
        clearInterval(purge);
        await stopIndexer();
        await stopEngine();
      };
    });
  }

  close(): Promise<void> {
    return this.#run('close', () => this.#profile.close());
  }

  // ---------------------------------------------------------------- apps and keys

  createApp(name: string): Promise<AppRecord> {
    return this.#run('createApp', async () => {
      const app = { id: newAppId(), name, createdAt: Date.now() };
      await this.#db.insertInto('apps').values({ id: app.id, name: app.name, created_at: app.createdAt }).execute();
      return app;
    });
  }

  findAppByName(name: string): Promise<AppRecord | null> {
    return this.#run('findAppByName', async () => {
      const r = await this.#db.selectFrom('apps').selectAll().where('name', '=', name).executeTakeFirst();
      return r === undefined ? null : { id: r.id, name: r.name, createdAt: Number(r.created_at) };
    });
  }

  insertKey(k: { id: string; appId: string; env: Env; prefix: string; hash: string; createdAt: number }): Promise<void> {
    return this.#run('insertKey', async () => {
      await this.#db
        .insertInto('api_keys')
        .values({ id: k.id, app_id: k.appId, env: k.env, prefix: k.prefix, hash: k.hash, created_at: k.createdAt, revoked_at: null })
        .execute();
    });
  }

  #keysQuery() {
    return this.#db
      .selectFrom('api_keys as k')
      .innerJoin('apps as a', 'a.id', 'k.app_id')
      .select(['k.id', 'k.app_id', 'a.name as app_name', 'k.env', 'k.prefix', 'k.created_at', 'k.revoked_at']);
  }

  findKeyByHash(hash: string): Promise<KeyRecord | null> {
    return this.#run('findKeyByHash', async () => {
      const r = await this.#keysQuery().where('k.hash', '=', hash).where('k.revoked_at', 'is', null).executeTakeFirst();
      return r === undefined ? null : toKeyRecord(r);
    });
  }

  listKeys(appId?: string): Promise<KeyRecord[]> {
    return this.#run('listKeys', async () => {
      let q = this.#keysQuery();
      if (appId !== undefined) q = q.where('k.app_id', '=', appId);
      const rows = await q.orderBy('k.created_at').orderBy('k.id').execute();
      return rows.map(toKeyRecord);
    });
  }

  revokeKey(idOrPrefix: string, at: number): Promise<number> {
    return this.#run('revokeKey', async () => {
      const r = await this.#db
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where((eb) => eb.or([eb('id', '=', idOrPrefix), eb('prefix', '=', idOrPrefix)]))
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    });
  }

  // ---------------------------------------------------------------- address books

  appendUpload(t: Tenant, u: UploadRecord): Promise<number> {
    return this.#run('appendUpload', async () => {
      // Serialised before the transaction (or the hand-over to the writer thread): the slow part for big
      // books, and it holds no lock.
      const encoded = encodeUpload(t, u);
      const writer = this.#profile.uploadWriter;
      return writer !== undefined ? writer.write(encoded) : this.writeEncodedUpload(encoded);
    });
  }

  whenLoaded(): Promise<void> {
    return this.#profile.uploadWriter?.loaded ?? Promise.resolve();
  }

  /**
   * The database part of appendUpload (what an engine's writer thread runs): the upload row and its
   * index_queue row, in one transaction. The key index (contact_keys, owner_keys) is written after the
   * acknowledgment by the indexer (indexPending): the owner's own book reads only `uploads`, and other
   * users' signals may lag it briefly (issue #13).
   */
  writeEncodedUpload(enc: EncodedUpload): Promise<number> {
    return this.#run('appendUpload', async () => {
      const { textParam, bigRowBytes } = this.#profile;
      const row = { ...enc.row, raw: textParam(enc.row.raw), normalized: textParam(enc.row.normalized) };
      const t = row.tenant;
      const viaSelect =
        bigRowBytes !== undefined &&
        typeof row.raw === 'string' &&
        typeof row.normalized === 'string' &&
        row.raw.length + row.normalized.length + enc.statsJson.length >= bigRowBytes;
      return this.#writeTransaction(async (trx) => {
        await this.#profile.lockUser(trx, userLockKey(t, row.user_id), { announceIndexWork: true });
        // Under the user's lock, as a DELETE writes its tombstone: an upload that arrived before a DELETE
        // of its user committed is refused, never stored after it (a probe saw a deleted book come back
        // from an upload that had waited for a book worker). Single-shard on Citus (co-located).
        await this.#refuseIfDeleted(trx, t, row.user_id, enc.arrivedAt);
        const queueRow = (seq: number) => ({
          tenant: t,
          user_id: row.user_id,
          seq,
          stats: enc.statsJson,
          owner_keys: JSON.stringify(enc.ownerKeys),
          enqueued_at: Date.now(),
        });
        if (viaSelect) {
          // The sequence's next value first: `returning` would make Citus stage the row once more.
          const next = await sql<{ seq: number }>`select nextval(pg_get_serial_sequence('uploads', 'seq')) as seq`.execute(trx);
          const seq = Number(next.rows[0]!.seq);
          await insertBySelect(trx, 'uploads', { ...row, seq }, UPLOAD_TYPES);
          await insertBySelect(trx, 'index_queue', queueRow(seq), QUEUE_TYPES);
          return seq;
        }
        const inserted = await trx.insertInto('uploads').values(row).returning('seq').executeTakeFirstOrThrow();
        const seq = Number(inserted.seq);
        await trx.insertInto('index_queue').values(queueRow(seq)).execute();
        return seq;
      });
    });
  }

  // ---------------------------------------------------------------- the asynchronous key index

  /** Announcements of new index work (see EngineProfile.listenForIndexWork); null: the engine has none. */
  listenForIndexWork(onWork: () => void): IndexWorkListener | null {
    return this.#profile.listenForIndexWork?.(onWork) ?? null;
  }

  indexPending(maxUploads: number = INDEX_BATCH_UPLOADS, opts: IndexOptions = {}): Promise<IndexRun> {
    // Only an engine that writes in chunks may be asked for other chunks (PostgreSQL needs its user locks).
    const chunkRows = this.#profile.indexChunkRows === undefined ? undefined : (opts.chunkRows ?? this.#profile.indexChunkRows);
    if (chunkRows !== undefined) return this.#run('indexPending', () => this.#indexInChunks(maxUploads, chunkRows, opts.beforeChunk));
    return this.#run('indexPending', async () => {
      // Looked at outside a transaction first: an idle poll costs one indexed read, no BEGIN/COMMIT.
      const waiting = await this.#db.selectFrom('index_queue').select(['tenant', 'user_id']).orderBy('enqueued_at').limit(maxUploads).execute();
      if (waiting.length === 0) return { uploads: 0, busy: 0 };
      const users = new Map<string, BookRef>();
      for (const r of waiting) users.set(userLockKey(r.tenant, r.user_id), { tenant: r.tenant, userId: r.user_id });
      try {
        return await this.#indexUsers(users);
      } catch (e) {
        // A lock wait given up (rows a stopped Citus worker left locked) or a statement cut at its bound (a
        // worker that hangs: INDEX_STATEMENT_MS) would fail each user's round alike, the bound's time each
        // (a review: 4 users, 25 s; a round of 64, five minutes): the loop waits and tries the round again.
        if (users.size === 1 || codeOf(e) === '55P03' || codeOf(e) === '57014') {
          await this.#requeueLast([...users.values()]);
          throw e;
        }
        // One user's rows may fail every round (a value the database refuses): the round is done again
        // user by user, so that everybody else's index goes on, and a user whose rows fail goes to the
        // back of the queue (retried there, never ahead of the others). A database that is down fails
        // every one of them: the error then goes to the loop, which waits before the next round.
        let uploads = 0;
        let busy = 0;
        const failed: BookRef[] = [];
        for (const [k, u] of users) {
          try {
            const r = await this.#indexUsers(new Map([[k, u]]));
            uploads += r.uploads;
            busy += r.busy;
          } catch {
            failed.push(u);
          }
        }
        await this.#requeueLast(failed);
        if (uploads === 0) throw e;
        return { uploads, busy };
      }
    });
  }

  /** Moves the users' queued uploads to the back of the index queue (their enqueued_at becomes now). */
  async #requeueLast(users: BookRef[]): Promise<void> {
    if (users.length === 0) return;
    await this.#db
      .updateTable('index_queue')
      .set({ enqueued_at: Date.now() })
      .where((eb) => eb.or(users.map((b) => eb.and([eb('tenant', '=', b.tenant), eb('user_id', '=', b.userId)]))))
      .execute()
      .catch(() => {}); // the database is down: the rows stay where they are, nothing is lost
  }

  /** One round of the PostgreSQL indexer over these users' queued uploads, in one transaction under their locks. */
  #indexUsers(users: Map<string, BookRef>): Promise<IndexRun> {
    return this.#writeTransaction(async (trx) => {
      // A user whose lock another transaction holds (an upload, a DELETE, a re-clean, another indexer)
      // is left for a later round: nobody waits for anybody, so no deadlock and no double work.
      const lockKeys = [...users.keys()];
      const got = await this.#profile.tryLockUsers(trx, lockKeys);
      const mine = lockKeys.filter((_, i) => got[i]).map((k) => users.get(k)!);
      if (mine.length === 0) return { uploads: 0, busy: lockKeys.length };
      // Holding these books' locks, a row lock is waited for a moment only: uploads of the books wait
      // behind this round (EngineProfile.boundLockWaits).
      await this.#profile.boundLockWaits?.(trx, INDEX_LOCK_WAIT_MS);
      // And any statement (a Citus worker that hangs): the round fails, its locks freed; its uploads stay
      // queued (the claim below is undone with it) and the next round tries again.
      await this.#profile.boundStatements?.(trx, INDEX_STATEMENT_MS);
      // Claimed by deleting them: under the user's lock, what a DELETE or a re-clean removed is gone,
      // so deleted data is never indexed again.
      const claimed = await trx
        .deleteFrom('index_queue')
        .where((eb) => eb.or(mine.map((b) => eb.and([eb('tenant', '=', b.tenant), eb('user_id', '=', b.userId)]))))
        .returning(['tenant', 'user_id', 'stats', 'owner_keys'])
        .execute();
      const perUser = new Map<string, { tenant: string; userId: string; stats: StatColumns; owners: Set<string> }>();
      for (const c of claimed) {
        const k = userLockKey(c.tenant, c.user_id);
        let u = perUser.get(k);
        if (u === undefined)
          perUser.set(k, (u = { tenant: c.tenant, userId: c.user_id, stats: { keys: [], times: [], lastSent: [], lastReceived: [] }, owners: new Set() }));
        const s = JSON.parse(c.stats) as StatColumns;
        for (let i = 0; i < s.keys.length; i++) {
          u.stats.keys.push(s.keys[i]!);
          u.stats.times.push(s.times[i]!);
          u.stats.lastSent.push(s.lastSent[i]!);
          u.stats.lastReceived.push(s.lastReceived[i]!);
        }
        for (const o of JSON.parse(c.owner_keys) as string[]) u.owners.add(o);
      }
      const keyRows: ContactKeyRow[] = [];
      const ownerRows: { tenant: string; key: string; user_id: string }[] = [];
      for (const u of perUser.values()) {
        for (const st of mergeKeyStats(u.stats)) {
          keyRows.push({ tenant: u.tenant, key: st.key, user_id: u.userId, times: st.times, last_sent: st.lastSent, last_received: st.lastReceived });
        }
        for (const key of uniqueSorted(u.owners)) ownerRows.push({ tenant: u.tenant, key, user_id: u.userId });
      }
      await this.#upsertContactKeyRows(trx, keyRows);
      await this.#insertOwnerKeyRows(trx, ownerRows);
      return { uploads: claimed.length, busy: lockKeys.length - mine.length };
    });
  }

  /**
   * indexPending for an engine whose writers share one lock (SQLite, EngineProfile.indexChunkRows): the
   * queued uploads are read outside any transaction, and their key-index rows written in transactions of
   * at most `chunkRows` rows. Each transaction first checks which of its uploads are still queued and
   * writes only theirs: a DELETE or a re-clean between two chunks removed the queue row (and the rows
   * written so far), so nothing deleted comes back. An upload's queue row goes with its last rows: a crash
   * between two chunks leaves it queued, and the next round writes all of its rows again (upserts of max
   * times and newest dates: the same result). Between chunks a writer waiting for the lock goes first.
   * Several indexers may do the same work at once; the result is the same.
   */
  async #indexInChunks(maxUploads: number, chunkRows: number, beforeChunk?: (chunk: number) => Promise<void> | void): Promise<IndexRun> {
    const waiting = await this.#db
      .selectFrom('index_queue')
      .select(['tenant', 'user_id', 'seq', 'stats', 'owner_keys'])
      .orderBy('enqueued_at')
      .orderBy('seq')
      .limit(maxUploads)
      .execute();
    if (waiting.length === 0) return { uploads: 0, busy: 0 };
    // Each upload's rows, cut into pieces that fill chunks of at most chunkRows rows (its owner keys
    // count as rows and go last, with the queue row's deletion).
    interface Piece {
      seq: number;
      keyRows: ContactKeyRow[];
      ownerRows: { tenant: string; key: string; user_id: string }[];
      last: boolean;
    }
    const chunks: Piece[][] = [[]];
    let room = chunkRows;
    for (const q of waiting) {
      const seq = Number(q.seq);
      const keyRows = mergeKeyStats(JSON.parse(q.stats) as StatColumns).map((st) => ({
        tenant: q.tenant,
        key: st.key,
        user_id: q.user_id,
        times: st.times,
        last_sent: st.lastSent,
        last_received: st.lastReceived,
      }));
      const ownerRows = uniqueSorted(JSON.parse(q.owner_keys) as string[]).map((key) => ({ tenant: q.tenant, key, user_id: q.user_id }));
      let k = 0;
      let o = 0;
      for (;;) {
        if (room === 0) {
          chunks.push([]);
          room = chunkRows;
        }
        const keys = keyRows.slice(k, k + room);
        k += keys.length;
        const owners = k < keyRows.length ? [] : ownerRows.slice(o, o + room - keys.length);
        o += owners.length;
        const last = k >= keyRows.length && o >= ownerRows.length;
        chunks[chunks.length - 1]!.push({ seq, keyRows: keys, ownerRows: owners, last });
        room -= keys.length + owners.length;
        if (last) break;
      }
    }
    let uploads = 0;
    // While no writer waits for the lock, the next chunks go into the same transaction (up to
    // indexTransactionRows rows): fewer commits write fewer pages. A caller watching chunk by chunk
    // (beforeChunk) gets one transaction per chunk.
    const { writersWaiting, indexTransactionRows } = this.#profile;
    const shareTransaction = beforeChunk === undefined && writersWaiting !== undefined && indexTransactionRows !== undefined;
    let c = 0;
    while (c < chunks.length) {
      if (c > 0) await this.#profile.yieldWrites?.();
      await beforeChunk?.(c);
      // A retried transaction starts again from its first chunk.
      const first = c;
      let next = first;
      uploads += await this.#writeTransaction(async (trx) => {
        let done = 0;
        let rows = 0;
        next = first;
        do {
          const pieces = chunks[next++]!;
          const seqs = [...new Set(pieces.map((p) => p.seq))];
          const queued = await trx.selectFrom('index_queue').select('seq').where('seq', 'in', seqs).execute();
          const still = new Set(queued.map((r) => Number(r.seq)));
          const mine = pieces.filter((p) => still.has(p.seq));
          const keyRows = mine.flatMap((p) => p.keyRows);
          const ownerRows = mine.flatMap((p) => p.ownerRows);
          await this.#upsertContactKeyRows(trx, keyRows);
          await this.#insertOwnerKeyRows(trx, ownerRows);
          rows += keyRows.length + ownerRows.length;
          const finished = mine.filter((p) => p.last).map((p) => p.seq);
          if (finished.length > 0) await trx.deleteFrom('index_queue').where('seq', 'in', finished).execute();
          done += finished.length;
        } while (shareTransaction && next < chunks.length && rows + chunkRows <= indexTransactionRows! && !writersWaiting!());
        return done;
      });
      c = next;
    }
    return { uploads, busy: 0 };
  }

  indexQueueStats(): Promise<IndexQueueStats> {
    return this.#run('indexQueueStats', async () => {
      const r = await this.#db
        .selectFrom('index_queue')
        .select((eb) => [eb.fn.countAll<number | string | bigint>().as('n'), eb.fn.min('enqueued_at').as('oldest')])
        .executeTakeFirstOrThrow();
      return { uploads: Number(r.n), oldestEnqueuedAt: r.oldest === null ? null : Number(r.oldest) };
    });
  }

  flushIndex(timeoutMs = 30_000): Promise<void> {
    return this.#run('flushIndex', async () => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const r = await this.indexPending();
        if (r.uploads > 0) continue;
        const left = await this.#db.selectFrom('index_queue').select('seq').limit(1).executeTakeFirst();
        if (left === undefined) return;
        // Held by someone else (an indexer elsewhere, an upload or DELETE in progress): wait for it.
        if (Date.now() > deadline) throw new StorageError('busy', 'flushIndex: index work still pending');
        await new Promise((res) => setTimeout(res, 5));
      }
    });
  }

  /** Adds the user's owner keys (existing ones kept). */
  async #insertOwnerKeys(trx: Transaction<Database>, t: Tenant, userId: string, ownerKeys: readonly string[]): Promise<void> {
    await this.#insertOwnerKeyRows(
      trx,
      ownerKeys.map((key) => ({ tenant: t, key, user_id: userId })),
    );
  }

  async #insertOwnerKeyRows(trx: Transaction<Database>, ownerRows: { tenant: string; key: string; user_id: string }[]): Promise<void> {
    await this.#insertEach(
      trx,
      ownerRows,
      (q) =>
        q
          .insertInto('owner_keys')
          .values(ownerRows[0]!)
          .onConflict((oc) => oc.doNothing()),
      async () => {
        for (const part of chunks(ownerRows, 3, this.#profile.maxParams)) {
          await trx
            .insertInto('owner_keys')
            .values(part)
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
      },
    );
  }

  /**
   * Inserts `rows` (objects of one shape): where the engine has runEach, `one` (the statement for
   * rows[0]) is compiled once and run for every row; otherwise `many` does it its own way (none given:
   * the caller has taken the engine's other path before, so an engine without runEach never gets here).
   */
  async #insertEach<R extends Record<string, unknown>>(
    trx: Transaction<Database>,
    rows: R[],
    one: (trx: Transaction<Database>) => { compile(): { sql: string; parameters: readonly unknown[] } },
    many?: () => Promise<void>,
  ): Promise<void> {
    if (rows.length === 0) return;
    const { runEach } = this.#profile;
    if (runEach === undefined) {
      if (many === undefined) throw new Error('insertEach: this engine has no runEach and the caller no other path');
      return many();
    }
    const compiled = one(trx).compile();
    const params = rows.map((r) => Object.values(r));
    // The compiled statement binds the first row's values in its column order; every row must follow it.
    if (compiled.parameters.length !== params[0]!.length || compiled.parameters.some((p, i) => p !== params[0]![i])) {
      throw new Error('insertEach: the statement does not bind exactly the row values, in order');
    }
    runEach(compiled.sql, params);
  }

  /** Upserts key stats (sorted by key) keeping the max times and newest dates, nulls ignored. */
  async #upsertContactKeys(trx: Transaction<Database>, t: Tenant, userId: string, stats: KeyStat[]): Promise<void> {
    await this.#upsertContactKeyRows(
      trx,
      // The count is capped when an upload is cleaned (MAX_TIMES_CONTACTED); the cap here keeps an index
      // row queued before that cap inside the column's integer range (a failing row would stall the round).
      stats.map((s) => ({ tenant: t, key: s.key, user_id: userId, times: Math.min(s.times, MAX_INT32), last_sent: s.lastSent, last_received: s.lastReceived })),
    );
  }

  /** Upserts contact_keys rows (one per (tenant, key, user), each user's sorted by key): max times, newest dates. */
  async #upsertContactKeyRows(trx: Transaction<Database>, values: ContactKeyRow[]): Promise<void> {
    const { greatest, rowsFromArrays } = this.#profile;
    const columns = ['tenant', 'key', 'user_id', 'times', 'last_sent', 'last_received'] as const;
    const upsert = (q: InsertQueryBuilder<Database, 'contact_keys', InsertResult>) =>
      q.onConflict((oc) =>
        oc.columns(['tenant', 'key', 'user_id']).doUpdateSet((eb) => ({
          times: greatest(eb.ref('contact_keys.times'), eb.ref('excluded.times')) as never,
          last_sent: greatest(eb.ref('contact_keys.last_sent'), eb.ref('excluded.last_sent')),
          last_received: greatest(eb.ref('contact_keys.last_received'), eb.ref('excluded.last_received')),
        })),
      );
    if (values.length === 0) return;
    if (rowsFromArrays !== undefined) {
      // At most INDEX_STATEMENT_ROWS a statement: each stays far below an index round's bound on a
      // statement (INDEX_STATEMENT_MS), whatever the size of the books of the round.
      for (let from = 0; from < values.length; from += INDEX_STATEMENT_ROWS) {
        const part = values.length <= INDEX_STATEMENT_ROWS ? values : values.slice(from, from + INDEX_STATEMENT_ROWS);
        const rows = rowsFromArrays([
          { values: part.map((s) => s.tenant), type: 'text' },
          { values: part.map((s) => s.key), type: 'text' },
          { values: part.map((s) => s.user_id), type: 'text' },
          { values: part.map((s) => s.times), type: 'integer' },
          { values: part.map((s) => s.last_sent), type: 'bigint' },
          { values: part.map((s) => s.last_received), type: 'bigint' },
        ]);
        await upsert(trx.insertInto('contact_keys').columns(columns).expression(rows)).execute();
      }
      return;
    }
    // Every engine has rowsFromArrays (PostgreSQL: unnest, above) or runEach (SQLite).
    await this.#insertEach(trx, values, (q) => upsert(q.insertInto('contact_keys').values(values[0]!)));
  }

  loadBook(t: Tenant, userId: string, known?: KnownUpload, upTo?: number): Promise<StoredBook | null> {
    return this.#run('loadBook', async () => {
      // The upload the caller holds in memory (stored already, or being stored meanwhile) is not read back.
      let q = this.#db
        .selectFrom('uploads')
        .select(['seq', 'batch_id', 'source', 'normalized', 'owner_keys', 'created_at'])
        .where('tenant', '=', t)
        .where('user_id', '=', userId);
      if (known !== undefined) q = q.where('batch_id', '<>', known.upload.batchId);
      if (upTo !== undefined) q = q.where('seq', '<=', upTo);
      const rows = await q.orderBy('seq').execute();
      return bookOf(userId, rows, known);
    });
  }

  loadBookBelow(t: Tenant, userId: string, atLeast: number): Promise<StoredBook | { size: number } | null> {
    return this.#run('loadBook', async () => {
      // One query: the book's size beside each upload, and the uploads' entries only when the whole book
      // is small (a big book's entries are neither read nor sent; its caller ranks it elsewhere).
      const size = sql<number | string>`sum(entry_count) over ()`;
      const rows = await this.#db
        .selectFrom('uploads')
        .select((eb) => [
          'seq',
          'batch_id',
          'source',
          eb.case().when(size, '<', atLeast).then(eb.ref('normalized')).else(null).end().as('normalized'),
          'owner_keys',
          'created_at',
          size.as('size'),
        ])
        .where('tenant', '=', t)
        .where('user_id', '=', userId)
        .orderBy('seq')
        .execute();
      if (rows.length > 0 && Number(rows[0]!.size) >= atLeast) return { size: Number(rows[0]!.size) };
      return bookOf(
        userId,
        rows.map((r) => ({ ...r, normalized: r.normalized as string })),
        undefined,
      );
    });
  }

  regionSourcesOf(t: Tenant, userId: string, limit = 20): Promise<SourceInput[]> {
    return this.#run('regionSourcesOf', async () => {
      // The source column comes before the big texts: SQLite reads it without their overflow pages. Only
      // the sources that may name a region (a phone, a region), however many uploads come after them.
      const rows = await this.#db
        .selectFrom('uploads')
        .select('source')
        .where('tenant', '=', t)
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('source', 'like', '%"phone":%'), eb('source', 'like', '%"region":%')]))
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => JSON.parse(r.source) as SourceInput);
    });
  }

  regionSourcesOfUsers(t: Tenant, userIds: readonly string[]): Promise<Map<string, SourceInput[]>> {
    return this.#run('regionSourcesOfUsers', async () => {
      const out = new Map<string, SourceInput[]>();
      for (const part of chunks([...new Set(userIds)], 1, this.#profile.maxParams - 4)) {
        const rows = await this.#db
          .selectFrom('uploads')
          .select(['user_id', 'source'])
          .where('tenant', '=', t)
          .where('user_id', 'in', part)
          .where((eb) => eb.or([eb('source', 'like', '%"phone":%'), eb('source', 'like', '%"region":%')]))
          .orderBy('seq', 'desc')
          .execute();
        for (const r of rows) {
          let list = out.get(r.user_id);
          if (list === undefined) out.set(r.user_id, (list = []));
          list.push(JSON.parse(r.source) as SourceInput);
        }
      }
      return out;
    });
  }

  batchIdsUpTo(t: Tenant, userId: string, seq: number): Promise<string[]> {
    return this.#run('batchIdsUpTo', async () => {
      const rows = await this.#db
        .selectFrom('uploads')
        .select('batch_id')
        .where('tenant', '=', t)
        .where('user_id', '=', userId)
        .where('seq', '<=', seq)
        .execute();
      return rows.map((r) => r.batch_id);
    });
  }

  bookSize(t: Tenant, userId: string): Promise<number> {
    return this.#run('bookSize', async () => {
      const r = await this.#db
        .selectFrom('uploads')
        .select((eb) => eb.fn.sum<number | string | null>('entry_count').as('n'))
        .where('tenant', '=', t)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    });
  }

  deleteBook(t: Tenant, userId: string): Promise<boolean> {
    return this.#run('deleteBook', async () => {
      // Citus: index rounds a stopped worker left prepared are committed first, so the DELETE sees their
      // rows and removes them; committed after it, they would bring the user's keys back (a probe).
      await this.#profile.recoverPrepared?.().catch(() => {});
      const held = await this.#writeTransaction(async (trx) => {
        // First, exclusive, the lock writers of records and client keys take shared for the user
        // (#deletedSince): a batch written after this commits sees the tombstone; one being written holds
        // this DELETE until it has committed. Taken before the book's lock, holding nothing: a big batch of
        // other users of the bucket (100,000 rows on Citus: 10 s) delays the DELETE, never the user's
        // uploads behind its book lock, and never fails it (two reviews: held under the book's lock it
        // stalled the book 1.7 s; under the lock-wait bound below it was a 503).
        await this.#profile.lockUser(trx, recordLockKey(t, userId));
        await this.#profile.lockUser(trx, userLockKey(t, userId));
        // Under the book's lock, a row lock is waited for a few seconds at most, then a 503: a prepared
        // transaction a stopped Citus worker left holds its key-index rows for up to a minute.
        await this.#profile.boundLockWaits?.(trx, DELETE_LOCK_WAIT_MS);
        // The tombstone: an upload that arrived before now and is written later is refused (see
        // writeEncodedUpload). Not counted as something held: a DELETE of nothing still answers 404.
        await this.#writeTombstone(trx, BOOK_TOMBSTONES, t, userId);
        // "Anything held" counts every table: a user with only records (invites, suggestions) is deleted
        // too, and the caller answers 404 only when there was nothing at all.
        let held = 0;
        // index_queue too: the index work of a deleted upload is dropped with it, so it never comes back.
        for (const table of ['uploads', 'index_queue', 'contact_keys', 'owner_keys', 'suggested_seen', 'invites_sent'] as const) {
          const r = await trx.deleteFrom(table).where('tenant', '=', t).where('user_id', '=', userId).executeTakeFirst();
          held += Number(r.numDeletedRows);
        }
        // The user's client keys go too (they name the user, and a deleted user has nothing to act on).
        const { appId, env } = splitTenant(t);
        const keys = await trx.deleteFrom('client_keys').where('app_id', '=', appId).where('env', '=', env).where('user_id', '=', userId).executeTakeFirst();
        held += Number(keys.numDeletedRows);
        // An acceptance row is the invitee's record (and the tenant's "accepted" signal): the deleted
        // user's own acceptances, as the invitee, go (their address and name were kept, only the link
        // nulled, before); in those they sent as the inviter, the row stays, their part in it forgotten.
        // A row without `new_user_id` whose `user_id` is the user goes too: the spec names an accepted
        // invite's `user_id` "the new user's id", so a client written to it sends the invitee there, and
        // that user's address must not outlive their DELETE (a conformance probe found it kept).
        // Two statements, each served by its index (an `or` of the two read the tenant's every acceptance
        // on SQLite: test/storage/sqlite-plans.test.ts).
        const own = await trx.deleteFrom('invites_accepted').where('tenant', '=', t).where('new_user_id', '=', userId).executeTakeFirst();
        held += Number(own.numDeletedRows);
        const ownBySpec = await trx
          .deleteFrom('invites_accepted')
          .where('tenant', '=', t)
          .where('user_id', '=', userId)
          .where('new_user_id', 'is', null)
          .executeTakeFirst();
        held += Number(ownBySpec.numDeletedRows);
        const linked = await trx
          .updateTable('invites_accepted')
          .set({ user_id: null })
          .where('tenant', '=', t)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        held += Number(linked.numUpdatedRows);
        return held > 0;
      });
      if (held) this.#profile.eraseWal?.();
      return held;
    });
  }

  /**
   * Refuses (StorageError 'deleted', nothing written) an upload that arrived at `arrivedAt` when a DELETE
   * of its user was committed after that time (strictly: an upload sent once the DELETE answered, in the
   * same millisecond, is a new book; one of the same millisecond as the DELETE is concurrent with it,
   * either order valid; a review saw 4 of 300 such uploads refused); and ('busy') one that waited longer than
   * UPLOAD_MAX_WAIT_MS, whose DELETE's tombstone might be purged already. Run under the user's lock.
   */
  async #refuseIfDeleted(trx: Transaction<Database>, t: Tenant, userId: string, arrivedAt: number): Promise<void> {
    if (Date.now() - arrivedAt > UPLOAD_MAX_WAIT_MS) {
      throw new StorageError('busy', 'appendUpload: the upload waited too long before it could be stored; nothing was stored');
    }
    if ((await tombstonesSince(trx, t, [userId], arrivedAt)).length > 0) {
      throw new StorageError(
        'deleted',
        "appendUpload: the user's address book was deleted while this upload waited; nothing was stored; send it again to start a new book",
      );
    }
  }

  /**
   * The users among `userIds` whose DELETE was committed after `arrivedAt`, for records and client keys
   * about to be written in `trx`, as #refuseIfDeleted does for an upload: a batch of invites sent just
   * before its user's DELETE was written after it and outlived it (a probe: 50,000 rows on PostgreSQL, the
   * DELETE answered 200 first). Takes, shared, the lock of each bucket the users fall in (recordLockKey: at
   * most RECORD_LOCK_BUCKETS, sorted, whatever the batch's number of users), which a DELETE takes
   * exclusive for its user: writers of records do not wait for each other, and the check and the insert
   * are one step for a DELETE. A request that waited longer than UPLOAD_MAX_WAIT_MS (its DELETE's tombstone
   * may be purged already) is refused busy. Without `arrivedAt`, nothing is checked.
   */
  async #deletedSince(
    trx: Transaction<Database>,
    t: Tenant,
    userIds: readonly string[],
    arrivedAt: number | undefined,
    what: string,
    tombstones: Tombstones = BOOK_TOMBSTONES,
  ): Promise<Set<string>> {
    const gone = new Set<string>();
    if (arrivedAt === undefined || userIds.length === 0) return gone;
    if (Date.now() - arrivedAt > UPLOAD_MAX_WAIT_MS) {
      throw new StorageError('busy', `${what}: the request waited too long before it could be stored; nothing was stored`);
    }
    const users = uniqueSorted(userIds);
    for (const key of uniqueSorted(users.map((u) => recordLockKey(t, u, tombstones)))) await this.#profile.lockUser(trx, key, { shared: true });
    for (const part of chunks(users, 1, this.#profile.maxParams - 2)) for (const u of await tombstonesSince(trx, t, part, arrivedAt, tombstones)) gone.add(u);
    return gone;
  }

  /**
   * Refuses (StorageError 'deleted', nothing written) a batch of records one of whose rows belongs to a user
   * deleted after the request arrived (#deletedSince): `owners[i]`, the user whose records row i is (null:
   * none), named in the row's field `fields[i]` (default `user_id`). The error names the first such row
   * (`entries[i].new_user_id` for an acceptance's new user: a review found `user_id` named, the inviter's).
   * `others`: more users the batch names, checked in the same pass of the locks (one sorted order). Returns
   * the deleted users among the others.
   */
  async #refuseRecordsOfDeleted(
    trx: Transaction<Database>,
    t: Tenant,
    owners: readonly (string | null)[],
    arrivedAt: number | undefined,
    named: { fields?: readonly string[]; others?: readonly string[] } = {},
    tombstones: Tombstones = BOOK_TOMBSTONES,
  ): Promise<ReadonlySet<string>> {
    const users = owners.filter((u): u is string => u !== null);
    const gone = await this.#deletedSince(trx, t, named.others === undefined ? users : [...users, ...named.others], arrivedAt, 'records', tombstones);
    const i = gone.size === 0 ? -1 : owners.findIndex((u) => u !== null && gone.has(u));
    if (i < 0) return gone;
    const [message, field] =
      tombstones === BOOK_TOMBSTONES
        ? [
            'the address book of a user these records name was deleted while they waited',
            'this user was deleted (DELETE /v0/address-book) after the request arrived',
          ]
        : [
            'an app user this batch names was forgotten (DELETE /v0/users) while it waited',
            'this app user was deleted (DELETE /v0/users) after the request arrived',
          ];
    throw new StorageError('deleted', `records: ${message}; nothing was stored`, undefined, false, {
      field: `entries[${i}].${named.fields?.[i] ?? 'user_id'}`,
      message: field,
    });
  }

  /** Writes (or moves to now) the tombstone of `userId` in `table`. */
  async #writeTombstone(trx: Transaction<Database>, table: Tombstones, t: Tenant, userId: string): Promise<void> {
    const deletedAt = Date.now();
    await trx
      .insertInto(table as typeof BOOK_TOMBSTONES) // the two tables have the same columns
      .values({ tenant: t, user_id: userId, deleted_at: deletedAt })
      .onConflict((oc) => oc.columns(['tenant', 'user_id']).doUpdateSet({ deleted_at: deletedAt }))
      .execute();
  }

  /** Deletes tombstones older than TOMBSTONE_KEEP_MS (run by the maintenance loop); returns how many. */
  purgeTombstones(now: number = Date.now()): Promise<number> {
    return this.#run('purgeTombstones', async () => {
      let n = 0;
      for (const table of [BOOK_TOMBSTONES, APP_USER_TOMBSTONES]) {
        const r = await this.#db
          .deleteFrom(table as typeof BOOK_TOMBSTONES) // the two tables have the same columns
          .where('deleted_at', '<', now - TOMBSTONE_KEEP_MS)
          .executeTakeFirst();
        n += Number(r.numDeletedRows);
      }
      return n;
    });
  }

  // ---------------------------------------------------------------- re-cleaning

  listBooks(after: BookRef | null, limit: number): Promise<BookRef[]> {
    return this.#run('listBooks', async () => {
      let q = this.#db.selectFrom('uploads').select(['tenant', 'user_id']).distinct();
      if (after !== null) {
        q = q.where((eb) => eb.or([eb('tenant', '>', after.tenant), eb.and([eb('tenant', '=', after.tenant), eb('user_id', '>', after.userId)])]));
      }
      const rows = await q.orderBy('tenant').orderBy('user_id').limit(limit).execute();
      return rows.map((r) => ({ tenant: r.tenant, userId: r.user_id }));
    });
  }

  loadStoredUploads(t: Tenant, userId: string, opts: { raw?: boolean } = {}): Promise<StoredUpload[]> {
    return this.#run('loadStoredUploads', async () => {
      const rows = await this.#db
        .selectFrom('uploads')
        .select(['seq', 'source_key', 'source', 'normalized', 'owner_keys', 'created_at'])
        // The request bodies as received, the biggest column, only for a caller that reads them.
        .$if(opts.raw !== false, (q) => q.select('raw'))
        .where('tenant', '=', t)
        .where('user_id', '=', userId)
        .orderBy('seq')
        .execute();
      return rows.map((r) => ({
        seq: Number(r.seq),
        sourceKey: r.source_key,
        source: JSON.parse(r.source) as SourceInput,
        raw: (r as { raw?: string }).raw ?? '',
        normalized: r.normalized,
        ownerKeys: JSON.parse(r.owner_keys) as string[],
        createdAt: Number(r.created_at),
      }));
    });
  }

  rewriteBook(t: Tenant, userId: string, uploads: RewrittenUpload[], opts: RewriteOptions = {}): Promise<boolean> {
    const drop = opts.drop ?? [];
    return this.#run('rewriteBook', async () => {
      // Uploads dropped (their time is up): as for a DELETE, index rounds a stopped Citus worker left
      // prepared are committed first, so their rows are rebuilt away, not committed after (deleteBook).
      if (drop.length > 0) await this.#profile.recoverPrepared?.().catch(() => {});
      return this.#writeTransaction(async (trx) => {
        await this.#profile.lockUser(trx, userLockKey(t, userId));
        // Deleting key-index rows, as a DELETE does: a row lock is waited for a few seconds at most.
        if (drop.length > 0) await this.#profile.boundLockWaits?.(trx, DELETE_LOCK_WAIT_MS);
        // Exactly the uploads that were read, or nothing: an upload stored (or a book deleted) meanwhile
        // would otherwise be missing from (or resurrected in) the rebuilt key index.
        const stored = await trx.selectFrom('uploads').select('seq').where('tenant', '=', t).where('user_id', '=', userId).orderBy('seq').execute();
        const given = [...uploads.map((u) => u.seq), ...drop].sort((a, b) => a - b);
        if (stored.length !== given.length || stored.some((r, i) => Number(r.seq) !== given[i])) return false;
        for (const part of chunks([...drop], 1, this.#profile.maxParams - 2)) {
          await trx.deleteFrom('uploads').where('tenant', '=', t).where('user_id', '=', userId).where('seq', 'in', part).execute();
        }
        for (const u of opts.derivedUnchanged ? [] : uploads) {
          await trx
            .updateTable('uploads')
            .set({
              source_key: u.sourceKey,
              normalized: encodeEntries(u.normalized, u.sourceKey),
              entry_count: u.normalized.length,
              owner_keys: JSON.stringify(uniqueSorted(u.ownerKeys)),
            })
            .where('tenant', '=', t)
            .where('user_id', '=', userId)
            .where('seq', '=', u.seq)
            .execute();
        }
        // The index is rebuilt from every upload here: pending index work of the user is done with it.
        await trx.deleteFrom('index_queue').where('tenant', '=', t).where('user_id', '=', userId).execute();
        await trx.deleteFrom('contact_keys').where('tenant', '=', t).where('user_id', '=', userId).execute();
        await trx.deleteFrom('owner_keys').where('tenant', '=', t).where('user_id', '=', userId).execute();
        await this.#upsertContactKeys(trx, t, userId, mergeKeyStats(statColumns(uploads.flatMap((u) => u.keyStats))));
        await this.#insertOwnerKeys(trx, t, userId, uniqueSorted(uploads.flatMap((u) => u.ownerKeys)));
        return true;
      });
    });
  }

  // ---------------------------------------------------------------- signals

  /** Inserts `rows` in parameter-limited chunks, inside one transaction. */
  async #insertMany<T extends 'invites_sent' | 'invites_accepted' | 'suggested_seen'>(
    trx: Transaction<Database>,
    table: T,
    columns: number,
    rows: Parameters<ReturnType<Transaction<Database>['insertInto']>['values']>[0][],
  ): Promise<void> {
    for (const part of chunks(rows, columns, this.#profile.maxParams)) {
      await trx
        .insertInto(table)
        .values(part as never)
        .execute();
    }
  }

  recordInvitesSent(t: Tenant, rows: InviteSentRecord[], opts: RecordOptions = {}): Promise<void> {
    return this.#run('recordInvitesSent', async () => {
      const values = rows.flatMap((r) => {
        const inviteId = randomUUID();
        return uniqueSorted(r.keys).map((key) => ({
          tenant: t,
          invite_id: inviteId,
          user_id: r.userId,
          key,
          invitee_name: r.inviteeName,
          sent_at: r.sentAt,
        }));
      });
      if (values.length === 0) return;
      await this.#writeTransaction(async (trx) => {
        await this.#refuseRecordsOfDeleted(
          trx,
          t,
          rows.map((r) => r.userId),
          opts.arrivedAt,
        );
        await this.#insertMany(trx, 'invites_sent', 6, values);
      });
    });
  }

  recordInvitesAccepted(t: Tenant, rows: InviteAcceptedRecord[], opts: RecordOptions = {}): Promise<void> {
    return this.#run('recordInvitesAccepted', async () => {
      const values = rows.flatMap((r) => {
        const acceptId = randomUUID();
        return uniqueSorted(r.keys).map((key) => ({
          tenant: t,
          accept_id: acceptId,
          key,
          user_id: r.userId,
          new_user_id: r.newUserId,
          name: r.name,
          accepted_at: r.acceptedAt,
        }));
      });
      if (values.length === 0) return;
      // An acceptance is the new user's record (or, without one, the user it names: deleteBook); a DELETE
      // of the inviter keeps the row and forgets the inviter. So a row of a deleted new user refuses the
      // batch, and the inviter deleted meanwhile is forgotten in the rows written after (a review: the
      // invitee's acceptance was refused, and sent again kept the deleted inviter's id).
      const owners = rows.map((r) => r.newUserId ?? r.userId);
      const fields = rows.map((r) => (r.newUserId !== null ? 'new_user_id' : 'user_id'));
      const inviters = rows.flatMap((r) => (r.newUserId !== null && r.userId !== null ? [r.userId] : []));
      await this.#writeTransaction(async (trx) => {
        const gone = await this.#refuseRecordsOfDeleted(trx, t, owners, opts.arrivedAt, { fields, others: inviters });
        const kept =
          gone.size === 0 ? values : values.map((v) => (v.new_user_id !== null && v.user_id !== null && gone.has(v.user_id) ? { ...v, user_id: null } : v));
        await this.#insertMany(trx, 'invites_accepted', 7, kept);
      });
    });
  }

  recordSuggestedSeen(t: Tenant, rows: SuggestedSeenRecord[], opts: RecordOptions = {}): Promise<void> {
    return this.#run('recordSuggestedSeen', async () => {
      const values = rows.flatMap((r) => uniqueSorted(r.keys).map((key) => ({ tenant: t, user_id: r.userId, key, seen_at: r.seenAt })));
      if (values.length === 0) return;
      await this.#writeTransaction(async (trx) => {
        await this.#refuseRecordsOfDeleted(
          trx,
          t,
          rows.map((r) => r.userId),
          opts.arrivedAt,
        );
        await this.#insertMany(trx, 'suggested_seen', 4, values);
      });
    });
  }

  upsertAppUsers(t: Tenant, rows: AppUserRecord[], opts: RecordOptions = {}): Promise<void> {
    return this.#run('upsertAppUsers', async () => {
      // One row per key, the last record naming a key wins (Postgres refuses to update a row twice in one statement).
      const byK = new Map<string, { tenant: string; key: string; app_user_id: string; name: string | null }>();
      for (const r of rows) for (const key of r.keys) byK.set(key, { tenant: t, key, app_user_id: r.appUserId, name: r.name });
      const values = [...byK.values()].sort(byKey);
      if (values.length === 0) return;
      await this.#writeTransaction(async (trx) => {
        // An app user forgotten (DELETE /v0/users/:user_id) after this request arrived is not brought back:
        // the batch is refused, nothing stored, as a batch of records naming a deleted book's user is
        // (#deletedSince; a record named only with no key is not written, so it is not checked).
        const ids = rows.map((r) => (r.keys.length > 0 ? r.appUserId : null));
        await this.#refuseRecordsOfDeleted(trx, t, ids, opts.arrivedAt, { fields: ids.map(() => 'id') }, APP_USER_TOMBSTONES);
        for (const part of chunks(values, 4, this.#profile.maxParams)) {
          await trx
            .insertInto('app_users')
            .values(part)
            .onConflict((oc) =>
              oc.columns(['tenant', 'key']).doUpdateSet((eb) => ({
                app_user_id: eb.ref('excluded.app_user_id'),
                name: eb.ref('excluded.name'),
              })),
            )
            .execute();
        }
      });
    });
  }

  deleteAppUser(t: Tenant, appUserId: string): Promise<number> {
    return this.#run('deleteAppUser', async () => {
      const n = await this.#writeTransaction(async (trx) => {
        // As deleteBook: the bucket's lock exclusive (a batch of app users being written holds this DELETE
        // until it has committed), then the tombstone, which a batch that arrived before now and is written
        // later finds (upsertAppUsers). Written for an id with nothing stored too: such a batch may be on
        // its way.
        await this.#profile.lockUser(trx, recordLockKey(t, appUserId, APP_USER_TOMBSTONES));
        await this.#writeTombstone(trx, APP_USER_TOMBSTONES, t, appUserId);
        const r = await trx.deleteFrom('app_users').where('tenant', '=', t).where('app_user_id', '=', appUserId).executeTakeFirst();
        return Number(r.numDeletedRows);
      });
      // As a DELETE of a book: no byte of the record is left (SQLite: the WAL's old frames).
      if (n > 0) this.#profile.eraseWal?.();
      return n;
    });
  }

  loadSignals(t: Tenant, userId: string, keys: BookKeys, ownerKeys: string[]): Promise<BookSignals> {
    // On another thread's connection when the engine has one (SQLite in a book worker) and the book is
    // big: the caller's thread merges the book meanwhile. A small book's lookup is quicker here than the
    // round trip to that thread (1,300 keys: ~2 ms here, 4-8 ms there, its JIT colder).
    const elsewhere = keys.all.length >= SIGNALS_ELSEWHERE_FROM_KEYS ? this.#profile.uploadWriter?.loadSignals : undefined;
    if (elsewhere !== undefined) return this.#run('loadSignals', () => elsewhere.call(this.#profile.uploadWriter, t, userId, keys, ownerKeys));
    return this.#run('loadSignals', async () => {
      if (this.#profile.keyLookup === 'by-shard') return this.#loadSignalsByShard(t, userId, keys, ownerKeys);
      if (this.#profile.keyLookup === 'in') return this.#loadSignalsInOne(t, userId, keys, ownerKeys);
      // 'join' (SQLite): all the book's keys as one keyTable parameter (a book's 10,000+ keys would exceed
      // SQLite's parameter limit as a list), the outer side of a CROSS JOIN probing each table's index.
      const db = this.#db;
      const inThisBook = new Set(keys.all);
      const book = this.#profile.keyTable([...inThisBook]).as('j');
      const owner = uniqueSorted(ownerKeys);
      const want = keys.want ?? ALL_SIGNALS;

      const [known, recip, appUsers, invited, accepted, seen] = await Promise.all([
        !want.knownBy
          ? Promise.resolve([])
          : db
              .selectFrom(book)
              .crossJoin('contact_keys as o')
              .whereRef('o.key', '=', 'j.key')
              .select((eb) => ['o.key', eb.fn.countAll<number>().as('n')])
              .where('o.tenant', '=', t)
              .where('o.user_id', '<>', userId)
              .groupBy('o.key')
              .execute(),
        // Reciprocal: the users whose books hold one of the owner's keys (found from those few keys,
        // whatever the book's size), by their owner keys; the ones in this book are kept below. The plan
        // is fixed, not left to the planner (SQLite never reorders a CROSS JOIN): contact_keys outside,
        // then owner_keys' (tenant, user_id) index per user found (~10 us). Left to the planner (no
        // statistics), it walked every owner key of the app, for each user found or even for the whole
        // join: a cost that grew with the app's users, 1-2 ms per lookup at 2,000 users, on every read.
        owner.length === 0 || !want.reciprocal
          ? Promise.resolve([])
          : sql<{ key: string; times: number | null; last_sent: number | null; last_received: number | null }>`
              select ok.key, max(ck.times) as times, max(ck.last_sent) as last_sent, max(ck.last_received) as last_received
              from contact_keys as ck cross join owner_keys as ok indexed by owner_keys_user
              where ck.tenant = ${t} and ck.key in (${sql.join(owner)}) and ck.user_id <> ${userId}
                and ok.tenant = ck.tenant and ok.user_id = ck.user_id
              group by ok.key`
              .execute(db)
              .then((r) => r.rows),
        !want.appUsers
          ? Promise.resolve([])
          : db.selectFrom(book).crossJoin('app_users as a').whereRef('a.key', '=', 'j.key').select('a.key').where('a.tenant', '=', t).execute(),
        want.invited ? this.#invitedBy(t, userId) : Promise.resolve([]),
        !want.accepted
          ? Promise.resolve([])
          : db
              .selectFrom(book)
              .crossJoin('invites_accepted as ia')
              .whereRef('ia.key', '=', 'j.key')
              .select('ia.key')
              .distinct()
              .where('ia.tenant', '=', t)
              .execute(),
        want.seen ? this.#seenBy(t, userId) : Promise.resolve([]),
      ]);

      return {
        knownBy: new Map(known.map((r) => [r.key, Number(r.n)])),
        reciprocal: new Map(
          recip
            .filter((r) => inThisBook.has(r.key))
            .map((r) => [
              r.key,
              { key: r.key, times: Number(r.times ?? 0), lastSent: nullableNumber(r.last_sent), lastReceived: nullableNumber(r.last_received) },
            ]),
        ),
        appUserKeys: new Set(appUsers.map((r) => r.key)),
        invitedKeys: new Map(invited.map((r) => [r.key, Number(r.at)])),
        acceptedKeys: new Set(accepted.map((r) => r.key)),
        seenKeys: new Map(seen.map((r) => [r.key, Number(r.at)])),
      };
    });
  }

  /**
   * loadSignals where each key table is restricted by a semi-join (EngineProfile.keyLookup 'in':
   * PostgreSQL), in one statement: the six lookups as parts of one `union all` (each planned as on its
   * own), one round trip and one server process instead of six at once after a first round trip for
   * the keys still in the index queue. Those keys are a seventh part of it (almost always none); when
   * there are some, the statement runs again with them among the book's keys (a union with the queue
   * inside each semi-join made PostgreSQL plan them badly: small GETs 8 -> 25 ms p50).
   */
  async #loadSignalsInOne(t: Tenant, userId: string, keys: BookKeys, ownerKeys: string[]): Promise<BookSignals> {
    const db = this.#db;
    const inThisBook = new Set(keys.all);
    const owner = uniqueSorted(ownerKeys);
    const want = keys.want ?? ALL_SIGNALS;
    // The parts that read the book's own keys in the index (the queue's keys count for them only).
    const byBookKeys = readsBookKeys(want);
    type Row = { kind: number; key: string; n: number | null; a: number | null; b: number | null };
    // keys.all is the whole book's keys (stored, queued and pending): see PROBE_APP_TABLES_UP_TO below.
    const probe = keys.all.length <= PROBE_APP_TABLES_UP_TO;
    /** The book's keys (k) present in `table`, a part of kind `kind`: probed per key, or as a semi-join. */
    const bookKeysIn = (kind: number, table: 'app_users' | 'invites_accepted') =>
      probe
        ? sql`select ${sql.lit(kind)} as kind, k.key, null::int8 as n, null::int8 as a, null::int8 as b from k cross join lateral
            (select 1 from ${sql.table(table)} x where x.tenant = ${t} and x.key = k.key limit 1) x`
        : sql`select distinct ${sql.lit(kind)} as kind, x.key, null::int8 as n, null::int8 as a, null::int8 as b
            from ${sql.table(table)} x where x.tenant = ${t} and x.key in (select key from k)`;
    const lookUp = (pending: readonly string[], withQueue: boolean) => {
      const inBook = keys.only
        ? sql`select unnest(${keys.all as string[]}::text[]) as key`
        : pending.length === 0
          ? sql`select b.key from contact_keys b where b.tenant = ${t} and b.user_id = ${userId}`
          : sql`select b.key from contact_keys b where b.tenant = ${t} and b.user_id = ${userId} union all select unnest(${pending as string[]}::text[])`;
      // contact_keys, which every upload grows, is probed once per key of the book (a LATERAL subquery,
      // its own index lookup), never joined as a whole, whatever the planner's statistics say. With
      // `key in (...)` it chose by them, and they lag a table that grows fast (a new app's backfill:
      // autovacuum analyses it a minute later): estimating a few hundred rows of the app where there
      // were 79,000, it scanned them all for a 100-entry book (19 ms instead of 1; 100-entry POSTs 16 ->
      // 57 ms in `npm run bench`).
      // app_users and invites_accepted grow with the app, not the book: a book of up to
      // PROBE_APP_TABLES_UP_TO keys probes their (tenant, key) index per key (LATERAL ... limit 1, which
      // PostgreSQL cannot flatten), so a small read never walks a big app's table whatever the
      // statistics say; a bigger book keeps the planner's choice (a hash of a small table costs
      // nothing; probing costs a 10,000-key book ~15 ms).
      // Every part names its columns: the first one present names the union's.
      const parts = [];
      if (want.appUsers) parts.push(bookKeysIn(2, 'app_users'));
      if (want.invited) {
        parts.push(sql`select 3 as kind, s.key, max(s.sent_at)::int8 as n, null::int8 as a, null::int8 as b
          from invites_sent s where s.tenant = ${t} and s.user_id = ${userId} group by s.key`);
      }
      if (want.accepted) parts.push(bookKeysIn(4, 'invites_accepted'));
      if (want.seen) {
        parts.push(sql`select 5 as kind, ss.key, max(ss.seen_at)::int8 as n, null::int8 as a, null::int8 as b
          from suggested_seen ss where ss.tenant = ${t} and ss.user_id = ${userId} group by ss.key`);
      }
      if (want.knownBy) {
        parts.push(sql`select 0 as kind, k.key, c.n, null::int8 as a, null::int8 as b from k cross join lateral
          (select count(*)::int8 as n from contact_keys o where o.tenant = ${t} and o.key = k.key and o.user_id <> ${userId}) c where c.n > 0`);
      }
      // Reciprocal: the users whose books hold one of the owner's keys (found from those few keys,
      // whatever the book's size), by their owner keys; the ones in this book are kept below. Each such
      // user's owner keys are probed by user (LATERAL; `offset 0` keeps PostgreSQL from flattening it
      // into a join it may reorder). As a plain join, with statistics lagging the app's growth, it
      // walked every owner_keys row of the app and probed contact_keys for each: 500 users, 3-7 ms a
      // read in `npm run bench`, and a cost that grows with the app, not the book.
      if (owner.length > 0 && want.reciprocal) {
        parts.push(sql`select 1 as kind, ok.key, max(ck.times)::int8 as n, max(ck.last_sent)::int8 as a, max(ck.last_received)::int8 as b
          from contact_keys ck cross join lateral
            (select o.key from owner_keys o where o.tenant = ck.tenant and o.user_id = ck.user_id offset 0) ok
          where ck.tenant = ${t} and ck.key = any(${owner}::text[]) and ck.user_id <> ${userId} group by ok.key`);
      }
      // The keys of the user's uploads still in the index queue (almost always none), in the same
      // snapshot: when there are some, the statement runs again with them among the book's keys.
      if (withQueue && byBookKeys)
        parts.push(sql`select 6 as kind, qk.key, null::int8 as n, null::int8 as a, null::int8 as b from ${this.#profile.queuedKeys(t, userId)} qk`);
      // The book's keys once (materialised: every part reads the same list, deduplicated).
      if (parts.length === 0) return Promise.resolve([] as Row[]);
      const union = sql.join(parts, sql` union all `);
      if (!byBookKeys) return sql<Row>`${union}`.execute(db).then((r) => r.rows);
      return sql<Row>`with k as materialized (select distinct x.key from (${inBook}) x) ${union}`.execute(db).then((r) => r.rows);
    };
    let rows = await lookUp(keys.pending, keys.only !== true);
    const queued = rows.filter((r) => Number(r.kind) === 6).map((r) => r.key);
    if (queued.length > 0) rows = await lookUp([...keys.pending, ...queued], false);
    const knownBy = new Map<string, number>();
    const reciprocal = new Map<string, KeyStat>();
    const appUserKeys = new Set<string>();
    const invitedKeys = new Map<string, number>();
    const acceptedKeys = new Set<string>();
    const seenKeys = new Map<string, number>();
    for (const r of rows) {
      const kind = Number(r.kind);
      if (kind === 0) knownBy.set(r.key, Number(r.n));
      else if (kind === 1) {
        if (inThisBook.has(r.key))
          reciprocal.set(r.key, { key: r.key, times: Number(r.n ?? 0), lastSent: nullableNumber(r.a), lastReceived: nullableNumber(r.b) });
      } else if (kind === 2) appUserKeys.add(r.key);
      else if (kind === 3) invitedKeys.set(r.key, Number(r.n));
      else if (kind === 4) acceptedKeys.add(r.key);
      else if (kind === 5) seenKeys.set(r.key, Number(r.n));
    }
    return { knownBy, reciprocal, appUserKeys, invitedKeys, acceptedKeys, seenKeys };
  }

  /** The keys the user sent invites to, with the newest time of each. */
  #invitedBy(t: Tenant, userId: string) {
    return this.#db
      .selectFrom('invites_sent')
      .select((eb) => ['key', eb.fn.max('sent_at').as('at')])
      .where('tenant', '=', t)
      .where('user_id', '=', userId)
      .groupBy('key')
      .execute();
  }

  /** The keys already suggested to the user, with the newest time of each. */
  #seenBy(t: Tenant, userId: string) {
    return this.#db
      .selectFrom('suggested_seen')
      .select((eb) => ['key', eb.fn.max('seen_at').as('at')])
      .where('tenant', '=', t)
      .where('user_id', '=', userId)
      .groupBy('key')
      .execute();
  }

  /**
   * loadSignals where the key tables are split into shards by key (Citus, EngineProfile.keyLookup
   * 'by-shard'). The book's keys (and the owner's) are grouped by the shard that holds them, and each
   * shard gets one query of its own keys only, which reads every key table there at once (a union of
   * co-located shards: one task, one round trip to one worker): knownBy, app users, accepted, and the
   * users whose books hold one of the owner's keys. A 100-entry book: one query per shard instead of
   * four statements fanned out to every shard; a 50,000-entry book: each key probed once per table,
   * not once per shard. Then those users' owner keys (by user: their shards only). Invites sent and
   * suggestions seen are the user's (invites: every shard, by user; suggestions: the user's shard).
   */
  async #loadSignalsByShard(t: Tenant, userId: string, keys: BookKeys, ownerKeys: string[]): Promise<BookSignals> {
    const db = this.#db;
    const shards = (await this.#profile.keyShards?.()) ?? null;
    const inThisBook = new Set(keys.all);
    const want = keys.want ?? ALL_SIGNALS;
    const owner = want.reciprocal ? uniqueSorted(ownerKeys) : [];
    const count = shards?.count ?? 1;
    const groups = Array.from({ length: count }, () => ({ keys: [] as string[], owner: [] as string[] }));
    // The book's keys go to their shards only for the parts that read them.
    if (readsBookKeys(want)) for (const k of inThisBook) groups[shards === null ? 0 : shards.shardOf(k)]!.keys.push(k);
    for (const k of owner) groups[shards === null ? 0 : shards.shardOf(k)]!.owner.push(k);
    type Row = { kind: number; key: string; n: number | null; a: number | null; b: number | null };
    // A part is left out when its list is empty: Citus does not prune `key = any('{}')` to no shard, and
    // the query would no longer go to one shard.
    const byShard = (g: { keys: string[]; owner: string[] }) => {
      const parts = [];
      if (g.keys.length > 0) {
        // Every part names its columns: the first one present names the union's.
        if (want.knownBy) {
          parts.push(sql`select 0 as kind, o.key, count(*)::int8 as n, null::int8 as a, null::int8 as b
            from contact_keys o where o.tenant = ${t} and o.key = any(${g.keys}::text[]) and o.user_id <> ${userId} group by o.key`);
        }
        if (want.appUsers) {
          parts.push(
            sql`select 1 as kind, a.key, null::int8 as n, null::int8 as a, null::int8 as b from app_users a where a.tenant = ${t} and a.key = any(${g.keys}::text[])`,
          );
        }
        if (want.accepted) {
          parts.push(sql`select distinct 2 as kind, ia.key, null::int8 as n, null::int8 as a, null::int8 as b
            from invites_accepted ia where ia.tenant = ${t} and ia.key = any(${g.keys}::text[])`);
        }
      }
      if (g.owner.length > 0) {
        parts.push(
          sql`select 3 as kind, ck.user_id as key, max(ck.times)::int8 as n, max(ck.last_sent) as a, max(ck.last_received) as b
            from contact_keys ck where ck.tenant = ${t} and ck.key = any(${g.owner}::text[]) and ck.user_id <> ${userId} group by ck.user_id`,
        );
      }
      return sql<Row>`${sql.join(parts, sql` union all `)}`.execute(db).then((r) => r.rows);
    };
    const [perShard, invited, seen] = await Promise.all([
      Promise.all(groups.filter((g) => g.keys.length > 0 || g.owner.length > 0).map(byShard)),
      want.invited ? this.#invitedBy(t, userId) : [],
      want.seen ? this.#seenBy(t, userId) : [],
    ]);
    const knownBy = new Map<string, number>();
    const appUserKeys = new Set<string>();
    const acceptedKeys = new Set<string>();
    // The users whose books hold one of the owner's keys: how they record the owner (max over the keys).
    const recipUsers = new Map<string, KeyStat>();
    for (const rows of perShard) {
      for (const r of rows) {
        const kind = Number(r.kind);
        if (kind === 0) knownBy.set(r.key, Number(r.n));
        else if (kind === 1) appUserKeys.add(r.key);
        else if (kind === 2) acceptedKeys.add(r.key);
        else keepMax(recipUsers, r.key, Number(r.n ?? 0), nullableNumber(r.a), nullableNumber(r.b));
      }
    }
    // Their owner keys that are in this book: how each such contact (a user with a book) records the owner.
    const reciprocal = new Map<string, KeyStat>();
    if (recipUsers.size > 0) {
      const rows = await db
        .selectFrom('owner_keys')
        .select(['key', 'user_id'])
        .where('tenant', '=', t)
        .where('user_id', '=', sql<string>`any(${[...recipUsers.keys()]}::text[])`)
        .execute();
      for (const r of rows) {
        if (!inThisBook.has(r.key)) continue;
        const s = recipUsers.get(r.user_id)!;
        keepMax(reciprocal, r.key, s.times, s.lastSent, s.lastReceived);
      }
    }
    return {
      knownBy,
      reciprocal,
      appUserKeys,
      invitedKeys: new Map(invited.map((r) => [r.key, Number(r.at)])),
      acceptedKeys,
      seenKeys: new Map(seen.map((r) => [r.key, Number(r.at)])),
    };
  }

  // ---------------------------------------------------------------- learned weights

  saveWeights(t: Tenant, w: WeightsRecord): Promise<void> {
    return this.#run('saveWeights', async () => {
      await this.#db
        .insertInto('weights')
        .values({ tenant: t, weights: JSON.stringify(w.weights), samples: w.samples, trained_at: w.trainedAt })
        .onConflict((oc) =>
          oc.column('tenant').doUpdateSet((eb) => ({
            weights: eb.ref('excluded.weights'),
            samples: eb.ref('excluded.samples'),
            trained_at: eb.ref('excluded.trained_at'),
          })),
        )
        .execute();
    });
  }

  loadAppState(t: Tenant): Promise<{ weights: WeightsRecord | null; hasAliases: boolean }> {
    return this.#run('loadAppState', async () => {
      // One row whatever is stored: the weights' row joined to a constant (null columns when there is
      // none), and the alias check as in loadAliasGroups (one index probe). On Citus both tables are
      // reference tables: the coordinator answers it alone.
      const r = await sql<{ weights: string | null; samples: number | null; trained_at: number | null; has_aliases: number | boolean }>`
        select w.weights, w.samples, w.trained_at,
          case when exists (select 1 from aliases a where a.tenant = ${t}) then 1 else 0 end as has_aliases
        from (select 1 as one) o left join weights w on w.tenant = ${t}`.execute(this.#db);
      const row = r.rows[0]!;
      const weights =
        row.weights === null
          ? null
          : { weights: JSON.parse(row.weights) as Record<string, number>, samples: Number(row.samples), trainedAt: Number(row.trained_at) };
      return { weights, hasAliases: Number(row.has_aliases) === 1 };
    });
  }

  loadWeights(t: Tenant): Promise<WeightsRecord | null> {
    return this.loadAppState(t).then((s) => s.weights);
  }

  loadInviteOutcomes(t: Tenant, limit: number): Promise<{ userId: string; keys: string[]; accepted: boolean }[]> {
    return this.#run('loadInviteOutcomes', async () => {
      const cap = Math.max(0, Math.floor(limit));
      if (cap === 0) return [];
      const rows = await this.#db
        .with('recent', (db) =>
          db
            .selectFrom('invites_sent')
            .select((eb) => ['invite_id', eb.fn.max('sent_at').as('sent_at')])
            .where('tenant', '=', t)
            .groupBy('invite_id')
            .orderBy((eb) => eb.fn.max('sent_at'), 'desc')
            .orderBy('invite_id')
            .limit(cap),
        )
        .selectFrom('recent as r')
        .innerJoin('invites_sent as s', 's.invite_id', 'r.invite_id')
        .select((eb) => [
          's.invite_id',
          's.user_id',
          's.key',
          eb
            .case()
            .when(eb.exists(eb.selectFrom('invites_accepted as a').select('a.key').whereRef('a.tenant', '=', 's.tenant').whereRef('a.key', '=', 's.key')))
            .then(1)
            .else(0)
            .end()
            .as('accepted'),
        ])
        .where('s.tenant', '=', t)
        .orderBy('r.sent_at', 'desc')
        .orderBy('s.invite_id')
        .orderBy('s.key')
        .execute();
      const out = new Map<string, { userId: string; keys: string[]; accepted: boolean }>();
      for (const r of rows) {
        let o = out.get(r.invite_id);
        if (o === undefined) out.set(r.invite_id, (o = { userId: r.user_id, keys: [], accepted: false }));
        o.keys.push(r.key);
        if (Number(r.accepted) === 1) o.accepted = true;
      }
      return [...out.values()];
    });
  }

  // ---------------------------------------------------------------- issue #14: client keys, origins, aliases, directory

  insertClientKey(k: ClientKeyInsert): Promise<void> {
    return this.#run('insertClientKey', async () => {
      await this.#writeTransaction(async (trx) => {
        // A DELETE removes the user's client keys: one minted for a request that arrived before it and
        // written after would outlive it (a review), so it is refused as records are.
        const gone = await this.#deletedSince(trx, tenantOf(k.appId, k.env), [k.userId], k.arrivedAt, 'clientKey');
        if (gone.size > 0) {
          throw new StorageError('deleted', 'clientKey: the user was deleted while the request waited; no key was made', undefined, false, {
            field: 'user_id',
            message: 'this user was deleted (DELETE /v0/address-book) after the request arrived',
          });
        }
        await trx
          .insertInto('client_keys')
          .values({
            id: k.id,
            app_id: k.appId,
            env: k.env,
            user_id: k.userId,
            hash: k.hash,
            created_at: k.createdAt,
            expires_at: k.expiresAt,
            revoked_at: null,
          })
          .execute();
      });
      // Expired keys are useless; pruning them as new ones are minted keeps the table at the live ones.
      await this.#db.deleteFrom('client_keys').where('expires_at', '<', k.createdAt).execute();
    });
  }

  findClientKeyByHash(hash: string, now: number): Promise<ClientKeyRecord | null> {
    return this.#run('findClientKeyByHash', async () => {
      const r = await this.#db
        .selectFrom('client_keys as k')
        .innerJoin('apps as a', 'a.id', 'k.app_id')
        .select(['k.id', 'k.app_id', 'a.name as app_name', 'k.env', 'k.user_id', 'k.created_at', 'k.expires_at'])
        .where('k.hash', '=', hash)
        .where('k.revoked_at', 'is', null)
        .where('k.expires_at', '>', now)
        .executeTakeFirst();
      if (r === undefined) return null;
      return {
        id: r.id,
        appId: r.app_id,
        appName: r.app_name,
        env: r.env as Env,
        userId: r.user_id,
        createdAt: Number(r.created_at),
        expiresAt: Number(r.expires_at),
      };
    });
  }

  revokeClientKeys(appId: string, at: number, opts: { env?: Env; userId?: string } = {}): Promise<number> {
    return this.#run('revokeClientKeys', async () => {
      let q = this.#db.updateTable('client_keys').set({ revoked_at: at }).where('app_id', '=', appId).where('revoked_at', 'is', null);
      if (opts.env !== undefined) q = q.where('env', '=', opts.env);
      if (opts.userId !== undefined) q = q.where('user_id', '=', opts.userId);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows);
    });
  }

  listAppOrigins(appId: string): Promise<string[]> {
    return this.#run('listAppOrigins', async () => {
      const rows = await this.#db.selectFrom('app_origins').select('origin').where('app_id', '=', appId).orderBy('origin').execute();
      return rows.map((r) => r.origin);
    });
  }

  addAppOrigin(appId: string, origin: string): Promise<void> {
    return this.#run('addAppOrigin', async () => {
      await this.#db
        .insertInto('app_origins')
        .values({ app_id: appId, origin })
        .onConflict((oc) => oc.doNothing())
        .execute();
    });
  }

  removeAppOrigin(appId: string, origin: string): Promise<boolean> {
    return this.#run('removeAppOrigin', async () => {
      const r = await this.#db.deleteFrom('app_origins').where('app_id', '=', appId).where('origin', '=', origin).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    });
  }

  addAlias(t: Tenant, keys: string[], at: number): Promise<string[]> {
    return this.#run('addAlias', async () =>
      this.#writeTransaction(async (trx) => {
        // One writer of a tenant's aliases at a time: two overlapping groups posted at once must end as one.
        await this.#profile.lockUser(trx, `${t}/#aliases`);
        const wanted = uniqueSorted(keys);
        // Each lookup below probes an index past the tenant (the key, the group): no DISTINCT or ORDER BY
        // in SQL, which SQLite's planner would serve by walking all of the app's aliases.
        const touched = [
          ...new Set((await trx.selectFrom('aliases').select('alias_id').where('tenant', '=', t).where('key', 'in', wanted).execute()).map((r) => r.alias_id)),
        ];
        const id = randomUUID();
        if (touched.length > 0) {
          await trx.updateTable('aliases').set({ alias_id: id }).where('tenant', '=', t).where('alias_id', 'in', touched).execute();
        }
        const rows = wanted.map((key) => ({ tenant: t, key, alias_id: id, created_at: at }));
        for (const part of chunks(rows, 4, this.#profile.maxParams)) {
          await trx
            .insertInto('aliases')
            .values(part)
            .onConflict((oc) => oc.columns(['tenant', 'key']).doUpdateSet({ alias_id: id }))
            .execute();
        }
        const group = await trx.selectFrom('aliases').select('key').where('tenant', '=', t).where('alias_id', '=', id).execute();
        return uniqueSorted(group.map((r) => r.key));
      }),
    );
  }

  loadAliasGroups(t: Tenant, keys: readonly string[], hasAliases?: boolean): Promise<string[][]> {
    return this.#run('loadAliasGroups', async () => {
      if (keys.length === 0 || hasAliases === false) return [];
      // Most tenants have no alias at all: one index probe answers for them.
      if (hasAliases === undefined) {
        const any = await this.#db.selectFrom('aliases').select('key').where('tenant', '=', t).limit(1).executeTakeFirst();
        if (any === undefined) return [];
      }
      const hit = this.#db
        .selectFrom('aliases as h')
        .select('h.alias_id')
        .where('h.tenant', '=', t)
        .where('h.key', 'in', this.#db.selectFrom(this.#profile.keyTable([...keys]).as('j')).select('j.key'));
      const rows = await this.#db
        .selectFrom('aliases')
        .select(['alias_id', 'key'])
        .where('tenant', '=', t)
        .where('alias_id', 'in', hit)
        .orderBy('alias_id')
        .orderBy('key')
        .execute();
      const groups = new Map<string, string[]>();
      for (const r of rows) {
        const g = groups.get(r.alias_id);
        if (g === undefined) groups.set(r.alias_id, [r.key]);
        else g.push(r.key);
      }
      return [...groups.values()];
    });
  }

  listDomainEmails(t: Tenant, domain: string, offset: number, limit: number): Promise<Page<DomainEmailRow>> {
    return this.#run('listDomainEmails', async () => {
      // Keys are lower-case 'e:local@domain'; LIKE wildcards in the domain are escaped.
      const pattern = `e:%@${domain.replace(/[\\%_]/g, (c) => '\\' + c)}`;
      const atDomain = sql<boolean>`${sql.ref('key')} like ${pattern} escape ${'\\'}`;
      const base = this.#db.selectFrom('contact_keys').where('tenant', '=', t).where(atDomain);
      const [rows, total] = await Promise.all([
        base
          .select((eb) => ['key', eb.fn.count<number | string>('user_id').as('n')])
          .groupBy('key')
          .orderBy('n', 'desc')
          .orderBy('key')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.count<number | string>('key').distinct().as('c')).executeTakeFirst(),
      ]);
      const keys = rows.map((r) => r.key);
      const names = new Map<string, string>();
      if (keys.length > 0) {
        // A name the app itself gave: its user directory first, then names given with invites.
        const [users, sent, accepted] = await Promise.all([
          this.#db.selectFrom('app_users').select(['key', 'name']).where('tenant', '=', t).where('key', 'in', keys).where('name', 'is not', null).execute(),
          this.#db
            .selectFrom('invites_sent')
            .select(['key', 'invitee_name as name'])
            .where('tenant', '=', t)
            .where('key', 'in', keys)
            .where('invitee_name', 'is not', null)
            .orderBy('sent_at', 'desc')
            .execute(),
          this.#db
            .selectFrom('invites_accepted')
            .select(['key', 'name'])
            .where('tenant', '=', t)
            .where('key', 'in', keys)
            .where('name', 'is not', null)
            .orderBy('accepted_at', 'desc')
            .execute(),
        ]);
        for (const r of [...users, ...accepted, ...sent]) if (r.name && !names.has(r.key)) names.set(r.key, r.name);
      }
      return {
        rows: rows.map((r) => ({ email: r.key.slice(2), name: names.get(r.key) ?? null, books: Number(r.n) })),
        total: Number(total?.c ?? 0),
      };
    });
  }

  listBookSummaries(t: Tenant, offset: number, limit: number): Promise<Page<BookSummary>> {
    return this.#run('listBookSummaries', async () => {
      const base = this.#db.selectFrom('uploads').where('tenant', '=', t);
      const [rows, total] = await Promise.all([
        base
          .select((eb) => ['user_id', eb.fn.sum<number | string>('entry_count').as('entries'), eb.fn.max('created_at').as('last')])
          .groupBy('user_id')
          .orderBy('user_id')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.count<number | string>('user_id').distinct().as('c')).executeTakeFirst(),
      ]);
      return {
        rows: rows.map((r) => ({ userId: r.user_id, entries: Number(r.entries), lastUpload: Number(r.last) })),
        total: Number(total?.c ?? 0),
      };
    });
  }
}

/**
 * The advisory-lock name of one user's book. Two users whose names collide here merely share a lock
 * (their writes serialise); they never share data.
 */
function userLockKey(t: Tenant, userId: string): string {
  return `${t}/${userId}`;
}

/** The users among `userIds` (a few thousand at most: one statement) with a DELETE's tombstone newer than `arrivedAt`. */
async function tombstonesSince(
  trx: Transaction<Database>,
  t: Tenant,
  userIds: readonly string[],
  arrivedAt: number,
  tombstones: Tombstones = BOOK_TOMBSTONES,
): Promise<string[]> {
  const rows = await trx
    .selectFrom(tombstones as typeof BOOK_TOMBSTONES) // the two tables have the same columns
    .select('user_id')
    .where('tenant', '=', t)
    .where('user_id', 'in', userIds)
    .where('deleted_at', '>', arrivedAt)
    .execute();
  return rows.map((r) => r.user_id);
}

/** The buckets of the records writers' locks (#deletedSince): the most any batch takes. */
const RECORD_LOCK_BUCKETS = 64;

/**
 * The lock writers of records and client keys take shared, and a DELETE exclusive, for a user
 * (#deletedSince): one of RECORD_LOCK_BUCKETS per tenant, by a hash of the user id (FNV-1a), so a batch
 * naming 50,000 users takes 64 locks at most, not one each (PostgreSQL's lock table is shared by every
 * session). Never a user's book lock's name (`${t}/…`); a DELETE merely waits for the batches writing to its
 * user's bucket, and they for it.
 */
export function recordLockKey(t: Tenant, userId: string, tombstones: Tombstones = BOOK_TOMBSTONES): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) h = Math.imul(h ^ userId.charCodeAt(i), 0x01000193);
  return `${t}#${tombstones === BOOK_TOMBSTONES ? 'records' : 'app-users'}/${(h >>> 0) % RECORD_LOCK_BUCKETS}`;
}

/**
 * The two kinds of tombstone: a book's (DELETE /v0/address-book, checked by uploads, records and client
 * keys) and an app user's (DELETE /v0/users, checked by POST /v0/users), each with its own locks.
 */
type Tombstones = 'deletions' | 'app_user_deletions';
const BOOK_TOMBSTONES = 'deletions' satisfies Tombstones;
const APP_USER_TOMBSTONES = 'app_user_deletions' satisfies Tombstones;

/** The app and environment of a tenant (`${appId}:${env}`; app ids hold no ':'). */
function splitTenant(t: Tenant): { appId: string; env: string } {
  const i = t.lastIndexOf(':');
  return { appId: t.slice(0, i), env: t.slice(i + 1) };
}
