/**
 * `npm run bench [-- --quick] [-- --engine sqlite|postgres]`: speed of the real service, over HTTP, on
 * SQLite and on PostgreSQL.
 *
 * The server runs as a child process (`node --import tsx src/server.ts`), exactly as `npm start` runs it,
 * on a fresh private database (temp SQLite file, throw-away Postgres schema); this process only sends
 * requests, so the latency figures include nothing of the client's own work. Books come from
 * bench/gen.ts (seeded: every run sends the same bytes).
 *
 * The machine is shared and noisy, so every figure is printed beside a floor measured in the same run
 * on the same body (the median of 5 measurements), and the ratio to it. floor(body) = JSON.parse of the
 * body text + JSON.stringify of the parsed body + a raw insert of the same rows through a prepared
 * statement (one row per entry: user id, index, name, first e-mail, first phone; SQLite: better-sqlite3
 * in one transaction, as the server's connection is set up; Postgres: one prepared
 * `insert ... select from unnest(...)`).
 *
 * Every engine's figures follow a warm-up of one request stream per worker of the server, at once (the
 * pool spreads them), 15 rounds each: steady state, every worker's JIT warm. A warm-up one request at a
 * time reached only part of the workers' code and made the figures depend on how the pool picks workers.
 *
 * Printed per engine:
 *   - the first two 1,000-entry POSTs after the server starts (before any warm-up: what a deploy meets);
 *   - for books of 100, 1,000 and 10,000 entries: POST for a new user (ranked answer), POST merging a
 *     second source into that book (ranked answer), GET of the book: medians, floor, ratio;
 *   - backfill: contacts per second over many users (backfill=1, 4 requests in flight), beside the floor's rate,
 *     started once the index work of the requests before it is done (the time that took is printed);
 *   - peak memory (VmHWM of the server process) for a 10,000- and a 50,000-entry book, and under
 *     concurrent 50,000-entry uploads;
 *   - p50/p99/max of small GETs (a 100-entry book, plain and with the record filters) while a 50,000-entry upload is processed, and idle;
 *   - the index lag (bench/index-lag.ts): acknowledgment to key index written, p50/p99 over the
 *     backfill's uploads, and for the 50,000-entry upload.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '../src/services/keys.ts';
import { ENGINES, engineSkip, makeTestStorage, type EngineName } from '../test/helpers/engines.ts';
import { floorOf, rawInsertFor } from './floor.ts';
import { closeAgent, request, type Res } from './http.ts';
import { startLagProbe, waitForIndexQueue } from './index-lag.ts';
import { cpuSeconds, localNodes, processCpuSeconds } from './node-cpu.ts';
import { makeBody, makeEntries } from './gen.ts';
import { freePort } from '../test/helpers/free-port.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
/** `--sizes-only`: the POST and GET rows by size, without backfill, small GETs and memory (a quick look while working). */
const SIZES_ONLY = args.includes('--sizes-only');
/** `--small-gets-only`: only the small GETs, idle and during a big upload, and the memory rows. */
const SMALL_GETS_ONLY = args.includes('--small-gets-only');
/** `--backfill-only`: only the backfill row (rate, index lag), after the same warm-up. */
const BACKFILL_ONLY = args.includes('--backfill-only');
const engineArg = args.includes('--engine') ? args[args.indexOf('--engine') + 1] : undefined;
/**
 * `--server-cpu-prof DIR`: the server runs with `--cpu-prof`, writing a V8 CPU profile of each of its
 * threads (event loop, book workers, writer and indexer threads) into DIR when it stops: where the time
 * of the measured requests goes (open them in Chrome's DevTools). The figures of such a run are slower.
 */
const SERVER_CPU_PROF = args.includes('--server-cpu-prof') ? args[args.indexOf('--server-cpu-prof') + 1] : undefined;
if (engineArg !== undefined && !(ENGINES as readonly string[]).includes(engineArg)) {
  console.error(`bench: --engine must be one of ${ENGINES.join(', ')}`);
  process.exit(2);
}

const SIZES = SMALL_GETS_ONLY || BACKFILL_ONLY ? [] : [100, 1_000, 10_000];
/** Repetitions per size (medians are printed): small requests are cheap, so more of them. */
const REPS: Record<number, number> = QUICK ? { 100: 5, 1_000: 3, 10_000: 2 } : { 100: 15, 1_000: 7, 10_000: 5 };
/** Backfill: users x entries each, requests in flight at once. */
const BACKFILL_USERS = QUICK ? 40 : 160;
const BACKFILL_ENTRIES = 250;
const BACKFILL_CONCURRENCY = 4;
/** Users of one "circle" share people (their books overlap, as friends' books do). */
const BACKFILL_CIRCLE = 8;
/** The big book of the memory and latency figures. */
const BIG = QUICK ? 20_000 : 50_000;
/** Concurrent big uploads for the "bounded under concurrency" memory figure. */
const CONCURRENT_BIG = QUICK ? 2 : 4;
/** Warm-up: request streams at once (one per worker of the server: its default is one per core) and rounds each. */
const WARM_STREAMS = Math.max(1, Number(process.env.KITH_WORKERS ?? availableParallelism()));
const WARM_ROUNDS = QUICK ? 6 : 15;
/** Measurements per floor (median), after one untimed run. */
const FLOOR_SAMPLES = 11;
/** Small GETs in flight at once during the big upload (a few clients polling). */
const PROBE_CONCURRENCY = 2;

// ------------------------------------------------------------------------------------------ helpers

async function ok(p: Promise<Res>, what: string): Promise<Res> {
  const r = await p;
  if (r.status !== 200) throw new Error(`${what}: HTTP ${r.status} ${r.text.slice(0, 300)}`);
  return r;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
}

const fmtMs = (ms: number): string => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0)).padStart(7) + ' ms';
const fmtX = (x: number): string => `${x.toFixed(1)}×`.padStart(7);

/** Peak resident memory of a process since the last reset (MiB), and the current one. */
function memOf(pid: number): { peak: number; rss: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peak: kb('VmHWM') / 1024, rss: kb('VmRSS') / 1024 };
}

/** Resets VmHWM to the current RSS (Linux: writing 5 to clear_refs). */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    /* not Linux, or not allowed: the peak then covers the whole life of the process */
  }
}

// ------------------------------------------------------------------------------------------- server

interface Server {
  base: string;
  key: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(engine: EngineName): Promise<{ server: Server; url: string; cleanup: () => Promise<void> }> {
  const db = await makeTestStorage(engine); // migrated, empty, private
  const { key } = await createApiKey(db.storage, { app: 'bench', env: 'live' });
  await db.storage.close();
  const port = await freePort();
  const profile = SERVER_CPU_PROF === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${SERVER_CPU_PROF}`];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', join(ROOT, 'src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await request(base, 'GET', '/readyz', key)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { server: { base, key, child, stop }, url: db.url, cleanup: db.cleanup };
}

// --------------------------------------------------------------------------------------------- runs

async function benchEngine(engine: EngineName): Promise<void> {
  const { server, url, cleanup } = await startServer(engine);
  const raw = await rawInsertFor(engine, url);
  const { base, key } = server;
  const post = (body: string, what: string) => ok(request(base, 'POST', '/v0/address-book', key, body), what);
  const get = (user: string, what: string, query = '') => ok(request(base, 'GET', `/v0/address-book/${encodeURIComponent(user)}${query}`, key), what);
  let floorSeq = 0;
  const floorOnce = (text: string) => floorOf(raw, text, `floor${floorSeq++}`);
  /**
   * The floor of one body: the median of FLOOR_SAMPLES measurements, after one untimed run. A single one
   * swings by 50 % or more (a WAL checkpoint of the floor's own database, a GC of this process), which a
   * ratio would carry; with 5 samples and no untimed run, the 1k floor still read 3.5 ms in one run and
   * 5.9 ms in the next, the POST it divides being 17.5-18 ms in both.
   */
  const floor = async (text: string) => {
    await floorOnce(text);
    const xs: number[] = [];
    for (let i = 0; i < FLOOR_SAMPLES; i++) xs.push(await floorOnce(text));
    return median(xs);
  };
  const line = (what: string, ms: number, fl: number) => console.log(`  ${what.padEnd(30)} ${fmtMs(ms)}   floor ${fmtMs(fl)}  ${fmtX(ms / fl)}`);

  try {
    console.log(`\n${engine} (server: child process, ${base}; medians)`);
    // What a client meets after a start or a deploy: the first big uploads, before any warm-up (two, one
    // per worker when there are two), as soon as /readyz says ready, as a load balancer sends them.
    const firsts: number[] = [];
    for (let i = 0; i < 2; i++)
      firsts.push((await post(JSON.stringify(makeBody(`first${i}`, makeEntries({ size: 1_000, seed: 600 + i }), { seed: 600 + i })), 'first')).ms);
    console.log(`  first 1,000-entry POSTs after start  ${firsts.map(fmtMs).join(',')}  (then warm-up)`);
    // Warm-up: the first requests compile schemas, JIT the hot paths (on the event loop and on every
    // worker thread: each has its own JIT) and fill the key lookup. Measured figures are steady state:
    // one stream of requests per worker, at once, so that every worker gets its share (the pool gives
    // requests that come one at a time to one worker), and rounds enough for the JIT to settle.
    await Promise.all(
      Array.from({ length: WARM_STREAMS }, async (_, s) => {
        const big = `warm-big${s}`;
        await post(JSON.stringify(makeBody(big, makeEntries({ size: 10_000, seed: 800 + s }), { seed: 800 + s })), 'warm-up');
        await get(big, 'warm-up');
        for (let i = 0; i < WARM_ROUNDS; i++) {
          const u = `warm${s}-${i}`,
            seed = 900 + s * 100 + i;
          const w = JSON.stringify(makeBody(u, makeEntries({ size: 1_000, seed }), { seed }));
          await post(w, 'warm-up');
          await get(u, 'warm-up');
          await post(JSON.stringify(makeBody(u, makeEntries({ size: 1_000, seed: seed + 50 }), { seed, type: 'ios' })), 'warm-up');
          await post(JSON.stringify(makeBody(`${u}-small`, makeEntries({ size: 100, seed: seed + 1 }), { seed: seed + 1 })), 'warm-up');
          await get(`${u}-small`, 'warm-up');
        }
      }),
    );
    for (let i = 0; i < 3; i++) await floor(JSON.stringify(makeBody(`warm-floor${i}`, makeEntries({ size: 1_000, seed: 700 + i }), { seed: 700 + i })));

    for (const size of SIZES) {
      const reps = REPS[size]!;
      const newMs: number[] = [],
        mergeMs: number[] = [],
        getMs: number[] = [];
      const newFloor: number[] = [],
        mergeFloor: number[] = [];
      for (let r = 0; r < reps; r++) {
        const user = `u${size}-${r}`;
        const seed = size * 100 + r;
        const first = JSON.stringify(makeBody(user, makeEntries({ size, seed, personBase: seed * 100_000 }), { seed }));
        // A second source of the same user: another device's export, overlapping the same people.
        const second = JSON.stringify(makeBody(user, makeEntries({ size, seed: seed + 50, personBase: seed * 100_000 }), { seed, type: 'ios' }));
        newMs.push((await post(first, `POST new ${size}`)).ms);
        getMs.push((await get(user, `GET ${size}`)).ms);
        mergeMs.push((await post(second, `POST merge ${size}`)).ms);
        newFloor.push(await floor(first));
        mergeFloor.push(await floor(second));
      }
      console.log(` ${size.toLocaleString('en')} entries (${reps} runs)`);
      line('POST, new user', median(newMs), median(newFloor));
      line('POST, merge into the book', median(mergeMs), median(mergeFloor));
      line('GET', median(getMs), median(newFloor));
    }
    if (SIZES_ONLY) return;

    if (!SMALL_GETS_ONLY) {
      // Backfill: many users, several requests in flight, backfill=1 (no ranked answer).
      const bodies: string[] = [];
      for (let u = 0; u < BACKFILL_USERS; u++) {
        const circle = Math.floor(u / BACKFILL_CIRCLE);
        const entries = makeEntries({ size: BACKFILL_ENTRIES, seed: 10_000 + u, personBase: 50_000_000 + circle * 1_000 });
        bodies.push(JSON.stringify(makeBody(`bf${u}`, entries, { seed: 10_000 + u, backfill: true })));
      }
      const total = BACKFILL_USERS * BACKFILL_ENTRIES;
      // From a quiet server: the index work of the uploads above (the 10,000-entry POSTs and merges) runs
      // after their acknowledgments, and would otherwise still be using the cores the backfill is timed on.
      const drained = await waitForIndexQueue(url);
      const lagProbe = await startLagProbe(url);
      // Database CPU per node (PostgreSQL: the one server; Citus: coordinator and workers), when local.
      const nodes = engine === 'sqlite' ? null : await localNodes(url);
      const cpu0 = nodes ? cpuSeconds(nodes) : [];
      // The server's own CPU (all its threads: requests, writer, indexer), the database's too on SQLite.
      const serverCpu0 = processCpuSeconds(server.child.pid!);
      const t0 = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: BACKFILL_CONCURRENCY }, async () => {
          while (next < bodies.length) {
            const u = next++;
            await post(bodies[u]!, 'backfill');
            lagProbe.acked(`bf${u}`, performance.now());
          }
        }),
      );
      const bfMs = performance.now() - t0;
      const lags = await lagProbe.finish();
      const cpu1 = nodes ? cpuSeconds(nodes) : [];
      const serverCpu = processCpuSeconds(server.child.pid!) - serverCpu0;
      let bfFloor = 0;
      for (const b of bodies) bfFloor += await floorOnce(b); // a sum over 160 bodies: noise averages out
      const rate = (total / bfMs) * 1000,
        floorRate = (total / bfFloor) * 1000;
      console.log(
        ` backfill: ${BACKFILL_USERS} users x ${BACKFILL_ENTRIES} entries, ${BACKFILL_CONCURRENCY} in flight (after ${fmtMs(drained).trim()} for the index queue to drain)\n` +
          `  ${'contacts/s'.padEnd(30)} ${Math.round(rate).toLocaleString('en').padStart(10)}   floor ${Math.round(floorRate).toLocaleString('en').padStart(10)}/s  ${fmtX(floorRate / rate)} (floor rate / rate)\n` +
          `  ${'index lag (ack -> indexed)'.padEnd(30)} p50 ${fmtMs(percentile(lags, 50))}  p99 ${fmtMs(percentile(lags, 99))}  max ${fmtMs(Math.max(...lags))}  (${lags.length} uploads)`,
      );
      // Backfill and its indexing (until the last upload is indexed), the server process's CPU per 10,000
      // contacts: less noisy than the rate on a shared machine (it counts work, not waiting).
      console.log(`  ${'server CPU per 10k contacts'.padEnd(30)} ${((serverCpu / total) * 10_000).toFixed(2)} s (backfill and its indexing)`);
      if (nodes) {
        // Backfill and its indexing, database CPU per 10,000 contacts, per node (includes other users of a shared server).
        const per = nodes.map((n, i) => `${n.name} ${(((cpu1[i]! - cpu0[i]!) / total) * 10_000).toFixed(2)} s`);
        console.log(`  ${'db CPU per 10k contacts'.padEnd(30)} ${per.join(', ')}`);
      }
    }
    if (BACKFILL_ONLY) return;

    // Small GETs while a big upload is processed (and idle, for reference).
    const small = 'probe';
    await post(JSON.stringify(makeBody(small, makeEntries({ size: 100, seed: 4242 }), { seed: 4242 })), 'probe book');
    // A plain small GET (default weights, no option: it reads no other book and no record, see
    // signalsUsed in src/domain/options.ts), then, during a second big upload, one whose options read the
    // app's records through the key index: measured apart, each with only its own kind in flight.
    const filtered = '?filter_existing_users=1&filter_invites_sent=1&filter_suggested_seen=1';
    const probe = async (query: string, until: () => boolean, min: number): Promise<number[]> => {
      const lat: number[] = [];
      await Promise.all(
        Array.from({ length: PROBE_CONCURRENCY }, async () => {
          while (until() || lat.length < min) lat.push((await get(small, 'small GET', query)).ms);
        }),
      );
      return lat;
    };
    const pid = server.child.pid!;
    const during = async (query: string, user: string, seed: number) => {
      await waitForIndexQueue(url); // the previous big upload's index written: idle is idle
      const idle = await probe(query, () => false, 200);
      const text = JSON.stringify(makeBody(user, makeEntries({ size: BIG, seed }), { seed }));
      const bigFloor = await floor(text);
      const before = memOf(pid).rss;
      resetPeak(pid);
      let busy = true;
      const lag = await startLagProbe(url);
      const upload = ok(request(base, 'POST', '/v0/address-book', key, text, { discardOk: true }), `POST ${BIG}`).finally(() => {
        busy = false;
        lag.acked(user, performance.now());
      });
      const busyLat = await probe(query, () => busy, 20);
      const bigMs = (await upload).ms;
      const lagMs = (await lag.finish())[0]!;
      return { idle, busy: busyLat, bigMs, bigFloor, lagMs, before, peak: memOf(pid).peak };
    };
    const plain = await during('', 'big', 777);
    const withFilters = await during(filtered, 'big2', 778);
    const { bigMs, bigFloor, before } = plain;
    const bigLagMs = plain.lagMs;
    const bigPeak = plain.peak;
    const stat = (xs: number[]) => `p50 ${fmtMs(percentile(xs, 50))}  p99 ${fmtMs(percentile(xs, 99))}  max ${fmtMs(Math.max(...xs))}  (${xs.length} GETs)`;
    console.log(` small GETs (100-entry book, ${PROBE_CONCURRENCY} in flight)`);
    console.log(`  ${'idle'.padEnd(30)} ${stat(plain.idle)}`);
    console.log(`  ${`during a ${BIG.toLocaleString('en')}-entry POST`.padEnd(30)} ${stat(plain.busy)}`);
    console.log(`  ${'with record filters, idle'.padEnd(30)} ${stat(withFilters.idle)}`);
    console.log(`  ${'  during another such POST'.padEnd(30)} ${stat(withFilters.busy)}`);
    line(`the ${BIG.toLocaleString('en')}-entry POST itself`, bigMs, bigFloor);
    console.log(`  ${`its index lag (ack -> indexed)`.padEnd(30)} ${fmtMs(bigLagMs)}`);

    // Memory: peak RSS of the server for a 10k and a big book, and under concurrent big uploads.
    const tenText = JSON.stringify(makeBody('mem10k', makeEntries({ size: 10_000, seed: 555 }), { seed: 555 }));
    const rssTen = memOf(pid).rss;
    resetPeak(pid);
    await post(tenText, 'POST 10k');
    const tenPeak = memOf(pid).peak;
    const conc = Array.from({ length: CONCURRENT_BIG }, (_, i) =>
      JSON.stringify(makeBody(`conc${i}`, makeEntries({ size: BIG, seed: 880 + i }), { seed: 880 + i })),
    );
    const rssConc = memOf(pid).rss;
    resetPeak(pid);
    await Promise.all(conc.map((b, i) => post(b, `concurrent POST ${i}`)));
    const concPeak = memOf(pid).peak;
    console.log(` memory of the server process (peak RSS; the rise over RSS before the request)`);
    console.log(`  ${'POST 10,000 entries'.padEnd(30)} ${tenPeak.toFixed(0).padStart(6)} MiB  (+${(tenPeak - rssTen).toFixed(0)})`);
    console.log(`  ${`POST ${BIG.toLocaleString('en')} entries`.padEnd(30)} ${bigPeak.toFixed(0).padStart(6)} MiB  (+${(bigPeak - before).toFixed(0)})`);
    console.log(
      `  ${`${CONCURRENT_BIG} x POST ${BIG.toLocaleString('en')} at once`.padEnd(30)} ${concPeak.toFixed(0).padStart(6)} MiB  (+${(concPeak - rssConc).toFixed(0)})`,
    );
  } finally {
    await raw.close().catch(() => {});
    await server.stop();
    await cleanup();
  }
}

const started = performance.now();
console.log(
  `kith bench${QUICK ? ' (--quick)' : ''}: node ${process.version}, ${(await import('node:os')).availableParallelism()} cores (shared: compare ratios, not raw times)`,
);
for (const engine of engineArg ? [engineArg as EngineName] : ENGINES) {
  const skip = await engineSkip(engine);
  if (skip) {
    console.log(`\n${engine}: SKIPPED (${skip})`);
    continue;
  }
  await benchEngine(engine);
}
console.log(`\ndone in ${((performance.now() - started) / 1000).toFixed(0)} s`);
closeAgent();
