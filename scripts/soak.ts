/**
 * Soak test: mixed traffic against a real server on loopback, with figures.
 *
 *   npx tsx scripts/soak.ts [--seconds 60] [--concurrency 16] [--engine sqlite|postgres] [--redis]
 *
 * Starts the server as a child process on a fresh database (SQLite temp file, or a fresh PostgreSQL
 * schema at KITH_TEST_PG_URL), with per-key rate limiting on (in memory, or in Redis at
 * KITH_TEST_REDIS_URL with --redis) and a budget high enough never to refuse, so the limiter is on the
 * hot path. `concurrency` clients then send, for `seconds`: small uploads with the ranked answer,
 * backfill uploads, GETs, DELETEs, invites sent and accepted, users, suggested-seen and key checks.
 *
 * Prints throughput, latency percentiles (overall and per kind), answers by status, and the server's
 * RSS at start, middle and end. Exits 1 on any 5xx or transport error, 2 on a set-up failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createApiKey } from '../src/services/keys.ts';
import { openStorage } from '../src/storage/index.ts';
import { freshPgSchema } from '../test/helpers/engines.ts';
import { freePort } from '../test/helpers/free-port.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '16' },
    engine: { type: 'string', default: 'sqlite' },
    redis: { type: 'boolean', default: false },
    timeline: { type: 'boolean', default: false },
  },
});
const SECONDS = Number(args.seconds);
const CONCURRENCY = Number(args.concurrency);
if (!(SECONDS > 0) || !(CONCURRENCY > 0)) {
  console.error('usage: soak.ts [--seconds N] [--concurrency N] [--engine sqlite|postgres] [--redis]');
  process.exit(2);
}
const PG_URL = process.env.KITH_TEST_PG_URL || 'postgres://127.0.0.1:5432/test';
const REDIS_URL = process.env.KITH_TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const ROOT = resolve(import.meta.dirname, '..');
/** Users the traffic spreads over; the first PRELOADED have a book before the clock starts. */
const USERS = 200;
const PRELOADED = 50;
/** How often the server's RSS is sampled (ms). */
const RSS_SAMPLE_MS = 1000;

/** The server process itself (not an npx wrapper), so its RSS is the server's. */
async function startServer(env: Record<string, string>, logPath: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const log = createWriteStream(logPath, { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} (log: ${logPath})`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready (log: ${logPath})`);
}

/** Resident set size of a process in MiB (Linux /proc), or NaN elsewhere. */
function rssMiB(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

let seq = 0;
const rnd = (n: number) => Math.floor(Math.random() * n);
const userId = () => `soak-u${rnd(USERS)}`;
const entries = (n: number) =>
  Array.from({ length: n }, () => {
    const i = seq++;
    return {
      name: `Soak Person ${i}`,
      emails: [`person${i % 5000}@example.com`],
      phones: [`+1415555${String(i % 10000).padStart(4, '0')}`],
      times_contacted: i % 9,
    };
  });

/** The traffic mix: kind, weight, and how to build the request. */
const MIX: { kind: string; weight: number; make: () => { method: string; path: string; body?: unknown } }[] = [
  {
    kind: 'POST upload (10, ranked)',
    weight: 30,
    make: () => ({
      method: 'POST',
      path: '/v0/address-book',
      body: { user_id: userId(), source: { type: 'ios', email: 'owner@acme.example' }, entries: entries(10), limit: 25 },
    }),
  },
  {
    kind: 'POST backfill (100)',
    weight: 8,
    make: () => ({ method: 'POST', path: '/v0/address-book', body: { user_id: userId(), source: { type: 'gmail' }, entries: entries(100), backfill: 1 } }),
  },
  { kind: 'GET book', weight: 30, make: () => ({ method: 'GET', path: `/v0/address-book/soak-u${rnd(PRELOADED)}?limit=20&filter_invites_sent=1` }) },
  { kind: 'DELETE book', weight: 2, make: () => ({ method: 'DELETE', path: `/v0/address-book/soak-u${PRELOADED + rnd(USERS - PRELOADED)}` }) },
  {
    kind: 'POST invites-sent',
    weight: 10,
    make: () => ({ method: 'POST', path: '/v0/invites-sent', body: { entries: [{ user_id: userId(), email: `person${rnd(5000)}@example.com` }] } }),
  },
  {
    kind: 'POST invites-accepted',
    weight: 6,
    make: () => ({ method: 'POST', path: '/invites-accepted', body: [{ email: `person${rnd(5000)}@example.com`, new_user_id: rnd(1e6) }] }),
  },
  {
    kind: 'POST suggested-seen',
    weight: 5,
    make: () => ({ method: 'POST', path: '/v0/suggested-seen', body: { entries: [{ user_id: userId(), emails: [`person${rnd(5000)}@example.com`] }] } }),
  },
  { kind: 'POST users', weight: 4, make: () => ({ method: 'POST', path: '/v0/users', body: [{ id: rnd(1e6), email: `person${rnd(5000)}@example.com` }] }) },
  { kind: 'GET test', weight: 5, make: () => ({ method: 'GET', path: '/v0/test' }) },
];
const TOTAL_WEIGHT = MIX.reduce((s, m) => s + m.weight, 0);
function pick() {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const m of MIX) if ((r -= m.weight) < 0) return m;
  return MIX[0];
}

async function main(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'kith-soak-'));
  const logPath = join(dir, 'server.log');
  let url = `sqlite:${join(dir, 'kith.db')}`;
  let drop = async () => {};
  if (args.engine === 'postgres') {
    ({ url, drop } = freshPgSchema(PG_URL, 'kith_soak'));
  } else if (args.engine !== 'sqlite') throw new Error('--engine must be sqlite or postgres');

  const storage = await openStorage(url);
  await storage.migrateUp();
  const { key } = await createApiKey(storage, { app: 'soak', env: 'live' });
  await storage.close();

  const env: Record<string, string> = { DATABASE_URL: url, KITH_RATE_LIMIT: '100000000', KITH_RATE_LIMIT_WINDOW_MS: '60000' };
  if (args.redis) env.REDIS_URL = REDIS_URL;
  const { child, base } = await startServer(env, logPath);
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  try {
    for (let u = 0; u < PRELOADED; u++) {
      const res = await fetch(`${base}/v0/address-book`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ user_id: `soak-u${u}`, source: { type: 'ios' }, entries: entries(50), backfill: 1 }),
      });
      if (res.status !== 200) throw new Error(`preload answered ${res.status}: ${await res.text()}`);
    }
    console.log(
      `soak: ${SECONDS} s, ${CONCURRENCY} clients, ${args.engine}${args.redis ? ', rate limiter in Redis' : ', rate limiter in memory'}, server pid ${child.pid}`,
    );

    const latencies = new Map<string, number[]>(MIX.map((m) => [m.kind, []]));
    const statuses = new Map<number, number>();
    const transportErrors = new Map<string, number>();
    const rss: { t: number; mib: number }[] = [];
    const t0 = performance.now();
    const deadline = t0 + SECONDS * 1000;
    const sampler = setInterval(() => rss.push({ t: (performance.now() - t0) / 1000, mib: rssMiB(child.pid ?? 0) }), RSS_SAMPLE_MS);
    rss.push({ t: 0, mib: rssMiB(child.pid ?? 0) });

    const worker = async () => {
      while (performance.now() < deadline) {
        const m = pick();
        const req = m.make();
        const start = performance.now();
        try {
          const res = await fetch(base + req.path, {
            method: req.method,
            headers: req.body === undefined ? { authorization: headers.authorization } : headers,
            body: req.body === undefined ? undefined : JSON.stringify(req.body),
          });
          await res.arrayBuffer();
          latencies.get(m.kind)!.push(performance.now() - start);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        } catch (e) {
          const name = e instanceof Error ? `${e.name}: ${(e.cause as Error | undefined)?.message ?? e.message}` : String(e);
          transportErrors.set(name, (transportErrors.get(name) ?? 0) + 1);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const elapsed = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    rss.push({ t: elapsed, mib: rssMiB(child.pid ?? 0) });

    const all = [...latencies.values()].flat().sort((a, b) => a - b);
    const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(1).padStart(8) : '       -');
    console.log(`\nrequests: ${all.length} in ${elapsed.toFixed(1)} s = ${(all.length / elapsed).toFixed(0)} req/s`);
    console.log(
      `latency ms:  p50 ${fmt(percentile(all, 50))}  p90 ${fmt(percentile(all, 90))}  p99 ${fmt(percentile(all, 99))}  max ${fmt(all[all.length - 1])}`,
    );
    console.log('\nper kind                     count      p50      p99      max');
    for (const m of MIX) {
      const l = latencies.get(m.kind)!.sort((a, b) => a - b);
      console.log(`  ${m.kind.padEnd(26)}${String(l.length).padStart(6)} ${fmt(percentile(l, 50))} ${fmt(percentile(l, 99))} ${fmt(l[l.length - 1])}`);
    }
    console.log(
      `\nby status: ${[...statuses.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}`,
    );
    const fiveXX = [...statuses.entries()].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
    const transport = [...transportErrors.values()].reduce((a, b) => a + b, 0);
    console.log(
      `5xx: ${fiveXX}; transport errors: ${transport}${transport ? ` (${[...transportErrors.entries()].map(([k, v]) => `${k} x${v}`).join('; ')})` : ''}`,
    );

    const at = (frac: number) => rss.reduce((best, s) => (Math.abs(s.t - frac * elapsed) < Math.abs(best.t - frac * elapsed) ? s : best), rss[0]);
    const [start, mid, end] = [at(0), at(0.5), at(1)];
    const peak = Math.max(...rss.map((s) => s.mib));
    if (args.timeline) {
      console.log(
        '\nserver RSS MiB every 10 s: ' +
          rss
            .filter((_x, i) => i % 10 === 0)
            .map((x) => x.mib.toFixed(0))
            .join(' '),
      );
    }
    console.log(
      `\nserver RSS MiB: start ${start.mib.toFixed(1)} (t=${start.t.toFixed(0)} s), middle ${mid.mib.toFixed(1)} (t=${mid.t.toFixed(0)} s), end ${end.mib.toFixed(1)} (t=${end.t.toFixed(0)} s), peak ${peak.toFixed(1)}`,
    );
    // Warm-up (JIT, caches, pools) happens in the first half; a leak shows as growth in the second.
    const growth = (end.mib - mid.mib) / mid.mib;
    console.log(`second-half RSS growth: ${(growth * 100).toFixed(1)}% -> ${growth < 0.15 ? 'flat' : 'GROWING (check for a leak; run longer to confirm)'}`);
    const exit = fiveXX > 0 || transport > 0 ? 1 : 0;
    console.log(exit ? '\nFAIL: 5xx or transport errors' : '\nPASS: zero 5xx, zero transport errors');
    if (exit) console.log(`server log: ${logPath}`);
    return exit;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    await drop().catch(() => {});
    if (!process.exitCode) rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(`soak: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  },
);
