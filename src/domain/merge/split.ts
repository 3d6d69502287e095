/**
 * A list of people in one entry: an e-mail field holding a recipient list with a display name per item
 * (`Doe, Jane <jane@x>, Roe, Rick <rick@x>`, a To: header pasted or exported into one cell, or
 * `"emails": ["Jane Doe <jane@x>", "Rick Roe <rick@x>"]`). When the items are named with names that
 * cannot be one person, normalisation marks each named address with its item's name (NormEmail.name),
 * and the merge reads each person of the list as a card of their own: before, the entry was one person
 * holding every address, shown under one name, and every other card of any of them merged into it.
 *
 * Items with one name or compatible names are one person; an item without a name goes with the person
 * its local part spells, else with the entry's own person when the entry has a name of its own, else it
 * is a recipient of its own; never with a person whom another card's name for it cannot be (partsOf). An entry without marked addresses (nearly all) is not touched: the merge only
 * checks each address for the mark.
 */
import { displayNameOf } from '../email.ts';
import type { Contact, NormEmail, NormalizedEntry } from '../types.ts';
import { isWebmailDomain } from '../webmail.ts';
import { foldedNameOf } from './contact.ts';
import { foldName, keepRelation, localSpellsName, nameKey, namesCompatible, organisationName, petCompatible, sameWords } from './names.ts';

/**
 * The person each named item of a list is (index into the groups), or -1 for an item without a name:
 * an item joins the first group whose first name is compatible with its own, in item order. `folded`:
 * each item's folded name (null or empty: unnamed). Returns the group count and each item's group.
 * A list of more than COMPARED_GROUPS people (a mailing list pasted whole) compares a later item with
 * the first COMPARED_GROUPS groups and with the names written the same only, so a field of 100,000
 * characters costs a bounded number of comparisons an item, not one per person before it.
 */
export function groupItemNames(folded: readonly (readonly string[] | null)[]): { count: number; group: Int32Array } {
  const firsts: (readonly string[])[] = [];
  const group = new Int32Array(folded.length).fill(-1);
  let same: Map<string, number> | null = null;
  for (let i = 0; i < folded.length; i++) {
    const f = folded[i];
    if (f === null || f.length === 0) continue;
    const key = nameKey(f);
    let g = same?.get(key) ?? -1;
    if (g < 0) {
      const upTo = Math.min(firsts.length, COMPARED_GROUPS);
      g = 0;
      while (g < upTo && !compatible(firsts[g], f)) g++;
      if (g === upTo) {
        g = firsts.length;
        firsts.push(f);
      }
      (same ??= new Map()).set(key, g);
    }
    group[i] = g;
  }
  return { count: firsts.length, group };
}

/** The groups every item of a list is compared with (groupItemNames). */
const COMPARED_GROUPS = 64;

/**
 * The folded name of a list's item, or null when it names nobody: an address or a number as a name, or
 * only words that label the address (`Work <a@x>, Home <b@y>`, `Work Email <..>, Email 2 <..>` are one
 * person's two addresses). Label words beside other words (`School Email`, `Ann (work)`) are left out of
 * the fold: `School Email <a@x>, Old Email <b@y>` reads as `School` and `Old`, one word each (labels of
 * a named card's addresses, as `Gmail`/`Yahoo` are), not as two people named with two words.
 */
export function itemNameFold(name: string): string[] | null {
  const f = foldName(name);
  let kept: string[] | null = null;
  for (let i = 0; i < f.length; i++) {
    if (isLabelWord(f, i)) kept ??= f.slice(0, i);
    else if (kept !== null) kept.push(f[i]);
  }
  const out = kept ?? f;
  if (kept !== null) keepRelation(f, kept);
  return out.length === 0 ? null : out;
}

/**
 * Label words that are also words of names (`Emily Main`, `Mary Alt`, `Ann E Lee`, `Ann 2`) and numbers:
 * left out only beside a label word that names nothing (`Old Email`, `Main Address`, `Email 2`, `E Mail`)
 * or when every word of the item is a label. Left out beside names, they made `Emily Main <..>, John Main
 * <..>` under `Main Family` one word each (labels of one person's addresses): the two were one row.
 */
const NAME_LIKE_LABELS = new Set(['main', 'alt', 'old', 'new', 'e']);

/** Words that label an address or a line rather than name its holder (folded). */
const ADDRESS_LABELS = new Set([
  'work',
  'home',
  'email',
  'e',
  'mail',
  'personal',
  'private',
  'business',
  'office',
  'other',
  'primary',
  'secondary',
  'main',
  'alt',
  'alternate',
  'alternative',
  'preferred',
  'default',
  'backup',
  'old',
  'new',
  'former',
  'address',
  'addr',
  'account',
  'cell',
  'mobile',
  // Where the address is: a mail provider's or a school's name labels a person's address in a list of
  // their own (`iCloud <ann.novak2@hey.com>, Outlook <ann.novak3@gmail.com>` was two rows named iCloud
  // and Outlook, one of them beside Ann's own card: eval:clean). Not names of people.
  'gmail',
  'googlemail',
  'icloud',
  'outlook',
  'hotmail',
  'yahoo',
  'ymail',
  'aol',
  'gmx',
  'proton',
  'protonmail',
  'webmail',
  'msn',
  'school',
  'uni',
  'university',
  'college',
  'student',
  'alumni',
]);

/** Whether the word of `f` at `i` labels the address: a label word, or a number (`Email 2`, `Work 1`), beside another (NAME_LIKE_LABELS). */
function isLabelWord(f: readonly string[], i: number): boolean {
  const t = f[i];
  if (!ADDRESS_LABELS.has(t) && !DIGITS_RE.test(t)) return false;
  if (!NAME_LIKE_LABELS.has(t) && !DIGITS_RE.test(t)) return true;
  if ((i > 0 && isStrongLabel(f[i - 1])) || (i + 1 < f.length && isStrongLabel(f[i + 1]))) return true;
  for (const w of f) if (!ADDRESS_LABELS.has(w) && !DIGITS_RE.test(w)) return false;
  return true;
}

/** A label word that is no word of a name (`email`, `work`, `address` …). */
function isStrongLabel(t: string): boolean {
  return ADDRESS_LABELS.has(t) && !NAME_LIKE_LABELS.has(t);
}
const DIGITS_RE = /^\d+$/;

/** Whether an entry's e-mails carry item names (a list of several people): one property check an address. */
export function hasNamedItems(e: NormalizedEntry): boolean {
  const ms = e.emails;
  for (let j = 0; j < ms.length; j++) if (ms[j].name !== undefined) return true;
  return false;
}

/**
 * The names other cards of the book hold an address under (splitBook): `heldBy(key)` gives the folded
 * names of the cards holding `key` beside the entry asked about (a card's own name, or a list item's), or
 * an empty list. Cross-card evidence of whose an address is: an item of a list that another card holds
 * under a name is that person's.
 */
export type HeldBy = (key: string) => readonly (readonly string[])[];

const NOBODY: HeldBy = () => [];

/**
 * The cards a list of several people in one entry stands for, or null when its named items are one
 * person after all. The entry's own person comes first: the group of items whose name is compatible
 * with the entry's `name` (the first group when the entry has no name), holding the entry's name, its
 * phones and everything else it says (photos, data, favourite, pin, title, company, postal addresses).
 * When the entry's name fits no item (`Acme Sales` over a list of two colleagues), it is a card of its
 * own holding those, and is dropped when it holds no address and no number: the name is given to no
 * item. Every person of the list has the entry's count and dates: the owner wrote to each of them.
 *
 * An unnamed item (a bare address) of a list naming several people goes to the person whose name its
 * local part spells (`dee.moss2@` for Dee Moss); else, when the entry has a name of its own (not taken
 * from an item), to the entry's person; else it is a recipient of its own (a pasted To: list says nothing
 * of whose it is). An unnamed item another card of the book holds under a name that cannot be the
 * taking person's (`heldBy`) is never taken by that person: it is a recipient of its own, and merges
 * with that card.
 */
export function partsOf(e: NormalizedEntry, heldBy: HeldBy = NOBODY): NormalizedEntry[] | null {
  const ms = e.emails;
  const folded: (string[] | null)[] = new Array(ms.length);
  for (let j = 0; j < ms.length; j++) {
    const n = ms[j].name;
    folded[j] = n === undefined ? null : itemNameFold(n);
  }
  const { count, group } = groupItemNames(folded);
  if (count === 0) return null;
  const own = e.name === null ? [] : foldName(e.name);
  let home = -1;
  for (let j = 0; j < ms.length && home < 0; j++) if (group[j] >= 0 && compatible(own, folded[j]!)) home = group[j];
  // One person named in a list on an entry without a name, beside two bare items or more that do not spell
  // that name (`Mike Ross <mike@x>, pat.lee@x, al@x`: a To: line; normalize.ts marks the item only then):
  // each such item is a recipient of its own, as in a list naming several people.
  const strangers = count === 1 && own.length === 0 && strangersOf(ms, folded) >= 2;
  if (count === 1 && !strangers) {
    // One person named beside the entry's own unnamed addresses, under the entry's name of someone else
    // (`Ann Lee` over "Rick Roe <rick@y.com>, ann@x.com": normalize.ts marks the item only then).
    if (home >= 0 || own.length < 2 || peopleNamed(folded) < 1 || !group.some((g) => g < 0)) return null;
  }
  // A named card whose name fits no item, over items named one word each (`Ann Lee` over `Gmail <a@x>,
  // Yahoo <b@y>`, `School <..>, Old <..>`, `Acme <..>, Globex <..>`): the words label the person's
  // addresses, as `Work`/`Home` do, and the card is that person's. A list of people under a card's name
  // (`Acme Sales` over `Jane Doe <..>, Rick Roe <..>`) names them with full names or relations, or with
  // one-word names that the book's other cards show to be people's (`Kids` over `Tim <tim@x>, Tina
  // <tina@y>` beside Tina Moss's card holding tina@y).
  // Then only the items so shown leave the card (each is its person, whose card it merges with); the
  // others stay the card's labels, and the card keeps its name: a review found `Ann Lee` over `Gmail
  // <lees@gmail.com>, iCloud <..>` split into rows `Gmail` and `iCloud` beside Bo Lee's card holding the
  // shared address, Ann lost.
  let detach: Set<number> | null = null;
  if (count > 1 && home < 0 && own.length > 0 && peopleNamed(folded) < 2) {
    detach = namedElsewhere(ms, folded, group, own, heldBy);
    if (detach === null) return null;
  }
  // Each group's addresses and name (its first item's), in item order.
  const names: string[] = [];
  const groupNames: (readonly string[])[] = [];
  for (let j = 0; j < ms.length; j++) {
    const g = group[j];
    if (g >= 0 && names[g] === undefined) {
      names[g] = ms[j].name!;
      groupNames[g] = folded[j]!;
    }
  }
  // Whose each unnamed item is: a group (the local part spells its name), the entry's own card (-1), or
  // a recipient of its own (-2).
  const ownName = e.name !== null;
  const target = Int32Array.from(group);
  for (let j = 0; j < ms.length; j++) {
    if (group[j] >= 0) {
      if (detach !== null && !detach.has(group[j])) target[j] = -1; // a label of the card's own addresses
      continue;
    }
    const m = ms[j];
    let t = -1;
    if ((count >= 2 || strangers) && m.junk === null) {
      const spelt = speltBy(m.key, groupNames);
      if (spelt >= 0) t = spelt;
      else if (!ownName) t = -2;
    }
    // Spelt by an item that stays a label of the card's own addresses: the card's too (a review found
    // `tim@school.org` in no row when `Tim` stayed a label of `Kids`).
    if (t >= 0 && detach !== null && !detach.has(t)) t = -1;
    // Another card holds the address under a name that cannot be the taker's: not the taker's, whether
    // the taker is an item or the entry's own card (a review found Fay Wong's address taken by `Ann Lee`,
    // whose name fits no item, and the two fused).
    const taker = t >= 0 ? t : home;
    const takerName = taker >= 0 && !(taker === home && own.length > 0) ? groupNames[taker]! : own;
    if (m.junk === null && t !== -2 && takerName.length > 0 && heldByOther(heldBy(m.key), takerName)) t = -2;
    target[j] = t;
  }
  const emails: NormEmail[][] = [];
  for (let g = 0; g < count; g++) emails.push([]);
  const rest: NormEmail[] = [];
  const alone: NormEmail[] = [];
  for (let j = 0; j < ms.length; j++) {
    const t = target[j];
    if (t === -1) rest.push(ms[j]);
    else if (t === -2) alone.push(ms[j]);
    else emails[t].push(ms[j]);
  }
  const parts: NormalizedEntry[] = [];
  let ownPart: NormalizedEntry;
  if (home >= 0) {
    // The person's items and the unnamed ones the entry's, in the order of the list.
    const mine = rest.length === 0 ? emails[home] : ms.filter((_, j) => target[j] === home || target[j] === -1);
    ownPart = { ...e, name: e.name ?? names[home], emails: mine };
  } else {
    ownPart = { ...e, emails: rest };
  }
  const keepOwn = home >= 0 || rest.length > 0 || e.phones.length > 0;
  if (keepOwn) parts.push(ownPart);
  for (let g = 0; g < count; g++) {
    if (g === home || (detach !== null && !detach.has(g))) continue;
    // The first person of the list takes what the entry says when its own name fits no item and holds nothing.
    if (!keepOwn && parts.length === 0) parts.push({ ...ownPart, name: names[g], emails: emails[g] });
    else parts.push(personOfList(e, names[g], emails[g]));
  }
  for (const m of alone) parts.push(personOfList(e, null, [m]));
  return parts;
}

/**
 * How many bare items of a list naming one person (`folded`: each item's folded name, null when bare)
 * are usable addresses whose local part does not spell that name (speltBy): strangers to that person.
 * normalize.ts marks such a list, and partsOf splits it, when there are two or more.
 */
export function strangersOf(ms: readonly NormEmail[], folded: readonly (readonly string[] | null)[]): number {
  const one = folded.find((f): f is readonly string[] => f !== null && f.length > 0);
  if (one === undefined) return 0;
  let n = 0;
  for (let j = 0; j < ms.length; j++) {
    if ((folded[j] === null || folded[j]!.length === 0) && ms[j].junk === null && speltBy(ms[j].key, [one]) < 0 && !holdsNameWord(ms[j].key, one)) n++;
  }
  return n;
}

/**
 * Whether an address's mailbox holds a word of three letters or more of the name (`robert.smith@`,
 * `rsmith@` for Bob Smith): the person's own address under a form speltBy does not read (a nickname's
 * full form, another initial), not a stranger's (a review: `Bob Smith <bob@corp.com>,
 * robert.smith@gmail.com, rsmith@yahoo.com` was split into three rows). A relative sharing the family
 * name (`pat.ross@` beside `Mike Ross <..>`) stays too, as before the split was made.
 */
function holdsNameWord(key: string, name: readonly string[]): boolean {
  const at = key.lastIndexOf('@');
  const local = (at > 0 ? key.slice(0, at) : key).replace(/[^\p{L}]+/gu, '');
  for (const w of name) if (w.length >= 3 && /^\p{L}+$/u.test(w) && local.includes(w)) return true;
  return false;
}

/**
 * The group whose name an address's local part spells (localSpellsName: `dee.moss2`, `dmoss` for Dee
 * Moss), the best spelling and no other as good; -1 when none or several.
 */
function speltBy(key: string, groupNames: readonly (readonly string[])[]): number {
  const at = key.lastIndexOf('@');
  if (at <= 0) return -1;
  const local = key.slice(0, at);
  let best = 0;
  let found = -1;
  for (let g = 0; g < groupNames.length; g++) {
    const s = localSpellsName(local, groupNames[g]);
    if (s > best) {
      best = s;
      found = g;
    } else if (s === best && s > 0) found = -1;
  }
  if (best > 0) return found;
  // A mailbox that is one word of one person's name and no other's (`dee@gmail.com` beside `Dee Moss
  // <dee@a.org>, Eli Roth <..>`, `moss@`): that person's other address (a review found it an unnamed row
  // ranked beside Dee).
  const word = local.replace(/[._\-+]?\d*$/, '');
  if (word.length < 3 || !/^\p{L}+$/u.test(word)) return -1;
  found = -1;
  for (let g = 0; g < groupNames.length; g++) {
    if (!groupNames[g].includes(word)) continue;
    if (found >= 0) return -1;
    found = g;
  }
  return found;
}

/** Whether two folded names may be one person's (namesCompatible, or a pet form: `Tina` and `Tina Moss`). */
function mayBeOne(a: readonly string[], b: readonly string[]): boolean {
  return remembered(a, b, PET);
}

/** namesCompatible (how 0) or mayBeOne (how PET), remembered per pair of folded names (remembered). */
function compatible(a: readonly string[], b: readonly string[]): boolean {
  return remembered(a, b, 0);
}

const PET = 1;

/**
 * namesCompatible's (how 0) or mayBeOne's (how PET) answer for two folded names, remembered per pair of
 * names (at most MAX_PAIRS, then forgotten): a list sent 10,000 times compared the same names 10,000
 * times, and the romanisations namesCompatible tries cost most of the split.
 */
function remembered(a: readonly string[], b: readonly string[], how: number): boolean {
  // The relation a name's first word gave (`Oma Weber`) is no token: part of the key.
  const key = `${how}${nameKey(a)}\u0000${nameKey(b)}`;
  const known = pairs.get(key);
  if (known !== undefined) return known;
  const r = how === 0 ? namesCompatible(a, b) : namesCompatible(a, b) || petCompatible(a, b);
  if (pairs.size >= MAX_PAIRS) pairs.clear();
  pairs.set(key, r);
  return r;
}
const pairs = new Map<string, boolean>();
const MAX_PAIRS = 20_000;

/** Whether another card holds an address under a name that cannot be `taker`'s. */
function heldByOther(holders: readonly (readonly string[])[], taker: readonly string[]): boolean {
  for (const h of holders) if (h.length > 0 && !mayBeOne(h, taker)) return true;
  return false;
}

/**
 * Whether an item named with one word is shown by another card of the book to name a person, not label
 * an address: that card holds the item's address under a name the word fits (`Tina` and `Tina Moss`),
 * and that name is not the entry's own person's (`own`).
 */
function namedElsewhere(
  ms: readonly NormEmail[],
  folded: readonly (readonly string[] | null)[],
  group: Int32Array,
  own: readonly string[],
  heldBy: HeldBy,
): Set<number> | null {
  let out: Set<number> | null = null;
  for (let j = 0; j < ms.length; j++) {
    const f = folded[j];
    if (f === null || f.length === 0 || group[j] < 0) continue;
    // A person's full name only (two words or more, no organisation's): a label (`Gmail`), a firm (`Acme
    // Corp`) or an institution (`Uni Wien`) holding the address says nothing of whose it is (a review).
    for (const h of heldBy(ms[j].key))
      if (h.length > 1 && !organisationName(h) && mayBeOne(f, h) && !mayBeOne(own, h)) {
        (out ??= new Set()).add(group[j]);
        break;
      }
  }
  return out;
}

/** Han, kana or Hangul: a name written in them has no spaces between its family and given names. */
const CJK_RE = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/**
 * How many items' names name a person rather than label an address: two words or more, a relation
 * (`Mom`, folded to one `~` token), or a name in Han, kana or Hangul (written without spaces).
 */
function peopleNamed(folded: readonly (readonly string[] | null)[]): number {
  let n = 0;
  for (const f of folded) if (f !== null && (f.length > 1 || (f.length === 1 && (f[0][0] === '~' || CJK_RE.test(f[0]))))) n++;
  return n;
}

/** Another person of a list: the entry's source, count and dates, their own name (none for a bare address) and addresses, nothing else. */
function personOfList(e: NormalizedEntry, name: string | null, emails: NormEmail[]): NormalizedEntry {
  return {
    name,
    nickname: null,
    title: null,
    company: null,
    emails,
    phones: [],
    photos: [],
    data: {},
    favorite: false,
    pinned: 0,
    timesContacted: e.timesContacted,
    lastSent: e.lastSent,
    lastReceived: e.lastReceived,
    addressCount: 0,
    websiteCount: 0,
    imCount: 0,
    sourceKey: e.sourceKey,
  };
}

/** A book with its lists of several people split: the cards, and for each card the entry it comes from. */
export interface SplitBook {
  cards: NormalizedEntry[];
  /** Index in the book of each card's entry (non-decreasing). */
  origin: Int32Array;
  /**
   * Per card: 0, the entry's one card, or the card it counts in; 1, one of several people of its entry
   * (the entry counts in one of them: countEntries); 2, an address of another person taken off the
   * entry's card (boundElsewhere), counted in no entry: the entry counts in its own card.
   */
  several: Uint8Array;
}

/**
 * The cards of `entries` (parts of the lists of several people, the other entries as they are), or null
 * when there are none. A list is an entry whose items are named as several people (partsOf), a nameless
 * entry of several bare addresses (recipientsOf), or a list of named items at unusable addresses
 * (unusableItems); a named card holding another person's address gives that address up (boundElsewhere).
 */
export function splitBook(entries: readonly NormalizedEntry[]): SplitBook | null {
  let cards: NormalizedEntry[] | null = null;
  let origin: number[] = [];
  let several: number[] = [];
  const held = holdersOfListAddresses(entries);
  for (let i = 0; i < entries.length; i++) {
    let e = entries[i];
    let how = 1;
    const items = unusableItems(e);
    if (items !== null) e = items;
    // The look-ups are made for the few entries read as lists (a closure per entry was ~0.5 MB of garbage a 10,000-card merge).
    let parts = hasNamedItems(e) ? partsOf(e, heldByOthers(held, i)) : null;
    if (parts === null && mayBeRecipients(e))
      parts = recipientsOf(e, heldByOthers(held, i), held === null ? null : (key) => rowsHeld(held, key, i, null), entries);
    if (parts === null && held !== null && mayHoldOthers(e)) {
      const own = foldedNameOf(e.name!); // mayHoldOthers: a named card, no list
      parts = boundElsewhere(e, (key) => rowsHeld(held, key, i, own), entries);
      // The card keeps an address or a number of its own and counts in it; else it was a list of others.
      if (parts !== null && (parts[0].emails.length > 0 || parts[0].phones.length > 0)) how = 2;
    }
    if (parts === null) {
      if (cards !== null) {
        cards.push(entries[i]);
        origin.push(i);
        several.push(0);
      }
      continue;
    }
    if (cards === null) {
      cards = entries.slice(0, i);
      origin = Array.from({ length: i }, (_, k) => k);
      several = new Array<number>(i).fill(0);
    }
    for (let p = 0; p < parts.length; p++) {
      cards.push(parts[p]);
      origin.push(i);
      several.push(parts.length === 1 ? 0 : how === 2 ? (p === 0 ? 0 : 2) : 1);
    }
  }
  return cards === null ? null : { cards, origin: Int32Array.from(origin), several: Uint8Array.from(several) };
}

// --- a nameless list of bare addresses ------------------------------------------------------------------

/** Whether an entry may be a list of recipients (recipientsOf): no name, no nickname, two addresses or more. */
function mayBeRecipients(e: NormalizedEntry): boolean {
  if (e.name !== null || e.nickname !== null || hasNamedItems(e)) return false;
  let n = 0;
  for (const m of e.emails) if (m.junk !== 'invalid' && ++n > 1) return true;
  return false;
}

/** Items of a list of recipients compared pairwise for one person's addresses; later ones by their folded mailbox only. */
const COMPARED_RECIPIENTS = 64;

/**
 * The recipients of a nameless entry of several bare addresses (`john.smith@corp.com;
 * jane.doe@corp.com`, a To: or Cc: header pasted or exported into one cell), or null when its addresses
 * are evidently one person's (onePersons: one mailbox name at several domains, the name spelt with an
 * initial elsewhere). Before, the entry was one row holding every address, and every recipient's own card
 * merged into it (John, written to twice, had no row; Jane's address was John's). Each recipient is a
 * card of their own with the entry's count and dates; the first takes the entry's number, star and other
 * fields (as the first person of a named list does), and its strings that are no address. A junk item
 * (a no-reply address) is a recipient of its own, left out on its own with its reason. A named entry is
 * never read so: its name says whose the addresses are (a couple's card `Ann & Bo Lee`).
 */
function recipientsOf(
  e: NormalizedEntry,
  heldBy: HeldBy,
  rows: ((key: string) => readonly HolderRow[]) | null = null,
  entries: readonly NormalizedEntry[] = [],
): NormalizedEntry[] | null {
  const ms = e.emails;
  const k = ms.length;
  const parent = new Int32Array(k);
  for (let j = 0; j < k; j++) parent[j] = j;
  const find = (j: number): number => {
    while (parent[j] !== j) j = parent[j] = parent[parent[j]];
    return j;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const mailbox: (Mailbox | null)[] = new Array(k);
  const byFold = new Map<string, number>();
  let first = -1; // the first item that is an address: the entry's own recipient
  for (let j = 0; j < k; j++) {
    const m = ms[j];
    if (m.junk === 'invalid') {
      mailbox[j] = null;
      continue;
    }
    if (first < 0) first = j;
    const b = m.junk === null && m.role !== true ? mailboxOf(m) : null;
    mailbox[j] = b;
    if (b === null) continue;
    if (b.fold.length >= 3) {
      const at = byFold.get(b.fold);
      if (at === undefined) byFold.set(b.fold, j);
      else union(at, j);
    }
    for (let i = 0; i < j && i < COMPARED_RECIPIENTS; i++) {
      const a = mailbox[i];
      if (a !== null && find(i) !== find(j) && onePersons(a, b)) union(i, j);
    }
  }
  if (first < 0) return null;
  for (let j = 0; j < k; j++) if (mailbox[j] === null && ms[j].junk === 'invalid') union(first, j);
  let groups = 0;
  for (let j = 0; j < k; j++) if (find(j) === j) groups++;
  if (groups < 2 || (groups === 2 && !twoPeople(ms, find, heldBy))) return null;
  const own = find(first);
  const parts: NormalizedEntry[] = [{ ...e, emails: ms.filter((_, j) => find(j) === own) }];
  for (let j = 0; j < k; j++) {
    if (find(j) !== j || j === own) continue;
    parts.push(
      personOfList(
        e,
        null,
        ms.filter((_, x) => find(x) === j),
      ),
    );
  }
  return rows === null || !e.phones.some((p) => p.key !== null) ? parts : phonesToTheirHolder(parts, e, rows, entries);
}

/**
 * The entry's numbers go with the first recipient, unless the book shows them another recipient's: a card
 * holding one of that recipient's addresses and the number (a review: Jane's number on John's row, so an
 * SMS invite to John reached Jane).
 */
function phonesToTheirHolder(
  parts: NormalizedEntry[],
  e: NormalizedEntry,
  rows: (key: string) => readonly HolderRow[],
  entries: readonly NormalizedEntry[],
): NormalizedEntry[] {
  const numbers = new Set<string>();
  for (const p of e.phones) if (p.key !== null) numbers.add(p.key);
  for (let p = 0; p < parts.length; p++) {
    for (const m of parts[p].emails) {
      for (const r of rows(m.key)) {
        for (const x of r.at) {
          const o = entries[x];
          if (o === e || !o.phones.some((q) => q.key !== null && numbers.has(q.key))) continue;
          if (p === 0) return parts;
          const out = parts.slice();
          out[0] = { ...parts[0], phones: [] };
          out[p] = { ...parts[p], phones: e.phones };
          return out;
        }
      }
    }
  }
  return parts;
}

const ASCII_RE = /^[ -~]*$/;

/**
 * Whether the two mailboxes (two groups of addresses) of a nameless entry are two people's: two
 * different mailboxes at one organisation's domain (colleagues: decisions.md, "Shared numbers"), or
 * held by the book's other cards under names that cannot be one person's. Else they are read as one
 * person's work and personal addresses (a phone book's or a mail account's card without a name), as
 * before: split, each card of one person with a work mailbox and a webmail address was two rows.
 */
function twoPeople(ms: readonly NormEmail[], find: (j: number) => number, heldBy: HeldBy): boolean {
  for (let i = 0; i < ms.length; i++) {
    const a = ms[i];
    if (a.junk !== null) continue;
    for (let j = i + 1; j < ms.length; j++) {
      const b = ms[j];
      if (b.junk !== null || find(i) === find(j)) continue;
      if (a.domain === b.domain && !isWebmailDomain(a.domain)) return true;
      const ha = heldBy(a.key);
      if (ha.length === 0) continue;
      for (const x of ha) for (const y of heldBy(b.key)) if (x.length > 0 && y.length > 0 && !mayBeOne(x, y)) return true;
    }
  }
  return false;
}

/** An address's mailbox name as recipientsOf compares them. */
interface Mailbox {
  domain: string;
  /** The local part as written (lower-case, a `+tag` dropped). */
  local: string;
  /** Its letters and inner digits: separators and trailing digits dropped (`john.smith84` is `johnsmith`). */
  fold: string;
  /** Its words (letters only, split at `.`, `_`, `-`). */
  words: string[];
}

function mailboxOf(m: NormEmail): Mailbox | null {
  const at = m.display.lastIndexOf('@');
  if (at <= 0) return null;
  let local = m.display.slice(0, at).toLowerCase();
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (!ASCII_RE.test(local)) local = local.normalize('NFD').replace(/\p{M}+/gu, '');
  const fold = local.replace(/[._-]+/g, '').replace(/\d+$/, '');
  const words: string[] = [];
  for (const w of local.split(/[._-]+/)) {
    const t = w.replace(/\d+$/, '');
    if (/^[a-z]+$/.test(t)) words.push(t);
  }
  return { domain: m.domain, local, fold, words };
}

/**
 * Whether two addresses of one nameless entry are evidently one person's: the same mailbox name (its
 * letters: `john.smith@corp.com` and `johnsmith@gmail.com`, `ann@x.com` and `ann@y.org`), or at two
 * domains one spelling the other's name (`jsmith@gmail.com`, `smith.john@`, `john@` beside
 * `john.smith@corp.com`; localSpellsName). At one domain only the name's whole words count
 * (`smith.john@` beside `john.smith@`): `jsmith@corp.com` beside `john.smith@corp.com` may be Jane
 * Smith, and different mailboxes at one organisation's domain are different people.
 */
function onePersons(a: Mailbox, b: Mailbox): boolean {
  if (a.fold.length >= 3 && a.fold === b.fold) return true;
  const same = a.domain === b.domain;
  return spellsOther(a, b, same) || spellsOther(b, a, same);
}

/** Whether `a`'s mailbox spells the name `b`'s is made of (onePersons). */
function spellsOther(a: Mailbox, b: Mailbox, sameDomain: boolean): boolean {
  if (b.words.length < 2) return false;
  const s = localSpellsName(a.local, b.words);
  if (sameDomain) return s === 3;
  if (s > 0) return true;
  // One word of the name alone, at another domain (`john@gmail.com` beside `john.smith@corp.com`).
  return a.words.length === 1 && a.words[0].length >= 3 && a.fold === a.words[0] && b.words.includes(a.words[0]);
}

// --- another person's address on a named card ----------------------------------------------------------

/** Whether a card may hold another person's address (boundElsewhere): named, no list, two addresses or more. */
function mayHoldOthers(e: NormalizedEntry): boolean {
  if (e.name === null || hasNamedItems(e)) return false;
  let n = 0;
  for (const m of e.emails) if (m.junk === null && ++n > 1) return true;
  return false;
}

/**
 * A named card's addresses that the book shows to be another person's, taken off the card: another card
 * holds the address under a person's name that its mailbox spells (localSpellsName: `Sherri Sera` on
 * `sherri.sera@corp.com`), a name that cannot be the card's person (names, and given names, that cannot
 * be one: `Jeff Skilling`), and the mailbox does not spell the card's own name. Or, that other card named
 * with the mailbox's words alone (`Sherri`), when the card holds two mailboxes at one organisation's
 * domain, its own spelling its name and this one not. Each such address is a card of its own, nameless,
 * with the card's count and dates (the owner wrote to the card), which merges with that person's card.
 * Before, an assistant's card holding only her address joined her boss's row (the mailbox rule: a card
 * holding nothing but the address joins its one other holder, whatever the names say), and inviting her
 * row wrote to him. A maiden name (`Ann Smith` on `ann.smith@` beside `Ann Lee`: one given name), a
 * label (`Mum`), a short form (`Bob Smith` beside `Robert Smith`) or a firm's name still join as before.
 * Returns the card (first, without those addresses) and the addresses, or null when none is another's.
 */
function boundElsewhere(e: NormalizedEntry, heldBy: (key: string) => readonly HolderRow[], entries: readonly NormalizedEntry[]): NormalizedEntry[] | null {
  const own = foldedNameOf(e.name!); // foldName(e.name!), kept from the merge's own folding (contact.ts)
  if (own.length === 0 || own[0][0] === '~') return null;
  const given = givenName(e.name!, own);
  let out: Set<number> | null = null;
  for (let j = 0; j < e.emails.length; j++) {
    const m = e.emails[j];
    if (m.junk !== null) continue;
    const holders = heldBy(m.key);
    // Held under many names: a shared mailbox (an office's, a team's), nobody's own to take (decisions.md,
    // "Shared numbers": three or more identities); comparing each card with each holder was quadratic (a
    // review: 1,000 cards sharing `office@` took 20 s).
    if (holders.length === 0 || holders.length > SHARED_HOLDERS) continue;
    const local = localOf(m.key);
    if (localSpellsName(local, own) > 0) continue;
    let orgPair: boolean | null = null;
    for (const { f: h, g, at } of holders) {
      if (h.length === 0 || h[0][0] === '~' || organisationName(h) || firmOf(h, m.domain) || mayBeOne(own, h)) continue;
      // A maiden name: one given name, whichever word of the holder's name it is (`Lopez Maria`, family
      // name first, beside `Maria Garcia`: a review found her in two rows).
      if (given !== null && ((g !== null && mayBeOne([g], [given])) || h.some((w) => w.length > 1 && mayBeOne([w], [given])))) continue;
      // A card sharing another address or number with this one is this person's, whatever its name says
      // (`van den Berg Johannes` on Joop's mobile: the mailbox rule's two cards with a number in common).
      if (sharesAnotherKey(e, m.key, at, entries)) continue;
      let spelt = h.length > 1 && localSpellsName(local, h) > 0;
      if (!spelt && h.length === 1 && !isWebmailDomain(m.domain)) {
        orgPair ??= holdsOwnMailboxAt(e, j, own);
        spelt = orgPair && mailboxWords(m.display).includes(h[0]);
      }
      if (spelt) {
        (out ??= new Set()).add(j);
        break;
      }
    }
  }
  if (out === null) return null;
  const taken = out;
  const card: NormalizedEntry = { ...e, emails: e.emails.filter((_, j) => !taken.has(j)) };
  const parts = [card];
  for (const j of taken) parts.push(personOfList(e, null, [e.emails[j]]));
  if (card.emails.length === 0 && card.phones.length === 0) {
    // Nothing of its own left: the first of those people takes what else the card says (not its name).
    parts.shift();
    parts[0] = { ...card, name: null, emails: parts[0].emails };
  }
  return parts;
}

/** More holders than this (distinct names) make an address shared, not one person's (boundElsewhere). */
const SHARED_HOLDERS = 3;

/** Whether a name holds a label of the address's domain (`Acme Sales` on `…@acme.com`): the firm's, not a person's. */
function firmOf(h: readonly string[], domain: string): boolean {
  for (const label of domain.split('.')) if (label.length >= 3 && h.includes(label)) return true;
  return false;
}

/** Whether one of the entries `at` holds a key of `e` other than `key` (an address, or a number with a key). */
function sharesAnotherKey(e: NormalizedEntry, key: string, at: readonly number[], entries: readonly NormalizedEntry[]): boolean {
  for (const x of at) {
    const o = entries[x];
    if (o === e) continue;
    for (const m of o.emails) if (m.junk === null && m.key !== key && e.emails.some((n) => n.key === m.key && n.junk === null)) return true;
    for (const p of o.phones) if (p.key !== null && e.phones.some((q) => q.key === p.key)) return true;
  }
  return false;
}

/** The local part of a key, its `+tag` dropped. */
function localOf(key: string): string {
  const local = key.slice(0, key.lastIndexOf('@'));
  const plus = local.indexOf('+');
  return plus > 0 ? local.slice(0, plus) : local;
}

/** The words of an address's mailbox as written (letters, lower-case). */
function mailboxWords(display: string): string[] {
  const at = display.lastIndexOf('@');
  return at <= 0
    ? []
    : display
        .slice(0, at)
        .toLowerCase()
        .split(/[._+-]+/);
}

/**
 * Whether the card holds, beside its address `j`, another mailbox at that address's domain whose local
 * part spells the card's name (`jeff.skilling@corp.com` beside `sherri.sera@corp.com` on Jeff Skilling).
 */
function holdsOwnMailboxAt(e: NormalizedEntry, j: number, own: readonly string[]): boolean {
  const d = e.emails[j].domain;
  for (let x = 0; x < e.emails.length; x++) {
    const m = e.emails[x];
    if (x !== j && m.junk === null && m.domain === d && localSpellsName(localOf(m.key), own) > 0) return true;
  }
  return false;
}

/** The given name of a folded name: its last word when written `Family, Given`, else its first (two words or more); null for one word. */
function givenName(name: string, folded: readonly string[]): string | null {
  if (folded.length < 2) return null;
  return name.includes(',') ? folded[folded.length - 1] : folded[0];
}

// --- a list of named items at unusable addresses --------------------------------------------------------

/**
 * An entry whose string that is no address reads as a list of named items (`"Smith, John"
 * </O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH>, "Doe, Jane" </O=…/CN=JDOE>`, Exchange X.500 DNs; `John
 * Smith/HOU/ECT@ECT, Jane Doe/HOU/ECT@ECT`, Notes names): the entry with that string read as its items,
 * each kept as a string that is no address and named (NormEmail.name), so that partsOf reads each person
 * as a card of their own, kept unusable on the entry's evidence as any such card is. Before, the list was
 * one nameless unusable row. null when no string of the entry is such a list (two items named or more).
 */
function unusableItems(e: NormalizedEntry): NormalizedEntry | null {
  let out: NormEmail[] | null = null;
  for (let j = 0; j < e.emails.length; j++) {
    const m = e.emails[j];
    const items = m.junk === 'invalid' && m.name === undefined && LIST_SEPARATOR_RE.test(m.display) ? unusableList(m.display) : null;
    if (items === null) {
      out?.push(m);
      continue;
    }
    out ??= e.emails.slice(0, j);
    for (const it of items) out.push(it);
  }
  return out === null ? null : { ...e, emails: out };
}

const LIST_SEPARATOR_RE = /[,;\n]/;

/** The named items of a string that is no address (unusableItems), or null when fewer than two are named. */
function unusableList(s: string): NormEmail[] | null {
  const pieces: string[] = [];
  let quoted = false;
  let angle = 0;
  let paren = 0;
  let from = 0;
  for (let x = 0; x <= s.length; x++) {
    const c = x < s.length ? s[x] : ',';
    if (c === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (c === '<') angle++;
    else if (c === '>' && angle > 0) angle--;
    else if (c === '(') paren++;
    else if (c === ')' && paren > 0) paren--;
    else if ((c === ',' || c === ';' || c === '\n') && angle === 0 && paren === 0) {
      const p = s.slice(from, x).trim();
      from = x + 1;
      if (p === '') continue;
      // `Smith, John </O=…>` unquoted: a piece with nothing of an address is the start of the next.
      if (pieces.length > 0 && !/[<@/]/.test(pieces[pieces.length - 1])) pieces[pieces.length - 1] += `, ${p}`;
      else pieces.push(p);
    }
  }
  if (pieces.length < 2) return null;
  let named = 0;
  const out: NormEmail[] = [];
  for (const p of pieces) {
    const key = '!' + p.toLowerCase();
    const m: NormEmail = { display: p, key, domain: key.slice(key.lastIndexOf('@') + 1), junk: 'invalid', role: false };
    const name = /[<@/]/.test(p) ? displayNameOf(p) : null;
    if (name !== null) {
      m.name = name;
      named++;
    }
    out.push(m);
  }
  return named >= 2 ? out : null;
}

/**
 * Per address, each distinct name it is held under: the folded name, its given name (givenName), how
 * many entries hold it so, and the last of them (one row per name, not per entry: a list sent 10,000
 * times cost each of its addresses a walk of 10,000 holders per entry, a review's 40,000-entry book 56 s).
 */
type HolderRow = { f: readonly string[]; g: string | null; n: number; i: number; at: number[] };
/** Entries a holder row keeps (HolderRow.at: boundElsewhere asks whether one shares another key with the card). */
const HOLDERS_KEPT = 8;
type Holders = Map<string, HolderRow[]>;

/**
 * The names under which the book's cards hold the addresses of its lists of several people (partsOf's
 * cross-card evidence) and of its named cards of several addresses (boundElsewhere's): a card's own
 * name, or a list item's; an unnamed item of a list names no one. Two passes, the second a set look-up
 * an address: only those addresses are gathered. null when no such address is held under a name elsewhere.
 */
function holdersOfListAddresses(entries: readonly NormalizedEntry[]): Holders | null {
  let keys: Set<string> | null = null;
  for (const e of entries)
    if (hasNamedItems(e) || mayHoldOthers(e) || mayBeRecipients(e)) for (const m of e.emails) if (m.junk === null) (keys ??= new Set()).add(m.key);
  if (keys === null) return null;
  let out: Holders | null = null;
  // Each address's rows by their name's words: a look-up, not a scan (a scan was quadratic in the names
  // an address is held under: 10,000 cards sharing `office@` took seconds).
  const byWords = new Map<string, Map<string, HolderRow>>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const list = hasNamedItems(e);
    if (!list && e.name === null) continue;
    let own: readonly string[] | null = null;
    for (const m of e.emails) {
      if (m.junk !== null || !keys.has(m.key)) continue;
      const raw = m.name !== undefined ? m.name : list ? null : e.name!;
      const f = m.name !== undefined ? itemNameFold(m.name) : list ? null : (own ??= foldedNameOf(e.name!)); // foldName, kept (contact.ts)
      if (f === null || f.length === 0) continue;
      out ??= new Map();
      const at = out.get(m.key);
      if (at === undefined) {
        out.set(m.key, [{ f, g: givenName(raw!, f), n: 1, i, at: [i] }]);
        continue;
      }
      const words = nameKey(f, '\u0001');
      // An address's index is built at its second row, from its first (at[0], keyed by its f's words as
      // every row is): most addresses are held once, and a Map and a join each cost more than this.
      let index = byWords.get(m.key);
      if (index === undefined) byWords.set(m.key, (index = new Map([[nameKey(at[0]!.f, '\u0001'), at[0]!]])));
      const row = index.get(words);
      if (row === undefined) {
        const fresh: HolderRow = { f, g: givenName(raw!, f), n: 1, i, at: [i] };
        at.push(fresh);
        index.set(words, fresh);
      } else if (row.i !== i) {
        row.n++;
        row.i = i;
        if (row.at.length < HOLDERS_KEPT) row.at.push(i);
      }
    }
  }
  return out;
}

/** The names other entries than entry `self` hold a key under (namesHeld), as a look-up. */
function heldByOthers(held: Holders | null, self: number): HeldBy {
  return held === null ? NOBODY : (key) => namesHeld(held, key, self);
}

/** The names other entries than `self` hold `key` under. */
function namesHeld(held: Holders, key: string, self: number): (readonly string[])[] {
  const at = held.get(key);
  if (at === undefined) return [];
  const out: (readonly string[])[] = [];
  // A name only `self` holds the address under is its own.
  for (const r of at) if (r.n > 1 || r.i !== self) out.push(r.f);
  return out;
}

/**
 * The rows of the names other entries than `self` hold `key` under (namesHeld, with their given names).
 * Not the card's own name (`own`, folded), whichever cards hold the address under it: copies of the card
 * (a re-upload, a second source) are no other person on its address. Counted as one, they made a fourth
 * name, and the address shared (boundElsewhere): Ann Lee's address stayed on Alex Kim's card once his
 * card was sent twice (a property test).
 */
function rowsHeld(held: Holders, key: string, self: number, own: readonly string[] | null): readonly HolderRow[] {
  const at = held.get(key);
  if (at === undefined) return [];
  // More than SHARED_HOLDERS others whoever `self` is: a shared address, which boundElsewhere skips;
  // returned as it is (filtering it for every card of a directory sharing one address was quadratic).
  if (at.length > SHARED_HOLDERS + 1) return at;
  const out: HolderRow[] = [];
  for (const r of at) if ((r.n > 1 || r.i !== self) && (own === null || !sameWords(r.f, own))) out.push(r);
  return out;
}

/**
 * Counts each entry of the book once, though a list of several people gave several cards: contacts were
 * merged from `book.cards` (`groupOf`: each card's contact). An entry of one card counts in its contact;
 * a list counts in the contact of one of its people: one in the list (not left out) that another entry
 * counts in too (the list and that entry merged: `merged` says so, as for any two cards of one person),
 * else one in the list (its own person first), else the first. So the cleaning summary still adds up
 * (entries read + people from lists = people + merged + left out), and a person made of nothing but
 * people of lists counted elsewhere counts 0 (Contact.entryCount): one of the people the lists gave. A left-out contact lists the entries counted in it, by their index in the book,
 * and the entries that named it in a list but count with another of their people (listItemIndexes).
 */
export function countEntries(contacts: Contact[], book: SplitBook, groupOf: Int32Array): void {
  const n = book.cards.length;
  const weight = new Int32Array(contacts.length);
  const counted = new Uint8Array(n);
  for (let v = 0; v < n; v++) {
    if (book.several[v] !== 0) continue;
    counted[v] = 1;
    weight[groupOf[v]]++;
  }
  for (let v = 0; v < n; ) {
    if (book.several[v] !== 1) {
      v++;
      continue;
    }
    let end = v;
    while (end < n && book.several[end] === 1 && book.origin[end] === book.origin[v]) end++;
    let pick = -1;
    for (let p = v; p < end && pick < 0; p++) if (!contacts[groupOf[p]].junk && weight[groupOf[p]] > 0) pick = p;
    for (let p = v; p < end && pick < 0; p++) if (!contacts[groupOf[p]].junk) pick = p;
    if (pick < 0) pick = v;
    counted[pick] = 1;
    weight[groupOf[pick]]++;
    v = end;
  }
  for (const c of contacts) {
    c.entryCount = weight[c.id];
    if (c.entryIndexes === undefined) continue;
    const out: number[] = [];
    let items: number[] | undefined;
    for (const v of c.entryIndexes) {
      if (counted[v] === 1) out.push(book.origin[v]);
      else (items ??= []).push(book.origin[v]);
    }
    c.entryIndexes = out;
    // An entry counted in this contact is listed as left out already, whatever else of it merged here.
    if (items !== undefined) {
      const counted = new Set(out);
      items = items.filter((e) => !counted.has(e));
    }
    if (items !== undefined && items.length > 0) c.listItemIndexes = items;
  }
}
