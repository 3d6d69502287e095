/**
 * Learning an app's ranking weights from its invite outcomes (sent = sample, accepted = label 1).
 * For each inviter, the invitee's features are computed in the inviter's current book, the weights are
 * fitted toward the defaults (domain/rank/train.ts) and stored per tenant, so they survive restarts.
 */
import { bookStatsOf, DEFAULT_WEIGHTS, featuresOf, MIN_SAMPLES, trainWeights, type TrainSample } from '../domain/rank/index.ts';
import type { BookSignals, Contact, Owner } from '../domain/types.ts';
import { sharedPhoneKeys, signalsApart } from '../domain/shared-lines.ts';
import type { Storage, Tenant, WeightsRecord } from '../storage/types.ts';

/** Most recent invites used for one training (rows): bounds the work of one retrain. */
export const MAX_OUTCOMES = 20_000;

export interface LearnDeps {
  /** The user's cleaned, merged book and its signals; null when the user has no book (any more). */
  buildContacts(userId: string): Promise<{ contacts: Contact[]; owner: Owner; signals: BookSignals } | null>;
  /** Clock for `trainedAt` (tests pass a fixed one). */
  now?: () => number;
}

/**
 * Signals as they were before the invite could change them. Once an invitee accepts, they become an
 * app user, may upload a book that holds the inviter (reciprocal) and are in acceptedKeys: computed
 * today, those would describe the label, not predict it. Training sees them as absent (their weights
 * stay at the defaults); knownBy and the book itself are kept.
 */
function beforeOutcome(s: BookSignals): BookSignals {
  return { ...s, reciprocal: new Map(), appUserKeys: new Set(), invitedKeys: new Map(), acceptedKeys: new Set() };
}

/**
 * Retrains and saves the tenant's weights. Returns the saved record, or null when there is too little
 * to learn from (fewer than MIN_SAMPLES usable outcomes, or one class too rare): then nothing is saved
 * and the ranker keeps using the defaults (or the weights saved before).
 */
export async function retrainWeights(storage: Storage, tenant: Tenant, deps: LearnDeps): Promise<WeightsRecord | null> {
  const outcomes = await storage.loadInviteOutcomes(tenant, MAX_OUTCOMES);
  if (outcomes.length < MIN_SAMPLES) return null;

  const byUser = new Map<string, { keys: string[]; accepted: boolean }[]>();
  for (const o of outcomes) {
    const list = byUser.get(o.userId) ?? [];
    list.push(o);
    byUser.set(o.userId, list);
  }

  const samples: TrainSample[] = [];
  // Users in a fixed order: the fit is deterministic for the same data.
  for (const userId of [...byUser.keys()].sort()) {
    const built = await deps.buildContacts(userId);
    if (!built) continue;
    // Same population as the ranking: junk contacts are never ranked, so they do not shape the book stats.
    const contacts = built.contacts.filter((c) => !c.junk);
    // An invite to a line several rows hold (a family landline) names none of them: no sample, and no
    // signal read through it (shared-lines.ts), as the ranking reads them.
    const shared = sharedPhoneKeys(contacts);
    const byKey = new Map<string, Contact>();
    for (const c of contacts) for (const k of c.keys) if (shared === null || !shared.has(k)) byKey.set(k, c);
    const ctx = { owner: built.owner, signals: signalsApart(beforeOutcome(built.signals), shared) };
    const book = bookStatsOf(contacts);
    // One sample per person invited: the same invite recorded again (a client retrying, a reminder)
    // is no new evidence. Accepted when any of the person's invites was.
    const byContact = new Map<Contact, boolean>();
    for (const o of byUser.get(userId)!) {
      const contact = o.keys.map((k) => byKey.get(k)).find((c) => c !== undefined);
      // An invitee who is not in the inviter's book has no features to learn from.
      if (!contact) continue;
      byContact.set(contact, byContact.get(contact) === true || o.accepted);
    }
    for (const [contact, accepted] of byContact) samples.push({ features: featuresOf(contact, ctx, book), label: accepted ? 1 : 0 });
  }

  const fit = trainWeights(samples, DEFAULT_WEIGHTS);
  if (!fit.trained) return null;
  const record: WeightsRecord = { weights: fit.weights, samples: fit.samples, trainedAt: (deps.now ?? Date.now)() };
  await storage.saveWeights(tenant, record);
  return record;
}
