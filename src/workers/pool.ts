/**
 * A small pool of worker threads running book-worker.ts: each worker takes one job at a time, jobs
 * wait in one FIFO queue, and workers start when the server listens (start()) or on first use. One job
 * per worker bounds the memory of concurrent big uploads to `size` books in flight, whatever the number
 * of clients; the rest wait as their request bodies.
 *
 * A worker that dies (out of memory, a native crash) fails only its own job, with a plain Error that
 * becomes a 500; the next job starts a fresh worker.
 */
import { THREAD_BOOT, threadModule } from '../lib/thread-module.ts';
import { Worker } from 'node:worker_threads';
import { ServiceError } from '../services/errors.ts';
import { StorageError } from '../storage/errors.ts';
import { exportWriteLocks, releaseLocksOf } from '../storage/write-lock.ts';
import { transferList } from '../lib/transfer.ts';
import { type Job, type JobReply, type UploadFacts, WORKER_LOADED, type WorkerInit } from './protocol.ts';
import type { DuplicateKey } from '../services/json-body.ts';

/** A worker's answer: the JSON to send (UTF-8), and for a POST the facts the metrics count. */
export interface JobResult {
  body: Buffer;
  upload?: UploadFacts;
  /** The names the body (parsed by the worker) gave more than once in one object. */
  duplicateKeys?: DuplicateKey[];
}

/**
 * The young generation of a worker's heap (MB; V8's default is 48: two 16 MB semi-spaces and their
 * large-object space). A big upload allocates a few hundred MB that live for the request only (the parsed
 * body, cleaned entries, contacts, the answer's rows); with small semi-spaces much of it is copied by
 * scavenges and promoted to the old generation before it dies. 192 (64 MB semi-spaces) cut the CPU of a
 * 10,000-entry POST by about a fifth (GC threads included, medians of 12 runs, three rounds each), for up
 * to ~130 MB more resident per busy worker.
 */
const YOUNG_GENERATION_MB = 192;

/** How long the server may say it is not ready while its workers load (ms; they take ~2-4 s on 2 cores). */
const STARTING_MS = 30_000;

/** How long a worker may take to close its storage and exit before it is terminated (ms). */
const CLOSE_GRACE_MS = 5_000;

interface Pending {
  job: Job;
  resolve: (r: JobResult) => void;
  reject: (e: Error) => void;
  /** performance.now() when queued. */
  queuedAt: number;
  /** Clears the job's deadline timer and abort listener (it started, or was dropped). */
  settle: () => void;
}

/**
 * A job dropped before it started: it waited longer than the queue's deadline (KITH_QUEUE_WAIT_MS;
 * answered 503 with Retry-After), or its client went away (`clientGone`: no answer is sent). Nothing of
 * it was done, so nothing was stored.
 */
export class QueueWaitError extends Error {
  constructor(
    readonly clientGone: boolean,
    readonly waitedMs: number,
  ) {
    super(clientGone ? 'the client went away before a worker took the request' : `no worker took the request within ${Math.round(waitedMs)} ms`);
    this.name = 'QueueWaitError';
  }
}

/** How a job may be dropped before it starts. */
export interface RunOptions {
  /** Aborted when the client disconnects: a job still queued is dropped. */
  signal?: AbortSignal;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
  /** Its modules are loaded and its storage open (it said so). */
  loaded: boolean;
}

/**
 * Which idle worker takes the next job (index into `slots`, kept in the order they became idle; -1: none
 * idle): the one idle the longest. Work, and so each thread's own JIT, spreads over every worker: a burst
 * finds them all warm. The other order (the one idle the shortest time) keeps one worker warm and the
 * rest cold under light load. It looked faster for requests that come one at a time (a 1,000-entry POST
 * 18-21 ms against 29-31), but only because the bench's warm-up then came one request at a time too and
 * warmed a single worker: the next backfill, on every worker, fell from 35-39k to 24-27k contacts/s. With
 * a warm-up that reaches every worker (bench/run.ts), the two orders measure the same within the noise
 * (two A/B rounds of `npm run bench -- --engine sqlite`: 1,000-entry POST 23-26 ms against 24-32, backfill
 * 28-33k against 29-31k contacts/s).
 */
export function idleSlotToUse(slots: readonly { current: unknown }[]): number {
  return slots.findIndex((s) => s.current === null);
}

/** What a book worker runs (started by lib/thread-boot.mjs). */
const ENTRY = threadModule('./book-worker.ts', import.meta.url);

export class WorkerPool {
  readonly #size: number;
  readonly #init: WorkerInit;
  readonly #slots: Slot[] = [];
  readonly #queue: Pending[] = [];
  #closed = false;
  #startedAt: number | undefined;

  constructor(size: number, init: WorkerInit) {
    this.#size = Math.max(1, size);
    this.#init = init;
  }

  /**
   * Runs `job` on a worker; resolves with the answer's JSON, rejects with its ServiceError or StorageError (mapped to HTTP by the error handler). A POST job's body
   * bytes are transferred to the worker: the caller must not use them afterwards.
   */
  run(job: Exclude<Job, { kind: 'close' }>, opts: RunOptions = {}): Promise<JobResult> {
    if (this.#closed) return Promise.reject(new Error('worker pool closed'));
    if (opts.signal?.aborted) return Promise.reject(new QueueWaitError(true, 0));
    return new Promise((resolve, reject) => {
      const queuedAt = performance.now();
      const waitMs = this.#init.config.queueWaitMs;
      const p: Pending = { job, resolve, reject, queuedAt, settle: () => {} };
      const drop = (clientGone: boolean) => {
        const i = this.#queue.indexOf(p);
        if (i < 0) return; // started already: it runs to its end
        this.#queue.splice(i, 1);
        p.settle();
        reject(new QueueWaitError(clientGone, performance.now() - queuedAt));
      };
      const timer = waitMs > 0 ? setTimeout(() => drop(false), waitMs) : undefined;
      timer?.unref();
      const onAbort = () => drop(true);
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      p.settle = () => {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
      };
      this.#queue.push(p);
      this.#dispatch();
    });
  }

  /**
   * Starts every worker now, without work (the server calls it once it listens): a worker loads its
   * modules and opens its storage in the background, not on the first big request. A worker that cannot
   * start is not restarted until there is work (see #dispatch).
   */
  start(): void {
    if (this.#closed) return;
    this.#startedAt ??= performance.now();
    while (this.#slots.length < this.#size) this.#spawn();
  }

  /**
   * Whether the workers start() started are still loading, for at most STARTING_MS: a worker that cannot
   * load (it exits, or hangs) does not keep the server from being ready.
   */
  /** Workers running, by whether they have loaded (the `kith_workers` gauge). */
  get threads(): { loading: number; loaded: number; busy: number } {
    const loaded = this.#slots.filter((s) => s.loaded).length;
    return { loading: this.#slots.length - loaded, loaded, busy: this.#slots.filter((s) => s.current !== null).length };
  }

  /** Jobs waiting for a worker (the `kith_worker_queue_jobs` gauge): dropped when their client goes or their wait ends. */
  get queued(): number {
    return this.#queue.length;
  }

  get starting(): boolean {
    return this.#startedAt !== undefined && performance.now() - this.#startedAt < STARTING_MS && this.#slots.some((s) => !s.loaded);
  }

  #dispatch(): void {
    // All workers start together when there is work: one starting under load later would answer slowly
    // (loading modules, cold JIT) just when it is needed. Only when there is work: a worker that cannot
    // start (database unreachable) is not restarted in a loop, each waiting job fails once instead.
    if (this.#queue.length > 0) while (this.#slots.length < this.#size) this.#spawn();
    while (this.#queue.length > 0) {
      const i = idleSlotToUse(this.#slots);
      if (i < 0) return;
      const p = this.#queue.shift()!;
      p.settle();
      // Past its deadline already (its timer has not run yet: the event loop was busy): dropped, not started.
      const waited = performance.now() - p.queuedAt;
      const waitMs = this.#init.config.queueWaitMs;
      if (waitMs > 0 && waited > waitMs) {
        p.reject(new QueueWaitError(false, waited));
        continue;
      }
      const [slot] = this.#slots.splice(i, 1);
      this.#slots.push(slot!);
      slot!.current = p;
      slot!.worker.postMessage(p.job, p.job.kind === 'post' ? transferList(p.job.body) : []);
    }
  }

  #spawn(): Slot {
    const init: WorkerInit = { ...this.#init, writeLocks: exportWriteLocks() };
    const worker = new Worker(THREAD_BOOT, { workerData: { entry: ENTRY, init }, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
    const workerThreadId = worker.threadId;
    const slot: Slot = { worker, current: null, loaded: false };
    this.#slots.push(slot);
    worker.on('message', (reply: JobReply | typeof WORKER_LOADED) => {
      if (reply === WORKER_LOADED) {
        slot.loaded = true;
        return;
      }
      const p = slot.current;
      slot.current = null;
      const at = this.#slots.indexOf(slot);
      if (at >= 0) this.#slots.push(...this.#slots.splice(at, 1));
      if (p !== null) {
        if (reply.ok)
          p.resolve({
            body: Buffer.from(reply.body.buffer, reply.body.byteOffset, reply.body.byteLength),
            upload: reply.upload,
            duplicateKeys: reply.duplicateKeys,
          });
        else if (reply.error.kind === 'service') p.reject(new ServiceError(reply.error.code, reply.error.message, reply.error.details));
        else if (reply.error.kind === 'storage') {
          const r = reply.error;
          p.reject(new StorageError(r.storageKind, r.message, undefined, r.remoteNode === true, r.detail, r.stored));
        } else p.reject(Object.assign(new Error(reply.error.message), { name: reply.error.name, stack: reply.error.stack }));
      }
      this.#dispatch();
    });
    const gone = (err: Error) => {
      const i = this.#slots.indexOf(slot);
      if (i < 0) return;
      this.#slots.splice(i, 1);
      slot.current?.reject(err);
      slot.current = null;
      if (!this.#closed) this.#dispatch();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => {
      // A worker that died inside a transaction must not leave the other threads waiting for its lock.
      releaseLocksOf(workerThreadId);
      gone(new Error(`worker exited with code ${code}`));
    });
    return slot;
  }

  /** Stops every worker; jobs still waiting fail. Running jobs finish first (graceful shutdown waits for them). */
  async close(): Promise<void> {
    this.#closed = true;
    for (const p of this.#queue.splice(0)) {
      p.settle();
      p.reject(new Error('worker pool closed'));
    }
    await Promise.all(
      [...this.#slots].map(async (s) => {
        const exited = new Promise<void>((r) => s.worker.once('exit', () => r()));
        if (s.current !== null) await Promise.race([new Promise<void>((r) => s.worker.once('message', () => r())), exited]);
        s.worker.postMessage({ kind: 'close' } satisfies Job);
        const timer = setTimeout(() => void s.worker.terminate(), CLOSE_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }),
    );
  }
}
