/** The linear ranker: score = bias + Σ weight × feature. Pure and deterministic. */
import { sharedPhoneKeys, signalsApart } from '../shared-lines.ts';
import type { BookSignals, Contact } from '../types.ts';
import { bookStatsOf, featuresOf, FEATURE_NAMES } from './features.ts';
import type { RankContext, Scored, Weights } from './types.ts';
import { DEFAULT_WEIGHTS } from './weights.ts';

/** Score of one feature vector; with `explain`, also each contribution (only non-zero ones, plus bias). */
export function scoreFeatures(
  features: Record<string, number>,
  weights: Readonly<Weights>,
  explain = false,
): { score: number; explain?: Record<string, number> } {
  const bias = weights.bias ?? 0;
  let score = bias;
  const parts: Record<string, number> | undefined = explain ? { bias } : undefined;
  for (const name of FEATURE_NAMES) {
    const w = weights[name] ?? 0;
    const x = features[name] ?? 0;
    const part = w * x;
    score += part;
    if (parts && part !== 0) parts[name] = part;
  }
  return parts ? { score, explain: parts } : { score };
}

/**
 * Scores and sorts the contacts of one book: score descending, ties by contact.id ascending.
 * Filters, promotions, seen-demotion and limit are the caller's (src/domain/options.ts); nothing is
 * dropped here. Seen suggestions are not a feature: filter_suggested_seen demotes them as a group.
 */
export function rankContacts(contacts: Contact[], ctx: RankContext): Scored[] {
  const weights = ctx.weights ?? DEFAULT_WEIGHTS;
  // What other users' books and the app's records say through a line several rows hold says nothing of
  // any one of them (shared-lines.ts).
  if (keyedSignals(ctx.signals)) ctx = { ...ctx, signals: signalsApart(ctx.signals, sharedPhoneKeys(contacts)) };
  const book = bookStatsOf(contacts, ctx.now);
  let out: Scored[];
  if (ctx.explain === true) {
    out = contacts.map((contact) => {
      const s = scoreFeatures(featuresOf(contact, ctx, book), weights, true);
      return { contact, score: s.score, explain: s.explain };
    });
  } else {
    // The same sum as scoreFeatures, in the same order, without the terms whose weight is 0 (adding a
    // zero product changes no sum): a big book scores its contacts with about half the multiplications.
    const bias = weights.bias ?? 0;
    const names: string[] = [];
    const ws: number[] = [];
    for (const name of FEATURE_NAMES) {
      const w = weights[name] ?? 0;
      if (w !== 0) {
        names.push(name);
        ws.push(w);
      }
    }
    out = new Array(contacts.length);
    for (let i = 0; i < contacts.length; i++) {
      const contact = contacts[i]!;
      const f = featuresOf(contact, ctx, book);
      let score = bias;
      for (let j = 0; j < names.length; j++) score += ws[j]! * (f[names[j]!] ?? 0);
      out[i] = { contact, score };
    }
  }
  out.sort((a, b) => b.score - a.score || a.contact.id - b.contact.id);
  return out;
}

/** Whether any part of `signals` that features read by key holds anything (else no shared line can matter). */
export function keyedSignals(s: BookSignals): boolean {
  return s.knownBy.size > 0 || s.reciprocal.size > 0 || s.appUserKeys.size > 0 || s.invitedKeys.size > 0 || s.acceptedKeys.size > 0;
}
