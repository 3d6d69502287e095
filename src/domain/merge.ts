/**
 * Merging: entries that share a normalised e-mail or phone become one contact, transitively, with a
 * guard against over-merging. Pure and deterministic: the result depends only on the entry list, so
 * merging N batches concatenated equals merging one upload of the same entries.
 *
 * The guard, in two layers:
 *  1. Per key: the key is shared, not personal, and stops being evidence when
 *     - the entries holding it carry two or more incompatible names (a family landline under "Mum" and
 *       "Dad", an office number under five colleagues), or
 *     - they are three or more distinct identities (holders are one identity when they share another
 *       address or a name), or
 *     - the book also holds the number with an extension ("+1 212 555 0100 ext. 12"): a switchboard,
 *       however few of its holders carry it bare (a number with an extension is keyed as its own direct
 *       line, "+E164;ext=N", so the colleagues who wrote one are invisible to the two rules above), or
 *     - two of its holders are colleagues: different mailboxes at one organisation's domain, nothing
 *       else in common (an office line without extensions; names may be equal or absent).
 *     Holders then link only through their other addresses; an entry holding nothing but the shared
 *     number joins the one name group it agrees with, when that group is one identity.
 *  2. Per component: two groups are never fused when any name of one conflicts with any name of the
 *     other, so a chain "John Smith" - (unnamed) - "Mary Smith" does not fuse John and Mary.
 * Names alone never merge anything: they can only veto.
 */
import { isBulkSender } from './junk.ts';
import { isWebmailDomain } from './webmail.ts';
import type { Contact, NormEmail, NormPhone, NormalizedEntry } from './types.ts';

/** Distinct names remembered per component for the veto (more is a sign of a hub; checks stay O(1)). */
const MAX_NAMES_PER_COMPONENT = 16;
/** Digits of a national-only number that must match the end of a full number to be read as the same phone. */
const MIN_ALIAS_DIGITS = 7;
/** A key holding this many distinct identities is shared (office, family, placeholder), whatever the names say. */
const HUB_IDENTITIES = 3;
/**
 * org of a direct line ("+E164;ext=N"): like every phone, no organisation; marked so that the identity
 * count of a shared key does not read it as who someone is (see identifyingKey).
 */
const DIRECT_LINE = -2;

// --- names ------------------------------------------------------------------------------------------

/**
 * Titles that say nothing about who someone is. Only words that are never part of a name: dropping a
 * token can turn a full name into a partial one ("Don Smith" -> "Smith"), and a partial name is
 * compatible with every full name that contains it, so the veto would wave through "Don Smith" and
 * "John Smith" on one family landline. Hence no given names here ("Don", "Dona"), and no generation
 * suffixes: "Sr"/"Jr"/"II"/"III" tell a father from a son, and kept as tokens they still fit the bare
 * name ("John Smith Jr" ~ "John Smith") while "Jr" and "Sr" conflict.
 */
const IGNORED_TOKENS = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'sir', 'herr', 'frau', 'mme', 'mlle', 'sra']);

/**
 * Common given-name short forms, so "Bob Jones" and "Robert Jones" holding the same number agree.
 * Kept short on purpose: it only relaxes the veto, it never merges by itself.
 */
const NICKNAME_GROUPS = [
  'robert bob rob robbie bobby', 'william bill will billy liam', 'richard rick dick rich ricky', 'james jim jimmy jamie',
  'michael mike mick mikey', 'thomas tom tommy', 'david dave davey', 'christopher chris kit', 'katherine catherine kate katie kathy cathy',
  'elizabeth liz beth betty lisa eliza', 'margaret maggie peggy meg', 'susan sue suzy', 'anthony tony', 'andrew andy drew',
  'joseph joe joey', 'edward ed ted eddie', 'henry hank harry', 'john jack johnny', 'nicholas nick nicky', 'peter pete',
  'samuel sam sammy', 'stephen steven steve', 'alexander alex sasha sandy', 'alexandra alex sasha sandra', 'matthew matt',
  'patrick pat paddy', 'patricia pat trish patty', 'daniel dan danny', 'gregory greg', 'lawrence larry', 'gerald jerry',
  'jennifer jen jenny', 'rebecca becky becca', 'abigail abby', 'jose pepe', 'francisco paco pancho', 'mikhail misha',
  'dmitry dima', 'ekaterina katya', 'johannes hannes', 'wolfgang wolf', 'giuseppe beppe', 'benjamin ben benji',
  'jonathan jon', 'timothy tim', 'victoria vicky tori', 'deborah debbie deb', 'barbara barb babs',
];
const NICKNAME: Map<string, number> = new Map();
NICKNAME_GROUPS.forEach((g, i) => {
  for (const n of g.split(' ')) if (!NICKNAME.has(n)) NICKNAME.set(n, i);
});

/**
 * Kinship and partner labels ("Mom", "My Dad", "Oma", "Wife"): they say who someone is to the user, not
 * their name, so "Mom" and "Jane Doe" on one mobile are one person; two different labels ("Mom", "Dad"
 * on a landline) still conflict. Folded to one marker token per relation.
 */
const KIN = new Map<string, string>(); // a Map, not an object: "constructor" is no relation
for (const [label, words] of Object.entries({
  mother: 'mom mum mother mama mommy mummy mam ma mamá mamãe maman mutti mutter mamma madre mamusia',
  father: 'dad father papa daddy pa papá papai vater vati papà padre tata',
  grandmother: 'grandma granny nana nan oma abuela nonna babcia grandmother',
  grandfather: 'grandpa granddad opa abuelo nonno dziadek grandfather',
  partner: 'wife husband hubby honey babe hun love darling spouse partner',
  sister: 'sister sis', brother: 'brother bro',
})) {
  for (const w of words.split(' ')) KIN.set(w.normalize('NFD').replace(/\p{M}+/gu, ''), '~' + label);
}
const KIN_FILLER = new Set(['my', 'mein', 'meine', 'ma', 'mon', 'mi', 'mia', 'mio', 'moja', 'moj']);

/** Letters that NFD does not decompose. */
const FOLD_EXTRA: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Name -> comparable tokens: diacritics folded, lower-case, punctuation dropped, titles removed. */
function foldName(name: string): string[] {
  const tokens = foldTokens(name);
  // A name made only of kinship words (and "my") is a relation label.
  let kin: string | null = null;
  for (const t of tokens) {
    const k = KIN.get(t);
    if (k !== undefined) {
      if (kin !== null && kin !== k) return tokens;
      kin = k;
    } else if (!KIN_FILLER.has(t)) return tokens;
  }
  return kin ? [kin] : tokens;
}

function foldTokens(name: string): string[] {
  let ascii = true;
  for (let i = 0; i < name.length && ascii; i++) {
    const c = name.charCodeAt(i);
    ascii = c >= 0x20 && c <= 0x7e;
  }
  if (ascii) {
    // ASCII fast path (most names): the Unicode-aware path below costs ~5x more. Tokens are the runs of
    // [a-z0-9], cut by hand: a regex split builds empty strings and an array to filter.
    const s = name.toLowerCase();
    const out: string[] = [];
    let start = -1;
    for (let i = 0; i <= s.length; i++) {
      const c = i < s.length ? s.charCodeAt(i) : 0;
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
        if (start < 0) start = i;
      } else if (start >= 0) {
        const t = s.slice(start, i);
        if (!IGNORED_TOKENS.has(t)) out.push(t);
        start = -1;
      }
    }
    return out;
  }
  const latin = foldLatin(name);
  if (latin !== null) return latin;
  const out: string[] = [];
  for (const t of foldText(name).split(/[^\p{L}\p{N}]+/u)) if (t !== '' && !IGNORED_TOKENS.has(t)) out.push(t);
  return out;
}

/** Unicode folding: diacritics dropped, lower-case, letters NFD leaves alone spelled out. */
function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+/g, '') // combining marks (\p{M} is slower)
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => FOLD_EXTRA[c] ?? c);
}

/**
 * foldText of each character of U+0000..U+024F and U+1E00..U+1EFF (ASCII, Western and Central European,
 * Vietnamese), computed once: its letters, or ' ' for a separator. undefined where the character's fold
 * is anything else (empty, or letters mixed with leftover marks): such a name takes the full path.
 * Folding one character at a time is exact for these: none of them is a combining mark, so the NFD of
 * a string of them is the concatenation of their NFDs, and their lower-case mappings are context-free.
 */
const LATIN_FOLD: (string | undefined)[] = [];
const VIET_FOLD: (string | undefined)[] = [];
for (const [table, from, to] of [[LATIN_FOLD, 0, 0x250], [VIET_FOLD, 0x1e00, 0x1f00]] as const) {
  for (let c = from; c < to; c++) {
    const f = foldText(String.fromCharCode(c));
    table.push(/^[\p{L}\p{N}]+$/u.test(f) ? f : /^[^\p{L}\p{N}]+$/u.test(f) ? ' ' : undefined);
  }
}

/** foldTokens for a name made of the characters above, in one pass (the Unicode path costs ~5x more); null for any other name. */
function foldLatin(name: string): string[] | null {
  const out: string[] = [];
  let token = '';
  for (let i = 0; i <= name.length; i++) {
    let f = ' ';
    if (i < name.length) {
      const c = name.charCodeAt(i);
      const t = c < 0x250 ? LATIN_FOLD[c] : c >= 0x1e00 && c < 0x1f00 ? VIET_FOLD[c - 0x1e00] : undefined;
      if (t === undefined) return null;
      f = t;
    }
    if (f !== ' ') token += f;
    else if (token !== '') {
      if (!IGNORED_TOKENS.has(token)) out.push(token);
      token = '';
    }
  }
  return out;
}

function tokensMatch(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length === 1 || b.length === 1) return a[0] === b[0]; // initial: "J." ~ "John"
  const na = NICKNAME.get(a);
  if (na !== undefined && na === NICKNAME.get(b)) return true;
  const s = a.length <= b.length ? a : b;
  const l = s === a ? b : a;
  // Short forms written as a prefix ("Jon"/"Jonathan", "Alex"/"Alexandra"), at least 3 letters.
  if (s.length >= 3 && s.length <= 4 && l.startsWith(s)) return true;
  return s.length >= 3 && l.length > s.length && umlautSpelling(l, s);
}

/**
 * Whether `long` is `short` with umlauts written out: "mueller" ~ "muller" (the fold of "Müller"),
 * "schroeder" ~ "schroder", "soeren" ~ "soren" (ø folds to o). That is, `long` is `short` with an 'e'
 * inserted after some a, o or u; nothing else may differ.
 */
function umlautSpelling(long: string, short: string): boolean {
  let j = 0;
  for (let i = 0; i < long.length; i++) {
    const c = long.charCodeAt(i);
    if (j < short.length && c === short.charCodeAt(j)) j++;
    else if (c !== 101 /* e */ || i === 0 || 'aou'.indexOf(long[i - 1]) < 0) return false;
  }
  return j === short.length;
}

/**
 * Two names can belong to one person when every token of the shorter name matches a distinct token of
 * the longer one (order-free: "Smith, John" ~ "John Smith"; "J Smith" ~ "John Smith"; "John" ~ "John
 * Smith"). An empty name is compatible with everything.
 */
export function namesCompatible(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  const ka = a[0][0] === '~';
  const kb = b[0][0] === '~';
  if (ka || kb) return !(ka && kb) || a[0] === b[0]; // a relation label fits any name, not another relation
  if (a === b) return true; // the fold cache hands out one array per distinct name
  const small = a.length <= b.length ? a : b;
  const large = small === a ? b : a;
  // Bit mask of used tokens of the longer name (names have far fewer than 31 tokens; beyond, no reuse check).
  let used = 0;
  let pending = 0;
  // Exact matches first so that a loose match cannot steal a token an exact one needs.
  for (let s = 0; s < small.length; s++) {
    let hit = -1;
    for (let j = 0; j < large.length; j++) {
      if ((used & (1 << j)) === 0 && large[j] === small[s]) {
        hit = j;
        break;
      }
    }
    if (hit >= 0) used |= 1 << hit;
    else pending |= 1 << s;
  }
  for (let s = 0; pending !== 0 && s < small.length; s++) {
    if ((pending & (1 << s)) === 0) continue;
    let hit = -1;
    for (let j = 0; j < large.length; j++) {
      if ((used & (1 << j)) === 0 && tokensMatch(small[s], large[j])) {
        hit = j;
        break;
      }
    }
    if (hit < 0) return false;
    used |= 1 << hit;
  }
  return true;
}

// --- union-find with the component veto -------------------------------------------------------------

class Components {
  readonly parent: Int32Array;
  /**
   * Folded names per root (distinct, capped). undefined = not materialised yet: the component is still
   * its root entry alone, whose names are [folded[root]] (or none). Most entries never join anyone, so
   * no list is allocated for them.
   */
  private readonly names: (string[][] | null | undefined)[];
  private readonly folded: readonly (string[] | null)[];
  /** Scratch one-name lists for a root that has not materialised its list (no allocation per check). */
  private readonly oneA: string[][] = [[]];
  private readonly oneB: string[][] = [[]];

  constructor(n: number, folded: readonly (string[] | null)[]) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
    this.names = new Array(n);
    this.folded = folded;
  }

  find(i: number): number {
    let r = i;
    while (this.parent[r] !== r) r = this.parent[r];
    while (this.parent[i] !== r) {
      const next = this.parent[i];
      this.parent[i] = r;
      i = next;
    }
    return r;
  }

  private namesOf(r: number, scratch: string[][]): string[][] | null {
    const l = this.names[r];
    if (l !== undefined) return l;
    const f = this.folded[r];
    if (f === null) return null;
    scratch[0] = f;
    return scratch;
  }

  /**
   * Joins the components of a and b unless a name of one conflicts with a name of the other (`force`:
   * whatever the names, for a join the app asserted: an alias).
   */
  tryUnion(a: number, b: number, force = false): boolean {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return true;
    if (rb < ra) {
      // The earliest entry is the root: contacts come out in upload order.
      const t = ra;
      ra = rb;
      rb = t;
    }
    const na = this.namesOf(ra, this.oneA);
    const nb = this.namesOf(rb, this.oneB);
    if (na && nb && !force) {
      for (const x of na) for (const y of nb) if (!namesCompatible(x, y)) return false;
    }
    this.parent[rb] = ra;
    if (nb) {
      const merged = na === null ? [] : na === this.oneA ? [na[0]] : na;
      for (const y of nb) {
        if (merged.length >= MAX_NAMES_PER_COMPONENT) break;
        if (!merged.includes(y)) merged.push(y); // folded names are shared arrays: identity is equality
      }
      this.names[ra] = merged;
    }
    this.names[rb] = null;
    return true;
  }
}

// --- keys -------------------------------------------------------------------------------------------

// --- aliases ----------------------------------------------------------------------------------------

/**
 * Joins the entries that hold addresses of one alias group (POST /v0/alias: the app says these addresses
 * are one person). Applied after the key links and over the name veto: the app's word outranks the
 * guesses of the guard, and an alias is about addresses, so "J. Smith <work>" and "Johnny <home>" join.
 * Junk addresses never join anyone, aliased or not. Groups that share an address are one group.
 * `aliases`: lists of e-mail keys as the index stores them ('e:' + normalised address).
 */
function joinAliases(entries: readonly NormalizedEntry[], aliases: readonly (readonly string[])[], uf: Components): void {
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
 * and "+49 171 1234567" from a source that had one). Works on the book's distinct keys (first
 * appearance first), not on every entry.
 */
function nationalAliases(keys: readonly string[]): Map<string, string> {
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
  const alias = new Map<string, string>();
  for (const [key, d] of national) {
    let target = 'n:' + d;
    if (d.length >= MIN_ALIAS_DIGITS) {
      const hits = (byTail.get(d.slice(-MIN_ALIAS_DIGITS)) ?? []).filter((k) => {
        const cc = k.length - 2 - d.length; // digits left for the country code
        return k.endsWith(d) && cc >= 0 && cc <= 3;
      });
      if (hits.length === 1) target = hits[0];
    }
    alias.set(key, target);
  }
  return alias;
}

/**
 * The link keys of every entry as small integers, in flat arrays (no array and no string per entry):
 * entry i holds ids keyOf[keyStart[i] .. keyStart[i+1]); key k is held by entries
 * holderOf[holderStart[k] .. holderStart[k+1]), in upload order. Key ids follow first appearance, so
 * walking keys by id is deterministic and depends only on the entry list.
 */
interface KeyIndex {
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
}

/**
 * Keys an entry links on: usable e-mails and keyed phones (junk addresses never link anyone). E-mail
 * keys link as the bare address (it holds an '@', phone keys never do): no string is built per entry.
 */
function indexKeys(entries: NormalizedEntry[]): KeyIndex {
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
  for (let i = 0; i < n; i++) {
    const e = entries[i];
    const start = used;
    keyStart[i] = start;
    for (const m of e.emails) {
      if (m.junk) continue;
      let id = ids.get(m.key);
      if (id === undefined) {
        ids.set(m.key, (id = ids.size));
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
      else if (k.length > 16 && k.includes(';ext=')) (boards ??= []).push(k.slice(0, k.indexOf(';ext='))); // a direct line: its bare number is a switchboard
      let id = ids.get(k);
      if (id === undefined) {
        ids.set(k, (id = ids.size));
        if (id >= orgRaw.length) orgRaw = grow(orgRaw);
        orgRaw[id] = k.length > 16 && k.includes(';ext=') ? DIRECT_LINE : -1;
      } else if (repeats(keyOf, start, used, id)) continue;
      if (used === keyOf.length) keyOf = grow(keyOf);
      keyOf[used++] = id;
    }
  }
  keyStart[n] = used;
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
  const holderStart = new Int32Array(keyCount + 1);
  for (let j = 0; j < used; j++) holderStart[keyOf[j] + 1]++;
  for (let k = 0; k < keyCount; k++) holderStart[k + 1] += holderStart[k];
  const holderOf = new Int32Array(used);
  const fill = holderStart.slice(0, keyCount);
  for (let i = 0; i < n; i++) for (let j = keyStart[i]; j < keyStart[i + 1]; j++) holderOf[fill[keyOf[j]]++] = i;
  return { keyCount, keyStart, keyOf, holderStart, holderOf, alias, emailCount, org, switchboard };
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
 * Whether entry i holds a key other than `key` that says who it is: a direct line does not. It links the
 * cards that hold it (its own key), but an unnamed card with a personal address and an office extension
 * is still a bare copy of that address for the identity count (as when extensions had no key), not a
 * third person on it.
 */
function identifyingKey(ix: KeyIndex, i: number, key: number): boolean {
  for (let j = ix.keyStart[i]; j < ix.keyStart[i + 1]; j++) {
    const k = ix.keyOf[j];
    if (k !== key && ix.org[k] !== DIRECT_LINE) return true;
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
 * the common case this leaves alone (different domains, or webmail).
 */
function colleagues(ix: KeyIndex, key: number, a: number, b: number): boolean {
  if (a === b) return false;
  const aEnd = ix.keyStart[a] + ix.emailCount[a];
  const bEnd = ix.keyStart[b] + ix.emailCount[b];
  for (let j = ix.keyStart[a]; j < aEnd; j++) {
    const ka = ix.keyOf[j];
    const o = ix.org[ka];
    if (ka === key || o < 0) continue;
    for (let l = ix.keyStart[b]; l < bEnd; l++) {
      const kb = ix.keyOf[l];
      if (kb !== ka && kb !== key && ix.org[kb] === o) return !shareOtherKey(ix, a, b, key);
    }
  }
  return false;
}

/** Applies the per-key guard and links the entries the key may link. */
function linkKey(key: number, ix: KeyIndex, folded: (string[] | null)[], uf: Components): void {
  const from = ix.holderStart[key];
  const to = ix.holderStart[key + 1];
  const switchboard = ix.switchboard !== null && ix.switchboard[key] === 1;
  if (!switchboard) {
    if (to - from === 2) {
      // The common case, and the general rule reduced: two holders are at most two identities, so the key
      // links them exactly when their names agree and they are not colleagues.
      const i = ix.holderOf[from];
      const j = ix.holderOf[from + 1];
      const a = folded[i];
      const b = folded[j];
      if ((a === null || b === null || namesCompatible(a, b)) && !colleagues(ix, key, i, j)) uf.tryUnion(i, j);
      return;
    }
    // Next most common: one person's copies across sources, every holder named and every two names
    // compatible. That is one name group and one identity, which the general rule below links whole; skip
    // its bookkeeping, unless two holders look like colleagues (two "Chris Smith" at one company: the
    // general rule tells whether they are one identity). (Pairs are checked in the general rule's order,
    // later upload against earlier, as namesCompatible is not guaranteed symmetric for names of equal length.)
    let agree = true;
    let office = false;
    for (let x = from; x < to && agree; x++) {
      const i = ix.holderOf[x];
      const a = folded[i];
      if (a === null) {
        agree = false;
        break;
      }
      for (let y = from; y < x && agree; y++) {
        const j = ix.holderOf[y];
        agree = namesCompatible(a, folded[j] as string[]);
        if (!office && ix.emailCount[i] > 0 && colleagues(ix, key, i, j)) office = true;
      }
    }
    if (agree && !office) {
      for (let x = from + 1; x < to; x++) uf.tryUnion(ix.holderOf[from], ix.holderOf[x]);
      return;
    }
  }
  const holders = Array.from(ix.holderOf.subarray(from, to));
  // Name groups, most complete names first so a bare surname cannot pick a side arbitrarily.
  const named = holders.filter((i) => folded[i] !== null);
  named.sort((a, b) => (folded[b] as string[]).length - (folded[a] as string[]).length || a - b);
  const groups: number[][] = [];
  const ambiguous: number[] = [];
  for (const i of named) {
    const fits = groups.filter((g) => g.every((j) => namesCompatible(folded[i] as string[], folded[j] as string[])));
    if (fits.length === 0) groups.push([i]);
    else if (fits.length === 1) fits[0].push(i);
    else ambiguous.push(i); // "Smith" on a number held by John Smith and Mary Smith: could be either
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
    const ra = rep(a), rb = rep(b);
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
      if (k === key) continue;
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

  if (!shared && groups.length <= 1 && ambiguous.length === 0 && identities < HUB_IDENTITIES) {
    for (let n = 1; n < holders.length; n++) uf.tryUnion(holders[0], holders[n]);
    return;
  }
  // Shared key: it is no evidence of identity any more. Holders that have other addresses link through
  // those if they are one person. An entry holding nothing but this number joins the single name group it
  // agrees with, when that group is one identity; bare unnamed copies of the number join each other.
  for (let n = 0; n < groups.length; n++) {
    if (split[n]) continue;
    const g = groups[n];
    for (let m = 1; m < g.length; m++) uf.tryUnion(g[0], g[m]);
  }
  for (let n = 1; n < bare.length; n++) uf.tryUnion(bare[0], bare[n]);
}

// --- contact assembly -------------------------------------------------------------------------------

/**
 * One per distinct name string of a merge: its folded tokens, computed once, and its display-name score,
 * computed on first need. The counters serve pickName without a Map per contact: they belong to the
 * contact whose number is in `stamp`.
 */
interface NameInfo {
  name: string;
  folded: string[] | null;
  rank: [number, number, number] | null;
  stamp: number;
  count: number;
  last: number;
}

/** Score of a name as the contact's display name; see pickName. */
function nameRank(name: string, folded: string[]): [number, number, number] {
  let full = 0;
  for (const t of folded) if (t.length > 1) full++;
  // Words written as names are written: capital first, not all capitals ("García" yes; "GARCÍA", "garcía" no).
  let cased = 0;
  for (const w of name.split(/[\s,]+/)) {
    if (w.length > 1 && w[0] !== w[0].toLowerCase() && w !== w.toUpperCase()) cased++;
  }
  let accents = 0;
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) > 127) accents++;
  return [full, cased, accents];
}

function rankOf(info: NameInfo): [number, number, number] {
  return (info.rank ??= nameRank(info.name, info.folded ?? []));
}

/** Distinct names of the contact being built (reused: contacts are built one at a time). */
const pickScratch: NameInfo[] = [];
/** Numbers the contacts pickName works on, across calls, so a NameInfo's counters are never stale. */
let pickStamp = 0;

/**
 * Folded names by name string, across merges: a book is merged again on every read, and folding (the
 * Unicode path above all) is the costliest per-name step. Pure, so sharing is safe; FIFO-capped like
 * the phone and e-mail caches (~200 bytes a name: 50,000 names is ~10 MB at most).
 */
const NAME_CACHE_MAX = 50_000;
const nameCache = new Map<string, NameInfo>();

function nameInfo(name: string): NameInfo {
  let info = nameCache.get(name);
  if (info === undefined) {
    const t = foldName(name);
    info = { name, folded: t.length ? t : null, rank: null, stamp: -1, count: 0, last: 0 };
    nameCache.set(name, info);
  }
  return info;
}

/**
 * FIFO eviction, run once a merge holds its NameInfos: evicting mid-merge could hand one name two
 * NameInfos in one merge (split counts in pickName, two arrays for one name in the veto lists).
 */
function trimNameCache(): void {
  if (nameCache.size <= NAME_CACHE_MAX) return;
  let excess = nameCache.size - NAME_CACHE_MAX;
  for (const k of nameCache.keys()) {
    if (excess-- <= 0) break;
    nameCache.delete(k);
  }
}

/** Empties the folded-name cache (benchmarks measure cold merges with it). */
export function clearNameCache(): void {
  nameCache.clear();
}

/**
 * The display name: the most complete name (most full-word tokens, initials don't count), then the
 * most frequent, then the best written (mixed case over ALL CAPS/lower case, diacritics kept over
 * stripped: exports lose them, people don't add them), then the latest upload.
 */
function pickName(stamp: number, members: Int32Array, from: number, to: number, infos: (NameInfo | null)[]): string | null {
  if (to - from === 1) return infos[members[from]]?.name ?? null;
  const seen = pickScratch;
  seen.length = 0;
  for (let m = from; m < to; m++) {
    const i = members[m];
    const info = infos[i];
    if (info === null) continue;
    if (info.stamp !== stamp) {
      info.stamp = stamp;
      info.count = 1;
      info.last = i;
      seen.push(info);
    } else {
      info.count++;
      info.last = i;
    }
  }
  // Distinct names have distinct last uploads, so the order is total and the scan order does not matter.
  let best: NameInfo | null = null;
  for (const c of seen) {
    if (best === null) {
      best = c;
      continue;
    }
    const r = rankOf(c);
    const br = rankOf(best);
    if (
      r[0] > br[0] ||
      (r[0] === br[0] &&
        (c.count > best.count ||
          (c.count === best.count && (r[1] > br[1] || (r[1] === br[1] && (r[2] > br[2] || (r[2] === br[2] && c.last > best.last)))))))
    ) {
      best = c;
    }
  }
  seen.length = 0;
  return best === null ? null : best.name;
}

function newest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

function phoneOrder(p: NormPhone): number {
  if (p.key === null) return 2;
  return p.key.startsWith('p:') ? 0 : 1;
}

/** Same phone: same key, or both keyless and shown the same (keyless numbers are told apart by what is shown). */
function samePhone(p: NormPhone, q: NormPhone): boolean {
  return p.key !== null ? q.key === p.key : q.key === null && q.display === p.display;
}

function buildContact(
  id: number,
  members: Int32Array,
  from: number,
  to: number,
  entries: NormalizedEntry[],
  infos: (NameInfo | null)[],
  alias: Map<string, string> | null,
  stamp: number,
): Contact {
  // Contacts hold a handful of items: linear scans of small arrays beat Sets here.
  const emails: NormEmail[] = [];
  const phones: NormPhone[] = [];
  const photos: string[] = [];
  const single = to - from === 1;
  let firstSource: string | null = null;
  let sources: string[] | null = null; // only built when a second source shows up
  let data: Record<string, unknown> = {};
  let nickname: string | null = null;
  let title: string | null = null;
  let company: string | null = null;
  let favorite = false;
  let pinned = 0;
  let times: number | null = null;
  let lastSent: number | null = null;
  let lastReceived: number | null = null;
  let addressCount = 0;
  let websiteCount = 0;
  let imCount = 0;

  for (let m = from; m < to; m++) {
    const e = entries[members[m]];
    for (const em of e.emails) {
      let dup = false;
      for (let j = 0; j < emails.length && !dup; j++) dup = emails[j].key === em.key;
      if (!dup) emails.push(em);
    }
    for (const p of e.phones) {
      let dup = false;
      for (let j = 0; j < phones.length && !dup; j++) dup = samePhone(p, phones[j]);
      if (!dup) phones.push(p);
    }
    for (const ph of e.photos) if (!photos.includes(ph)) photos.push(ph);
    if (firstSource === null) firstSource = e.sourceKey;
    else if (e.sourceKey !== firstSource) {
      if (sources === null) sources = [firstSource, e.sourceKey];
      else if (!sources.includes(e.sourceKey)) sources.push(e.sourceKey);
    }
    if (single) data = e.data;
    else Object.assign(data, e.data); // later upload wins, shallow (data starts as a fresh object)
    nickname = e.nickname ?? nickname;
    title = e.title ?? title;
    company = e.company ?? company;
    favorite ||= e.favorite;
    if (e.pinned > pinned) pinned = e.pinned;
    if (e.timesContacted !== null && (times === null || e.timesContacted > times)) times = e.timesContacted;
    lastSent = newest(lastSent, e.lastSent);
    lastReceived = newest(lastReceived, e.lastReceived);
    if (e.addressCount > addressCount) addressCount = e.addressCount;
    if (e.websiteCount > websiteCount) websiteCount = e.websiteCount;
    if (e.imCount > imCount) imCount = e.imCount;
  }

  // Phones: full numbers, then national-only, then keyless (upload order within each class). A
  // national-only copy of a full number the contact already has is the same phone: shown once.
  let shownPhones: NormPhone[] = phones;
  let usablePhone = false;
  let sorted = true;
  for (let j = 0; j < phones.length; j++) {
    const c = phoneOrder(phones[j]);
    if (c < 2) usablePhone = true;
    if (c !== 0 && (c === 1 || (j + 1 < phones.length && phoneOrder(phones[j + 1]) !== 2))) sorted = false;
  }
  if (!sorted) {
    shownPhones = [];
    for (let cls = 0; cls < 3; cls++) {
      for (const p of phones) {
        if (phoneOrder(p) !== cls) continue;
        if (cls === 1 && alias !== null) {
          const a = alias.get(p.key as string);
          if (a !== undefined && a.startsWith('p:') && phones.some((q) => q.key === a)) continue;
        }
        shownPhones.push(p);
      }
    }
  }
  // E-mails: person mailboxes, then role mailboxes, then junk, which is dropped when anything usable is left.
  let shownEmails: NormEmail[] = [];
  let plain = true; // only person mailboxes: shown as they are
  for (const m of emails) if (m.junk || m.role) plain = false;
  if (plain) shownEmails = emails;
  else {
    for (const m of emails) if (!m.junk && !m.role) shownEmails.push(m);
    for (const m of emails) if (!m.junk && m.role) shownEmails.push(m);
  }
  const usableEmail = shownEmails.length > 0;
  if (!usableEmail && !usablePhone) for (const m of emails) if (m.junk) shownEmails.push(m);

  // Keys: every shown e-mail, then every keyed phone (phones are distinct by key already).
  const keys: string[] = new Array(shownEmails.length);
  for (let j = 0; j < shownEmails.length; j++) keys[j] = 'e:' + shownEmails[j].key;
  for (const p of shownPhones) if (p.key !== null) keys.push(p.key);

  const contact: Contact = {
    id,
    name: pickName(stamp, members, from, to, infos),
    nickname,
    title,
    company,
    emails: shownEmails,
    phones: shownPhones,
    photos,
    data,
    favorite,
    pinned,
    timesContacted: times,
    lastSent,
    lastReceived,
    addressCount,
    websiteCount,
    imCount,
    sourceCount: sources === null ? (firstSource === null ? 0 : 1) : sources.length,
    entryCount: to - from,
    keys,
    junk: false,
    junkReason: null,
  };
  if (!usableEmail && !usablePhone) {
    // Why nothing is usable: a junk class (no-reply, bounce, ...) wins over a string that is no address.
    let reason = 'nothing_to_invite' as Contact['junkReason'];
    const unusable: string[] = [];
    for (const m of shownEmails) {
      if (m.junk === 'invalid') unusable.push(m.display);
      else if (reason === 'nothing_to_invite' || reason === 'invalid') reason = m.junk;
    }
    if (reason === 'nothing_to_invite' && unusable.length > 0) reason = 'invalid';
    if ((reason === 'nothing_to_invite' || reason === 'invalid') && hasEvidence(contact)) {
      // Evidence beats syntax: a person the owner wrote to, starred or pinned is kept whatever the form
      // of their address, with nothing shown as an address and the reason marked (decisions.md).
      contact.emails = [];
      contact.unusable = { reason, emails: unusable };
    } else {
      contact.junk = true;
      contact.junkReason = reason;
    }
  } else if (isBulkSender(contact)) {
    contact.junk = true;
    contact.junkReason = 'bulk_sender';
  }
  return contact;
}

/** The owner wrote to them (a count or a sent date), starred or pinned them: a real person to the owner. */
function hasEvidence(c: Contact): boolean {
  return (c.timesContacted ?? 0) > 0 || c.lastSent !== null || c.favorite || c.pinned !== 0;
}

/**
 * Merges a book's normalised entries (upload order, oldest first) into contacts. Contacts come out in
 * the order of their first entry; Contact.id is the index. Junk contacts are kept (flagged) so that
 * storage holds everything; the ranker leaves them out.
 */
export function mergeEntries(entries: NormalizedEntry[], aliases?: readonly (readonly string[])[]): Contact[] {
  const n = entries.length;
  // Names are folded once per distinct string: books repeat names across sources and duplicates.
  const infos: (NameInfo | null)[] = new Array(n);
  const folded: (string[] | null)[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const name = entries[i].name;
    const info = name === null ? null : nameInfo(name);
    infos[i] = info;
    folded[i] = info === null ? null : info.folded;
  }
  trimNameCache();

  const ix = indexKeys(entries);
  const alias = ix.alias;
  const uf = new Components(n, folded);
  for (let k = 0; k < ix.keyCount; k++) if (ix.holderStart[k + 1] - ix.holderStart[k] > 1) linkKey(k, ix, folded, uf);
  if (aliases !== undefined && aliases.length > 0) joinAliases(entries, aliases, uf);

  // Group members by component, in upload order. The root is the component's earliest entry, so
  // walking entries in order numbers the contacts in the order of their first entry.
  const groupOf = new Int32Array(n).fill(-1);
  const entryGroup = new Int32Array(n);
  let groups = 0;
  for (let i = 0; i < n; i++) {
    const r = uf.find(i);
    if (groupOf[r] < 0) groupOf[r] = groups++;
    entryGroup[i] = groupOf[r];
  }
  const start = new Int32Array(groups + 1);
  for (let i = 0; i < n; i++) start[entryGroup[i] + 1]++;
  for (let g = 0; g < groups; g++) start[g + 1] += start[g];
  const members = new Int32Array(n);
  const cursor = start.slice(0, groups);
  for (let i = 0; i < n; i++) members[cursor[entryGroup[i]]++] = i;

  const contacts: Contact[] = new Array(groups);
  for (let id = 0; id < groups; id++) {
    const c = buildContact(id, members, start[id], start[id + 1], entries, infos, alias, ++pickStamp);
    // Which entries a left-out contact holds, for the cleaning summary's listing (few: junk is rare).
    if (c.junk) c.entryIndexes = Array.from(members.subarray(start[id], start[id + 1]));
    contacts[id] = c;
  }
  return contacts;
}
