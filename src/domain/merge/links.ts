/**
 * Which entries a shared key may link: the key index of a book, national-number aliases, the per-key
 * guard (shared numbers, hubs, switchboards, colleagues) and the app's alias groups.
 */
import { hasImceaPrefix } from '../email.ts';
import { isRoleLocal } from '../junk.ts';
import { isCallingCode, isNanpNational, isTrunkNational, isTrunkZero, isValidNational, nationalIn } from '../phone.ts';
import { isWebmailDomain } from '../webmail.ts';
import { parsePhoneNumberFromString as parseMobile } from 'libphonenumber-js/mobile';
import type { NormalizedEntry } from '../types.ts';
import type { Components } from './components.ts';
import {
  generationsPair,
  hasGeneration,
  looselyCompatible,
  prefixOnlyCompatible,
  localSpellsName,
  nameKey,
  namesCompatible,
  petCompatible,
  relationOf,
  relativesPair,
  sameWords,
  scriptsUncompared,
  someonesRelation,
} from './names.ts';

/** Holders of one mailbox up to which linkMailbox orders its copies by how many labels agree. */
const MAX_AGREEMENT_COUNT = 64;
/** Digits of a national-only number that must match the end of a full number to be read as the same phone. */
const MIN_ALIAS_DIGITS = 7;
/** A key holding this many distinct identities is shared (office, family, placeholder), whatever the names say. */
const HUB_IDENTITIES = 3;
/**
 * org of a direct line ("+E164;ext=N"): like every phone, no organisation; marked so that the identity
 * count of a shared key does not read it as who someone is (see identifyingKey).
 */
const DIRECT_LINE = -2;
/** Shorter keys hold no extension: the shortest direct line is 'n:' + 7 digits + ';ext=' + 1 digit (15). */
const MIN_LINE_KEY = 14;

// --- keys -------------------------------------------------------------------------------------------

// --- aliases ----------------------------------------------------------------------------------------

/**
 * Joins the entries that hold addresses of one alias group (POST /v0/alias: the app says these addresses
 * are one person). Applied after the key links and over the name veto: the app's word outranks the
 * guesses of the guard, and an alias is about addresses, so "J. Smith <work>" and "Johnny <home>" join.
 * Junk addresses never join anyone, aliased or not. Groups that share an address are one group.
 * `aliases`: lists of e-mail keys as the index stores them ('e:' + normalised address).
 */
export function joinAliases(entries: readonly NormalizedEntry[], aliases: readonly (readonly string[])[], uf: Components): void {
  const groupParent = aliases.map((_, g) => g);
  const findGroup = (g: number): number => {
    while (groupParent[g] !== g) g = groupParent[g] = groupParent[groupParent[g]];
    return g;
  };
  const groupOfKey = new Map<string, number>();
  aliases.forEach((keys, g) => {
    for (const k of keys) {
      if (!k.startsWith('e:')) continue;
      const bare = k.slice(2);
      const other = groupOfKey.get(bare);
      if (other === undefined) groupOfKey.set(bare, g);
      else groupParent[findGroup(g)] = findGroup(other);
    }
  });
  const first = new Int32Array(aliases.length).fill(-1);
  for (let i = 0; i < entries.length; i++) {
    for (const m of entries[i].emails) {
      if (m.junk) continue;
      const g = groupOfKey.get(m.key);
      if (g === undefined) continue;
      const root = findGroup(g);
      if (first[root] < 0) first[root] = i;
      else uf.tryUnion(first[root], i, true);
    }
  }
}

/**
 * Link key of a national-only number: its digits without leading zeros (trunk prefix), or the full
 * number of the book that ends with those digits when exactly one does ("0171 1234567" with no region
 * and "+49 171 1234567" from a source that had one), the zeros being the trunk prefix of that number's
 * country ("020 7946 0958" is never "+1 207 946 0958": isTrunkZero). Zeros before a valid North American
 * number stay in the key ("020 7946 0958" is not "(207) 946-0958") unless the book's full numbers name a
 * country of trunk 0 the digits are valid in (apartFromNanp). Works on the book's distinct keys (first
 * appearance first), not on every entry.
 */
export function nationalAliases(keys: readonly string[]): Map<string, string> {
  const national: [string, string][] = [];
  const wanted = new Set<string>(); // only the tails some national number asks for are indexed
  for (const k of keys) {
    if (k.charCodeAt(0) !== 110 /* 'n' */ || k.charCodeAt(1) !== 58 /* ':' */ || k.includes('@')) continue; // '@': an e-mail
    const d = k.slice(2).replace(/^0+/, '');
    national.push([k, d]);
    if (d.length >= MIN_ALIAS_DIGITS) wanted.add(d.slice(-MIN_ALIAS_DIGITS));
  }
  const byTail = new Map<string, string[]>();
  if (wanted.size > 0) {
    for (const k of keys) {
      if (k.charCodeAt(0) !== 112 /* 'p' */ || k.charCodeAt(1) !== 58 /* ':' */ || k.includes('@')) continue;
      const tail = k.slice(-MIN_ALIAS_DIGITS);
      if (!wanted.has(tail)) continue;
      const list = byTail.get(tail);
      if (!list) byTail.set(tail, [k]);
      else list.push(k);
    }
  }
  // North America's trunk prefix is 1, which dropping leading zeros does not cover: `1-512-262-8658` and
  // `(512) 262-8658`, both read with no region, are one number (two rows of one friend before).
  const trunkOne = (d: string) => d.length === 11 && d.charCodeAt(0) === 49; /* '1' */
  const digits = national.some(([, d]) => trunkOne(d)) ? new Set(national.map(([, d]) => d)) : null;
  const alias = new Map<string, string>();
  // Digits written with a 0 before a valid North American number are not that number ("020 7946 0958"
  // and "(207) 946-0958" with no region: a London and a Maine number, one key before), unless the book
  // holds full numbers of a country whose trunk prefix is 0 and of which the digits are a valid number:
  // there they are that country's number written with and without its 0 (an Indian book's "97360 55361"
  // and "097360 55361", 973 being New Jersey's area code: one person's two rows in eval:top10 when kept
  // apart). Elsewhere the digits with and without the trunk 0 are one number ("0171 1234567").
  let zeroCodes: string[] | null = null;
  const apartFromNanp = (key: string, d: string): boolean => {
    if (key.charCodeAt(2) !== 48 /* '0' */ || !isNanpNational(d)) return false;
    zeroCodes ??= trunkZeroCodes(keys);
    return !zeroCodes.some((cc) => isValidNational(cc, d));
  };
  for (const [key, d] of national) {
    let target = digits !== null && trunkOne(d) && digits.has(d.slice(1)) ? 'n:' + d.slice(1) : 'n:' + d;
    if (apartFromNanp(key, d)) target = key;
    if (d.length >= MIN_ALIAS_DIGITS) {
      // A full key is 'p:+' then the country code then the national number: what precedes the national
      // digits must be a real calling code ("0863955635" is "+353 86 395 5635": 3 of them), or nothing
      // at all (the national-only string already held the country code, as "00353 86..." does).
      // The digits as written, their zeros kept: a trunk prefix that starts with 0 and goes on ("06 30 123
      // 4567", Hungary's 06) is only seen so.
      const candidates = byTail.get(d.slice(-MIN_ALIAS_DIGITS)) ?? [];
      const written = key.slice(2);
      // The zeros dropped must be the trunk prefix of the full number's country: "020 7946 0958" is
      // "+44 20 7946 0958", never "+1 207 946 0958" (North America's prefix is 1; a probe found a London
      // friend folded into a Maine contact in a US book, and "06 20 555 0147" into "+1 620 555 0147").
      const zeros = written.slice(0, written.length - d.length);
      let hits = candidates.filter((k) => {
        if (!k.endsWith(d)) return trunkWritten(k, d) || mexicanDialPrefix(k, key) || nationalIn(written, k.slice(2));
        const cc = k.slice(3, k.length - d.length);
        // Not a local number without its area code ("234-5679" beside "+1 212 234 5679"): which area it
        // is in is unknown here (the owner's own may be another), and the join would fuse two people.
        return cc === '' || (isCallingCode(cc) && isTrunkZero(zeros, cc));
      });
      // Only where no number fits so: the digits as written, their zeros kept, after a trunk prefix
      // that starts with 0 and goes on ("06 30 123 4567", Hungary's 06, is "+36 30 123 4567", whose
      // "3" before the digits is no calling code). Never against a number that fits the plain way (a
      // French "06 12 34 56 78" beside "+33 6 12 34 56 78" stays his, whatever "+36 1 234 5678" says).
      // Or the plan keeps the 0 in the number itself (Italy's "06 1234 5678" is "+39 06 1234 5678", Côte
      // d'Ivoire's "07 07 12 34 56" is "+225 07 07 12 34 56"; a probe found each two rows of one person).
      if (hits.length === 0 && written !== d) {
        hits = candidates.filter((k) => trunkWritten(k, written) || (k.endsWith(written) && isCallingCode(k.slice(3, k.length - written.length))));
      }
      if (hits.length === 1) target = hits[0];
    }
    alias.set(key, target);
  }
  return alias;
}

/** The calling codes of the book's full numbers ('p:+' keys) whose country has the trunk prefix 0. */
function trunkZeroCodes(keys: readonly string[]): string[] {
  const codes = new Set<string>();
  for (const k of keys) {
    if (k.charCodeAt(0) !== 112 /* 'p' */ || k.charCodeAt(2) !== 43 /* '+' */) continue;
    for (let n = 1; n <= 3; n++) {
      const cc = k.slice(3, 3 + n);
      if (!isCallingCode(cc)) continue;
      if (isTrunkZero('0', cc)) codes.add(cc);
      break; // calling codes are prefix-free: the first one read is the number's
    }
  }
  return [...codes];
}

/**
 * Whether the full key `k` ('p:+' code national) is the national-only digits `d` written at home with a
 * trunk prefix other than 0 ("8 916 123-45-67" and "+7 916 123 45 67": the same Russian mobile, which
 * stayed two rows when the book's country was not Russia). Exactly the national number after the prefix
 * of one of the code's countries (phone.ts isTrunkNational), never a tail of it.
 */
function trunkWritten(k: string, d: string): boolean {
  const e = k.indexOf(';');
  const de = d.indexOf(';');
  if (e < 0 !== de < 0 || (e >= 0 && k.slice(e) !== d.slice(de))) return false;
  const full = e < 0 ? k.slice(3) : k.slice(3, e);
  const digits = de < 0 ? d : d.slice(0, de);
  for (let cc = 1; cc <= 3 && cc < full.length; cc++) {
    if (isTrunkNational(digits, full.slice(0, cc), full.slice(cc))) return true;
  }
  return false;
}

/**
 * Whether the full key `k` is a Mexican number that the national-only key `n` writes with a dialling
 * prefix Mexico abolished in 2019 and libphonenumber's metadata no longer has: 044 and 045 before a
 * mobile, 01 before a long-distance number ("044 55 1234 5678" saved years ago, "+52 55 1234 5678" from
 * the mail account: two rows of one person). Exactly the ten digits of the full number after the prefix.
 */
function mexicanDialPrefix(k: string, n: string): boolean {
  if (!k.startsWith('p:+52') || k.length !== 15) return false;
  const m = MX_OLD_PREFIX_RE.exec(n);
  return m !== null && m[1] === k.slice(5);
}
const MX_OLD_PREFIX_RE = /^n:0(?:44|45|1)(\d{10})$/;

/**
 * An ambiguous number's other reading (NormPhone.alt: "8 (916) …" or "011 44 …" in a German book, read
 * as the German plan reads it and, alternatively, as the Russian or British number) links its entry as
 * that reading when another card of the book holds exactly it, and no card holds the book's reading
 * without the same doubt (then the book's reading stands: a number written so is somebody's). The slot
 * of the entry's key takes the other reading's id; nothing is linked on a reading no card holds, so
 * no one is made of it, and the guard (names, shared numbers) judges the link as any shared number's.
 * `alts`: slot, entry, reading per phone; `plain`: the key ids held without another reading.
 */
function linkAlternatives(entries: NormalizedEntry[], alts: (number | string)[], ids: Map<string, number>, keyOf: Int32Array, keyStart: Int32Array): void {
  // The full numbers some card holds without another reading (rare: only books with such a number get here).
  const plain = new Set<number>();
  for (const e of entries) {
    for (const p of e.phones) {
      if (p.alt !== undefined || p.key === null || p.key.charCodeAt(0) !== 112 /* 'p' */) continue;
      const id = ids.get(p.key);
      if (id !== undefined) plain.add(id);
    }
  }
  for (let j = 0; j < alts.length; j += 3) {
    const slot = alts[j] as number;
    const i = alts[j + 1] as number;
    const other = ids.get(alts[j + 2] as string);
    const own = keyOf[slot];
    // The other reading held by a card as its own number, the book's reading by none.
    if (other === undefined || other === own || !plain.has(other) || plain.has(own)) continue;
    if (repeats(keyOf, keyStart[i], keyStart[i + 1], other)) continue;
    keyOf[slot] = other;
  }
}

/**
 * The link keys of every entry as small integers, in flat arrays (no array and no string per entry):
 * entry i holds ids keyOf[keyStart[i] .. keyStart[i+1]); key k is held by entries
 * holderOf[holderStart[k] .. holderStart[k+1]), in upload order (exact copies of a card left out once
 * dropCopies has run). Key ids follow first appearance, so walking keys by id is deterministic and
 * depends only on the entry list.
 */
export interface KeyIndex {
  keyCount: number;
  keyStart: Int32Array;
  keyOf: Int32Array;
  holderStart: Int32Array;
  holderOf: Int32Array;
  /** National-only key -> the key it links as (see nationalAliases); null when the book has none. */
  alias: Map<string, string> | null;
  /** Per entry: how many of its keys are e-mails (they come first: keyOf[keyStart[i] .. keyStart[i] + emailCount[i])). */
  emailCount: Int32Array;
  /**
   * Per key: the organisation of an e-mail key (its domain as a small integer), -1 for a webmail domain
   * (millions of strangers share gmail.com) and for phones.
   */
  org: Int32Array;
  /**
   * Per key: 1 when the book itself says the key is shared, whatever its holders look like: a number the
   * book also holds with an extension is a switchboard. null when no key is.
   */
  switchboard: Uint8Array | null;
  /**
   * Per key: 1 for an address of the book's owner (merge.ts SelfOf), which the mailbox rule leaves to the
   * general rule: a card on it may be the owner's own, left out, and must not take another person with it.
   * null when no key is.
   */
  own: Uint8Array | null;
  /**
   * Per entry: 1 for the owner's own unnamed card whose numbers were not indexed (indexKeys); null when
   * none. Such a card is no bare copy of the owner's address: it never joins a named card on it.
   */
  ownPhones: Uint8Array | null;
  /** The keys as written, by raw id (before the renumbering of national keys: finalId), for keyName. */
  ids: Map<string, number>;
  finalId: Int32Array | null;
  /** keyName's table, built on first use (rare: only a pet form's link asks). */
  names: string[] | null;
}

/** The key (`p:+4915121000000`, `ann@example.com`) of key id `key`. */
function keyName(ix: KeyIndex, key: number): string {
  if (ix.names === null) {
    ix.names = new Array<string>(ix.keyCount).fill('');
    for (const [k, r] of ix.ids) {
      const id = ix.finalId === null ? r : ix.finalId[r];
      if (ix.names[id] === '' || !k.startsWith('n:')) ix.names[id] = k;
    }
  }
  return ix.names[key] ?? '';
}

/** isMobileKey's answers, per key (a bounded cache: it is asked for pet forms' links only). */
const mobileKeys = new Map<string, boolean>();

/**
 * Whether a phone key is a mobile number: libphonenumber's mobile metadata reads it as valid. Not North
 * America's (+1), whose plan does not tell a mobile from a landline, nor a national key (`n:...`, of no
 * country), nor a direct line (`;ext=`).
 */
function isMobileKey(k: string): boolean {
  let m = mobileKeys.get(k);
  if (m === undefined) {
    const semi = k.indexOf(';');
    m = k.startsWith('p:+') && !k.startsWith('p:+1') && semi < 0 && parseMobile(k.slice(2))?.isValid() === true;
    if (mobileKeys.size >= 10_000) mobileKeys.clear();
    mobileKeys.set(k, m);
  }
  return m;
}

/**
 * Keys an entry links on: usable e-mails and keyed phones (junk addresses never link anyone). E-mail
 * keys link as the bare address (it holds an '@', phone keys never do): no string is built per entry.
 */
export function indexKeys(entries: NormalizedEntry[], ownAddresses: ReadonlySet<string> | null = null): KeyIndex {
  const n = entries.length;
  const ids = new Map<string, number>();
  const keyStart = new Int32Array(n + 1);
  const emailEnd = new Int32Array(n); // entry i's e-mail keys end here; its phone keys follow
  const emailCount = new Int32Array(n);
  const domains = new Map<string, number>(); // domain -> organisation id, -1 for webmail
  let orgRaw: Int32Array = new Int32Array(2 * n + 16); // raw key id -> organisation id (-1: webmail or phone)
  let keyOf: Int32Array = new Int32Array(2 * n + 16);
  let used = 0;
  let national = false;
  let boards: string[] | null = null; // keys of numbers seen with an extension
  let owned: number[] | null = null; // raw ids of the owner's addresses
  let ownPhones: Uint8Array | null = null;
  let alts: (number | string)[] | null = null; // per phone with another reading: its slot, its entry, the reading
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    const start = used;
    keyStart[i] = start;
    // An unnamed card on one of the owner's addresses and no other: the owner's own. One holding another
    // address too may be that other person's (merge.ts someoneElse), whose number links as any other's
    // (a review: Fay's number on her card with the owner's address left her named card a second row).
    let ownersCard = false;
    let othersAddress = false;
    for (const m of e.emails) {
      if (m.junk) continue;
      if (ownAddresses !== null && e.name === null) {
        if (ownAddresses.has(m.key)) ownersCard = true;
        else othersAddress = true;
      }
      let id = ids.get(m.key);
      if (id === undefined) {
        ids.set(m.key, (id = ids.size));
        if (ownAddresses !== null && ownAddresses.has(m.key)) (owned ??= []).push(id);
        let d = domains.get(m.domain);
        if (d === undefined) domains.set(m.domain, (d = isWebmailDomain(m.domain) ? -1 : domains.size));
        if (id >= orgRaw.length) orgRaw = grow(orgRaw);
        orgRaw[id] = d;
      }
      if (used === keyOf.length) keyOf = grow(keyOf);
      keyOf[used++] = id;
    }
    emailEnd[i] = used;
    emailCount[i] = used - start;
    // The owner's own card (left out as 'self') links on its addresses only: its numbers are often the
    // household's, and through one it took in the spouse who shares it, the owner's address becoming the
    // spouse's first (a probe: `Dee Moss` invited at the owner's address).
    if (ownersCard && !othersAddress) {
      if (e.phones.length > 0) (ownPhones ??= new Uint8Array(n))[i] = 1;
      continue;
    }
    for (const p of e.phones) {
      const k = p.key;
      if (!k) {
        // "+12125550100;ext=12": the number before the extension is a switchboard (rare: a scan per keyless phone).
        const d = p.display;
        const x = d.charCodeAt(0) === 43 /* '+' */ ? d.indexOf(';ext=') : -1;
        if (x > 0) (boards ??= []).push('p:' + d.slice(0, x));
        continue;
      }
      if (k.charCodeAt(0) === 110 /* 'n' */) national = true;
      // A direct line ('p:+E164;ext=N', or national-only 'n:digits;ext=N'): its bare number is a switchboard.
      const line = k.length > MIN_LINE_KEY && k.includes(';ext=');
      if (line) (boards ??= []).push(k.slice(0, k.indexOf(';ext=')));
      let id = ids.get(k);
      if (id === undefined) {
        ids.set(k, (id = ids.size));
        if (id >= orgRaw.length) orgRaw = grow(orgRaw);
        orgRaw[id] = line ? DIRECT_LINE : -1;
      } else if (repeats(keyOf, start, used, id)) continue;
      if (p.alt !== undefined) (alts ??= []).push(used, i, p.alt);
      if (used === keyOf.length) keyOf = grow(keyOf);
      keyOf[used++] = id;
    }
  }
  keyStart[n] = used;
  if (alts !== null) linkAlternatives(entries, alts, ids, keyOf, keyStart);
  let keyCount = ids.size;
  let alias: Map<string, string> | null = null;
  let finalId: Int32Array | null = null; // raw key id -> id after the renumbering below
  if (national) {
    // Rare: national-only keys link as their alias (see nationalAliases). Renumber the keys by first
    // appearance of what they link as, as if the entries had listed the aliases, and drop a phone an
    // entry now lists twice (its national and its full spelling). Integer arrays only: no string work
    // beyond the national keys themselves.
    const raw = [...ids.keys()];
    alias = nationalAliases(raw);
    const target = new Int32Array(raw.length + alias.size);
    for (let r = 0; r < raw.length; r++) target[r] = r;
    let slots = raw.length;
    const unseen = new Map<string, number>(); // alias targets no entry lists as such ('n:' + digits)
    for (const [k, t] of alias) {
      let tr = ids.get(t) ?? unseen.get(t);
      if (tr === undefined) unseen.set(t, (tr = slots++));
      target[ids.get(k) as number] = tr;
    }
    const renum = new Int32Array(slots).fill(-1);
    let next = 0;
    let w = 0;
    for (let i = 0; i < n; i++) {
      const from = keyStart[i];
      const to = keyStart[i + 1];
      keyStart[i] = w; // w <= from: compacting in place never overwrites what is still to be read
      for (let j = from; j < to; j++) {
        const t = target[keyOf[j]];
        let id = renum[t];
        if (id < 0) renum[t] = id = next++;
        else if (j >= emailEnd[i] && repeats(keyOf, keyStart[i], w, id)) continue; // e-mails are kept as listed
        keyOf[w++] = id;
      }
    }
    keyStart[n] = used = w;
    keyCount = next;
    finalId = new Int32Array(raw.length);
    for (let r = 0; r < raw.length; r++) finalId[r] = renum[target[r]];
  }
  let org: Int32Array;
  if (finalId === null) org = orgRaw;
  else {
    org = new Int32Array(keyCount).fill(-1);
    for (let r = 0; r < finalId.length; r++) if (orgRaw[r] !== -1) org[finalId[r]] = orgRaw[r];
  }
  let switchboard: Uint8Array | null = null;
  if (boards !== null) {
    for (const b of boards) {
      const r = ids.get(b);
      if (r === undefined) continue; // nobody holds the number without its extension
      switchboard ??= new Uint8Array(keyCount);
      switchboard[finalId === null ? r : finalId[r]] = 1;
    }
  }
  let own: Uint8Array | null = null;
  if (owned !== null) {
    own = new Uint8Array(keyCount);
    for (const r of owned) own[finalId === null ? r : finalId[r]] = 1;
  }
  const holderStart = new Int32Array(keyCount + 1);
  for (let j = 0; j < used; j++) holderStart[keyOf[j] + 1]++;
  for (let k = 0; k < keyCount; k++) holderStart[k + 1] += holderStart[k];
  const holderOf = new Int32Array(used);
  const fill = holderStart.slice(0, keyCount);
  for (let i = 0; i < n; i++) for (let j = keyStart[i]; j < keyStart[i + 1]; j++) holderOf[fill[keyOf[j]]++] = i;
  return { keyCount, keyStart, keyOf, holderStart, holderOf, alias, emailCount, org, switchboard, own, ownPhones, ids, finalId, names: null };
}

/** Whether ids[from..to) holds id (an entry lists a handful of keys: a scan beats a Set). */
function repeats(ids: Int32Array, from: number, to: number, id: number): boolean {
  for (let j = from; j < to; j++) if (ids[j] === id) return true;
  return false;
}

function grow(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/**
 * The exact copies of a card: a later card with the same name (as written) and the same keys, and nothing
 * else the links read that differs (its unusable strings, the owner's card's numbers), whatever its
 * source, counts and dates. A re-upload (no replace_source), a daily sync, the same card in a second
 * source: it adds nobody, so it must change no link. The guards count holders (two cards on one mailbox
 * and one number are one person whatever their names; three holders are a shared key), and counted each
 * copy as one more holder: `Ann Lee` and `Ann Smith` on one mailbox and one mobile were one person, and
 * two rows once either card was sent twice (a probe). Returns, per card, the earlier card it is a copy of
 * (-1 for none), and takes the copies out of the holder lists, so that every guard judges distinct cards;
 * the caller joins each copy to its card. null (the index unchanged) when the book has no copy.
 */
export function dropCopies(entries: readonly NormalizedEntry[], ix: KeyIndex): Int32Array | null {
  const n = entries.length;
  let first: Map<string, number> | null = null;
  let copyOf: Int32Array | null = null;
  for (let i = 0; i < n; i++) {
    const from = ix.keyStart[i];
    const to = ix.keyStart[i + 1];
    if (from === to) continue; // keyless: joinKeylessCopies' business
    // A copy holds only keys some other card holds: most cards have one of their own, and no signature.
    let shared = true;
    for (let j = from; j < to && shared; j++) shared = ix.holderStart[ix.keyOf[j] + 1] - ix.holderStart[ix.keyOf[j]] > 1;
    if (!shared) continue;
    const e = entries[i];
    let sig = `${e.name === null ? '\u0002' : e.name}\u0000${sortedKeyList(ix.keyOf, from, to)}\u0000${ix.ownPhones !== null && ix.ownPhones[i] === 1 ? 1 : 0}`;
    // What links besides the keys: an address that is no address or a directory form (joinDirectoryCopies
    // reads its display), a number without a key (an extension marks its switchboard).
    for (const m of e.emails) if (m.junk !== null || hasImceaPrefix(m.display)) sig += `\u0001${m.display.trim().toLowerCase()}`;
    for (const p of e.phones) if (p.key === null) sig += `\u0003${p.display.trim()}`;
    first ??= new Map();
    const j = first.get(sig);
    if (j === undefined) first.set(sig, i);
    else (copyOf ??= new Int32Array(n).fill(-1))[i] = j;
  }
  if (copyOf === null) return null;
  const holderStart = new Int32Array(ix.keyCount + 1);
  for (let i = 0; i < n; i++) if (copyOf[i] < 0) for (let j = ix.keyStart[i]; j < ix.keyStart[i + 1]; j++) holderStart[ix.keyOf[j] + 1]++;
  for (let k = 0; k < ix.keyCount; k++) holderStart[k + 1] += holderStart[k];
  const holderOf = new Int32Array(holderStart[ix.keyCount]);
  const fill = holderStart.slice(0, ix.keyCount);
  for (let i = 0; i < n; i++) if (copyOf[i] < 0) for (let j = ix.keyStart[i]; j < ix.keyStart[i + 1]; j++) holderOf[fill[ix.keyOf[j]]++] = i;
  ix.holderStart = holderStart;
  ix.holderOf = holderOf;
  return copyOf;
}

/**
 * keyOf[from..to) sorted ascending and joined with ',' (dropCopies' signature). Most cards hold one key or
 * two: those are written directly, the same text as Array.from(...).sort((a, b) => a - b).join(',') (a
 * number joins as its String()) without the copy, the sort and the join.
 */
function sortedKeyList(keyOf: Int32Array, from: number, to: number): string {
  if (to - from === 1) return String(keyOf[from]);
  if (to - from === 2) {
    const a = keyOf[from]!;
    const b = keyOf[from + 1]!;
    return a <= b ? `${a},${b}` : `${b},${a}`;
  }
  return Array.from(keyOf.subarray(from, to))
    .sort((a, b) => a - b)
    .join(',');
}

/**
 * Whether entry i holds a key other than `key` that says who it is: a direct line does not. It links the
 * cards that hold it (its own key), but an unnamed card with a personal address and an office extension
 * is still a bare copy of that address for the identity count (as when extensions had no key), not a
 * third person on it. Nor does a switchboard: an unnamed card with a colleague's address and the office's
 * main number is a copy of that address, not another person on it.
 */
function identifyingKey(ix: KeyIndex, i: number, key: number): boolean {
  for (let j = ix.keyStart[i]; j < ix.keyStart[i + 1]; j++) {
    const k = ix.keyOf[j];
    if (k !== key && ix.org[k] !== DIRECT_LINE && !isSwitchboard(ix, k)) return true;
  }
  return false;
}

/** Whether the book says key k is a switchboard (see KeyIndex.switchboard): it tells no one apart. */
function isSwitchboard(ix: KeyIndex, k: number): boolean {
  return ix.switchboard !== null && ix.switchboard[k] === 1;
}

/** Whether key k is an e-mail address (entry keys list their e-mails first: see KeyIndex.emailCount). */
export function isEmailKey(ix: KeyIndex, k: number): boolean {
  const i = ix.holderOf[ix.holderStart[k]];
  const end = ix.keyStart[i] + ix.emailCount[i];
  for (let j = ix.keyStart[i]; j < end; j++) if (ix.keyOf[j] === k) return true;
  return false;
}

/** Whether entries a and b hold a key other than `key` in common that tells people apart (no switchboard, no direct line). */
function shareIdentifyingKey(ix: KeyIndex, a: number, b: number, key: number): boolean {
  for (let j = ix.keyStart[a]; j < ix.keyStart[a + 1]; j++) {
    const k = ix.keyOf[j];
    if (k !== key && ix.org[k] !== DIRECT_LINE && !isSwitchboard(ix, k) && repeats(ix.keyOf, ix.keyStart[b], ix.keyStart[b + 1], k)) return true;
  }
  return false;
}

/** Whether entries a and b hold a key other than `key` in common. */
function shareOtherKey(ix: KeyIndex, a: number, b: number, key: number): boolean {
  for (let j = ix.keyStart[a]; j < ix.keyStart[a + 1]; j++) {
    const k = ix.keyOf[j];
    if (k !== key && repeats(ix.keyOf, ix.keyStart[b], ix.keyStart[b + 1], k)) return true;
  }
  return false;
}

/**
 * Whether holders a and b of `key` are colleagues: each has a mailbox at one organisation (same
 * non-webmail domain), the mailboxes differ, and the two share nothing but `key`. Two people of one
 * company on its office line, whatever their names say; one person with a work and a private address is
 * the common case this leaves alone (different domains, or webmail). Not two cards of one full name on a
 * number the plan says is a mobile: one person's phone, with two of their addresses at work (`tom@` and
 * `tsmith@acme.net` under `Tom Smith` on one mobile were two rows: a probe); two namesakes at one firm
 * do not share a mobile.
 */
function colleagues(ix: KeyIndex, key: number, a: number, b: number, folded: readonly (string[] | null)[]): boolean {
  if (!orgMailboxes(ix, key, a, b) || shareOtherKey(ix, a, b, key)) return false;
  const fa = folded[a];
  const fb = folded[b];
  return !(fa !== null && fb !== null && fa.length >= 2 && fa[0]![0] !== '~' && sameWords(fa, fb) && isMobileKey(keyName(ix, key)));
}

/** Whether a and b hold different mailboxes (other than `key`) at one organisation (a non-webmail domain). */
function orgMailboxes(ix: KeyIndex, key: number, a: number, b: number): boolean {
  if (a === b) return false;
  const aEnd = ix.keyStart[a] + ix.emailCount[a];
  const bEnd = ix.keyStart[b] + ix.emailCount[b];
  for (let j = ix.keyStart[a]; j < aEnd; j++) {
    const ka = ix.keyOf[j];
    const o = ix.org[ka];
    if (ka === key || o < 0) continue;
    for (let l = ix.keyStart[b]; l < bEnd; l++) {
      const kb = ix.keyOf[l];
      if (kb !== ka && kb !== key && ix.org[kb] === o) return true;
    }
  }
  return false;
}

/** Whether one of two names (not relation labels) has a generation and the other not: `John Smith`, `John Smith Jr`. */
function differentGenerations(a: readonly string[], b: readonly string[]): boolean {
  return a[0][0] !== '~' && b[0][0] !== '~' && hasGeneration(a) !== hasGeneration(b);
}

/**
 * Whether two compatible names agree only loosely: one name with a generation and one without ("John
 * Smith" fits "John Smith Jr", and names his father as well), or two names in scripts that cannot be
 * compared (scriptsUncompared: "山田 太郎" and "やまだ はなこ", "김민준" and "John Kim": no letter of one
 * can say whether the other is the same person; "Olga Petrova" and "Олег Петров", which romanise into
 * each other only with a slip), or names that agree only through a bracketed word or
 * a short form of a man's name and a woman's (looselyCompatible: "Mary (Taylor) Jones" and "Taylor
 * Jones", "Alex Kim" and "Alexandra Kim"). Not a relation label beside a name ("Mom"
 * fits "John Doe"): "Mom" with her mobile and home number beside her own card with her mobile and work
 * number is the same structure as "Mom" and "Dad"'s named card on the home landline, and far commoner.
 */
export function looseNames(a: readonly string[], b: readonly string[]): boolean {
  return a[0][0] !== '~' && b[0][0] !== '~' && (hasGeneration(a) !== hasGeneration(b) || scriptsUncompared(a, b) || looselyCompatible(a, b));
}

/** Whether a number is one the plan says is no mobile (never North America's, whose plan cannot tell): a household's line. */
function onLandline(ix: KeyIndex, key: number): boolean {
  const k = keyName(ix, key);
  return k.startsWith('p:+') && !k.startsWith('p:+1') && !k.includes(';') && !isMobileKey(k);
}

/**
 * Whether one name is the other with one more given name inside it, its first and last words the same
 * (`José García` and `José Luis García`, `Hans Schmidt` and `Hans-Peter Schmidt`, `John Smith` and `John
 * Michael Smith`): a father and a son, often, on the family landline. With a number of its own on each
 * card, they are two people there (holdersAgreeHow): a probe found each pair one row, the father's mobile
 * the first number of the son's. Not an initial (`John M Smith`), nor a second family name at the end
 * (`Ana García López` is `Ana García`).
 */
function givenNameMore(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === b.length || a[0]![0] === '~' || b[0]![0] === '~') return false;
  const short = a.length < b.length ? a : b;
  const long = short === a ? b : a;
  if (short.length < 2 || long.length > short.length + 2) return false;
  if (short[0] !== long[0] || short[short.length - 1] !== long[long.length - 1]) return false;
  for (let k = 1; k < short.length - 1; k++) if (!long.includes(short[k]!)) return false;
  for (let k = 1; k < long.length - 1; k++) if (!short.includes(long[k]!) && long[k]!.length < 2) return false;
  return true;
}

/**
 * Whether one name is the other with a given name before it (`Mohamed Ahmed Hassan` and `Ahmed Hassan`,
 * `Maria José Santos` and `José Santos`), or before a word that says "son of" or "daughter of"
 * (`Mohammed bin Ahmed Al-Omari` and `Ahmed Al-Omari`, `Siti Aminah binti Yusof` and `Yusof`): where a
 * child's name is their own given name and their father's, the longer is the shorter's child, on the
 * family landline. With a number of its own on each card they are two people there (holdersAgreeHow), as
 * givenNameMore's are: a probe found the father, written to most, one row with his son, his mobile the
 * son's. A card with the landline alone is either of them, as before.
 */
function fatherNamed(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === b.length || a[0]![0] === '~' || b[0]![0] === '~') return false;
  const short = a.length < b.length ? a : b;
  const long = short === a ? b : a;
  const at = long.length - short.length;
  for (let k = 0; k < short.length; k++) if (long[at + k] !== short[k]) return false;
  if (PATRONYMIC_WORDS.has(long[at - 1]!)) return at >= 2;
  // Not a family name alone led by its particle (`van Dijk` beside `Pieter van Dijk`: a review).
  return at === 1 && short.length >= 2 && long[0]!.length >= 2 && !FAMILY_PARTICLES.has(short[0]!);
}
/** Particles that lead a family name (folded): a name that starts with one names no given name. */
const FAMILY_PARTICLES: ReadonlySet<string> = new Set([
  'van',
  'von',
  'de',
  'der',
  'den',
  'da',
  'di',
  'del',
  'della',
  'dos',
  'das',
  'du',
  'la',
  'le',
  'al',
  'el',
  'mac',
  'mc',
  'o',
  'st',
  'ter',
  'ten',
  'zu',
]);
/** Words that say "son of" or "daughter of" before the father's name (folded). */
const PATRONYMIC_WORDS: ReadonlySet<string> = new Set(['bin', 'binti', 'bint', 'ibn', 'ben', 'ould', 'wad', 'walad']);

/**
 * Whether a relation label ("Wife", "Oma") or a relation before a name ("Oma Weber", "Mum Lee") meets a
 * name without one ("Klaus Weber") on a number the plan says is no
 * mobile (isMobileKey; never North America's, whose plan cannot tell): the household's landline. With a
 * number of its own on each card (holdersAgreeHow), they are two people: Oma and Klaus, each with a
 * mobile of their own, on the Berlin home line. On a shared mobile the label is the person's ("Mom" with
 * her mobile and home number beside her own card with her mobile and work number), as before.
 */
function kinOnLandline(ix: KeyIndex, key: number, a: readonly string[], b: readonly string[]): boolean {
  // A relation before a name (`Mum Lee`, `Mummy Tobi`: Tobi's mum) meets a name without one as a label does
  // (a probe: `Mum Lee` and `Richard Lee`, each with a mobile on the London home line, were one row whose
  // first number was his mother's mobile).
  if ((a[0][0] === '~') === (b[0][0] === '~') && isRelationName(a) === isRelationName(b)) return false;
  return onLandline(ix, key);
}

/** Whether entry i holds a number (other than `key`) that tells people apart and entry j does not hold. */
function ownNumber(ix: KeyIndex, i: number, j: number, key: number): boolean {
  for (let x = ix.keyStart[i] + ix.emailCount[i]; x < ix.keyStart[i + 1]; x++) {
    const k = ix.keyOf[x];
    if (k !== key && ix.org[k] !== DIRECT_LINE && !isSwitchboard(ix, k) && !repeats(ix.keyOf, ix.keyStart[j], ix.keyStart[j + 1], k)) return true;
  }
  return false;
}

/**
 * The owner's own address (merge.ts SelfOf) links the unnamed cards that hold nothing but the owner's
 * addresses (the owner's own, left out together as 'self'), and named cards whose names agree. An
 * unnamed card holding another address beside it may be someone else's with the owner's address in it
 * (a pasted list `owner@, Fay <fay@>`, a thread's card): through the owner's address, Fay's card and Gus
 * Hill's became one row, Fay's address under Gus's name and the owner's own address the one to invite (a
 * probe). Such a card links through its other keys only; merge.ts takes the owner's address off the row
 * it makes when the row has another address.
 */
function linkOwnersAddress(key: number, ix: KeyIndex, folded: (string[] | null)[], uf: Components): void {
  // Named cards join each other as their names allow (tryUnion refuses names that clash: `Sue Lee` on
  // the family address the owner signed up with, and her card with that address and her mobile, are one
  // Sue), and bare unnamed copies of the address join them (copies of one mailbox), or each other when no
  // card is named. The owner's unnamed card with numbers (ownPhones) joins only the unnamed: joined to
  // Sue, the owner's number became Sue's, and her address was taken off for it (a review).
  const named: number[] = [];
  const bare: number[] = [];
  const withPhones: number[] = [];
  for (let x = ix.holderStart[key]; x < ix.holderStart[key + 1]; x++) {
    const i = ix.holderOf[x];
    if (folded[i] !== null) {
      named.push(i);
      continue;
    }
    let onlyOwners = true;
    for (let s = ix.keyStart[i]; s < ix.keyStart[i + 1] && onlyOwners; s++) if (ix.own![ix.keyOf[s]] !== 1) onlyOwners = false;
    if (!onlyOwners) continue;
    if (ix.ownPhones !== null && ix.ownPhones[i] === 1) withPhones.push(i);
    else bare.push(i);
  }
  // Two named cards that each hold a key of their own beside the owner's keys join through the owner's
  // address only under the same words (`Sue Lee` twice): `Jane Smith` with her mobile and `J. Smith` with
  // a work address were one row, Jane invited at the owner's work address (a probe). The owner's address
  // is no one else's personal key; two people who read it are told apart by what else they hold. A named
  // card holding nothing beyond the owner's keys joins the card of its same words, else the one person
  // among those its name fits (never one of two: a bare `Jane Smith` took J. Smith's row to Jane, a
  // review), else the other such cards as their names allow (at most MAX_OWNERS_ADDRESS_FITS names
  // compared pairwise; beyond, the same words only).
  const distinct: number[] = [];
  const loose: number[] = [];
  for (const i of named) (beyondOwners(ix, i) ? distinct : loose).push(i);
  const wordsOf = (i: number) => (folded[i]!.length === 1 ? folded[i]![0]! : [...folded[i]!].sort().join(' '));
  const byWords = new Map<string, number>();
  for (const i of distinct) {
    const k = wordsOf(i);
    const first = byWords.get(k);
    if (first === undefined) byWords.set(k, i);
    else uf.tryUnion(first, i);
  }
  const rest: number[] = [];
  for (const i of loose) {
    const same = byWords.get(wordsOf(i));
    if (same !== undefined) {
      uf.tryUnion(same, i);
      continue;
    }
    let fit = -1;
    let two = false;
    if (distinct.length <= MAX_OWNERS_ADDRESS_FITS && loose.length * distinct.length <= MAX_OWNERS_ADDRESS_PAIRS) {
      const a = folded[i]!;
      for (const j of distinct) {
        const b = folded[j]!;
        // A relation's label (`Mom` with her mobile) fits any name: no second person to choose from.
        if (b.length > 0 && b.every((t) => t.charCodeAt(0) === 126 /* '~' */)) continue;
        if (!namesCompatible(a, b) && !namesCompatible(b, a)) continue;
        const r = uf.find(j);
        if (fit === -1) fit = r;
        else if (r !== fit) two = true;
      }
    }
    if (fit === -1) rest.push(i);
    else if (!two) uf.tryUnion(fit, i);
  }
  // The rest: their same words first, then (a bounded few) as their names allow.
  const restByWords = new Map<string, number>();
  const heads: number[] = [];
  for (const i of rest) {
    const k = wordsOf(i);
    const first = restByWords.get(k);
    if (first === undefined) {
      restByWords.set(k, i);
      heads.push(i);
    } else uf.tryUnion(first, i);
  }
  if (heads.length <= MAX_OWNERS_ADDRESS_FITS) unionEach(heads, uf);
  if (named.length > 0) {
    for (const i of bare) for (const j of named) if (uf.tryUnion(j, i)) break;
    unionEach(withPhones, uf);
  } else unionEach([...bare, ...withPhones], uf);
}

/** Names on the owner's address beyond which a bare named card joins only its same words (no pairwise comparison). */
const MAX_OWNERS_ADDRESS_FITS = 256;
/** Name comparisons of bare cards with the others on the owner's address, at most (a review: 20,000 bare cards beside 256 took 4.9 s). */
const MAX_OWNERS_ADDRESS_PAIRS = 50_000;

/** Whether entry i holds a key that is not one of the owner's addresses. */
function beyondOwners(ix: KeyIndex, i: number): boolean {
  for (let s = ix.keyStart[i]; s < ix.keyStart[i + 1]; s++) if (ix.own![ix.keyOf[s]] !== 1) return true;
  return false;
}

/** Whether entry i holds an address, or a number that tells people apart (ownNumber), other than `key` and not held by entry j. */
function ownKey(ix: KeyIndex, i: number, j: number, key: number): boolean {
  return ownAddress(ix, i, j, key) || ownNumber(ix, i, j, key);
}

/** Whether entry i holds an address other than `key` that entry j does not hold. */
function ownAddress(ix: KeyIndex, i: number, j: number, key: number): boolean {
  for (let x = ix.keyStart[i]; x < ix.keyStart[i] + ix.emailCount[i]; x++) {
    const k = ix.keyOf[x];
    if (k !== key && !repeats(ix.keyOf, ix.keyStart[j], ix.keyStart[j + 1], k)) return true;
  }
  return false;
}

/**
 * Whether holders i and j of `key` may be one person by their names: compatible names, except names
 * that agree only loosely (looseNames) on two cards that each have a number of their own. "John Smith"
 * with his mobile and "John Smith Jr" with his, both on the family landline, are two people; "John
 * Smith" with the landline alone is either of them.
 *
 * Names that agree only through a pet form (petCompatible: `Franzi` and `Franziska Schwarz`) agree more
 * weakly still, as a pet form also reads a relative's name (`Willi`: Wilhelm, Wilhelmine; `Leonie`,
 * `Leonhard`): through a shared mobile only (isMobileKey: one person's phone, not the family's landline),
 * when one of the two cards holds nothing of its own beside it, and when no third person (a name neither
 * of the two fits) holds the number too: `Franzi` stays apart from `Franziska` beside `Franz Schwarz`,
 * whose `Franzi` she may as well be.
 */
function holdersAgree(ix: KeyIndex, key: number, i: number, j: number, a: readonly string[], b: readonly string[], folded: (string[] | null)[]): boolean {
  return holdersAgreeHow(ix, key, i, j, a, b, folded) !== NO;
}

/** How holdersAgree agrees: not, as namesCompatible reads the names, or only through a pet form (petsAgree). */
const NO = 0;
const NAMES = 1;
const PET = 2;

function holdersAgreeHow(ix: KeyIndex, key: number, i: number, j: number, a: readonly string[], b: readonly string[], folded: (string[] | null)[]): number {
  if (namesCompatible(a, b)) {
    // A shared address is one mailbox: the guard is for a shared number. Except for a given name that
    // starts another (`Ali Yılmaz` and `Alican Yılmaz`, each with a mobile of their own, on the family's
    // `yilmazaile@`: a probe found one row), which agrees only loosely (tokensMatch) and names a relative
    // as often as the person.
    if (isEmailKey(ix, key)) return prefixNamesApart(ix, key, i, j, a, b) ? NO : NAMES;
    const kin = kinOnLandline(ix, key, a, b);
    if (!(kin || looseNames(a, b) || ((givenNameMore(a, b) || fatherNamed(a, b)) && onLandline(ix, key)))) return NAMES;
    if (ownNumber(ix, i, j, key) && ownNumber(ix, j, i, key)) return NO;
    // A relation and a name on the household's landline, or two generations of one name, each with an
    // address of their own are two people as with a number of their own: `Mum` with susan.lee@ and
    // `Richard Lee` with richard.lee@ on the home line, `John Smith` and `John Smith Jr.` each with his
    // own address on the family number, were one row whose address to invite was the other's (a probe).
    // Two mailboxes, not one of each: a mail account's card (an address and the mobile) beside the
    // phone's card (the mobile and the home line) is one person (eval:clean). Names in scripts that
    // cannot be compared keep to numbers: one person's phone card and mail account (`山田 太郎` and
    // `Taro Yamada`) each hold an address of their own beside his mobile.
    // Not two generations on a number the plan says is a mobile: one person's own phone, the suffix written
    // on one card only (a review: `John Smith Jr.` with his work address and `John Smith` with his Gmail,
    // on one UK mobile, were split).
    const households = kin || (differentGenerations(a, b) && !isMobileKey(keyName(ix, key)));
    return households && ownAddress(ix, i, j, key) && ownAddress(ix, j, i, key) ? NO : NAMES;
  }
  return petsAgree(ix, key, i, j, a, b, folded) ? PET : NO;
}

/**
 * Whether two holders of a shared address, each with a number of their own, are named so that a given
 * name of one only starts the other's (prefixOnlyCompatible, the family's other words agreeing): a parent
 * and a child, or siblings, of compound given names on the family's mailbox.
 */
function prefixNamesApart(ix: KeyIndex, key: number, i: number, j: number, a: readonly string[], b: readonly string[]): boolean {
  if (
    a.length < 2 ||
    b.length < 2 ||
    a[0][0] === '~' ||
    b[0][0] === '~' ||
    !ownNumber(ix, i, j, key) ||
    !ownNumber(ix, j, i, key) ||
    !prefixOnlyCompatible(a, b)
  )
    return false;
  // A mailbox that spells one of the names is that person's (`alex.kim@` of `Alex Kim` beside `Alexandra
  // Kim`, each with a number: one person with two phones).
  const local = localOfKey(ix, key);
  return local !== null && localSpellsName(local, a) === 0 && localSpellsName(local, b) === 0;
}

/** The local part of an address key as the index keys it (`familiagarcia` of `familiagarcia@gmail.com`: a provider's dots dropped); null for a number. */
function localOfKey(ix: KeyIndex, key: number): string | null {
  const name = keyName(ix, key);
  const at = name.lastIndexOf('@');
  return at > 0 ? name.slice(0, at) : null;
}

/**
 * The pet-form part of holdersAgree (names that namesCompatible refuses). Not on a number held by more
 * than PET_MAX_HOLDERS cards (a hub, or a card synced hundreds of times: the check of the others is
 * quadratic per pair), nor on North America's numbers, whose plan does not tell a mobile from a
 * landline (parent and child on the home line: `Louise` and `Louie`).
 */
function petsAgree(ix: KeyIndex, key: number, i: number, j: number, a: readonly string[], b: readonly string[], folded: (string[] | null)[]): boolean {
  const from = ix.holderStart[key];
  const to = ix.holderStart[key + 1];
  if (to - from > PET_MAX_HOLDERS || isEmailKey(ix, key) || !petCompatible(a, b)) return false;
  if ((ownKey(ix, i, j, key) && ownKey(ix, j, i, key)) || !isMobileKey(keyName(ix, key))) return false;
  for (let h = from; h < to; h++) {
    const o = ix.holderOf[h];
    const n = folded[o];
    if (o !== i && o !== j && n !== null && !namesCompatible(n, a) && !namesCompatible(n, b)) return false;
  }
  return true;
}

/** Holders of one number beyond which a pet form links nobody on it (petsAgree). */
const PET_MAX_HOLDERS = 8;

/** Applies the per-key guard and links the entries the key may link. */
export function linkKey(key: number, ix: KeyIndex, folded: (string[] | null)[], uf: Components): void {
  const from = ix.holderStart[key];
  const to = ix.holderStart[key + 1];
  if (ix.own !== null && ix.own[key] === 1) {
    linkOwnersAddress(key, ix, folded, uf);
    return;
  }
  const switchboard = ix.switchboard !== null && ix.switchboard[key] === 1;
  if (!switchboard) {
    if (to - from === 2) {
      // The common case, and the general rule reduced: two holders are at most two identities, so the key
      // links them exactly when their names agree and they are not colleagues.
      const i = ix.holderOf[from];
      const j = ix.holderOf[from + 1];
      const a = folded[i];
      const b = folded[j];
      const how = a === null || b === null ? NAMES : holdersAgreeHow(ix, key, i, j, a, b, folded);
      if (how !== NO && !colleagues(ix, key, i, j, folded)) uf.tryUnion(i, j, false, how === PET ? [a!, b!] : null);
      else if (isEmailKey(ix, key)) linkMailbox(ix.holderOf.subarray(from, to), key, ix, folded, uf);
      return;
    }
    // Next most common: one person's copies across sources, every holder named and every two names
    // compatible. That is one name group and one identity, which the general rule below links whole; skip
    // its bookkeeping, unless two holders look like colleagues (two "Chris Smith" at one company: the
    // general rule tells whether they are one identity). (Pairs are checked in the general rule's order,
    // later upload against earlier, as namesCompatible is not guaranteed symmetric for names of equal length.)
    let agree = true;
    let office = false;
    let pets: string[][] | null = null; // the pairs of names that agree through a pet form only
    for (let x = from; x < to && agree; x++) {
      const i = ix.holderOf[x];
      const a = folded[i];
      if (a === null) {
        agree = false;
        break;
      }
      for (let y = from; y < x && agree; y++) {
        const j = ix.holderOf[y];
        const b = folded[j] as string[];
        const how = holdersAgreeHow(ix, key, i, j, a, b, folded);
        agree = how !== NO;
        if (how === PET) (pets ??= []).push(a, b);
        if (!office && ix.emailCount[i] > 0 && colleagues(ix, key, i, j, folded)) office = true;
      }
    }
    if (agree && !office) {
      for (let x = from + 1; x < to; x++) uf.tryUnion(ix.holderOf[from], ix.holderOf[x], false, pets);
      return;
    }
  }
  // A plain loop: the same numbers as Array.from(ix.holderOf.subarray(from, to)), without a view and an iterator.
  const holders: number[] = [];
  for (let x = from; x < to; x++) holders.push(ix.holderOf[x]!);
  if (isEmailKey(ix, key) && linkMailbox(holders, key, ix, folded, uf)) return;
  const { one, groups, split, bare } = judge(holders, key, ix, folded, switchboard);
  if (one) {
    unionEach(holders, uf);
    return;
  }
  // Shared key: it is no evidence of identity any more. Holders that have other addresses link through
  // those if they are one person. An entry holding nothing but this number joins the single name group it
  // agrees with, when that group is one identity; bare unnamed copies of the number join each other.
  for (let n = 0; n < groups.length; n++) {
    if (split[n]) continue;
    unionEach(groups[n], uf);
  }
  for (let n = 1; n < bare.length; n++) uf.tryUnion(bare[0], bare[n]);
}

/**
 * Joins each of `holders` to the first of the holders before it that it can join (Components.tryUnion
 * refuses a join whose names clash). Joining each to the first holder only made the result depend on the
 * cards' order: Ann Lee's two cards on her number stayed apart when an unnamed card on it, joined to Bob
 * Roe through an address, came first (a probe: 8 of 24 orders of four cards).
 */
function unionEach(holders: readonly number[], uf: Components): void {
  for (let n = 1; n < holders.length; n++) {
    for (let m = 0; m < n; m++) if (uf.tryUnion(holders[m], holders[n])) break;
  }
}

interface Judgement {
  /** The holders are one identity: the key links them all. */
  one: boolean;
  /** Name groups of the named holders (most complete names first). */
  groups: number[][];
  /** Per name group: whether its holders with other addresses are more than one identity. */
  split: boolean[];
  /** Unnamed holders with no other key: bare copies of the key. */
  bare: number[];
}

/** More named holders than this make a key a hub: its name groups are of one name each (judge). */
const HUB_NAMES = 256;

/** The general rule: whether the holders of a key are one identity, and their name groups when not. */
function judge(holders: readonly number[], key: number, ix: KeyIndex, folded: (string[] | null)[], switchboard: boolean): Judgement {
  // Name groups, most complete names first so a bare surname cannot pick a side arbitrarily.
  const named = holders.filter((i) => folded[i] !== null);
  named.sort((a, b) => (folded[b] as string[]).length - (folded[a] as string[]).length || a - b);
  const groups: number[][] = [];
  const ambiguous: number[] = [];
  if (named.length > HUB_NAMES) {
    // A key held under hundreds of names (a company's switchboard or office address on every card of a
    // directory): name groups of the same name only, in one pass. Comparing every name with every group
    // was quadratic (a review: 7.5 s for 4,000 cards sharing `office@`); what it adds is a group of
    // different but compatible names (`Bob Lee`, `Robert Lee`) holding the shared key, which on such a key
    // is no evidence of one person anyway (decisions.md, "Shared numbers").
    const byName = new Map<string, number[]>();
    for (const i of named) {
      const k = nameKey(folded[i] as string[]);
      const g = byName.get(k);
      if (g === undefined) {
        const fresh = [i];
        byName.set(k, fresh);
        groups.push(fresh);
      } else g.push(i);
    }
  } else {
    // Most complete names first, a length at a time: the groups of longer names stand, and a shorter
    // name joins the one group it fits (agrees with every member of). It is ambiguous ("Smith" on a number
    // held by John Smith and Mary Smith: could be either) when it fits two groups, or a group and a name
    // of its length that does not, or two names of its length that do not agree with each other. Decided
    // over every pair of a length, not holder by holder: taken in turn, `Mum` joined whichever of `Ann
    // Lee`'s group and `Office` came first (a property test).
    for (let s = 0; s < named.length; ) {
      const len = (folded[named[s]] as string[]).length;
      let e = s + 1;
      while (e < named.length && (folded[named[e]] as string[]).length === len) e++;
      tier(
        named,
        s,
        e,
        groups,
        ambiguous,
        (i, j) => holdersAgree(ix, key, i, j, folded[i] as string[], folded[j] as string[], folded),
        (i, j) => tiedByName(ix, key, i, j, folded),
        (i) => isRelationName(folded[i] as string[]),
        (i, j) => relativesPair(folded[i] as string[], folded[j] as string[]),
      );
      s = e;
    }
  }
  // Identities on the key: holders are one identity when they share another key or sit in one name group.
  // Unnamed holders with no other key are bare copies of the number and count for nobody.
  const bare: number[] = [];
  const ids = new Map<number, number>(); // holder -> identity representative
  const rep = (i: number): number => {
    let r = i;
    while (ids.get(r) !== r) r = ids.get(r) as number;
    return r;
  };
  const join = (a: number, b: number) => {
    const ra = rep(a),
      rb = rep(b);
    if (ra !== rb) ids.set(rb, ra);
  };
  const byOtherKey = new Map<number, number>();
  for (const i of holders) {
    if (folded[i] === null && !identifyingKey(ix, i, key)) {
      bare.push(i);
      continue;
    }
    ids.set(i, i);
    for (let j = ix.keyStart[i]; j < ix.keyStart[i + 1]; j++) {
      const k = ix.keyOf[j];
      if (k === key || isSwitchboard(ix, k)) continue; // a company line joins colleagues, not copies of one person
      const h = byOtherKey.get(k);
      if (h === undefined) byOtherKey.set(k, i);
      else join(h, i);
    }
  }
  // So far identities are joined by addresses only. Two of them with mailboxes at one organisation are
  // colleagues (see colleagues; two identities never share a mailbox, or they would be one): the key is a
  // company line, shared, whatever their names say. One pass: the first identity seen per organisation.
  let shared = switchboard;
  const byOrg = new Map<number, number>(); // organisation -> identity representative
  for (let x = 0; x < holders.length && !shared; x++) {
    const i = holders[x];
    const end = ix.keyStart[i] + ix.emailCount[i];
    for (let j = ix.keyStart[i]; j < end && !shared; j++) {
      const o = ix.org[ix.keyOf[j]];
      if (o < 0 || ix.keyOf[j] === key) continue;
      const r = rep(i);
      const seen = byOrg.get(o);
      if (seen === undefined) byOrg.set(o, r);
      else shared = seen !== r;
    }
  }
  // Per name group: whether its holders that have other addresses are more than one identity (two
  // "Chris Smith" with their own mailboxes on one switchboard are often two people).
  const split = groups.map((g) => {
    let first = -1;
    for (const i of g) {
      if (!identifyingKey(ix, i, key)) continue;
      const r = rep(i);
      if (first < 0) first = r;
      else if (r !== first) return true;
    }
    return false;
  });
  for (const g of groups) for (let n = 1; n < g.length; n++) join(g[0], g[n]);
  let identities = 0;
  for (const [i] of ids) if (rep(i) === i) identities++;

  return { one: !shared && groups.length <= 1 && ambiguous.length === 0 && identities < HUB_IDENTITIES, groups, split, bare };
}

/**
 * judge's name groups for the holders named[s..e) (names of one length; the groups so far hold longer
 * names): each joins the one group it fits, or a new group with the names of its length it agrees with,
 * or is ambiguous (judge). `agree(i, j)`: whether holder i (the later in `named`) may be holder j.
 * `tied(i, j)`: whether another key of holder i is held by a card named as holder j, word for word
 * (tiedByName). `relation(i)`: whether holder i's name is a relation (`Mum`, `Oma Weber`). `kinApart(i, j)`:
 * whether the relations of holders i and j say a woman and a man (names.ts relativesPair: `Mom`, `Papa Joe`).
 */
function tier(
  named: readonly number[],
  s: number,
  e: number,
  groups: number[][],
  ambiguous: number[],
  agree: (i: number, j: number) => boolean,
  tied: (i: number, j: number) => boolean,
  relation: (i: number) => boolean,
  kinApart: (i: number, j: number) => boolean,
): void {
  const t = e - s;
  const before = groups.length;
  // Per holder of the tier: the one group of longer names it fits (-1: none, -2: two or more). A group it
  // is kept from only by the sex its relation says (`Mom` beside `Papa Joe`) still counts as one it might
  // be: `Mom` beside `Papa Joe` and `Ray` on the family landline is either's (the sex read from a word may
  // be wrong: `Nana Kwame` is a man), and joined Ray's row, his mobile shown as hers (a review).
  const fit = new Int32Array(t).fill(-1);
  // Holders kept from a group of longer names by sex alone: beside a name of their own length, which of
  // the two they are is as unknown (`Mom` beside `Papa Joe` and `Ray`).
  let kinApartOf: Uint8Array | null = null;
  for (let x = 0; x < t; x++) {
    let kin = false;
    for (let g = 0; g < before && fit[x] !== -2; g++) {
      const i = named[s + x];
      if (groups[g].every((j) => agree(i, j))) fit[x] = fit[x] === -1 ? g : -2;
      else if (!kin && groups[g].every((j) => agree(i, j) || kinApart(i, j))) kin = true;
    }
    if (kin && fit[x] >= 0) fit[x] = -2;
    else if (kin) (kinApartOf ??= new Uint8Array(t))[x] = 1;
  }
  const peer = new Uint8Array(t * t);
  for (let x = 1; x < t; x++) {
    for (let y = 0; y < x; y++) {
      if (agree(named[s + x], named[s + y])) peer[x * t + y] = peer[y * t + x] = 1;
      else if (kinApart(named[s + x], named[s + y])) {
        // Kept apart by sex alone within the tier (`Grandma` beside `Opa Heinz`, folded `heinz`, and `Lena`).
        kinApartOf ??= new Uint8Array(t);
        kinApartOf[x] = kinApartOf[y] = 1;
      }
    }
  }
  const unsure = new Uint8Array(t);
  for (let x = 0; x < t; x++) {
    if (fit[x] === -2) {
      unsure[x] = 1;
      continue;
    }
    for (let y = 0; y < t && unsure[x] === 0; y++) {
      if (y === x) continue;
      if (kinApartOf !== null && kinApartOf[x] === 1 && (peer[x * t + y] === 1 || fit[x] >= 0)) unsure[x] = 1;
      // A name of its length it agrees with that does not fit its group, or fits its group and does not agree with it.
      if (peer[x * t + y] === 1 && fit[y] !== -2 && fit[y] !== fit[x]) unsure[x] = 1;
      // Two names of its length it agrees with that do not agree with each other.
      if (peer[x * t + y] === 1)
        for (let z = y + 1; z < t && unsure[x] === 0; z++) if (z !== x && peer[x * t + z] === 1 && peer[y * t + z] === 0) unsure[x] = 1;
      // Two relations that fit one group and not each other (`Mum` and `Dad` beside `Bob Ray`, `Oma Weber`
      // and `Opa Weber` beside `Hilde Weber` on the family landline): which of them the group's person
      // is, the key cannot say, and neither joins it (the first in content order did: a coin toss that
      // put the wrong relative in the row half the time, a review).
      if (fit[x] >= 0 && fit[y] === fit[x] && peer[x * t + y] === 0 && relation(named[s + x]) && relation(named[s + y])) unsure[x] = 1;
    }
  }
  // An unsure holder that another of its keys ties to one of the names it fits is that one (`B. MacLeod`
  // with Beth MacLeod's mailbox, beside `Beth MacLeod` and `Bethan MacLeod` on one mobile, is Beth: left
  // out of both, it left Beth's card on the mobile a row of its own, a review). -1: none; a group of
  // longer names g as g; a holder y of the tier as -(y + 2).
  let prefer: Int32Array | null = null;
  for (let x = 0; x < t; x++) {
    if (unsure[x] === 0) continue;
    const i = named[s + x];
    let target = -1;
    let targets = 0;
    for (let g = 0; g < before && targets < 2; g++) {
      if (groups[g].some((j) => tied(i, j)) && groups[g].every((j) => agree(i, j))) {
        target = g;
        targets++;
      }
    }
    for (let y = 0; y < t && targets < 2; y++) {
      if (y !== x && peer[x * t + y] === 1 && tied(i, named[s + y])) {
        target = -(y + 2);
        targets++;
      }
    }
    if (targets !== 1) continue;
    (prefer ??= new Int32Array(t).fill(-1))[x] = target;
  }
  // The sure holders that agree have the same group (or none): each joins it, or the new group of the
  // first of them (every two of such a group agree). Two that fit one group and not each other (`John
  // Smith` and `Mary Smith` beside their couple's card `John & Mary Smith`) are one group's and another's:
  // the first in `named` (the order of the cards' content: merge.ts canonicalOrder) joins it.
  const groupOf = new Int32Array(t).fill(-1);
  for (let x = 0; x < t; x++) {
    if (unsure[x] === 1) {
      if (prefer === null || prefer[x] === -1) ambiguous.push(named[s + x]);
      continue;
    }
    let g = fit[x];
    if (g >= 0 && !groups[g].every((j) => agree(named[s + x], j))) g = -1;
    for (let y = 0; y < x && g < 0; y++) if (unsure[y] === 0 && peer[x * t + y] === 1 && fit[y] < 0) g = groupOf[y];
    if (g < 0) {
      g = groups.length;
      groups.push([]);
    }
    groupOf[x] = g;
    groups[g].push(named[s + x]);
  }
  if (prefer === null) return;
  for (let x = 0; x < t; x++) {
    const target = prefer[x];
    if (target === -1) continue;
    const i = named[s + x];
    const g = target >= 0 ? target : groupOf[-target - 2];
    if (g >= 0 && groups[g].every((j) => agree(i, j))) groups[g].push(i);
    else ambiguous.push(i);
  }
}

/** A relation label (`Mum`) or a relation before a name (`Oma Weber`). */
function isRelationName(f: readonly string[]): boolean {
  return (f.length === 1 && f[0]![0] === '~') || relationOf(f) !== null;
}

/** Holders of another key up to which tiesOf reads their names, and keys of a holder it reads. */
const MAX_TIED_HOLDERS = 16;
const MAX_TIED_KEYS = 16;

/** A card a holder's other key links it to: its name (nameKey) and the key. */
interface Tie {
  name: string;
  key: number;
}

/** Per key index (one merge): each holder's ties (tiesOf), read once. */
const TIES = new WeakMap<KeyIndex, Map<number, readonly Tie[]>>();

/**
 * The cards holder i's keys link it to, by name: on each of its first MAX_TIED_KEYS keys held by at most
 * MAX_TIED_HOLDERS cards, each other holder whose name the key's own guard lets it be (holdersAgree, no
 * switchboard, no colleagues). A key whose guard says two people is no tie (a review: `John Smith` on the
 * landline with `John Smith Jr`, each with a mobile, tied him to Jr's own mobile card).
 */
function tiesOf(ix: KeyIndex, i: number, folded: (string[] | null)[]): readonly Tie[] {
  let byHolder = TIES.get(ix);
  if (byHolder === undefined) TIES.set(ix, (byHolder = new Map()));
  let ties = byHolder.get(i);
  if (ties !== undefined) return ties;
  const out: Tie[] = [];
  const fi = folded[i];
  if (fi !== null) {
    const end = Math.min(ix.keyStart[i + 1], ix.keyStart[i] + MAX_TIED_KEYS);
    for (let a = ix.keyStart[i]; a < end; a++) {
      const k = ix.keyOf[a];
      if (ix.holderStart[k + 1] - ix.holderStart[k] > MAX_TIED_HOLDERS || isSwitchboard(ix, k)) continue;
      for (let h = ix.holderStart[k]; h < ix.holderStart[k + 1]; h++) {
        const o = ix.holderOf[h];
        const fo = o === i ? null : folded[o];
        if (fo === null || !holdersAgree(ix, k, i, o, fi, fo, folded) || colleagues(ix, k, i, o, folded)) continue;
        out.push({ name: nameKey(fo), key: k });
      }
    }
  }
  ties = out;
  byHolder.set(i, ties);
  return ties;
}

/**
 * Whether a key of holder i other than `key` links it to a card (not i) named as holder j, word for word
 * (tiesOf): that card says which of the names it fits i is.
 */
function tiedByName(ix: KeyIndex, key: number, i: number, j: number, folded: (string[] | null)[]): boolean {
  const fj = folded[j];
  if (fj === null) return false;
  const ties = tiesOf(ix, i, folded);
  if (ties.length === 0) return false;
  const name = nameKey(fj);
  for (const t of ties) if (t.key !== key && t.name === name) return true;
  return false;
}

/** Owners of one mailbox up to which twoOfOne reads them as people (it compares every card of one with every card of the other). */
const MAX_TWO_OF_ONE = 64;

/**
 * Whether the owners of mailbox `key` (its holders with another key that says who they are) are two
 * people with another address or number in common as well, and so one person whatever their names say
 * (linkMailbox): the first owner of the second of them, or -1. Owners under one name (the same words) are
 * one person: the same card sent twice, or saved again with another number or a work address, is one
 * more card, not one more person (counted as one, `Ann Lee` twice beside `Ann Smith` on one mailbox and
 * one mobile was three people and two rows: a probe). In common means a card of each holds the key, and
 * no card of one holds another mailbox at the organisation of one of the other's (colleagues: a team
 * address and the office's number).
 */
function twoOfOne(owners: readonly number[], key: number, ix: KeyIndex, folded: readonly (string[] | null)[]): number {
  if (owners.length > MAX_TWO_OF_ONE) return -1;
  const a = owners[0];
  let b = -1;
  const ofA: number[] = [];
  const ofB: number[] = [];
  for (const i of owners) {
    if (i === a || samePerson(folded[a], folded[i])) ofA.push(i);
    else if (b < 0 || samePerson(folded[b], folded[i])) {
      if (b < 0) b = i;
      ofB.push(i);
    } else return -1; // a third person
  }
  if (b < 0) return -1;
  let shared = false;
  for (const x of ofA) {
    for (const y of ofB) {
      if (orgMailboxes(ix, key, x, y)) return -1;
      if (!shared) shared = shareIdentifyingKey(ix, x, y, key);
    }
  }
  return shared ? b : -1;
}

/**
 * Whether two names are two people of one family: both a given name and a family name or more, and
 * - the same last word, and first words that are no form of each other (givenNamesApart: namesCompatible
 *   refused them, they begin with two different letters, and the shorter's letters do not stand in the
 *   longer in their order: `Beto` may be `Alberto`, `Fritz` `Friedrich`, `Uli` `Ulrich`, forms the
 *   nickname groups do not list; or a man's and a woman's forms of one name, `Mark`/`Mary`);
 * - or a man's and a woman's forms of one family name last (familyForms: `Kowalski`/`Kowalska`);
 * - or a family name first (`Wang Wei`/`Wang Fang`), or two full names written as one word in Han or
 *   Hangul with one family name (`王伟`/`王芳`).
 * A maiden name (`Ann Smith`, `Ann Lee`), a label (`Mum`) and a name for someone's relation (`Wife of
 * John Smith`) are not. A probe of the fifty-eighth session found each new pair one row on the family's
 * mailbox, the person the owner wrote to most gone into the other's row.
 */
export function familyPair(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return false;
  if (a.length === 1 && b.length === 1) return oneWordFamilyPair(a[0], b[0]);
  if (a.length < 2 || b.length < 2 || namesCompatible(a, b)) return false;
  if (relationOf(a) !== null || relationOf(b) !== null || someonesRelation(a) || someonesRelation(b)) return false;
  const la = a[a.length - 1];
  const lb = b[b.length - 1];
  // A man's and a woman's forms of one family name are two people under two given names, however close
  // (`Jan Novák` and `Jana Nováková`); under one given name, a slip of one person's (`Piotr Kowalska`).
  if (familyForms(la, lb)) return a[0] !== b[0];
  if (la === lb) return a[0] !== b[0] && givenNamesApart(a[0], b[0]);
  // The family name first (`Wang Wei` and `Wang Fang`, `Nagy Péter` and `Nagy Anna` or his wife `Nagy
  // Péterné`, `Nguyễn Văn An` and `Nguyễn Thị Bình`): the same first word, one of the family names that
  // lead a name in China, Korea, Vietnam and Hungary (FAMILY_FIRST) or the Vietnamese middle names that
  // say a man and a woman, and two given names last. Any other first word in common is a given name and
  // the last words a maiden name and a married one (`Ann Smith` and `Ann Lee`, `Aarav Gupta`: eval:clean).
  // Two romanisations of one given name are one (`Kim Young`, `Kim Yeong`; `Zhang Wei`, `Zhang Wie`).
  if (a[0] === b[0] && la !== lb && (FAMILY_FIRST.has(a[0]) || vietnameseCouple(a, b)))
    return (givenNamesApart(la, lb) && spelling(la) !== spelling(lb)) || la === `${lb}ne` || lb === `${la}ne`;
  return false;
}

/** Family names that lead a name (folded): the commonest of China, Korea, Vietnam and Hungary. */
const FAMILY_FIRST: ReadonlySet<string> = new Set(
  (
    'wang li zhang liu chen yang huang zhao wu zhou xu sun ma zhu hu guo he lin gao luo zheng liang xie song tang han feng deng cao peng zeng xiao tian dong pan yuan cai jiang yu du ye cheng wei su lu ding shen ' +
    'kim park choi jung jeong kang cho jo yoon yun jang lim shin seo kwon hwang ahn oh ' +
    'nguyen tran pham hoang huynh phan vu vo dang bui ngo duong ' +
    'nagy kovacs toth szabo horvath varga kiss molnar nemeth farkas balogh papp takacs juhasz lakatos meszaros olah racz fekete'
  ).split(' '),
);

/** Whether two names of three words or more have the Vietnamese middle names of a man and a woman (`Văn`, `Thị`). */
function vietnameseCouple(a: readonly string[], b: readonly string[]): boolean {
  if (a.length < 3 || b.length < 3) return false;
  const x = a[1];
  const y = b[1];
  return (x === 'van' && y === 'thi') || (x === 'thi' && y === 'van');
}

/**
 * Whether two first words are two given names (twoGivenNames), or one name's forms for a man and a woman
 * (`Mark`/`Mary`, `Francesco`/`Francesca`, `Aleksander`/`Aleksandra`: the same length, the same but for
 * the last two letters at most, `-o` and `-a` or another spelling than a vowel's or a c's for a k's;
 * `Daniel`/`Danielle`, `Daniela`: a woman's ending after a name of five letters or more). A probe found
 * each pair one row on the family mailbox, the one the owner wrote to gone. Not one name's spellings
 * (`Eric`/`Erik`, `Marc`/`Mark`, `Anne`/`Anna`, `Karin`/`Karen`), nor Italian men's `-e` (`Daniele`,
 * `Michele`): a review found one person's two cards on their own mailbox two rows.
 */
function givenNamesApart(x: string, y: string): boolean {
  if (twoGivenNames(x, y)) return true;
  if (!PLAIN_WORD_RE.test(x) || !PLAIN_WORD_RE.test(y) || x === y) return false;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (short.length === long.length) {
    if (short.length < 4 || short.slice(0, -2) !== long.slice(0, -2)) return false;
    const ends = short[short.length - 1]! + long[long.length - 1]!;
    if (short.slice(0, -1) === long.slice(0, -1) && (ends === 'oa' || ends === 'ao')) return true;
    return spelling(short) !== spelling(long);
  }
  return short.length >= 5 && long.startsWith(short) && WOMENS_ENDINGS.has(long.slice(short.length));
}
const WOMENS_ENDINGS: ReadonlySet<string> = new Set(['le', 'ne', 'a', 'ina']);

/** A word's spelling with its vowels as one and c as k: two spellings of one name agree (`eric`/`erik`, `young`/`yeong`). */
function spelling(w: string): string {
  return w.replace(/c/g, 'k').replace(/[aeiouy]/g, '*');
}

/**
 * Whether two family names are one family's forms for a man and a woman: Polish and Czech `-ski`/`-ska`,
 * `-ský`/`-ská`; Russian and Bulgarian `-ov`/`-ova`, `-in`/`-ina` (any script); Czech and Slovak `-ová`;
 * Lithuanian `-as`/`-ienė`; Latvian `-s`/`-a`; Icelandic `-son`/`-dóttir`; Greek `-os`/`-ou`, `-is`/`-i`
 * (folded: marks dropped). A probe found `Piotr Kowalski` and `Anna Kowalska` one row on `kowalscy@`.
 */
function familyForms(x: string, y: string): boolean {
  if (x === y) return false;
  const [m, f] = x.length <= y.length ? [x, y] : [y, x];
  if (m.length < 4) return false;
  if (m.length === f.length) {
    const stem = m.slice(0, -1);
    if (stem !== f.slice(0, -1)) return false;
    const ends = m[m.length - 1]! + f[f.length - 1]!;
    if (ends === 'sa' || ends === 'as') return true;
    if ((ends === 'su' || ends === 'us') && stem.endsWith('o')) return true;
    if (!/(?:sk|ck|dzk|ск|цк)$/.test(stem)) return false;
    return ends === 'ia' || ends === 'ai' || ends === 'ya' || ends === 'ay';
  }
  if (f === `${m}a` || f === `${m}а`) return /(?:ov|ev|in|ёв|ов|ев|ин)$/.test(m);
  if (f === `${m}ova` || (/[aoe]$/.test(m) && f === `${m.slice(0, -1)}ova`)) return true;
  if (/(?:as|is|us|ys)$/.test(m) && /^(?:iene|aite|yte|ute)$/.test(f.slice(m.length - 2))) return f.startsWith(m.slice(0, -2));
  if (m.endsWith('son') && f === `${m.slice(0, -3)}dottir`) return true;
  // The woman's the shorter: Greek `Papadaki` beside `Papadakis`.
  if (f === `${m}s` && m.endsWith('i') && m.length >= 5) return true;
  return false;
}

/**
 * Two full names written as one word in Han or Hangul (fullName: `王伟` and `王芳`, `김민준` and `김서연`):
 * the same family name (the first character, the first syllable), two different given names after it.
 */
function oneWordFamilyPair(x: string, y: string): boolean {
  if (x === y || !fullName([x]) || !fullName([y])) return false;
  const fx = firstSyllable(x);
  const fy = firstSyllable(y);
  if (fx !== fy) return false;
  const gx = x.slice(fx.length);
  const gy = y.slice(fy.length);
  return gx !== '' && gy !== '' && !gx.includes(gy) && !gy.includes(gx);
}

/** The first syllable of a one-word Han or Hangul name: its first character, or its first jamo up to the next leading consonant. */
function firstSyllable(w: string): string {
  const c = w.charCodeAt(0);
  if (c < 0x1100 || c >= 0x1113) return w.slice(0, 1);
  let i = 1;
  while (i < w.length && !(w.charCodeAt(i) >= 0x1100 && w.charCodeAt(i) < 0x1113)) i++;
  return w.slice(0, i);
}

/**
 * Whether two first words are two given names, no form of each other: plain words that begin with two
 * different letters and of which the shorter's letters do not stand in the longer in their order (`Beto`
 * may be `Alberto`, `Uli` `Ulrich`).
 */
function twoGivenNames(x: string, y: string): boolean {
  if (!PLAIN_WORD_RE.test(x) || !PLAIN_WORD_RE.test(y)) return false;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.slice(0, 2) !== long.slice(0, 2) && !subsequence(short, long);
}

/**
 * Whether two names on a family's mailbox are spouses who keep their own family names (Spain, Latin
 * America, Korea, China, Vietnam, the Arab world: `Jorge García López` and `Lucía Fernández Ruiz` on
 * `familia.garcia@`; a probe found Lucía, written to twenty times, gone into Jorge's row): full names of
 * no word in common, whose first words are two names as familyPair reads them, on a family's mailbox
 * (HOUSEHOLD_LOCAL_RE) that spells neither (localSpellsName). On any other mailbox another name is a label
 * of it, as before (`Amara Lindqvist` on `ingrid.keller@`: a card renamed, another app's display name;
 * `Bob Ray` on `ann@`); a maiden name keeps the given name (`Ann Smith`, `Ann Lee`), and is no pair.
 */
function spousesPair(a: readonly string[] | null, b: readonly string[] | null, ix: KeyIndex, key: number): boolean {
  if (a === null || b === null || !fullName(a) || !fullName(b) || !noWordShared(a, b)) return false;
  if (namesCompatible(a, b) || relationOf(a) !== null || relationOf(b) !== null || someonesRelation(a) || someonesRelation(b)) return false;
  if (!twoGivenNames(a[0], b[0]) || !PLAIN_WORD_RE.test(a[a.length - 1]) || !PLAIN_WORD_RE.test(b[b.length - 1])) return false;
  const local = localOfKey(ix, key);
  if (local === null || !HOUSEHOLD_LOCAL_RE.test(local)) return false;
  return localSpellsName(local, a) === 0 && localSpellsName(local, b) === 0;
}

/**
 * A name of a given name and a family name: two words or more, or one word of Han (two to four
 * characters: `王伟`, `李娜`) or of Hangul (two syllables or more: `김민수`), written without a space.
 */
function fullName(a: readonly string[]): boolean {
  if (a.length >= 2) return true;
  if (a.length !== 1) return false;
  const w = a[0];
  const c = w.charCodeAt(0);
  if (c >= 0x1100 && c < 0x1113) {
    let syllables = 0;
    for (let i = 0; i < w.length; i++) {
      const x = w.charCodeAt(i);
      if (x < 0x1100 || x >= 0x1200) return false;
      if (x < 0x1113) syllables++;
    }
    return syllables >= 2;
  }
  if (w.length < 2 || w.length > 4) return false;
  for (let i = 0; i < w.length; i++) {
    const x = w.charCodeAt(i);
    if (!((x >= 0x3400 && x < 0xa000) || (x >= 0xf900 && x < 0xfb00))) return false;
  }
  return true;
}

/**
 * A family's mailbox by its words (`familia.garcia@`, `family.kim@`, `yilmazaile@`, `giadinh.hung@`,
 * `thesmithhome@`): a shared address under another name is otherwise a label of one person's mailbox
 * (`Bob Ray` on `ann@`, `Sherri Sera` on `office@`, a card renamed or an assistant's label).
 */
const HOUSEHOLD_LOCAL_RE = /famil|famiglia|aile|giadinh|jiating|gajok|kazoku|rodzina|casa|home|house|haus/;

/** Whether two names have no word in common. */
function noWordShared(a: readonly string[], b: readonly string[]): boolean {
  for (const x of a) if (b.includes(x)) return false;
  return true;
}

/** Whether the letters of `short` stand in `long` in their order (`beto` in `alberto`, `uli` in `ulrich`). */
function subsequence(short: string, long: string): boolean {
  let j = 0;
  for (let i = 0; i < long.length && j < short.length; i++) if (long[i] === short[j]) j++;
  return j === short.length;
}

/** A word of letters only (no relation, title or nickname mark of the fold). */
const PLAIN_WORD_RE = /^\p{L}+$/u;

/**
 * Whether a copy of an e-mail key and its holder are two people on a role mailbox (`info@`, `office@`,
 * `kontakt@`): a firm's or a household's desk, shared by design, so a card holding it alone under a
 * person's name (no relation's label) with no word alike its holder's is someone else who answers it,
 * not a label of that holder (a probe: the plumber `Klaus`, written to six times at the firm's `info@`,
 * vanished into `Sabine Meier`'s row, to be invited on her mobile). Asked on a clash only. Trade-off:
 * another name of the holder's with no word alike (a new family name and a given name of no nickname
 * group) on such a desk is a second row (a duplicate is the lesser fault).
 */
function personsOnDesk(copy: readonly string[] | null, holder: readonly string[] | null, ix: KeyIndex, key: number): boolean {
  // Labels (`Mom`, `Oma` on `family@`) name the one person they are the owner's words for, as on any mailbox.
  if (copy === null || holder === null || isRelationName(copy) || isRelationName(holder) || someonesRelation(copy) || someonesRelation(holder)) return false;
  // Names with a word alike (`Łukasz Kowalski` and his `Łukasz Szymańska`, a maiden name) are the mailbox
  // rule's one person, as anywhere; only names with no word alike are two people on the desk.
  for (const x of copy) for (const y of holder) if (x === y || namesCompatible([x], [y])) return false;
  const name = keyName(ix, key);
  const at = name.lastIndexOf('@');
  // Four letters or more: a desk of two or three (`md@`, `hr@`, `pm@`) is as often a person's initials.
  return at >= 4 && !name.startsWith('p:') && isRoleLocal(name.slice(0, at));
}

/** Whether two owners' names are one name, word for word (no name is no one's: an unnamed card is a person of its own here). */
function samePerson(x: readonly string[] | null, y: readonly string[] | null): boolean {
  return x !== null && y !== null && sameWords(x, y);
}

/**
 * An e-mail key is one mailbox. The cards holding nothing else that tells them apart are copies of it,
 * whatever their labels say ("Mom", a maiden name, another person's name: one address is one invite).
 * They join its owner: the one identity among the holders that do hold other keys (judged by the general
 * rule, or two of them with a number in common as well, whatever their names), or each other when no
 * holder holds another key. A copy whose label clashes with another label of the mailbox is absorbed: its
 * label takes no part in later vetoes (it names the mailbox, not someone else on it). Two holders with another key in common as well and no copy are
 * one person too, whatever their names say. Returns false, linking nothing, in every other case (no copy,
 * or two identities: a family or team mailbox), which the general rule decides.
 */
function linkMailbox(holders: Int32Array | readonly number[], key: number, ix: KeyIndex, folded: (string[] | null)[], uf: Components): boolean {
  if (ix.own !== null && ix.own[key] === 1) return false;
  const owners: number[] = [];
  for (const i of holders) if (identifyingKey(ix, i, key)) owners.push(i);
  if (owners.length >= 2) {
    const a = owners[0];
    // The other person of two (-1 when the owners are one, or more than two): the rule is about two people,
    // not two cards (a card of each, sent twice or saved again with a work address, is still two people).
    const b = twoOfOne(owners, key, ix, folded);
    if (owners.length === holders.length) {
      if (b < 0 || folded[a] === null || folded[b] === null || namesCompatible(folded[a], folded[b])) return false;
      for (let n = 1; n < owners.length; n++) uf.tryUnion(a, owners[n], true);
      return true;
    }
    if (b >= 0) for (let n = 1; n < owners.length; n++) uf.tryUnion(a, owners[n], true);
    else if (judge(owners, key, ix, folded, false).one) for (let n = 1; n < owners.length; n++) uf.tryUnion(a, owners[n]);
    else return false;
  }
  // A copy joins as any card does, the labels most holders agree with first (with no owner, the copy
  // most of them agree with is the base); one that is refused because its name conflicts with another
  // label of this mailbox is absorbed (a refusal by a name that reached the owner through another key
  // stands: that is someone else). Agreement is counted on mailboxes of a few dozen cards (a bigger one
  // is a hub, taken in upload order: the count is quadratic).
  const fits = (i: number, j: number) => folded[i] === null || folded[j] === null || namesCompatible(folded[i], folded[j]);
  const copies: [number, number][] = [];
  for (const i of holders) {
    if (owners.includes(i)) continue;
    let agree = 0;
    if (holders.length <= MAX_AGREEMENT_COUNT) for (const j of holders) if (fits(i, j)) agree++;
    copies.push([i, agree]);
  }
  copies.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
  const base = owners.length > 0 ? owners[0] : copies[0][0];
  for (const [i] of copies) {
    if (i === base) continue;
    if (uf.tryUnion(base, i)) continue;
    let clash = false;
    for (let x = 0; x < holders.length && !clash; x++) clash = !fits(i, holders[x]);
    if (!clash) continue;
    // Two names of one family on the mailbox (`Dee Moss` on the family address beside `Ray Moss` with it
    // and his mobile) are two people: the copy stays a row of its own, the mailbox in both (a probe: Dee,
    // written to twenty times, vanished into Ray's row, to be invited on his mobile).
    if (
      familyPair(folded[i], folded[base]) ||
      relativesPair(folded[i], folded[base]) ||
      generationsPair(folded[i], folded[base]) ||
      spousesPair(folded[i], folded[base], ix, key) ||
      personsOnDesk(folded[i], folded[base], ix, key)
    )
      continue;
    // With no card of the person (every holder a copy of the address: a card renamed by a later sync),
    // every label stays a candidate for the name shown; beside one, a copy's label is no name of theirs.
    uf.absorb(base, i, owners.length > 0);
  }
  return true;
}
