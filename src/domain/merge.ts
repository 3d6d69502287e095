/**
 * Merging: entries that share a normalised e-mail or phone become one contact, transitively, with a
 * guard against over-merging. Pure and deterministic: the result depends only on the entry list, so
 * merging N batches concatenated equals merging one upload of the same entries.
 *
 * The guard, in two layers:
 *  1. Per key: when the entries holding a key carry two or more incompatible names (a family landline
 *     under "Mum" and "Dad", an office number under five colleagues), or three or more distinct
 *     identities (unnamed entries count by their other addresses), the key is shared, not personal: it
 *     links only entries whose names agree, and never an unnamed entry.
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

/** Titles and suffixes that say nothing about who someone is. */
const IGNORED_TOKENS = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'sir', 'jr', 'sr', 'ii', 'iii', 'herr', 'frau', 'mme', 'mlle', 'sra', 'sr', 'dona', 'don']);

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

/** Letters that NFD does not decompose. */
const FOLD_EXTRA: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Name -> comparable tokens: diacritics folded, lower-case, punctuation dropped, titles removed. */
function foldName(name: string): string[] {
  const s = name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
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
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const used = new Array<boolean>(large.length).fill(false);
  // Exact matches first so that a loose match cannot steal a token an exact one needs.
  const pending: string[] = [];
  for (const t of small) {
    const i = large.findIndex((u, j) => !used[j] && u === t);
    if (i >= 0) used[i] = true;
    else pending.push(t);
  }
  for (const t of pending) {
    const i = large.findIndex((u, j) => !used[j] && tokensMatch(t, u));
    if (i < 0) return false;
    used[i] = true;
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
        if (!merged.some((x) => x.length === y.length && x.every((t, i) => t === y[i]))) merged.push(y);
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
  const alias = new Map<string, string>();
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
  for (const m of e.emails) if (!m.junk) out.push('e:' + m.key);
  for (const p of e.phones) {
    if (!p.key) continue;
    const k = alias.get(p.key) ?? p.key;
    if (!out.includes(k)) out.push(k);
  }
  return out;
}

/** Applies the per-key guard and links the entries the key may link. */
function linkKey(holders: number[], folded: (string[] | null)[], linkKeys: string[][], key: string, uf: Components): void {
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
  // Unnamed holders: those sharing another key are one identity; those with no other key are bare copies.
  const unnamed = holders.filter((i) => folded[i] === null);
  const bare: number[] = [];
  const identityKeys: Set<string>[] = [];
  for (const i of unnamed) {
    const others = linkKeys[i].filter((k) => k !== key);
    if (others.length === 0) {
      bare.push(i);
      continue;
    }
    const hit = identityKeys.find((s) => others.some((k) => s.has(k)));
    if (hit) for (const k of others) hit.add(k);
    else identityKeys.push(new Set(others));
  }
  const identities = groups.length + identityKeys.length;

  if (groups.length <= 1 && ambiguous.length === 0 && identities < HUB_IDENTITIES) {
    for (let n = 1; n < holders.length; n++) uf.tryUnion(holders[0], holders[n]);
    return;
  }
  // Shared key: it links only agreeing names, and bare unnamed copies of the number among themselves.
  for (const g of groups) for (let n = 1; n < g.length; n++) uf.tryUnion(g[0], g[n]);
  for (let n = 1; n < bare.length; n++) uf.tryUnion(bare[0], bare[n]);
}

// --- contact assembly -------------------------------------------------------------------------------

/** Score of a name as the contact's display name; see pickName. */
function nameRank(name: string, folded: string[]): [number, number, number] {
  let full = 0;
  for (const t of folded) if (t.length > 1) full++;
  const cased = name !== name.toLowerCase() && name !== name.toUpperCase() ? 1 : 0;
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
  const emailSeen = new Set<string>();
  const phones: NormPhone[] = [];
  const phoneSeen = new Set<string>();
  const photos: string[] = [];
  const sources = new Set<string>();
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
      if (emailSeen.has(m.key)) continue;
      emailSeen.add(m.key);
      emails.push(m);
    }
    for (const p of e.phones) {
      const id = p.key ?? 'd:' + p.display;
      if (phoneSeen.has(id)) continue;
      phoneSeen.add(id);
      phones.push(p);
    }
    for (const ph of e.photos) if (!photos.includes(ph)) photos.push(ph);
    sources.add(e.sourceKey);
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

  // A national-only copy of a full number the contact already has is the same phone: show it once.
  const shownPhones = phones.filter((p) => {
    if (!p.key?.startsWith('n:')) return true;
    const a = alias.get(p.key);
    return !(a && a.startsWith('p:') && phoneSeen.has(a));
  });
  shownPhones.sort((a, b) => phoneOrder(a) - phoneOrder(b)); // stable: upload order within a class

  const usablePhone = shownPhones.some((p) => p.key !== null);
  const usableEmail = emails.some((m) => !m.junk);
  // Usable addresses first, person mailboxes before role mailboxes; junk only when nothing else is left.
  const emailOrder = (m: NormEmail) => (m.junk ? 2 : m.role ? 1 : 0);
  let shownEmails = [...emails].sort((a, b) => emailOrder(a) - emailOrder(b));
  if (usableEmail || usablePhone) shownEmails = shownEmails.filter((m) => !m.junk);

  const keys: string[] = [];
  for (const m of shownEmails) keys.push('e:' + m.key);
  for (const p of shownPhones) if (p.key && !keys.includes(p.key)) keys.push(p.key);

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
    sourceCount: sources.size,
    entryCount: idx.length,
    keys,
    junk: false,
    junkReason: null,
  };
  if (!usableEmail && !usablePhone) {
    contact.junk = true;
    contact.junkReason = shownEmails.find((m) => m.junk)?.junk ?? 'nothing_to_invite';
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
  return order.map((idx, id) => buildContact(id, idx, entries, folded, alias));
}
