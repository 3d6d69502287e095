/** Messages between the HTTP app and its book workers (structured-clone data only). */
import type { Config } from '../config.ts';
import type { RankOptions } from '../domain/options.ts';
import type { UploadReport } from '../services/address-book-answers.ts';
import type { ErrorDetail, ServiceErrorCode } from '../services/errors.ts';
import type { DuplicateKey } from '../services/json-body.ts';
import type { StorageErrorKind } from '../storage/errors.ts';
import type { Tenant } from '../storage/types.ts';

/** What a worker needs to start: the parsed config (it opens its own Storage on config.databaseUrl). */
export interface WorkerInit {
  config: Config;
  /** The process's SQLite write locks (shared memory, see storage/write-lock.ts); the pool fills them in. */
  writeLocks?: [string, Int32Array][];
}

/** Who is asking, from the auth hook, and when the request started (for meta.time). */
export interface JobContext {
  tenant: Tenant;
  appName: string;
  /** process.hrtime.bigint() at the request's start: the clock is the same in every thread. */
  startNs: bigint;
  /** Date.now() when the request arrived: an upload's arrival (a later DELETE's tombstone refuses it). */
  arrivedAt: number;
}

export type Job =
  /**
   * A whole POST /v0/address-book from its body (UTF-8 bytes, transferred, not copied): parse, validate,
   * store, rank, serialise.
   */
  | { kind: 'post'; ctx: JobContext; body: Uint8Array }
  /** The ranked answer of a stored book (GET, or POST after an upload stored on the event loop). */
  | {
      kind: 'rank';
      ctx: JobContext;
      userId: string;
      opts: RankOptions;
      answer: { type: 'get'; docs: string; listLeftOut: boolean } | { type: 'post'; batchId: string; report: UploadReport; upToSeq: number };
    }
  /** Close the storage and exit. */
  | { kind: 'close' };

/** Facts of an answered POST the metrics hooks count (the body was never parsed on the event loop). */
export interface UploadFacts {
  entries: number;
  backfill: boolean;
}

/** What a worker posts once, when its modules are loaded and its storage is open (before any job). */
export const WORKER_LOADED = 'loaded';

export type JobReply =
  /** `body`: the answer's JSON, UTF-8 bytes, transferred: the event loop sends them as they are. */
  | { ok: true; body: Uint8Array; upload?: UploadFacts; duplicateKeys?: DuplicateKey[] }
  | {
      ok: false;
      error:
        | { kind: 'service'; code: ServiceErrorCode; message: string; details?: ErrorDetail[] }
        | {
            kind: 'storage';
            storageKind: StorageErrorKind;
            message: string;
            /** StorageError's remoteNode, detail and stored, as the worker's error had them. */
            remoteNode?: boolean;
            detail?: { field: string; message: string };
            stored?: string;
          }
        | { kind: 'internal'; name: string; message: string; stack?: string };
    };
