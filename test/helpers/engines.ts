/**
 * Test databases for both engines, so storage and API suites can run the same tests on each:
 *
 *   import { ENGINES, engineSkip, makeTestStorage } from '../helpers/engines.ts';
 *   for (const engine of ENGINES) {
 *     describe(`thing on ${engine}`, { skip: await engineSkip(engine) }, () => {
 *       it('works', async () => {
 *         const { storage, url, cleanup } = await makeTestStorage(engine); // migrated, empty, private
 *         try { ... } finally { await cleanup(); }
 *       });
 *     });
 *   }
 *
 * or `await withStorage(engine, async (storage, url) => { ... })`, which cleans up by itself.
 * `url` is a DATABASE_URL for the same database, e.g. to start the app with openStorage(url).
 *
 * SQLite: a fresh file in a fresh folder under os.tmpdir(). PostgreSQL: a fresh schema with a random
 * name in KITH_TEST_PG_URL (default postgres://127.0.0.1:5432/test), dropped by cleanup(). When
 * PostgreSQL is unreachable, engineSkip('postgres') returns a reason (node:test then reports the tests
 * as skipped) and a warning goes to stderr: the suite never passes silently without it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../src/config.ts';
import { openStorage } from '../../src/storage/index.ts';
import type { Storage } from '../../src/storage/types.ts';
import { countSkip } from './skip.ts';

export const ENGINES = ['sqlite', 'postgres', 'citus'] as const;
export type EngineName = (typeof ENGINES)[number];

/** The PostgreSQL database the tests use (trust auth on 127.0.0.1 by default). */
export const PG_TEST_URL = process.env.KITH_TEST_PG_URL || 'postgres://127.0.0.1:5432/test';
/**
 * The Citus coordinator the tests use: scripts/citus-cluster.sh start (one coordinator, two workers).
 * Each test gets a fresh schema there, as on PostgreSQL: Citus distributes tables of any schema, and
 * drops their shards with the schema.
 */
export const CITUS_TEST_URL = process.env.KITH_TEST_CITUS_URL || 'postgres://postgres@127.0.0.1:9700/kith';

/**
 * How long to wait for PostgreSQL before declaring it unreachable (ms). Generous on purpose: a server
 * that is not running refuses at once, and a busy machine (tests in parallel) can take seconds to
 * accept a connection; a short timeout here silently turned real runs into skips.
 */
const PG_PROBE_TIMEOUT_MS = 10_000;

const probes = new Map<string, Promise<boolean>>();
const warned = new Set<EngineName>();

/** Whether `url` accepts connections and `check` (SQL returning one row) answers a row: probed once per process. */
function probe(url: string, check: string): Promise<boolean> {
  let p = probes.get(url);
  if (p === undefined) {
    p = (async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PG_PROBE_TIMEOUT_MS });
      try {
        await client.connect();
        return ((await client.query(check)).rowCount ?? 0) > 0;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => {});
      }
    })();
    probes.set(url, p);
  }
  return p;
}

/** Whether PG_TEST_URL accepts connections (probed once per process). */
export function pgAvailable(): Promise<boolean> {
  return probe(PG_TEST_URL, 'select 1');
}

/** Whether CITUS_TEST_URL accepts connections and runs Citus with at least one worker. */
export function citusAvailable(): Promise<boolean> {
  return probe(
    CITUS_TEST_URL,
    "select 1 from pg_extension where extname = 'citus' and exists (select 1 from pg_dist_node where noderole = 'primary' and groupid > 0)",
  );
}

/** The database URL the tests of a PostgreSQL-protocol engine use. */
export function baseUrlOf(engine: Exclude<EngineName, 'sqlite'>): string {
  return engine === 'citus' ? CITUS_TEST_URL : PG_TEST_URL;
}

/**
 * `false` when `engine` can run here, else a skip reason for node:test (and a warning on stderr). Call
 * it at the top level of a test file, where it is used: a skip also registers one skipped test there
 * (helpers/skip.ts), so the runner's summary counts the suite as skipped.
 */
export async function engineSkip(engine: EngineName): Promise<string | false> {
  if (engine === 'sqlite') return false;
  if (engine === 'postgres' && (await pgAvailable())) return false;
  if (engine === 'citus' && (await citusAvailable())) return false;
  const reason =
    engine === 'postgres'
      ? `PostgreSQL not reachable at ${PG_TEST_URL} (set KITH_TEST_PG_URL): postgres tests SKIPPED`
      : `Citus not reachable at ${CITUS_TEST_URL} (start it: scripts/citus-cluster.sh start; or set KITH_TEST_CITUS_URL): citus tests SKIPPED`;
  if (!warned.has(engine)) {
    warned.add(engine);
    process.stderr.write(`\n*** WARNING: ${reason} ***\n\n`);
  }
  return countSkip('PostgreSQL tests', reason);
}

/**
 * A DATABASE_URL naming a fresh, randomly named schema in the database at `baseUrl` (created by
 * openStorage on first use), and a function that drops it. Tests and scripts isolate themselves with it.
 */
export function freshPgSchema(baseUrl: string, prefix: string): { url: string; drop: () => Promise<void> } {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const u = new URL(baseUrl);
  u.searchParams.set('schema', schema);
  return {
    url: u.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TestStorage {
  storage: Storage;
  /** DATABASE_URL of this very database (sqlite:<file> or postgres://...?schema=<name>). */
  url: string;
  /** Closes the storage and deletes the database (file or schema). Safe to call twice. */
  cleanup: () => Promise<void>;
}

/** A fresh, private database on `engine`; migrated unless `{ migrate: false }`. */
export async function makeTestStorage(engine: EngineName, opts: { migrate?: boolean } = {}): Promise<TestStorage> {
  let url: string;
  let drop: () => Promise<void>;
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'kith-test-'));
    url = `sqlite:${join(dir, 'kith.db')}`;
    drop = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    ({ url, drop } = freshPgSchema(baseUrlOf(engine), 'kith_t'));
  }
  // KITH_CITUS_SHARD_COUNT applies to the test and bench databases too (e.g. to compare shard counts).
  const storage = await openStorage(url, { citusShardCount: loadConfig({ KITH_CITUS_SHARD_COUNT: process.env.KITH_CITUS_SHARD_COUNT }).citusShardCount });
  let done = false;
  const cleanup = async (): Promise<void> => {
    if (done) return;
    done = true;
    await storage.close().catch(() => {});
    await drop();
  };
  try {
    if (opts.migrate !== false) await storage.migrateUp();
  } catch (e) {
    await cleanup();
    throw e;
  }
  return { storage, url, cleanup };
}

/** Runs `fn` with a fresh migrated database on `engine`, and always cleans up. */
export async function withStorage<T>(engine: EngineName, fn: (storage: Storage, url: string) => Promise<T>): Promise<T> {
  const { storage, url, cleanup } = await makeTestStorage(engine);
  try {
    return await fn(storage, url);
  } finally {
    await cleanup();
  }
}
