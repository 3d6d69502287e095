/**
 * Runs the protocol of ../shared/datasets/README.md for one set: per run (full, degraded) and cutoff,
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
  books: number;
  rows: Row[];
}

export interface RunResult {
  run: RunName;
  cutoffs: CutoffResult[];
  /** Averaged over all books of the set (not over cutoffs). */
  overall: Row[];
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
  for (const [cutoff, group] of byCutoff(data)) {
    const ranked = await ranker(group, `${label}-${run}-${cutoff}`);
    const local = new Map<string, Metrics[]>();
    const add = (system: string, m: Metrics) => {
      const list = local.get(system) ?? [];
      list.push(m);
      local.set(system, list);
      push(system, m);
    };
    for (const book of group) {
      const rel = relevantOf(book);
      add('kith', scoreRanking(ranked.get(book.user_id) ?? [], rel));
      for (const b of baselines) add(b, scoreRanking(rankByBaseline(book, b as BaselineName), rel));
    }
    cutoffs.push({ cutoff, books: group.length, rows: [...local].map(([system, l]) => ({ system, metrics: meanMetrics(l) })) });
  }
  const overall = [...perSystem].map(([system, l]) => ({ system, metrics: meanMetrics(l) }));
  return { run, cutoffs, overall };
}
