/**
 * What aliases cost a read: GET /v0/address-book/:id?limit=50 of a 1,000-entry book (20 other books in
 * the tenant), on the event loop (KITH_WORKERS=0), first with no alias in the tenant (one index probe
 * per read), then with 100 alias groups touching the book (they are loaded and joined in the merge).
 * Prints p50/p90 over 300 requests after 30 warm-up ones. Figures, not assertions.
 *
 *   npx tsx bench/alias-get.ts [sqlite|postgres]
 */
import { startApi } from '../test/helpers/api.ts';
import { engineSkip, type EngineName } from '../test/helpers/engines.ts';

const engines = (process.argv[2] ? [process.argv[2]] : ['sqlite', 'postgres']) as EngineName[];

async function measure(get: () => Promise<number>): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < 330; i++) {
    const t = process.hrtime.bigint();
    const status = await get();
    if (status !== 200) throw new Error(`GET answered ${status}`);
    if (i >= 30) times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.floor(p * (times.length - 1))]!.toFixed(2);
  return `p50 ${q(0.5)} ms  p90 ${q(0.9)} ms`;
}

for (const engine of engines) {
  const skip = await engineSkip(engine);
  if (skip) {
    console.log(`${engine}: skipped (${skip})`);
    continue;
  }
  const api = await startApi(engine, { KITH_WORKERS: '0', LOG_LEVEL: 'silent' });
  try {
    const entries = Array.from({ length: 1000 }, (_, i) => ({
      name: `Person ${i}`,
      email: `p${i}@ex${i % 50}.example`,
      phone: `+1415555${String(i).padStart(4, '0')}`,
      times_contacted: i % 17,
    }));
    await api.post('/v0/address-book', { user_id: 'u', source: { email: 'me@example.com' }, entries, backfill: 1 });
    for (let u = 0; u < 20; u++)
      await api.post('/v0/address-book', { user_id: `o${u}`, source: {}, entries: entries.slice(u * 40, u * 40 + 200), backfill: 1 });
    const get = async () => (await api.get('/v0/address-book/u?limit=50')).status;
    console.log(`${engine.padEnd(8)} no alias in the tenant     ${await measure(get)}`);
    for (let i = 0; i < 100; i++) await api.post('/v0/alias', { emails: [entries[i]!.email, entries[i + 500]!.email] });
    console.log(`${engine.padEnd(8)} 100 alias groups in book   ${await measure(get)}`);
  } finally {
    await api.close();
  }
}
