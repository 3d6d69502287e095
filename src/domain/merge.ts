/**
 * Merging: entries that share a normalised e-mail or phone become one contact, transitively, with a
 * guard against over-merging. Pure and deterministic: the result depends only on the entry list, so
 * merging N batches concatenated equals merging one upload of the same entries.
 *
 * The guard, in two layers:
 *  1. Per key: when the entries holding a key carry two or more incompatible names (a family landline
 *     under "Mum" and "Dad", an office number under five colleagues), or three or more distinct
 *     identities (holders are one identity when they share another address or a name), the key is
 *     shared, not personal: it stops being evidence. Holders then link only through their other
 *     addresses; an entry holding nothing but the shared number joins the one name group it agrees with.
 *  2. Per component: two groups are never fused when any name of one conflicts with any name of the
 *     other, so a chain "John Smith" - (unnamed) - "Mary Smith" does not fuse John and Mary.
 * Names alone never merge anything: they can only veto.
 */
import { isBulkSender } from './junk.ts';
import type { Contact, NormEmail, NormPhone, NormalizedEntry } from './types.ts';

/** Distinct names remembered per component for the veto (more is a sign of a hub; checks stay O(1)). */
const MAX_NAMES_PER_COMPONENT = 16;
/** Digits of a national-only number that must match the end of a full number to be read as the same phone. */
const MIN_ALIAS_DIGITS = 7;
/** A key holding this many distinct identities is shared (office, family, placeholder), whatever the names say. */
const HUB_IDENTITIES = 3;

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
const KIN: Record<string, string> = {};
for (const [label, words] of Object.entries({
  mother: 'mom mum mother mama mommy mummy mam ma mamá mamãe maman mutti mutter mamma madre mamusia',
  father: 'dad father papa daddy pa papá papai vater vati papà padre tata',
  grandmother: 'grandma granny nana nan oma abuela nonna babcia grandmother',
  grandfather: 'grandpa granddad opa abuelo nonno dziadek grandfather',
  partner: 'wife husband hubby honey babe hun love darling spouse partner',
  sister: 'sister sis', brother: 'brother bro',
})) {
  for (const w of words.split(' ')) KIN[w.normalize('NFD').replace(/\p{M}+/gu, '')] = '~' + label;
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
    const k = KIN[t];
    if (k !== undefined) {
      if (kin !== null && kin !== k) return tokens;
      kin = k;
    } else if (!KIN_FILLER.has(t)) return tokens;
  }
  return kin ? [kin] : tokens;
}

function foldTokens(name: string): string[] {
  if (/^[\x20-\x7e]*$/.test(name)) {
    // ASCII fast path (most names): the Unicode-aware path below costs ~5x more.
    const out: string[] = [];
    for (const t of name.toLowerCase().split(/[^a-z0-9]+/)) if (t !== '' && !IGNORED_TOKENS.has(t)) out.push(t);
    return out;
  }
  const s = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+/g, '') // combining marks (\p{M} is slower)
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => FOLD_EXTRA[c] ?? c);
  const out: string[] = [];
  for (const t of s.split(/[^\p{L}\p{N}]+/u)) if (t !== '' && !IGNORED_TOKENS.has(t)) out.push(t);
  return out;
}

function tokensMatch(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length === 1 || b.length === 1) return a[0] === b[0]; // initial: "J." ~ "John"
  const na = NICKNAME.get(a);
  if (na !== undefined && na === NICKNAME.get(b)) return true;
  // Short forms written as a prefix ("Jon"/"Jonathan", "Alex"/"Alexandra"), at least 3 letters.
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  return s.length >= 3 && s.length <= 4 && l.startsWith(s);
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
  /** Folded names per root (distinct, capped). */
  readonly names: (string[][] | null)[];

  constructor(n: number, names: (string[] | null)[]) {
    this.parent = new Int32Array(n);
    this.names = new Array(n);
    for (let i = 0; i < n; i++) {
      this.parent[i] = i;
      this.names[i] = names[i] ? [names[i] as string[]] : null;
    }
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

  /** Joins the components of a and b unless a name of one conflicts with a name of the other. */
  tryUnion(a: number, b: number): boolean {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return true;
    const na = this.names[ra];
    const nb = this.names[rb];
    if (na && nb) {
      for (const x of na) for (const y of nb) if (!namesCompatible(x, y)) return false;
    }
    if (rb < ra) [ra, rb] = [rb, ra]; // the earliest entry is the root: contacts come out in upload order
    this.parent[rb] = ra;
    if (nb) {
      const merged = na ?? [];
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

/**
 * Link key of a national-only number: its digits without leading zeros (trunk prefix), or the full
 * number of the book that ends with those digits when exactly one does ("0171 1234567" with no region
 * and "+49 171 1234567" from a source that had one).
 */
function nationalAliases(entries: NormalizedEntry[]): Map<string, string> {
  const alias = new Map<string, string>();
  let national = false;
  for (let i = 0; i < entries.length && !national; i++) {
    for (const p of entries[i].phones) if (p.key !== null && p.key.charCodeAt(0) === 110 /* 'n' */) national = true;
  }
  if (!national) return alias; // most books: every number has a country
  const byTail = new Map<string, string[]>();
  for (const e of entries) {
    for (const p of e.phones) {
      if (!p.key?.startsWith('p:')) continue;
      const tail = p.key.slice(-MIN_ALIAS_DIGITS);
      const list = byTail.get(tail);
      if (!list) byTail.set(tail, [p.key]);
      else if (!list.includes(p.key)) list.push(p.key);
    }
  }
  for (const e of entries) {
    for (const p of e.phones) {
      if (!p.key?.startsWith('n:') || alias.has(p.key)) continue;
      const d = p.key.slice(2).replace(/^0+/, '');
      let target = 'n:' + d;
      if (d.length >= MIN_ALIAS_DIGITS) {
        const hits = (byTail.get(d.slice(-MIN_ALIAS_DIGITS)) ?? []).filter((k) => {
          const cc = k.length - 2 - d.length; // digits left for the country code
          return k.endsWith(d) && cc >= 0 && cc <= 3;
        });
        if (hits.length === 1) target = hits[0];
      }
      alias.set(p.key, target);
    }
  }
  return alias;
}

/** Keys an entry links on: usable e-mails and keyed phones (junk addresses never link anyone). */
function linkKeysOf(e: NormalizedEntry, alias: Map<string, string>): string[] {
  const out: string[] = [];
  // E-mail keys link as the bare address (it holds an '@', phone keys never do): no string built per entry.
  for (const m of e.emails) if (!m.junk) out.push(m.key);
  for (const p of e.phones) {
    if (!p.key) continue;
    const k = alias.get(p.key) ?? p.key;
    if (!out.includes(k)) out.push(k);
  }
  return out;
}

/** Applies the per-key guard and links the entries the key may link. */
function linkKey(holders: number[], folded: (string[] | null)[], linkKeys: string[][], key: string, uf: Components): void {
  if (holders.length === 2) {
    // The common case, and the general rule reduced: two holders are at most two identities, so the key
    // links them exactly when their names agree.
    const a = folded[holders[0]];
    const b = folded[holders[1]];
    if (a === null || b === null || namesCompatible(a, b)) uf.tryUnion(holders[0], holders[1]);
    return;
  }
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
  const byOtherKey = new Map<string, number>();
  for (const i of holders) {
    const others = linkKeys[i].length - 1;
    if (others === 0 && folded[i] === null) {
      bare.push(i);
      continue;
    }
    ids.set(i, i);
    for (const k of linkKeys[i]) {
      if (k === key) continue;
      const j = byOtherKey.get(k);
      if (j === undefined) byOtherKey.set(k, i);
      else join(j, i);
    }
  }
  for (const g of groups) for (let n = 1; n < g.length; n++) join(g[0], g[n]);
  let identities = 0;
  for (const [i] of ids) if (rep(i) === i) identities++;

  if (groups.length <= 1 && ambiguous.length === 0 && identities < HUB_IDENTITIES) {
    for (let n = 1; n < holders.length; n++) uf.tryUnion(holders[0], holders[n]);
    return;
  }
  // Shared key: it is no evidence of identity any more. Two holders that have other addresses link through
  // those if they are one person (two "Chris Smith" on one switchboard are often two people). Only an
  // entry holding nothing but this number joins the single name group it agrees with; bare unnamed
  // copies of the number join each other.
  for (const g of groups) {
    let anchored = 0;
    for (const i of g) if (linkKeys[i].length > 1) anchored++;
    if (anchored > 1) continue;
    for (let n = 1; n < g.length; n++) uf.tryUnion(g[0], g[n]);
  }
  for (let n = 1; n < bare.length; n++) uf.tryUnion(bare[0], bare[n]);
}

// --- contact assembly -------------------------------------------------------------------------------

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

/**
 * The display name: the most complete name (most full-word tokens, initials don't count), then the
 * most frequent, then the best written (mixed case over ALL CAPS/lower case, diacritics kept over
 * stripped: exports lose them, people don't add them), then the latest upload.
 */
function pickName(idx: number[], entries: NormalizedEntry[], folded: (string[] | null)[]): string | null {
  if (idx.length === 1) return entries[idx[0]].name;
  const counts = new Map<string, { count: number; last: number; rank: [number, number, number] }>();
  for (const i of idx) {
    const n = entries[i].name;
    if (n === null) continue;
    const c = counts.get(n);
    if (c) {
      c.count++;
      c.last = i;
    } else counts.set(n, { count: 1, last: i, rank: nameRank(n, folded[i] ?? []) });
  }
  let best: string | null = null;
  let bc: { count: number; last: number; rank: [number, number, number] } | null = null;
  for (const [n, c] of counts) {
    if (
      bc === null ||
      c.rank[0] > bc.rank[0] ||
      (c.rank[0] === bc.rank[0] &&
        (c.count > bc.count ||
          (c.count === bc.count &&
            (c.rank[1] > bc.rank[1] ||
              (c.rank[1] === bc.rank[1] && (c.rank[2] > bc.rank[2] || (c.rank[2] === bc.rank[2] && c.last > bc.last)))))))
    ) {
      best = n;
      bc = c;
    }
  }
  return best;
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

function buildContact(id: number, idx: number[], entries: NormalizedEntry[], folded: (string[] | null)[], alias: Map<string, string>): Contact {
  const emails: NormEmail[] = [];
  const emailSeen: string[] = []; // contacts hold a handful of items: arrays beat Sets here
  const phones: NormPhone[] = [];
  const phoneSeen: string[] = [];
  const photos: string[] = [];
  const sources: string[] = [];
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

  for (const i of idx) {
    const e = entries[i];
    for (const m of e.emails) {
      if (emailSeen.includes(m.key)) continue;
      emailSeen.push(m.key);
      emails.push(m);
    }
    for (const p of e.phones) {
      const id = p.key ?? 'd:' + p.display;
      if (phoneSeen.includes(id)) continue;
      phoneSeen.push(id);
      phones.push(p);
    }
    for (const ph of e.photos) if (!photos.includes(ph)) photos.push(ph);
    if (!sources.includes(e.sourceKey)) sources.push(e.sourceKey);
    if (idx.length === 1) data = e.data;
    else data = Object.assign({}, data, e.data); // later upload wins, shallow
    nickname = e.nickname ?? nickname;
    title = e.title ?? title;
    company = e.company ?? company;
    favorite ||= e.favorite;
    if (e.pinned > pinned) pinned = e.pinned;
    if (e.timesContacted !== null && (times === null || e.timesContacted > times)) times = e.timesContacted;
    lastSent = newest(lastSent, e.lastSent);
    lastReceived = newest(lastReceived, e.lastReceived);
    addressCount = Math.max(addressCount, e.addressCount);
    websiteCount = Math.max(websiteCount, e.websiteCount);
    imCount = Math.max(imCount, e.imCount);
  }

  // Phones: full numbers, then national-only, then keyless (upload order within each class). A
  // national-only copy of a full number the contact already has is the same phone: shown once.
  const shownPhones: NormPhone[] = [];
  let usablePhone = false;
  for (let cls = 0; cls < 3; cls++) {
    for (const p of phones) {
      if (phoneOrder(p) !== cls) continue;
      if (cls === 1) {
        const a = alias.get(p.key as string);
        if (a !== undefined && a.startsWith('p:') && phoneSeen.includes(a)) continue;
      }
      if (cls < 2) usablePhone = true;
      shownPhones.push(p);
    }
  }
  // E-mails: person mailboxes, then role mailboxes, then junk, which is dropped when anything usable is left.
  const shownEmails: NormEmail[] = [];
  let usableEmail = false;
  for (const m of emails) if (!m.junk && !m.role) shownEmails.push(m);
  for (const m of emails) if (!m.junk && m.role) shownEmails.push(m);
  if (shownEmails.length > 0) usableEmail = true;
  if (!usableEmail && !usablePhone) for (const m of emails) if (m.junk) shownEmails.push(m);

  const keys: string[] = [];
  for (const m of shownEmails) keys.push('e:' + m.key);
  for (const p of shownPhones) if (p.key !== null && !keys.includes(p.key)) keys.push(p.key);

  const contact: Contact = {
    id,
    name: pickName(idx, entries, folded),
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
    sourceCount: sources.length,
    entryCount: idx.length,
    keys,
    junk: false,
    junkReason: null,
  };
  if (!usableEmail && !usablePhone) {
    contact.junk = true;
    contact.junkReason = shownEmails.length > 0 ? shownEmails[0].junk : 'nothing_to_invite';
  } else if (isBulkSender(contact)) {
    contact.junk = true;
    contact.junkReason = 'bulk_sender';
  }
  return contact;
}

/**
 * Merges a book's normalised entries (upload order, oldest first) into contacts. Contacts come out in
 * the order of their first entry; Contact.id is the index. Junk contacts are kept (flagged) so that
 * storage holds everything; the ranker leaves them out.
 */
export function mergeEntries(entries: NormalizedEntry[]): Contact[] {
  const n = entries.length;
  const foldCache = new Map<string, string[] | null>();
  const folded: (string[] | null)[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const name = entries[i].name;
    if (name === null) {
      folded[i] = null;
      continue;
    }
    let f = foldCache.get(name);
    if (f === undefined) {
      const t = foldName(name);
      f = t.length ? t : null;
      foldCache.set(name, f);
    }
    folded[i] = f;
  }

  const alias = nationalAliases(entries);
  const linkKeys: string[][] = new Array(n);
  const holders = new Map<string, number[]>(); // insertion order = first appearance: deterministic
  for (let i = 0; i < n; i++) {
    const ks = linkKeysOf(entries[i], alias);
    linkKeys[i] = ks;
    for (const k of ks) {
      const h = holders.get(k);
      if (h) h.push(i);
      else holders.set(k, [i]);
    }
  }

  const uf = new Components(n, folded);
  for (const [key, h] of holders) if (h.length > 1) linkKey(h, folded, linkKeys, key, uf);

  const groupOf = new Map<number, number[]>();
  const order: number[][] = [];
  for (let i = 0; i < n; i++) {
    const r = uf.find(i);
    let g = groupOf.get(r);
    if (!g) {
      g = [];
      groupOf.set(r, g);
      order.push(g);
    }
    g.push(i);
  }
  const contacts: Contact[] = new Array(order.length);
  for (let id = 0; id < order.length; id++) contacts[id] = buildContact(id, order[id], entries, folded, alias);
  return contacts;
}
