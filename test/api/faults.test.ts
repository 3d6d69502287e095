/**
 * Faults (issue #13): a Citus worker stopped, and a single PostgreSQL server restarted, under a real Kith
 * server process. While a node is down every request answers 200 or 503 with Retry-After (never a 500,
 * never a hang), requests that do not need the node keep working; once it is back Kith serves again
 * without a restart, and nothing acknowledged is lost (books and key index complete). A server started
 * while a Citus worker is down starts and serves the books it can reach.
 *
 * Both use servers of their own, never the shared ones: a private Citus cluster (scripts/citus-cluster.sh
 * start on its own folder and ports; KITH_CITUS_CLUSTER_SH names another script) and a private PostgreSQL
 * (initdb into a temporary folder, as that script does). Skipped (counted) when the Citus extension,
 * PostgreSQL's binaries or root (to run them as the postgres user) are missing.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEFAULT_WEIGHTS } from '../../src/domain/rank/index.ts';
import { createApiKey } from '../../src/services/keys.ts';
import { openStorage } from '../../src/storage/index.ts';
import { tenantOf } from '../../src/storage/types.ts';
import { freshPgSchema } from '../helpers/engines.ts';
import { freePort } from '../helpers/free-port.ts';
import { call, startServerProcess, stopServerProcess, type ServerProcess } from '../helpers/server-process.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const CLUSTER_SH = process.env.KITH_CITUS_CLUSTER_SH || join(ROOT, 'scripts/citus-cluster.sh');
const CITUS_DIR = join(tmpdir(), 'kith-citus-faults');
const CITUS_PORT = 9710;
/** The longest any one request may take while a node is down (ms): an answer, never a hang. */
const MAX_REQUEST_MS = 15_000;
/** How long Kith may take to serve again once the node is back (ms), without a restart. */
const RECOVERY_MS = 60_000;
const DEFAULT_USERS = 12;

const isRoot = process.getuid?.() === 0;
const pgBin = (() => {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const v = readdirSync(base)
    .filter((d) => existsSync(join(base, d, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  return v === undefined ? null : join(base, v, 'bin');
})();

const citusSkip = !isRoot
  ? 'needs root (to run the cluster as the postgres user)'
  : !existsSync(CLUSTER_SH)
    ? `${CLUSTER_SH} not found: Citus fault tests SKIPPED`
    : pgBin === null || !(existsSync(join(pgBin, '../lib/citus.so')) || (process.env.CITUS_TARBALL && existsSync(process.env.CITUS_TARBALL)))
      ? 'the Citus extension is not installed (nor CITUS_TARBALL): Citus fault tests SKIPPED'
      : false;
const pgSkip = !isRoot
  ? 'needs root (to run a private PostgreSQL as the postgres user)'
  : pgBin === null
    ? 'PostgreSQL binaries not found: restart test SKIPPED'
    : false;
for (const reason of [citusSkip, pgSkip]) if (reason) process.stderr.write(`\n*** WARNING: ${reason} ***\n\n`);

const asPostgres = (cmd: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });

/** Entries of upload `n` of `user`: people of its own, so a book's size is the sum of its uploads. */
const entriesOf = (user: string, n: number, size: number) =>
  Array.from({ length: size }, (_, j) => ({ name: `P ${user} ${n} ${j}`, email: `p${j}.u${n}.${user}@example.com` }));

/**
 * The scenario on `baseUrl`: books for USERS users, `stop()`, every request 200 or 503 (+ Retry-After)
 * in bounded time, `start()`, then everything acknowledged is there. Returns the statuses seen meanwhile.
 */
async function outage(
  baseUrl: string,
  stop: () => void,
  start: () => void,
  opts: { crossUserWeights?: boolean; startAnother?: boolean; users?: number; env?: Record<string, string>; meanwhile?: (base: string) => Promise<void> } = {},
): Promise<{ during: number[]; reads: number[]; warned: number; readsAfter: { status: number; warned: boolean }[]; anotherStarted?: boolean }> {
  const { url, drop } = freshPgSchema(baseUrl, 'kith_fault');
  const storage = await openStorage(url);
  let server: ServerProcess | undefined;
  try {
    await storage.migrateUp();
    const { key, appId } = await createApiKey(storage, { app: 'faults', env: 'live' });
    // Learned weights that use other users' books: every ranking then reads the key index, spread over
    // every worker (distributed by key), and goes on without it, saying so, while a worker is down.
    if (opts.crossUserWeights) await storage.saveWeights(tenantOf(appId, 'live'), { weights: { ...DEFAULT_WEIGHTS, known_by: 1 }, samples: 100, trainedAt: 1 });
    server = await startServerProcess(url, { KITH_WORKERS: '1', ...opts.env });
    const USERS = opts.users ?? DEFAULT_USERS;
    const acked = new Map<string, number>(); // user -> entries acknowledged
    const sent = new Map<string, number>(); // user -> entries sent (a 503 may still have stored an upload whose answer failed)
    for (let u = 0; u < USERS; u++) {
      const r = await call(server.base, 'POST', '/v0/address-book', key, { user_id: `u${u}`, source: {}, entries: entriesOf(`u${u}`, 0, 20) });
      assert.equal(r.status, 200, r.text);
      acked.set(`u${u}`, 20);
      sent.set(`u${u}`, 20);
    }
    await storage.flushIndex();

    stop();
    const during: number[] = [];
    const reads: number[] = []; // the plain GETs' statuses
    let warned = 0; // 200 reads that say they were ranked without other users' books
    let anotherStarted: boolean | undefined;
    const timed = async (method: string, path: string, body?: unknown) => {
      const t0 = Date.now();
      const r = await call(server!.base, method, path, key, body);
      const ms = Date.now() - t0;
      assert.ok(ms < MAX_REQUEST_MS, `${method} ${path} took ${ms} ms`);
      assert.ok(r.status === 200 || r.status === 503, `${method} ${path}: ${r.status} ${r.text.slice(0, 300)}`);
      if (r.status === 503) {
        assert.match(String(r.headers['retry-after']), /^[1-9]\d*$/, 'Retry-After: whole seconds');
        assert.equal(r.body.code, 'service_unavailable');
      }
      during.push(r.status);
      return r;
    };
    try {
      assert.equal((await call(server.base, 'GET', '/healthz', '')).status, 200, 'the process stays up');
      await opts.meanwhile?.(server.base);
      for (let u = 0; u < USERS; u++) {
        const user = `u${u}`;
        // Backfill (the write alone), a ranked upload, a read of the book: each 200 or 503.
        sent.set(user, sent.get(user)! + 8);
        if ((await timed('POST', '/v0/address-book', { user_id: user, source: {}, entries: entriesOf(user, 1, 5), backfill: 1 })).status === 200)
          acked.set(user, acked.get(user)! + 5);
        if ((await timed('POST', '/v0/address-book', { user_id: user, source: {}, entries: entriesOf(user, 2, 3) })).status === 200)
          acked.set(user, acked.get(user)! + 3);
        const read = await timed('GET', `/v0/address-book/${user}`);
        reads.push(read.status);
        if (read.status === 200 && (read.body.meta.warnings ?? []).some((w: { field: string }) => w.field === 'weights')) warned++;
      }
      await timed('GET', '/v0/test');
      if (opts.startAnother) {
        // A server started while the node is down (a crash restarted, a server added) on the schema already
        // there serves what it can: it could not start before (its start-up's `create schema if not
        // exists` went on to every worker), and exited after KITH_DB_WAIT_SECONDS.
        const another = await startServerProcess(url, { KITH_WORKERS: '1', KITH_DB_WAIT_SECONDS: '30' });
        try {
          const statuses: number[] = [];
          for (let u = 0; u < USERS; u++) statuses.push((await call(another.base, 'GET', `/v0/address-book/u${u}`, key)).status);
          assert.ok(
            statuses.includes(200) && statuses.every((st) => st === 200 || st === 503),
            `reads through a server started during the outage: ${statuses.join(' ')}`,
          );
          anotherStarted = true;
        } finally {
          await stopServerProcess(another);
        }
      }
    } finally {
      start();
    }

    // Back without a restart: every book answers again, with everything acknowledged.
    const deadline = Date.now() + RECOVERY_MS;
    for (const [user, n] of acked) {
      for (;;) {
        const r = await call(server.base, 'GET', `/v0/address-book/${user}`, key);
        if (r.status === 200) {
          const total = r.body.meta.total_count as number;
          assert.ok(total >= n, `${user}: every acknowledged entry is there (${total} of ${n})`);
          assert.ok(total <= sent.get(user)!, `${user}: nothing that was not sent (${total} > ${sent.get(user)})`);
          break;
        }
        assert.equal(r.status, 503, r.text);
        assert.ok(Date.now() < deadline, `${user} still unavailable ${RECOVERY_MS} ms after the node came back`);
        await new Promise((res) => setTimeout(res, 200));
      }
    }
    await storage.flushIndex(60_000); // the index work the outage held up completes
    const readsAfter: { status: number; warned: boolean }[] = [];
    for (const user of acked.keys()) {
      const r = await call(server.base, 'GET', `/v0/address-book/${user}`, key);
      readsAfter.push({ status: r.status, warned: (r.body?.meta?.warnings ?? []).some((w: { field: string }) => w.field === 'weights') });
    }
    return { during, reads, warned, readsAfter, anotherStarted };
  } catch (e) {
    // The server's own account of what happened (it logs no personal data) beside the failure.
    if (server !== undefined)
      (e as Error).message += `\n--- server output (exit ${server.child.exitCode}, signal ${server.child.signalCode}):\n${server.output.join('').slice(-3000)}`;
    throw e;
  } finally {
    await stopServerProcess(server);
    await storage.close().catch(() => {});
    await drop().catch(() => {});
  }
}

describe('faults: a Citus worker stopped', { skip: citusSkip }, () => {
  after(() => {
    execFileSync('bash', [CLUSTER_SH, 'stop', CITUS_DIR], { stdio: 'pipe' });
  });
  it('answers 200 or 503 + Retry-After while worker 1 is down, serves again when it is back, loses nothing acknowledged', async () => {
    const base = execFileSync('bash', [CLUSTER_SH, 'start', CITUS_DIR, String(CITUS_PORT)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop()!;
    const { during, reads, anotherStarted } = await outage(
      base,
      () => execFileSync('bash', [CLUSTER_SH, 'stop-worker', '1', CITUS_DIR], { stdio: 'pipe' }),
      () => execFileSync('bash', [CLUSTER_SH, 'start-worker', '1', CITUS_DIR], { stdio: 'pipe' }),
      { startAnother: true },
    );
    assert.equal(anotherStarted, true, 'a server starts and serves while a worker is down');
    assert.ok(during.includes(503), 'requests that need the stopped worker answer 503');
    assert.ok(during.includes(200), 'requests that do not need it keep working');
    // A plain read needs only its book's worker (no other book or record is read for it): the books on
    // the other worker are read, those on the stopped one are not (12 users hash onto both).
    assert.ok(reads.includes(200) && reads.includes(503), `reads: ${reads.join(' ')}`);
  });

  it("with learned weights that use other users' books, a read whose book is up ranks without them and says so; not once the worker is back", async () => {
    const base = execFileSync('bash', [CLUSTER_SH, 'start', CITUS_DIR, String(CITUS_PORT)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop()!;
    const { reads, warned, readsAfter } = await outage(
      base,
      () => execFileSync('bash', [CLUSTER_SH, 'stop-worker', '1', CITUS_DIR], { stdio: 'pipe' }),
      () => execFileSync('bash', [CLUSTER_SH, 'start-worker', '1', CITUS_DIR], { stdio: 'pipe' }),
      { crossUserWeights: true },
    );
    // Before, every read needed the key index on both workers: all 503 while one was down.
    assert.ok(reads.includes(200), `reads: ${reads.join(' ')}`);
    assert.equal(warned, reads.filter((s) => s === 200).length, 'every read made without them says so');
    assert.ok(
      readsAfter.every((r) => r.status === 200 && !r.warned),
      JSON.stringify(readsAfter),
    );
  });
});

/**
 * A private PostgreSQL (initdb into a temporary folder, run as the postgres user): its URL, its data
 * folder, `start()` (again after a stop), and `remove()` (stopped at once, folder deleted).
 */
async function privatePostgres(
  prefix: string,
): Promise<{ base: string; data: string; ctl: (...args: string[]) => Buffer; start: () => void; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const ctl = (...args: string[]) => asPostgres(join(pgBin!, 'pg_ctl'), ['-D', data, ...args]);
  const start = () =>
    void ctl('-o', `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir}`, '-l', join(dir, 'server.log'), '-w', 'start');
  asPostgres(join(pgBin!, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  start();
  const remove = () => {
    try {
      ctl('-m', 'immediate', 'stop');
    } catch {
      /* not running */
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { base: `postgres://postgres@127.0.0.1:${port}/postgres`, data, ctl, start, remove };
}

describe('faults: a PostgreSQL server that hangs (frozen, not down)', { skip: pgSkip }, () => {
  it('answers 503 + Retry-After within the query deadline, /readyz says not ready at once, and serves again when it resumes', async () => {
    const pgServer = await privatePostgres('kith-pg-freeze-');
    const { data } = pgServer;
    // The postmaster and every process it started: SIGSTOP freezes them as a hung host or a network
    // black hole would (connections stay open, nothing answers); SIGCONT resumes them.
    const processes = () => {
      const postmaster = readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim();
      const children = execFileSync('pgrep', ['-P', postmaster]).toString().split(/\s+/).filter(Boolean);
      return [postmaster, ...children];
    };
    let frozen: string[] = [];
    const signal = (sig: string, pids: string[]) => {
      if (pids.length > 0) execFileSync('kill', [`-${sig}`, ...pids]);
    };
    try {
      const { during } = await outage(
        pgServer.base,
        () => {
          frozen = processes();
          signal('STOP', frozen);
        },
        () => {
          signal('CONT', frozen);
          frozen = [];
        },
        {
          users: 3,
          env: { KITH_DB_QUERY_TIMEOUT_MS: '3000' },
          // A load balancer's readiness check answers at once: not ready, rather than no answer.
          meanwhile: async (kith) => {
            const t0 = Date.now();
            const r = await call(kith, 'GET', '/readyz', '');
            assert.equal(r.status, 503, r.text);
            assert.ok(Date.now() - t0 < 5_000, `/readyz took ${Date.now() - t0} ms`);
          },
        },
      );
      assert.ok(during.includes(503), 'requests answer 503 while the database hangs');
    } finally {
      signal('CONT', frozen);
      pgServer.remove();
    }
  });
});

describe('faults: a single PostgreSQL server restarts', { skip: pgSkip }, () => {
  it('answers 503 + Retry-After while it is down, serves again when it is back, loses nothing acknowledged', async () => {
    const pgServer = await privatePostgres('kith-pg-restart-');
    try {
      const { during } = await outage(
        pgServer.base,
        () => void pgServer.ctl('-m', 'immediate', 'stop'), // a crash: connections cut, no clean shutdown
        pgServer.start,
      );
      assert.ok(during.includes(503), 'requests answer 503 while the database is down');
    } finally {
      pgServer.remove();
    }
  });
});
