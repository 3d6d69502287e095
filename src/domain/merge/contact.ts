/** Contact assembly: one contact from the entries of a component (display name, addresses, phones, dates, junk class). */
import { hasImceaPrefix, isCarrierForm } from '../email.ts';
import { evidence, isBulkSender, readsAsSender, unchosen } from '../junk.ts';
import { brandSender, groupMailbox, listMailbox, personOnOwnNameDomain, roomMailbox, serviceSender } from '../sender-cards.ts';
import type { Contact, NormEmail, NormPhone, NormalizedEntry } from '../types.ts';
import {
  foldName,
  hasLineLabel,
  isNickMark,
  isPlaceholderName,
  isTitleMark,
  namesCompatible,
  petCompatible,
  someonesRelation,
  withoutPostNominals,
} from './names.ts';

// --- contact assembly -------------------------------------------------------------------------------

/**
 * One per distinct name string of a merge: its folded tokens, computed once, and its display-name score,
 * computed on first need. The counters serve pickName without a Map per contact: they belong to the
 * contact whose number is in `stamp`.
 */
export interface NameInfo {
  name: string;
  folded: string[] | null;
  rank: [number, number, number, number, number] | null;
  stamp: number;
  count: number;
  last: number;
}

/** Score of a name as the contact's display name; see pickName: [full words, natural order, cased, accents]. */
function nameRank(name: string, folded: string[]): [number, number, number, number, number] {
  let full = 0;
  for (const t of folded) if (t.length > 1 && !isTitleMark(t) && !isNickMark(t)) full++;
  // An annotation in brackets ("Kay Mann (Legal)", "Ann Lee [old]") adds no word of the name.
  let natural = 1;
  if (name.includes('(') || name.includes('[')) {
    const notes = name.match(/\([^()]*\)|\[[^[\]]*\]/g);
    if (notes !== null) {
      natural = 0;
      // Only the note's words the folded name still holds (foldName drops the notes when two words of a
      // name remain without them: those are no words of it already).
      for (const n of notes) for (const w of n.slice(1, -1).split(/[\s,]+/)) if (w.length > 1 && folded.includes(w.toLowerCase())) full--;
      if (full < 0) full = 0;
    }
  }
  // What follows a spaced dash, bar or at sign ("Ann Lee - Acme", "Ann Lee | Sales", "Ann Lee @ Acme") says
  // where the person works: no word of the name either.
  const note = ANNOTATION_RE.exec(name);
  if (note !== null) {
    natural = 0;
    for (const w of name.slice(note.index + note[0].length).split(/[\s,]+/)) if (w.length > 1) full--;
    if (full < 1) full = 1;
  }
  // "Mann, Kay" is a directory's sorted form (Outlook, Exchange): the name as people write it reads better.
  // So is a name of several words in capitals ("KAMINSKI VINCE"): how directories and mail headers print
  // SURNAME GIVEN, never how people write a name.
  // A comma before degrees ("Jane Doe, PhD") sorts nothing.
  if ((name.includes(',') && withoutPostNominals(name).includes(',')) || (folded.length > 1 && name === name.toUpperCase() && name !== name.toLowerCase()))
    natural = 0;
  // Words written as names are written: capital first, not all capitals ("García" yes; "GARCÍA", "garcía" no).
  let cased = 0;
  // A compound's parts count as its words (`Ole-Gunnar Solskjær` is cased as `Ole Gunnar Solskjaer`, so
  // its accents decide: a probe found the stripped form shown).
  for (const w of name.split(/[\s,\-\u2010]+/)) {
    if (w.length > 1 && w[0] !== w[0].toLowerCase() && w !== w.toUpperCase()) cased++;
  }
  // Letters beyond ASCII ("García" over "Garcia"); symbols count against ("Ann Lee" over "Ann Lee ❤️").
  let accents = 0;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c <= 127) continue;
    if ((c >= 0x2000 && c < 0x3000) || (c >= 0xd800 && c < 0xe000) || (c >= 0xfe00 && c < 0xfe10)) accents--;
    else accents += 1 + marked(name[i]!);
  }
  // Letters of the name's words: the full form over a short one of as many words ("Margaret Cohen" over
  // "Peggy Cohen", "Elizabeth" over "Liz"), whichever source synced last.
  // An umlaut written out is no fuller form ("Zoe Mueller" is "Zoë Müller" typed on a keyboard without
  // it, and hid it): "ae", "oe", "ue" count as the one letter they stand for.
  let letters = 0;
  // So is a "dj" for the South Slavic đ ("Djordje Petrovic" is "Đorđe Petrović" typed without it).
  for (const t of folded) if (!isTitleMark(t)) letters += t.length - writtenOutPairs(t);
  return [full, natural, cased, accents, letters];
}

/** How many "ae", "oe", "ue" and "dj" a folded word holds (nameRank: an umlaut or a đ written out). */
function writtenOutPairs(t: string): number {
  let n = 0;
  for (let i = 1; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if ((c === 101 /* e */ && 'aou'.includes(t[i - 1]!)) || (c === 106 /* j */ && t.charCodeAt(i - 1) === 100) /* d */) n++;
  }
  return n;
}

/** Letters that are stroked, looped or ligatured rather than composed (NFD keeps them whole). */
const WHOLE_MARKED = new Set('ĐđŁłØøßÆæŒœÞþĦħıŊŋŦŧ');

/**
 * 1 when a letter carries a mark that exports lose (nameRank's accents): a composed letter (`í`, `ё`, `ά`,
 * Arabic `أ`, which NFD decomposes) or a stroked one (`đ`, `ł`, `ø`). Every letter beyond ASCII counts
 * once already, so within one script (`Алёна` and `Алена`, `Σοφία` and `Σοφια`) the marked form wins too.
 */
function marked(ch: string): number {
  return WHOLE_MARKED.has(ch) || ch.normalize('NFD').length > 1 ? 1 : 0;
}

/** A spaced dash, bar or at sign in a name, before a note on it (nameRank). */
const ANNOTATION_RE = / [-–—|@] /;

function rankOf(info: NameInfo): [number, number, number, number, number] {
  return (info.rank ??= nameRank(info.name, info.folded ?? []));
}

/** Distinct names of the contact being built (reused: contacts are built one at a time). */
const pickScratch: NameInfo[] = [];
/** Numbers the contacts pickName works on, across calls, so a NameInfo's counters are never stale. */
let pickStamp = 0;

/** A fresh number for the next contact built (see pickStamp). */
export function nextPickStamp(): number {
  return ++pickStamp;
}

/**
 * Folded names by name string, across merges: a book is merged again on every read, and folding (the
 * Unicode path above all) is the costliest per-name step. Pure, so sharing is safe. FIFO-capped between
 * merges (~200 bytes a name: 50,000 names is ~10 MB at most), not a TwoGenerationCache (cache.ts) as
 * phones and e-mails are: a NameInfo carries per-merge counters, so a generation turning over in the
 * middle of a merge would give one name two NameInfos.
 */
const NAME_CACHE_MAX = 50_000;
const nameCache = new Map<string, NameInfo>();

export function nameInfo(name: string): NameInfo {
  let info = nameCache.get(name);
  if (info === undefined) {
    const t = foldName(name);
    info = { name, folded: t.length ? t : null, rank: null, stamp: -1, count: 0, last: 0 };
    nameCache.set(name, info);
  }
  return info;
}

/**
 * foldName(name), from the folded names nameInfo keeps (the same tokens: foldName is pure, and the array is
 * the one the merge's own links read); a fresh empty array for a name that folds to nothing. For the
 * split's passes over the book (merge/split.ts), which fold every card's name again otherwise. The array
 * is shared: read it, never change it (as every reader of NameInfo.folded does).
 */
export function foldedNameOf(name: string): string[] {
  return nameInfo(name).folded ?? [];
}

/**
 * FIFO eviction, run once a merge holds its NameInfos: evicting mid-merge could hand one name two
 * NameInfos in one merge (split counts in pickName, two arrays for one name in the veto lists).
 */
export function trimNameCache(): void {
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
 * The display name: the most complete name (most full-word tokens, initials and bracketed notes don't
 * count), then one in natural order ("Kay Mann" over "Mann, Kay" or "Kay Mann (Legal)"), then the
 * most frequent, then the best written (mixed case over ALL CAPS/lower case, diacritics kept over
 * stripped: exports lose them, people don't add them), then the latest upload.
 */
function pickName(
  stamp: number,
  members: Int32Array,
  from: number,
  to: number,
  infos: (NameInfo | null)[],
  absorbed: Uint8Array | null,
  copies: Uint8Array | null = null,
): string | null {
  if (to - from === 1) {
    const only = infos[members[from]];
    return only === null || (only.folded === null && isPlaceholderName(only.name)) ? null : only.name;
  }
  // A label of a mailbox copy (merge/links.ts linkMailbox: "Mum", a maiden name) is no name of the person
  // when a card of theirs has one. A phone's label for a line (`Home`, `Work`: phoneLabelName) is no one's
  // name while any other card has one: `Home` with Bob's address and a number, beside `Bob Lee` written
  // to at that address, was a row named `Home` (a probe).
  let skipAbsorbed = false;
  let skipLabels = false;
  for (let m = from; m < to; m++) {
    const info = infos[members[m]];
    if (info === null || phoneLabelName(info)) continue;
    if (absorbed !== null && absorbed[members[m]] === 0) skipAbsorbed = true;
    if (!skipLabels && !(info.folded === null && isPlaceholderName(info.name))) skipLabels = true;
  }
  const seen = pickScratch;
  seen.length = 0;
  for (let m = from; m < to; m++) {
    const i = members[m];
    const info = infos[i];
    if (info === null || (skipAbsorbed && absorbed![i] === 1) || (info.folded === null && isPlaceholderName(info.name)) || (skipLabels && phoneLabelName(info)))
      continue;
    if (info.stamp !== stamp) {
      info.stamp = stamp;
      info.count = copies === null || copies[i] === 0 ? 1 : 0; // an exact copy (copies[i] = 1) is no vote, its date counts (info.last)
      info.last = i;
      seen.push(info);
    } else {
      if (copies === null || copies[i] === 0) info.count++;
      info.last = i;
    }
  }
  // Distinct names have distinct last uploads, so the order is total (the fuller-form step compares only
  // forms of one name); the scan is in upload order.
  let best: NameInfo | null = null;
  for (const c of seen) {
    if (best === null) {
      best = c;
      continue;
    }
    if (better(c, best)) {
      best = c;
    }
  }
  seen.length = 0;
  return best === null ? null : best.name;
}

/** A name written in katakana alone (spaces, the middle dot and the long-vowel mark beside it). */
function katakanaOnly(name: string): boolean {
  return KATAKANA_ONLY_RE.test(name);
}
const KATAKANA_ONLY_RE = /^[\s\u30a0-\u30ff\u31f0-\u31ff\uff65-\uff9f]+$/;
const HAN_RE = /[\u3400-\u9fff]/;

/**
 * A name that is one word a phone writes for a line, not a person (`Home`, `Work`, `Office`, `Cell`):
 * pickName shows another card's name before it. Only the whole name (`Home Depot`, `Cell Lee` are names).
 */
function phoneLabelName(info: NameInfo): boolean {
  return info.folded !== null && info.folded.length === 1 && PHONE_LABELS.has(info.folded[0]!);
}
const PHONE_LABELS: ReadonlySet<string> = new Set(
  [
    'home house work office cell cellphone mobile main landline phone iphone fax pager business personal other',
    // as phones in other languages write them (folded: `Büro` is buro): not `Handy`, a name too
    'zuhause privat arbeit buro casa trabajo movil celular maison domicile travail bureau portable lavoro ufficio cellulare thuis werk kantoor',
  ]
    .join(' ')
    .split(' '),
);

/**
 * The name pickName shows with each card counted once: `copies` marks, per entry, the exact copies of an
 * earlier card (merge/links.ts dropCopies: a re-upload, a daily sync, the card in a second source), which
 * date their name but give it no vote. What the self test reads (merge.ts): a copy of the owner's card
 * sent again made its label the name shown, and the card the owner's own or not.
 */
export function nameOfCards(
  members: Int32Array,
  from: number,
  to: number,
  infos: (NameInfo | null)[],
  absorbed: Uint8Array | null,
  copies: Uint8Array,
): string | null {
  return pickName(nextPickStamp(), members, from, to, infos, absorbed, copies);
}

/**
 * Whether name c is a better display name than `best` (pickName's order): more full words, natural order,
 * more often written, a fuller form of the same name, better written (cased, accents), the latest.
 */
function better(c: NameInfo, best: NameInfo): boolean {
  // A person's name over a name for someone's relation (`John Smith` over `John Smith's wife`, one mailbox
  // under both): that one says who the person is to someone else, and has more words. Not over a relation
  // label alone (`Ann Lee's mom` says more than `Mom`).
  const sc = isSomeonesRelation(c);
  if (sc !== isSomeonesRelation(best) && personsName(sc ? best : c)) return !sc;
  const r = rankOf(c);
  const br = rankOf(best);
  if (r[0] !== br[0]) return r[0] > br[0];
  if (r[1] !== br[1]) return r[1] > br[1];
  // A Japanese name in its characters over its reading in katakana (`山田 太郎` over `ヤマダ タロウ`, the
  // phonetic field a phone or an export writes beside it: a probe found the reading shown).
  const kc = katakanaOnly(c.name);
  if (kc !== katakanaOnly(best.name) && HAN_RE.test(kc ? best.name : c.name)) return !kc;
  // The same words of a name, one written with a phone's label beside them, which foldName drops (`Mario
  // WhatsApp`, `Anna Schmidt neue Nummer`, `Tom Baker Work`): the one without (a probe: an invite reading
  // "Hi Mario WhatsApp").
  if (c.folded !== null && best.folded !== null && sameTokens(c.folded, best.folded)) {
    const l = hasLineLabel(c.name);
    if (l !== hasLineLabel(best.name)) return !l;
  }
  if (c.count !== best.count) return c.count > best.count;
  if (r[4] !== br[4] && fullerForm(c, best)) return r[4] > br[4];
  if (r[2] !== br[2]) return r[2] > br[2];
  if (r[3] !== br[3]) return r[3] > br[3];
  return c.last > best.last;
}

/** Whether a name names someone's relation by their name (someonesRelation: `Ann Lee's mom`). */
function isSomeonesRelation(info: NameInfo): boolean {
  return info.folded !== null && someonesRelation(info.folded);
}

/** Whether a name is a person's own: not a relation label (`Mom`), nor a placeholder. */
function personsName(info: NameInfo): boolean {
  return info.folded !== null && info.folded[0]![0] !== '~';
}

function sameTokens(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Whether the two names (of different lengths) are one person's name
 * written two ways ("Margaret Cohen" / "Peggy Cohen", "Franziska" / "Franzi"): then the fuller is shown. Two different names (a card
 * renamed by a later sync, "Karen Miller" then "Karen Brown") are not compared so: the latest wins.
 */
function fullerForm(c: NameInfo, best: NameInfo): boolean {
  // A pet form too (`Franzi Schwarz` / `Franziska Schwarz`): only a link read through it joined them.
  return c.folded !== null && best.folded !== null && (namesCompatible(c.folded, best.folded) || petCompatible(c.folded, best.folded));
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

/**
 * Two addresses of one key are shown once, but for an Exchange-encapsulated address or one with a Notes
 * route beside the SMTP address it carries (email.ts: IMCEA_RE, NOTES_ROUTE_IN_RE): both are what the owner
 * wrote to, so both are shown, the plain one first.
 */
function sameForm(a: NormEmail, b: NormEmail): boolean {
  return isEncapsulated(a) === isEncapsulated(b);
}

/**
 * Which of two spellings of one address (one key, one form) is shown, whatever the order of the cards:
 * the one without a `+` tag, then the one at the key's own domain (`gmail.com`, not `googlemail.com`),
 * then the one with fewer capitals, then the first in code-point order (`John.Smith@gmail.com` over
 * `johnsmith+work@googlemail.com`, `ken@example.co.jp` over `KEN@Example.co.jp`). The first one seen was
 * shown, so a book sent in batches out of order showed another spelling than the same book sent at once
 * (a probe; docs/api.md promises one list).
 */
function shownBefore(a: NormEmail, b: NormEmail): boolean {
  const ta = tagged(a.display);
  const tb = tagged(b.display);
  if (ta !== tb) return tb;
  const da = atKeyDomain(a);
  const db = atKeyDomain(b);
  if (da !== db) return da;
  const ca = capitals(a.display);
  const cb = capitals(b.display);
  return ca !== cb ? ca < cb : a.display < b.display;
}

/** Whether an address as written has a `+` tag in its local part. */
function tagged(display: string): boolean {
  const plus = display.indexOf('+');
  return plus > 0 && plus < display.lastIndexOf('@');
}

/** Whether an address is written at the domain its key has (case aside). */
function atKeyDomain(e: NormEmail): boolean {
  const at = e.display.lastIndexOf('@');
  return e.display.slice(at + 1).toLowerCase() === e.key.slice(e.key.lastIndexOf('@') + 1);
}

function capitals(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 65 && c <= 90) n++;
  }
  return n;
}

/** An address shown in a form that carries the address it is keyed as. */
function isEncapsulated(e: NormEmail): boolean {
  return isCarrierForm(e.display, e.key);
}

/** An encapsulated address keyed on itself: it carries no SMTP address, only a directory's name (email.ts IMCEA_RE). */
function isDirectoryForm(e: NormEmail): boolean {
  return hasImceaPrefix(e.display) && hasImceaPrefix(e.key);
}

/** Same phone: same key, or both keyless and shown the same (keyless numbers are told apart by what is shown). */
function samePhone(p: NormPhone, q: NormPhone): boolean {
  return p.key !== null ? q.key === p.key : q.key === null && q.display === p.display;
}

export function buildContact(
  id: number,
  members: Int32Array,
  from: number,
  to: number,
  entries: NormalizedEntry[],
  infos: (NameInfo | null)[],
  alias: Map<string, string> | null,
  stamp: number,
  uncounted: ReadonlySet<string> | null = null,
  absorbed: Uint8Array | null = null,
): Contact {
  // Contacts hold a handful of items: linear scans of small arrays beat Sets here.
  let emails: NormEmail[] = [];
  let phones: NormPhone[] = [];
  let photos: string[] = [];
  const single = to - from === 1;
  let firstSource: string | null = null;
  let sources: string[] | null = null; // only built when a second source shows up
  // One card's data as it is; several cards' merged into a fresh object.
  const data: Record<string, unknown> = single ? entries[members[from]].data : {};
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
      let carrier = -1; // an encapsulated form of this address, already in the list
      for (let j = 0; j < emails.length && !dup; j++) {
        if (emails[j].key !== em.key) continue;
        if (sameForm(emails[j], em)) {
          dup = true;
          if (em.display !== emails[j].display && shownBefore(em, emails[j])) emails[j] = em;
        } else if (carrier < 0 && isEncapsulated(emails[j])) carrier = j;
      }
      if (dup) continue;
      if (carrier >= 0)
        emails.splice(carrier, 0, em); // the plain address before its encapsulated form
      else emails = added(emails, em);
    }
    for (const p of e.phones) {
      let dup = false;
      for (let j = 0; j < phones.length && !dup; j++) dup = samePhone(p, phones[j]);
      if (!dup) phones = added(phones, p);
    }
    for (const ph of e.photos) if (!photos.includes(ph)) photos = added(photos, ph);
    if (firstSource === null) firstSource = e.sourceKey;
    else if (e.sourceKey !== firstSource) {
      if (sources === null) sources = [firstSource, e.sourceKey];
      else if (!sources.includes(e.sourceKey)) sources.push(e.sourceKey);
    }
    if (!single) Object.assign(data, e.data); // later upload wins, shallow (data starts as a fresh object)
    nickname = e.nickname ?? nickname;
    title = e.title ?? title;
    company = e.company ?? company;
    favorite ||= e.favorite;
    if (e.pinned > pinned) pinned = e.pinned;
    // A 0 from a source that counts nobody is no count (merge.ts uncountedSources).
    const tc = e.timesContacted === 0 && uncounted !== null && uncounted.has(e.sourceKey) ? null : e.timesContacted;
    if (tc !== null && (times === null || tc > times)) times = tc;
    lastSent = newest(lastSent, e.lastSent);
    lastReceived = newest(lastReceived, e.lastReceived);
    if (e.addressCount > addressCount) addressCount = e.addressCount;
    if (e.websiteCount > websiteCount) websiteCount = e.websiteCount;
    if (e.imCount > imCount) imCount = e.imCount;
  }

  // A disposable-domain list can be wrong (a real ISP on it): the address of a person the owner wrote to,
  // starred or pinned is a mailbox.
  if (evidence(times, lastSent, favorite, pinned)) {
    for (let j = 0; j < emails.length; j++) if (emails[j].junk === 'disposable') emails[j] = { ...emails[j], junk: null };
  }

  // An ambiguous number whose other reading (NormPhone.alt) the contact holds as a number of its own is
  // that number ("8 (916) …" of a German book beside "+7 916 …"): shown once, as the other card has it.
  for (let j = phones.length - 1; j >= 0; j--) {
    const a = phones[j].alt;
    if (a !== undefined && phones.some((q) => q.key === a && q.alt === undefined)) phones.splice(j, 1);
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
    let linked: string[] | null = null; // what the national-only numbers shown link as
    for (let cls = 0; cls < 3; cls++) {
      for (const p of phones) {
        if (phoneOrder(p) !== cls) continue;
        if (cls === 1 && alias !== null) {
          const a = alias.get(p.key as string);
          if (a !== undefined && a.startsWith('p:') && phones.some((q) => q.key === a)) continue;
          // Two national-only spellings of one number (`1-512-262-8658`, `(512)262-8658`): shown once.
          if (a !== undefined) {
            if (linked?.includes(a)) continue;
            (linked ??= []).push(a);
          }
        }
        shownPhones.push(p);
      }
    }
  }
  // E-mails: person mailboxes, then directory forms, then role mailboxes, then junk, which is dropped
  // when anything usable is left. A directory form is an Exchange-encapsulated address carrying no SMTP
  // address (an X.500 DN, a Notes name: keyed on itself): Exchange delivers it, mail from outside the
  // organisation does not, so beside the person's plain address it comes after it (it was the contact's
  // `email` when its card came first).
  let shownEmails: NormEmail[];
  let plain = true; // only person mailboxes, no directory form before a plain one: shown as they are
  let directory = false;
  for (const m of emails) {
    if (m.junk || m.role) plain = false;
    else if (isDirectoryForm(m)) directory = true;
    else if (directory) plain = false;
  }
  if (plain) shownEmails = emails;
  else {
    shownEmails = [];
    for (const m of emails) if (!m.junk && !m.role && !isDirectoryForm(m)) shownEmails.push(m);
    for (const m of emails) if (!m.junk && !m.role && isDirectoryForm(m)) shownEmails.push(m);
    for (const m of emails) if (!m.junk && m.role) shownEmails.push(m);
  }
  const usableEmail = shownEmails.length > 0;
  if (!usableEmail && !usablePhone) for (const m of emails) if (m.junk) shownEmails.push(m);

  // Keys: every shown e-mail, then every keyed phone (phones are distinct by key already).
  let keys: string[] = [];
  for (let j = 0; j < shownEmails.length; j++) {
    const k = 'e:' + shownEmails[j].key;
    if (j === 0 || !keys.includes(k)) keys = added(keys, k); // an encapsulated address and the one it carries: one key
  }
  for (const p of shownPhones) if (p.key !== null) keys = added(keys, p.key);

  const contact: Contact = {
    id,
    name: pickName(stamp, members, from, to, infos, absorbed),
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
    cardCount: single ? 1 : distinctCards(members, from, to, entries),
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
    if (
      (reason === 'nothing_to_invite' || reason === 'invalid') &&
      evidence(contact.timesContacted, contact.lastSent, contact.favorite, contact.pinned) &&
      (contact.name !== null || contact.nickname !== null || contact.company !== null || unusable.some(namesSomeone) || shownPhones.length > 0)
    ) {
      // Evidence beats syntax: a person the owner wrote to, starred or pinned is kept whatever the form
      // of their address, with nothing shown as an address and the reason marked (decisions.md). A card
      // with no name, nickname or company and no address or number at all, whatever its counts, names no
      // one: it is left out; so is one whose only strings name no one (namesSomeone: `MAILER-DAEMON`,
      // `@gmail.com`, `root@localhost.localdomain`), which were rows ranked above real people (a probe). Its numbers none can call (`911`, `#31#`, a date) are moved with the strings
      // as written: a client inviting `phones[0]` would text an emergency number (a probe).
      contact.emails = [];
      contact.unusable = { reason, emails: unusable };
      if (shownPhones.length > 0) {
        contact.unusable.phones = shownPhones.map((p) => p.display);
        contact.phones = [];
        // Only numbers no one is invited on (a service's or a carrier's short code, a USSD code, an
        // emergency number: `Voicemail` on `*86`, `Balance Enquiry` on `*123#`, `Police` on `100`): a
        // service's card, ranked after the people of its group as a sender is (a probe: a phone book
        // counting calls ranked four such rows above the people).
        if (unusable.length === 0) contact.sender = true;
      }
    } else {
      contact.junk = true;
      contact.junkReason = reason;
    }
  } else {
    // A brand named on its own domain's card, received only, a group mailbox, a room's and a list's (sender-cards.ts): ranked
    // after the people of its group, never left out. The shapes are a family's or a one-person firm's too
    // (`Jones <jones@jonesmail.net>`, `Brown <jim@brownfamily.org>`): a review found such people left out
    // as bulk senders, and written to, ranked below the rest; so no brand reading leaves anyone out, and
    // a card the owner wrote to ranks as it scores.
    if (isBulkSender(contact) && !personOnOwnNameDomain(contact)) {
      contact.junk = true;
      contact.junkReason = 'bulk_sender';
    } else if (
      (unchosen(contact) && (brandSender(contact) !== null || serviceSender(contact))) ||
      readsAsSender(contact) ||
      groupMailbox(contact) ||
      roomMailbox(contact) ||
      listMailbox(contact)
    )
      contact.sender = true;
  }
  return contact;
}

/**
 * The mail system's own mailboxes, written bare or as an address's local part: a bounce, the host's
 * administrator, the machine's superuser. On a card with no name, nothing of them names a person.
 */
const MAIL_SYSTEM_WORDS: ReadonlySet<string> = new Set([
  'mailer-daemon',
  'mailer_daemon',
  'mailerdaemon',
  'postmaster',
  'mail delivery system',
  'mail delivery subsystem',
  'root',
  'daemon',
  'nobody',
]);

/**
 * Whether an unusable address string (as written) may name someone: not when its mailbox is empty
 * (`@gmail.com`) or a mail system's own (`MAILER-DAEMON`, `postmaster`, `root@localhost.localdomain`).
 * Read only for a card with no name, nickname, company or number: a named card keeps any address.
 */
function namesSomeone(display: string): boolean {
  let s = display.trim();
  if (s.startsWith('<') && s.endsWith('>')) s = s.slice(1, -1).trim();
  const at = s.indexOf('@');
  if (at === 0) return false;
  const local = (at > 0 ? s.slice(0, at) : s).trim().toLowerCase();
  return !MAIL_SYSTEM_WORDS.has(local);
}

/**
 * How many different cards the members are: the same source, name, addresses and numbers is one card
 * sent again (a re-upload, a daily sync), whatever its counts and dates say. A number is compared by its
 * last nine digits: the same card read in another region (a sync without the owner's phone, read in the
 * server's region, keys "07911 123456" without its country) is still the same card.
 */
function distinctCards(members: Int32Array, from: number, to: number, entries: NormalizedEntry[]): number {
  // Two cards (most contacts of several): one or two, without a Set.
  if (to - from === 2) return cardOf(entries[members[from]]) === cardOf(entries[members[from + 1]]) ? 1 : 2;
  const seen = new Set<string>();
  for (let m = from; m < to; m++) seen.add(cardOf(entries[members[m]]));
  return seen.size;
}

/** What tells a card from another for distinctCards: its source, name, addresses and numbers' ends. */
function cardOf(e: NormalizedEntry): string {
  let card = `${e.sourceKey}\u0000${e.name ?? ''}`;
  for (const em of e.emails) card += `\u0000${em.key}`;
  for (const p of e.phones) card += `\u0001${phoneTail(p.key ?? p.display)}`;
  return card;
}

/**
 * `xs` with `x` added at the end: a first item makes an array of one (most contacts hold one address,
 * one number, one key), where a push on an empty array reserves room for sixteen (V8).
 */
function added<T>(xs: T[], x: T): T[] {
  if (xs.length === 0) return [x];
  xs.push(x);
  return xs;
}

/** The last nine digits of a phone key or string (all of it when it has fewer). */
function phoneTail(s: string): string {
  const digits = s.replace(/\D+/g, '');
  return digits.length > 9 ? digits.slice(-9) : digits.length > 0 ? digits : s;
}
