/**
 * Merging: entries that share a normalised e-mail or phone become one contact, transitively, with a
 * guard against over-merging. Pure and deterministic: the result depends only on the entry list, so
 * merging N batches concatenated equals merging one upload of the same entries. Who is one person does
 * not depend on the order of the list either: the links are decided over the cards in an order of their
 * content (canonicalOrder), and a name that fits two people on a shared key joins neither (links.ts
 * judge), unless another of its keys is held under one of the two names (`B. MacLeod` with Beth's
 * mailbox is Beth); two relations that fit one longer name and not each other (`Mum` and `Dad` beside `Bob
 * Ray`) join neither; two other names of one length that do (`John Smith` and `Mary Smith` beside their
 * couple's card) leave it to the first in that content order. A card between two people who cannot be one
 * (an unnamed card with Ann Lee's mobile and Ann Smith's number) still joins one of them: the one whose
 * key comes first in the content order, whatever the upload's. What the order still says is time: the
 * contacts come out in the order of their first entry, and among names of one rank the latest upload's is
 * shown (contact.ts pickName), so a book whose self test reads that name can be the owner's own in one
 * order and not in another (a review: `Me` on the owner's address and Bob's, and `Bob` with his own
 * mobile, in two sources), and the count of entries of a list naming several people (split.ts
 * countEntries) is taken in upload order.
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
 * An e-mail address is one mailbox, and names veto less there (merge/links.ts linkMailbox): a card that
 * holds nothing but the address joins its one owner whatever its label ("Mum", a maiden name), and its
 * label takes no part in later vetoes; two cards with the address and a number in common are one person.
 * Names alone never merge anything: they can only veto. The guards count distinct cards: an exact copy of
 * a card (a re-upload, the card in a second source) joins its card and takes no part (links.ts dropCopies).
 *
 * The parts live in merge/: names.ts (folding, compatibility), components.ts (union-find with the veto),
 * links.ts (key index, guards, aliases), contact.ts (assembling one contact).
 */
import { directoryIdentity, hasImceaPrefix } from './email.ts';
import type { Contact, NormalizedEntry } from './types.ts';
import { Components } from './merge/components.ts';
import { buildContact, foldedNameOf, nameInfo, nameOfCards, nextPickStamp, trimNameCache, type NameInfo } from './merge/contact.ts';
import { dropCopies, indexKeys, isEmailKey, joinAliases, linkKey, nationalAliases, type KeyIndex } from './merge/links.ts';

import { foldName, generationAt, localSpellsName, namesCompatible, ownNameWritten, sameWordsAnyOrder } from './merge/names.ts';
import { countEntries, splitBook } from './merge/split.ts';

export { namesCompatible };
export { clearNameCache } from './merge/contact.ts';

/**
 * The sources whose 0s say nothing: a times_contacted of 0 means "never written to" only from a source
 * that counts, and a source that counts nobody over all of its uploads (a phone that stopped reporting
 * the count sends 0 for everyone) knows nothing. Decided over the whole book, so that N batches of one
 * source give the list of one upload. null when no entry has a 0.
 */
function uncountedSources(entries: readonly NormalizedEntry[]): Set<string> | null {
  let zeros: Set<string> | null = null;
  const counting = new Set<string>();
  for (const e of entries) {
    if (e.timesContacted === 0) (zeros ??= new Set()).add(e.sourceKey);
    else if (e.timesContacted !== null && e.timesContacted > 0) counting.add(e.sourceKey);
  }
  if (zeros === null) return null;
  for (const k of counting) zeros.delete(k);
  return zeros.size > 0 ? zeros : null;
}

/**
 * An address one card keeps as a mailbox and another leaves out as a notification is one mailbox: the
 * owner's evidence on the one card (normalize.ts mailboxesWrittenTo: `alerts.kim@acme.com` on `Kim Lee`'s
 * card, written to) holds for the address on every card. Only a `notification` differs so between cards
 * (every other class is the address's alone); a card without the evidence split her into a second row.
 */
function mailboxesKept(entries: NormalizedEntry[]): NormalizedEntry[] {
  let wanted: Set<string> | null = null;
  for (const e of entries) for (const m of e.emails) if (m.junk === 'notification') (wanted ??= new Set()).add(m.key);
  if (wanted === null) return entries;
  let kept: Set<string> | null = null;
  for (const e of entries) for (const m of e.emails) if (m.junk === null && wanted.has(m.key)) (kept ??= new Set()).add(m.key);
  if (kept === null) return entries;
  const k = kept;
  return entries.map((e) =>
    e.emails.some((m) => m.junk === 'notification' && k.has(m.key))
      ? { ...e, emails: e.emails.map((m) => (m.junk === 'notification' && k.has(m.key) ? { ...m, junk: null } : m)) }
      : e,
  );
}

/**
 * The book's sources that are one source written two ways (normalize.ts sourceKey: type and the owner's
 * address): the owner's phone in full on one day and without its country on another (`ios:p:+447400999999`
 * and `ios:n:07400999999`, read as the merge reads numbers: nationalAliases), or not sent at all (`ios:-`)
 * beside the one identity of that type the book has. A daily sync of the same phone book counted as a
 * new source, and lifted every one of its people by the `sources` and `entries` signals. Maps each such
 * key to the one it is; null when there is none (the common book). `unknown:-` (files, `source: {}`)
 * stays one source of its own, as documented.
 */
function sameSources(entries: readonly NormalizedEntry[]): Map<string, string> | null {
  const keys = new Set<string>();
  let last = '';
  for (const e of entries) {
    if (e.sourceKey !== last) keys.add((last = e.sourceKey));
  }
  if (keys.size < 2) return null;
  const byType = new Map<string, string[]>();
  for (const k of keys) {
    const colon = k.indexOf(':');
    const type = k.slice(0, colon);
    if (type === 'unknown') continue;
    const list = byType.get(type);
    if (list === undefined) byType.set(type, [k]);
    else list.push(k);
  }
  let out: Map<string, string> | null = null;
  for (const [type, list] of byType) {
    if (list.length < 2) continue;
    const prefix = type.length + 1;
    const map = new Map<string, string>();
    // National spellings of the owner's phone onto its one full spelling.
    const phones = list.filter((k) => k.startsWith('n:', prefix) || k.startsWith('p:', prefix)).map((k) => k.slice(prefix));
    if (phones.some((k) => k.startsWith('n:'))) {
      for (const [n, target] of nationalAliases(phones)) if (target.startsWith('p:')) map.set(`${type}:${n}`, `${type}:${target}`);
    }
    const identities = new Set(list.filter((k) => !k.endsWith(':-')).map((k) => map.get(k) ?? k));
    if (identities.size === 1 && list.includes(`${type}:-`)) map.set(`${type}:-`, [...identities][0]!);
    if (map.size > 0) {
      out ??= new Map();
      for (const [a, b] of map) out.set(a, b);
    }
  }
  return out;
}

/**
 * Merges a book's normalised entries (upload order, oldest first) into contacts. Contacts come out in
 * the order of their first entry; Contact.id is the index. Junk contacts are kept (flagged) so that
 * storage holds everything; the ranker leaves them out.
 * An entry whose e-mails list several people (merge/split.ts) is a card per person, counted once; a named
 * card's address that the book shows to be another person's is a card of its own, counted in none.
 */
export function mergeEntries(entries: NormalizedEntry[], aliases?: readonly (readonly string[])[], self?: SelfOf): Contact[] {
  entries = mailboxesKept(entries);
  const same = sameSources(entries);
  if (same !== null) {
    // A source that counts nobody says nothing with its 0s (uncountedSources), decided before it joins
    // the source it is: a sync from a phone that stopped reporting the count keeps its 0s unknown.
    const uncounted = uncountedSources(entries);
    entries = entries.map((e) => {
      const k = same.get(e.sourceKey);
      if (k === undefined) return e;
      return e.timesContacted === 0 && uncounted !== null && uncounted.has(e.sourceKey) ? { ...e, sourceKey: k, timesContacted: null } : { ...e, sourceKey: k };
    });
  }
  // A list of several people in one entry (merge/split.ts) is a card per person, and a named card holding
  // another person's address gives it up: null when the book holds neither.
  const book = splitBook(entries);
  if (book === null) return mergeCards(entries, aliases, self, null);
  const groupOf = new Int32Array(book.cards.length);
  const contacts = mergeCards(book.cards, aliases, self, groupOf);
  countEntries(contacts, book, groupOf);
  return contacts;
}

/** mergeEntries over cards (a book's entries, its lists of several people split); `contactOf`, when given, gets each card's contact. */
function mergeCards(
  entries: NormalizedEntry[],
  aliases: readonly (readonly string[])[] | undefined,
  self: SelfOf | undefined,
  contactOf: Int32Array | null,
): Contact[] {
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

  // The owner's addresses as the index keys them ('e:' dropped): the mailbox rule leaves them alone.
  let own: Set<string> | null = null;
  if (self !== undefined) for (const k of self.keys) if (k.startsWith('e:')) (own ??= new Set()).add(k.slice(2));
  // Who is one person is decided over the cards in an order of their content (canonicalOrder), not the
  // upload's: the guards are greedy (a card joins the first person it may, a name refused by the people
  // formed so far stays out), so the upload order chose between readings of one book (`Mum` on a mobile
  // with `Ann Lee` and `Office` joined Ann or nobody). The contacts are then built in upload order.
  const order = canonicalOrder(entries);
  const cards = order === null ? entries : inOrder(order, entries);
  const cardFolded = order === null ? folded : inOrder(order, folded);
  const ix = indexKeys(cards, own);
  const alias = ix.alias;
  const uf = new Components(n, cardFolded);
  // An exact copy of a card (a re-upload, a daily sync, one card in two sources) adds nobody: the links
  // judge distinct cards, and each copy follows its card (links.ts dropCopies).
  const copyOf = dropCopies(cards, ix);
  if (copyOf !== null) for (let i = 0; i < n; i++) if (copyOf[i] >= 0) uf.tryUnion(copyOf[i], i, true);
  // E-mail addresses first, then numbers: an address is one mailbox, a number is often shared, so which
  // person a card joins does not depend on the order of the cards (an unnamed card holding John's address
  // and the number John shares with Mary is John's, whichever of them came first).
  for (let k = 0; k < ix.keyCount; k++) if (ix.holderStart[k + 1] - ix.holderStart[k] > 1 && isEmailKey(ix, k)) linkKey(k, ix, cardFolded, uf);
  for (let k = 0; k < ix.keyCount; k++) if (ix.holderStart[k + 1] - ix.holderStart[k] > 1 && !isEmailKey(ix, k)) linkKey(k, ix, cardFolded, uf);
  if (aliases !== undefined && aliases.length > 0) joinAliases(cards, aliases, uf);
  joinKeylessCopies(cards, ix, uf);
  joinDirectoryCopies(cards, uf);
  // A copy of a mailbox copy's card is one too: its label is no name of the person either (contact.ts pickName).
  if (copyOf !== null && uf.absorbed !== null) for (let i = 0; i < n; i++) if (copyOf[i] >= 0) uf.absorbed[i] = uf.absorbed[copyOf[i]];
  // Back to upload order: card c of the canonical order is entry order[c].
  let at: Int32Array | null = null; // entry -> its place in the canonical order
  let absorbed = uf.absorbed;
  // Per entry, 1 for an exact copy of another card (for the self test's name: nameOfCards); null when none.
  let copies: Uint8Array | null = null;
  if (copyOf !== null && self !== undefined) {
    copies = new Uint8Array(n);
    for (let c = 0; c < n; c++) if (copyOf[c] >= 0) copies[order === null ? c : order[c]!] = 1;
  }
  if (order !== null) {
    at = new Int32Array(n);
    for (let c = 0; c < n; c++) at[order[c]!] = c;
    if (absorbed !== null) {
      const byEntry = new Uint8Array(n);
      for (let c = 0; c < n; c++) byEntry[order[c]!] = absorbed[c]!;
      absorbed = byEntry;
    }
  }

  // Group members by component, in upload order: walking entries in order numbers the contacts in the
  // order of their first entry.
  const groupOf = new Int32Array(n).fill(-1);
  const entryGroup = new Int32Array(n);
  let groups = 0;
  for (let i = 0; i < n; i++) {
    const r = uf.find(at === null ? i : at[i]!);
    if (groupOf[r] < 0) groupOf[r] = groups++;
    entryGroup[i] = groupOf[r];
  }
  const start = new Int32Array(groups + 1);
  for (let i = 0; i < n; i++) start[entryGroup[i] + 1]++;
  for (let g = 0; g < groups; g++) start[g + 1] += start[g];
  if (contactOf !== null) contactOf.set(entryGroup);
  const members = new Int32Array(n);
  const cursor = start.slice(0, groups);
  for (let i = 0; i < n; i++) members[cursor[entryGroup[i]]++] = i;

  const contacts: Contact[] = new Array(groups);
  const isSelf = selfTest(self);
  const ownNames = ownFullNames(self);
  const ownKeys: ReadonlySet<string> | null = self === undefined || self.keys.length === 0 ? null : new Set(self.keys);
  const uncounted = uncountedSources(entries);
  for (let id = 0; id < groups; id++) {
    const c = buildContact(id, members, start[id], start[id + 1], entries, infos, alias, nextPickStamp(), uncounted, absorbed);
    // Whether a contact is the owner's own reads its name, with each card counted once: a copy of the
    // owner's card sent again is no vote for its label (`Home` sent twice beside `Mum`, the owner's card,
    // made the card someone else's).
    let judged = c;
    if (copies !== null && isSelf !== null && start[id + 1] - start[id] > 1 && holdsCopy(members, start[id], start[id + 1], copies)) {
      const name = nameOfCards(members, start[id], start[id + 1], infos, absorbed, copies);
      if (name !== c.name) judged = { ...c, name };
    }
    if (own !== null && !c.junk && holdsOwn(c, own)) {
      if (isSelf !== null && isSelf(judged) && !someoneElse(judged, own, self!)) {
        c.junk = true;
        c.junkReason = 'self';
        delete c.unusable;
      } else dropOwnAddresses(c, own);
    } else if (isSelf !== null && !c.junk && isSelf(judged)) {
      c.junk = true;
      c.junkReason = 'self';
      delete c.unusable;
    } else if (!c.junk && c.sender !== true && ownCardElsewhere(judged, ownNames, ownKeys)) c.ownName = true;
    // Which entries a left-out contact holds, for the cleaning summary's listing (few: junk is rare).
    // (A plain loop: the same numbers as Array.from(members.subarray(...)), without a view and an iterator.)
    if (c.junk) c.entryIndexes = entryIndexesOf(members, start[id], start[id + 1]);
    contacts[id] = c;
  }
  return contacts;
}

/**
 * The cards in an order of their content (everything the links read: the name, nickname and company as
 * written, the addresses and numbers with their keys, junk classes and other readings), so that who is
 * one person does not depend on the order of the upload: by a 29-bit hash of that content (FNV-1a over
 * the keys and the other texts' ends: hashEnds), a numeric sort (sorting the content strings themselves
 * cost ~15 ms for 10,000 cards). Cards of equal content keep their upload order (they are copies:
 * dropCopies, joinKeylessCopies); cards of one hash and other contents go in the order of their content.
 * null for fewer than two cards.
 */
function canonicalOrder(entries: readonly NormalizedEntry[]): Int32Array | null {
  const n = entries.length;
  if (n < 2) return null;
  const keyed = new Float64Array(n);
  const hashes = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const e = entries[i]!;
    let h = hashEnds(FNV_OFFSET, e.name);
    h = hashEnds(h, e.nickname);
    h = hashEnds(h, e.company);
    // Keys whole (they tell cards apart), the rest by their ends; a display that is its key (most) once.
    for (const m of e.emails) h = hashEnds(hashShown(hashEnds(hashText(h ^ 0x65, m.key), m.junk), m.display, m.key), m.name);
    for (const p of e.phones) h = hashEnds(hashShown(hashText(h ^ 0x70, p.key), p.display, p.key), p.alt);
    // The hash's top 29 bits, then the card's index: exact in a double up to 2^24 cards.
    hashes[i] = h >>> 3;
    keyed[i] = hashes[i]! * INDEX_SPAN + i;
  }
  const order = new Int32Array(n);
  const hashOf = (i: number) => hashes[i]!;
  if (n <= INDEX_SPAN) {
    keyed.sort();
    for (let c = 0; c < n; c++) order[c] = keyed[c]! % INDEX_SPAN;
  } else {
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => hashOf(a) - hashOf(b) || a - b);
  }
  // Cards of one hash and other contents (two in a 50,000-card book, and contents can be made to
  // collide: a review) in the order of their content itself, so that no upload order decides between them.
  for (let c = 1; c < n; c++) {
    if (hashOf(order[c]!) !== hashOf(order[c - 1]!)) continue;
    let end = c + 1;
    while (end < n && hashOf(order[end]!) === hashOf(order[c - 1]!)) end++;
    const run = Array.from(order.subarray(c - 1, end));
    const content = new Map(run.map((i) => [i, contentOf(entries[i]!)]));
    run.sort((a, b) => (content.get(a)! < content.get(b)! ? -1 : content.get(a)! > content.get(b)! ? 1 : a - b));
    order.set(run, c - 1);
    c = end - 1;
  }
  return order;
}

/** `xs` in the order `order` gives (Array.from(order, (i) => xs[i]), without its iterator's results). */
function inOrder<T>(order: Int32Array, xs: readonly T[]): T[] {
  const out: T[] = [];
  for (let c = 0; c < order.length; c++) out.push(xs[order[c]!]!);
  return out;
}

/** A card's content as canonicalOrder hashes it, as text (for cards of one hash). */
function contentOf(e: NormalizedEntry): string {
  let sig = `${e.name ?? '\u0001'}\u0000${e.nickname ?? '\u0001'}\u0000${e.company ?? '\u0001'}`;
  for (const m of e.emails) sig += `\u0000e${m.key}\u0002${m.junk ?? ''}\u0002${m.display}\u0002${m.name ?? ''}`;
  for (const p of e.phones) sig += `\u0000p${p.key ?? ''}\u0002${p.display}\u0002${p.alt ?? ''}`;
  return sig;
}

const INDEX_SPAN = 2 ** 24;
const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a over a text's code units, then a separator (null and '' differ). */
function hashText(h: number, s: string | null | undefined): number {
  if (s === null || s === undefined) return Math.imul(h ^ 0x01, 0x01000193);
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return Math.imul(h ^ 0x02, 0x01000193);
}

/** hashEnds of a shown text, or a mark when it is the key itself (hashed already). */
function hashShown(h: number, shown: string, key: string | null): number {
  return shown === key ? Math.imul(h ^ 0x03, 0x01000193) : hashEnds(h, shown);
}

/**
 * FNV-1a over a text's length and its first and last HASHED_ENDS code units (all of a short text), then a
 * separator (null and '' differ): every text of a card hashed whole cost ~14 ms for 10,000 cards (keys
 * still are: hashText). Texts that differ only inside share a hash; canonicalOrder then orders such cards
 * by their content.
 */
function hashEnds(h: number, s: string | null | undefined): number {
  if (s === null || s === undefined) return Math.imul(h ^ 0x01, 0x01000193);
  const n = s.length;
  h = Math.imul(h ^ n, 0x01000193);
  if (n <= 2 * HASHED_ENDS) {
    for (let i = 0; i < n; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  } else {
    for (let i = 0; i < HASHED_ENDS; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    for (let i = n - HASHED_ENDS; i < n; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  }
  return Math.imul(h ^ 0x02, 0x01000193);
}
const HASHED_ENDS = 6;

/** Whether members[from..to) hold an exact copy of another card (`copies`, per entry). */
function holdsCopy(members: Int32Array, from: number, to: number, copies: Uint8Array): boolean {
  for (let m = from; m < to; m++) if (copies[members[m]!] === 1) return true;
  return false;
}

/** Whether a contact holds one of the owner's addresses (`own`: keys without their 'e:'). */
function holdsOwn(c: Contact, own: ReadonlySet<string>): boolean {
  for (const m of c.emails) if (own.has(m.key)) return true;
  return false;
}

/** The local part of an address key, its dots and +tag dropped (`pat.owner+x@` → `patowner`). */
function plainLocal(key: string): string {
  const at = key.lastIndexOf('@');
  const local = at > 0 ? key.slice(0, at) : key;
  const plus = local.indexOf('+');
  return (plus > 0 ? local.slice(0, plus) : local).replace(/\./g, '');
}

/**
 * Whether a card the self test reads as the owner's (it holds the owner's address, unnamed or under a
 * name that can be the owner's) is also someone else the owner wrote to, starred or pinned. Unnamed: it
 * holds a usable address that is not the owner's (not one of the owner's, nor the owner's mailbox at
 * another domain, nor one spelling the owner's name); named: namedSomeoneElse. A pasted list `owner@, Fay
 * Zed <fay@>` the owner wrote to, or a card of a thread with the owner's address and Hal's, was left out
 * whole as 'self', Fay and Hal with it (a probe). Evidence beats the guess: the other person is kept, the
 * owner's address taken off (dropOwnAddresses). Without evidence the card stays the owner's own (their
 * card with a second address of theirs).
 */
function someoneElse(c: Contact, own: ReadonlySet<string>, self: SelfOf): boolean {
  if (!((c.timesContacted ?? 0) > 0 || c.lastSent !== null || c.favorite || c.pinned > 0)) return false;
  const names = self.names.map(foldName).filter((f) => f.length > 0);
  if (c.name !== null) return namedSomeoneElse(c, own, names, self);
  const locals = new Set<string>();
  for (const k of own) locals.add(plainLocal(k));
  for (const m of c.emails) {
    if (m.junk !== null || own.has(m.key)) continue;
    const local = m.key.slice(0, m.key.lastIndexOf('@'));
    if (locals.has(plainLocal(m.key)) || names.some((n) => localSpellsName(local, n) > 0)) continue;
    return true;
  }
  return false;
}

/**
 * someoneElse of a named card, the owner's name known, on the strongest evidence only (three reviews found
 * each wider reading showing the owner's own card, and the owner's work address to invite, among people:
 * `john.work@`, `jsmith-acme@`, `ma.smith@` of Mary Ann Smith, `liz.work@` of Elizabeth):
 * - a generation the card's name has and the owner's lacks, carried by a mailbox of the card's too
 *   (`John Smith Sr.` with `jsmith.sr@aol.com` or `john.smith.sr@`): the owner's father, written to four
 *   times, was left out as self (a probe);
 * - a relative's label (`Mom`, `Dad`, `Oma`) with a number of its own, not the owner's: `Mom` with the
 *   family address and her mobile, starred and written to, was left out as self (a review).
 * Never a card labelled as the owner's (`Me`) or carrying the owner's full name word for word. Another
 * person's mailbox under a name that can be the owner's (`John` with `john.doe@`, `J Smith` with
 * `jane.smith@`) stays the owner's: its forms cannot be told from the owner's own (docs/cleaning.md).
 */
function namedSomeoneElse(c: Contact, own: ReadonlySet<string>, names: readonly (readonly string[])[], self: SelfOf): boolean {
  if (names.length === 0 || selfLabelled(c)) return false;
  const folded = foldName(c.name!);
  if (names.some((n) => sameWordsAnyOrder(n, folded))) return false;
  if (folded.length > 0 && folded.every((t) => t.startsWith('~')) && c.phones.some((p) => p.key !== null && !ownersNumber(p.key, self.keys))) return true;
  const generations = folded.filter((w, i) => generationAt(folded, i) && !names.some((n) => n.includes(w)));
  if (generations.length === 0) return false;
  for (const m of c.emails) {
    if (m.junk !== null || own.has(m.key)) continue;
    const written = m.display.slice(0, m.display.lastIndexOf('@')).toLowerCase();
    const plus = written.indexOf('+');
    const parts = (plus > 0 ? written.slice(0, plus) : written).split(/[._-]+/);
    if (parts.some((w) => generations.includes(w))) return true;
  }
  return false;
}

/**
 * Whether a number key is one of the owner's, read by the shorter one's last digits, nine at most
 * (`n:4155550100` is the owner's `p:+14155550100`, `n:20123456` the Danish `p:+4520123456`: a book with no
 * region keys a national number on its digits; two reviews).
 */
function ownersNumber(key: string, ownKeys: readonly string[]): boolean {
  // Digits without an extension; a national key's trunk 0 dropped (`n:020123456`).
  const digits = (k: string) => {
    const d = k.replace(/;ext=.*$/, '').replace(/\D+/g, '');
    return k.startsWith('n:') ? d.replace(/^0+/, '') : d;
  };
  const a = digits(key);
  return ownKeys.some((k) => {
    if (!k.startsWith('p:') && !k.startsWith('n:')) return false;
    const b = digits(k);
    // The shorter number's last digits, nine at most, seven at least (a Danish mobile has eight: a review).
    const n = Math.min(9, a.length, b.length);
    return n >= 7 && a.slice(-n) === b.slice(-n);
  });
}

/**
 * Takes the owner's own addresses off a contact that is someone else's, when it keeps another usable
 * address: the address to invite is never the owner's own (a probe: Gus Hill's row offered the owner's
 * address first). A contact with no other address keeps it, a number or not (`Sue Lee` on the family
 * address the owner signed up with is Sue: her only address; a review found it taken off for a number).
 */
function dropOwnAddresses(c: Contact, own: ReadonlySet<string>): void {
  let other = false;
  for (const m of c.emails) if (m.junk === null && !own.has(m.key)) other = true;
  if (!other) return;
  c.emails = c.emails.filter((m) => !own.has(m.key));
  c.keys = c.keys.filter((k) => !(k.startsWith('e:') && own.has(k.slice(2))));
}

/** members[from..to) as a plain array. */
function entryIndexesOf(members: Int32Array, from: number, to: number): number[] {
  const out: number[] = [];
  for (let m = from; m < to; m++) out.push(members[m]!);
  return out;
}

/** The book's owner as the merge needs it: their keys ('e:' + address, ...) and names (ownerOf). */
export interface SelfOf {
  keys: readonly string[];
  names: readonly string[];
}

/**
 * Whether a contact is the owner's own card (left out as 'self': nobody invites themselves): it holds
 * one of the owner's e-mail addresses, and it has no name or a name that can be the owner's (known from
 * the sources). Only
 * e-mail: a phone is often shared (the family landline is the owner's and the spouse's), an account
 * address is not. null when the owner has no e-mail address.
 */
function selfTest(self: SelfOf | undefined): ((c: Contact) => boolean) | null {
  if (self === undefined || self.keys.length === 0) return null;
  const keys = new Set(self.keys.filter((k) => k.startsWith('e:')));
  const all = new Set(self.keys);
  const names = self.names.map(foldName).filter((f) => f.length > 0);
  return (c) => {
    let holds = false;
    let holdsAny = false;
    for (const k of c.keys) {
      if (keys.has(k)) holds = true;
      if (all.has(k)) holdsAny = true;
    }
    if (!holdsAny) return names.length > 0 && directoryOnly(c) && ownFullName(c.name, names);
    // The owner's own card as phones name it ("Me", "My Card"): any of the owner's keys, even a number.
    // Compared as written, accents kept: "Mẹ" is Vietnamese for Mom, "Mỹ" a given name.
    if (selfLabelled(c)) return true;
    const folded = c.name === null ? [] : foldName(c.name);
    // On one of the owner's numbers only, the owner's full name word for word ("Pat Owner" with Pat's
    // work address and mobile, from the mail account's contacts): Pat, ranked among Pat's own people.
    // A spouse or a child on the family landline has another name; a name of one word may be anyone's.
    // Not a card the owner wrote to: a father of the same name on the family number, with his own mobile
    // and the owner's mail to him, is him (a review found him left out as self), and evidence beats a name.
    if (!holds) return folded.length >= 2 && !wroteTo(c) && names.some((n) => sameWordsAnyOrder(n, folded));
    if (folded.length === 0) return true; // an unnamed card with the owner's address
    // A named card: the owner's when the owner's name is known and can be it. With no name of the
    // owner's, "Sue Lee" on the family address the owner signed up with is Sue, not the owner; but a
    // card whose name the owner's address spells ("Daniel Scott" on daniel.scott@, "Thomas Yılmaz" on
    // thomas.y@) is the owner's own, whoever else reads that mailbox.
    if (names.length > 0) return names.some((n) => namesCompatible(n, folded));
    if (folded.length < 2 || HOUSEHOLD.test(c.name!)) return false;
    // Umlauts as an address writes them (`Günter Weiß` on guenter-weiss@).
    const spelt = /[äöüÄÖÜ]/.test(c.name!) ? foldName(c.name!.replace(/[äÄ]/g, 'ae').replace(/[öÖ]/g, 'oe').replace(/[üÜ]/g, 'ue')) : null;
    // Spelt with an initial (`d.scott@`, `jsmith@`: a household's mailbox as often) or without the
    // name's first or last word (`garcia.lopez@` for `Ana García López`, `nguyen.thi@`: a family's
    // names), only a card that holds nothing but the owner's keys: `Diana Scott` with her own address or
    // mobile is Diana (two reviews).
    let onlyOwners = true;
    for (const k of c.keys) if (!all.has(k)) onlyOwners = false;
    for (const k of c.keys) {
      if (!keys.has(k)) continue;
      const local = k.slice(2, k.lastIndexOf('@'));
      const spells = Math.max(localSpellsName(local, folded), spelt === null ? 0 : localSpellsName(local, spelt));
      if (spells === 3 || (spells > 0 && onlyOwners)) return true;
    }
    return false;
  };
}

/**
 * Whether a contact is reached only through directory forms (email.ts directoryIdentity: an X.500 DN, a
 * Notes name, an encapsulated address carrying one) and holds no number: the owner's own identity in
 * the company's directory looks so ("Owner Person/HOU/ECT@ECT", "/O=CORP/…/CN=OPERSON" named "Person,
 * Owner", "IMCEANOTES-Owner+20Person+2FHOU+2FECT+40ECT@corp.com"), written to whenever the owner copies
 * themselves.
 */
function directoryOnly(c: Contact): boolean {
  if (c.phones.length > 0 || (c.unusable?.phones?.length ?? 0) > 0) return false;
  let any = false;
  for (const m of c.emails) {
    if (directoryIdentity(m.display) === null) return false;
    any = true;
  }
  for (const d of c.unusable?.emails ?? []) {
    if (directoryIdentity(d) === null) return false;
    any = true;
  }
  return any;
}

/**
 * The owner's full names (two words or more, folded), for the cards named so at addresses and numbers none
 * of the owner's (Contact.ownName); null when the sources name no owner.
 */
function ownFullNames(self: SelfOf | undefined): (readonly string[])[] | null {
  if (self === undefined || self.names.length === 0) return null;
  const out = self.names.map(foldName).filter((f) => f.length >= 2);
  return out.length > 0 ? out : null;
}

/**
 * Whether a contact kept in the list (not the owner's own card) still reads as the owner's: named with the
 * owner's full name, or as phones name the owner's own card (`My number`, `Me`, `Mein Handy`, `Mi número`,
 * `Мой номер`, `自分`: selfLabelled), at keys none of the owner's. Mostly the owner's other mailbox or SIM,
 * an old number, a work line; a probe found twenty such cards ranked 2-31 of a phone book, right under the
 * owner's one friend. Contact.ownName: ranked after the people, never left out.
 */
function ownCardElsewhere(c: Contact, ownNames: (readonly string[])[] | null, ownKeys: ReadonlySet<string> | null): boolean {
  if (ownKeys !== null && holdsOwnKey(c, ownKeys)) return false;
  return (ownNames !== null && ownFullName(c.name, ownNames)) || selfLabelled(c);
}

/** Whether a contact holds any of the owner's keys (an address or a number). */
function holdsOwnKey(c: Contact, ownKeys: ReadonlySet<string>): boolean {
  for (const k of c.keys) if (ownKeys.has(k)) return true;
  return false;
}

/**
 * Whether a name is the owner's full name (two words or more, in any order), word for word or written
 * another way (names.ts ownNameWritten: `Juergen Mueller`, `Иван Петров`: a probe found
 * each, written to fifty times, first of the owner's list).
 */
function ownFullName(name: string | null, names: readonly (readonly string[])[]): boolean {
  if (name === null) return false;
  const folded = foldedNameOf(name); // foldName(name), mostly folded already by this merge (nameInfo)
  return folded.length >= 2 && names.some((n) => ownNameWritten(n, folded));
}

/** A card of a couple or a household (`John & Jane Smith`, `Mr and Mrs Smith`, `Familia García`): no one's own card. */
const HOUSEHOLD = /&|\+|\b(?:and|und|et|family|familia|famille|familie|famiglia|família)\b/i;

/** Whether the owner wrote to the contact: a count of messages or a sent date. */
function wroteTo(c: Contact): boolean {
  return (c.timesContacted ?? 0) > 0 || c.lastSent !== null;
}

/**
 * What an address book calls its owner's own card, lower-case, spaces single, in the languages of
 * phones' own "Me" (a probe found `Meu número`, `Mi celular`, `我的号码` on the owner's mobile ranked as
 * people). Not "My" (a Swedish given name); "Yo" and "Eu" only without evidence (SELF_LABELS_WITHOUT_EVIDENCE).
 */
const SELF_LABELS = new Set([
  'me',
  'mine',
  'myself',
  'my card',
  'my number',
  'my phone',
  'my mobile',
  'my cell',
  'my email',
  'my e mail',
  'my e-mail',
  'my mail',
  'my info',
  'moi',
  'mon numéro',
  'mon numero',
  'ich',
  'meine nummer',
  'mein handy',
  'meu número',
  'meu numero',
  'meu celular',
  'meu telefone',
  'mi número',
  'mi numero',
  'mi celular',
  'mi teléfono',
  'mi telefono',
  'mi móvil',
  'mi movil',
  'minä',
  'أنا',
  'رقمي',
  'मैं',
  'मेरा नंबर',
  '自分',
  '我',
  '我的号码',
  '我的手机',
  '我的電話',
  // Polish, Turkish, Russian, Korean, Hebrew, Vietnamese, Thai (a probe found each, on another number,
  // ranked among the people).
  'mój numer',
  'moj numer',
  'mój telefon',
  'benim numaram',
  'numaram',
  'мой номер',
  'мой телефон',
  'мой мобильный',
  '내 번호',
  '내 전화',
  'המספר שלי',
  'אני',
  'số của tôi',
  'so cua toi',
  'เบอร์ฉัน',
  'เบอร์ของฉัน',
  // Italian, Dutch, Swedish/Norwegian/Danish, Ukrainian, Indonesian/Malay, Japanese, Chinese, Hindi and
  // Hinglish (a review found each, on another number, ranked among the people).
  'il mio numero',
  'mijn nummer',
  'mitt nummer',
  'min mobil',
  'mit nummer',
  'мій номер',
  'nomor saya',
  'nombor saya',
  '私の番号',
  '我的號碼',
  'मेरा नम्बर',
  'mera number',
  'apna number',
]);

/**
 * What follows "my" on a card of the owner's other numbers (`My MTN`, `My Jio`, `My SIM 2`, `My work number`:
 * owners with two SIMs save their own numbers so; a probe found `My MTN` ranked first), on the owner's keys only.
 */
const SELF_AFTER_MY = new Set([
  ...'mtn glo airtel jio bsnl vi safaricom telkomsel indosat etisalat vodafone whatsapp sim globe smart'.split(' '),
  'sim 1',
  'sim 2',
  'sim1',
  'sim2',
  'other number',
  'other phone',
  'second number',
  '2nd number',
  'new number',
  'old number',
  'work number',
  'work phone',
  'work mobile',
  'work cell',
  'home number',
  'landline',
]);

/**
 * The owner's other SIM as phones in other languages save it: the carrier after "my" in the owner's language
 * (`Mi Telcel`, `Meu Vivo`, `Mon Orange`, `Мой МТС`) or the SIM slot alone (`SIM 2`). The whole label only,
 * like SELF_AFTER_MY: not in brackets after a name (`Ahmed (SIM 2)` is Ahmed's second SIM), and never a name
 * that merely holds a carrier's word (`Claro Pérez`, `Orange`, `Vivo`).
 */
const SELF_SIM_LABELS = new Set([
  'mi telcel',
  'mi claro',
  'mi movistar',
  'meu vivo',
  'meu tim',
  'meu claro',
  'mon orange',
  'mein o2',
  'мой мтс',
  'мой билайн',
  'benim turkcell',
  'mój play',
  'moj play',
  'sim 1',
  'sim 2',
  'sim1',
  'sim2',
]);

/**
 * Words for "I" that are also what people call someone (`Yo`, a nickname; `Eu`, a given name; `Ja`, `Я`,
 * `나`, initials or a syllable a nickname may be): the owner's
 * own card only when nothing says it is someone else's, so not a card the owner wrote to or starred.
 */
const SELF_LABELS_WITHOUT_EVIDENCE = new Set(['yo', 'eu', 'ja', 'я', '나']);

/** Whether a card's name is what an address book calls its owner's own card (SELF_LABELS), on one of the owner's keys. */
function selfLabelled(c: Contact): boolean {
  if (c.name === null) return false;
  const label = c.name
    .trim()
    .toLowerCase()
    .replace(/[\s._-]+/g, ' ');
  if (SELF_LABELS.has(label) || SELF_SIM_LABELS.has(label) || (label.startsWith('my ') && SELF_AFTER_MY.has(label.slice(3)))) return true;
  // The owner's name with a self label in brackets, or the label with the name (`Dana (me)`, `Me (Dana)`,
  // `Dana [ich]`): a probe found `Dana (me)` on the owner's phone ranked #18 among the people.
  const bracketed = label.includes('(') || label.includes('[') ? BRACKETED_LABEL_RE.exec(label) : null; // the pattern needs one
  if (bracketed !== null) {
    const inside = bracketed[2] ?? bracketed[3]!;
    const outside = (bracketed[1] ?? bracketed[4] ?? '').trim();
    if (outside !== '' && (SELF_LABELS.has(inside) || (SELF_LABELS.has(outside) && !SELF_LABELS.has(inside)))) return true;
  }
  return SELF_LABELS_WITHOUT_EVIDENCE.has(label) && !wroteTo(c) && !c.favorite && c.pinned === 0;
}

/** A name and a bracketed note, either way round: `dana (me)` (1, 2) or `(me) dana` (3, 4), lower-case. */
const BRACKETED_LABEL_RE = /^(?:([^()[\]]+?)\s*[([]\s*([^()[\]]+?)\s*[)\]]|[([]\s*([^()[\]]+?)\s*[)\]]\s*([^()[\]]+))$/;

/**
 * Joins the cards that name one directory mailbox (email.ts directoryIdentity): an X.500 DN in any case
 * ("/O=CORP/…/CN=JSMITH" and "/o=corp/…/cn=jsmith"), a Notes name written bare ("Jeff Dasovich/NA/Corp@Corp")
 * or carried by an encapsulated address ("IMCEANOTES-Jeff+20Dasovich+2FNA+2FCorp+40Corp@corp.com"). Such a
 * string is no address (the bare forms have no key, and cards without one joined only their exact copies:
 * the same name, the same strings), but it names one mailbox of one directory, as an address does: the
 * person's copies of it, named or not, sorted or not ("Ward, Kim", "Kim Ward"), are one row. Names still
 * veto (tryUnion): "Mary Jones" on John Smith's DN, a delegate's card, stays apart.
 */
function joinDirectoryCopies(entries: readonly NormalizedEntry[], uf: Components): void {
  let first: Map<string, number> | null = null;
  for (let i = 0; i < entries.length; i++) {
    const emails = entries[i].emails;
    for (let j = 0; j < emails.length; j++) {
      const m = emails[j];
      if (m.junk !== 'invalid' && !hasImceaPrefix(m.display)) continue;
      if (m.display.indexOf('/') < 0 && !hasImceaPrefix(m.display)) continue;
      const id = directoryIdentity(m.display);
      if (id === null) continue;
      first ??= new Map();
      const k = first.get(id);
      if (k === undefined) first.set(id, i);
      else uf.tryUnion(k, i);
    }
  }
}

/**
 * Joins the copies of a card that holds no key: the same name with the same unusable strings (an address
 * that is no address, a number that cannot be called), the same name alone, or, with no name, the same
 * unusable strings. Such a card is kept when the owner wrote to it or starred it; without this, every
 * re-upload of the book (a daily sync) added one more copy of that person, and one card saved in two
 * sources showed twice. Nothing else tells two such cards apart (two nameless cards holding "n/a" would
 * show as the same row), so they are one person for the list; they never join a card that has a key
 * (that would be a merge by name alone). Junk-only cards are left as they are: a junk address never
 * joins anyone. A card with neither a name nor any string is left out (contact.ts).
 */
function joinKeylessCopies(entries: readonly NormalizedEntry[], ix: KeyIndex, uf: Components): void {
  let first: Map<string, number> | null = null;
  for (let i = 0; i < entries.length; i++) {
    if (ix.keyStart[i] !== ix.keyStart[i + 1]) continue; // it links through a key
    const e = entries[i];
    // A nameless card is told apart by its strings alone: without any, it is left out (contact.ts).
    // A nameless card named by its nickname or company alone ("Mom", "Acme Plumbing") is told apart by it.
    const label = e.name ?? (e.nickname !== null ? `\u0002${e.nickname}` : e.company !== null ? `\u0003${e.company}` : '');
    let sig = label.trim().normalize('NFC').toLowerCase();
    let junkOnly = false;
    const strings: string[] = [];
    for (const m of e.emails) {
      if (m.junk !== 'invalid') junkOnly = true;
      else strings.push('e\u0000' + m.display.trim().normalize('NFC').toLowerCase());
    }
    if (junkOnly) continue;
    for (const p of e.phones) strings.push('p\u0000' + p.display.trim());
    if (sig === '' && strings.length === 0) continue;
    if (strings.length > 0) sig += '\u0001' + strings.sort().join('\u0001');
    first ??= new Map();
    const j = first.get(sig);
    if (j === undefined) first.set(sig, i);
    else uf.tryUnion(j, i);
  }
}
