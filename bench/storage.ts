/**
 * Storage timings on both engines: appendUpload / loadBook / loadSignals of a 10,000-entry book, and the
 * backfill rate (contacts stored per second over many small books). Each engine gets a fresh private
 * database (temp SQLite file, throw-away Postgres schema). Run: npx tsx bench/storage.ts
 */
import { performance } from 'node:perf_hooks';
import { ENGINES, engineSkip, makeTestStorage } from '../test/helpers/engines.ts';
import type { FakeContact } from '../test/storage/fixtures.ts';
import { fakeUpload, manyContacts } from '../test/storage/fixtures.ts';
import type { Storage } from '../src/storage/types.ts';
import { indexKeysOf } from '../src/domain/normalize.ts';

const BIG_BOOK = 10_000; // entries
const RUNS = 5; // medians of this many runs
const BACKFILL_USERS = 50;
const BACKFILL_ENTRIES = 200; // per user
/** Keys shared between backfilled books, so upserts and knownBy see realistic overlap. */
const SHARED_POOL = 2_000;

const T = 'app_bench:live';

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

function backfillBook(u: number): FakeContact[] {
  // Half of each book from a shared pool, half private.
  return Array.from({ length: BACKFILL_ENTRIES }, (_, i) => {
    const shared = i % 2 === 0;
    const n = shared ? (u * 37 + i * 11) % SHARED_POOL : u * BACKFILL_ENTRIES + i;
    const tag = shared ? 's' : 'u';
    return { name: `P ${tag}${n}`, emails: [`${tag}${n}@example.com`], phones: [`+4930${tag === 's' ? 1 : 2}${String(n).padStart(6, '0')}`], times: i % 5 };
  });
}

async function benchEngine(storage: Storage): Promise<void> {
  const line = (what: string, ms: number, extra = ''): void => console.log(`  ${what.padEnd(46)} ${ms.toFixed(0).padStart(6)} ms${extra}`);

  // 10,000-entry uploads of new users, then re-uploads of the same book (every key conflicts).
  const appendNew: number[] = [];
  const appendAgain: number[] = [];
  const load: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const user = `big${r}`;
    const first = fakeUpload(user, manyContacts(BIG_BOOK, `big${r}`), { ownerEmail: `${user}@home.com` });
    const again = fakeUpload(user, manyContacts(BIG_BOOK, `big${r}`), { ownerEmail: `${user}@home.com` });
    appendNew.push(await time(() => storage.appendUpload(T, first)));
    appendAgain.push(await time(() => storage.appendUpload(T, again)));
    load.push(await time(() => storage.loadBook(T, user)));
  }
  const an = median(appendNew);
  line(`appendUpload ${BIG_BOOK} entries (new user)`, an, `  (${Math.round((BIG_BOOK / an) * 1000)} entries/s)`);
  line(`appendUpload ${BIG_BOOK} entries (same book again)`, median(appendAgain));
  line(`loadBook ${2 * BIG_BOOK} entries (2 uploads)`, median(load));

  // Backfill: many small books, one after the other, then 4 writers at once.
  const books = Array.from({ length: BACKFILL_USERS }, (_, u) => fakeUpload(`bf${u}`, backfillBook(u), { ownerEmail: `s${u}@example.com` }));
  const seqMs = await time(async () => {
    for (const b of books) await storage.appendUpload(T, b);
  });
  const total = BACKFILL_USERS * BACKFILL_ENTRIES;
  line(`backfill ${BACKFILL_USERS} x ${BACKFILL_ENTRIES}, sequential`, seqMs, `  (${Math.round((total / seqMs) * 1000)} contacts/s)`);
  const books2 = books.map((b) => ({ ...b, batchId: `${b.batchId}-2`, userId: `${b.userId}-b` }));
  const parMs = await time(async () => {
    const queue = [...books2];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let b = queue.shift(); b !== undefined; b = queue.shift()) await storage.appendUpload(T, b);
      }),
    );
  });
  line(`backfill ${BACKFILL_USERS} x ${BACKFILL_ENTRIES}, 4 concurrent writers`, parMs, `  (${Math.round((total / parMs) * 1000)} contacts/s)`);

  const keysOf = async (user: string) => ({ all: indexKeysOf((await storage.loadBook(T, user))!.entries), pending: [] });
  const bf7 = await keysOf('bf7');
  const sig: number[] = [];
  for (let r = 0; r < RUNS; r++) sig.push(await time(() => storage.loadSignals(T, 'bf7', bf7, ['e:s7@example.com'])));
  line(`loadSignals (${BACKFILL_ENTRIES}-entry book, ${2 * BACKFILL_USERS + RUNS} users)`, median(sig));
  const sigBig: number[] = [];
  const big0 = await keysOf('big0');
  for (let r = 0; r < RUNS; r++) sigBig.push(await time(() => storage.loadSignals(T, 'big0', big0, ['e:big0@home.com'])));
  line(`loadSignals (${BIG_BOOK}-entry book)`, median(sigBig));
}

for (const engine of ENGINES) {
  const skip = await engineSkip(engine);
  if (skip) {
    console.log(`${engine}: SKIPPED (${skip})`);
    continue;
  }
  const { storage, cleanup } = await makeTestStorage(engine);
  try {
    console.log(`${engine}:`);
    await benchEngine(storage);
  } finally {
    await cleanup();
  }
}
