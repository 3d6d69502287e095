/**
 * Ranking features: every signal Kith has about one contact of one book, each turned into a number by a
 * monotone transform (log1p of counts, exponential decay of ages, 0/1 flags), so that a linear model
 * over them is explainable contribution by contribution and "more contact" can only raise a score.
 *
 * Pure: no I/O and no clock. Recency is measured against the newest activity found in the book itself
 * (BookStats.reference), so a five-year-old export ranks exactly like a fresh one.
 */
import type { BookSignals, Contact, KeyStat, Owner } from '../types.ts';
import type { RankContext } from './types.ts';

/** One day in epoch milliseconds. */
const DAY_MS = 86_400_000;

/**
 * Half-life of the recency of the last message the owner SENT, in days. People one writes to keep
 * being written to over weeks; a month-old message counts half as much as one sent "today".
 */
export const SENT_HALF_LIFE_DAYS = 30;
/**
 * Half-life of the recency of the last message RECEIVED, in days. Shorter than for sent mail: being
 * written to (newsletters, cc's, one-off requests) says less about whom the owner wants to reach.
 */
export const RECEIVED_HALF_LIFE_DAYS = 30;
/** Half-life of the recency of the contact's own last message to the owner (from the contact's book), in days. */
export const RECIPROCAL_HALF_LIFE_DAYS = 30;

/**
 * Share of the book's dated activity allowed to lie after the recency reference (fraction, 0..1).
 * The reference is the newest activity of the book, except that the newest 1 % of dates are skipped so
 * that one absurd future date (a clock gone wrong on one device) cannot age every other contact.
 */
const REFERENCE_OUTLIER_SHARE = 0.01;

/**
 * Which quantile (0..1) of the book's known times_contacted an unknown count is imputed with. Phones
 * stopped reporting the count, so "unknown" is not "never": it is read as a typical, light-side contact
 * of this book rather than as zero.
 */
const UNKNOWN_TIMES_QUANTILE = 0.25;

/** Webmail and ISP domains: an address there is a personal one; a company domain there is no "same company". */
export const PERSONAL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.co.uk', 'yahoo.fr', 'ymail.com', 'outlook.com',
  'hotmail.com', 'hotmail.co.uk', 'hotmail.fr', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com',
  'aol.com', 'gmx.com', 'gmx.de', 'gmx.net', 'web.de', 'mail.ru', 'yandex.ru', 'yandex.com', 'proton.me',
  'protonmail.com', 'zoho.com', 'fastmail.com', 'hey.com', 'qq.com', '163.com', 'comcast.net',
  'verizon.net', 'att.net', 'orange.fr', 'free.fr', 'wanadoo.fr', 'libero.it', 'wp.pl', 'o2.pl',
  'interia.pl', 'seznam.cz', 'btinternet.com', 'sky.com', 't-online.de',
]);

/**
 * Names of the features, in a fixed order (the order of explain output and of training).
 * - frequency: log1p(times_contacted); unknown counts are imputed (see UNKNOWN_TIMES_QUANTILE), except that
 *   a contact whose entries carry mail dates but no sent date was demonstrably never written to (0).
 * - sent_recency / received_recency: 2^(-age / half-life), age in days before the book's newest activity; 0 when no date.
 * - favorite, pinned: 0/1 marks set by the owner on the device.
 * - sources, entries: log2 of the number of sources / entries the person appears in (0 for one).
 * - completeness: share (0..1) of name, two or more channels, company, title and postal address present.
 * - personal_email: 1 when the contact has an address at a personal (webmail) domain.
 * - role_email: 1 when one of its addresses is a role address (info@, sales@): a desk, not a person.
 * - same_domain: 1 when it shares a (non-webmail) company domain with the owner.
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
  /** log1p(times_contacted) given to contacts whose count is unknown; 0 when the book knows no counts. */
  unknownFrequency: number;
  /** Number of contacts the stats were computed over. */
  contacts: number;
}

function times(c: Contact): number | null {
  return c.timesContacted !== null && c.timesContacted > 0 ? c.timesContacted : null;
}

/** Value at quantile q (0..1) of sorted ascending numbers (lower interpolation, deterministic). */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))];
}

/** Book-level statistics: the recency reference and the imputation of unknown counts. Pure. */
export function bookStatsOf(contacts: Contact[]): BookStats {
  const dates: number[] = [];
  const counts: number[] = [];
  for (const c of contacts) {
    if (c.lastSent !== null) dates.push(c.lastSent);
    if (c.lastReceived !== null) dates.push(c.lastReceived);
    const t = times(c);
    if (t !== null) counts.push(Math.log1p(t));
  }
  dates.sort((a, b) => b - a);
  counts.sort((a, b) => a - b);
  const skip = Math.floor(dates.length * REFERENCE_OUTLIER_SHARE);
  return {
    reference: dates.length > 0 ? dates[Math.min(skip, dates.length - 1)] : null,
    unknownFrequency: quantile(counts, UNKNOWN_TIMES_QUANTILE),
    contacts: contacts.length,
  };
}

/** 2^(-age/halfLife) with age in days before the reference (dates after it count as age 0). */
function decay(at: number | null, reference: number | null, halfLifeDays: number): number {
  if (at === null || reference === null) return 0;
  const ageDays = Math.max(0, reference - at) / DAY_MS;
  return Math.pow(2, -ageDays / halfLifeDays);
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

function completenessOf(c: Contact): number {
  const channels = c.emails.filter((e) => e.junk === null).length + c.phones.length;
  const parts = [
    c.name !== null && c.name.trim() !== '',
    channels >= 2,
    c.company !== null && c.company.trim() !== '',
    c.title !== null && c.title.trim() !== '',
    c.addressCount > 0,
  ];
  return parts.filter(Boolean).length / parts.length;
}

function ownerDomains(owner: Owner): Set<string> {
  return new Set(owner.emailDomains.map((d) => d.toLowerCase()).filter((d) => !PERSONAL_DOMAINS.has(d)));
}

/**
 * The features of one contact (see FEATURE_NAMES). Every name of FEATURE_NAMES is present. Pure.
 */
export function featuresOf(contact: Contact, ctx: RankContext, book: BookStats): Record<string, number> {
  const c = contact;
  const { signals } = ctx;
  const t = times(c);
  // Mail dates without a sent date: the source tracks messages and the owner never wrote. Otherwise an
  // unknown count (phones, or a source that dropped it) gets the book's typical light count.
  const neverWritten = t === null && c.lastSent === null && c.lastReceived !== null;
  const frequency = t !== null ? Math.log1p(t) : neverWritten ? 0 : book.unknownFrequency;

  const domains = new Set(c.emails.map((e) => e.domain));
  const companyDomains = ownerDomains(ctx.owner);
  let sameDomain = 0;
  let personal = 0;
  for (const d of domains) {
    if (companyDomains.has(d)) sameDomain = 1;
    if (PERSONAL_DOMAINS.has(d)) personal = 1;
  }

  const recip = reciprocalOf(c.keys, signals);
  const anyKey = (set: { has(k: string): boolean }) => (c.keys.some((k) => set.has(k)) ? 1 : 0);

  return {
    frequency,
    sent_recency: decay(c.lastSent, book.reference, SENT_HALF_LIFE_DAYS),
    received_recency: decay(c.lastReceived, book.reference, RECEIVED_HALF_LIFE_DAYS),
    favorite: c.favorite ? 1 : 0,
    pinned: c.pinned > 0 ? 1 : 0,
    sources: Math.log2(Math.max(1, c.sourceCount)),
    entries: Math.log2(Math.max(1, c.entryCount)),
    completeness: completenessOf(c),
    personal_email: personal,
    role_email: c.emails.some((e) => e.junk === 'role') ? 1 : 0,
    same_domain: sameDomain,
    known_by: Math.log1p(maxOver(c.keys, signals.knownBy)),
    reciprocal: recip ? 1 : 0,
    reciprocal_frequency: recip ? Math.log1p(Math.max(0, recip.times)) : 0,
    reciprocal_recency: recip ? decay(recip.lastSent, book.reference, RECIPROCAL_HALF_LIFE_DAYS) : 0,
    app_user: anyKey(signals.appUserKeys),
    invited: anyKey(signals.invitedKeys),
    accepted: anyKey(signals.acceptedKeys),
  };
}
