/**
 * The HTTP mode of the evaluation: a real server (buildApp, listening on 127.0.0.1, random port) over
 * a temp SQLite file (or DATABASE_URL), one fresh app and key per run and cutoff. Books are loaded with
 * POST /v0/address-book (backfill=1), then every user's list is read with GET /v0/address-book/:user_id.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createApiKey } from '../../src/services/keys.ts';
import { openStorage } from '../../src/storage/index.ts';
import type { Storage } from '../../src/storage/types.ts';
import type { EvalBook } from './dataset.ts';
import type { Ranker } from './evaluate.ts';

/** Uploads in flight at once: enough to overlap HTTP and SQLite, small enough for a 2-core machine. */
const CONCURRENCY = 4;

interface WireRow {
  email: string | null;
  emails: string[];
  score: number;
  rank: number;
  explain?: Record<string, number>;
}

async function call(base: string, key: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Runs `fn` over `items` with at most `n` in flight, in order of start. */
async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
}

/**
 * A real server of the evaluations (buildApp on 127.0.0.1, a random port) over a temp SQLite file, or
 * DATABASE_URL when set; `close` stops it and removes the temp file.
 */
export async function startEvalServer(): Promise<{ base: string; storage: Storage; usesDatabaseUrl: boolean; close(): Promise<void> }> {
  const given = process.env.DATABASE_URL?.trim();
  const dir = given ? null : mkdtempSync(join(tmpdir(), 'kith-eval-'));
  const databaseUrl = given || `sqlite:${join(dir!, 'eval.db')}`;
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', KITH_RATE_LIMIT: '0' });
  const storage = await openStorage(databaseUrl);
  await storage.migrateUp();
  const app = await buildApp({ config, storage });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('server did not report a TCP address');
  return {
    base: `http://127.0.0.1:${addr.port}`,
    storage,
    usesDatabaseUrl: !!given,
    async close() {
      await app.close();
      await storage.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the server; `ranker` loads each cutoff into a fresh app and reads the rankings back. */
export async function startHttpRanker(opts: { explain?: boolean } = {}): Promise<{ ranker: Ranker; close(): Promise<void> }> {
  const { base, storage, close } = await startEvalServer();

  const ranker: Ranker = async (books: EvalBook[], label: string) => {
    const { key } = await createApiKey(storage, { app: `eval-${label}-${randomBytes(4).toString('hex')}`, env: 'test' });
    const uploads = books.flatMap((b) => b.uploads.map((u) => ({ user: b.user_id, u })));
    await pool(uploads, CONCURRENCY, async ({ user, u }) => {
      await call(base, key, 'POST', '/v0/address-book', { user_id: user, source: u.source, entries: u.entries, backfill: 1 });
    });
    // The cross-user signals (knownBy, reciprocal) come from the key index, written after the
    // acknowledgment: every book is ranked with all the others indexed, as before issue #13.
    await storage.flushIndex();
    const out = new Map<string, string[][]>();
    await pool(books, CONCURRENCY, async (b) => {
      const q = opts.explain ? '?explain=1' : '';
      const res = (await call(base, key, 'GET', `/v0/address-book/${encodeURIComponent(b.user_id)}${q}`)) as { data: WireRow[] };
      if (opts.explain && b === books[0]) {
        // One example per cutoff: the top rows with their per-signal contributions (explain=1).
        console.log(`explain=1, ${label}, user ${b.user_id}, top 3:`);
        for (const r of res.data.slice(0, 3)) console.log(`  #${r.rank} ${r.email} score ${r.score}`, JSON.stringify(r.explain));
      }
      out.set(
        b.user_id,
        res.data.map((r) => (r.emails ?? (r.email ? [r.email] : [])).map((e) => e.trim().toLowerCase())),
      );
    });
    return out;
  };

  return { ranker, close };
}
