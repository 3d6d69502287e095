/**
 * Ranking metrics of one ranked list against the held-out relevant set (binary relevance: a contact
 * is relevant when the owner wrote to it in the window after the cutoff). Averaged over books.
 */

export interface Metrics {
  /** Average precision at 10, normalised by min(|relevant|, 10) (the README's MAP@10). */
  map10: number;
  /** Precision at 5. */
  p5: number;
  /** Normalised DCG at 10, binary gains. */
  ndcg10: number;
  /** Reciprocal rank of the first relevant contact (0 when none is listed). */
  mrr: number;
}

export const METRIC_NAMES: (keyof Metrics)[] = ['map10', 'p5', 'ndcg10', 'mrr'];
export const METRIC_TITLES: Record<keyof Metrics, string> = { map10: 'MAP@10', p5: 'P@5', ndcg10: 'nDCG@10', mrr: 'MRR' };

/**
 * Metrics of one ranking. `ranked` holds, per row, the lower-cased e-mails of the row (a merged contact
 * may carry several; a row is relevant when any of them is); `relevant` holds lower-cased e-mails.
 * A relevant person is counted once even if two rows carry it.
 */
export function scoreRanking(ranked: string[][], relevant: Set<string>): Metrics {
  if (relevant.size === 0) return { map10: 0, p5: 0, ndcg10: 0, mrr: 0 };
  const seen = new Set<string>();
  const hit = ranked.map((emails) => {
    const fresh = emails.filter((e) => relevant.has(e) && !seen.has(e));
    for (const e of fresh) seen.add(e);
    return fresh.length > 0;
  });
  let hits = 0;
  let ap = 0;
  let dcg = 0;
  let mrr = 0;
  hit.forEach((h, i) => {
    if (!h) return;
    if (mrr === 0) mrr = 1 / (i + 1);
    if (i < 10) {
      hits++;
      ap += hits / (i + 1);
      dcg += 1 / Math.log2(i + 2);
    }
  });
  let idcg = 0;
  for (let i = 0; i < Math.min(10, relevant.size); i++) idcg += 1 / Math.log2(i + 2);
  const p5 = hit.slice(0, 5).filter(Boolean).length / 5;
  return { map10: ap / Math.min(relevant.size, 10), p5, ndcg10: dcg / idcg, mrr };
}

/** Mean of each metric over books. */
export function meanMetrics(list: Metrics[]): Metrics {
  const out: Metrics = { map10: 0, p5: 0, ndcg10: 0, mrr: 0 };
  if (list.length === 0) return out;
  for (const m of list) for (const k of METRIC_NAMES) out[k] += m[k];
  for (const k of METRIC_NAMES) out[k] /= list.length;
  return out;
}
