/**
 * Runs the protocol of docs/ranking.md ("The evaluation data") for one set: per run (full, degraded) and cutoff,
 * rank every book with Kith (through a `Ranker`: HTTP or offline) and with the single-signal baselines,
 * and average the metrics over books.
 */
import { BASELINES, baselineAvailable, rankByBaseline, type BaselineName } from './baselines.ts';
import { byCutoff, degrade, type EvalBook, type RunName } from './dataset.ts';
import { meanMetrics, scoreRanking, type Metrics } from './metrics.ts';

/** Ranks all books of one cutoff in one fresh app: user_id -> rows (lower-cased e-mails per row). */
export type Ranker = (books: EvalBook[], label: string) => Promise<Map<string, string[][]>>;

export interface Row {
  /** 'kith' or a baseline name. */
  system: string;
  metrics: Metrics;
}

export interface CutoffResult {
  cutoff: string;
  /** Books scored (non-empty `relevant`). */
  books: number;
  /** Books loaded into the cutoff's app (scored + context books). */
  loaded: number;
  rows: Row[];
}

/** One book's MAP@10 per system (for paired bootstrap intervals over books). */
export interface BookScore {
  user: string;
  cutoff: string;
  /** System ('kith' or a baseline name) -> MAP@10 of this book. */
  map10: Record<string, number>;
}

export interface RunResult {
  run: RunName;
  cutoffs: CutoffResult[];
  /** Averaged over all books of the set (not over cutoffs). */
  overall: Row[];
  /** Per-book MAP@10 of every system, in evaluation order. */
  books: BookScore[];
  /**
   * The people the owners wrote to next (every one is in their book, see the datasets' README), and how
   * many of them are nowhere in Kith's whole answer (dropped, or merged away under another address):
   * issue #12's first criterion, which must be 0. A few examples as "user: address".
   */
  relevant: number;
  absent: number;
  absentExamples: string[];
}

function relevantOf(book: EvalBook): Set<string> {
  return new Set(Object.keys(book.relevant).map((e) => e.trim().toLowerCase()));
}

export async function evaluateRun(books: EvalBook[], run: RunName, ranker: Ranker, label: string): Promise<RunResult> {
  const data = degrade(books, run);
  const baselines = BASELINES.filter((b) => baselineAvailable(data, b));
  const perSystem = new Map<string, Metrics[]>();
  const push = (system: string, m: Metrics) => {
    const list = perSystem.get(system) ?? [];
    list.push(m);
    perSystem.set(system, list);
  };
  const cutoffs: CutoffResult[] = [];
  const perBook: BookScore[] = [];
  let relevant = 0;
  let absent = 0;
  const absentExamples: string[] = [];
  for (const [cutoff, group] of byCutoff(data)) {
    const ranked = await ranker(group, `${label}-${run}-${cutoff}`);
    const local = new Map<string, Metrics[]>();
    const add = (system: string, m: Metrics) => {
      const list = local.get(system) ?? [];
      list.push(m);
      local.set(system, list);
      push(system, m);
    };
    // Context books (empty `relevant`) were loaded above for the cross-user signals; never scored.
    const scored = group.filter((b) => Object.keys(b.relevant).length > 0);
    for (const book of scored) {
      const rel = relevantOf(book);
      const one: BookScore = { user: book.user_id, cutoff, map10: {} };
      const rows = ranked.get(book.user_id) ?? [];
      const listed = new Set(rows.flat());
      relevant += rel.size;
      for (const e of rel) {
        if (listed.has(e)) continue;
        absent++;
        if (absentExamples.length < 5) absentExamples.push(`${book.user_id}@${cutoff}: ${e}`);
      }
      const kith = scoreRanking(rows, rel);
      add('kith', kith);
      one.map10.kith = kith.map10;
      for (const b of baselines) {
        const m = scoreRanking(rankByBaseline(book, b as BaselineName), rel);
        add(b, m);
        one.map10[b] = m.map10;
      }
      perBook.push(one);
    }
    cutoffs.push({ cutoff, books: scored.length, loaded: group.length, rows: [...local].map(([system, l]) => ({ system, metrics: meanMetrics(l) })) });
  }
  const overall = [...perSystem].map(([system, l]) => ({ system, metrics: meanMetrics(l) }));
  return { run, cutoffs, overall, books: perBook, relevant, absent, absentExamples };
}
