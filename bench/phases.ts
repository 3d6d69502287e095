/**
 * `npm run bench:phases [-- --engine sqlite|postgres] [--size N] [--warm N] [--runs N] [--cpu]`: where the time of one upload goes.
 *
 * A new user's POST of a 10,000-entry book (bench/gen.ts), done phase by phase in this one thread, with
 * the code a book worker runs (the same parser, compiled validator and serializer, cleaner, storage,
 * merge, signals and ranking; the ranking steps as AddressBookService.ranked takes them), on a fresh
 * private database. No HTTP, no threads: each phase's own CPU time. Medians of several runs, beside the
 * floor of the same body (bench/floor.ts, median of 5) and 3x it, the target for the whole POST.
 *
 * `--cpu`: every lap (and the floor) is the process's CPU time (process.cpuUsage: user + system) instead
 * of the wall clock: on a loaded machine (a CI run beside it) the wall clock counts the time this process
 * waited for a core, the CPU time does not, so the phases' proportions stay readable. It is the whole
 * process's CPU, V8's background threads included (concurrent compilation and GC): a short lap, the 1k
 * floor most, can read high (24.9 ms for a 1,000-entry floor under load), so compare phases with each
 * other, not the ratio to the floor.
 */
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../src/config.ts';
import { summarizeCleaning } from '../src/domain/cleaning.ts';
import { applyRankOptions, parseRankOptions } from '../src/domain/options.ts';
import { DEFAULT_WEIGHTS, rankContacts } from '../src/domain/rank/index.ts';
import type { EntryInput, SourceInput } from '../src/domain/types.ts';
import { uploadBodySchema } from '../src/http/routes/address-book.ts';
import { postAnswer } from '../src/services/address-book-answers.ts';
import { makeSchemas, type UploadBody } from '../src/http/schemas.ts';
import { checkEntries } from '../src/services/validate.ts';
import { unknownFieldWarnings } from '../src/services/upload-warnings.ts';
import { cleanUpload, cleaningOfUpload, mergeBook } from '../src/services/address-book.ts';
import { compileBodyValidator, compileListSerializer, parseJsonBody } from '../src/workers/compilers.ts';
import { ENGINES, engineSkip, makeTestStorage, type EngineName } from '../test/helpers/engines.ts';
import { floorOf, rawInsertFor } from './floor.ts';
import { makeBody, makeEntries } from './gen.ts';

const args = process.argv.slice(2);
const arg = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const engineArg = arg('--engine');
if (engineArg !== undefined && !(ENGINES as readonly string[]).includes(engineArg)) {
  console.error(`bench:phases: --engine must be one of ${ENGINES.join(', ')}`);
  process.exit(2);
}
const SIZE = Number(arg('--size') ?? 10_000);
const WARM = Number(arg('--warm') ?? 3);
const RUNS = Number(arg('--runs') ?? 7);
const CPU = args.includes('--cpu');
/** The clock of the laps and the floor (ms): the wall clock, or with --cpu the process's CPU time. */
const now = CPU
  ? () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1000;
    }
  : () => performance.now();
const T = 'app_phases:live';

const config = loadConfig({ DATABASE_URL: 'sqlite::memory:' });
const S = makeSchemas(config);
const validate = compileBodyValidator(uploadBodySchema(S));
const serialize = compileListSerializer(S.UploadResponse);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

async function phasesOf(engine: EngineName): Promise<void> {
  const { storage, url, cleanup } = await makeTestStorage(engine);
  const raw = await rawInsertFor(engine, url);
  const times = new Map<string, number[]>();
  const floors: number[] = [];
  try {
    for (let i = 0; i < WARM + RUNS; i++) {
      const user = `u${i}`;
      const text = JSON.stringify(makeBody(user, makeEntries({ size: SIZE, seed: 1000 + i, personBase: i * 100_000 }), { seed: 1000 + i }));
      const bytes = Buffer.from(text, 'utf8');
      const run = new Map<string, number>();
      let t = now();
      const lap = (phase: string) => {
        const at = now();
        run.set(phase, at - t);
        t = at;
      };

      const body = parseJsonBody(bytes.toString('utf8'), { duplicates: true }) as UploadBody;
      lap('parse');
      validate(body);
      lap('validate');
      const entries = body.entries as EntryInput[];
      checkEntries(entries, config);
      lap('checks');
      const source = body.source as SourceInput;
      const cleaned = cleanUpload(source, entries, config.defaultRegion);
      lap('clean');
      const upload = { batchId: `b${i}`, userId: user, source, raw: entries, rawJson: bytes, createdAt: Date.now(), ...cleaned };
      await storage.appendUpload(T, upload);
      lap('store (encode, upload row, key index, commit)');
      const book = await storage.loadBook(T, user, { upload });
      const { contacts, owner } = mergeBook(book!, config.defaultRegion);
      lap('merge');
      const cleaning = summarizeCleaning(contacts, book!.entries.length, book!.batches);
      const report = {
        cleaning: book!.uploadCount === 1 ? cleaning : cleaningOfUpload(cleaned.normalized),
        listLeftOut: false,
        warnings: unknownFieldWarnings(body as unknown as Record<string, unknown>),
      };
      lap('cleaning summary, field warnings');
      const pending = cleaned.keyStats.map((k) => k.key);
      const signals = await storage.loadSignals(T, user, { all: pending, pending }, owner.keys);
      await storage.loadWeights(T);
      lap('signals');
      const scored = rankContacts(
        contacts.filter((c) => !c.junk),
        { owner, signals, weights: DEFAULT_WEIGHTS, explain: false },
      );
      lap('rank');
      const applied = applyRankOptions(scored, parseRankOptions({}), signals, owner.emailDomains);
      const view = {
        rows: applied.rows.map((r) => ({ contact: r.contact, rank: r.rank, score: r.finalScore, explain: r.explain })),
        exceptionMatchingDomain: applied.exceptionMatchingDomain,
        cleaning,
        bookUploads: book!.uploadCount,
        bookBatches: (book!.batches ?? []).map((b) => b.batchId),
      };
      lap('options');
      const answer = postAnswer(view, upload.batchId, user, { tenant: T, appName: 'bench', elapsed: () => 0 }, report);
      lap('answer rows');
      Buffer.from(serialize(answer), 'utf8');
      lap('serialize');

      if (i < WARM) continue;
      for (const [phase, ms] of run) times.set(phase, [...(times.get(phase) ?? []), ms]);
      const f: number[] = [];
      for (let k = 0; k < 5; k++) f.push(await floorOf(raw, text, `floor${i}-${k}`, now));
      floors.push(median(f));
    }
  } finally {
    await raw.close().catch(() => {});
    await cleanup();
  }

  const floor = median(floors);
  const line = (what: string, ms: number, note = '') => console.log(`  ${what.padEnd(46)} ${ms.toFixed(1).padStart(7)} ms${note}`);
  console.log(`\n${engine}: one ${SIZE.toLocaleString('en')}-entry POST of a new user, phase by phase (medians of ${RUNS}${CPU ? ', CPU time' : ''})`);
  let beforeStore = 0;
  let total = 0;
  for (const [phase, xs] of times) {
    const ms = median(xs);
    line(phase, ms);
    total += ms;
    if (!phase.startsWith('store')) beforeStore += ms;
  }
  line('all but the store', beforeStore, `  = ${(beforeStore / floor).toFixed(1)}x the floor`);
  line('all', total, `  = ${(total / floor).toFixed(1)}x the floor`);
  line('floor (parse + stringify + raw insert)', floor);
  line('3x the floor (the target for the whole POST)', 3 * floor);
}

console.log(`kith bench:phases: node ${process.version}, ${(await import('node:os')).availableParallelism()} cores (shared)`);
for (const engine of engineArg ? [engineArg as EngineName] : ENGINES) {
  const skip = await engineSkip(engine);
  if (skip) {
    console.log(`\n${engine}: SKIPPED (${skip})`);
    continue;
  }
  await phasesOf(engine);
}
