/**
 * The storage seam: one interface, an SQLite and a PostgreSQL implementation (both over Kysely),
 * chosen once at start-up from DATABASE_URL. Row types never leave this folder: methods take and
 * return domain-shaped records.
 *
 * A tenant is one (app, environment) pair, written `${appId}:${env}`. Every data table carries it and
 * every query filters by it, so one app's or one environment's data is never visible to another.
 */
import type { BookSignals, EntryInput, KeyStat, NormalizedEntry, SignalsWanted, SourceInput } from '../domain/types.ts';

export type { BookSignals, KeyStat };

export type Env = 'live' | 'test';
export type Tenant = string;

export function tenantOf(appId: string, env: Env): Tenant {
  return `${appId}:${env}`;
}

export interface AppRecord {
  id: string;
  name: string;
  createdAt: number;
}

export interface KeyRecord {
  id: string;
  appId: string;
  appName: string;
  env: Env;
  /** Short, non-secret start of the key shown in listings (e.g. 'kith_live_AbC1'). */
  prefix: string;
  createdAt: number;
  revokedAt: number | null;
}

export interface UploadRecord {
  batchId: string;
  userId: string;
  /** Stable identity of the source (type + owner address), see domain sourceKey(). */
  sourceKey: string;
  source: SourceInput;
  /** The entries exactly as validated (kept so a better cleaner can recompute later). */
  raw: EntryInput[];
  /**
   * The request body as received (JSON text, or its UTF-8 bytes), when the caller has it: stored instead
   * of the JSON of `raw`, which then need not be serialised again (the body holds the entries, and the
   * rest of the request). Bytes are handed over, not copied: the caller must not use them afterwards.
   */
  rawJson?: string | Uint8Array;
  /** The same entries cleaned, index for index. */
  normalized: NormalizedEntry[];
  /** Keys of the book owner found in this upload's source (e-mail, phone). */
  ownerKeys: string[];
  /** Key statistics of this upload's entries (merged with what is stored: max / newest wins). */
  keyStats: KeyStat[];
  createdAt: number;
  /**
   * When the request carrying the upload arrived (server clock, epoch ms; when not given, the time
   * appendUpload is called). A
   * DELETE of the user committed at or after it wins: the upload is refused, never stored after it.
   */
  arrivedAt?: number;
}

/**
 * An upload the caller holds in memory (just stored, or being stored): loadBook uses it as given, after
 * the stored uploads, and never reads it back (it is told apart by its batch id).
 */
export interface KnownUpload {
  upload: UploadRecord;
}

export interface BookRef {
  tenant: Tenant;
  userId: string;
}

/** One stored upload, as re-cleaning reads it. */
export interface StoredUpload {
  seq: number;
  sourceKey: string;
  source: SourceInput;
  /**
   * The request body as received (or, in rows of the first versions, the JSON array of its entries); ''
   * when not asked for (loadStoredUploads with `raw: false`).
   */
  raw: string;
  /** The stored cleaned entries, in their stored text (entry-codec). */
  normalized: string;
  ownerKeys: string[];
  /** When the upload's request was taken in (ms since the epoch). */
  createdAt: number;
}

/** How rewriteBook rewrites a book. */
export interface RewriteOptions {
  /**
   * Uploads deleted with the rewrite (seqs; a source replaced by a newer upload of it): the user's uploads
   * must be exactly `uploads` and these, and the key index is rebuilt from `uploads` alone.
   */
  drop?: readonly number[];
  /** `uploads` hold their stored derived data: only the key index is rebuilt (no upload row rewritten). */
  derivedUnchanged?: boolean;
}

/** An upload's derived data, recomputed. */
export interface RewrittenUpload {
  seq: number;
  sourceKey: string;
  normalized: NormalizedEntry[];
  ownerKeys: string[];
  keyStats: KeyStat[];
}

/** The index keys of a book, for loadSignals. */
export interface BookKeys {
  all: readonly string[];
  pending: readonly string[];
  /**
   * `all` are these keys only, not a book's (the addresses of an alias group the book does not hold):
   * nothing of the user's index or queue is read with them. Absent: the book's keys.
   */
  only?: boolean;
  /**
   * The parts of the signals to look up (a ranking's signalsUsed); the others are left empty. Absent:
   * every part (learning computes every feature).
   */
  want?: SignalsWanted;
}

export interface StoredBook {
  userId: string;
  /** Sources of all uploads, oldest first. */
  sources: SourceInput[];
  /** All normalised entries of all uploads, in upload order (oldest first). */
  entries: NormalizedEntry[];
  /** Union of the owner keys of all uploads. */
  ownerKeys: string[];
  uploadCount: number;
  updatedAt: number;
  /** Each upload's batch id and number of entries, in the order of `entries` (where an entry came from). */
  batches?: { batchId: string; count: number }[];
}

export interface InviteSentRecord {
  userId: string;
  /** Matching keys of the invitee ('e:...', 'p:...'). */
  keys: string[];
  inviteeName: string | null;
  sentAt: number;
}

export interface InviteAcceptedRecord {
  keys: string[];
  /** Inviter's user id when known. */
  userId: string | null;
  newUserId: string | null;
  name: string | null;
  acceptedAt: number;
}

/** A client key to store (its hash only): see Storage.insertClientKey. */
export interface ClientKeyInsert {
  id: string;
  appId: string;
  env: Env;
  userId: string;
  hash: string;
  createdAt: number;
  expiresAt: number;
  arrivedAt?: number;
}

export interface AppUserRecord {
  appUserId: string;
  name: string | null;
  keys: string[];
}

export interface SuggestedSeenRecord {
  userId: string;
  keys: string[];
  seenAt: number;
}

/** Learned ranking weights of a tenant. */
export interface WeightsRecord {
  weights: Record<string, number>;
  samples: number;
  trainedAt: number;
}

/** How one round of the indexer runs (tests): by default as its engine's profile says. */
export interface IndexOptions {
  /** Key-index rows per transaction (EngineProfile.indexChunkRows; only engines that write in chunks). */
  chunkRows?: number;
  /** Runs before each chunk's transaction (tests: a DELETE or a failure between two chunks). */
  beforeChunk?: (chunk: number) => Promise<void> | void;
}

/** The index work waiting (Storage.indexQueueStats). */
export interface IndexQueueStats {
  uploads: number;
  oldestEnqueuedAt: number | null;
}

/** What one round of the indexer did. */
export interface IndexRun {
  /** Uploads whose key index it wrote. */
  uploads: number;
  /** Books with index work it left, because another transaction held them (retried later). */
  busy: number;
}

// ---------------------------------------------------------------- issue #14: client keys, aliases, directory

/** A client key as stored: acts for one user of one (app, environment) until it expires or is revoked. */
export interface ClientKeyRecord {
  id: string;
  appId: string;
  appName: string;
  env: Env;
  userId: string;
  createdAt: number;
  expiresAt: number;
}

/** One address at a domain across the tenant's books (GET /v0/domain-emails). */
export interface DomainEmailRow {
  /** The matching key without its 'e:' prefix: the normalised address. */
  email: string;
  /** A name the app gave for the address (its users, invites), when it gave one. */
  name: string | null;
  /** Books (users) of the tenant that hold the address. */
  books: number;
}

/** One stored book (GET /v0/address-books). */
export interface BookSummary {
  userId: string;
  entries: number;
  lastUpload: number;
}

/** A page: its rows and how many there are in all. */
export interface Page<T> {
  rows: T[];
  total: number;
}

export interface Storage {
  /** 'sqlite' | 'postgres': for logs and the readiness probe only; code must not branch on it. */
  readonly engine: string;
  /** Applies the pending migrations; resolves with their names, in order (none: already up to date). */
  migrateUp(): Promise<string[]>;
  /** Undo every migration (tests and `kith migrate --down --yes` only); resolves with the names reverted, in order. */
  migrateDown(): Promise<string[]>;
  ping(): Promise<void>;
  /**
   * Starts the background upkeep for a long-running server: the key indexer (SQLite: on a thread of its
   * own; PostgreSQL: on the event loop, its work is the server's) and the engine's own upkeep (SQLite: WAL
   * checkpoints on a thread, off the requests' commits); resolves with the function that stops them.
   */
  startMaintenance(): Promise<() => Promise<void>>;
  close(): Promise<void>;

  // Apps and keys. Keys are stored as sha256 hex only.
  createApp(name: string): Promise<AppRecord>;
  findAppByName(name: string): Promise<AppRecord | null>;
  insertKey(k: { id: string; appId: string; env: Env; prefix: string; hash: string; createdAt: number }): Promise<void>;
  /** Non-revoked key with that hash, with its app's name; null when none. */
  findKeyByHash(hash: string): Promise<KeyRecord | null>;
  listKeys(appId?: string): Promise<KeyRecord[]>;
  /** Revokes by key id or by prefix; returns how many keys were revoked. */
  revokeKey(idOrPrefix: string, at: number): Promise<number>;

  // Address books.
  /**
   * Stores one upload atomically (raw + normalised entries, owner keys, key stats). Returns its place in
   * the book's order (increasing).
   */
  appendUpload(t: Tenant, u: UploadRecord): Promise<number>;
  /**
   * The user's book, oldest upload first. `known`: an upload the caller holds (stored or not yet), used
   * as given after the stored ones, never read back.
   */
  /** `upTo`: only the uploads stored up to that sequence number (the book as it stood at an upload's commit). */
  loadBook(t: Tenant, userId: string, known?: KnownUpload, upTo?: number): Promise<StoredBook | null>;
  /**
   * loadBook without a known upload, in one query with the book's size, unless the book holds `atLeast`
   * entries or more: then only that size (its entries are not read). For a reader that ranks a small book
   * itself and hands a big one to a worker (one round trip instead of bookSize then loadBook).
   */
  loadBookBelow(t: Tenant, userId: string, atLeast: number): Promise<StoredBook | { size: number } | null>;
  /** Entries stored for the user, all uploads together (0 when none): cheap, to pick where to rank a book. */
  bookSize(t: Tenant, userId: string): Promise<number>;
  /** The batch ids of the user's uploads stored with a sequence number up to `seq` (see answerUpload). */
  batchIdsUpTo(t: Tenant, userId: string, seq: number): Promise<string[]>;
  /** The sources of the user's uploads that give a phone or a region, newest first (at most `limit`). */
  regionSourcesOf(t: Tenant, userId: string, limit?: number): Promise<SourceInput[]>;
  /** regionSourcesOf of many users at once (one query per few thousand ids): each user's sources, newest first. */
  regionSourcesOfUsers(t: Tenant, userIds: readonly string[]): Promise<Map<string, SourceInput[]>>;
  /**
   * Removes everything held for that user: uploads, keys, owner keys, seen suggestions, invites sent, and
   * the user's link in accepted invites. Returns whether anything at all was held. Records a tombstone
   * (tenant, user, time) in the same transaction: an upload that arrived before it and is written after
   * it is refused (StorageError 'deleted'), never stored. Tombstones go after TOMBSTONE_KEEP_MS.
   */
  deleteBook(t: Tenant, userId: string): Promise<boolean>;
  /** Deletes the tombstones of DELETEs older than TOMBSTONE_KEEP_MS before `now` (the maintenance loop runs it). */
  purgeTombstones(now?: number): Promise<number>;

  // The asynchronous key index (issue #13). An upload is acknowledged once its own rows and a durable
  // "not yet indexed" record are committed; other users' signals (knownBy, reciprocal) see it once the
  // indexer has written its key index. startMaintenance() runs an indexer in a long-running server.
  /**
   * One round of the indexer: writes the key index of (at most `maxUploads`) acknowledged uploads,
   * oldest first, skipping books another transaction holds. Safe beside other indexers on any server.
   */
  indexPending(maxUploads?: number, opts?: IndexOptions): Promise<IndexRun>;
  /**
   * Resolves once no index work is pending (every upload acknowledged before the call is in the key
   * index), doing the work itself: for tests, evaluations and benchmarks that read other users' signals
   * right after uploading. Fails with a StorageError 'busy' after `timeoutMs`.
   */
  flushIndex(timeoutMs?: number): Promise<void>;
  /**
   * Settles once the threads this storage started for itself (SQLite in a book worker: its upload writer)
   * have loaded (or stopped): a book worker says it is loaded only then (see WorkerPool.starting).
   */
  whenLoaded(): Promise<void>;
  /**
   * The index work not done yet, over every app: uploads acknowledged whose key index is not written,
   * and when the oldest of them was queued (ms since the epoch; null: none). What GET /metrics shows.
   */
  indexQueueStats(): Promise<IndexQueueStats>;

  // Re-cleaning stored books (kith reclean): the derived data of every upload recomputed from its raw.
  /** Books (tenant, user) in (tenant, user_id) order, strictly after `after`, at most `limit`. */
  listBooks(after: BookRef | null, limit: number): Promise<BookRef[]>;
  /** The user's uploads as stored, oldest first: what re-cleaning reads. */
  loadStoredUploads(t: Tenant, userId: string, opts?: { raw?: boolean }): Promise<StoredUpload[]>;
  /**
   * Replaces the derived data of the user's uploads (cleaned entries, source key, owner keys) by `uploads`
   * and rebuilds the user's key index (contact_keys, owner_keys) from them, in one transaction. Does
   * nothing and returns false when the user's uploads are no longer exactly those (one was added or
   * deleted since they were read): the caller reads them again.
   */
  rewriteBook(t: Tenant, userId: string, uploads: RewrittenUpload[], opts?: RewriteOptions): Promise<boolean>;

  // Signals.
  /**
   * Records write one batch whole or nothing. `opts.arrivedAt`: when the request arrived; a DELETE of a user
   * the batch names, committed after it, refuses the batch (StorageError 'deleted'), as it does an upload.
   */
  recordInvitesSent(t: Tenant, rows: InviteSentRecord[], opts?: { arrivedAt?: number }): Promise<void>;
  recordInvitesAccepted(t: Tenant, rows: InviteAcceptedRecord[], opts?: { arrivedAt?: number }): Promise<void>;
  /**
   * Records app users (POST /v0/users). `arrivedAt`: a batch naming an app user forgotten (deleteAppUser)
   * after that time is refused (StorageError 'deleted', nothing stored), as records are.
   */
  upsertAppUsers(t: Tenant, rows: AppUserRecord[], opts?: { arrivedAt?: number }): Promise<void>;
  /**
   * Forgets one app user (every address and number recorded for that id, and its name); the rows removed.
   * Leaves a tombstone (purged with the books') that a batch of app users still on its way finds.
   */
  deleteAppUser(t: Tenant, appUserId: string): Promise<number>;
  recordSuggestedSeen(t: Tenant, rows: SuggestedSeenRecord[], opts?: { arrivedAt?: number }): Promise<void>;
  /**
   * Everything the tenant knows about the keys of user `userId`'s book, whose owner keys are `ownerKeys`.
   * `keys.all`: every index key of the book (domain indexKeysOf), stored uploads and one being stored
   * meanwhile alike; `keys.pending`: those of the upload not stored yet ([] when there is none). An engine
   * may read the stored ones from the index instead of the list (Postgres plans that robustly; SQLite
   * probes fastest from the list): both give the same answer. Duplicates are harmless. Other users'
   * rows only count in knownBy and reciprocal.
   */
  loadSignals(t: Tenant, userId: string, keys: BookKeys, ownerKeys: string[]): Promise<BookSignals>;

  // Learned weights.
  saveWeights(t: Tenant, w: WeightsRecord): Promise<void>;
  loadWeights(t: Tenant): Promise<WeightsRecord | null>;
  /**
   * What every ranking of the app reads first, in one statement: its learned weights (null: none) and
   * whether it has any alias at all (most apps have none: then loadAliasGroups need not be asked).
   */
  loadAppState(t: Tenant): Promise<{ weights: WeightsRecord | null; hasAliases: boolean }>;
  /** Invite outcomes for training: every sent invite with whether it was accepted, per inviter. */
  loadInviteOutcomes(t: Tenant, limit: number): Promise<{ userId: string; keys: string[]; accepted: boolean }[]>;

  // Issue #14: client keys, allowed origins, aliases, directory listings.
  /**
   * Stores a client key (sha256 hex only) and prunes keys that expired before `k.createdAt`. `k.arrivedAt`:
   * when the request arrived; a DELETE of the user committed after it refuses the key (StorageError 'deleted').
   */
  insertClientKey(k: ClientKeyInsert): Promise<void>;
  /** The client key with that hash when it is neither revoked nor expired at `now`; null otherwise. */
  findClientKeyByHash(hash: string, now: number): Promise<ClientKeyRecord | null>;
  /** Revokes every live client key of the app (all environments, or one); returns how many. */
  revokeClientKeys(appId: string, at: number, opts?: { env?: Env; userId?: string }): Promise<number>;
  /** Origins allowed to use the app's client keys from a browser. */
  listAppOrigins(appId: string): Promise<string[]>;
  addAppOrigin(appId: string, origin: string): Promise<void>;
  /** Returns whether the origin was listed. */
  removeAppOrigin(appId: string, origin: string): Promise<boolean>;
  /**
   * Records that `keys` (e-mail keys, 'e:...') are one person. Groups stay disjoint: stored groups that
   * share a key with `keys` are folded into one with them. Returns the keys of the resulting group.
   */
  addAlias(t: Tenant, keys: string[], at: number): Promise<string[]>;
  /**
   * The alias groups (each a list of keys) that hold at least one of `keys`. `hasAliases`: whether the
   * app has any alias (loadAppState), when the caller knows it; otherwise it is looked up first.
   */
  loadAliasGroups(t: Tenant, keys: readonly string[], hasAliases?: boolean): Promise<string[][]>;
  /** Addresses at `domain` across the tenant's books, most books first, then by address. */
  listDomainEmails(t: Tenant, domain: string, offset: number, limit: number): Promise<Page<DomainEmailRow>>;
  /** Users with a stored book, by user id. */
  listBookSummaries(t: Tenant, offset: number, limit: number): Promise<Page<BookSummary>>;
}
