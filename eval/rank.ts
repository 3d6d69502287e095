/**
 * Ranking evaluation (protocol and data: docs/ranking.md, "The evaluation data"; the books are not in the repository).
 *
 *   npm run eval -- <books.jsonl> [more.jsonl ...]   through the HTTP API of a fresh in-process server
 *   npm run eval -- --offline <books.jsonl>          the same pipeline in memory (development only)
 *
 * Options: --runs full,no_times,no_dates (default all three); --explain (HTTP: read with explain=1 and
 * print the top rows of one book per cutoff with their per-signal contributions); --weights <file.json> (weights to rank
 * with, offline only; the HTTP mode uses what the service uses); --json (machine-readable output).
 *   npm run eval -- --cv <a.jsonl> <b.jsonl>         cross-set validation that chose the default model
 *                                                    (eval/rank/cv.ts): leave one set out, leave one cutoff out
 * Every report gives a paired bootstrap interval (books resampled, 1,000 draws, seeded) of Kith's MAP@10
 * minus the best single signal's (eval/rank/bootstrap.ts).
 * HTTP mode stores into a temp SQLite file, or DATABASE_URL when set; one fresh app per run and cutoff.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Weights } from '../src/domain/rank/index.ts';
import { ALL_RUNS, loadBooks, RUNS, type RunName } from './rank/dataset.ts';
import { evaluateRun, type Ranker, type RunResult } from './rank/evaluate.ts';
import { rankCutoffOffline } from './rank/offline.ts';
import { cvReport } from './rank/cv.ts';
import { formatReport } from './rank/report.ts';

interface Args {
  files: string[];
  offline: boolean;
  cv: boolean;
  explain: boolean;
  json: boolean;
  runs: RunName[];
  weights?: Weights;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { files: [], offline: false, cv: false, explain: false, json: false, runs: ALL_RUNS };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--offline') args.offline = true;
    else if (a === '--json') args.json = true;
    else if (a === '--cv') args.cv = true;
    else if (a === '--explain') args.explain = true;
    else if (a === '--runs') args.runs = argv[++i].split(',') as RunName[];
    else if (a === '--weights') args.weights = JSON.parse(readFileSync(argv[++i], 'utf8')) as Weights;
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else args.files.push(a);
  }
  for (const r of args.runs) if (!ALL_RUNS.includes(r)) throw new Error(`unknown run ${r} (one of ${ALL_RUNS.join(', ')})`);
  // Cross-validation chooses the ranking defaults on the ranking runs only ('unusual' is the full run
  // again, spelled differently).
  if (args.cv) args.runs = args.runs.filter((r) => RUNS.includes(r));
  if (args.files.length === 0) throw new Error('usage: npm run eval -- [--offline] [--runs full,no_times,no_dates,unusual] <books.jsonl> ...');
  return args;
}

function offlineRanker(weights?: Weights): Ranker {
  return async (books) => {
    const ranked = rankCutoffOffline(books, weights);
    const out = new Map<string, string[][]>();
    for (const [user, list] of ranked)
      out.set(
        user,
        list.map((s) => s.contact.emails.map((e) => e.key)),
      );
    return out;
  };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.cv) {
    console.log(
      cvReport(
        args.files.map((f) => [basename(f).replace(/\.jsonl$/, ''), loadBooks(f)]),
        args.runs,
      ),
    );
    return;
  }
  let ranker: Ranker;
  let close = async () => {};
  if (args.offline) ranker = offlineRanker(args.weights);
  else {
    const { startHttpRanker } = await import('./rank/http.ts');
    const h = await startHttpRanker({ explain: args.explain });
    ranker = h.ranker;
    close = h.close;
  }
  const all: Record<string, RunResult[]> = {};
  try {
    for (const file of args.files) {
      const name = basename(file).replace(/\.jsonl$/, '');
      const books = loadBooks(file);
      const results: RunResult[] = [];
      const dataset = books[0]?.dataset ?? name;
      for (const run of args.runs) results.push(await evaluateRun(books, run, ranker, name));
      all[name] = results;
      if (!args.json) console.log(formatReport(`${name} (${args.offline ? 'offline, in memory' : 'HTTP API'})`, results, dataset) + '\n');
    }
  } finally {
    await close();
  }
  if (args.json) console.log(JSON.stringify(all, null, 2));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
