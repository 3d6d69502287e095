/**
 * `npx tsx bench/get-cost.ts [--engine postgres|citus] [--gets N]`: the database CPU one small GET costs
 * each node (PostgreSQL: the server; Citus: the coordinator and each worker), and its latency.
 *
 * A fresh private database (test/helpers/engines.ts; KITH_TEST_CITUS_URL picks the cluster and
 * KITH_CITUS_SHARD_COUNT its shard count), the real app in this process, eight overlapping 100-entry
 * books (bench/gen.ts), their key index written; then N sequential GETs of one of them, plain and with the
 * record filters (which read the key index). The nodes' CPU
 * over the GETs (bench/node-cpu.ts), less their background rate over an idle interval just before (the
 * indexer's polls, autovacuum), divided by N. The data set is small on purpose: right after a bulk load
 * the nodes' autovacuum runs for a while and its CPU would be counted as the GETs'.
 */
import { performance } from 'node:perf_hooks';
import { makeBody, makeEntries } from './gen.ts';
import { cpuSeconds, localNodes } from './node-cpu.ts';
import { startApi } from '../test/helpers/api.ts';
import { baseUrlOf } from '../test/helpers/engines.ts';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const engine = (arg('--engine') ?? 'citus') as 'postgres' | 'citus';
if (engine !== 'postgres' && engine !== 'citus') {
  console.error('get-cost: --engine must be postgres or citus');
  process.exit(2);
}
const N = Number(arg('--gets') ?? 300);
const IDLE_MS = 3000;

const nodes = await localNodes(baseUrlOf(engine));
if (nodes === null) {
  console.error(`get-cost: the ${engine} servers are not on this machine (their CPU cannot be read)`);
  process.exit(2);
}
const api = await startApi(engine, { LOG_LEVEL: 'warn' });
try {
  for (let i = 0; i < 8; i++) {
    const r = await api.post('/v0/address-book', makeBody(`u${i}`, makeEntries({ size: 100, seed: 10 + i, personBase: 5000 }), { seed: 10 + i }));
    if (r.status !== 200) throw new Error(`POST: HTTP ${r.status}`);
  }
  await api.storage.flushIndex();
  // Two kinds of small GET: a plain one (default weights, no option: no other book or record is read,
  // see signalsUsed in src/domain/options.ts), and one whose options read the app's records and so the
  // key index (existing users, invites sent, suggestions seen).
  for (const [label, path] of [
    ['plain', '/v0/address-book/u1'],
    ['with the record filters', '/v0/address-book/u1?filter_existing_users=1&filter_invites_sent=1&filter_suggested_seen=1'],
  ] as const) {
    for (let i = 0; i < 50; i++) await api.get(path); // warm-up
    const i0 = cpuSeconds(nodes);
    const ti = performance.now();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const idleS = (performance.now() - ti) / 1000;
    const i1 = cpuSeconds(nodes);
    const c0 = cpuSeconds(nodes);
    const t0 = performance.now();
    const lat: number[] = [];
    for (let i = 0; i < N; i++) {
      const a = performance.now();
      const r = await api.get(path);
      if (r.status !== 200) throw new Error(`GET: HTTP ${r.status}`);
      lat.push(performance.now() - a);
    }
    const secs = (performance.now() - t0) / 1000;
    const c1 = cpuSeconds(nodes);
    lat.sort((a, b) => a - b);
    const per = nodes.map((n, i) => {
      const ms = ((c1[i]! - c0[i]! - ((i1[i]! - i0[i]!) / idleS) * secs) / N) * 1000;
      return `${n.name} ${ms.toFixed(2)} ms`;
    });
    console.log(`${engine}: database CPU per small GET, ${label} (${N} GETs of a 100-entry book): ${per.join(', ')}`);
    console.log(`  latency p50 ${lat[Math.floor(N / 2)]!.toFixed(1)} ms, p99 ${lat[Math.min(N - 1, Math.ceil(N * 0.99) - 1)]!.toFixed(1)} ms`);
  }
} finally {
  await api.close();
}
