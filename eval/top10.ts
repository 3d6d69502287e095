/**
 * npm run eval:top10 — junk and duplicate people in the top 10 of messy books (issue #12's "messy uploads
 * put 0 junk and 0 duplicate people in any top 10"), through the real HTTP API.
 *
 * eval/top10/gen.mjs makes seeded books of 15 to 2,000 entries over 13 countries: the owner's Gmail source,
 * a phone source, sometimes a work account, and in 40 % of books a vCard or a Google or Outlook CSV file;
 * people written in the forms each source writes (case, Gmail dots and tags, nicknames, "Last, First",
 * accents dropped, national and international numbers); about 160 brand and invented senders, newsletters,
 * lists, no-reply and transactional mail, often the newest mail and sometimes replied to; role-looking
 * people; the owner's own address in half the books. Each book is uploaded as one user of a fresh app on a
 * temp SQLite file (or DATABASE_URL), its ranked list read back and scored against the ground truth
 * (eval/top10/score.mjs). Printed per seed and in all: books whose top 10 holds junk, a duplicate person
 * (linked by a shared address or number, or by a name only), the owner's own card, or two people in one
 * row; people the owner wrote to who are missing from the whole list; rows fusing two people anywhere.
 * Every failing row, with the entries behind it, goes to a file named at the end.
 *
 *   npm run eval:top10 [-- --seeds=20261128,1,2] [-- --books=100]
 *
 * The generator and scorer were written by a probe (a helper of the twenty-eighth session), independently
 * of Kith's rules; they are JavaScript as written. Takes about a minute per seed on 2 cores.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey } from '../src/services/keys.ts';
import { startEvalServer } from './rank/http.ts';
// @ts-expect-error: JavaScript as the probe wrote it, without types
import { runSeed } from './top10/score.mjs';

interface Totals {
  books: number;
  bookFail: number;
  junkBooks: number;
  hardDupBooks: number;
  nameOnlyDupBooks: number;
  selfBooks: number;
  fusedBooks: number;
  lostPeople: number;
  lostRolePeople: number;
  fusedRows: number;
  dupRowsAll: number;
  errors: number;
  writtenPeople: number;
}

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const seeds = (args.get('seeds') ?? '20261128,1,2').split(',').map(Number);
const books = Number(args.get('books') ?? 100);

const { base, storage, usesDatabaseUrl, close } = await startEvalServer();

const rows: [string, Totals][] = [];
const failures: string[] = [];
try {
  for (const seed of seeds) {
    const { key } = await createApiKey(storage, { app: `top10-${seed}`, env: 'test' });
    const { totals, failLines } = (await runSeed({ base, key, seed, books })) as { totals: Totals; failLines: string[] };
    rows.push([`seed ${seed}`, totals]);
    failures.push(`# seed ${seed}`, ...failLines);
  }
} finally {
  await close();
}

const sum = (k: keyof Totals) => rows.reduce((n, [, t]) => n + t[k], 0);
const all = Object.fromEntries((Object.keys(rows[0]![1]) as (keyof Totals)[]).map((k) => [k, sum(k)])) as unknown as Totals;
rows.push(['all', all]);
console.log(`# eval:top10  seeds ${seeds.join(', ')}, ${books} books each (${usesDatabaseUrl ? 'DATABASE_URL' : 'temp SQLite'})`);
console.log('books whose top 10 holds ...     junk  dup(key) dup(name)  self  fused | failing books | lost people | fused rows | dup rows | errors');
for (const [label, t] of rows) {
  const c = (n: number, w: number) => String(n).padStart(w);
  console.log(
    `${label.padEnd(30)} ${c(t.junkBooks, 6)} ${c(t.hardDupBooks, 9)} ${c(t.nameOnlyDupBooks, 9)} ${c(t.selfBooks, 5)} ${c(t.fusedBooks, 6)} | ${c(t.bookFail, 6)} of ${c(t.books, 3)} | ${c(t.lostPeople + t.lostRolePeople, 3)} of ${c(t.writtenPeople, 5)} | ${c(t.fusedRows, 10)} | ${c(t.dupRowsAll, 8)} | ${c(t.errors, 6)}`,
  );
}
const out = join(tmpdir(), `kith-top10-failures-${Date.now()}.txt`);
writeFileSync(out, `${failures.join('\n')}\n`);
console.log(`every failing row, with the entries behind it: ${out}`);
console.log(
  'dup(key): the same person in two rows though a shared address or number links them; dup(name): linked by a name only (Kith never merges on a name alone)',
);
