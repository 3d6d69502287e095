/**
 * `npm run bench:big-app [-- --engine sqlite|postgres|citus] [--users 200,5000,20000] [--entries 50]`:
 * does a request's cost stay flat as one app grows? `npm run bench` measures on a fresh database; a
 * statement whose plan walks all of an app's rows is quick there and grows with the app's users in
 * production (the SQLite reciprocal lookup did: 1-2 ms per read at 2,000 users).
 *
 * One server process (as `npm start` runs it), one app. The app is grown by backfill (4 requests in
 * flight) to each size in turn: books of `--entries` people drawn from overlapping neighbourhoods (so
 * people are shared by ~50 books), each holding 5 other users' own addresses (reciprocity finds rows).
 * At each size, once the key index has caught up: 300 GETs of stored books (p50, p99), 60 POSTs of a
 * 100-entry book for a new user and 15 of a 1,000-entry one (p50), after a warm-up of 30 and 60; then 15
 * more 1,000-entry POSTs "alone": each sent once the key index of the one before is written (back to
 * back, one upload's index work overlaps the next request on the same cores), with their index lag.
 * The figures of one size are comparable with the next: flat means no request pays for the app's size.
 * Times run from handing the body's bytes to the socket to the answer's last byte.
 */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '../src/services/keys.ts';
import { ENGINES, engineSkip, makeTestStorage, type EngineName } from '../test/helpers/engines.ts';
import { freePort } from '../test/helpers/free-port.ts';
import { closeAgent, request } from './http.ts';
import { startLagProbe } from './index-lag.ts';
import { makeBody, makeEntries } from './gen.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const engineArg = arg('--engine');
if (engineArg !== undefined && !(ENGINES as readonly string[]).includes(engineArg)) {
  console.error(`bench:big-app: --engine must be one of ${ENGINES.join(', ')}`);
  process.exit(2);
}
const SIZES = (arg('--users') ?? '200,5000,20000').split(',').map(Number);
const ENTRIES = Number(arg('--entries') ?? 50);
const FRIENDS = 5;
const LAST = SIZES.at(-1)!;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1)).padStart(6);

/** User u's book: people of its neighbourhood (shared with the users of the same u mod 400), and 5 users' own addresses. */
function bodyOf(u: number, size: number, backfill: boolean): string {
  const entries = makeEntries({ size, seed: 77 + u, personBase: 1_000_000 + (u % 400) * 500 });
  for (let k = 1; k <= FRIENDS; k++) entries.push({ name: `Friend ${k}`, email: `owner.u${(u + k * 37) % LAST}@gmail.com`, times_contacted: k });
  return JSON.stringify(makeBody(`u${u}`, entries, { seed: 77 + u, backfill }));
}

async function benchEngine(engine: EngineName): Promise<void> {
  const db = await makeTestStorage(engine);
  const { key } = await createApiKey(db.storage, { app: 'big-app', env: 'live' });
  await db.storage.close();
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const call = (method: string, path: string, body?: string) => request(base, method, path, key, body, { discardOk: true });
  try {
    for (const deadline = Date.now() + 60_000; ; ) {
      if ((await call('GET', '/readyz').catch(() => null))?.status === 200) break;
      if (Date.now() > deadline || child.exitCode !== null) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Warm-up (JIT of the event loop and of every worker), as `npm run bench` does: 30 big and 60 small POSTs.
    for (let i = 0; i < 30; i++) await call('POST', '/v0/address-book', bodyOf(30_000_000 + i, 1_000, false));
    for (let i = 0; i < 60; i++) await call('POST', '/v0/address-book', bodyOf(31_000_000 + i, 100, false));
    console.log(`\n${engine}: one app grown by backfill, books of ${ENTRIES + FRIENDS} entries`);
    let users = 0;
    for (const target of SIZES) {
      const lag = await startLagProbe(db.url);
      const t0 = performance.now();
      let next = users;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < target) {
            const u = next++;
            const r = await call('POST', '/v0/address-book', bodyOf(u, ENTRIES, true));
            if (r.status !== 200) throw new Error(`backfill: HTTP ${r.status} ${r.text.slice(0, 200)}`);
            lag.acked(`u${u}`, performance.now());
          }
        }),
      );
      const rate = ((target - users) * (ENTRIES + FRIENDS)) / ((performance.now() - t0) / 1000);
      await lag.finish(120_000);
      users = target;
      const gets: number[] = [];
      for (let i = 0; i < 300; i++) gets.push((await call('GET', `/v0/address-book/u${(i * 7919) % users}`)).ms);
      const small: number[] = [];
      for (let i = 0; i < 60; i++) small.push((await call('POST', '/v0/address-book', bodyOf(20_000_000 + target * 100 + i, 100, false))).ms);
      const big: number[] = [];
      for (let i = 0; i < 15; i++) big.push((await call('POST', '/v0/address-book', bodyOf(10_000_000 + target * 10 + i, 1_000, false))).ms);
      // The same POSTs, each sent once the key index of the one before is written: back to back, the
      // index work of one upload (background, on the database) overlaps the next request on the same
      // cores; here each request runs alone, and the index lag of each upload is its own.
      const alone: number[] = [];
      const aloneLags: number[] = [];
      for (let i = 0; i < 15; i++) {
        const probe = await startLagProbe(db.url);
        const u = 12_000_000 + target * 10 + i;
        const r = await call('POST', '/v0/address-book', bodyOf(u, 1_000, false));
        if (r.status !== 200) throw new Error(`POST: HTTP ${r.status} ${r.text.slice(0, 200)}`);
        alone.push(r.ms);
        probe.acked(`u${u}`, performance.now());
        aloneLags.push(...(await probe.finish(60_000)));
      }
      console.log(
        `  ${String(users).padStart(6)} users: backfill ${rate.toFixed(0).padStart(6)}/s | GET a book p50 ${ms(pct(gets, 0.5))} p99 ${ms(pct(gets, 0.99))} ms | ` +
          `POST 100 new p50 ${ms(pct(small, 0.5))} ms | POST 1,000 new p50 ${ms(pct(big, 0.5))} ms, ` +
          `alone ${ms(pct(alone, 0.5))} ms (its index lag p50 ${ms(pct(aloneLags, 0.5))} ms)`,
      );
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await db.cleanup();
  }
}

console.log(`kith bench:big-app: node ${process.version} (shared cores: compare sizes within one run)`);
for (const engine of engineArg ? [engineArg as EngineName] : ENGINES) {
  const skip = await engineSkip(engine);
  if (skip) {
    console.log(`\n${engine}: skipped (${skip})`);
    continue;
  }
  await benchEngine(engine);
}
closeAgent();
