/**
 * The ranking options of POST and GET: parsing (pure, with errors that name the field) and applying
 * them to a scored list (filters, promotions, seen-demotion, limit), as decisions.md settles them:
 * promotions stack existing users → matching domain → the rest; filter_suggested_seen demotes within
 * each group; limit is applied last. The returned scores are shifted per group so that the list stays
 * ordered from the highest score to the lowest, as the spec promises.
 */
import { domainToASCII } from 'node:url';
import { nationalAliases } from './merge/links.ts';
import { normalizePhone, type CountryCode } from './phone.ts';
import { cardKind } from './phone-kind.ts';
import { possibleSecondRows } from './second-rows.ts';
import { sharedPhoneKeys } from './shared-lines.ts';
import type { BookSignals, Contact, KeyStat, SignalsWanted } from './types.ts';
import { isWebmailDomain } from './webmail.ts';

export interface RankOptions {
  filterSuggestedSeen: boolean;
  filterExistingUsers: boolean;
  filterInvitesSent: boolean;
  promoteExistingUsers: boolean;
  /** null: no promotion; 'owner': the owner's domain; else a lower-case domain. */
  promoteMatchingDomain: null | 'owner' | string;
  filterBlankNames: boolean;
  /** Positive integer or null (all). */
  limit: number | null;
  explain: boolean;
  /**
   * Ranked from the user's own book only: the cross-user signals (known_by, reciprocal_*) weigh 0 whatever
   * the app's weights say. Set for a client key's requests (a browser), never read from a request: a
   * client key could otherwise upload any address and read from its score how many other users of the
   * app hold it, once learning weighed known_by (a privacy probe).
   */
  ownBookOnly?: boolean;
}

/** Every signal: learning computes every feature. */
export const ALL_SIGNALS: SignalsWanted = Object.freeze({
  any: true,
  knownBy: true,
  reciprocal: true,
  appUsers: true,
  invited: true,
  accepted: true,
  seen: true,
});

/**
 * The signals a ranked answer with these weights and options can use. A signal only feeds its own
 * feature (src/domain/rank/features.ts) and the options that name it (applyRankOptions): with a weight
 * of 0 and no such option, looking it up cannot change a row, an order, a score or the explain. The
 * defaults weigh every cross-user and outcome feature 0 (weights.ts), and learning keeps the reciprocal
 * and outcome ones there: a plain GET or POST then reads no other book and no record at all.
 */
export function signalsUsed(w: Readonly<Record<string, number | undefined>>, opts: RankOptions): SignalsWanted {
  const weighs = (name: string) => (w[name] ?? 0) !== 0;
  const knownBy = weighs('known_by');
  const reciprocal = weighs('reciprocal') || weighs('reciprocal_frequency') || weighs('reciprocal_recency');
  const appUsers = opts.filterExistingUsers || opts.promoteExistingUsers || weighs('app_user');
  const invited = opts.filterInvitesSent || weighs('invited');
  const accepted = weighs('accepted');
  const seen = opts.filterSuggestedSeen;
  return { any: knownBy || reciprocal || appUsers || invited || accepted || seen, knownBy, reciprocal, appUsers, invited, accepted, seen };
}

/** The signals of a book when none is looked up (signalsUsed says none can change the answer). */
export function noSignals(): BookSignals {
  return { knownBy: new Map(), reciprocal: new Map(), appUserKeys: new Set(), invitedKeys: new Map(), acceptedKeys: new Set(), seenKeys: new Map() };
}

/**
 * The keys of the alias groups (POST /v0/alias) that the book does not hold itself: an alias group is one
 * person, so the records and cross-user signals of those keys are the book's contact's too (see
 * spreadOverAliases). `bookKeys`: the book's index keys.
 */
export function aliasKeysOutside(groups: readonly (readonly string[])[], bookKeys: readonly string[]): string[] {
  if (groups.length === 0) return [];
  const held = new Set(bookKeys);
  const out = new Set<string>();
  for (const g of groups) for (const k of g) if (!held.has(k)) out.add(k);
  return [...out];
}

/**
 * The book's signals with every alias group read as the one person it is: an app user, an invite sent
 * or accepted, a suggestion seen, the other users who know them and their own book's record of the
 * owner, recorded under any address of the group, hold for every address of it. So a contact holding
 * `ana@example.org` is an existing user when Ana signed up as `ana.silva@work.example` and the app said
 * the two are one person. `outside`: the signals of the groups' keys the book does not hold
 * (aliasKeysOutside), looked up apart. Writes into `signals` (a lookup's own, fresh object: a book of
 * 50,000 keys would copy six maps on every read) and returns it.
 */
export function spreadOverAliases(signals: BookSignals, groups: readonly (readonly string[])[], outside?: BookSignals): BookSignals {
  if (groups.length === 0) return signals;
  const read = (b: BookSignals) => [b.knownBy, b.reciprocal, b.appUserKeys, b.invitedKeys, b.acceptedKeys, b.seenKeys] as const;
  const sources = outside === undefined ? [signals] : [signals, outside];
  for (const g of groups) {
    let knownBy: number | undefined;
    let reciprocal: KeyStat | undefined;
    let appUser = false;
    let invited: number | undefined;
    let accepted = false;
    let seen: number | undefined;
    for (const s of sources) {
      const [kb, rc, au, inv, acc, sn] = read(s);
      for (const k of g) {
        const n = kb.get(k);
        if (n !== undefined) knownBy = Math.max(knownBy ?? 0, n);
        const r = rc.get(k);
        if (r !== undefined) reciprocal = reciprocal === undefined ? r : fuller(reciprocal, r);
        if (au.has(k)) appUser = true;
        const i = inv.get(k);
        if (i !== undefined) invited = Math.max(invited ?? i, i);
        if (acc.has(k)) accepted = true;
        const t = sn.get(k);
        if (t !== undefined) seen = Math.max(seen ?? t, t);
      }
    }
    for (const k of g) {
      if (knownBy !== undefined) signals.knownBy.set(k, knownBy);
      if (reciprocal !== undefined) signals.reciprocal.set(k, { ...reciprocal, key: k });
      if (appUser) signals.appUserKeys.add(k);
      if (invited !== undefined) signals.invitedKeys.set(k, invited);
      if (accepted) signals.acceptedKeys.add(k);
      if (seen !== undefined) signals.seenKeys.set(k, seen);
    }
  }
  return signals;
}

/** Two records of the owner in one person's book, as one: the higher count, the newer dates. */
function fuller(a: KeyStat, b: KeyStat): KeyStat {
  const newest = (x: number | null, y: number | null) => (x === null ? y : y === null ? x : Math.max(x, y));
  return { key: a.key, times: Math.max(a.times, b.times), lastSent: newest(a.lastSent, b.lastSent), lastReceived: newest(a.lastReceived, b.lastReceived) };
}

export class OptionError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field} ${problem}`);
  }
}

/**
 * Whether an option is not given: absent, JSON null, or the text "null" / "undefined" that a browser
 * client's query string carries for an unset value (`new URLSearchParams({limit: null})` is `limit=null`).
 */
function unset(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'string' || value.length > 16) return false;
  const v = value.trim().toLowerCase();
  return v === 'null' || v === 'undefined';
}

/** Reads a flag: 1/0, "1"/"0", true/false in any case, JSON booleans; null/absent = false. */
export function parseFlag(value: unknown, field: string): boolean {
  if (unset(value)) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (value === 1) return true;
    if (value === 0) return false;
  }
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === '1' || v === 'true') return true;
    if (v === '0' || v === 'false' || v === '') return false;
  }
  throw new OptionError(field, 'must be 1 or 0 (or true/false)');
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false;
  return true;
}

function parseDomainOption(value: unknown, field: string): RankOptions['promoteMatchingDomain'] {
  if (unset(value)) return null;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (v === '' || v === '0' || v === 'false') return null;
    if (v === '1' || v === 'true') return 'owner';
    // Accept "acme.com", "@acme.com" and "someone@acme.com": all name the same domain. A domain in
    // Unicode ("bücher.example") is its ASCII form ("xn--bcher-kva.example"), as an address's host is compared.
    const at = v.indexOf('@');
    const written = v.slice(at + 1).replace(/\.$/, '');
    const domain = isAscii(written) ? written : domainToASCII(written);
    if (v.indexOf('@', at + 1) >= 0 || !DOMAIN.test(domain)) throw new OptionError(field, 'must be 1, 0 or an e-mail domain such as example.com');
    return domain;
  }
  return parseFlag(value, field) ? 'owner' : null;
}

function parseLimit(value: unknown, field: string): number | null {
  if (unset(value) || value === '') return null;
  const n = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) {
    throw new OptionError(field, 'must be a positive integer');
  }
  // A positive integer beyond 2^53 − 1 (a client's "no limit": 2^63 − 1) is one too: more than any book holds.
  return Math.min(n, Number.MAX_SAFE_INTEGER);
}

/** Parses the options from a body or a query object. Throws OptionError naming the (first wrong) field. */
export function parseRankOptions(src: Record<string, unknown>): RankOptions {
  const problems: OptionError[] = [];
  const opts = readRankOptions(src, problems);
  if (problems.length > 0) throw problems[0];
  return opts;
}

/**
 * Parses the options from a body or a query object, every one of them: each wrong option's OptionError is
 * pushed to `problems` (in the order of the options below) and that option read as not given, so that
 * one 400 can name every wrong option, not only the first.
 */
export function readRankOptions(src: Record<string, unknown>, problems: OptionError[]): RankOptions {
  const read = <T>(parse: (value: unknown, field: string) => T, field: string, unsetValue: T): T => {
    try {
      return parse(src[field], field);
    } catch (e) {
      if (!(e instanceof OptionError)) throw e;
      problems.push(e);
      return unsetValue;
    }
  };
  return {
    filterSuggestedSeen: read(parseFlag, 'filter_suggested_seen', false),
    filterExistingUsers: read(parseFlag, 'filter_existing_users', false),
    filterInvitesSent: read(parseFlag, 'filter_invites_sent', false),
    promoteExistingUsers: read(parseFlag, 'promote_existing_users', false),
    promoteMatchingDomain: read(parseDomainOption, 'promote_matching_domain', null),
    filterBlankNames: read(parseFlag, 'filter_blank_names', false),
    limit: read(parseLimit, 'limit', null),
    explain: read(parseFlag, 'explain', false),
  };
}

export interface ScoredLike {
  contact: Contact;
  score: number;
  explain?: Record<string, number>;
}

/** A row of the answer: the scored contact, its rank and its final score (promotions included). */
export interface AppliedRow {
  contact: Contact;
  score: number;
  explain: Record<string, number> | undefined;
  rank: number;
  finalScore: number;
}

export interface Applied {
  rows: AppliedRow[];
  /** True when the domain to promote is a webmail domain: nothing was promoted. */
  exceptionMatchingDomain: boolean;
}

/** Whether one of `keys` is in `set`, a key of `ignore` aside. */
function hasAny(keys: string[], set: { has(k: string): boolean; size: number }, ignore: Set<string> | null = null): boolean {
  if (set.size === 0) return false;
  for (const k of keys) if (set.has(k) && (ignore === null || !ignore.has(k))) return true;
  return false;
}

/**
 * A record of this user's (an invite sent, a suggestion shown) that names a number without its country
 * ("07911 123458", "(415) 555-0188") is keyed as national-only ('n:'); the book may hold the number in
 * full. Read in the book, as the merge reads such a number: it names the one full number of the book that
 * ends in its digits after a real calling code (`nationalAliases`); and a national number of the book
 * names the one full number of the records that ends in its digits. Returns `keys` with both.
 */
function withNationalAliases(
  keys: ReadonlyMap<string, number>,
  scored: readonly ScoredLike[],
  region: CountryCode | null,
): { has(k: string): boolean; size: number } {
  const national: string[] = [];
  const recordFull: string[] = [];
  for (const k of keys.keys()) {
    if (k.charCodeAt(0) === 110 /* n */) national.push(k);
    else if (k.charCodeAt(0) === 112 /* p */) recordFull.push(k);
  }
  const full: string[] = [];
  const bookNational: string[] = [];
  for (const row of scored) {
    for (const k of row.contact.keys) {
      if (k.charCodeAt(0) === 112 /* p */) full.push(k);
      else if (k.charCodeAt(0) === 110 /* n */ && recordFull.length > 0) bookNational.push(k);
    }
  }
  const extra = new Set<string>();
  // The book's full numbers, as a set: built once, where one of the readings below asks.
  let inBook: Set<string> | undefined;
  const bookHolds = (k: string) => (inBook ??= new Set(full)).has(k);
  if (national.length > 0) {
    // First as the book's own numbers were read, in its region (Owner.region, else the server's): "55 1234 5678" of a Mexican user's invite is +52 55 1234 5678 where the book also holds
    // a US +1 551 234 5678; then, in a book without a region or for a number no row holds so, the one
    // full number of the book that ends in its digits.
    let rest = national;
    if (region !== null && full.length > 0) {
      rest = [];
      for (const k of national) {
        const p = normalizePhone(k.slice(2), region);
        // A number of the region's plan names that number, held by the book or not: never another
        // country's number of the same digits ("55 1234 5678" of a Mexican user is not the US
        // +1 551 234 5678; "020 7946 0018" of a British one is not the US +1 207 946 0018).
        if (p !== null && p.key !== null && p.key.charCodeAt(0) === 112 /* p */) {
          if (bookHolds(p.key)) extra.add(p.key);
        } else rest.push(k);
      }
    }
    if (rest.length > 0) for (const [, target] of nationalAliases([...rest, ...full])) if (target.charCodeAt(0) === 112) extra.add(target);
  }
  // The other way round: the book holds the number without its country (a book with no region, or a
  // number saved abroad: "(415) 555-0181", "07911 123458") and the record names it in full. The book's
  // national number names the one full number of the record's that ends in its digits, as above.
  // Not when the book holds that full number itself: then the national one is the same line held by two
  // cards, which names neither of them (sharedPhoneKeys).
  if (bookNational.length > 0) {
    for (const [key, target] of nationalAliases([...bookNational, ...recordFull])) {
      if (target.charCodeAt(0) === 112 && keys.has(target) && !bookHolds(target)) extra.add(key);
    }
  }
  if (extra.size === 0) return keys;
  return { has: (k: string) => keys.has(k) || extra.has(k), size: keys.size + extra.size };
}

/**
 * Applies filters, promotions, seen-demotion and the limit to a list already sorted by score.
 * `ownerDomains` are the owner's e-mail domains (for promote_matching_domain = 1).
 */
export function applyRankOptions(
  scored: readonly ScoredLike[],
  opts: RankOptions,
  signals: BookSignals,
  ownerDomains: string[],
  region: CountryCode | null = null,
): Applied {
  let exceptionMatchingDomain = false;
  let promoteDomains: Set<string> | null = null;
  if (opts.promoteMatchingDomain !== null) {
    const wanted = opts.promoteMatchingDomain === 'owner' ? ownerDomains : [opts.promoteMatchingDomain];
    const usable = wanted.filter((d) => !isWebmailDomain(d));
    if (usable.length === 0) exceptionMatchingDomain = true;
    else promoteDomains = new Set(usable);
  }

  const recordsMatter =
    ((opts.filterExistingUsers || opts.promoteExistingUsers) && signals.appUserKeys.size > 0) ||
    (opts.filterInvitesSent && signals.invitedKeys.size > 0) ||
    (opts.filterSuggestedSeen && signals.seenKeys.size > 0);
  const shared = recordsMatter ? sharedPhoneKeys(scored.map((r) => r.contact)) : null;
  const invited = opts.filterInvitesSent ? withNationalAliases(signals.invitedKeys, scored, region) : signals.invitedKeys;
  const seenKeys = opts.filterSuggestedSeen ? withNationalAliases(signals.seenKeys, scored, region) : signals.seenKeys;
  const blocks: ScoredLike[][] = [[], [], [], [], [], []];
  // Possible second rows of a person shown above (second-rows.ts), cards kept that read as a brand's or
  // a desk's (Contact.sender), and a business's line or a number the owner labelled as spam
  // (phone-kind.ts: on a phone book the counts are calls), go after the other rows of their block;
  // `shift` says what explain names the shift (a second row's: possible_duplicate).
  const second = possibleSecondRows(scored);
  const seconds: ScoredLike[][] = [[], [], [], [], [], []];
  const shift = new Map<ScoredLike, string>();
  // Rows already suggested: a second row of one is the same person, shown already (a review: the phone
  // card stayed among the fresh rows while its mail card sank to the seen ones).
  const seenRows = second.size > 0 && opts.filterSuggestedSeen ? new Set<number>() : null;
  for (let i = 0; i < scored.length; i++) {
    const row = scored[i]!;
    const c = row.contact;
    const isAppUser = (opts.filterExistingUsers || opts.promoteExistingUsers) && hasAny(c.keys, signals.appUserKeys, shared);
    if (opts.filterExistingUsers && isAppUser) continue;
    if (opts.filterInvitesSent && hasAny(c.keys, invited, shared)) continue;
    if (opts.filterBlankNames && !(c.name && c.name.trim())) continue;
    let group = 2;
    if (opts.promoteExistingUsers && isAppUser) group = 0;
    else if (promoteDomains && c.emails.some((e) => !e.junk && promoteDomains!.has(e.domain))) group = 1;
    const above = second.get(i);
    const seen = opts.filterSuggestedSeen && (hasAny(c.keys, seenKeys, shared) || (above !== undefined && seenRows!.has(above)));
    if (seen && seenRows !== null) seenRows.add(i);
    const kind = c.sender === true ? 'sender' : c.ownName === true ? 'own_name' : cardKind(c);
    if (kind !== null) shift.set(row, kind);
    (above !== undefined || kind !== null ? seconds : blocks)[group * 2 + (seen ? 1 : 0)].push(row);
  }

  // Shift scores block by block (from the last block up) so that every row of a block scores above
  // every row of the blocks after it. Without promotions or seen rows the offsets are all 0.
  const out: AppliedRow[] = [];
  const offsets = new Array<number>(blocks.length).fill(0);
  // A block's second rows and senders are shifted down below its other rows (a whole number, as promotions
  // are), so that the other rows keep their scores; 0 when they already score below them.
  const downs = new Array<number>(blocks.length).fill(0);
  let floor = -Infinity; // lowest adjusted score that the blocks above must exceed
  for (let b = blocks.length - 1; b >= 0; b--) {
    const block = blocks[b];
    const after = seconds[b];
    if (block.length === 0 && after.length === 0) continue;
    if (block.length > 0 && after.length > 0) {
      const lowest = block[block.length - 1].score;
      if (after[0].score >= lowest) downs[b] = -Math.ceil(after[0].score - lowest + 1);
    }
    const min = after.length > 0 ? after[after.length - 1].score + downs[b] : block[block.length - 1].score;
    const max = block.length > 0 ? block[0].score : after[0].score;
    offsets[b] = floor === -Infinity || min > floor ? 0 : Math.ceil(floor - min + 1);
    floor = Math.max(floor, max + offsets[b]);
  }
  const cap = opts.limit ?? scored.length;
  for (let b = 0; b < blocks.length && out.length < cap; b++) {
    pushRows(out, blocks[b], offsets[b], 0, cap);
    pushRows(out, seconds[b], offsets[b], downs[b], cap, shift);
  }
  return { rows: out, exceptionMatchingDomain };
}

function pushRows(out: AppliedRow[], rows: readonly ScoredLike[], offset: number, down: number, cap: number, shift?: ReadonlyMap<ScoredLike, string>): void {
  for (const row of rows) {
    if (out.length >= cap) return;
    // The shifts are part of the score: explain says so, so that its parts still add up.
    let explain = row.explain;
    // A row moved after its block (`shift` given: a possible second row, a sender ...) is named so even when
    // it already scored below the block and needed no shift (0): the reader sees what it was read as (a probe).
    if (explain && (offset !== 0 || down !== 0 || shift !== undefined)) {
      explain = { ...explain };
      if (offset !== 0) explain.promotion = offset;
      if (down !== 0 || shift !== undefined) explain[shift?.get(row) ?? 'possible_duplicate'] = down;
    }
    // One object shape for every row (no spread of the scored row).
    out.push({ contact: row.contact, score: row.score, explain, rank: out.length + 1, finalScore: roundScore(row.score + offset + down) });
  }
}

/** Scores go on the wire with 6 decimals: enough to order, no float noise. */
export function roundScore(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
