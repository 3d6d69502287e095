/**
 * Held-out evaluation of the weights (npm run eval -- --heldout a.jsonl b.jsonl). The default weights were
 * chosen by looking at these very sets, so their figures are in-sample. This measures what such a choice
 * is worth on data it has not seen: weights are re-chosen by the same kind of search on one part
 * (another set, or earlier cutoffs) and scored on the rest, beside the defaults and the baselines.
 *
 * Splits:
 * - leave one set out: choose on every set but one, report on that one;
 * - cutoff-wise, per set: choose on the earlier cutoffs, report on the last (the labels of the earlier
 *   cutoffs all fall before the last cutoff's, so this is a forecast of the future from the past).
 *
 * Offline only (the pipeline in memory, which gives the HTTP figures): the search scores thousands of
 * weight vectors, so the features of every contact are computed once and only re-weighted.
 */
import { BASELINES, baselineAvailable, rankByBaseline, SINGLE_SIGNALS, type BaselineName } from './baselines.ts';
import { bootstrapMean, formatInterval, type Interval } from './bootstrap.ts';
import { byCutoff, degrade, RUNS, type EvalBook, type RunName } from './dataset.ts';
import { scoreRanking } from './metrics.ts';
import { prepareCutoff } from './offline.ts';
import { bookStatsOf, DEFAULT_WEIGHTS, FEATURE_NAMES, featuresOf, scoreFeatures, type Weights } from '../../src/domain/rank/index.ts';

/** One book of one run, ready to be re-weighted: its contacts' features and the baselines' MAP@10. */
export interface CachedBook {
  user: string;
  cutoff: string;
  rows: { id: number; features: Record<string, number>; emails: string[] }[];
  relevant: Set<string>;
  /** Baseline name -> MAP@10 of this book (only the baselines available in this run). */
  baselines: Record<string, number>;
}

/** The books of one set under one run (full or degraded). */
export interface CachedRun {
  set: string;
  run: RunName;
  books: CachedBook[];
}

/** Features of every contact of every book, computed once (as rankContacts computes them). */
export function cacheRun(set: string, books: EvalBook[], run: RunName): CachedRun {
  const data = degrade(books, run);
  const baselines = BASELINES.filter((b) => baselineAvailable(data, b));
  const out: CachedBook[] = [];
  for (const [cutoff, group] of byCutoff(data)) {
    for (const p of prepareCutoff(group)) {
      // Context books feed the cross-user signals (prepareCutoff) but are never scored.
      if (Object.keys(p.book.relevant).length === 0) continue;
      const stats = bookStatsOf(p.contacts);
      const ctx = { owner: p.owner, signals: p.signals };
      const relevant = new Set(Object.keys(p.book.relevant).map((e) => e.trim().toLowerCase()));
      const base: Record<string, number> = {};
      for (const b of baselines) base[b] = scoreRanking(rankByBaseline(p.book, b as BaselineName), relevant).map10;
      out.push({
        user: p.book.user_id,
        cutoff,
        rows: p.contacts.map((c) => ({ id: c.id, features: featuresOf(c, ctx, stats), emails: c.emails.map((e) => e.key) })),
        relevant,
        baselines: base,
      });
    }
  }
  return { set, run, books: out };
}

/** MAP@10 of every book under `weights` (same order and ties as rankContacts). */
export function mapPerBook(books: CachedBook[], weights: Readonly<Weights>): number[] {
  return books.map((b) => {
    const scored = b.rows.map((r) => ({ id: r.id, emails: r.emails, s: scoreFeatures(r.features, weights).score }));
    scored.sort((x, y) => y.s - x.s || x.id - y.id);
    return scoreRanking(scored.map((r) => r.emails), b.relevant).map10;
  });
}

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

/** The baseline with the best mean MAP@10 over these books (the "best single signal"). */
export function bestBaseline(books: CachedBook[]): string {
  const names = Object.keys(books[0]?.baselines ?? {}).filter((n) => SINGLE_SIGNALS.has(n));
  return names.sort((a, b) => mean(books.map((x) => x.baselines[b])) - mean(books.map((x) => x.baselines[a])))[0];
}

/** Mean over runs of (Kith's MAP@10 − the best single signal's): what the search maximises. */
export function objective(runs: CachedRun[], weights: Readonly<Weights>): number {
  return mean(
    runs.map((r) => {
      const best = bestBaseline(r.books);
      return mean(mapPerBook(r.books, weights)) - mean(r.books.map((b) => b.baselines[best]));
    }),
  );
}

/**
 * Weights the search may move: those the mail logs can show. Beware the reciprocal ones: the sets only
 * hold books of users who wrote to someone in the window after the cutoff (no book has an empty
 * `relevant`), so "this contact has a book that holds the owner" also says "this contact was active
 * after the cutoff", which no real app knows. On radoslaw nearly every contact is such a user and the
 * search pushes `reciprocal` up; on eu-dept3 that weight hurts. The held-out splits show this. The rest (favourite, pinned, address kind,
 * ...) are constant on these logs, so any value fits them equally. `frequency` is the unit and stays 1.
 */
const SEARCHED = ['sent_recency', 'received_recency', 'staleness', 'known_by', 'reciprocal', 'reciprocal_frequency', 'reciprocal_recency'];
/** Candidate values of a searched weight: round values over the range a sane default could take (score units). */
const GRID = [0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3];
/** Rounds of coordinate ascent: a third round changed nothing in trials. */
const ROUNDS = 2;

/** Features the search may move: SEARCHED, plus any new mail-log feature listed in FEATURE_NAMES after them. */
export function searchedFeatures(): string[] {
  return FEATURE_NAMES.filter((f) => SEARCHED.includes(f) || !(f in DEFAULT_WEIGHTS));
}

/**
 * Coordinate ascent over GRID from `start`, maximising `objective` on `runs`. Staleness is searched on the
 * negative side and never beyond −frequency (the ranker's monotonicity promise).
 */
export function search(runs: CachedRun[], start: Readonly<Weights> = DEFAULT_WEIGHTS, features = searchedFeatures()): Weights {
  const w: Weights = { ...start };
  let best = objective(runs, w);
  for (let round = 0; round < ROUNDS; round++) {
    let moved = false;
    for (const f of features) {
      const sign = f === 'staleness' ? -1 : 1;
      for (const g of GRID) {
        const v = sign * g;
        if (f === 'staleness' && g > (w.frequency ?? 0)) continue;
        if (v === w[f]) continue;
        const trial = { ...w, [f]: v };
        const o = objective(runs, trial);
        if (o > best + 1e-9) {
          best = o;
          w[f] = v;
          moved = true;
        }
      }
    }
    if (!moved) break;
  }
  return w;
}

/** Test figures of one weight vector on one run: mean MAP@10 and the paired interval vs the best baseline. */
interface TestFigures {
  map: number;
  vsBest: Interval;
  vsBestByUser: Interval;
}

function figures(run: CachedRun, weights: Readonly<Weights>, best: string): TestFigures {
  const maps = mapPerBook(run.books, weights);
  const diffs = maps.map((m, i) => m - run.books[i].baselines[best]);
  return { map: mean(maps), vsBest: bootstrapMean(diffs), vsBestByUser: bootstrapMean(diffs, run.books.map((b) => b.user)) };
}

function changed(tuned: Readonly<Weights>, features: string[]): string {
  const parts = features.filter((f) => tuned[f] !== DEFAULT_WEIGHTS[f]).map((f) => `${f} ${DEFAULT_WEIGHTS[f] ?? 0}→${tuned[f]}`);
  return parts.length === 0 ? 'same as the defaults' : parts.join(', ');
}

function splitReport(title: string, train: CachedRun[], test: CachedRun[]): string[] {
  const features = searchedFeatures();
  const tuned = search(train);
  const out = [`### ${title}`, `weights chosen on the training part: ${changed(tuned, features)}`];
  out.push(
    `${'run'.padEnd(9)} ${'books'.padStart(5)} ${'best single'.padEnd(16)} ${'MAP'.padStart(6)}  ${'defaults'.padStart(8)} ${'Δ vs best [95% CI books]'.padEnd(28)}  ${'chosen'.padStart(6)} ${'Δ vs best [95% CI books]'.padEnd(28)}`,
  );
  for (const r of test) {
    const best = bestBaseline(r.books);
    const baseMap = mean(r.books.map((b) => b.baselines[best]));
    const d = figures(r, DEFAULT_WEIGHTS, best);
    const t = figures(r, tuned, best);
    out.push(
      `${r.run.padEnd(9)} ${String(r.books.length).padStart(5)} ${best.padEnd(16)} ${baseMap.toFixed(3).padStart(6)}  ${d.map.toFixed(3).padStart(8)} ${formatInterval(d.vsBest).padEnd(28)}  ${t.map.toFixed(3).padStart(6)} ${formatInterval(t.vsBest).padEnd(28)}`,
    );
  }
  return out;
}

/** The held-out report over the given sets (name -> books). */
export function heldoutReport(sets: [string, EvalBook[]][], runs: RunName[] = RUNS): string {
  const cached = new Map<string, CachedRun[]>();
  for (const [name, books] of sets) cached.set(name, runs.map((r) => cacheRun(name, books, r)));
  const out: string[] = ['# Held-out evaluation (offline pipeline; MAP@10; Δ = Kith − best single signal on the test books)'];
  out.push(`searched weights: ${searchedFeatures().join(', ')}; grid ${GRID.join(', ')}; objective: mean Δ over the runs of the training part`);
  if (sets.length > 1) {
    out.push('', '## Leave one set out');
    for (const [name] of sets) {
      const train = [...cached].filter(([n]) => n !== name).flatMap(([, r]) => r);
      out.push('', ...splitReport(`test ${name}, weights chosen on ${[...cached.keys()].filter((n) => n !== name).join(' + ')}`, train, cached.get(name)!));
    }
  }
  out.push('', '## Cutoff-wise: chosen on the earlier cutoffs, tested on the last');
  for (const [name, runsOf] of cached) {
    const cutoffs = [...new Set(runsOf[0].books.map((b) => b.cutoff))].sort();
    const last = cutoffs[cutoffs.length - 1];
    const part = (keep: (c: string) => boolean) => runsOf.map((r) => ({ ...r, books: r.books.filter((b) => keep(b.cutoff)) }));
    out.push('', ...splitReport(`${name}: test cutoff ${last}, chosen on ${cutoffs.slice(0, -1).join(', ')}`, part((c) => c !== last), part((c) => c === last)));
  }
  return out.join('\n');
}
