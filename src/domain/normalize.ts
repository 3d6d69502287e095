/**
 * Entry normalisation: one uploaded entry -> NormalizedEntry (validated e-mails and phones with their
 * matching keys, coerced flags, counts and dates). Pure: the region and source key come in through ctx.
 */
import { messageDate } from './dates.ts';
import { evidence, notificationMayBePerson, viaRelay } from './junk.ts';
import { asciiSpacing, dropControls, shortSpacing } from './invisible.ts';
import { formulaName, mayTidy, mojibakeRead, tidyName } from './display-name.ts';
import {
  addressWords,
  directoryIdentity,
  displayNameOf,
  GROUP_LABEL_RE,
  hasImceaPrefix,
  isBccLabelAddress,
  isGroupList,
  namesNobody,
  normalizeEmail,
} from './email.ts';
import { foldName, namesCompatible, organisationName } from './merge/names.ts';
import { groupItemNames, itemNameFold, strangersOf } from './merge/split.ts';
import { normalizePhone, normalizeWholeNumber, phoneNumbers, regionFromPhone, WHOLE_NUMBER_MARK } from './phone.ts';
import { withGatewayNumbers } from './sms-gateway.ts';
import type { CountryCode } from './phone.ts';
import type { EntryInput, KeyStat, NormEmail, NormPhone, NormalizedEntry, Owner, SourceInput } from './types.ts';

/** Trimmed, inner whitespace collapsed, Unicode NFC (so "é" composed and decomposed compare equal); blank -> null. */
function cleanText(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const plain = plainness(v);
  if (plain === ASCII || plain === STABLE) return v;
  if (plain === NON_ASCII) return wellFormed(v.normalize('NFC'));
  const s = wellFormed(v.normalize('NFC')).replace(/\s+/g, ' ').trim();
  return s === '' ? null : s;
}

type WellFormed = { isWellFormed(): boolean; toWellFormed(): string };

/**
 * A text with each lone surrogate (half of a character: `"\ud800 Ann"`, valid JSON but no Unicode) as
 * U+FFFD, as a body's invalid UTF-8 is read: shown and stored as a character, never sent back as half of
 * one (a probe). Only text with a character beyond ASCII is looked at (plainness).
 */
function wellFormed(s: string): string {
  return (s as unknown as WellFormed).isWellFormed() ? s : (s as unknown as WellFormed).toWellFormed();
}

/**
 * A name field cleaned as text, then read as the name it carries when it is written as mail software
 * writes a sender (display-name.ts: `"Lee, Ann" <ann@x.org>`, RFC 2047 words, Notes names).
 */
function cleanName(v: unknown): string | null {
  // Mojibake (UTF-8 read as Windows-1252 or Latin-1) is read back before the text is cleaned: cleaning
  // makes its no-break spaces (the byte 0xA0: `Р` is `Ð\u00a0`) spaces and joins one with a space
  // beside it (`LucÃ\u00a0 Bianchi`), or trims it at an end (display-name.ts mojibakeRead, tidyName).
  let s = cleanText(typeof v === 'string' ? mojibakeRead(v) : v);
  if (s === null) return s;
  // A spreadsheet formula is no name: HYPERLINK's label is, any other is none (display-name.ts formulaName).
  const c = s.charCodeAt(0);
  if (c === 0x3d || c === 0x2b || c === 0x2d || c === 0x40) {
    const f = formulaName(s);
    if (f !== undefined) s = f === null ? null : cleanText(f);
    if (s === null) return s;
  }
  return !mayTidy(s) ? s : cleanText(tidyName(s));
}

const ASCII = 0;
const NON_ASCII = 1;
const MESSY = 2;
const STABLE = 3;

/**
 * ASCII: `v` is printable ASCII, not empty, with single inner spaces only, so NFC, the whitespace
 * collapse and trim() all leave it as it is. NON_ASCII: the same but with other characters, none of
 * them whitespace: only NFC can change it (NFC never makes whitespace of anything else). STABLE: a
 * NON_ASCII string whose other characters are all in the NFC-stable ranges below, which NFC leaves as
 * it is too. MESSY: the rest.
 */
function plainness(v: string): number {
  const n = v.length;
  if (n === 0 || v.charCodeAt(0) === 0x20 || v.charCodeAt(n - 1) === 0x20) return MESSY;
  let prevSpace = false;
  let out = ASCII;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c === 0x20) {
      if (prevSpace) return MESSY;
      prevSpace = true;
    } else if (c > 0x20 && c < 0x7f) {
      prevSpace = false;
    } else if (c >= 0x80 && !isUnicodeSpace(c)) {
      prevSpace = false;
      if (out !== NON_ASCII) out = isNfcStable(c) ? STABLE : NON_ASCII;
    } else {
      return MESSY;
    }
  }
  return out;
}

/**
 * Characters that NFC leaves alone wherever they stand among each other and ASCII: each is its own NFC
 * (no singleton or excluded decomposition), none is a combining mark, and none composes with a
 * character before it (test/domain/normalize.test.ts checks every character and every pair). Latin-1,
 * Latin Extended-A/B, IPA and modifier letters; Greek and Coptic from U+0388; Cyrillic without its
 * combining marks; Latin Extended Additional (Vietnamese); general punctuation (’ – “ ” …).
 */
export const NFC_STABLE_RANGES: readonly (readonly [number, number])[] = [
  [0x80, 0x2ff],
  [0x388, 0x3ff],
  [0x400, 0x482],
  [0x48a, 0x52f],
  [0x1e00, 0x1eff],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
];

function isNfcStable(c: number): boolean {
  if (c <= 0x2ff) return true;
  if (c < 0x388) return false;
  if (c <= 0x52f) return c <= 0x482 || c >= 0x48a;
  if (c < 0x1e00) return false;
  if (c <= 0x1eff) return true;
  return (c >= 0x2010 && c <= 0x2027) || (c >= 0x2030 && c <= 0x205e);
}

/** The non-ASCII code units of JavaScript's \s (and of String.prototype.trim). */
function isUnicodeSpace(c: number): boolean {
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** Lists longer than this de-duplicate through a Set; shorter ones (nearly all) scan what they hold. */
const SMALL_LIST = 8;

/**
 * The results of one entry's list are gathered here, then copied into an array of exactly their number:
 * an array grown by push() reserves 16 slots (~150 bytes), most entries have one or two addresses, and a
 * 10,000-entry book keeps 20,000 of these arrays alive through the clean (garbage-collector copying).
 * `gathered` keeps its slots (setting its length to 0 would give its storage back at every entry).
 */
const gathered: (NormEmail | NormPhone | null)[] = [];
let gatheredCount = 0;

function gather(v: NormEmail | NormPhone): void {
  if (gatheredCount < gathered.length) gathered[gatheredCount] = v;
  else gathered.push(v);
  gatheredCount++;
}

function take<T>(): T[] {
  const n = gatheredCount;
  const g = gathered as unknown as T[];
  let out: T[];
  if (n === 0) out = [];
  else if (n === 1) out = [g[0]!];
  else if (n === 2) out = [g[0]!, g[1]!];
  else if (n === 3) out = [g[0]!, g[1]!, g[2]!];
  else out = g.slice(0, n);
  for (let i = 0; i < n; i++) gathered[i] = null; // no reference kept to a caller's objects
  gatheredCount = 0;
  return out;
}

/** The e-mails of `list` then `one` (strings only), normalised, de-duplicated by key (first spelling kept). */
function emailsOf(list: unknown, one: unknown): NormEmail[] {
  if (list === undefined && one === undefined) return [];
  gatheredCount = 0;
  unusableKept = 0;
  const many = Array.isArray(list) && list.length >= SMALL_LIST; // the Set is only a speed-up: same result
  const seen = many ? new Set<string>() : null;
  if (Array.isArray(list)) {
    for (let i = 0; i < list.length; i++) {
      const r: unknown = list[i];
      if (typeof r === 'string') addEmail(seen, r);
    }
  }
  if (typeof one === 'string') addEmail(seen, one);
  return take<NormEmail>();
}

/**
 * Between the addresses of a list pasted into one e-mail field, tried in this order: ; , Google's
 * " ::: ", the Arabic comma, the ideographic and full-width commas and semicolon East Asian input
 * methods type, a spaced " | " or bullet (" • ", " · ", " ・ "); then a spaced " / ", or a slash, a bullet
 * or a zero-width space right after an address's host and before another address ("a@x.com/b@y.org":
 * no host name holds a '/'; the zero-width space was dropped as invisible and glued the two); then line
 * breaks and tabs (a list pasted one address per line: named items, "Ann Lee <a@x.com>\nBo <b@y.com>",
 * were read as one string that is no address, and everyone on it was lost).
 */
const EMAIL_LIST_SEPARATORS = [
  /([;,\u060c\u3001\uff0c\uff1b]|:::|\s+[|\u2022\u00b7\u30fb]\s+)/,
  /(\s+\/\s+|(?<=@[^\s@/<>]*\.\p{L}{2,63})[/\u2022\u30fb\u200b](?=[^\s@]+@))/u,
  /([\r\n\t\u0085\u2028\u2029]+)/,
];

/** An address written in words, in small letters: `amy adams at corp`, `jane (at) corp dot com`. */
const AT_WORD_RE = /^[^\p{Lu}]*\S\s*(?:\s|[([{])at(?:\s|[)\]}])\s*\S[^\p{Lu}]*$/u;

/** A part of a list holding no '@' that is an address all the same (see addEmail): an X.500 name, or one written in words. */
function isAddressWithoutAt(part: string): boolean {
  const t = part.trim();
  return (t.indexOf('/') >= 0 && directoryIdentity(t) !== null) || AT_WORD_RE.test(t);
}

/**
 * Whether the text before the last '<' of `raw` holds, before a list separator outside quotes, an address
 * written without an '@' (isAddressWithoutAt): then `raw` is a list, not one named address.
 */
function listsAddressWithoutAt(raw: string): boolean {
  return afterAddressWithoutAt(raw.slice(0, raw.lastIndexOf('<'))) > 0;
}

/**
 * Whether the text before the last '<' of `raw` holds a bracketed address: then `raw`, read as one named
 * address, is a list (`Dwayne "The Rock Johnson <d@x.com>, Ann Lee <ann@y.com>, "Bob Stone" <b@z.com>`: a
 * stray quote made the whole text one display name, and the list was read as its last address alone; a
 * review). No display name holds one.
 */
function holdsBracketedAddress(raw: string): boolean {
  const last = raw.lastIndexOf('<');
  const open = raw.indexOf('<');
  if (open < 0 || open === last) return false;
  const at = raw.indexOf('@', open);
  return at > open && at < last && raw.indexOf('>', at) < last;
}

/** Whether `raw`, which reads as one named address, is a list (listsAddressWithoutAt, holdsBracketedAddress). */
function namedAddressIsList(raw: string): boolean {
  return raw.indexOf('<') > 0 && (listsAddressWithoutAt(raw) || holdsBracketedAddress(raw));
}

/**
 * Where the text after the last address written without an '@' (isAddressWithoutAt) and its separator
 * (`;`, `,` or a line break outside quotes) starts in `text`: 0 when there is none.
 */
function afterAddressWithoutAt(text: string): number {
  let from = 0;
  let after = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (!quoted && (c === 59 || c === 44 || c === 10 || c === 13)) {
      if (isAddressWithoutAt(text.slice(from, i))) after = i + 1;
      from = i + 1;
    }
  }
  return after;
}

/** `Name <something>` with no '@' anywhere: a named item of a list whose address is no e-mail address. */
const NAMED_NON_ADDRESS_RE = /^[^<>@]*[\p{L}][^<>@]*<[^<>@]*\S[^<>@]*>\s*$/u;

function addEmail(seen: Set<string> | null, raw: string): void {
  raw = shortSpacing(raw);
  // `undisclosed-recipients@corp.com`: a Bcc message's To: as a relay rewrote it, nobody (isBccLabelAddress).
  if (isBccLabelAddress(raw.trim())) return;
  let e = normalizeEmail(raw);
  // `/O=CORP/…/CN=AADAMS; Bob Stone <bob@corp.com>` reads as one named address whose name holds the
  // other recipient: read as the list it is (below), as when its items are sent apart.
  if (e !== null && namedAddressIsList(raw)) e = null;
  if (e === null) {
    // An empty group ("undisclosed-recipients:;"): nobody to keep, not even as an unusable string.
    if (namesNobody(raw)) return;
    // "a@x.com; b@y.com" pasted into one field: each address that parses is kept. '|' and '/' are atext
    // ("a/b@x.com" is one mailbox): they separate only with spaces around them, the slash only where
    // nothing else does.
    for (const sep of EMAIL_LIST_SEPARATORS) {
      if (!sep.test(raw)) continue;
      const parts = listParts(raw, sep);
      if (parts.length < 2) continue;
      // Split here when a part reads as an address (alone, as words, or as named items of its own); then
      // every part holding an '@' is read as a field of its own is, by every rule above and below (a part
      // that is a list itself, "Ann <a@x.com>\nBo <b@y.com>, Cy <c@z.com>", lost Ann and Bo), and one
      // that reads as nothing is kept as an unusable string rather than dropped without a word.
      let any = false;
      for (const part of parts) {
        if (part.trim() !== '' && (normalizeEmail(part) !== null || addressWords(part) !== null || hasBracketedAddress(part))) {
          any = true;
          break;
        }
      }
      let numbers: string[] | null = null;
      if (any) {
        for (const part of parts) {
          if (part.trim() === '') continue;
          if (part.indexOf('@') >= 0) addEmail(seen, part);
          else if (INTERNATIONAL_RE.test(part) && DIGITS7_RE.test(part)) (numbers ??= []).push(part);
          // A named item whose address holds no '@' (`Rick Roe </o=ExchangeLabs/…/cn=rroe>`, Outlook's
          // Exchange names; `Rick Roe <rick at y dot com>`): a person of the list, kept as an unusable
          // string (named by namedItems, kept on the owner's evidence), not dropped without a word (a probe).
          else if (NAMED_NON_ADDRESS_RE.test(part)) gatherUnusable(seen, part);
          // An address written without an '@' (an Exchange X.500 name `/O=CORP/…/CN=AADAMS`, `amy adams
          // at corp`): a recipient of the list too, kept as an unusable string as the same item sent as
          // an item of `emails` is (it was dropped without a word, and the entry named by the item beside
          // it). A part of a name the separator cut (`Doe` of `Doe, Jane <…>`) is neither.
          else if (isAddressWithoutAt(part)) gatherUnusable(seen, part);
        }
        // A number beside the addresses ("+1 415 555 0132; ann@x.com"): kept as an unusable string, which
        // crossedChannels reads as a phone when it is a full number (it was dropped without a word).
        if (numbers !== null) for (const n of numbers) gatherUnusable(seen, n);
        return;
      }
    }
    // "a@x.com b@y.com", "a@x.com and b@y.com": addresses separated by spaces only when every word is one
    // or a connector between two ("john smith@x.com" stays one string that is no address: its words are
    // not two people).
    const words = addressWords(raw);
    if (words !== null) {
      for (const w of words) addEmail(seen, w);
      return;
    }
    if (addBracketedItems(seen, raw)) return;
    if (unusableKept >= MAX_UNUSABLE_KEPT) return;
    e = unusableEmail(raw);
    if (e === null) return;
    unusableKept++;
  }
  gatherOnce(seen, e);
}

/**
 * A string holding addresses in angle brackets that no separator above splits (issue #12, a probe: each
 * of these lost everyone on it): named items one after another with spaces, "and", "&" or a bullet
 * between them ("Ann Lee <a@x.com> and Bo Chen <b@y.com>"), the address written twice
 * ("Ann Lee <a@x.com> <a@x.com>"), or a name that holds an '@' or another address of the person (a Notes
 * name "Ann Lee/Acme@Acme <ann.lee@acme.com>", "Ann (ann@old.com) <ann@new.com>"). Each item ends at
 * the '>' of an address; an item that reads as an address whole (its name included) is read so, else
 * its bracketed address is, with an address its name holds ("(ann@old.com)"). Text with an '@' left
 * over is kept as an unusable string: nothing is lost, and no address is made from part of a word
 * ("ann smith@x.com"). False (nothing gathered) when the string holds no bracketed address.
 */
function addBracketedItems(seen: Set<string> | null, raw: string): boolean {
  if (raw.indexOf('<') < 0 || raw.length > MAX_BRACKETED_LIST) return false;
  const items: string[] = [];
  let from = 0;
  for (const b of bracketsOf(raw)) {
    if (b.addr === null) continue;
    items.push(raw.slice(from, b.close + 1));
    from = b.close + 1;
  }
  if (items.length === 0) return false;
  const tail = leadStripped(raw.slice(from), true);
  if (tail.trim() !== '' && tail.includes('@')) items.push(tail);
  for (let k = 0; k < items.length; k++) {
    const item = leadStripped(items[k]!, k > 0);
    if (normalizeEmail(item) !== null) {
      addEmail(seen, item);
      continue;
    }
    const lt = item.lastIndexOf('<');
    const address = lt >= 0 && item.trimEnd().endsWith('>') ? normalizeEmail(item.slice(lt + 1, item.lastIndexOf('>'))) : null;
    if (address === null) {
      gatherUnusable(seen, item);
      continue;
    }
    const before = item.slice(0, lt).trim();
    const inName = /[([][^()[\]]*@[^()[\]]*[)\]]/.test(before) ? normalizeEmail(before) : null;
    if (inName !== null) gatherOnce(seen, inName);
    else if (before.includes('@')) {
      // Addresses written before the item's name (`ann@x.com and Bo Chen <b@y.com>`): each is kept, as an
      // item of its own (a review: Ann's address vanished and Bo's became hers). A word that is no
      // address (a Notes name `Ann Lee/Acme@Acme`) is part of the name.
      // Only a word that starts the text or follows an address or a connector: in `ann smith@x.com <j@y.com>`
      // the words are one string that is no address, and `smith@x.com` somebody else's mailbox.
      let free = true;
      let left = false;
      for (const w of before.split(/[\s,;]+/)) {
        const m: NormEmail | null = w.includes('@') && free ? normalizeEmail(w) : null;
        if (m !== null) gatherOnce(seen, m);
        else if (w.includes('@') && normalizeEmail(w) !== null) left = true;
        free = m !== null || CONNECTOR_WORDS.has(w.toLowerCase()) || w === '&' || w === '+';
      }
      // An address that could not be told from the words before it (`Ann Lee ann@x.com Bo Chen <b@y.com>`)
      // keeps the text, unusable: nothing is lost without a word.
      if (left) gatherUnusable(seen, before);
    }
    gatherOnce(seen, address);
  }
  return true;
}

/** Whether the string holds an address in angle brackets (addBracketedItems would read it). */
function hasBracketedAddress(raw: string): boolean {
  return raw.indexOf('<') >= 0 && bracketsOf(raw).some((b) => b.addr !== null);
}

/**
 * The bracketed parts of `raw`, in order: where each '<' and its '>' stand, and the address between them
 * (null when none). "a <b <c@x>": the last '<' before a '>' opens it. One pass with indexOf: a field may
 * hold 100,000 characters.
 */
function bracketsOf(raw: string): { open: number; close: number; addr: NormEmail | null }[] {
  const out: { open: number; close: number; addr: NormEmail | null }[] = [];
  let open = raw.indexOf('<');
  while (open >= 0) {
    const close = raw.indexOf('>', open + 1);
    if (close < 0) break;
    const inner = raw.indexOf('<', open + 1);
    if (inner >= 0 && inner < close) {
      open = inner;
      continue;
    }
    out.push({ open, close, addr: normalizeEmail(raw.slice(open + 1, close)) });
    open = raw.indexOf('<', close + 1);
  }
  return out;
}

/** Longest string addBracketedItems reads (a field may hold 100,000 characters; a list of 1,000 people fits). */
const MAX_BRACKETED_LIST = 100_000;

/**
 * What may stand before an item of a list: separators and a mail header's label ("To:", "Cc:", "From:",
 * "An:", "De:"), which name nobody ("To: John Smith <j@x.com>" was named "To: John Smith"); after another
 * item, connectors too (leadStripped).
 */
const ITEM_LEAD_RE = /^(?:[\s,;|/\u2022\u00b7\u30fb\u060c\u3001\uff0c\uff1b:&+]|(?:to|cc|bcc|from|reply-to|sender|an|von|kopie|de|para|da|a|aan|van)\s*:)+/iu;
/**
 * A connector written in small letters between two items, before a capitalised name (`… or Zhang Wei <…>`,
 * `… y Ana <…>`): no name. Capitalised it may start one (`Or Cohen`, `E Lee`, `Et Ng`), and so may it in a
 * list written in small letters (`or cohen`, `i wayan`); never before the first item.
 */
const CONNECTORS = ['and', 'or', 'und', 'oder', 'et', 'ou', 'og', 'och', 'en', 'y', 'e', 'o', 'i'] as const;
const CONNECTOR_RE = new RegExp(`^(?:${CONNECTORS.join('|')})\\s+(?=\\p{Lu})`, 'u');
/** CONNECTORS, and the empty word a split leaves before a leading separator. */
const CONNECTOR_WORDS: ReadonlySet<string> = new Set([...CONNECTORS, '']);

/** `text` without what stands before an item: separators, a header's label and, after another item, connectors. */
function leadStripped(text: string, afterItem: boolean): string {
  let t = text.replace(ITEM_LEAD_RE, '');
  if (!afterItem) return t;
  for (let k = 0; k < 2; k++) {
    const c = t.replace(CONNECTOR_RE, '').replace(ITEM_LEAD_RE, '');
    if (c === t) break;
    t = c;
  }
  return t;
}

/** Gathers `e` unless an address of its key is gathered already (`seen`: the keys so far, or null to scan). */
function gatherOnce(seen: Set<string> | null, e: NormEmail): void {
  if (seen === null) {
    for (let i = 0; i < gatheredCount; i++) if ((gathered[i] as NormEmail).key === e.key) return;
  } else {
    if (seen.has(e.key)) return;
    seen.add(e.key);
  }
  gather(e);
}

/** Seven digits or more (of any script), as a phone number has: a part of an e-mail list that may be one. */
const DIGITS7_RE = /(?:\p{Nd}\D{0,3}){7}/u;
/**
 * A part of an e-mail list read as a phone: a number written with its '+' and nothing but spacing. Digits
 * beside an address are more often a date, an order or customer number, a price or a note about someone
 * else ("15.06.2024", "Kd-Nr. 0301234567", "Bob: 415-555-0132"), and in a lenient numbering plan (German
 * numbers have no fixed length) almost any of them reads as a valid national number: two cards with one
 * date beside their addresses were one row holding a made-up number.
 */
const INTERNATIONAL_RE = /^\s*\+\s*\d[\d\s().\-/]*$/;

/** An unusable string of an e-mail list (see unusableEmail), de-duplicated as addEmail does. */
function gatherUnusable(seen: Set<string> | null, raw: string): void {
  if (unusableKept >= MAX_UNUSABLE_KEPT) return;
  const e = unusableEmail(raw);
  if (e === null) return;
  unusableKept++;
  gatherOnce(seen, e);
}

/**
 * Unusable strings kept from one entry's e-mail fields at most: what says the entry held something that
 * was no address. A field of 100,000 characters of `x0@, x1@, …` kept 12,001 of them on the entry (a
 * review), stored with it.
 */
const MAX_UNUSABLE_KEPT = 20;
let unusableKept = 0;

/**
 * The parts of a list pasted into one e-mail field, split at `sep`, except where the split would cut
 * into one address: a word glued to the separator and the separator glued to an address
 * ("john,smith@x.com", a vCard's "leo\,smith@x.com" unescaped) is one string, whose tail "smith@x.com"
 * is somebody else's mailbox. A pasted list has a space after its separators, or an address before them
 * ("a@x.com,b@y.com").
 */
/** A scheme or proxy label before an address ("SMTP:", "smtp:", "sip:", "X400:"): no local part holds a ':'. */
const ITEM_LABEL_RE = /^[a-z][a-z0-9-]{1,9}:/i;

function listParts(raw: string, sep: RegExp): string[] {
  // `sep` captures the separator: the pieces alternate part, separator, part, ...
  const pieces = raw.split(sep);
  const out: string[] = [];
  let current = pieces[0] ?? '';
  let open = parenBalance(current); // '(' not closed in `current`
  // Nor inside quotes (`"Smith, John" </O=…>; "Doe, Jane" <jane@x>`: split at its first comma, the row was
  // named `John`), when a later piece closes them: a stray quote never closed (a CSV cell cut short,
  // `"ann@x.com, bob@y.com`) glues nothing.
  let lastQuote = -1; // the last piece holding a '"'
  if (raw.indexOf('"') >= 0) for (let k = pieces.length - 1; k >= 0 && lastQuote < 0; k -= 2) if (pieces[k]!.indexOf('"') >= 0) lastQuote = k;
  // A piece that ends with a whole bracketed address closes any quote before it: a quote that spans an
  // address is a stray one (`Dwayne "The Rock Johnson <d@x.com>, Ann Lee <…>`), not a quoted name.
  let quoted = countQuotes(current) % 2 === 1 && !endsWithAddress(current);
  for (let k = 1; k + 1 < pieces.length; k += 2) {
    const next = pieces[k + 1]!;
    const glued =
      current !== '' &&
      next !== '' &&
      !current.includes('@') &&
      !/\s$/.test(current) &&
      !/^\s/.test(next) &&
      next.includes('@') &&
      // An Exchange proxy list ("X500:/o=Acme/cn=ann;SMTP:ann@x.com"): a label starts the next item.
      !ITEM_LABEL_RE.test(next);
    // Nor inside a comment that the next piece closes: "rick@y.org (Roe, Rick)" is one item (a review:
    // the comma split it, and Rick was lost). A '(' never closed ("a@x.org :(, b@y.org") glues nothing.
    const close = next.indexOf(')');
    const inComment = open > 0 && close >= 0 && !next.slice(0, close).includes('(');
    const inQuotes = quoted && lastQuote >= k + 1;
    if (glued || inComment || inQuotes) {
      current += pieces[k]! + next;
      open += parenBalance(pieces[k]!) + parenBalance(next);
      if (countQuotes(pieces[k]! + next) % 2 === 1) quoted = !quoted;
      if (quoted && endsWithAddress(next)) quoted = false;
    } else {
      out.push(current);
      current = next;
      open = parenBalance(next);
      quoted = countQuotes(next) % 2 === 1 && !endsWithAddress(next);
    }
  }
  out.push(current);
  return out;
}

/** Whether `s` ends with a bracketed address (`… <ann@y.com>`). */
function endsWithAddress(s: string): boolean {
  const t = s.trimEnd();
  if (t.charCodeAt(t.length - 1) !== 62 /* > */) return false;
  const lt = t.lastIndexOf('<');
  return lt >= 0 && t.indexOf('@', lt) > lt;
}

/** How many '"' `s` holds. */
function countQuotes(s: string): number {
  let n = 0;
  for (let i = s.indexOf('"'); i >= 0; i = s.indexOf('"', i + 1)) n++;
  return n;
}

/** The '(' of `s` not closed in it (never below 0). */
function parenBalance(s: string): number {
  let n = 0;
  for (let i = s.indexOf('('); i >= 0 && i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 40) n++;
    else if (c === 41 && n > 0) n--;
  }
  return n;
}

/**
 * A string in an e-mail field that cannot be an address: kept on the entry (as junk 'invalid': it links
 * nobody, is indexed nowhere and never shown as an address) so that an entry the owner wrote to is not
 * lost for the form of its address (merge.ts keeps such a person, marked), and so the cleaning summary
 * can say why an entry was left out. Blank strings are nothing at all. The key ('!' + the text,
 * lower-case) only de-duplicates repeated strings within a contact: junk keys are never linked or indexed.
 */
function unusableEmail(raw: string): NormEmail | null {
  let display = raw.trim();
  if (display === '') return null;
  // What is shown back is enough to recognise the string; the raw upload keeps it whole.
  if (display.length > MAX_UNUSABLE) display = display.slice(0, MAX_UNUSABLE);
  const key = '!' + display.toLowerCase();
  // The domain as the stored form derives it from the key (entry-codec.ts), so a round trip is exact.
  return { display, key, domain: key.slice(key.lastIndexOf('@') + 1), junk: 'invalid', role: false };
}

/** Longest unusable e-mail string kept on a cleaned entry (an address is at most 254 characters). */
const MAX_UNUSABLE = 320;

/**
 * The name of an entry without a name: none when its e-mails list several people (`emails` marked by
 * namedItems: each of them is named by their item, merge/split.ts, and a name taken from the first item
 * would read as the owner's, whose card takes the entry's unnamed items), else wrappedNameOf.
 */
function nameOfWrapped(emails: readonly NormEmail[], list: unknown, one: unknown): string | null {
  for (const m of emails) if (m.name !== undefined) return null;
  return wrappedNameOf(list, one);
}

/**
 * The name of an entry without a name, from its wrapped addresses ("Ann Lee <ann@x.org>", "Ann Lee
 * ann@x.org"): when their names are one person's (`Fay <..>, Fay Wong <..>`, in one string or in several),
 * the fullest of them (onePersonListName); else the first wrapped address's.
 */
function wrappedNameOf(list: unknown, one: unknown): string | null {
  // Two named items or more need two strings that may name, or a string holding two '@'s: nearly every
  // entry (one wrapped address) pays a look for a second '@', not a second parse.
  let named = 0;
  let several = false;
  const count = (r: unknown) => {
    if (typeof r !== 'string' || !mayName(r)) return;
    named++;
    if (!several) several = r.indexOf('@') !== r.lastIndexOf('@');
  };
  if (Array.isArray(list)) for (const r of list) count(r);
  count(one);
  if (named === 0) return null;
  if (named > 1 || several) {
    const byKey = new Map<string, string>();
    if (Array.isArray(list)) for (const r of list) if (typeof r === 'string') itemNames(r, byKey);
    if (typeof one === 'string') itemNames(one, byKey);
    const whole = onePersonListName(byKey);
    if (whole !== null) return whole;
    // One named item among bare ones, wherever it stands: `b@y, Ann Lee <a@x>` is named as `Ann Lee
    // <a@x>, b@y` is (it was a row without a name: the first item's text before the '<' holds an address).
    if (byKey.size === 1) for (const n of byKey.values()) return n;
  }
  if (Array.isArray(list)) {
    for (const r of list) {
      if (typeof r === 'string' && mayName(r)) {
        const n = wrappedName(r);
        if (n !== null) return n;
      }
    }
  }
  if (typeof one === 'string' && mayName(one)) return wrappedName(one);
  return null;
}

/**
 * The display name of one wrapped address; of a list led by an address written without an '@'
 * (`/O=CORP/…/CN=AADAMS; Bob Stone <bob@x>`), its named item's (`Bob Stone`), not the whole text before
 * the '<'.
 */
function wrappedName(r: string): string | null {
  if (r.indexOf('<') > 0 && listsAddressWithoutAt(r)) {
    const byKey = new Map<string, string>();
    itemNames(r, byKey);
    for (const n of byKey.values()) return n;
    return null;
  }
  const n = displayNameOf(r);
  return n === null ? null : cleanName(n);
}

/**
 * The name of a list whose items are named as one person (`Lee, Ann <a@x>, Ann Lee <b@y>`: one person's
 * addresses under two spellings of her name; `Fay <..>, Fay Wong <..>`): the fullest item's name (the
 * most words, label words aside; the first of those). null unless two items or more are named (one named
 * item beside unnamed ones may be a couple's card) and their names are one person's (names of several
 * people make a list of people: namedItems); address labels name no one. `byKey`: the items' names.
 */
function onePersonListName(byKey: ReadonlyMap<string, string>): string | null {
  if (byKey.size < 2) return null;
  const names: string[] = [];
  const folded: (string[] | null)[] = [];
  for (const n of byKey.values()) {
    const f = itemNameFold(n);
    if (f === null || f.length === 0) continue;
    names.push(n);
    folded.push(f);
  }
  if (names.length < 2 || groupItemNames(folded).count !== 1) return null;
  let best = 0;
  for (let i = 1; i < names.length; i++) if (folded[i]!.length > folded[best]!.length) best = i;
  return names[best]!;
}

/**
 * The e-mails of an entry whose strings list several people by name (`Doe, Jane <jane@x>, Roe, Rick
 * <rick@x>` in one field, or `["Jane Doe <jane@x>", "Rick Roe <rick@x>"]`), each named address marked
 * with its item's name (NormEmail.name), so the merge reads each person as a card of their own
 * (merge/split.ts). `emails` as it is when its items' names are one person's (or absent): nearly every
 * entry, which pays a length check, or one look for a '<' or a space per string.
 */
function namedItems(list: unknown, one: unknown, emails: NormEmail[], entryName: unknown, company?: unknown): NormEmail[] {
  if (emails.length < 2) return emails;
  let named = false;
  if (Array.isArray(list)) for (let i = 0; i < list.length && !named; i++) named = typeof list[i] === 'string' && mayName(list[i] as string);
  if (!named && typeof one === 'string') named = mayName(one);
  if (!named) return emails;
  const byKey = new Map<string, string>();
  if (Array.isArray(list)) for (const r of list) if (typeof r === 'string') itemNames(r, byKey);
  if (typeof one === 'string') itemNames(one, byKey);
  // An item whose address no mail system takes is named too (`Rick Roe <rick@corp>` beside `Jane Doe
  // <jane@x.com>`): he is a person of the list, kept on the owner's evidence and marked, not lost, and his
  // name never goes to Jane's address (a probe: one row `Rick Roe` holding jane@x.com).
  const names: (string | undefined)[] = emails.map((m) => byKey.get(m.key) ?? (m.junk === 'invalid' ? unusableItemName(m.display) : undefined));
  if (byKey.size === 0 && names.every((n) => n === undefined)) return emails;
  const folded = names.map((n) => (n === undefined ? null : itemNameFold(n)));
  const groups = groupItemNames(folded).count;
  // Items labelled as one person's addresses (`Work <a@x>, Home <b@y>`, `Email 1 <..>, Email 2 <..>`) on
  // an entry without a name: each keeps its label, which names no one, so that the merge reads the
  // addresses as one person's, not as a list of recipients (merge/split.ts recipientsOf).
  // A placeholder (`undefined <a@x>`, `Unknown <b@y>`: a client joining absent fields) is no label: those
  // items stay bare, a list of recipients (a review found John and Jane fused under `undefined`).
  if (groups === 0 && typeof entryName !== 'string' && byKey.size > 0) {
    return emails.map((m) => {
      const label = byKey.get(m.key);
      return label !== undefined && foldName(label).length > 0 ? { ...m, name: label } : m;
    });
  }
  if (groups === 0 || (groups === 1 && !anotherPersonsItem(folded, entryName, company) && !strangersBesideOneName(emails, folded, entryName, list))) {
    return emails;
  }
  return emails.map((m, j) => (folded[j] === null || folded[j]!.length === 0 ? m : { ...m, name: names[j]! }));
}

/** The display name of an item of a list whose address is unusable (`Bo Chen <bo@intranet>`), or undefined. */
function unusableItemName(display: string): string | undefined {
  if (!mayName(display)) return undefined;
  const n = displayNameOf(display);
  const name = n === null ? null : cleanName(n);
  return name === null || name.includes('@') || isItemLabel(name) ? undefined : name;
}

/**
 * Whether the one person the named items of a list name is someone other than the entry's own
 * (`Ann Lee` over "Rick Roe <rick@y.com>, ann@x.com"): the entry's name and the items' are each two
 * words or more and cannot be one person's, and an item is unnamed (the entry's own address). Rick's
 * address was Ann's: one row, and Rick's own card, whom the owner wrote to, merged into it (a probe).
 * A one-word name (`Rick <rick@y.com>`, a nickname or a label) and a relation stay the entry's.
 */
function anotherPersonsItem(folded: readonly (readonly string[] | null)[], entryName: unknown, company: unknown): boolean {
  if (typeof entryName !== 'string' || !folded.some((f) => f === null || f.length === 0)) return false;
  const own = itemNameFold(entryName);
  if (own === null || own.length < 2 || own.some((t) => t.startsWith('~'))) return false;
  const found = folded.find((f) => f !== null && f.length > 0)!;
  // The entry's company, and a word of the entry's own name, say the item is the entry's own person (a
  // review: `Ann Roe` under `Ann Lee`, a maiden name; `Ann from Acme`; `Acme Corp` under Jane Doe of Acme
  // Corp): only a name with two words or more of its own, none the entry's, is someone else's.
  const firm = typeof company === 'string' ? new Set(itemNameFold(company) ?? []) : null;
  if (firm !== null && found.every((t) => firm.has(t))) return false;
  // The entry's given name (its first word) in the item: the person under another family name, or with a
  // note (`Ann Roe`, `Ann from Acme`, `Acme - Ann`). A shared family name is not (`Bob Lee` under `Ann
  // Lee` is her husband). An organisation's or a desk's name, or a title with one name, names no person.
  // The entry's given name: its first word that is no title (folded titles are marked with a control
  // character, names.ts), after the comma of `Lee, Ann`.
  const comma = entryName.indexOf(',');
  const words = (comma > 0 ? (itemNameFold(entryName.slice(comma + 1)) ?? own) : own).filter(isNameWord);
  const given = words[0] ?? own[0]!;
  const named = found.filter(isNameWord);
  if (found.includes(given) || found.some((t) => t.startsWith('~')) || organisationName(found)) return false;
  return named.length >= 2 && !namesCompatible(own, found);
}

/**
 * Whether one e-mail field with one person named in it holds recipients besides that person (`Mike Ross
 * <mike.ross@x>, pat.lee@x, al@x`: a To: line pasted into one field): on an entry without a name of its
 * own, two bare items or more whose local parts do not spell the named person's name (split.ts
 * strangersOf). Then the list is people (merge/split.ts): the named item is Mike, each stranger a
 * recipient of their own. Before, the entry was one person `Mike Ross` holding Pat's and Al's addresses
 * (a probe: inviting Mike wrote to all three, and Pat and Al had no row). One such item stays the named
 * person's (`Ann Lee <a@x>, b@y`: a card may hold one address unnamed), as do the items of an `emails`
 * array (one card's addresses, each in a field of its own).
 */
function strangersBesideOneName(emails: readonly NormEmail[], folded: readonly (readonly string[] | null)[], entryName: unknown, list: unknown): boolean {
  if ((typeof entryName === 'string' && entryName.trim() !== '') || (Array.isArray(list) && list.length > 0)) return false;
  const one = folded.find((f): f is readonly string[] => f !== null && f.length > 0);
  if (one === undefined || organisationName(one) || one.some((t) => t.startsWith('~'))) return false;
  return strangersOf(emails, folded) >= 2;
}

function isNameWord(t: string): boolean {
  return t.charCodeAt(0) > 31 && !TITLES.has(t);
}

/** Titles before a name (folded): `Mrs Roe` is one name, not two. */
const TITLES: ReadonlySet<string> = new Set(
  'mr mrs ms miss mx dr dra prof sir dame herr frau mme mlle sr sra srta dott ing rev capt hon pastor sheikh mag dipl'.split(' '),
);

/** The display name of each named address of one e-mail string, by key (the first name of a key kept). */
function itemNames(raw: string, byKey: Map<string, string>): void {
  if (!mayName(raw)) return;
  const whole = normalizeEmail(raw);
  if (whole !== null && !namedAddressIsList(raw)) {
    const n = displayNameOf(raw);
    const name = n === null ? null : cleanName(n);
    if (name !== null && !byKey.has(whole.key)) byKey.set(whole.key, name);
    return;
  }
  if (raw.includes('<')) {
    // A list of bracketed addresses: each name is the text between the previous item and its '<'
    // (`Doe, Jane <jane@x>, Roe, Rick <rick@x>`, `"Doe, Jane" <jane@x>; Rick Roe <rick@x>`).
    let from = 0;
    const group = isGroupList(raw);
    for (const { open, close, addr } of bracketsOf(raw)) {
      if (addr !== null && !byKey.has(addr.key)) {
        let text = raw.slice(from, open);
        // After an unbracketed address of the list (`a@x.com, Jane <jane@x>`), only what follows it; so
        // after an address written without an '@' (`/O=CORP/…/CN=AADAMS; Bob Stone <bob@x>`).
        const at = text.lastIndexOf('@');
        if (at >= 0) text = text.slice(at).replace(/^\S*/, '');
        else text = text.slice(afterAddressWithoutAt(text));
        text = leadStripped(text, from > 0 || at >= 0);
        // An RFC 5322 group's label before its first mailbox (`Team: Ann Lee <ann@x>, Bob Ng <bob@x>;`),
        // only in a group's shape (`Dr. Ann Lee: CEO <a@x>; Bob Ng <b@x>;` is Outlook's list of names).
        if (from === 0 && group) text = text.replace(GROUP_LABEL_RE, '');
        const name = text === '' ? null : cleanName(text);
        if (name !== null && !name.includes('@') && !isItemLabel(name)) byKey.set(addr.key, name);
      }
      from = close + 1;
    }
    // An unbracketed item after the last one (`Bo Chen <b@y.com> and Ann Lee ann@x.com`): named as one
    // address is (it went with the entry's person, Bo, fusing Ann into him).
    if (from > 0 && raw.indexOf('@', from) >= 0) {
      const tail = leadStripped(raw.slice(from), true);
      const addr = normalizeEmail(tail);
      if (addr !== null && !byKey.has(addr.key)) {
        const n = displayNameOf(tail);
        const name = n === null ? null : cleanName(n);
        if (name !== null && !isItemLabel(name)) byKey.set(addr.key, name);
      }
    }
    return;
  }
  // A list of unbracketed items (`Jane Doe jane@x, Rick Roe rick@x`): each item's name, as for one address.
  for (const part of listParts(raw, EMAIL_LIST_SEPARATORS[0]!)) {
    const addr = part.includes('@') ? normalizeEmail(part) : null;
    if (addr === null || byKey.has(addr.key)) continue;
    const n = displayNameOf(part);
    const name = n === null ? null : cleanName(n);
    if (name !== null) byKey.set(addr.key, name);
  }
}

/**
 * Words between two addresses of one person's list that say how they relate, not who holds them
 * (`Ann Lee <a@x.com> or <b@y.com>`, `… formerly <…>`, `… reply to <…>`): a review found each made a
 * person of its own, named `or`.
 */
const ITEM_LABEL_WORDS: ReadonlySet<string> = new Set([
  'or',
  'also',
  'aka',
  'alt',
  'alternate',
  'alternative',
  'formerly',
  'previously',
  'was',
  'now',
  'new',
  'old',
  'reply',
  'replies',
  'to',
  'use',
  'else',
  'otherwise',
  'ou',
  'oder',
  'o',
  'of',
  'bzw',
  'früher',
  'neu',
  'alt.',
]);

function isItemLabel(name: string): boolean {
  // Written in small letters only: `Else`, `Or`, `O`, `New` are names too (a review).
  if (name !== name.toLowerCase()) return false;
  const words = name
    .toLowerCase()
    .split(/[\s:.,;()[\]-]+/)
    .filter((w) => w !== '');
  return words.length > 0 && words.every((w) => ITEM_LABEL_WORDS.has(w));
}

/** Whether an address string may carry a name: wrapped, after words, or Exchange-encapsulated ("IMCEANOTES-+22Lee…"). */
function mayName(r: string): boolean {
  return r.includes('<') || r.includes(' ') || hasImceaPrefix(r);
}

/** The phones of `list` then `one` (strings only), normalised, de-duplicated by key (keyless ones by display). */
function phonesOf(list: unknown, one: unknown, region: CountryCode | null): NormPhone[] {
  if (list === undefined && one === undefined) return [];
  gatheredCount = 0;
  const many = Array.isArray(list) && list.length >= SMALL_LIST;
  const seen = many ? new Set<string>() : null;
  if (Array.isArray(list)) {
    for (let i = 0; i < list.length; i++) {
      const r: unknown = list[i];
      if (typeof r === 'string') addPhone(seen, r, region);
    }
  }
  if (typeof one === 'string') addPhone(seen, one, region);
  return take<NormPhone>();
}

/**
 * The numbers of one phone field. Most hold one number (normalizePhone); a field that may hold several
 * is read as a list (phoneNumbers: a list pasted into one field, a number and its shortened alternatives,
 * national numbers after an international one) when its whole reading is no number of its own, or is a
 * full number read from a longer string ("+1 415 555 0172 / 0173" reads as its first number). A number
 * alone written with spacing only costs one pass over its characters more, no parse.
 */
function addPhone(seen: Set<string> | null, raw: string, region: CountryCode | null): void {
  if (raw.startsWith(WHOLE_NUMBER_MARK)) {
    // A whole JSON number's digits (lenient.ts): read as a number, not as text.
    const p = normalizeWholeNumber(raw.slice(WHOLE_NUMBER_MARK.length), region);
    if (p !== null) gatherPhone(seen, p);
    return;
  }
  // Control characters inside a number are noise (`+1415\u00005550123`): read without them.
  raw = shortSpacing(asciiSpacing(dropControls(raw)));
  const p = normalizePhone(raw, region);
  if (p === null) return;
  if (raw.length > 12 && (p.key === null ? raw.length > 15 : p.key.charCodeAt(0) === 112 /* 'p' */ && p.display !== raw)) {
    const numbers = phoneNumbers(raw, region);
    if (numbers !== null) {
      for (const n of numbers) gatherPhone(seen, n);
      return;
    }
  }
  gatherPhone(seen, p);
}

/** Adds a number to the phones gathered, unless one of the same identity is there. */
function gatherPhone(seen: Set<string> | null, p: NormPhone): void {
  if (seen === null) {
    // The identity is the key, or 'd:' + display for a keyless number; keys start 'p:' or 'n:', so a key
    // never equals a display identity: compare keys, or displays of two keyless numbers.
    for (let i = 0; i < gatheredCount; i++) {
      const o = gathered[i] as NormPhone;
      if (p.key !== null ? o.key === p.key : o.key === null && o.display === p.display) return;
    }
  } else {
    const id = p.key ?? 'd:' + p.display;
    if (seen.has(id)) return;
    seen.add(id);
  }
  gather(p);
}

/**
 * What spreadsheets, exporters and databases write for a checked box or a favourite, in English, German,
 * French, Dutch, Spanish, Italian and Portuguese: "true", "t" (PostgreSQL's boolean as text), "yes",
 * "y", "on", "x", "*", "★", "✓", "starred", "ja", "oui", "sí", "sim" … One list for an upload's
 * `is_favorite` and a contacts file's favourite column (the two disagreed on "★" and "ja", a probe found).
 */
const CHECKED_RE = /^(?:true|t|yes|y|on|x|\*|\u2605|\u2713|\u2714|starred|favou?rite|ja|j|wahr|oui|vrai|waar|s[iíì]|verdadero|vero|sim|verdadeiro)$/i;

/** Whether `s` (trimmed) is a checked box or a favourite's mark as written in a file: a number other than 0, or a word of CHECKED_RE. */
export function isCheckedText(s: string): boolean {
  // "sí" written with a combining accent; "✔️" as emoji keyboards write it (with the emoji selector).
  const t = s
    .trim()
    .normalize('NFC')
    .replace(/\uFE0F/g, '');
  if (/^[+-]?\d+(?:\.\d+)?$/.test(t)) return Number(t) !== 0;
  return CHECKED_RE.test(t);
}

function favoriteOf(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0 && Number.isFinite(v);
  if (typeof v === 'string') return isCheckedText(v);
  return false;
}

/**
 * The largest `times_contacted` read as a count. Nobody writes a million messages to one person: a bigger
 * number is a client's slip (a timestamp in the wrong field, `1764590400`) and no count at all: read as
 * unknown (imputed), with a warning (validate.ts hugeCountWarnings). Read as this ceiling, as it was, it
 * still outranked every real count (a probe: a stranger with `1e9` first in the list). The key index's
 * PostgreSQL column ends at 2^31 - 1.
 */
export const MAX_TIMES_CONTACTED = 1_000_000;

/**
 * times_contacted as an integer (0 when not a number, not above 0, or above MAX_TIMES_CONTACTED: no
 * count): its whole part, and 1 for a count above 0 and below 1 (`0.5`, a client's weighted or decayed
 * count: the person was written to, and read as 0 that evidence was lost; a probe found it).
 */
export function countOf(v: unknown): number {
  const n = numberOf(v);
  if (n <= 0 || n > MAX_TIMES_CONTACTED) return 0;
  return n < 1 ? 1 : Math.trunc(n);
}

function integerOf(v: unknown): number {
  return Math.trunc(numberOf(v));
}

/** A number, or a number written as text; 0 for anything else (and for NaN or an infinity). */
function numberOf(v: unknown): number {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

function lengthOf(v: unknown): number {
  return Array.isArray(v) ? v.length : 0;
}

function photosOf(v: unknown): string[] {
  const photos: string[] = [];
  if (Array.isArray(v)) {
    for (const p of v) {
      const s = typeof p === 'string' ? p.trim() : '';
      if (s !== '' && !photos.includes(s)) photos.push(s);
    }
  }
  return photos;
}

/**
 * Cleans one entry. `ctx.region` is the phone region of its book (or null); `ctx.sourceKey` its source.
 *
 * Uploaded entries come in hundreds of shapes (each client sends its own fields in its own order), so
 * reading the 18 fields by name is a megamorphic lookup each (~2 µs an entry in a real book); a plain
 * object's fields are read in one for-in pass instead (~0.1 µs). Entries are JSON data: plain objects
 * with enumerable fields. Anything else (a class instance, say) is read field by field as before.
 */
export function normalizeEntry(e: EntryInput, ctx: { region: CountryCode | null; sourceKey: string }): NormalizedEntry {
  if (!isPlainObject(e)) return normalizeEntryByName(e, ctx);
  let name: unknown, nickname: unknown, title: unknown, company: unknown, emails: unknown, email: unknown, phones: unknown, phone: unknown;
  let photos: unknown, data: unknown, favorite: unknown, pinned: unknown, times: unknown, sent: unknown, received: unknown;
  let addresses: unknown, websites: unknown, ims: unknown;
  const fields = e as Record<string, unknown>;
  for (const k in fields) {
    const v = fields[k];
    switch (k) {
      case 'name':
        name = v;
        break;
      case 'nickname':
        nickname = v;
        break;
      case 'title':
        title = v;
        break;
      case 'company':
        company = v;
        break;
      case 'emails':
        emails = v;
        break;
      case 'email':
        email = v;
        break;
      case 'phones':
        phones = v;
        break;
      case 'phone':
        phone = v;
        break;
      case 'photos':
        photos = v;
        break;
      case 'data':
        data = v;
        break;
      case 'is_favorite':
        favorite = v;
        break;
      case 'pinned':
        pinned = v;
        break;
      case 'times_contacted':
        times = v;
        break;
      case 'last_message_sent_date':
        sent = v;
        break;
      case 'last_message_received_date':
        received = v;
        break;
      case 'addresses':
        addresses = v;
        break;
      case 'websites':
        websites = v;
        break;
      case 'ims':
        ims = v;
        break;
    }
  }
  const count = countOf(times);
  const channels = crossedChannels(
    namedItems(emails, email, emailsOf(emails, email), name, company),
    phonesOf(phones, phone, ctx.region),
    phones,
    phone,
    ctx.region,
    name,
  );
  const inName = channelInName(name, channels, ctx.region);
  if (inName !== null) name = inName.name;
  // An SMS gateway's address (`4155550123@vtext.com`) is also the number it texts (sms-gateway.ts).
  channels.phones = withGatewayNumbers(channels.emails, channels.phones);
  const lastSent = messageDate(sent);
  const isFavorite = favoriteOf(favorite);
  const pinnedN = integerOf(pinned);
  const evident = evidence(count, lastSent, isFavorite, pinnedN);
  if (evident) channels.emails = mailboxesWrittenTo(channels.emails, typeof name === 'string' ? name : null);
  const shownName = cleanName(name) ?? nameOfWrapped(channels.emails, emails, email);
  if (shownName !== null && shownName.includes('via')) channels.emails = relayedVia(channels.emails, shownName, evident);
  return {
    name: shownName,
    nickname: cleanText(nickname),
    title: cleanText(title),
    company: cleanText(company),
    emails: channels.emails,
    phones: channels.phones,
    photos: photosOf(photos),
    data: data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {},
    favorite: isFavorite,
    pinned: pinnedN,
    // An explicit 0 is kept: from a source that counts, it says "never written to". Phones that stopped
    // reporting send 0 for everyone, so cleanUpload reads the 0s of an upload without any count as unknown.
    timesContacted: count > 0 ? count : times === 0 ? 0 : null,
    lastSent,
    lastReceived: messageDate(received),
    addressCount: lengthOf(addresses),
    websiteCount: lengthOf(websites),
    imCount: lengthOf(ims),
    sourceKey: ctx.sourceKey,
  };
}

/**
 * The addresses of an entry the owner wrote to, starred or pinned: a `notification` whose shape proves
 * nothing (a notification word beside the words of the card's name, `alerts.kim@acme.com` on `Kim Lee`:
 * notificationMayBePerson) is the person's mailbox. Evidence beats syntax; a shape that proves a robot
 * (`alerts@`, `security-alerts@`, `notify-123@`, `nagios.alerts@`) stays junk whatever the owner did
 * (docs/decisions.md).
 */
function mailboxesWrittenTo(emails: NormEmail[], name: string | null): NormEmail[] {
  let out = emails;
  for (let i = 0; i < emails.length; i++) {
    const m = emails[i];
    if (m.junk !== 'notification' || !notificationMayBePerson(m.display, name)) continue;
    if (out === emails) out = emails.slice();
    out[i] = { ...m, junk: null };
  }
  return out;
}

/**
 * The addresses of an entry named `A via B` that are B's (junk.ts viaRelay: `Jane Doe via Python-list`
 * from python-list@python.org): the list or the service that relayed A's message, left out as `relay`
 * whatever the owner did, as LinkedIn's `Jane via LinkedIn` relay is. A's own address on the same card stays.
 */
function relayedVia(emails: NormEmail[], name: string, evident: boolean): NormEmail[] {
  let out = emails;
  for (let i = 0; i < emails.length; i++) {
    const m = emails[i]!;
    if (m.junk !== null) continue;
    const at = m.key.lastIndexOf('@');
    if (at <= 0 || !viaRelay(name, m.key.slice(0, at), m.domain, m.role === true, evident)) continue;
    if (out === emails) out = emails.slice();
    out[i] = { ...m, junk: 'relay' };
  }
  return out;
}

/**
 * A number in an e-mail field or an address in a phone field (a client that mapped its columns wrong, a
 * card typed into the wrong box) is still a way to reach the person: an e-mail string that is no address
 * but reads as a full phone number (E.164, its country known) moves to the phones, and a phone string holding an '@' that
 * reads as an address moves to the e-mails. Costs nothing for the common entry: it looks further only
 * when an e-mail string was unusable or a phone string holds an '@'.
 */
function crossedChannels(
  emails: NormEmail[],
  phones: NormPhone[],
  phoneList: unknown,
  phoneOne: unknown,
  region: CountryCode | null,
  name: unknown,
): { emails: NormEmail[]; phones: NormPhone[] } {
  let outEmails = emails;
  let outPhones = phones;
  for (const m of emails) {
    if (m.junk !== 'invalid' || m.display.includes('@')) continue;
    // A full number only ('p:' key): digits without a country ("2024-01-05", "12345678") make no one.
    const p = normalizePhone(m.display, region);
    if (p === null || p.key === null || p.key.charCodeAt(0) !== 112 /* p */) continue;
    if (outEmails === emails) outEmails = emails.slice();
    outEmails.splice(outEmails.indexOf(m), 1);
    if (outPhones === phones) outPhones = phones.slice();
    if (!outPhones.some((q) => q.key === p.key)) outPhones.push(p);
  }
  if (Array.isArray(phoneList)) for (const raw of phoneList) outEmails = withAddressOf(raw, outEmails, emails, name);
  outEmails = withAddressOf(phoneOne, outEmails, emails, name);
  // The phone reading of an address (a keyless string of its few digits) goes with it.
  if (outEmails !== emails && outPhones.some((p) => p.key === null && p.display.includes('@'))) {
    outPhones = outPhones.filter(
      (p) => !(p.key === null && p.display.includes('@') && outEmails.some((m) => m.display === normalizeEmail(p.display)?.display)),
    );
  }
  return { emails: outEmails, phones: outPhones };
}

/**
 * An entry whose only way to reach the person is written in its name field (a card saved with the
 * address or the number as its name: `{"name": "ann@x.com"}`, `{"name": "Ann Lee <ann@x.com>"}`,
 * `{"name": "+1 415 555 0123"}`): that address, or that full number, is the entry's, and the name is what
 * is left of it (the display name of a wrapped address; none for a bare address or number, which names
 * nobody). Only when no e-mail and no phone of the entry is usable: a name is never read as a channel
 * beside a real one (an address or a number kept as a name names nobody when names are compared:
 * merge/names.ts foldName). null: the name stays as it is. `channels` is updated in place.
 */
function channelInName(name: unknown, channels: { emails: NormEmail[]; phones: NormPhone[] }, region: CountryCode | null): { name: string | null } | null {
  if (typeof name !== 'string' || name.length > MAX_UNUSABLE) return null;
  const at = name.includes('@') || name.includes('\uff20') || name.includes('\ufe6b'); // '＠', '﹫'
  // The first character that is no white space: the first one when it is printable ASCII other than a
  // space (none of those is white space), without running the regular expression (nearly every name).
  const c0 = name.charCodeAt(0);
  const c = c0 > 32 && c0 < 127 ? c0 : name.charCodeAt(name.search(/\S/));
  if (!at && c !== 43 /* + */ && !(c >= 48 && c <= 57) && c !== 40 /* ( */) return null;
  if (channels.emails.some((m) => m.junk !== 'invalid') || channels.phones.some((p) => p.key !== null)) return null;
  if (at) {
    const m = normalizeEmail(name);
    if (m === null) {
      // A list written as the name ("Rick Roe <rick@y.com>, Ann Lee <ann@x.com>", "ann@x.com; bob@y.com"):
      // read as the e-mail field reads one; its people named as there (a probe found them left out).
      const list = namedItems(undefined, name, emailsOf(undefined, name), null).filter((e) => e.junk !== 'invalid');
      if (list.length === 0) return null;
      channels.emails = [...list, ...channels.emails];
      // Named as the e-mail field's entry is: none when the list's items are marked as people (a review:
      // `Mike Ross <mike.ross@x>, pat.lee@x, al@x` as the name was one row `Mike Ross` holding all three).
      return { name: nameOfWrapped(list, undefined, name) };
    }
    channels.emails = [m, ...channels.emails];
    return { name: displayNameOf(name) };
  }
  // A full number ('p:' key). Where the book's region is unknown no national number is full: one keyed on
  // its digits ('n:') is read as the phone field reads it, a date ("2024-01-05") aside. Where the region
  // is known, digits without a country (a local number without its area code) are no one's number for sure.
  const p = normalizePhone(name, region);
  if (p === null || p.key === null) return null;
  if (p.key.charCodeAt(0) !== 112 /* p */ && (region !== null || ISO_DATE_RE.test(name.trim()))) return null;
  channels.phones = [p, ...channels.phones.filter((q) => q.display !== p.display)];
  // A number spelled in letters ("1-800-FLOWERS") is also what the card calls its holder.
  return { name: /\p{L}/u.test(name) ? name : null };
}

/** A calendar date as ISO 8601 writes it: no number is grouped 4-2-2. */
const ISO_DATE_RE = /^\d{4}-\d\d-\d\d$/;

/** `list` with the address a phone string holds (crossedChannels), copied from `original` before it grows. */
function withAddressOf(raw: unknown, list: NormEmail[], original: NormEmail[], name: unknown): NormEmail[] {
  if (typeof raw !== 'string' || !raw.includes('@') || !addressIsTheCards(raw, name)) return list;
  // A SIP URI of a number (`sip:+14155550177@voip.example`, a vCard 4.0 TEL) is that number, read as a
  // phone: no mailbox (a probe found it offered as the address `+14155550177@voip.example`).
  if (SIP_NUMBER_RE.test(raw) && normalizePhone(raw, null)?.key?.startsWith('p:')) return list;
  const m = normalizeEmail(raw);
  if (m === null || list.some((q) => q.key === m.key)) return list;
  const out = list === original ? list.slice() : list;
  out.push(m);
  return out;
}

/**
 * Whether the address written in a phone string may be the card's own: yes, unless the words before it
 * say it is someone else's (`Assistant: pat@acme.example`, `Front desk: reception@…`, `Ask pat2@…`,
 * `Wife: mary@…`): read as the card's, such a mailbox joined two people (a review). Anything else (the
 * address alone, after a label, inside a name, `o'neil@…`) is read as before: a person is never lost to a
 * guess (a second review: a stricter rule left out cards whose only address was there).
 */
function addressIsTheCards(raw: string, name: unknown): boolean {
  const at = raw.indexOf('@');
  let start = at;
  while (start > 0 && !LOCAL_EDGE.test(raw[start - 1]!)) start--;
  if (start === 0) return true;
  let own: string[] | null = null;
  for (const w of wordsOf(raw.slice(0, start))) {
    if (!SOMEONE_ELSE.has(w)) continue;
    // A word of the card's own name is the card's (`Mom: mary@…` on the card named `Mom`).
    own ??= typeof name === 'string' ? wordsOf(name) : [];
    if (!own.includes(w)) return false;
  }
  return true;
}

/** What ends the words before an address's local part (not `'` nor `(`: `o'neil@`, `ray.su(home)@`). */
const LOCAL_EDGE = /[\s<:;,"[]/;

function wordsOf(s: string): string[] {
  const folded = /[^ -~]/.test(s) ? s.normalize('NFD').replace(/\p{M}+/gu, '') : s;
  return folded
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
}

/** Words before an address in a phone field that say it is someone else's (a desk, an assistant, a relative). */
const SOMEONE_ELSE = new Set(
  'assistant assistent assistente asistente assistentin secretary secretaria secretaire sekretariat sekretarin reception receptionist rezeption empfang front desk ask via attn attention care manager boss colleague kollege kollegin wife husband partner mom mum mother dad father son daughter brother sister'.split(
    ' ',
  ),
);

/** A SIP URI whose user part is a number in full (`sip:+1 415 555 0177@…`). */
const SIP_NUMBER_RE = /^\s*sips?:\s*\+[\d\s().-]+@/i;

/** An object whose prototype is Object.prototype or null (JSON.parse, object literals, structured clones). */
function isPlainObject(e: unknown): boolean {
  if (e === null || typeof e !== 'object') return false;
  const proto = Object.getPrototypeOf(e);
  return proto === Object.prototype || proto === null;
}

/** normalizeEntry reading each field by name: any other kind of value. */
function normalizeEntryByName(e: EntryInput, ctx: { region: CountryCode | null; sourceKey: string }): NormalizedEntry {
  const times = countOf(e.times_contacted);
  const photos = photosOf(e.photos);
  const data = e.data;
  const channels = crossedChannels(
    namedItems(e.emails, e.email, emailsOf(e.emails, e.email), e.name, e.company),
    phonesOf(e.phones, e.phone, ctx.region),
    e.phones,
    e.phone,
    ctx.region,
    e.name,
  );
  const inName = channelInName(e.name, channels, ctx.region);
  channels.phones = withGatewayNumbers(channels.emails, channels.phones);
  return {
    name: cleanName(inName === null ? e.name : inName.name) ?? nameOfWrapped(channels.emails, e.emails, e.email),
    nickname: cleanText(e.nickname),
    title: cleanText(e.title),
    company: cleanText(e.company),
    ...channels,
    photos,
    data: data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {},
    favorite: favoriteOf(e.is_favorite),
    pinned: integerOf(e.pinned),
    timesContacted: times > 0 ? times : e.times_contacted === 0 ? 0 : null,
    lastSent: messageDate(e.last_message_sent_date),
    lastReceived: messageDate(e.last_message_received_date),
    addressCount: lengthOf(e.addresses),
    websiteCount: lengthOf(e.websites),
    imCount: lengthOf(e.ims),
    sourceKey: ctx.sourceKey,
  };
}

/**
 * Stable identity of an upload source: type plus the owner's address (e-mail key, else phone key,
 * else '-'). Two uploads of the same account map to the same key whatever the spelling.
 */
export function sourceKey(source: SourceInput): string {
  const type = cleanText(source.type)?.toLowerCase() ?? 'unknown';
  const email = typeof source.email === 'string' ? normalizeEmail(source.email) : null;
  if (email) return `${type}:e:${email.key}`;
  const phone = typeof source.phone === 'string' ? normalizePhone(source.phone, regionFromPhone(source.phone)) : null;
  if (phone?.key) return `${type}:${phone.key}`;
  return `${type}:-`;
}

/**
 * Every key a source goes by, for telling its uploads apart from the user's other sources
 * (`replace_source`): its sourceKey (as stored), and, for an owner known by a phone alone, the phone read
 * where the book's numbers are read (the source's `region`, else the server's): `(415) 555-0000` with
 * region US is the source of `+1 415 555 0000`. A probe: an app that wrote its owner's number nationally
 * on one sync and in full on the next replaced nothing (the stored key is the phone read in its own
 * country only, kept so for the uploads already stored).
 */
export function sourceKeysOf(source: SourceInput, defaultRegion: CountryCode | null): string[] {
  const key = sourceKey(source);
  if (key.includes(':e:') || typeof source.phone !== 'string') return [key];
  const region = sourceRegion(source) ?? defaultRegion;
  const phone = region === null ? null : normalizePhone(source.phone, region);
  if (!phone?.key?.startsWith('p:')) return [key];
  const type = cleanText(source.type)?.toLowerCase() ?? 'unknown';
  const full = `${type}:${phone.key}`;
  return full === key ? [key] : [key, full];
}

/**
 * The region a source reads its numbers in: its owner's phone's country, else its `region` (an ISO 3166
 * code the API checked); null when it gives neither (the server's default applies).
 */
export function sourceRegion(s: SourceInput): CountryCode | null {
  return regionFromPhone(s.phone) ?? (typeof s.region === 'string' && s.region !== '' ? (s.region as CountryCode) : null);
}

/** Matching keys of the owner's own e-mail and phone (the owner is never their own contact). */
export function ownerKeysOf(source: SourceInput, region: CountryCode | null): string[] {
  return keysFor({ email: source.email, phone: source.phone }, regionFromPhone(source.phone) ?? region);
}

/** The owner of a book as known from the sources of its uploads (oldest first). */
export function ownerOf(sources: SourceInput[], defaultRegion: CountryCode | null): Owner {
  const names: string[] = [];
  const keys = new Set<string>();
  const domains: string[] = [];
  let phone: string | null = null;
  let region: CountryCode | null = null;
  for (const s of sources) {
    const name = cleanName(s.name);
    if (name && !names.includes(name)) names.push(name);
    const own = sourceRegion(s);
    for (const k of ownerKeysOf(s, own ?? defaultRegion)) keys.add(k);
    const e = typeof s.email === 'string' ? normalizeEmail(s.email) : null;
    if (e && !domains.includes(e.domain)) domains.push(e.domain);
    const p = typeof s.phone === 'string' ? normalizePhone(s.phone, own ?? defaultRegion) : null;
    if (p?.key?.startsWith('p:')) phone = p.display; // the newest source's phone wins
    if (own !== null) region = own; // and the newest region
  }
  return { names, keys: [...keys], emailDomains: domains, phone, region };
}

/**
 * Matching keys of a person given by e-mails and phones (invites, app users, suggested-seen).
 * Includes 'n:' keys for numbers without a known country: they only match within the same book, so a
 * caller matching across books should ignore them.
 */
export function keysFor(
  input: { emails?: (string | null)[] | null; email?: string | null; phones?: (string | null)[] | null; phone?: string | null },
  region: CountryCode | null,
): string[] {
  const out: string[] = [];
  // Read as an upload entry's fields are (a list pasted into one string is split: a record of an invite
  // sent to "Eve Ng <eve@x.org>, Dan Wu <dan@y.org>" was refused whole); an unusable string keys nothing.
  for (const e of emailsOf(input.emails, input.email)) {
    if (e.junk !== 'invalid' && !out.includes('e:' + e.key)) out.push('e:' + e.key);
  }
  for (const p of phonesOf(input.phones, input.phone, region)) {
    if (p.key && !out.includes(p.key)) out.push(p.key);
  }
  return out;
}

/**
 * One row per distinct key of the book: max times contacted (0 when unknown) and newest dates.
 * Keys of junk addresses are left out: nobody is known through a no-reply address.
 * (E-mail rows are found by the address key itself, phone rows by theirs: 'p:'/'n:' keys never start
 * with 'e:', so two maps give the rows of one map keyed 'e:' + key, in the same order.)
 */
export function keyStatsOf(entries: NormalizedEntry[]): KeyStat[] {
  return keyStatsWith(entries, false);
}

/** keyStatsOf; `indexedOnly`: national-only ('n:') phone keys skipped as they are met (indexedKeyStatsOf). */
function keyStatsWith(entries: NormalizedEntry[], indexedOnly: boolean): KeyStat[] {
  const out: KeyStat[] = [];
  const byEmail = new Map<string, KeyStat>();
  const byPhone = new Map<string, KeyStat>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const emails = e.emails;
    for (let j = 0; j < emails.length; j++) {
      const m = emails[j]!;
      if (m.junk) continue;
      const s = byEmail.get(m.key);
      if (s === undefined) {
        const row = { key: 'e:' + m.key, times: e.timesContacted ?? 0, lastSent: e.lastSent, lastReceived: e.lastReceived };
        byEmail.set(m.key, row);
        out.push(row);
      } else {
        merge(s, e);
      }
    }
    const phones = e.phones;
    for (let j = 0; j < phones.length; j++) {
      const key = phones[j]!.key;
      if (!key || (indexedOnly && !isIndexedKey(key))) continue;
      const s = byPhone.get(key);
      if (s === undefined) {
        const row = { key, times: e.timesContacted ?? 0, lastSent: e.lastSent, lastReceived: e.lastReceived };
        byPhone.set(key, row);
        out.push(row);
      } else {
        merge(s, e);
      }
    }
  }
  return out;
}

/** Whether a key goes into the cross-user index: national-only ('n:') keys match within one book only. */
export function isIndexedKey(key: string): boolean {
  return !key.startsWith('n:');
}

/** The key stats of `entries` that the cross-user index holds (keyStatsOf, national-only keys left out). */
export function indexedKeyStatsOf(entries: NormalizedEntry[]): KeyStat[] {
  // The same rows as keyStatsOf(entries).filter((k) => isIndexedKey(k.key)), in the same order, without the
  // second array: a row's key is that of the first phone holding it, so skipping 'n:' phone keys where they
  // are met leaves out exactly the rows the filter drops (e-mail rows are 'e:' keys, never 'n:').
  return keyStatsWith(entries, true);
}

/**
 * The distinct keys of `entries` that the cross-user index holds: those keyStatsOf gives (junk e-mails
 * and key-less phones left out), national-only ('n:') keys excepted. Signals are looked up by them.
 */
export function indexKeysOf(entries: readonly NormalizedEntry[]): string[] {
  const seen = new Set<string>();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    for (let j = 0; j < e.emails.length; j++) {
      const m = e.emails[j]!;
      if (!m.junk) seen.add('e:' + m.key);
    }
    for (let j = 0; j < e.phones.length; j++) {
      const key = e.phones[j]!.key;
      if (key && isIndexedKey(key)) seen.add(key);
    }
  }
  return [...seen];
}

function merge(s: KeyStat, e: NormalizedEntry): void {
  s.times = Math.max(s.times, e.timesContacted ?? 0);
  s.lastSent = newest(s.lastSent, e.lastSent);
  s.lastReceived = newest(s.lastReceived, e.lastReceived);
}

function newest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}
