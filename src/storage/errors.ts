/**
 * Database failures turned into plain errors whose message is safe to show: it names the operation and
 * the kind of failure, never SQL, parameters or row data. The driver error is kept as `cause` for logs.
 */

/**
 * `uncertain`: a node failed while the transaction was being committed (Citus's two-phase commit), so
 * whether it was stored is not known; sending the request again is safe (uploads merge, records are
 * upserts or harmless repeats).
 */
/**
 * `deleted`: an upload that arrived before a DELETE of its user reached the database after that DELETE
 * was committed; nothing of it was stored (a 409: sending it again starts a new book).
 */
export type StorageErrorKind = 'conflict' | 'unavailable' | 'busy' | 'uncertain' | 'failed' | 'deleted';

export class StorageError extends Error {
  readonly kind: StorageErrorKind;
  /**
   * Unavailable because another node of a distributed database (a Citus worker) did not answer, the one
   * Kith talks to did: the rest of the data is there. Only then may a ranking go on without other users'
   * books (AddressBookService.contactsOf); a pool timeout or a server restart is no such thing.
   */
  readonly remoteNode: boolean;
  /** The field of the request the failure is about (a 'deleted' batch of records: the row of the deleted user). */
  readonly detail?: { field: string; message: string };
  /**
   * The batch id of an upload committed before this failure (a POST whose ranking or replace failed after
   * its commit, answers.ts storedBefore): the answer says the upload is in the book, so the client does not
   * take the 503 for "nothing was stored".
   */
  readonly stored?: string;
  constructor(kind: StorageErrorKind, message: string, cause?: unknown, remoteNode = false, detail?: { field: string; message: string }, stored?: string) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'StorageError';
    this.kind = kind;
    this.remoteNode = remoteNode;
    if (detail !== undefined) this.detail = detail;
    if (stored !== undefined) this.stored = stored;
  }

  /** The same failure, after the upload `batchId` was stored (see `stored`). */
  afterStored(batchId: string): StorageError {
    return new StorageError(this.kind, this.message, this.cause, this.remoteNode, this.detail, batchId);
  }
}

/**
 * Citus's words for a worker it cannot reach: refused (`connection to the remote node … failed`), or not
 * answering its connection at all (a host down, a network black hole, a frozen server: `could not
 * establish any connections to the node … after 2000 ms`; a probe saw books on the other worker answer
 * 503 where a stopped worker left them readable).
 */
const REMOTE_NODE_RE =
  /connection to the remote node|could not establish (?:any )?connections?\b|could not connect to (?:any active placements|the node)|failure on connection marked as essential/i;

/** Operations that only read (their names, as KyselyStorage runs them): a failure leaves nothing half-stored. */
const READ_OPERATION = /^(?:load|list|find|ping|batchIds|bookSize|indexQueueStats|regionSources)/;

/** Network-level errors of the pg driver (Node error codes) that mean "the server is not there". */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'EPIPE']);

/** A driver error's code (a SQLSTATE, a Node or SQLite code), or ''. */
export function codeOf(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
}

/** Maps any error thrown by a driver during `operation` (e.g. 'appendUpload') to a StorageError. */
export function toStorageError(operation: string, e: unknown): StorageError {
  if (e instanceof StorageError) return e;
  const code = codeOf(e);
  // SQLite (better-sqlite3): SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY; Postgres: SQLSTATE 23505.
  if (code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return new StorageError('conflict', `${operation}: already exists`, e);
  }
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code === '40P01' || code === '40001' || code === '55P03') {
    return new StorageError('busy', `${operation}: database busy, retry later`, e);
  }
  // SQLSTATE class 08 (connection exception), 57P0x (server shutting down), 53300 (too many connections).
  const message = e instanceof Error ? e.message : '';
  if (NETWORK_CODES.has(code) || code.startsWith('08') || code.startsWith('57P') || code === '53300') {
    return new StorageError('unavailable', `${operation}: database unavailable`, e, REMOTE_NODE_RE.test(message));
  }
  // No answer within the deadline (postgres.ts poolWithDeadline): the database hangs. A commit's
  // outcome is then unknown.
  if (code === 'KITH_NO_ANSWER') return new StorageError('unavailable', `${operation}: database unavailable (no answer)`, e);
  // A read stored nothing, whatever its statement looked like.
  if (code === 'KITH_COMMIT_NO_ANSWER' && READ_OPERATION.test(operation))
    return new StorageError('unavailable', `${operation}: database unavailable (no answer)`, e);
  if (code === 'KITH_COMMIT_NO_ANSWER') return new StorageError('uncertain', `${operation}: no answer from the database during the commit`, e);
  // The server's own statement_timeout (postgres.ts: a little after the client's deadline, which almost
  // always comes first): the statement was cancelled. A read is unavailable; a write may have been
  // committed by itself around it, so it is uncertain (sending it again is safe).
  if (code === '57014') {
    return READ_OPERATION.test(operation)
      ? new StorageError('unavailable', `${operation}: database unavailable (no answer)`, e)
      : new StorageError('uncertain', `${operation}: the database cancelled a statement that took too long`, e);
  }
  // Citus, a worker lost during the commit of a multi-shard transaction (no SQLSTATE of its own), or
  // the connection to a worker cut under a statement or the commit (`SSL SYSCALL error: EOF detected`,
  // SQLSTATE XX000: a DELETE answered 500 when a probe stopped a worker during its commit). Whether it
  // was stored is not known; sending it again is safe.
  // A read whose connection is cut is only unavailable: nothing of it could have been stored.
  if (/SSL SYSCALL error|server closed the connection unexpectedly/i.test(message) && READ_OPERATION.test(operation)) {
    return new StorageError('unavailable', `${operation}: database unavailable`, e);
  }
  if (/could not commit transaction for shard|failed to commit transaction on|SSL SYSCALL error|server closed the connection unexpectedly/i.test(message)) {
    return new StorageError('uncertain', `${operation}: a database node failed during the commit`, e);
  }
  // The pg driver's own words for a connection that died under a query or a transaction (a client
  // checked out when the server restarted: "Client has encountered a connection error and is not
  // queryable"), and Citus's for a worker it cannot reach: a 500 before (a probe restarting PostgreSQL).
  // Citus's "failure on connection marked as essential" (SQLSTATE XX000) is a worker lost under a
  // transaction that had written through it: rolled back, nothing of it stored (a 500 before: a probe
  // stopping a worker under 6,000-entry uploads, 8 of 84 answers).
  if (
    /Connection terminated|timeout exceeded when trying to connect|not queryable|connection to the remote node|could not establish connection|connection not open|failure on connection marked as essential/i.test(
      message,
    )
  ) {
    return new StorageError('unavailable', `${operation}: database unavailable`, e, REMOTE_NODE_RE.test(message));
  }
  // The log gets the driver's code (a SQLSTATE or a Node code, never its message: it may quote a value).
  const safe = /^(?:[0-9A-Z]{5}|E[A-Z_]+|SQLITE_[A-Z_]+)$/.test(code) ? code : e instanceof Error ? e.name : typeof e;
  return new StorageError('failed', `${operation}: database error (${safe})`, e);
}
