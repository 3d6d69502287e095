/**
 * Phone normalisation to E.164 with libphonenumber-js, plus the rules that keep numbers from merging
 * people who are not the same: extensions (a switchboard) and short codes (a service) get no key.
 *
 * Parsing costs ~30-45 µs a number warm, so three shortcuts: strings already in strict E.164 skip the
 * parser (a table of calling codes checks them), the common national and international shapes are read
 * by a re-implementation of the parser's steps on its own metadata (quickParse: same result, ~1 µs), and
 * every result the shortcuts do not give is cached per (region, raw).
 */
import { TwoGenerationCache } from './cache.ts';
import { dropInvisible } from './invisible.ts';
import { Metadata, getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { CountryCode } from 'libphonenumber-js';
import type { NormPhone } from './types.ts';

export type { CountryCode };

/** Cache size cap (entries). ~100 bytes an entry: 50,000 entries is ~5 MB, enough for several big books. */
const CACHE_MAX = 50_000;

/** National numbers shorter than this (digits) are short codes / service numbers (112, 3 to 6 digit SMS codes). */
const MIN_NATIONAL_DIGITS = 7;
/** E.164 allows at most 15 digits including the country code. */
const MAX_E164_DIGITS = 15;

/** Every calling code of a country libphonenumber knows, for the E.164 fast path, by its number (1-999). */
const CALLING_CODES = new Uint8Array(1000);
for (const c of getCountries()) CALLING_CODES[Number(getCountryCallingCode(c))] = 1;

/** Whether `digits` (1 to 3 of them, no '+') is the calling code of a country libphonenumber knows. */
export function isCallingCode(digits: string): boolean {
  return digits.length >= 1 && digits.length <= 3 && digits.charCodeAt(0) !== 48 /* '0' */ && CALLING_CODES[Number(digits)] === 1;
}

const E164_RE = /^\+[1-9]\d{7,14}$/;
/**
 * Extension words libphonenumber does not know (it reads "ext", "extension", "extensión", "anexo", "int",
 * "доб", "x", "#" and ",,"): French and Québec "poste", German "Durchwahl", Italian "interno", Portuguese
 * "ramal", Dutch "toestel", Chinese 转/分机, Japanese 内線, Korean 내선; the abbreviations German "DW" and
 * Polish "wew."/"wewn." follow apart (they need a word boundary where nothing else precedes them).
 */
const EXTENSION_WORDS = 'poste|durchwahl|interno|ramal|toestel|转|轉|分[机機]|内[線线]|內線|내선';

/**
 * Explicit extension markers (and DTMF pauses ',' ';' that dial one after connecting), the words of
 * EXTENSION_WORD_RE included: a number with one that is not read as +E164;ext=N gets no key (its digits
 * are not one number).
 */
const EXTENSION_RE = new RegExp(
  `(?:\\bext\\.?|\\bx\\.?|extension|\\b(?:dw|wewn?)\\.?|доб|${EXTENSION_WORDS}|(?<=\\d\\s*)(?:p\\.|[pw]+)|[#,;]|;ext=)\\s*\\d`,
  'i',
);

/**
 * Whether the number holds an extension marker or a pause (EXTENSION_RE). A number written with digits
 * and spacing only (most of them) has none, and is told so without the regular expression.
 */
function hasExtension(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || c === 32 || c === 45 || c === 46 || c === 47 || c === 40 || c === 41 || c === 43)) return EXTENSION_RE.test(s);
  }
  return false;
}

/**
 * Parse results by region and raw string ("US\n(415) 555-0123"; '' for no region), in the shared
 * two-generation cache: bounded, and eviction costs nothing.
 */
const parseCache = new TwoGenerationCache<string, NormPhone | null>(CACHE_MAX);

function copy(v: NormPhone | null): NormPhone | null {
  return v === null ? null : { display: v.display, key: v.key };
}

/** Strict E.164 accepted without the parser: known calling code, plausible length, no all-same-digit filler. */
function fastE164(s: string): NormPhone | null {
  if (!E164_RE.test(s)) return null;
  let cc = 0;
  for (let n = 1; n <= 3; n++) {
    cc = cc * 10 + s.charCodeAt(n) - 48; // the calling code s[1..n] (E164_RE: digits, the first not 0)
    if (CALLING_CODES[cc] !== 1) continue;
    const national = 1 + n; // the national number is s[1 + n..]
    // A 0 after the calling code is a trunk prefix written by mistake ("+44 07911 ...": the parser drops
    // it) or, in a few plans, part of the number (Italy): the metadata decides (quickParse / the parser).
    if (s.charCodeAt(national) === 48) return null;
    if (s.length - national < MIN_NATIONAL_DIGITS) return null;
    if (cc === 1 && !isNanp(s, national)) return null;
    if (sameDigitFrom(s, national)) return null;
    return { display: s, key: 'p:' + s };
  }
  return null;
}

/** North American ten digits on s[from..]: the area code and the exchange not starting with 0 or 1. */
function isNanp(s: string, from: number): boolean {
  if (s.length - from !== 10) return false;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return s.charCodeAt(from) >= 50 && s.charCodeAt(from + 3) >= 50;
}

/** /^(\d)\1*$/ on s[from..], a non-empty run of digits: one digit repeated ("0000000"). */
function sameDigitFrom(s: string, from: number): boolean {
  const c = s.charCodeAt(from);
  if (!(c >= 48 && c <= 57)) return false;
  for (let i = from + 1; i < s.length; i++) if (s.charCodeAt(i) !== c) return false;
  return true;
}

/** The ASCII digits of s[from..to), in order (runs of digits sliced, not one character at a time). */
function digitsIn(s: string, from: number, to: number): string {
  let out = '';
  let run = -1;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (run < 0) run = i;
    } else if (run >= 0) {
      out += s.slice(run, i);
      run = -1;
    }
  }
  if (run >= 0) out = run === 0 && to === s.length && out === '' ? s : out + s.slice(run, to);
  return out;
}

function digitsOf(s: string): string {
  return digitsIn(s, 0, s.length);
}

/** International numbers written with spacing only ("+44 20 7946 0958", "+1 (415) 555-0123"). */
const FORMATTED_INTL_RE = /^\+[\d\s\-.()/]+$/;
/** Spacing characters a national number may be written with. */
const FORMATTED_NATIONAL_RE = /^[\d\s\-.()/]+$/;

/**
 * The common shapes, without the parser (which costs ~30 µs a number): an international number with
 * only spacing, and a North American number in a +1 region. Both give what the parser gives. Anything
 * else (trunk prefixes such as "(0)" or a 0 right after the calling code, other regions' national
 * formats) goes to quickParse.
 */
function fastPath(s: string, region: CountryCode | null): NormPhone | null {
  if (s.charCodeAt(0) === 43 /* + */) {
    // A slash with a space beside it may separate a number from its shortened alternative (readOne).
    if (s.includes('(0)') || !FORMATTED_INTL_RE.test(s) || s.includes(' /') || s.includes('/ ')) return null;
    return fastE164('+' + digitsOf(s));
  }
  if (region === null || !NANP_REGIONS.has(region) || !FORMATTED_NATIONAL_RE.test(s)) return null;
  const digits = digitsOf(s);
  const from = digits.length === 11 && digits.charCodeAt(0) === 49 ? 1 : 0; // a leading 1 (trunk prefix)
  if (!isNanp(digits, from) || sameDigitFrom(digits, from + 3)) return null;
  const display = from === 0 ? '+1' + digits : '+' + digits;
  return { display, key: 'p:' + display };
}

/** Regions of the North American Numbering Plan (calling code 1). */
const NANP_REGIONS: ReadonlySet<string> = new Set(getCountries().filter((c) => getCountryCallingCode(c) === '1'));

function parse(raw: string, region: CountryCode | null): NormPhone | null {
  return readOrRepair(raw, readerFor(region));
}

/** The first reading of a trimmed number in a region: the shortcuts, quickParse, then the parser. */
function readerFor(region: CountryCode | null): (s: string) => NormPhone | null {
  return (s) => {
    const fast = fastE164(s) ?? fastPath(s, region);
    if (fast) return fast;
    const quick = quickParse(s, region);
    if (quick !== undefined) return quick;
    return parseWithLibrary(s, region);
  };
}

/** Full-width forms (＋１ ４１５ …) typed by East Asian input methods: NFKC maps them to ASCII. */
const FULL_WIDTH = /[\uff01-\uff5e]/u;
/** A decimal digit of another script (Arabic-Indic ٠-٩, Persian ۰-۹, Devanagari, Bengali, Thai, full-width …). */
const OTHER_DIGIT = /(?![0-9])\p{Nd}/u;
const OTHER_DIGITS = /(?![0-9])\p{Nd}/gu;
const DECIMAL_DIGIT = /^\p{Nd}$/u;
/** The Arabic letter mark (ALM, U+061C): a direction mark dropInvisible does not know. */
const ARABIC_LETTER_MARK = /\u061c/g;
/** The Arabic comma (U+060C) a list of numbers ends with or starts with, and the spaces around it. */
const ARABIC_COMMA_EDGES = /^[\s\u060c]+|[\s\u060c]+$/g;

/**
 * The extension words (EXTENSION_WORDS, "DW", "wew."), French "p." (poste), and a pause, as "ext", only
 * between the number (a digit or ')' before it) and the digits of the extension.
 *
 * A "p" (pause) or "w" (wait) there is a DTMF dial string, "+14155550136p123": a phone dials the number,
 * pauses (or waits for the user) and then sends the digits to the switchboard. That is how phones store
 * a direct line behind a switchboard, so it reads as the extension it is: "+14155550136;ext=123". It is
 * the same person whether written "p 123", "p. 123" (French for poste) or "x123".
 */
const EXTENSION_WORD_RE = new RegExp(`(?<=[\\d)]\\s*)(?:${EXTENSION_WORDS}|dw\\.?|wewn?\\.?|p\\.|[pw]+)\\s*:?\\s*(?=\\d)`, 'giu');

/** Which second readings can apply, from one pass over the char codes (the ASCII common case pays no regex). */
const HAS_NON_ASCII = 1;
const HAS_LETTER = 2;
function shapeOf(s: string): number {
  let f = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128) f |= HAS_NON_ASCII;
    else if ((c | 0x20) >= 97 && (c | 0x20) <= 122) f |= HAS_LETTER;
  }
  return f;
}

/**
 * The value of a Unicode decimal digit (\p{Nd}). Unicode encodes every decimal digit set as ten
 * consecutive code points 0 to 9 (a stability guarantee), and where sets follow each other (the five
 * mathematical sets at U+1D7CE) every one has ten, so the distance from the start of the run, mod 10,
 * is the value.
 */
function digitValue(cp: number): number {
  let zero = cp;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(zero - 1))) zero--;
  return (cp - zero) % 10;
}

/** Decimal digits of any script as ASCII digits (what libphonenumber does for Arabic-Indic and full-width, for every script). */
function asciiDigits(s: string): string {
  return s.replace(OTHER_DIGITS, (d) => String(digitValue(d.codePointAt(0) as number)));
}

/**
 * A second reading of a number that did not parse into a key of its own (issue #12: a number a person
 * can be called on is a person): invisible characters dropped (the Arabic letter mark too), full-width
 * digits and '+' as ASCII, decimal digits of every other script (Arabic-Indic, Persian, Devanagari …) as
 * ASCII, an RFC 3966 `tel:` URI (vCard 4) or a label ("Mobile: …", "Tel. …") before it, the apostrophe a
 * spreadsheet puts before "+1…" to keep it text, an Arabic comma at either end, and the extension words
 * of EXTENSION_WORD_RE as "ext". Only called when the first reading failed.
 */
function repair(raw: string): string {
  let s = dropInvisible(raw);
  const shape = shapeOf(s);
  if (shape & HAS_NON_ASCII) {
    if (FULL_WIDTH.test(s)) s = s.normalize('NFKC');
    if (OTHER_DIGIT.test(s)) s = asciiDigits(s);
    s = s.replace(ARABIC_LETTER_MARK, '').replace(ARABIC_COMMA_EDGES, '');
  }
  s = s.trim().replace(/^'+/, '');
  s = s.replace(/^(?:tel:|[\p{L}][\p{L}\p{M} ]{0,19}(?:[:.]\s*|\s+(?=[+(\d])))/iu, '');
  if (shape !== 0) s = s.replace(EXTENSION_WORD_RE, ' ext ');
  return s.trim();
}

/**
 * `read` of the trimmed number; when that gives no key of its own, `read` of its repaired form, if any
 * better. Exported for the tests, which wrap their reference parses in the same second reading.
 */
export function readOrRepair(raw: string, read: (s: string) => NormPhone | null): NormPhone | null {
  const s = raw.trim();
  if (s === '') return null;
  const v = readOne(s, read);
  if (isFull(v)) return v;
  const fixed = repair(s);
  if (fixed === s || fixed === '') return v;
  const w = readOne(fixed, read);
  if (w === null) return v;
  // Only the repaired form has digits ("٩١١", or a list "+٩٦٦ …، +٩٦٦ …" its caller splits): a number
  // without a key, shown as written.
  if (v === null && w.key === null) return { display: s, key: null };
  return w.key !== null && (v === null || v.key === null || w.key.startsWith('p:')) ? w : v;
}

/** Whether a reading is a full number ('p:' key). */
function isFull(v: NormPhone | null): boolean {
  return v !== null && v.key !== null && v.key.startsWith('p:');
}

/** `read` of a number, or the first of a number and its shortened alternative ("… 0172 / 0173"). */
function readOne(s: string, read: (s: string) => NormPhone | null): NormPhone | null {
  const split = splitAlternative(s);
  if (split === null) return read(s);
  let v: NormPhone | null = null;
  if (split.tight) {
    // "030/1234567" is one number: a slash without spaces is read whole first.
    v = read(s);
    if (isFull(v)) return v;
  }
  const alt = readAlternative(s, split, read);
  if (alt !== null) return alt[0]!;
  return split.tight ? v : read(s);
}

/** Words between a number and its shortened alternative ("+1 415 555 0178 and 555 0179"). */
const ALTERNATIVE_WORDS: ReadonlySet<string> = new Set(['and', 'or', 'und', 'oder', 'et', 'ou', 'y', 'o', 'e']);

function isSpacing(c: number): boolean {
  return c === 32 || c === 9 || c === 160 || c === 45 || c === 46;
}

function isAsciiLetter(c: number): boolean {
  return (c | 0x20) >= 97 && (c | 0x20) <= 122;
}

/** Where a number and its shortened alternative meet: the separator at s[head..], the short part at s[tail..]. */
interface AlternativeSplit {
  head: number;
  tail: number;
  /** A slash without spaces, which a single number may also be written with ("030/1234567"). */
  tight: boolean;
}

/**
 * A complete number followed by a shortened alternative: "+1 415 555 0172 / 0173", "+1 415 555 0178 and
 * 555 0179", "+1 415 555 0178 | 0179", "030 1234567 / 68": people write the second number as the digits
 * that replace the end of the first. This finds the shape only, from the end of the string: digits and
 * spacing, after a separator: / | & ، (Arabic comma) or a word of ALTERNATIVE_WORDS; not ',' or ';'
 * (DTMF pauses, see EXTENSION_RE). A number alone (all digits and spacing) is told after one pass back.
 */
function splitAlternative(s: string): AlternativeSplit | null {
  let i = s.length - 1;
  const last = s.charCodeAt(i);
  if (last < 48 || last > 57) return null;
  for (; i >= 0; i--) {
    const c = s.charCodeAt(i);
    if (!(c >= 48 && c <= 57) && !isSpacing(c)) break;
  }
  if (i < 1) return null;
  const c = s.charCodeAt(i);
  if (c === 47 /* / */ || c === 124 /* | */ || c === 38 /* & */ || c === 0x060c /* ، */) {
    return { head: i, tail: i + 1, tight: c === 47 && !isSpacing(s.charCodeAt(i - 1)) && !isSpacing(s.charCodeAt(i + 1)) };
  }
  // A word: and, or, und, oder, et, ou, e, y, o (its last letter tells most other words apart: "x12").
  const w = c | 0x20;
  if (!isAsciiLetter(c) || !(w === 100 || w === 114 || w === 116 || w === 117 || w === 101 || w === 121 || w === 111)) return null;
  let head = i;
  while (head > 0 && i - head < 4 && isAsciiLetter(s.charCodeAt(head - 1))) head--;
  if (!isSpacing(s.charCodeAt(head - 1)) || !ALTERNATIVE_WORDS.has(s.slice(head, i + 1).toLowerCase())) return null;
  return { head, tail: i + 1, tight: false };
}

/**
 * The numbers of a number and its shortened alternative, when the first part alone is a full number (a
 * 'p:' key, no extension) and the short part has fewer digits than its national number: the first, then
 * the first with its last digits replaced by the short part when that is a valid number (libphonenumber's
 * isValid) and a neighbouring line (at most 20 away), so the first is never lost
 * because of the second and no number is invented from a year or an area code. Null when the first part is no full number.
 */
function readAlternative(s: string, split: AlternativeSplit, read: (s: string) => NormPhone | null): NormPhone[] | null {
  const first = read(s.slice(0, split.head).trim());
  if (first === null || !isFull(first) || first.display.includes(';')) return null;
  const short = digitsIn(s, split.tail, s.length);
  const e164 = first.display;
  if (short.length >= e164.length - 1 - callingCodeLength(e164)) return null;
  const numbers = [first];
  const other = e164.slice(0, e164.length - short.length) + short;
  // A neighbouring line ("0172 / 73", "… 0178 and 0179"), not any digits: "/ 2024" or "/ 415" after
  // "… 555 0190" is a year or an area code, and replacing the end with it would invent a number.
  const near = Math.abs(Number(short) - Number(e164.slice(e164.length - short.length))) <= MAX_ALTERNATIVE_DISTANCE;
  if (near && other !== e164 && parsePhoneNumberFromString(other)?.isValid()) {
    const second = read(other);
    if (second !== null && second.key === 'p:' + other) numbers.push(second);
  }
  return numbers;
}

/** A shortened alternative names a line at most this far from the first ("0172 / 73", "555 0178 and 555 0179"). */
const MAX_ALTERNATIVE_DISTANCE = 20;

/** The length of the calling code of an E.164 number (calling codes are prefix-free). */
function callingCodeLength(e164: string): number {
  for (let n = 1; n <= 3; n++) if (isCallingCode(e164.slice(1, 1 + n))) return n;
  return 0;
}

/**
 * The numbers of a phone field holding a number and its shortened alternative ("+1 415 555 0172 / 0173"
 * gives +14155550172 and +14155550173), with the first and second reading; null for any other field.
 * normalizePhone gives the first of them; a caller reading a field as a list of numbers takes them all.
 */
export function phoneAlternatives(raw: string, region: CountryCode | null): NormPhone[] | null {
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  if (s === '') return null;
  // Cheap for a number alone: one pass back over its digits, and one over its characters when no repair can apply.
  const alt = alternativesOf(s, region);
  if (alt !== null || shapeOf(s) === 0) return alt;
  const fixed = repair(s);
  return fixed === s ? null : alternativesOf(fixed, region);
}

function alternativesOf(s: string, region: CountryCode | null): NormPhone[] | null {
  const split = splitAlternative(s);
  if (split === null) return null;
  const read = readerFor(region);
  if (split.tight && isFull(read(s))) return null;
  return readAlternative(s, split, read);
}

/**
 * The same normalisation without quickParse: the shortcuts that skip the parser entirely, then
 * libphonenumber. The reference the tests compare quickParse with; not used in production.
 */
export function parsePhoneSlow(raw: string, region: CountryCode | null): NormPhone | null {
  return readOrRepair(raw, (s) => fastE164(s) ?? fastPath(s, region) ?? parseWithLibrary(s, region));
}

/** The production parse without the cache (tests compare it with parsePhoneSlow). */
export function parsePhoneUncached(raw: string, region: CountryCode | null): NormPhone | null {
  return parse(raw, region);
}

/** quickParse alone on a trimmed string: undefined when it leaves the string to the parser (tests measure its reach). */
export function parsePhoneQuick(raw: string, region: CountryCode | null): NormPhone | null | undefined {
  const s = raw.trim();
  return s === '' ? null : quickParse(s, region);
}

/** "00" (most of the world) or "011" (North America) then a calling code: an international call prefix. */
const IDD_LITERAL_RE = /^(?:00|011)[1-9]/;
/** That prefix as written, spacing included ("00 ", "0-1-1 "). */
const IDD_WRITTEN_RE = /^0[\s.\-/]*(?:0|1[\s.\-/]*1)[\s.\-/]*/;

function parseWithLibrary(s: string, region: CountryCode | null): NormPhone | null {
  const digits = digitsOf(s);
  // Garbage (no digits, or longer than any phone number) and service codes (*86#, 112) never merge anyone.
  if (digits.length === 0) return null;
  if (/^[*#]/.test(s)) return { display: s, key: null };

  // "00" (most of the world) and "011" (North America) are international call prefixes. The parser only
  // knows the prefix of the given region, so "0049 30 ..." typed in a US book is tried as "+49 30 ..." too.
  // Written with spacing inside ("00 44 20 ...", "011 49 30 ..."), the prefix is taken only when the rest is
  // a possible number: "011 234 5678" is also how Johannesburg numbers are written at home.
  const idd = !s.startsWith('+') && IDD_LITERAL_RE.test(s);
  const spacedIdd = !s.startsWith('+') && !idd && IDD_LITERAL_RE.test(digits);
  let international = s.startsWith('+') || idd;
  let parsed = parsePhoneNumberFromString(s, region ? { defaultCountry: region } : undefined);
  if ((idd || spacedIdd) && !parsed?.isPossible()) {
    const alt = parsePhoneNumberFromString('+' + s.replace(IDD_WRITTEN_RE, ''));
    if (alt?.isPossible() || (idd && !parsed)) {
      parsed = alt;
      international = true;
    }
  }

  if (parsed && (international || region)) {
    const national = parsed.nationalNumber as string;
    const bad = national.length < MIN_NATIONAL_DIGITS || !parsed.isPossible() || /^(\d)\1*$/.test(national);
    if (parsed.ext) return withExtension(parsed.number as string, parsed.ext, bad);
    // A pause (',' ';' '#') the parser does not read as an extension: shown as written, never merged.
    if (hasExtension(s)) return { display: s, key: null };
    if (bad) {
      // A local number without its area code ("234-5678" in a +1 book): as with no region.
      if (!international && isLocalNumber(parsed.number as string, national, region)) return noCountry(s, digits);
      // Too short for a subscriber number, impossible length for the country, or filler ("000 0000").
      return { display: s, key: null };
    }
    return { display: parsed.number as string, key: 'p:' + parsed.number };
  }
  return noCountry(s, digits);
}

/**
 * A national number (written without '+' or a call prefix) of the region's own calling code, of 7
 * digits or more, not starting with 0, and shorter than any number of the region: a local number written
 * without its area code ("234-5678", "555 0151" in a +1 book), which the parser cannot make a full number
 * of. It is read as when the region is unknown (noCountry): shown as written and keyed on its digits (it
 * joins no full number: its area code is unknown, see merge/links.ts); short codes (112, 911) stay keyless.
 */
function isLocalNumber(number: string, national: string, region: CountryCode | null): boolean {
  if (region === null || national.length < MIN_NATIONAL_DIGITS) return false;
  const rp = regionPlan(region);
  if (rp === null || !number.startsWith(rp.plan.callingCode, 1)) return false;
  const lengths = rp.plan.lengths;
  // A subscriber number never starts with 0 (a trunk or call prefix; "(000) 000-001" is filler).
  return lengths !== null && national.length < lengths[0]! && national.charCodeAt(0) !== 48;
}

/**
 * A number with an extension: a person's direct line, callable, shown and keyed RFC 3966 style
 * ("+14155550123;ext=9"). The key differs from the bare number's, so colleagues on one switchboard never
 * merge through it (merge.ts reads the bare number of such a key as a switchboard). A number that is not
 * a possible subscriber number gets no key, as without an extension.
 */
function withExtension(number: string, ext: string, bad: boolean): NormPhone {
  const display = `${number};ext=${ext}`;
  return { display, key: bad ? null : 'p:' + display };
}

/** A number whose country is unknown (or that the parser could not read). */
function noCountry(s: string, digits: string): NormPhone {
  if (hasExtension(s)) return { display: s, key: null };
  // No country known: keep the digits as a national-only key; it matches the same digits in the same
  // book (and merge links it to a full number that ends with them).
  if (digits.length < MIN_NATIONAL_DIGITS || digits.length > MAX_E164_DIGITS) return { display: s, key: null };
  if (sameDigit(digits)) return { display: s, key: null };
  return { display: s, key: 'n:' + digits };
}

/** /^(\d)\1*$/ on a string of digits: one digit repeated ("0000000"). */
function sameDigit(digits: string): boolean {
  const c = digits.charCodeAt(0);
  for (let i = 1; i < digits.length; i++) if (digits.charCodeAt(i) !== c) return false;
  return digits.length > 0;
}

// --- quickParse: the parser's own steps on its own metadata ---------------------------------------------
//
// For a string made of ASCII digits and spacing (" -./()"), with at most a leading '+' and an optional
// trailing extension ("x123", "ext. 12"), libphonenumber's answer depends only on the digits and the
// region, through a handful of steps: strip the region's international call prefix (IDD), find the
// calling code, strip a national prefix (the "0" of "+49 (0)30 ..." or of "030 ..."), decide the country
// among those sharing the calling code, and check the length. quickParse repeats those steps with the
// patterns and lengths of the same metadata (libphonenumber's min metadata, which parsePhoneNumberFromString
// uses), then applies parseWithLibrary's rules to the result. Where the parser would pick one country among
// several (+1, +44, +7, ...) quickParse does not guess: it goes on only when every candidate country gives
// the same answer, and otherwise leaves the string to the parser (undefined), as it does for every shape it
// does not know. test/domain/phone.test.ts checks it against parsePhoneSlow on generated numbers.

/** The parts of libphonenumber's Metadata API used here (public class, untyped methods). */
interface LibNumberingPlan {
  callingCode(): string;
  IDDPrefix(): string;
  nationalNumberPattern(): string;
  possibleLengths(): number[] | undefined;
  nationalPrefixForParsing(): string | number | undefined;
  nationalPrefixTransformRule(): string | number | undefined;
}
interface LibMetadata {
  numberingPlan: LibNumberingPlan;
  selectNumberingPlan(countryOrCallingCode: string): void;
  hasCountry(country: string): boolean;
  hasCallingCode(callingCode: string): boolean | undefined;
  getCountryCodesForCallingCode(callingCode: string): string[] | undefined;
}

/** One country's numbering plan, with the regular expressions the parser builds from it. */
interface Plan {
  callingCode: string;
  /** `new RegExp(IDDPrefix)`, as the parser's stripIddPrefix builds it. */
  idd: RegExp;
  /** `^(?:national_prefix_for_parsing)`, or null when the plan has none. */
  nationalPrefix: RegExp | null;
  transformRule: string | null;
  /** `^(?:national_number_pattern)$`, the parser's matchesEntirely. */
  nationalNumber: RegExp;
  lengths: number[] | null;
}

/** The countries of one calling code and what their lengths say, agreed by all of them or not. */
interface CallingPlan {
  callingCode: string;
  /** The plan the parser selects for the calling code alone (its first country). */
  main: Plan;
  /** By national number length: true/false when every country of the code says so, null when they differ. */
  possible: (boolean | null)[];
  /** The same for the parser's "possible incomplete number" test when it strips a national prefix. */
  incompleteOk: (boolean | null)[];
}

const LENGTH_POSSIBLE = 0;
const LENGTH_TOO_SHORT = 1;
const LENGTH_TOO_LONG = 2;
const LENGTH_INVALID = 3;
/** Longest national number the agreement tables cover (longer input is left to the parser). */
const MAX_TABLE_LENGTH = 64;
/** Longest string quickParse reads. */
const MAX_QUICK_LENGTH = 64;

let META: LibMetadata | null = null;
const plans = new Map<string, Plan>();
/**
 * Calling code (as a number, 1-999) -> its plan; null for a non-geographic code (+800, +882, ...), left
 * to the parser; undefined for no calling code.
 */
let callingPlans: (CallingPlan | null | undefined)[] | null = null;

function meta(): LibMetadata {
  return (META ??= new Metadata() as unknown as LibMetadata);
}

function planOf(country: string): Plan {
  let p = plans.get(country);
  if (p === undefined) {
    const m = meta();
    m.selectNumberingPlan(country);
    const np = m.numberingPlan;
    const prefix = np.nationalPrefixForParsing();
    const rule = np.nationalPrefixTransformRule();
    p = {
      callingCode: np.callingCode(),
      idd: new RegExp(np.IDDPrefix()),
      nationalPrefix: prefix ? new RegExp('^(?:' + prefix + ')') : null,
      transformRule: rule ? String(rule) : null,
      nationalNumber: new RegExp('^(?:' + np.nationalNumberPattern() + ')$'),
      lengths: np.possibleLengths() ?? null,
    };
    plans.set(country, p);
  }
  return p;
}

/** checkNumberLength of the parser: the length against a plan's possible lengths. */
function lengthStatus(length: number, lengths: number[] | null): number {
  if (!lengths) return LENGTH_POSSIBLE;
  const min = lengths[0]!;
  if (min === length) return LENGTH_POSSIBLE;
  if (min > length) return LENGTH_TOO_SHORT;
  if (lengths[lengths.length - 1]! < length) return LENGTH_TOO_LONG;
  return lengths.indexOf(length, 1) >= 0 ? LENGTH_POSSIBLE : LENGTH_INVALID;
}

function agreement(countries: Plan[], test: (status: number) => boolean): (boolean | null)[] {
  const out: (boolean | null)[] = [];
  for (let len = 0; len <= MAX_TABLE_LENGTH; len++) {
    let yes = 0;
    for (const p of countries) if (test(lengthStatus(len, p.lengths))) yes++;
    out.push(yes === countries.length ? true : yes === 0 ? false : null);
  }
  return out;
}

/** The plan of a calling code given as a number (the digits of a code never start with 0). */
function callingPlanOf(callingCode: number): CallingPlan | null | undefined {
  if (callingPlans === null) {
    // Every code the parser's extractCountryCallingCode can find: 1 to 3 digits, not starting with 0.
    const m = meta();
    const table: (CallingPlan | null | undefined)[] = new Array(1000).fill(undefined);
    for (let n = 1; n <= 999; n++) {
      const cc = String(n);
      if (!m.hasCallingCode(cc)) continue;
      const countries = m.getCountryCodesForCallingCode(cc);
      if (!countries || countries.length === 0) {
        table[n] = null;
        continue;
      }
      const ps = countries.map(planOf);
      table[n] = {
        callingCode: cc,
        main: ps[0]!,
        possible: agreement(ps, (st) => st === LENGTH_POSSIBLE),
        incompleteOk: agreement(ps, (st) => st !== LENGTH_TOO_SHORT && st !== LENGTH_INVALID),
      };
    }
    callingPlans = table;
  }
  return callingPlans[callingCode];
}

let supportedRegions: Set<string> | null = null;

function regionPlan(region: string): { plan: Plan; calling: CallingPlan } | null {
  supportedRegions ??= new Set(getCountries());
  if (!supportedRegions.has(region)) return null;
  const plan = planOf(region);
  const calling = callingPlanOf(Number(plan.callingCode));
  return calling ? { plan, calling } : null;
}

/** What the parser makes of the digits: E.164, national number and possibility; null: it returns nothing. */
interface Parsed {
  number: string;
  national: string;
  possible: boolean;
}

/** quickParse cannot decide (countries of a calling code disagree, an unusual plan): the parser decides. */
const UNSURE = undefined;

/**
 * extractNationalNumber of the parser (national prefix and carrier code stripped, when what remains is
 * still a possible number), with `plan` selected. UNSURE when the countries of the code disagree.
 */
function nationalOf(number: string, plan: Plan, calling: CallingPlan): string | undefined {
  const re = plan.nationalPrefix;
  if (re === null || number === '') return number;
  const m = re.exec(number);
  if (m === null) return number;
  const groups = m.length - 1;
  const captured = groups > 0 && m[groups];
  const national = plan.transformRule && captured ? number.replace(re, plan.transformRule) : number.slice(m[0].length);
  if (national === number) return number;
  // "Don't strip the national prefix" when the number was valid with it and is not without it.
  if (plan.nationalNumber.test(number) && !plan.nationalNumber.test(national)) return number;
  if (!plan.lengths) return national;
  const ok = calling.incompleteOk[national.length];
  if (ok === undefined || ok === null) return UNSURE;
  return ok ? national : number;
}

/** The parser's result for a national (significant) number of a calling code. */
function finish(calling: CallingPlan, national: string | undefined): Parsed | null | undefined {
  if (national === undefined) return UNSURE;
  if (national.length < 2 || national.length > 17) return null; // MIN/MAX_LENGTH_FOR_NSN: no number
  const possible = calling.possible[national.length];
  if (possible === undefined || possible === null) return UNSURE;
  return { number: '+' + calling.callingCode + national, national, possible };
}

/** The parser on "+<digits>". */
function parseInternational(digits: string): Parsed | null | undefined {
  if (digits === '') return UNSURE;
  if (digits.charCodeAt(0) === 48) return null; // no calling code starts with 0
  let cc = 0;
  for (let i = 1; i <= 3 && i <= digits.length; i++) {
    cc = cc * 10 + digits.charCodeAt(i - 1) - 48;
    const calling = callingPlanOf(cc);
    if (calling === undefined) continue;
    if (calling === null) return UNSURE; // non-geographic
    const rest = digits.slice(i);
    if (rest === '') return null;
    return finish(calling, nationalOf(rest, calling.main, calling));
  }
  return null;
}

/** The parser on digits without '+' and a default country. */
function parseNational(digits: string, plan: Plan, calling: CallingPlan): Parsed | null | undefined {
  // An international call prefix of the region: the rest is an international number.
  if (digits.search(plan.idd) === 0) {
    const stripped = digits.slice(digits.match(plan.idd)![0].length);
    if (stripped !== '' && stripped.charCodeAt(0) !== 48) return parseInternational(stripped);
  }
  const cc = calling.callingCode;
  if (digits.startsWith(cc)) {
    // The region's own calling code without '+' ("49 30 ..." in Germany), when that reads better.
    const shorter = digits.slice(cc.length);
    const withoutCode = nationalOf(shorter, plan, calling);
    const whole = nationalOf(digits, plan, calling);
    if (withoutCode === undefined || whole === undefined) return UNSURE;
    if ((!plan.nationalNumber.test(whole) && plan.nationalNumber.test(withoutCode)) || lengthStatus(whole.length, plan.lengths) === LENGTH_TOO_LONG) {
      if (shorter === '') return null;
      return finish(calling, nationalOf(shorter, calling.main, calling));
    }
  }
  return finish(calling, nationalOf(digits, plan, calling));
}

/**
 * parseWithLibrary's answer for the shapes described above, without the library; undefined for any
 * other shape or whenever it is not certain to give the same answer.
 */
function quickParse(s: string, region: CountryCode | null): NormPhone | null | undefined {
  const n = s.length;
  if (n > MAX_QUICK_LENGTH) return undefined;
  let rp: { plan: Plan; calling: CallingPlan } | null = null;
  if (region !== null) {
    rp = regionPlan(region);
    if (rp === null) return undefined;
  }
  const plus = s.charCodeAt(0) === 43;
  // The number part: digits and spacing only; then an optional extension.
  let i = plus ? 1 : 0;
  let lastDigit = -1;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      lastDigit = i;
    } else if (!(c === 32 || c === 45 || c === 46 || c === 47 || c === 40 || c === 41)) {
      break;
    }
  }
  const digits = digitsIn(s, plus ? 1 : 0, i);
  let ext: string | null = null;
  if (i < n) {
    // " x123", "x.12", " ext 12", " Ext. 12": spaces, a label, an optional '.', an optional space, 1-6 digits.
    let j = lastDigit + 1;
    while (j < n && s.charCodeAt(j) === 32) j++;
    if (j !== i) return undefined; // something other than spaces between the number and the label
    const c0 = s.charCodeAt(j) | 0x20;
    if (c0 === 120 /* x */) {
      j += 1;
    } else if (c0 === 101 /* e */ && (s.charCodeAt(j + 1) | 0x20) === 120 && (s.charCodeAt(j + 2) | 0x20) === 116 /* t */) {
      j += 3;
    } else {
      return undefined;
    }
    if (s.charCodeAt(j) === 46) j++;
    if (s.charCodeAt(j) === 32) j++;
    const start = j;
    while (j < n && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) j++;
    if (j !== n || j === start || j - start > 6) return undefined;
    ext = s.slice(start);
  }
  // Fewer than 3 digits is not a "viable" number for the parser: its own rules, left to it.
  if (digits.length < 3) return undefined;

  let idd = !plus && IDD_LITERAL_RE.test(s);
  const spacedIdd = !plus && !idd && IDD_LITERAL_RE.test(digits); // see parseWithLibrary
  let parsed: Parsed | null | undefined;
  if (plus) parsed = parseInternational(digits);
  else parsed = rp === null ? null : parseNational(digits, rp.plan, rp.calling);
  if (parsed === UNSURE) return undefined;
  if ((idd || spacedIdd) && !parsed?.possible) {
    // The region's parse was not a possible number: try the prefix as an international call prefix.
    const alt = parseInternational(digits.slice(digits.charCodeAt(1) === 48 ? 2 : 3));
    if (alt === UNSURE) return undefined;
    if (alt?.possible || (idd && !parsed)) {
      parsed = alt;
      idd = true;
    }
  }

  if (parsed && (plus || idd || region)) {
    const national = parsed.national;
    const bad = national.length < MIN_NATIONAL_DIGITS || !parsed.possible || sameDigit(national);
    if (ext !== null) return withExtension(parsed.number, ext, bad);
    if (bad) return !plus && !idd && isLocalNumber(parsed.number, national, region) ? noCountry(s, digits) : { display: s, key: null };
    return { display: parsed.number, key: 'p:' + parsed.number };
  }
  return noCountry(s, ext === null ? digits : digitsOf(s));
}

/**
 * Normalises one uploaded number. `region` is the country used for numbers without a country code
 * (from source.phone or the configured default), or null. Returns null for a blank string; otherwise
 * a NormPhone whose key is null when the number must never merge people (extension, short code, garbage).
 */
export function normalizePhone(raw: string, region: CountryCode | null): NormPhone | null {
  if (typeof raw !== 'string') return null;
  // A number in one of the common shapes (fastE164, fastPath) costs less to read than to look up in the
  // cache, and that reading is final (its key is a 'p:' key: readOrRepair keeps it): only the rest is cached.
  const s = raw.trim();
  if (s !== '') {
    const fast = fastE164(s) ?? fastPath(s, region);
    if (fast !== null) return fast;
  }
  const key = (region ?? '') + '\n' + raw;
  const hit = parseCache.get(key); // null (not a number) is a cached answer too
  if (hit !== undefined) return copy(hit);
  const parsed = parse(raw, region);
  parseCache.set(key, parsed);
  return copy(parsed);
}

/** Owners' phones -> their region. */
const regionCache = new TwoGenerationCache<string, CountryCode | null>(CACHE_MAX);

/**
 * The country of an owner's phone (E.164 or with an international prefix), used as the region for the
 * numbers of that owner's book. Null when the number has no country code or is not a phone number.
 */
export function regionFromPhone(phone: string | null | undefined): CountryCode | null {
  if (typeof phone !== 'string') return null;
  const s = phone.trim();
  if (!/^(?:\+|00)/.test(s)) return null;
  const hit = regionCache.get(s); // null (no country) is a cached answer too
  if (hit !== undefined) return hit;
  const p = parsePhoneNumberFromString(s.startsWith('+') ? s : '+' + s.slice(2));
  const region = p?.country ?? null;
  regionCache.set(s, region);
  return region;
}

/** Empties the parse caches (tests and benchmarks measure cold parsing with it). */
export function clearPhoneCache(): void {
  parseCache.clear();
  regionCache.clear();
}
