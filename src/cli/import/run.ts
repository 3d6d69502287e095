/**
 * `kith import` and `kith backfill`: load address books from a file into a running Kith over HTTP.
 *
 * Entries go in batches of 500 per POST for the same user and source, as existing clients send them
 * (the merge makes N batches equal one upload). `backfill` sets backfill=1 on every batch (the fast path);
 * `import` sets it on all but the last batch of each book, whose answer carries the ranked list.
 * Progress is recorded after every acknowledged batch (see state.ts), so a run can be stopped (Ctrl-C
 * finishes the batches in flight, then stops) and rerun without loading anything twice.
 *
 * Failures: a book the API rejects (400 and the like) is recorded as failed and the run goes on, up to
 * --max-failures; rate limits, server errors and dropped connections are retried with backoff; a refused
 * key, a wrong URL or a server that stays unreachable stops the run. The summary says what happened and
 * the exit status is non-zero unless everything was loaded.
 */
import { resolve } from 'node:path';
import { KithApiError, KithClient, KithNetworkError, type UploadRequest, type UploadResponse } from '../../../client/index.ts';
import { createProgress, formatDuration, type ProgressMode } from './progress.ts';
import { formatOf, openInput, refusalOf, type UploadBodyIn } from './sources.ts';
import { ImportState } from './state.ts';

/** Entries per POST, as existing clients send them. */
export const DEFAULT_BATCH_SIZE = 500;
/** Books uploaded at the same time; batches of one book always go one after another. */
export const DEFAULT_CONCURRENCY = 2;
export const DEFAULT_RETRIES = 5;
export const DEFAULT_MAX_FAILURES = 100;
/** First retry delay, doubled per attempt, capped at MAX_RETRY_DELAY_MS (ms). */
const RETRY_BASE_MS = 500;
const MAX_RETRY_DELAY_MS = 30_000;
/** Per-request timeout (ms): a 500-entry batch takes well under a second; this covers a busy server. */
const REQUEST_TIMEOUT_MS = 120_000;

export interface ImportOptions {
  file: string;
  mode: 'import' | 'backfill';
  url: string;
  key: string;
  format?: string;
  /** For .vcf/.csv: the user the book belongs to, and its source account. */
  userId?: string;
  source?: { type?: string; email?: string; phone?: string; name?: string; region?: string };
  /** For .vcf/.csv: the file's charset when its bytes cannot tell (`--charset`); else they decide. */
  charset?: string;
  /** Resume file (default `<file>.kith-progress`). */
  statePath?: string;
  /** Discard recorded progress and load from the start. */
  restart?: boolean;
  batchSize?: number;
  concurrency?: number;
  retries?: number;
  maxFailures?: number;
  /** Read and check the file, count batches, send nothing. */
  dryRun?: boolean;
  progress?: ProgressMode;
  progressIntervalMs?: number;
  progressStream?: NodeJS.WriteStream;
  /** Aborting stops the run after the batches in flight (Ctrl-C). */
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** First retry delay, ms (tests shorten it). */
  retryBaseMs?: number;
}

export interface ImportSummary {
  file: string;
  format: string;
  mode: 'import' | 'backfill';
  statePath: string;
  dryRun: boolean;
  /** What a unit is: `lines` (JSONL) or `book` (.vcf/.csv). */
  unitLabel: 'lines' | 'book';
  units: number;
  /** Units loaded by this run, found loaded by an earlier run, blank lines. */
  loaded: number;
  alreadyDone: number;
  /** Units the progress file marked loaded (wholly or in part) whose book is no longer on the server: loaded again. */
  reloaded: number;
  blank: number;
  failed: { n: number; why: string }[];
  batches: number;
  entries: number;
  retries: number;
  /** For `import`: contacts in the ranked answers (after cleaning and merging). */
  rankedContacts: number;
  /** For a book: cards/rows that could not be read or held nothing. */
  skippedRecords: number;
  /** For a book: what the file route's meta.warnings would say about the file (its charset, cards or rows read with a doubt). */
  fileWarnings: string[];
  interrupted: boolean;
  fatal?: string;
  seconds: number;
  resumed: boolean;
}

class FatalError extends Error {}
const STOPPED = Symbol('stopped');

/** 0 when everything was loaded; 130 when stopped by a signal; 1 on failures. */
export function exitCodeOf(s: ImportSummary): number {
  if (s.fatal) return 1;
  if (s.interrupted) return 130;
  return s.failed.length ? 1 : 0;
}

function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  return new Promise((resolveSleep) => {
    if (signal?.aborted) return resolveSleep(false);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolveSleep(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      resolveSleep(false);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Whether an API error means every other request would fail the same way (wrong key, wrong URL). */
function isFatal(e: KithApiError): boolean {
  return e.status === 401 || e.status === 403 || e.status === 405 || (e.status === 404 && e.code !== 'address_book_not_found');
}

function describe(e: unknown): string {
  if (e instanceof KithApiError) return `HTTP ${e.status} ${e.code}: ${e.message}`;
  return e instanceof Error ? e.message : String(e);
}

/** Runs an import; never throws for what happens to the books (see the summary), only for bad options. */
export async function runImport(opts: ImportOptions): Promise<ImportSummary> {
  const t0 = Date.now();
  const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  const concurrency = opts.concurrency ?? DEFAULT_CONCURRENCY;
  const retries = opts.retries ?? DEFAULT_RETRIES;
  const maxFailures = opts.maxFailures ?? DEFAULT_MAX_FAILURES;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('--batch-size must be a positive integer');
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new Error('--concurrency must be an integer from 1 to 64');
  const file = resolve(opts.file);
  const format = formatOf(file, opts.format);
  const input = await openInput(file, format, { userId: opts.userId, source: opts.source, charset: opts.charset });
  const url = opts.url.replace(/\/+$/, '');
  const statePath = resolve(opts.statePath ?? `${file}.kith-progress`);
  const state = ImportState.open(
    statePath,
    { file, size: input.size, sha256: input.sha256, url, mode: opts.mode, batchSize, ...(format === 'jsonl' ? {} : { userId: opts.userId }) },
    { restart: opts.restart },
  );

  const unitLabel = format === 'jsonl' ? 'lines' : 'book';
  const summary: ImportSummary = {
    file,
    format,
    mode: opts.mode,
    statePath,
    dryRun: Boolean(opts.dryRun),
    unitLabel,
    units: input.units,
    loaded: 0,
    alreadyDone: 0,
    reloaded: 0,
    blank: 0,
    failed: [],
    batches: 0,
    entries: 0,
    retries: 0,
    rankedContacts: 0,
    skippedRecords: input.skipped ?? 0,
    fileWarnings: input.warnings ?? [],
    interrupted: false,
    seconds: 0,
    resumed: state.resumed,
  };

  // A dry run sends nothing, so it needs no key (the client refuses to be made without one).
  const client = opts.dryRun ? null : new KithClient({ baseUrl: url, apiKey: opts.key, fetch: opts.fetch, timeoutMs: REQUEST_TIMEOUT_MS });
  // A book's progress is counted in entries (a bar over one unit says nothing); JSONL in lines.
  const progressUnit = unitLabel === 'lines' ? 'lines' : 'entries';
  const progress = createProgress(opts.dryRun ? 'none' : (opts.progress ?? 'plain'), progressUnit, opts.progressStream, opts.progressIntervalMs);
  const total = unitLabel === 'lines' ? input.units : (input.entries ?? 0);
  const doneAtStart = unitLabel === 'lines' ? state.done.size : state.done.has(1) ? total : Math.min(total, state.batchesDone(1) * batchSize);
  progress.start(total, doneAtStart);

  let stopping = false;
  const onAbort = () => {
    stopping = true;
    summary.interrupted = true;
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  if (opts.signal?.aborted) onAbort();

  const fail = (n: number, why: string) => {
    summary.failed.push({ n, why });
    if (!opts.dryRun) state.unitFailed(n, why);
    if (summary.failed.length > maxFailures)
      throw new FatalError(`more than ${maxFailures} failed ${unitLabel === 'lines' ? 'lines' : 'books'} (--max-failures); stopping`);
  };

  /** One POST with retries; STOPPED when the run was stopped while waiting to retry. */
  function send(body: UploadRequest): Promise<UploadResponse | typeof STOPPED> {
    return withRetries(() => client!.uploadAddressBook(body));
  }

  /**
   * Whether the server still holds the book of `body.user_id`. The progress file says what this tool
   * sent, not what the server kept: a book deleted since (DELETE, a reset database, another server)
   * must be loaded again rather than skipped. One small GET per book the file says is loaded.
   */
  async function stillOnServer(body: UploadBodyIn): Promise<boolean | typeof STOPPED> {
    try {
      const r = await withRetries(() => client!.getAddressBook(body.user_id, { limit: 1 }));
      return r === STOPPED ? STOPPED : true;
    } catch (e) {
      if (e instanceof KithApiError && e.status === 404) return false;
      if (e instanceof FatalError) throw e;
      throw new FatalError(`cannot check the server's copy of the book of user ${String(body.user_id)}: ${describe(e)}`);
    }
  }

  /** A request with retries on 429, 5xx and dropped connections; STOPPED when stopped while waiting. */
  async function withRetries<T>(call: () => Promise<T>): Promise<T | typeof STOPPED> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await call();
      } catch (e) {
        if (e instanceof KithApiError && isFatal(e)) throw new FatalError(describe(e));
        const retryable = e instanceof KithNetworkError || (e instanceof KithApiError && e.retryable);
        if (!retryable) throw e;
        if (attempt >= retries) {
          if (e instanceof KithNetworkError) throw new FatalError(`${e.message}; gave up after ${retries} retries`);
          throw e;
        }
        const base = (opts.retryBaseMs ?? RETRY_BASE_MS) * 2 ** attempt;
        const wait =
          e instanceof KithApiError && e.retryAfterSeconds !== undefined
            ? e.retryAfterSeconds * 1000
            : Math.min(MAX_RETRY_DELAY_MS, base * (0.75 + Math.random() / 2));
        summary.retries++;
        if (!(await sleep(wait, opts.signal))) return STOPPED;
      }
    }
  }

  /** The units the progress file said were loaded that the server no longer has, being loaded again. */
  const reloading = new Set<number>();

  async function loadUnit(n: number, body: UploadBodyIn): Promise<void> {
    const entries = body.entries;
    const count = Math.max(1, Math.ceil(entries.length / batchSize));
    const where = (b: number) =>
      count > 1 ? ` (batch ${b + 1} of ${count}: entries ${b * batchSize + 1}-${Math.min(entries.length, (b + 1) * batchSize)})` : '';
    const label = unitLabel === 'lines' ? `line ${n}` : `book of user ${String(body.user_id)}`;
    if (opts.dryRun) {
      // What the server would refuse, where that can be told without it (refusalOf says what is not checked).
      const refused = refusalOf(body);
      if (refused !== null) return fail(n, `${label}: ${refused}`);
    }
    for (let b = state.batchesDone(n); b < count; b++) {
      if (stopping) return;
      const batch = entries.slice(b * batchSize, (b + 1) * batchSize);
      const isLast = b === count - 1;
      const payload = { ...body, entries: batch } as UploadRequest & { backfill?: unknown };
      if (opts.mode === 'backfill' || !isLast) payload.backfill = 1;
      if (opts.dryRun) {
        summary.batches++;
        summary.entries += batch.length;
        continue;
      }
      let answer: UploadResponse | typeof STOPPED;
      try {
        answer = await send(payload);
      } catch (e) {
        if (e instanceof FatalError) throw e;
        progress.update(unitLabel === 'lines' ? 1 : 0, 0);
        return fail(n, `${label}${where(b)}: ${describe(e)}`);
      }
      if (answer === STOPPED) return;
      summary.batches++;
      summary.entries += batch.length;
      progress.update(unitLabel === 'lines' ? 0 : batch.length, batch.length);
      if (isLast) summary.rankedContacts += answer.data?.length ?? 0;
      else state.batchLoaded(n, b + 1);
    }
    summary.loaded++;
    // Among those loaded now (a review: a reload that then failed read `0 loaded now (1 of them loaded again)`).
    if (reloading.delete(n)) summary.reloaded++;
    if (!opts.dryRun) state.unitLoaded(n);
    progress.update(unitLabel === 'lines' ? 1 : 0, 0);
  }

  const units = input.read()[Symbol.asyncIterator]();
  async function worker(): Promise<void> {
    while (!stopping) {
      const next = await units.next();
      if (next.done) return;
      const u = next.value;
      if ((state.done.has(u.n) || state.batchesDone(u.n) > 0) && 'body' in u && !opts.dryRun) {
        const there = await stillOnServer(u.body);
        if (there === STOPPED) return;
        if (!there) {
          // Loaded before, gone now: load it whole again (counted as loaded again once it is: loadUnit).
          state.forget(u.n);
          reloading.add(u.n);
        }
      }
      // A blank line is blank on every run: counted so, never as loaded before (a new user's resume read
      // `3 already loaded before` for 2 loaded lines and a blank one).
      if (state.done.has(u.n) && !('blank' in u)) {
        summary.alreadyDone++;
        continue;
      }
      if ('blank' in u) {
        summary.blank++;
        // Counted as done at the start when a run before marked it (doneAtStart): once only (a resume
        // read `4/3 lines (133.3%)`).
        if (!state.done.has(u.n)) progress.update(1, 0);
        if (!opts.dryRun) state.done.add(u.n);
      } else if ('error' in u) {
        progress.update(1, 0);
        fail(u.n, `line ${u.n} ${u.error}`);
      } else {
        await loadUnit(u.n, u.body);
      }
    }
  }

  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        try {
          await worker();
        } catch (e) {
          // One worker's fatal error stops the others after their batch in flight.
          stopping = true;
          throw e;
        }
      }),
    );
  } catch (e) {
    summary.fatal = e instanceof Error ? e.message : String(e);
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    progress.stop();
    if (!opts.dryRun && (summary.blank > 0 || summary.loaded > 0)) state.save();
  }
  summary.seconds = (Date.now() - t0) / 1000;
  return summary;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * The human summary printed at the end of a run. A dry run's says what would be sent, never "loaded" or
 * "sent": nothing was.
 */
export function formatSummary(s: ImportSummary): string {
  const verb = s.dryRun
    ? 'checked (dry run, nothing sent)'
    : s.fatal
      ? 'STOPPED by an error'
      : s.interrupted
        ? 'stopped (interrupted)'
        : s.failed.length
          ? 'finished with failures'
          : 'done';
  const lines = [`kith ${s.mode}: ${verb} in ${formatDuration(s.seconds)}`];
  lines.push(`  file        ${s.file} (${s.format})`);
  if (s.unitLabel === 'lines') {
    // Parts that add up to the file's lines: a line loaded again is one of those loaded now (a new user
    // read `1 loaded now, …, 1 loaded again` as two lines of a 5-line file adding up to 6).
    const parts = [
      s.dryRun
        ? `${fmt(s.loaded)} would be sent`
        : `${fmt(s.loaded)} loaded now${s.reloaded ? ` (${fmt(s.reloaded)} of them loaded again: no longer on the server)` : ''}`,
    ];
    if (s.alreadyDone) parts.push(`${fmt(s.alreadyDone)} already loaded before (skipped)`);
    if (s.blank) parts.push(`${fmt(s.blank)} blank`);
    if (s.failed.length) parts.push(s.dryRun ? `${fmt(s.failed.length)} would be refused` : `${fmt(s.failed.length)} failed`);
    const pending = s.units - s.loaded - s.alreadyDone - s.blank - s.failed.length;
    if (pending > 0) parts.push(`${fmt(pending)} ${s.dryRun ? 'not checked' : 'not loaded yet'}`);
    lines.push(`  lines       ${fmt(s.units)}: ${parts.join(', ')}`);
  } else {
    const state = s.alreadyDone
      ? 'already loaded before (skipped)'
      : s.dryRun
        ? s.loaded
          ? 'would be sent'
          : 'would be refused'
        : s.loaded
          ? s.reloaded
            ? 'loaded again (it was no longer on the server)'
            : 'loaded'
          : s.failed.length
            ? 'failed'
            : 'not fully loaded yet';
    lines.push(
      `  book        ${state}${s.skippedRecords ? `; ${fmt(s.skippedRecords)} unreadable or empty records (sent as they are: Kith counts each and leaves it out as nothing_to_invite)` : ''}`,
    );
    for (const w of s.fileWarnings) lines.push(`  warning     ${w}`);
  }
  const rate = s.seconds > 0 ? ` (${fmt(Math.round(s.entries / s.seconds))} entries/s)` : '';
  if (s.dryRun) lines.push(`  would send  ${fmt(s.entries)} entries in ${fmt(s.batches)} batches`);
  else lines.push(`  sent        ${fmt(s.entries)} entries in ${fmt(s.batches)} batches${rate}${s.retries ? `, ${fmt(s.retries)} retries` : ''}`);
  if (s.mode === 'import' && s.rankedContacts) lines.push(`  ranked      ${fmt(s.rankedContacts)} contacts after cleaning and merging`);
  if (!s.dryRun) lines.push(`  progress    ${s.statePath}${s.resumed ? ' (resumed)' : ''}`);
  if (s.fatal) lines.push(`  error       ${s.fatal}`);
  if (s.failed.length) {
    const what = s.dryRun ? 'what the server would refuse' : 'a rerun retries them';
    lines.push(`  failures (first ${Math.min(10, s.failed.length)} of ${s.failed.length}; ${what}):`);
    for (const f of s.failed.slice(0, 10)) lines.push(`    ${f.why}`);
  }
  if (s.interrupted && !s.fatal) lines.push('  Run the same command again to load the rest; what was loaded is skipped.');
  return lines.join('\n');
}
