/**
 * Ranking features: every signal Kith has about one contact of one book, each turned into a number by a
 * monotone transform (log1p of counts, exponential decay of ages, 0/1 flags), so that a linear model
 * over them is explainable contribution by contribution and "more contact" can only raise a score.
 *
 * Pure: no I/O and no clock. Recency is measured against the newest activity found in the book itself
 * (BookStats.reference), so a five-year-old export ranks exactly like a fresh one.
 */
import { getDomain } from 'tldts';
import { plausibleDate } from '../dates.ts';
import { PSL_OPTIONS } from '../junk.ts';
import type { BookSignals, Contact, KeyStat, Owner } from '../types.ts';
import { isWebmailDomain } from '../webmail.ts';
import type { RankContext } from './types.ts';

/** One day in epoch milliseconds. */
const DAY_MS = 86_400_000;

/**
 * Shape of the recency features: half-lives in days of 2^(-age / half-life). Not weights (a linear model
 * cannot learn them), so they are fixed by the cross-set validation of the defaults (docs/ranking.md)
 * and passed explicitly only by the evaluation that chooses them.
 */
export interface FeatureParams {
  /** Half-life of the recency of the last message the owner SENT to the contact, in days. */
  sentHalfLifeDays: number;
  /** Half-life of the recency of the last message RECEIVED from the contact, in days. */
  receivedHalfLifeDays: number;
}

/**
 * The half-lives every app uses (chosen with `npm run eval -- --cv`, see docs/ranking.md). Sixty days,
 * the plain blend's, scored the same out-of-set as the best grid value on both logs and every degraded run.
 */
export const DEFAULT_FEATURE_PARAMS: Readonly<FeatureParams> = Object.freeze({ sentHalfLifeDays: 60, receivedHalfLifeDays: 60 });

/** Half-life of the recency of the contact's own last message to the owner (from the contact's book), in days. */
export const RECIPROCAL_HALF_LIFE_DAYS = 30;

/**
 * Share of the book's dates skipped at each end when taking its newest and oldest activity (fraction,
 * 0..1): one absurd date (a device clock gone wrong, an unset date read as 1970) must not age every
 * other contact or stretch the book's history.
 */
const OUTLIER_SHARE = 0.01;
/** Clock slack: a date up to this long after the ranking's `now` is still a date (ms). */
const FUTURE_SLACK_MS = 86_400_000;
/** Shortest history a book is credited with, in days: a book whose activity fits in one day is not "stale" after a day. */
const MIN_SPAN_DAYS = 30;

/**
 * Which quantile (0..1) of the book's known times_contacted stands for a "typical" contact of the book.
 * Phones stopped reporting the count, so "unknown" is not "never". An unknown count is imputed as
 * (1 - coverage) × typical, coverage being the share of the book's contacts whose count is known: in a
 * book that counts nobody (a phone) every contact gets the same value (0): the count plays no part and
 * the other signals rank; in a book mixing counted and uncounted sources, an uncounted contact gets
 * about the typical count; in a mail book that counts nearly everyone, a missing count most likely
 * means "hardly ever written to" and gets little.
 */
const TYPICAL_TIMES_QUANTILE = 0.5;

/**
 * Names of the features, in a fixed order (the order of explain output and of training).
 * - frequency: log1p(times_contacted); unknown counts are imputed (see TYPICAL_TIMES_QUANTILE), except that
 *   a contact whose entries carry mail dates but no sent date, or an explicit 0 from a source that counts
 *   (and no sent date), was demonstrably never written to (0).
 * - sent_recency / received_recency: 2^(-age / half-life) (FeatureParams, 60 days by default), age in days
 *   before the book's newest activity; 0 when no date.
 * - staleness: log1p(messages the owner would have sent since the last one at their usual pace), i.e.
 *   log1p(times × age / span) with span the book's history and age/span capped at 1. The "is the
 *   relationship still alive" term of buy-till-you-die models (Pareto/NBD): a frequent correspondent
 *   silent for months is more likely over than a rare one silent as long. Weight 0 by default (it added
 *   nothing on the logs); learning may weigh it negatively, never more than frequency (then more
 *   messages at the same age can never lower a score).
 * - favorite, pinned: 0/1 marks set by the owner on the device.
 * - sources, entries: log2 of the number of sources / distinct cards the person appears in (0 for one;
 *   copies of one card, a source sent again, count once).
 * - completeness: share (0..1) of name, two or more channels, company, title and postal address present.
 * - personal_email: 1 when the contact has an address at a personal (webmail) domain.
 * - role_email: 1 when its addresses are role addresses (info@, sales@) and none is a person's own: a desk,
 *   not a person.
 * - same_domain: 1 when one of its addresses is at the owner's (non-webmail) organisation: the owner's
 *   registrable domain or any host under it (an owner at corp.example and a colleague at
 *   ect.corp.example, or the other way round).
 * - known_by: log1p(number of other users of the app whose book holds this person).
 * - reciprocal_frequency / reciprocal_recency: how often and how lately the person wrote to the owner,
 *   from the person's own uploaded book (the owner is in their book).
 * - reciprocal: 1 when the person's own book holds the owner at all (even with no counts or dates).
 * - app_user: 1 when the person is already a user of the app.
 * - invited: 1 when this owner already sent them an invite (the owner chose this person once).
 * - accepted: 1 when an invite to them (by anyone) was accepted: they are now reachable in the app.
 */
export const FEATURE_NAMES = [
  'frequency',
  'sent_recency',
  'received_recency',
  'staleness',
  'favorite',
  'pinned',
  'sources',
  'entries',
  'completeness',
  'personal_email',
  'role_email',
  'same_domain',
  'known_by',
  'reciprocal',
  'reciprocal_frequency',
  'reciprocal_recency',
  'app_user',
  'invited',
  'accepted',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];

/**
 * Features that are themselves outcomes of inviting: they are kept out of training (their weights stay
 * at the prior), since every training sample was invited and acceptance is the label itself.
 */
export const OUTCOME_FEATURES: ReadonlySet<string> = new Set(['invited', 'accepted', 'app_user']);

/** What the ranker needs to know about the whole book to score one contact of it. */
export interface BookStats {
  /** Epoch ms the recency of every date is measured against: the book's newest activity (robust max); null when the book has no dates. */
  reference: number | null;
  /** Days between the book's oldest (robust min) and newest activity, at least MIN_SPAN_DAYS; 0 when no dates. */
  spanDays: number;
  /** log1p(times_contacted) given to contacts whose count is unknown (see TYPICAL_TIMES_QUANTILE); 0 when the book knows no counts. */
  unknownFrequency: number;
  /** Number of contacts the stats were computed over. */
  contacts: number;
}

/**
 * A message date, or null: dates before 1995 are unset (dates.ts: the same cut as the evidence that the
 * owner wrote to someone), and so are dates after `latest` (a device clock gone wrong: in a small book one
 * date in 2099 would be the reference and age every other contact to nothing).
 */
function plausible(at: number | null, latest: number): number | null {
  const d = plausibleDate(at);
  return d !== null && d <= latest ? d : null;
}

/** The latest plausible date of a ranking run at `now` (RankContext.now; absent: no bound). */
export function latestDate(now: number | undefined): number {
  return now === undefined ? Number.POSITIVE_INFINITY : now + FUTURE_SLACK_MS;
}

function times(c: Contact): number | null {
  return c.timesContacted !== null && c.timesContacted > 0 ? c.timesContacted : null;
}

/**
 * An explicit times_contacted of 0 (kept by the cleaner only from an upload that counts) with no sent
 * date: the owner never wrote to the person. A 0 beside a sent date contradicts itself and stays unknown.
 */
function neverCounted(c: Contact, lastSent: number | null): boolean {
  return c.timesContacted === 0 && lastSent === null;
}

/** Value at quantile q (0..1) of sorted ascending numbers (lower interpolation, deterministic). */
function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))];
}

/** Book-level statistics: the recency reference and the imputation of unknown counts. Pure. */
export function bookStatsOf(contacts: Contact[], now?: number): BookStats {
  const latest = latestDate(now);
  // Typed arrays: their sort is numeric and native (a big book sorts tens of thousands of dates).
  const dateBuf = new Float64Array(contacts.length * 2);
  const countBuf = new Float64Array(contacts.length);
  let nd = 0;
  let nc = 0;
  for (const c of contacts) {
    const sent = plausible(c.lastSent, latest);
    const received = plausible(c.lastReceived, latest);
    if (sent !== null) dateBuf[nd++] = sent;
    if (received !== null) dateBuf[nd++] = received;
    const t = times(c);
    if (t !== null) countBuf[nc++] = Math.log1p(t);
    else if (neverCounted(c, sent)) countBuf[nc++] = 0;
  }
  const dates = dateBuf.subarray(0, nd).sort(); // ascending: the newest last
  const counts = countBuf.subarray(0, nc).sort();
  const skip = Math.min(Math.floor(nd * OUTLIER_SHARE), nd - 1);
  const reference = nd > 0 ? dates[nd - 1 - skip]! : null;
  const oldest = nd > 0 ? dates[skip]! : null;
  return {
    reference,
    spanDays: reference === null || oldest === null ? 0 : Math.max(MIN_SPAN_DAYS, (reference - oldest) / DAY_MS),
    unknownFrequency: contacts.length === 0 ? 0 : (1 - nc / contacts.length) * quantile(counts, TYPICAL_TIMES_QUANTILE),
    contacts: contacts.length,
  };
}

/** Age in days before the reference (dates after it count as age 0); null when unknown. */
function ageDays(at: number | null, reference: number | null): number | null {
  if (at === null || reference === null) return null;
  return Math.max(0, reference - at) / DAY_MS;
}

/** 2^(-age/halfLife); 0 when no date. */
function decay(at: number | null, reference: number | null, halfLifeDays: number): number {
  const age = ageDays(at, reference);
  return age === null ? 0 : Math.pow(2, -age / halfLifeDays);
}

function maxOver(keys: string[], m: Map<string, number>): number {
  let best = 0;
  for (const k of keys) best = Math.max(best, m.get(k) ?? 0);
  return best;
}

/** The contact's own book's record of the owner, merged over the contact's keys (max count, newest dates). */
function reciprocalOf(keys: string[], signals: BookSignals): KeyStat | null {
  let out: KeyStat | null = null;
  for (const k of keys) {
    const s = signals.reciprocal.get(k);
    if (!s) continue;
    if (!out) out = { ...s };
    else {
      out.times = Math.max(out.times, s.times);
      out.lastSent = newest(out.lastSent, s.lastSent);
      out.lastReceived = newest(out.lastReceived, s.lastReceived);
    }
  }
  return out;
}

function newest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

/** Share of the five parts a full entry has: name, two channels, company, title, postal address. */
function completenessOf(c: Contact): number {
  let channels = c.phones.length;
  for (const e of c.emails) if (e.junk === null) channels++;
  let parts = 0;
  if (c.name !== null && c.name.trim() !== '') parts++;
  if (channels >= 2) parts++;
  if (c.company !== null && c.company.trim() !== '') parts++;
  if (c.title !== null && c.title.trim() !== '') parts++;
  if (c.addressCount > 0) parts++;
  return parts / 5;
}

/** The owner's organisations, once per owner object: a book ranks thousands of contacts. */
const ownerDomainsCache = new WeakMap<Owner, string[]>();
/**
 * The owner's organisations: the registrable domain (the Public Suffix List's, through tldts) of each of
 * the owner's non-webmail addresses, e.g. corp.example for an owner at ect.corp.example.
 */
function ownerDomains(owner: Owner): string[] {
  let s = ownerDomainsCache.get(owner);
  if (s === undefined) {
    const orgs = new Set<string>();
    for (const raw of owner.emailDomains) {
      const d = raw.toLowerCase();
      if (isWebmailDomain(d)) continue;
      const org = getDomain(d, PSL_OPTIONS) ?? d;
      // A webmail provider's other host (an owner at mail.yahoo.co.jp) is no organisation either: its
      // registrable domain would make every yahoo.co.jp user a colleague.
      if (org !== d && isWebmailDomain(org)) continue;
      orgs.add(org);
    }
    s = [...orgs];
    ownerDomainsCache.set(owner, s);
  }
  return s;
}

/** Whether `domain` (a lower-case host) is one of `orgs` or a host under one of them. */
function inOrganisation(domain: string, orgs: readonly string[]): boolean {
  for (const o of orgs) {
    if (domain === o) return true;
    if (domain.length > o.length && domain.endsWith(o) && domain.charCodeAt(domain.length - o.length - 1) === 46 /* . */) return true;
  }
  return false;
}

function anyKey(keys: readonly string[], set: { has(k: string): boolean }): number {
  for (const k of keys) if (set.has(k)) return 1;
  return 0;
}

/**
 * The features of one contact (see FEATURE_NAMES). Every name of FEATURE_NAMES is present. Pure.
 */
export function featuresOf(
  contact: Contact,
  ctx: RankContext,
  book: BookStats,
  params: Readonly<FeatureParams> = DEFAULT_FEATURE_PARAMS,
): Record<string, number> {
  const c = contact;
  const { signals } = ctx;
  const t = times(c);
  const latest = latestDate(ctx.now);
  const lastSent = plausible(c.lastSent, latest);
  const lastReceived = plausible(c.lastReceived, latest);
  // Mail dates without a sent date, or a counting source's explicit 0: the owner never wrote. Otherwise an
  // unknown count (phones, or a source that dropped it) gets the book's typical light count.
  const neverWritten = t === null && ((lastSent === null && lastReceived !== null) || neverCounted(c, lastSent));
  const frequency = t !== null ? Math.log1p(t) : neverWritten ? 0 : book.unknownFrequency;
  const sentAge = ageDays(lastSent, book.reference);
  const staleness = sentAge === null || book.spanDays <= 0 ? 0 : Math.log1p(Math.expm1(frequency) * Math.min(1, sentAge / book.spanDays));

  const companyDomains = ownerDomains(ctx.owner);
  let sameDomain = 0;
  let personal = 0;
  // A contact reached only at role mailboxes (info@, sales@: NormEmail.role) is a desk, not a person to
  // invite. A person who also has an address of their own (ann@gmail.com beside the info@ of her own
  // business) is a person: one role address among theirs says nothing against them.
  let roles = 0;
  let usable = 0;
  for (const e of c.emails) {
    if (sameDomain === 0 && companyDomains.length > 0 && inOrganisation(e.domain, companyDomains)) sameDomain = 1;
    if (personal === 0 && isWebmailDomain(e.domain)) personal = 1;
    if (e.role === true || e.junk === 'role') roles++;
    else if (e.junk === null) usable++;
  }
  const role = roles > 0 && usable === 0 ? 1 : 0;

  const recip = reciprocalOf(c.keys, signals);

  return {
    frequency,
    sent_recency: decay(lastSent, book.reference, params.sentHalfLifeDays),
    received_recency: decay(lastReceived, book.reference, params.receivedHalfLifeDays),
    staleness,
    favorite: c.favorite ? 1 : 0,
    pinned: c.pinned > 0 ? 1 : 0,
    sources: Math.log2(Math.max(1, c.sourceCount)),
    entries: Math.log2(Math.max(1, c.cardCount ?? c.entryCount)),
    completeness: completenessOf(c),
    personal_email: personal,
    role_email: role,
    same_domain: sameDomain,
    known_by: Math.log1p(maxOver(c.keys, signals.knownBy)),
    reciprocal: recip ? 1 : 0,
    reciprocal_frequency: recip ? Math.log1p(Math.max(0, recip.times)) : 0,
    reciprocal_recency: recip ? decay(plausible(recip.lastSent, latest), book.reference, RECIPROCAL_HALF_LIFE_DAYS) : 0,
    app_user: anyKey(c.keys, signals.appUserKeys),
    invited: anyKey(c.keys, signals.invitedKeys),
    accepted: anyKey(c.keys, signals.acceptedKeys),
  };
}
