/**
 * Phone normalisation to E.164 with libphonenumber-js, plus the rules that keep numbers from merging
 * people who are not the same: extensions (a switchboard) and short codes (a service) get no key.
 *
 * Parsing costs ~30-45 µs a number warm, so three shortcuts: strings already in strict E.164 skip the
 * parser (a table of calling codes checks them), the common national and international shapes are read
 * by a re-implementation of the parser's steps on its own metadata (quickParse: same result, ~1 µs; the
 * two readings of a number written with "00" too, quickCarrierPrefixMisread), and every result the
 * shortcuts do not give is cached per (region, raw).
 */
import { TwoGenerationCache } from './cache.ts';
import { dropControls, dropInvisible, hasFullWidthAscii, shortSpacing } from './invisible.ts';
import { isValidInFullPlan } from './phone-kind.ts';
import { Metadata, getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { Metadata as FullMetadata, type MetadataJson } from 'libphonenumber-js/core';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import { createRequire } from 'node:module';
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
/** Each country's calling code, read once: libphonenumber's getCountryCallingCode wraps its metadata anew on every call. */
const CALLING_CODE_OF = new Map<string, string>();
for (const c of getCountries()) {
  const cc = getCountryCallingCode(c);
  CALLING_CODE_OF.set(c, cc);
  CALLING_CODES[Number(cc)] = 1;
}

/** getCountryCallingCode(region), from the table above (a region it lacks asks libphonenumber, which throws as before). */
function regionCallingCode(region: CountryCode): string {
  return CALLING_CODE_OF.get(region) ?? getCountryCallingCode(region);
}

/** Whether `digits` (1 to 3 of them, no '+') is the calling code of a country libphonenumber knows. */
export function isCallingCode(digits: string): boolean {
  return digits.length >= 1 && digits.length <= 3 && digits.charCodeAt(0) !== 48 /* '0' */ && CALLING_CODES[Number(digits)] === 1;
}

const E164_RE = /^\+[1-9]\d{7,14}$/;
/**
 * Extension words libphonenumber does not know (it reads "ext", "extension", "extensión", "anexo", "int",
 * "доб", "x", "#" and ",,"): French and Québec "poste", German "Durchwahl", Italian "interno", Portuguese
 * "ramal", Dutch "toestel", Turkish "dahili", Swedish "anknytning", Czech "linka", Slovak "klapka",
 * Hungarian "mellék", Danish and Norwegian "lokal", Hebrew שלוחה, Arabic تحويلة and داخلي, Persian داخلی,
 * Chinese 转/分机, Japanese 内線, Korean 내선; the abbreviations German "DW" and Polish "wew."/"wewn."
 * follow apart (they need a word boundary where nothing else precedes them). The words of letters are
 * read as whole words ("linka", not the end of "Malinka" or "infolinka"). Not the short forms that are
 * words of an opening time too (Danish and Norwegian "kl." is o'clock: "kl. 9-16").
 */
const EXTENSION_WORDS =
  '(?<!\\p{L})(?:poste|durchwahl|interno|ramal|toestel|dahili|anknytning|linka|klapka|mellék|lokal|שלוחה|تحويلة|داخلي|داخلی)(?!\\p{L})|转|轉|分[机機]|内[線线]|內線|내선';

/**
 * Explicit extension markers (and DTMF pauses ',' ';' that dial one after connecting), the words of
 * EXTENSION_WORD_RE included: a number with one that is not read as +E164;ext=N gets no key (its digits
 * are not one number). "x" and "ext" count right after a digit too ("4155550170x5", as phones save it):
 * without a word boundary there, a book with no country read the extension as digits of the number.
 */
const EXTENSION_RE = new RegExp(
  `(?:(?:\\b|(?<=\\d))(?:ext\\.?|x\\.?)|extension|\\b(?:dw|wewn?)\\.?|доб|${EXTENSION_WORDS}|(?<=\\d\\s*)(?:p\\.|[pw]+)|[#,;]|;ext=)\\s*\\d`,
  'iu',
);

/** Whether a word is an extension's marker (`ext`, `x`, `Durchwahl`, `poste` …: EXTENSION_RE before digits). */
function isExtensionWord(word: string): boolean {
  return EXTENSION_RE.test('0 ' + word + '1');
}

/** The letters (and dots) a string starts with: its first word, '' when it starts otherwise. */
function firstWord(s: string): string {
  return s.split(/[^\p{L}.]/u)[0]!;
}

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
  return v === null ? null : v.alt === undefined ? { display: v.display, key: v.key } : { display: v.display, key: v.key, alt: v.alt };
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
    // After +52 it may be a dialling prefix Mexico abolished, which the metadata no longer has.
    if (s.charCodeAt(national) === 48) return cc === 52 ? mexicanDialPrefix(s) : null;
    if (s.length - national < MIN_NATIONAL_DIGITS) return null;
    if (cc === 1 && !isNanp(s, national)) return null;
    if (sameDigitFrom(s, national)) return null;
    return fullNumber(s);
  }
  return null;
}

/**
 * A full number as shown and keyed: the E.164 number, renumbered when a country's published migration
 * says a number of the old plan is now another (see renumbered).
 */
function fullNumber(e164: string): NormPhone {
  const n = renumbered(e164);
  return { display: n, key: 'p:' + n };
}

/** Vietnam's 2018 mobile renumbering (Ministry of Information and Communications): old 3-digit prefix -> new 2-digit one. */
const VN_2018: Record<string, string> = {
  '120': '70',
  '121': '79',
  '122': '77',
  '126': '76',
  '128': '78',
  '123': '83',
  '124': '84',
  '125': '85',
  '127': '81',
  '129': '82',
  '162': '32',
  '163': '33',
  '164': '34',
  '165': '35',
  '166': '36',
  '167': '37',
  '168': '38',
  '169': '39',
  '186': '56',
  '188': '58',
  '199': '59',
};

/**
 * An E.164 number of a numbering plan that has since changed, as it is dialled today; others unchanged.
 * Phone books keep numbers saved years ago beside the same person's number saved since, and both reach
 * one phone: they must merge. Only published, mechanical migrations whose old numbers the plan no longer
 * has (so nothing of today's plan is rewritten), and only when the new number is one (libphonenumber):
 *  - Mexico, 2019: the mobile '1' after +52 was abolished (+52 1 55 1234 5678 is +52 55 1234 5678);
 *  - Brazil, 2012-2016: a '9' was put before every 8-digit mobile number (+55 11 8123-4567 is
 *    +55 11 98123-4567; 8-digit numbers starting with 2-5 are landlines and stay);
 *  - Vietnam, 2018: 11-digit mobile numbers became 10-digit (+84 162 … is +84 32 …);
 *  - Benin, 30 November 2024: "01" was put before every 8-digit number (+229 97 12 34 56 is
 *    +229 01 97 12 34 56; beninTen);
 *  - Colombia, 1 September 2021: a landline's one-digit area code became 60 and that digit (+57 1 234
 *    5678 is +57 601 234 5678; colombianLandline);
 *  - Egypt, 6 October 2011: a digit of the operator was put after the 1 of every 10-digit mobile
 *    (+20 10 123 4567 is +20 100 123 4567; egyptianMobile).
 * The old number must be no valid number of the plan, the new one a valid one: the plan's own check.
 */
export function renumbered(e164: string): string {
  const c = e164.charCodeAt(1);
  if (c === 53 /* 5 */) {
    if (e164.length === 14 && e164.startsWith('+521')) return validInstead(e164, '+52' + e164.slice(4));
    if ((e164.length === 15 || e164.length === 16) && e164.startsWith('+54')) return argentineMobile(e164);
    if (e164.length === 13 && e164.startsWith('+55') && e164.charCodeAt(5) >= 54 /* 6-9 */ && e164.charCodeAt(3) !== 48 && e164.charCodeAt(4) !== 48) {
      return validInstead(e164, e164.slice(0, 5) + '9' + e164.slice(5));
    }
    if (e164.length === 11 && e164.startsWith('+57')) {
      const to = colombianLandline(e164);
      if (to !== e164) return to;
    }
  } else if (c === 50 /* 2 */) {
    if (e164.length === 12) {
      const to = e164.startsWith('+229') ? beninTen(e164) : e164.startsWith('+201') ? egyptianMobile(e164) : e164;
      if (to !== e164) return to;
    }
  } else if (e164.length === 13 && e164.startsWith('+841')) {
    const to = VN_2018[e164.slice(3, 6)];
    if (to !== undefined) return validInstead(e164, '+84' + to + e164.slice(6));
  }
  const n = callingCodeLength(e164);
  if (n === 0) return e164;
  const trunk = trunkAfterCallingCode(e164, n);
  if (trunk !== e164) return trunk;
  if (n === 2 && e164.charCodeAt(1) === 51 /* 3 */ && e164.charCodeAt(2) === 57 /* 9 */ && e164.charCodeAt(3) !== 48 && e164.charCodeAt(3) !== 51)
    return italianZero(e164);
  return doubledCallingCode(e164, n);
}

/**
 * Benin's ten-digit plan (ARCEP Bénin, in force 30 November 2024): every number of eight digits, fixed
 * or mobile, became "01" and those digits ("+229 97 12 34 56" is "+229 01 97 12 34 56"). `e164`: +229
 * and eight digits. The old plan had no number starting with 0.
 */
function beninTen(e164: string): string {
  if (e164.charCodeAt(4) === 48 /* 0 */) return e164;
  const to = '+22901' + e164.slice(4);
  return !validAsWritten(e164, 3) && validAsWritten(to, 3) ? to : e164;
}

/**
 * Colombia's landlines (CRC, resolución 5826 de 2019, in force 1 September 2021): the one-digit area
 * code of the old plan (1 Bogotá, 2, 4 Medellín, 5, 6, 7, 8) became 60 and that digit, before the same
 * seven digits ("+57 1 234 5678" is "+57 601 234 5678", "+57 4 444 5566" is "+57 604 444 5566").
 * `e164`: +57 and eight digits. Mobiles (3XX XXX XXXX) have ten digits and never pass here; an
 * eight-digit number the plan still has ("+57 46 12 3456") is valid as written, and stays.
 */
function colombianLandline(e164: string): string {
  const area = e164.charCodeAt(3);
  if (area < 49 /* 1 */ || area > 56 /* 8 */ || area === 51 /* 3 */) return e164;
  const to = '+5760' + e164.slice(3);
  return !validAsWritten(e164, 2) && validAsWritten(to, 2) ? to : e164;
}

/**
 * The digit Egypt's NTRA put after the 1 of a ten-digit mobile number on 6 October 2011, by the old
 * code's second digit (its operator's): 010, 016, 019 (Vodafone) became 0100, 0106, 0109; 011, 014
 * (Etisalat) 0111, 0114; 012, 017, 018 (Mobinil) 0122, 0127, 0128. '-' where the old plan had no such
 * code (013 and 015: landlines, and 015 the 11-digit ranges renumbered otherwise, now WE's mobiles).
 */
const EG_2011_OPERATOR_DIGIT = '012-1-0220';

/**
 * An Egyptian mobile of the plan before 6 October 2011 (NTRA: "digit (2) will be added after (01) code
 * for all the current numbers of Mobinil, digit (0) [...] of Vodafone, and digit (1) [...] of Etisalat";
 * a ported number took its donor's digit, so the number tells it): "+20 10 123 4567" is
 * "+20 100 123 4567". `e164`: +20, 1 and eight digits. Validity on the full metadata (isValidInFullPlan):
 * the parser's small one reads any nine digits after +20 1 as a number, the full one knows there is none.
 */
function egyptianMobile(e164: string): string {
  const digit = EG_2011_OPERATOR_DIGIT.charAt(e164.charCodeAt(4) - 48);
  if (digit === '' || digit === '-') return e164;
  const to = '+201' + digit + e164.slice(4);
  return !isValidInFullPlan(e164) && isValidInFullPlan(to) ? to : e164;
}

/**
 * The length of the prefix a Colombian landline was dialled with before September 2021, at the start of
 * `digits` (the plan's metadata's national prefix for parsing, `0([3579]|4(?:[14]4|56))`): "03" from a
 * mobile, or 0 and a long-distance carrier's code ("05", "07", "09", "0444", "0414", "0456"), which the
 * CRC replaced by 60; 0 for none.
 */
function colombianDialPrefix(digits: string): number {
  if (digits.charCodeAt(0) !== 48 /* 0 */) return 0;
  const c = digits.charCodeAt(1);
  if (c === 51 || c === 53 || c === 55 || c === 57) return 2;
  if (c !== 52 /* 4 */) return 0;
  const carrier = digits.slice(2, 4);
  return carrier === '44' || carrier === '14' || carrier === '56' ? 4 : 0;
}

/**
 * A number written nationally in its country's plan before a renumbering (renumbered), in a book of that
 * country, which the plan's reading leaves as no number of it (kept on its digits, "n:97123456", beside
 * the person's card with the new number):
 *  - Benin's eight digits ("97 12 34 56"), +229 01 97 12 34 56 (beninTen);
 *  - a Colombian landline with its one-digit area code: alone ("(1) 234 5678"), after the prefix it was
 *    dialled with from a mobile or another city ("03 1 234 5678", "09 4 444 5566", "0456 1 234 5678":
 *    colombianDialPrefix), or after the calling code written without '+' ("(571) 234 5678", as
 *    businesses printed it), +57 601 234 5678 (colombianLandline).
 * Only when the digits as written are no valid number of the plan and the renumbered one is (the
 * migrations check both). Digits and spacing only (an extension, a '+' or a call prefix: the usual
 * reading, which renumbers the number it reads), so quickParse and the parser read the same string
 * alike (as droppedTrunkPrefix). Egypt's old mobiles need no step here: the parser reads "010 123
 * 4567" as +20 10 123 4567, which fullNumber renumbers. Null otherwise: the reading as before.
 */
/** A number's first digit written apart from the rest: `(1) 234 5678`, `1 234 5678`, `1-234-5678`. */
const AREA_DIGIT_APART_RE = /^\s*\(?\d\)?[\s.\-/]/;

function renumberedNational(s: string, digits: string, region: CountryCode | null): NormPhone | null {
  let old: string;
  let to: string;
  if (region === 'BJ') {
    if (digits.length !== 8 || !FORMATTED_NATIONAL_RE.test(s)) return null;
    old = '+229' + digits;
    to = beninTen(old);
  } else if (region === 'CO') {
    const n = digits.length;
    const prefix = n === 10 || n === 12 ? colombianDialPrefix(digits) : 0;
    // The area's digit written apart from the number (`(1) 234 5678`, `1 234 5678`): eight digits grouped
    // otherwise (`6123-4567`) are as likely a neighbour's mobile (Panama's, Costa Rica's) saved without its
    // code, and `(571) 234-5678` a US number of area 571 (a review found both read as Bogotá's).
    if (n === 8 && AREA_DIGIT_APART_RE.test(s)) old = '+57' + digits;
    else if (prefix !== 0 && n - prefix === 8) old = '+57' + digits.slice(prefix);
    else return null;
    if (!FORMATTED_NATIONAL_RE.test(s)) return null;
    to = colombianLandline(old);
  } else {
    return null;
  }
  return to === old ? null : fullNumber(to);
}

/**
 * A Mexican number written after +52 with a dialling prefix Mexico abolished in 2019, which
 * libphonenumber's metadata no longer has: 044 and 045 before a mobile, 01 before a long-distance number
 * ("+52 044 55 1234 5678": an "add the country code" tool put +52 before a number saved years ago).
 * The ten digits after the prefix, when they are a valid number (no Mexican number starts with 0, so the
 * string as written is none); null otherwise (the parser's reading: no key). The card had no key, and a
 * card holding only it was left out as nothing to invite: a person lost.
 */
function mexicanDialPrefix(e164: string): NormPhone | null {
  const m = MX_OLD_PREFIX_RE.exec(e164);
  if (m === null) return null;
  const number = '+52' + m[1]!;
  return validAsWritten(number, 2) ? fullNumber(number) : null;
}
const MX_OLD_PREFIX_RE = /^\+520(?:44|45|1)(\d{10})$/;

/**
 * The same abolished prefixes written nationally, as they were dialled before 3 August 2019, in a Mexican
 * book: "044 (81) 8123 4567" and "045 55 1234 5678" (a mobile, from a landline in the same city or
 * another), "01 81 8123 4567" (long distance) and "01 800 123 4567" (toll-free). Mexico's metadata no
 * longer has a national prefix, so the parser read the prefix as digits of the number: twelve or thirteen
 * digits no Mexican number has, kept as written on their digits ("n:0448181234567") beside the person's
 * +52 card, which only merge/links.ts could join. The IFT dropped 01, 044 and 045 (and the mobile 1 after
 * +52, see renumbered); 02 (operator-assisted long distance) was no prefix saved before a contact and
 * stays as written, as after +52. The prefix and exactly ten digits that make a valid Mexican number
 * (mexicanDialPrefix): that number; null otherwise (the reading as before). Only in a Mexican book: "01 81
 * 8123 4567" in a US book is no Mexican number the book says. Digits and spacing only (an extension, a
 * '+' or a call prefix: the usual reading), so quickParse and the parser read the same string alike.
 */
function mexicanNationalPrefix(s: string, digits: string, region: CountryCode | null): NormPhone | null {
  if (region !== 'MX' || digits.length < 12 || digits.length > 13 || digits.charCodeAt(0) !== 48 || !FORMATTED_NATIONAL_RE.test(s)) return null;
  return mexicanDialPrefix('+52' + digits);
}

/**
 * A number written nationally with a trunk prefix its country has since dropped, which libphonenumber's
 * metadata no longer has, in a book of that country:
 *  - Ukraine's "8" before the 0 of the area or mobile code ("8 050 765 4322", "80507654322": the
 *    Soviet-era long-distance 8, then 0XX, as Ukrainians dialled it until the 2010s and many saved
 *    contacts keep it), +380 50 765 4322;
 *  - Chile's "0" before a mobile's 9 ("09 8765 4322": the trunk 0 dropped in 2016), +56 9 8765 4322;
 *  - not dropped but the same reading: Argentina's "15" before a Buenos Aires mobile dialled within the
 *    city ("15-4123-4567", as porteños save their friends), +54 9 11 4123 4567. Eight digits after 15
 *    can only be area 11's (every other area code is three or four digits, its numbers seven or six);
 *    "15-412-3456" could be any of them, and stays as written.
 * The parser read the prefix as digits of the number: no number of the plan, kept as written on its
 * digits ("n:80507654322") beside the person's +380 card (a tester found both as two rows). Only
 * exactly the old prefix and a full national number that is valid after it (validAsWritten), and only
 * when the digits as written are no valid number of the region; only in the country's own book ("8 050
 * …" in a Russian book is Russia's 8 and no number). Digits and spacing only (an extension, a '+' or a
 * call prefix: the usual reading), so quickParse and the parser read the same string alike (as
 * mexicanNationalPrefix). Null otherwise: the reading as before.
 */
function droppedTrunkPrefix(s: string, digits: string, region: CountryCode | null): NormPhone | null {
  let number: string;
  if (region === 'UA') {
    // 8, the trunk 0, nine digits.
    if (digits.length !== 11 || digits.charCodeAt(0) !== 56 /* 8 */ || digits.charCodeAt(1) !== 48 /* 0 */) return null;
    number = '+380' + digits.slice(2);
  } else if (region === 'CL') {
    // The trunk 0, then a mobile's nine digits (9 and eight).
    if (digits.length !== 10 || digits.charCodeAt(0) !== 48 /* 0 */ || digits.charCodeAt(1) !== 57 /* 9 */) return null;
    number = '+56' + digits.slice(1);
  } else if (region === 'AR') {
    // A mobile dialled from its own area: 15, then the eight digits of a number of area 11 (Buenos Aires,
    // the only two-digit area code: area code and number make ten digits).
    if (digits.length !== 10 || digits.charCodeAt(0) !== 49 /* 1 */ || digits.charCodeAt(1) !== 53 /* 5 */) return null;
    number = '+54911' + digits.slice(2);
  } else {
    return null;
  }
  if (!FORMATTED_NATIONAL_RE.test(s)) return null;
  const cc = region === 'UA' ? 3 : 2;
  if (validAsWritten(number.slice(0, 1 + cc) + digits, cc) || !validAsWritten(number, cc)) return null;
  return fullNumber(number);
}

/**
 * A number written with its national (trunk) prefix kept after the calling code, where the prefix is not
 * 0 ("+7 8 916 123 45 67": saved at home as "8 (916) …", then "+7" put before it; Belarus's "+375 8 029 …",
 * Kazakhstan's "+7 8 727 …"): the number the parser reads, without the prefix, when that is a valid
 * number and the number as written is none. The parser drops such a prefix itself; the E.164 shortcut
 * (fastE164) took the digits as written, the impossible "+789161234567", beside the person's card. A
 * valid number that starts with the prefix's digits stays ("+7 800 …", "+7 812 …"). Only the calling
 * codes whose first country's prefix starts with another digit than 0 (the parser reads an
 * international number in that country) are looked at: the rest cost one array read.
 */
function trunkAfterCallingCode(e164: string, n: number): string {
  const re = nonZeroPrefixOf(Number(e164.slice(1, 1 + n)));
  if (re === null) return e164;
  const m = re.exec(e164.slice(1 + n));
  if (m === null || m[0] === '' || m[0].charCodeAt(0) === 48) return e164;
  let q: { number: string; valid: boolean } | null | undefined = readDigitsQuick(e164, null);
  if (q === UNSURE) {
    const p = parsePhoneNumberFromString(e164);
    q = p === undefined ? null : { number: p.number as string, valid: p.isValid() };
  }
  return q !== null && q.valid && q.number !== e164 && !validAsWritten(e164, n) ? q.number : e164;
}

/**
 * An Italian number written without the 0 its landlines start with ("+39 6 1234 5678" for Rome's
 * "+39 06 1234 5678": foreigners drop the 0 after the calling code, as they do for every other
 * country): the number with the 0, when that is a valid number and the number as written is none. It was
 * kept as the impossible "+39612345678", beside the person's card. A valid number stays (a mobile,
 * "+39 347 …", never gains a 0), as the repair of a calling code typed twice does; so does anything
 * starting with 3, where Italy's mobiles are: a mobile with a digit missing ("+39 312 345 271") is no
 * Como landline ("+39 031 2345271"), whose owner it would name (a review found it).
 */
function italianZero(e164: string): string {
  if (validAsWritten(e164, 2)) return e164;
  const with0 = '+390' + e164.slice(3);
  return with0.length <= 1 + MAX_E164_DIGITS && validAsWritten(with0, 2) ? with0 : e164;
}

/**
 * isValid() of an E.164 number whose national number is all its digits after the calling code (`n`
 * digits), none of them read as a national prefix: the parser's own test (validIn, in the country
 * countryOf says) on its metadata, without the parser. A non-geographic code: the parser's isValid.
 */
function validAsWritten(e164: string, n: number): boolean {
  const calling = callingPlanOf(Number(e164.slice(1, 1 + n)));
  if (!calling) return isValidNumber(e164);
  const national = e164.slice(1 + n);
  return validIn(countryOf(calling, national) ?? calling.main, national);
}

/**
 * A number written with its calling code twice ("+44 44 7911 123456": "+44" typed, then the number
 * pasted with its own 44): the number once, when it is a valid number and the number as written is
 * none. It was kept as the impossible "+44447911123456", beside the person's card with the number.
 */
function doubledCallingCode(e164: string, n: number): string {
  if (e164.length - 1 - 2 * n < MIN_NATIONAL_DIGITS || !e164.startsWith(e164.slice(1, 1 + n), 1 + n)) return e164;
  const once = '+' + e164.slice(1 + n);
  return !isValidNumber(e164) && isValidNumber(once) ? once : e164;
}

/**
 * An Argentine mobile written with its national "15" after the area code in the international form
 * ("+54 11 15 1234 5678", as it is dialled at home: 011 15-1234-5678): the number is +54 9, the area
 * code and the subscriber's digits (+54 9 11 1234 5678). It was kept as the impossible
 * "+54111512345678" and never met the person's card written the international way. Area codes have 2
 * to 4 digits; only a valid result, and only when the number as written is none.
 */
function argentineMobile(e164: string): string {
  const national = e164.slice(3);
  if (national.charCodeAt(0) === 57 /* 9 */) return argentineMobileNine(e164);
  if (e164.length !== 15) return e164;
  for (let a = 2; a <= 4; a++) {
    if (national.charCodeAt(a) !== 49 /* 1 */ || national.charCodeAt(a + 1) !== 53 /* 5 */) continue;
    // The parser's own reading (Argentina's national prefix rule turns "AA 15 XXXX" into "9 AA XXXX").
    const p = parsePhoneNumberFromString(e164);
    return p !== undefined && p.isValid() && p.number !== e164 ? (p.number as string) : e164;
  }
  return e164;
}

/**
 * An Argentine mobile written the international way with the 9 and also with a national prefix kept:
 * the 0 of the area code ("+54 9 (011) 1234-5678") or the national "15" after it ("+54 9 11 15 1234
 * 5678"). The number is +54 9, the area code and the subscriber's ten digits in all (a probe found both
 * kept as impossible numbers, beside the person's card). Only a valid result, and only when the number as
 * written is none.
 */
function argentineMobileNine(e164: string): string {
  const national = e164.slice(4); // after +549
  if (validAsWritten(e164, 2)) return e164;
  if (national.length === 11 && national.charCodeAt(0) === 48 /* 0 */) return validInstead(e164, '+549' + national.slice(1));
  if (national.length !== 12) return e164;
  for (let a = 2; a <= 4; a++) {
    if (national.charCodeAt(a) !== 49 /* 1 */ || national.charCodeAt(a + 1) !== 53 /* 5 */) continue;
    const without = '+549' + national.slice(0, a) + national.slice(a + 2);
    if (parsePhoneNumberFromString(without)?.isValid()) return without;
  }
  return e164;
}

function validInstead(old: string, migrated: string): string {
  return parsePhoneNumberFromString(migrated)?.isValid() ? migrated : old;
}

/** isValid() of a national number of ten digits of +1, in the country it tells (countryOf), on the parser's metadata. */
function nanpValid(national: string): boolean {
  const calling = callingPlanOf(1);
  if (!calling) return true;
  const country = countryOf(calling, national);
  return country !== undefined && validIn(country, national);
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
    // A slash with a space beside it, or a spaced hyphen, may separate a number from its shortened
    // alternative (readOne); fastE164 does not check the length a plan allows, readOne reads them.
    if (s.includes('(0)') || !FORMATTED_INTL_RE.test(s) || s.includes(' /') || s.includes('/ ') || s.includes(' - ')) return null;
    return fastE164('+' + digitsOf(s));
  }
  if (region === null || !NANP_REGIONS.has(region) || !FORMATTED_NATIONAL_RE.test(s)) return null;
  const digits = digitsOf(s);
  const from = digits.length === 11 && digits.charCodeAt(0) === 49 ? 1 : 0; // a leading 1 (trunk prefix)
  if (!isNanp(digits, from) || sameDigitFrom(digits, from + 3)) return null;
  // Eleven digits starting with 1 whose area code no country of +1 has: another country's number saved
  // without its code, most often a Chinese mobile ("139 1234 5678", "13912345678"), which became the
  // made-up "+1 391 234 5678" and never met the same person's "+86 139 1234 5678". Read as a number
  // whose country the book does not say (noCountry: shown as written, keyed on its digits, joined to the
  // book's one full number that ends with them).
  if (from === 1 && !nanpValid(digits.slice(1))) return noCountry(s, digits);
  const display = from === 0 ? '+1' + digits : '+' + digits;
  return fullNumber(display);
}

/** Regions of the North American Numbering Plan (calling code 1). */
const NANP_REGIONS: ReadonlySet<string> = new Set(getCountries().filter((c) => regionCallingCode(c) === '1'));

function parse(raw: string, region: CountryCode | null): NormPhone | null {
  return readOrRepair(shortSpacing(raw), readerFor(region));
}

/** The first reading of a trimmed number in a region: the shortcuts, quickParse, then the parser. */
function readerFor(region: CountryCode | null): (s: string) => NormPhone | null {
  return (s) => {
    const fast = fastE164(s) ?? fastPath(s, region);
    if (fast) return fast;
    const quick = quickParse(s, region);
    return nationalReading(s, region, quick !== undefined ? quick : parseWithLibrary(s, region));
  };
}

/**
 * The reading (quickParse's or the parser's) of a number written without '+' in a region, checked against
 * the numbers the region has: foreignInNanp, then localWithoutAreaCode.
 */
function nationalReading(s: string, region: CountryCode | null, r: NormPhone | null): NormPhone | null {
  if (r === null || region === null || r.key === null || s.includes('+')) return r;
  return localWithoutAreaCode(s, region, foreignInNanp(s, region, r)!);
}

/**
 * A number written in the region's plan, without '+', a call prefix or a trunk prefix, shorter than the
 * region's full numbers (its example mobile number's national digits: `11961234567` in Brazil; a mobile
 * written whole, most numbers of a book, costs no look-up) and no valid number of it (libphonenumber's
 * isValid on its full metadata, loaded on first use: its small metadata, which the parser uses, reads
 * these plans by one pattern and takes nearly any such digits for valid; a number its full metadata does
 * not know yet keeps a key): a local number written without its area code, read as when the region is unknown (noCountry: shown as written,
 * keyed on its digits), as isLocalNumber reads one shorter than all the region's numbers. Brazil's
 * `98123-4567` and `3123-4567`, China's `6543 2100`, Poland's `123 45 67` became the made-up
 * `+55981234567`, `+5531234567`, `+8665432100`, `+481234567` (a probe; the Philippines, Sweden and Finland
 * too). A valid number, however short (a small plan's), keeps its reading, and so does a number of the
 * region's full length.
 */
function localWithoutAreaCode(s: string, region: CountryCode, r: NormPhone): NormPhone {
  const k = r.key;
  if (k === null || !k.startsWith('p:') || k.includes(';')) return r;
  const full = (mobileExamples as unknown as Record<string, string | undefined>)[region]?.length;
  const rp = regionPlan(region);
  if (rp === null || full === undefined) return r;
  const cc = rp.plan.callingCode;
  if (!k.startsWith(cc, 3)) return r;
  const national = k.slice(3 + cc.length);
  if (national.length >= full || national.charCodeAt(0) === 48) return r;
  const digits = digitsOf(s);
  const e164 = k.slice(2);
  if (digits !== national || (validAsWritten(e164, cc.length) && fullMetadata()(e164)?.isValid() === true)) return r;
  return noCountry(s, digits);
}

/**
 * A keyless reading in a North American book of eleven digits starting with 1 under a real area code whose
 * +1 number cannot exist (the exchange starts with 0 or 1: `1 380 013 8000`) that are a valid Chinese
 * mobile (`13800138000`, `138-0013-8000`, `18600138000`): read as a number whose country the book does not
 * say (noCountry), as foreignInNanp reads them under an area code no country of +1 has. They were keyless,
 * and a card holding only one was left out as nothing to invite (a probe: Chinese mobiles starting 1380 or
 * 1860, 380 and 860 being real area codes). No +1 number is taken from anyone: this one has none.
 */
function chineseMobileInNanp(written: string, digits: string): NormPhone | null {
  // 13x, 15x-19x: China's mobile ranges for people (14x is data cards': `1 415 123 4567` is a San Francisco
  // number written wrong, and stays keyless).
  const second = digits.charCodeAt(1);
  if (digits.length !== 11 || digits.charCodeAt(0) !== 49 /* 1 */ || second < 51 /* 3 */ || second === 52 /* 4 */ || written.includes('+')) return null;
  if (!ONE_NUMBER_RE.test(written.trim()) || nanpValid(digits.slice(1)) || !isValidNumber('+86' + digits)) return null;
  return noCountry(written, digits);
}

/**
 * A reading in a North American book of a number written without '+' whose +1 reading no country of +1
 * has: another country's number saved without its code, read as a number whose country the book does not
 * say (noCountry: shown as written, keyed on its digits, joined to the book's one full number ending with
 * them). Two shapes:
 *  - ten digits whose exchange starts with 0 or 1 (the plan has none), and no valid number:
 *    India's `98100 12345`, Mexico's `55 1023 4567` and `(222) 123-3455`, Colombia's `321 123 3232`. They
 *    were made keyless as a +1 number that cannot exist (implausible), and a card holding only one was
 *    left out as nothing to invite: a person lost;
 *  - eleven digits starting with 1 (a trunk prefix, read so) whose area code no country of +1 has: a
 *    Chinese mobile (`186 1012 3456`, `139 1234 5678`), as fastPath reads the ones it reads, also after a
 *    label, a spreadsheet's apostrophe or invisible marks (`Mobile: 139 1234 5678`), which became the
 *    made-up `+13912345678`, and when the exchange starts with 0 or 1 (`18610123456`, keyless before).
 * `1 415 123 4567` (a real area code), an area code starting with 0 or 1 (`(123) 456-7890`), filler
 * (`(200) 000-0000`) and anything written with '+' keep their reading, which implausible makes keyless.
 * Only after quickParse or the parser: fastPath's answers are final.
 */
function foreignInNanp(s: string, region: CountryCode | null, r: NormPhone | null): NormPhone | null {
  if (r === null || region === null || r.key === null || r.key.length !== 14 || !r.key.startsWith('p:+1') || !NANP_REGIONS.has(region)) return r;
  const national = r.key.slice(4);
  // An area code starting with 0 or 1 (`(123) 456-7890`) or filler after it (`(200) 000-0000`): implausible's.
  if (national.charCodeAt(0) < 50 || sameDigitFrom(national, 3) || s.includes('+')) return r;
  const digits = digitsOf(s);
  if (digits === national ? isNanp(national, 0) || validReading(r) : digits !== '1' + national || !foreignAfterOne(national)) return r;
  return noCountry(s, digits);
}

/**
 * Whether the ten digits after a written trunk prefix 1 are no North American number: no country of +1
 * has the area code, checked on libphonenumber's metadata (fastPath's test where the exchange is well
 * formed; otherwise whether any well-formed exchange of that area code is valid).
 */
function foreignAfterOne(national: string): boolean {
  if (nanpValid(national)) return false;
  if (isNanp(national, 0)) return true;
  for (let d = 2; d <= 9; d++) if (nanpValid(national.slice(0, 3) + d + national.slice(4))) return false;
  return true;
}

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
 * spreadsheet puts before "+1…" to keep it text, a caller-ID code before it ("#31#", "*67": CALLER_ID_CODE_RE),
 * a '+' typed twice or before "00" (PLUS_TYPO_RE), an Arabic comma at either end, and the extension words
 * of EXTENSION_WORD_RE as "ext". Only called when the first reading failed.
 */
function repair(raw: string): string {
  let s = dropInvisible(raw);
  const shape = shapeOf(s);
  if (shape & HAS_NON_ASCII) {
    // Full-width forms (＋１ ４１５ …) typed by East Asian input methods: NFKC maps them to ASCII.
    if (hasFullWidthAscii(s)) s = s.normalize('NFKC');
    if (OTHER_DIGIT.test(s)) s = asciiDigits(s);
    s = s.replace(ARABIC_LETTER_MARK, '').replace(ARABIC_COMMA_EDGES, '');
  }
  s = s.trim().replace(/^'+/, '');
  s = s.replace(/^(?:tel:|[\p{L}][\p{L}\p{M} ]{0,19}(?:[:.]\s*|\s+(?=[+(\d])))/iu, '');
  s = s.replace(CALLER_ID_CODE_RE, '').replace(PLUS_TYPO_RE, '+');
  if (shape & HAS_LETTER) s = s.replace(DIAL_STRING_RE, (_, digits: string) => ' ext ' + digitsOf(digits));
  if (shape !== 0) s = s.replace(EXTENSION_WORD_RE, ' ext ');
  s = s.replace(PAUSE_RUN_RE, (run: string, at: number, all: string) => (digitsAfter(all, at + run.length) >= 10 ? run : ',,'));
  return s.trim();
}

/**
 * A run of dial pauses of both kinds before a short extension at the end ("+44 20 7946 0958;;2",
 * "…0123,;45"): one pause, as ",," and ";" alone already read (a review: such a number had no key, and a
 * card holding only it was left out as nothing to invite). Not before a second number (ten digits or
 * more: "4155550123;;4155550124", a list where the caller reads one number, became one extension).
 */
const PAUSE_RUN_RE = /(?<=\d)\s*(?:[,;]\s*){2,}(?=\d)/g;

/** The digits of the number written from `at` on (digits, spaces, dots, dashes, brackets). */
function digitsAfter(s: string, at: number): number {
  let n = 0;
  for (let i = at; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
    else if (c !== 32 && c !== 46 && c !== 45 && c !== 40 && c !== 41) break;
  }
  return n;
}

/**
 * A caller-ID code dialled before the number, which phone books keep with it for the people one always
 * calls hidden (or shown): GSM's "#31#" and "*31#", North America's "*67" and "*82". What follows is
 * the person's number: "#31#+14155550153" is +14155550153.
 */
const CALLER_ID_CODE_RE = /^(?:[#*]31#|\*67|\*82)\s*(?=[+(\d])/;
/**
 * A '+' typed twice, or before the "00" it stands for ("++1 415 …", "+00 1 415 …"): no country code
 * starts with 0, so either is the international '+'.
 */
const PLUS_TYPO_RE = /^\+(?:\s*\+)+|^\+\s*00\s*(?=[1-9])/;

/**
 * A dial string of several groups after the number, "+14155550123p1w2": the phone dials the number, then
 * sends 1, waits, sends 2 (a switchboard's menus, or an extension typed in steps). Read as one extension
 * of all its digits, "+14155550123;ext=12": a direct line behind the number, keyed apart from it. One
 * group alone ("p123") is EXTENSION_WORD_RE's.
 */
const DIAL_STRING_RE = /(?<=[\d)]\s*)[pw]+\s*(\d+(?:\s*[pw,;]+\s*\d+)+)\s*$/i;

/** A reading of one trimmed number in a region (readerFor). */
type Reader = (s: string) => NormPhone | null;

/**
 * `read` of the trimmed number; when that gives no key of its own, `read` of its repaired form, if any
 * better. Exported for the tests, which wrap their reference parses in the same second reading.
 */
export function readOrRepair(raw: string, read: Reader): NormPhone | null {
  return readRepaired(raw, read, true);
}

/**
 * readOrRepair; with `several` false the string is read as one number (a part of a field, partsOf),
 * with it true a field of a number and its shortened alternatives gives its first (readOne).
 */
function readRepaired(raw: string, read: Reader, several: boolean): NormPhone | null {
  let s = secondExtensionCut(raw.trim());
  if (s === '') return null;
  s = spreadsheetDigits(s) ?? s;
  if (isScientific(s)) return { display: s, key: null };
  if (isTelWithContext(s)) {
    const local = telWithContext(s);
    if (local !== null) {
      // Shown as written unless it reads as a full number (then its E.164 form, as any other).
      const u = readRepaired(local, read, several);
      return u === null || isFull(u) ? u : { display: s, key: u.key };
    }
  }
  const v = several ? readOne(s, read) : read(s);
  // A number alone (digits and spacing) pays one pass over its characters, no expression.
  if (isFull(v)) return shapeOf(s) === 0 ? v : (noteDigitsRead(s, v!, read) ?? v);
  const fixed = repair(s);
  const spelled = readSpelled(fixed === '' ? s : fixed, read);
  if (isFull(spelled)) return spelled;
  const r = repairedReading(s, fixed, v, several, read);
  // A vanity number read on its digits alone (no country known): only when nothing else has a key.
  if (spelled !== null && (r === null || r.key === null)) return { display: s, key: spelled.key };
  if (!isFull(r)) {
    const before = readBeforeNote(fixed === '' ? s : fixed, read);
    if (before !== null) return before;
    const after = readAfterNote(s, read, false);
    if (after !== null) return after;
  } else if (fixed !== '' && fixed !== s) {
    return noteDigitsRead(fixed, r!, read) ?? r;
  }
  return r;
}

/**
 * A full number read from a string of words and digits (`v`) whose first or last digits are a note's:
 * the number without them, when it is a full, valid number; null otherwise (`v` stands). Two shapes, both
 * read by the parser as one number, which in Germany's plan (almost any length is valid) was a made-up
 * full number a second review found: "030 1234567 18-20 Uhr" (`+493012345671820`; numberBeforeNote's
 * digits before a note's word), and "ab 2020 0171 2345678" (`+49202001712345678`; readAfterNote's year,
 * date, time or range after a note's word).
 */
function noteDigitsRead(s: string, v: NormPhone, read: Reader): NormPhone | null {
  const c = s.charCodeAt(0);
  const w = ((c | 0x20) >= 97 && (c | 0x20) <= 122) || c >= 128 ? readAfterNote(s, read, true) : numberBeforeNote(s, read, true)?.number;
  return w !== undefined && w !== null && w.key !== v.key ? w : null;
}

/**
 * A full, valid number followed by a note of words that holds digits of its own ("030 1234567 bis 20 Uhr",
 * "+44 20 7946 0958 after 6pm", "+1 415 555 0123 (after 5)", "0171 2345678 - ab 20.5."): the number before
 * the note, the note left out as any note after a number is ("… privat"). Read whole, the note's digits
 * joined the number's: the made-up key `n:030123456720`, no E.164 form, and no merge with the same number
 * written elsewhere (a review found it). Null when fewer than six digits come before the note, or when
 * what comes before is no valid number alone. See numberBeforeNote for a note that starts with digits
 * ("18 Uhr") and for an extension before the note.
 */
function readBeforeNote(s: string, read: Reader): NormPhone | null {
  return numberBeforeNote(s, read)?.number ?? null;
}

/**
 * readBeforeNote's number, and where its note starts in `s`.
 *  - A note whose first word follows digits of its own ("030 1234567 18-20 Uhr", "0171 2345678 9-17h",
 *    "03-1234-5678(18時以降)", "+1 415 555 0123 2nd line", "+49 30 1234567 3. OG", "030 1234567 18 Uhr"):
 *    those digits are the note's (NOTE_LEAD_RE), when they are attached to the word, a range, a time, a
 *    date or an ordinal, or the word is a unit of time or a floor (NOTE_UNIT_WORDS). Read with the number,
 *    they made the made-up `+4930123456718` (Germany's plan takes almost any length for valid: a second
 *    review). Digits before another word stay the number's ("+49 30 12 34 56 78 privat").
 *  - An extension before the note ("+1 415 555 0123 x12 after 5", "030 1234567 Durchwahl 12 ab 18 Uhr"):
 *    the number with its extension. The number had no key (a person lost), or the made-up extension
 *    `ext=1218`.
 * With `leadOnly` (the string read whole as a full number already: noteDigitsRead), only the first.
 */
function numberBeforeNote(s: string, read: Reader, leadOnly = false): { number: NormPhone; note: number } | null {
  const m = NOTE_AFTER_NUMBER_RE.exec(s);
  if (m === null || digitsOf(m[1]!).length < 6) return null;
  const word = firstWord(s.slice(m[0].length));
  if (isExtensionWord(word)) {
    if (leadOnly) return null;
    // The extension's digits, then the note's first word (no second extension: secondExtensionCut's).
    const rest = s.slice(m[0].length + word.length);
    const e = NOTE_AFTER_NUMBER_RE.exec(rest);
    if (e === null || !EXTENSION_DIGITS_RE.test(e[1]!)) return null;
    if (isExtensionWord(firstWord(rest.slice(e[0].length)))) return null;
    const v = validFull(s.slice(0, m[0].length + word.length) + e[1]!, read);
    return v === null ? null : { number: v, note: m[0].length + word.length + e[0].length };
  }
  const head = m[1]!;
  const lead = NOTE_LEAD_RE.exec(head);
  if (
    lead !== null &&
    (m[0].length === head.length ||
      /[-–.:h]/.test(lead[1]!) ||
      s.charCodeAt(head.length) === 46 /* . */ ||
      NOTE_UNIT_WORDS.has(word.toLowerCase().replace(/\.$/, '')))
  ) {
    const cut = head.slice(0, lead.index);
    const v = digitsOf(cut).length >= 6 ? validFull(cut, read) : null;
    if (v !== null) return { number: v, note: lead.index };
  }
  if (leadOnly) return null;
  const v = validFull(head, read);
  return v === null ? null : { number: v, note: m[0].length };
}

/** `read` of a trimmed part of a string, when it is a full, valid number (its extension aside). */
function validFull(s: string, read: Reader): NormPhone | null {
  const v = read(s.trim());
  return isFull(v) && isValidNumber(v!.display) ? v : null;
}

/** What comes before the first word of a string (no letter in it), and the spacing or bracket before the word. */
const NOTE_AFTER_NUMBER_RE = /^([^\p{L}]*?[\d)])[\s\u00a0]*(?:[-–—,;/.][\s\u00a0]*)?\(?[\s\u00a0]*(?=\p{L})/u;
/** An extension's digits before a note (numberBeforeNote): at most MAX_EXTENSION_DIGITS, as nationalWithExtension reads. */
const EXTENSION_DIGITS_RE = /^[\s.:#]*\d{1,6}$/;
/**
 * Digits at the end of what comes before a note's first word, after a space or a bracket, that may be the
 * note's (numberBeforeNote): one or two digits ("18", "2."), a time ("9.30", "18h30"), a range of them
 * ("18-20", "9-17"), a day and a month ("20.5.", "01.03.2024").
 */
const NOTE_LEAD_RE = /[\s\u00a0(]+(\d{1,2}(?:[.:h]\d\d)?(?:\s*[-–]\s*\d{1,2}(?:[.:h]\d\d)?)?\.?|\d{1,2}\.\d{1,2}\.(?:\d{2,4})?)$/;
/** Words after a time or a floor (lower-case, without a final dot): "18 Uhr", "2 pm", "3 Stock", "9 heures". */
const NOTE_UNIT_WORDS: ReadonlySet<string> = new Set(
  (
    'uhr h hr hrs hour hours std am pm a.m p.m oclock heure heures hora horas hs ore uur godz godzina tim klo ' +
    'stock og eg ug dg floor fl etage étage piso andar piano verdieping pietro'
  ).split(' '),
);

/**
 * A full, valid number at the end of a string after a note of words that holds digits of its own ("ab 18
 * Uhr 030 1234567", "after 6pm 415 555 0123", "Mon-Fri 9-5 +44 20 7946 0958", "bis 2019: 030 1234567",
 * "ab 2020 0171 2345678"): the number after the note. Read whole (a label's word dropped), the note's
 * digits joined the number's: the made-up `n:64155550123`, `n:95442079460958`, and in Germany's loose plan
 * the made-up full number `+49202001712345678` (a second review). What follows the note's last letter is
 * read without the times, dates, years and short numbers it starts with (NOTE_DIGITS_RE); without them
 * first, then whole. With `strong` (the string read as a full number already) only a year, a date, a time
 * or a range is dropped: "Tel 12 34 56 78" is a Danish number written in pairs after a label.
 */
function readAfterNote(s: string, read: Reader, strong: boolean): NormPhone | null {
  const m = NUMBER_AFTER_NOTE_RE.exec(s);
  if (m === null) return null;
  const tail = m[1]!;
  const lead = (strong ? STRONG_NOTE_DIGITS_RE : NOTE_DIGITS_RE).exec(tail);
  if (lead !== null) {
    const v = digitsOf(tail.slice(lead[0].length)).length >= 6 ? validFull(tail.slice(lead[0].length), read) : null;
    if (v !== null) return v;
  }
  return strong || digitsOf(tail).length < 6 ? null : validFull(tail, read);
}

/** What follows the last letter of a string that holds one, without the spacing, brackets and punctuation around it. */
const NUMBER_AFTER_NOTE_RE = /\p{L}[\s\u00a0.,:;)\]}\-–—]*([^\p{L}]*?)[\s\u00a0)\]}.]*$/u;
/** The times, dates, years and short numbers a note's last digits start with ("9-5 ", "2019: ", "5) ", "01.03.2024 "). */
const NOTE_DIGITS_RE =
  /^(?:(?:\d{1,2}(?:[.:h]\d\d)?(?:\s*[-–]\s*\d{1,2}(?:[.:h]\d\d)?)?|\d{1,2}\.\d{1,2}\.(?:\d{2,4})?|(?:19|20)\d\d)[\s\u00a0.,:;)\-–]*[\s\u00a0])+/;
/** NOTE_DIGITS_RE without one or two digits alone: a year, a date, a time, a range. */
const STRONG_NOTE_DIGITS_RE =
  /^(?:(?:\d{1,2}[.:h]\d\d(?:\s*[-–]\s*\d{1,2}(?:[.:h]\d\d)?)?|\d{1,2}\s*[-–]\s*\d{1,2}(?:[.:h]\d\d)?|\d{1,2}\.\d{1,2}\.(?:\d{2,4})?|(?:19|20)\d\d)[\s\u00a0.,:;)\-–]*[\s\u00a0])+/;

/**
 * A number as a spreadsheet shows a cell of 12 digits or more that it took for a number ("4.47911E+11"
 * for 447911123456, "9.19845E+11", "1.41556E+10"; "4,91711E+11" with a decimal comma): "Save as CSV"
 * writes exactly that text, and the digits after the sixth are lost. Its digits are no number: read as
 * one, "4.47911E+11" was the key n:44791111, and every number of the column that shares its first six
 * digits was one person. No key; shown as written.
 */
const SCIENTIFIC_RE = /^[+-]?\d(?:[.,]\d+)?e[+-]?\d{1,2}$/i;
export function isScientific(s: string): boolean {
  return s.length <= 24 && SCIENTIFIC_RE.test(s);
}

/**
 * The digits of a number a spreadsheet saved as a number, when none were lost: a whole number written
 * as a float ("4155550811.0", "4155550811.00": seven digits or more before the point), and scientific
 * notation whose mantissa carries every digit ("4.47700900813e11", "4,47700900813E+11": as many digits
 * as the exponent says, or more that are zeros). Null for anything else, and for a scientific number
 * whose digits were cut ("4.47911E+11": isScientific, no number, with the upload's warning).
 */
const SPREADSHEET_FLOAT_RE = /^(\+?\d{7,})\.00?$/;
const SCIENTIFIC_PARTS_RE = /^(\d)[.,](\d+)e\+?(\d{1,2})$/i;
export function spreadsheetDigits(s: string): string | null {
  if (s.length > 24 || s.length < 8) return null;
  const f = SPREADSHEET_FLOAT_RE.exec(s);
  if (f !== null) return f[1]!;
  const m = SCIENTIFIC_PARTS_RE.exec(s);
  if (m === null) return null;
  const exp = Number(m[3]);
  const frac = m[2]!;
  // Fewer digits than the exponent needs: the spreadsheet dropped some. A number of fewer than 7 digits is no phone's.
  if (exp < 6 || frac.length < exp || !/^0*$/.test(frac.slice(exp))) return null;
  return m[1]! + frac.slice(0, exp);
}

/**
 * A vCard line pasted whole into a phone field ("TEL;TYPE=CELL:+1 415 …", Apple's grouped
 * "item1.TEL;type=pref:+1 415 …"): its value. The group's digit ("item1") was read as the first digit of
 * the number ("n:114155550166"), so the person's number never met the same number from another source.
 */
const VCARD_TEL_RE = /^(?:item\d+\.TEL(?:;[^:;]*)*|TEL(?:;[^:;]*)+):\s*/i;
function vcardValue(s: string): string {
  return s.replace(VCARD_TEL_RE, '');
}

/**
 * A second extension after the first ("… x12, x14", "… ext. 12 ext. 14", "… x12 or x14": two direct
 * lines behind one switchboard): the number with its first extension, as "ext 12/14" reads. With both,
 * the number had no key (a card holding only it was left out as nothing to invite: a person lost) or
 * one made-up extension of both ("ext=1214").
 */
const SECOND_EXTENSION_RE =
  /^(.*\d.*?(?:\bext\.?|\bextension|(?<=[\d\s])x\.?)\s*\d{1,6})\s*(?:(?:[,;/&]|\bor\b|\band\b)\s*(?:(?:\bext\.?|\bextension|x\.?)\s*)?|(?:\bext\.?|\bextension|x\.?)\s*)\d{1,6}\s*$/i;
function secondExtensionCut(s: string): string {
  // Not past 200 characters: no number with two extensions is that long, and SECOND_EXTENSION_RE's
  // leading `.*\d.*?` cost a long string's length squared (a review: 30,000 digits, 3 s).
  if (s.length < 12 || s.length > 200 || !/[a-z]/i.test(s)) return s;
  s = s.replace(EXTENSION_AFTER_PAUSE_RE, ' ').replace(EXTENSION_NUMBER_WORD_RE, '$1 ');
  const m = SECOND_EXTENSION_RE.exec(s);
  return m === null ? s : m[1]!;
}

/**
 * The ways an extension marker is written around its digits that read as no extension: a semicolon or
 * comma before it ("+1 (415) 555-0123; ext. 45": the pause before the word left the number keyless, a
 * person lost) and a number sign or "no." after it ("Ext #45", "ext no. 45", which became the made-up
 * national number "n:1415555012345"). Both are the marker alone.
 */
const EXTENSION_AFTER_PAUSE_RE = /(?<=\d\)?)\s*[;,]\s*(?=(?:ext\b(?!=)|ext\.|extension\b|x\s*\d))/i; // not RFC 3966's ";ext="
const EXTENSION_NUMBER_WORD_RE = /\b(ext\.?|extension|x)\s*(?:#|no\.?|nr\.?|num(?:ber)?\.?)\s*(?=\d)/i;

/** The better of the first reading `v` of `s` and the reading of its repaired form `fixed` (readRepaired). */
function repairedReading(s: string, fixed: string, v: NormPhone | null, several: boolean, read: Reader): NormPhone | null {
  if (fixed === s || fixed === '') return v;
  const w = several ? readOne(fixed, read) : read(fixed);
  if (w === null) return v;
  // Only the repaired form has digits ("٩١١", or a list "+٩٦٦ …، +٩٦٦ …" its caller splits): a number
  // without a key, shown as written.
  if (v === null && w.key === null) return { display: s, key: null };
  return w.key !== null && (v === null || v.key === null || w.key.startsWith('p:')) ? w : v;
}

/**
 * An RFC 3966 `tel:` URI of a local number with its context ("tel:4155550136;phone-context=+1",
 * "tel:863-1234;phone-context=+1-914-555"), as the number it names: a context that is a global number
 * prefix ('+' and digits) goes before the local number's digits ("+14155550136"); a context that is a
 * domain name says no country, and the local number is read as written without one. An extension
 * (";ext=") is kept, other parameters (";isub=", unknown ones) dropped; a global number ignores a
 * context. Null for any other string (a URI without a context: repair reads it).
 */
function telWithContext(s: string): string | null {
  const params = s.slice(4).split(';');
  const local = params[0]!.trim();
  if (!TEL_LOCAL_RE.test(local)) return null;
  let prefix = '';
  let ext = '';
  for (let i = 1; i < params.length; i++) {
    const eq = params[i]!.indexOf('=');
    if (eq < 0) continue; // a parameter without a value ("tel:…;isub" is malformed): no part of the number
    const name = params[i]!.slice(0, eq).trim().toLowerCase();
    const value = params[i]!.slice(eq + 1).trim();
    if (name === 'ext' && TEL_EXT_RE.test(value)) ext = ';ext=' + digitsOf(value);
    else if (name === 'phone-context' && TEL_GLOBAL_PREFIX_RE.test(value)) prefix = '+' + digitsOf(value);
  }
  // A local number with '*' or '#' (a service code) is no national number a prefix can complete, and a
  // global one ('+', which RFC 3966 gives no context) needs none.
  return (prefix !== '' && !/[*#+]/.test(local) ? prefix + digitsOf(local) : local) + ext;
}

/** Whether a trimmed string is a `tel:` URI with a phone-context (one number: telWithContext reads it). */
function isTelWithContext(s: string): boolean {
  return (s.charCodeAt(0) | 0x20) === 116 /* t */ && TEL_CONTEXT_RE.test(s);
}

/** A `tel:` URI with a phone-context parameter. */
const TEL_CONTEXT_RE = /^tel:[^;]*\d[^;]*;.*\bphone-context=/i;
/** RFC 3966 local-number-digits (or a global number, whose context is meaningless): digits, '*', '#', visual separators. */
const TEL_LOCAL_RE = /^\+?[\d*#().\-\s]*\d[\d*#().\-\s]*$/;
/** RFC 3966 global-number-digits of a phone-context: '+', at least one digit, visual separators. */
const TEL_GLOBAL_PREFIX_RE = /^\+[\d().-]*\d[\d().-]*$/;
/** RFC 3966 extension digits. */
const TEL_EXT_RE = /^[\d().-]*\d[\d().-]*$/;

/**
 * A number spelled in letters, as businesses advertise them and phone books keep them ("1-800-FLOWERS",
 * "0800 REVERSE", "+1 (800) GO-FEDEX"): the letters stand for the keys they are printed on (ITU-T E.161,
 * as libphonenumber's own normaliser reads them; libphonenumber-js does not). Only a word of three
 * letters or more after three digits or more, and only when the digits then make ten digits or more, so
 * no label or note becomes a number. The reading of those digits: a full number (the region's plan, or
 * a '+', tells it is one); or, where they read as a number keyed on its digits alone (no country known,
 * 'n:'), that reading, when the word is written as vanity numbers are (VANITY_WORD_RE: no capitalised
 * word of prose, "415 Pizzeria", and at most 7 letters, the subscriber number they spell): without a
 * plan to check it against, the shape is all that tells a number from a note. null otherwise.
 */
function readSpelled(s: string, read: Reader): NormPhone | null {
  // An extension after the word ("1-800-FLOWERS x123") is read after the number it spells. Looked for in
  // the string's end only: the expression scanned from every space of a long string (quadratic).
  const tail = s.length > 40 ? s.slice(-40) : s;
  const ext = isDigitCode(s.charCodeAt(s.length - 1)) ? SPELLED_EXTENSION_RE.exec(tail) : null;
  const m = SPELLED_RE.exec(ext === null ? s : s.slice(0, s.length - tail.length + ext.index));
  if (m === null) return null;
  const [, head, word] = m as unknown as [string, string, string];
  if (digitsOf(head).length < 3 || word.replace(/[^A-Za-z]/g, '').length < 3) return null;
  if (word.includes(' ') && !SPELLED_WORDS_RE.test(word)) return null;
  const spelled = head + word.replace(/[A-Za-z]/g, (c) => KEYPAD[(c.charCodeAt(0) | 0x20) - 97]!).replace(/ /g, '-');
  if (digitsOf(spelled).length < 10) return null;
  const number = ext === null ? spelled : spelled + ext[0];
  const v = read(number);
  if (isFull(v)) return v;
  return v !== null && v.key !== null && v.key.startsWith('n:') && (VANITY_WORD_RE.test(word) || SPELLED_WORDS_RE.test(word)) ? v : null;
}

/**
 * The letters of a vanity number read without a plan: one case throughout ("FLOWERS", "GOT-JUNK",
 * "4MY-HOME", "flowers"), at most 7 letters.
 */
const VANITY_WORD_RE = /^(?=(?:[^A-Za-z]*[A-Za-z]){3,7}[^A-Za-z]*$)(?:[A-Z\d-]+|[a-z\d-]+)$/;

const isDigitCode = (c: number): boolean => c >= 48 && c <= 57;

/** An extension ending a number spelled in letters: ` x123`, ` ext. 123`, ` extension 123`, `;ext=123`. */
const SPELLED_EXTENSION_RE = /(?:\s+(?:ext\.?|extn\.?|extension|x)\s*[:#]?\s*|\s*;ext=)\d{1,6}$/i;

/** A number's digits, then one word of letters (and digits, hyphens) that ends it: see readSpelled. */
const SPELLED_RE = /^(\+?[\d\s().-]*\d[\s().-]*)([A-Za-z][A-Za-z\d-]*(?: [A-Z][A-Z\d-]*)*)$/;
/**
 * Words of a vanity number written apart ("+1 800 GOT JUNK"): capitals only, three letters or more each,
 * seven at most in all (the subscriber number). Not letters in pairs or alone (`0800 AB CD EF`,
 * `+61 2 9876 ABC D`, `0049 30 HELP ME`: a review), which spell no word a business advertises.
 */
const SPELLED_WORDS_RE = /^(?=(?:[^A-Z]*[A-Z]){3,7}[^A-Z]*$)[A-Z\d-]*[A-Z]{3}[A-Z\d-]*(?: [A-Z\d-]*[A-Z]{3}[A-Z\d-]*)+$/;
/** The key of each letter a to z on a phone's keypad (ITU-T E.161). */
const KEYPAD = '22233344455566677778889999';

/** Whether a reading is a full number ('p:' key). */
function isFull(v: NormPhone | null): boolean {
  return v !== null && v.key !== null && v.key.startsWith('p:');
}

/**
 * `read` of a number; of a number followed by shortened alternatives ("… 0172 / 0173", "… 0180 / 0181 /
 * 0182"), the first. A list of full numbers is read whole (no number of its own): phoneNumbers gives each.
 */
function readOne(s: string, read: Reader): NormPhone | null {
  const parts = partsOf(s);
  if (parts === null) return read(s);
  const list = readList(s, parts, read, undefined);
  return list !== null ? list.numbers[0]! : read(s);
}

/** Words between a number and its shortened alternative ("+1 415 555 0178 and 555 0179"). */
const ALTERNATIVE_WORDS: ReadonlySet<string> = new Set(['and', 'or', 'und', 'oder', 'et', 'ou', 'y', 'o', 'e']);

function isSpacing(c: number): boolean {
  return c === 32 || c === 9 || c === 160 || c === 45 || c === 46;
}

/** A space, a tab or a no-break space (NaN, outside the string, is none). */
function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 160;
}

function isAsciiLetter(c: number): boolean {
  return (c | 0x20) >= 97 && (c | 0x20) <= 122;
}

/**
 * The separators between the numbers of one field (partsOf). SEP_LIST: ',' ';' the Arabic semicolon,
 * Google's " ::: ", a line break, a bullet '•', spaces before a '+' after a number, and a label between
 * two numbers (LABEL_RE: "… 0958 M: +44 …", "… 5678 自宅: 03-…", "(415) 555-0123 (home) (415) …"): full
 * numbers only (after ',' or ';' a few digits are a pause and its extension, EXTENSION_RE, not another
 * number). A probe found each such field left out as nothing to invite: the first reading took its
 * numbers for one, and no part was read.
 */
const SEP_LIST = 0;
/** '/' with a space beside it, '|', '&', the Arabic comma, a word of ALTERNATIVE_WORDS: a full number, or a shortened alternative. */
const SEP_ALT = 1;
/**
 * A slash without spaces ("030/1234567") and a spaced hyphen or dash ("… 0180 - 0189"): one number is
 * written with them too (a German Durchwahl, "030 1234567 - 89", is the direct line's last digits), so
 * what they join is read whole first, and taken apart only when it is no full number whole.
 */
const SEP_WEAK = 2;
/**
 * A label without its ':' between two numbers (BARE_LABEL_RE, "Mom 415-555-0101 Dad 415-555-0102"): as
 * SEP_LIST, and what follows it is read only when it is a plausible number of the country of the number
 * before it (plausibleAfter). A word before digits is no sure label: "+1 888 555 0101 Fax 1234567" read
 * `n:1234567`, a number nobody has that linked anyone else whose field ends in those digits.
 */
const SEP_LABEL = 3;
/**
 * A label introducing a code (CODE_LABEL_WORDS: "Code", "PIN", "Meeting ID:", "Room", "Raum"): what
 * follows is a note, never a number, and is left out as a note after a number is ("+1 415 555 0123
 * (cell)"). A review found "+1 888 555 0101 Code 1234567#" and "+44 20 7946 0958 Room 1234567" read as
 * two numbers each, the code `n:1234567` a number nobody has that could link other people.
 */
const SEP_NOTE = 4;

/** One part of a field, s[from, to) untrimmed, and the kind of the separator before it. */
interface Part {
  from: number;
  to: number;
  sep: number;
}

/**
 * Whether a trimmed string may hold more than one number: it holds a character other than digits, a
 * leading '+', and the spacing of one number (spaces, '(', ')', '.', a hyphen without a space on both
 * sides). One pass without allocation: a number alone (most of them) pays nothing more.
 */
function mayHoldSeveral(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 48 && c <= 57) || isBlank(c) || c === 40 || c === 41 || c === 46) continue;
    if (c === 45 /* - */) {
      if (isBlank(s.charCodeAt(i - 1)) && isBlank(s.charCodeAt(i + 1))) return true;
    } else if (c !== 43 /* + */ || i !== 0) {
      return true;
    }
  }
  return false;
}

/** The parts of a field between its separators (SEP_LIST, SEP_ALT, SEP_WEAK); null for one part. */
function partsOf(s: string): Part[] | null {
  if (!mayHoldSeveral(s)) return null;
  const parts: Part[] = [];
  const n = s.length;
  let from = 0;
  let sep = SEP_LIST;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    let kind = -1;
    let end = i + 1;
    if (c === 44 /* , */ || c === 59 /* ; */ || c === 0x061b /* ؛ */ || c === 10 || c === 13 || c === 0x2028 || c === 0x2022 /* • */) {
      kind = SEP_LIST;
    } else if (c === 40 /* ( */) {
      // A label in brackets ("(home)", "(cell)"): no digit of a number.
      LABEL_IN_BRACKETS_RE.lastIndex = i;
      if (LABEL_IN_BRACKETS_RE.test(s)) {
        kind = SEP_LIST;
        end = LABEL_IN_BRACKETS_RE.lastIndex;
      }
    } else if (c === 58 /* : */) {
      if (s.startsWith('::', i + 1)) {
        kind = SEP_LIST;
        end = i + 3;
      }
    } else if (c === 47 /* / */) {
      kind = isSpacing(s.charCodeAt(i - 1)) || isSpacing(s.charCodeAt(i + 1)) ? SEP_ALT : SEP_WEAK;
    } else if (c === 124 /* | */ || c === 38 /* & */ || c === 0x060c /* ، */) {
      kind = SEP_ALT;
    } else if (c === 45 /* - */ || c === 0x2013 /* – */ || c === 0x2014 /* — */) {
      if (isBlank(s.charCodeAt(i - 1)) && isBlank(s.charCodeAt(i + 1))) kind = SEP_WEAK;
    } else if (c === 43 /* + */) {
      // "+14155550123 +14155550199": spaces before a '+' that follow a number (a digit or ')').
      let j = i - 1;
      while (j >= 0 && isBlank(s.charCodeAt(j))) j--;
      const d = s.charCodeAt(j);
      if (j < i - 1 && ((d >= 48 && d <= 57) || d === 41)) {
        kind = SEP_LIST;
        end = i;
      }
    } else if (isAsciiLetter(c)) {
      let j = i + 1;
      while (j < n && isAsciiLetter(s.charCodeAt(j))) j++;
      // A German abbreviation with its dot ("030 1234567 o. 0171 2345678": "o." for oder, "u." for und),
      // the next number often right after the dot ("030 30673514 u.0152 24450229": the whole string was
      // one unusable number, the person's two numbers lost: eval:clean).
      const word = s.slice(i, j).toLowerCase();
      const dot = s.charCodeAt(j) === 46 && (word === 'o' || word === 'u') ? 1 : 0;
      const next = s.charCodeAt(j + dot);
      const nextOk = isBlank(next) || (dot === 1 && ((next >= 48 && next <= 57) || next === 40 /* ( */ || next === 43)) /* + */;
      if (j - i <= 4 && isBlank(s.charCodeAt(i - 1)) && nextOk && (dot === 1 || ALTERNATIVE_WORDS.has(word))) {
        kind = SEP_ALT;
        end = j + dot;
      } else {
        const label = labelAfterNumber(s, i);
        if (label > i) {
          kind = labelSep(s, i, label);
          end = label;
        } else {
          i = j - 1; // the rest of the word
        }
      }
    } else if (c >= 128) {
      const label = labelAfterNumber(s, i);
      if (label > i) {
        kind = labelSep(s, i, label);
        end = label;
      }
    }
    if (kind < 0) continue;
    if (s.slice(from, i).trim() !== '') parts.push({ from, to: i, sep });
    from = end;
    sep = kind;
    if (end > i) i = end - 1; // past a separator of several characters (a "+" starts the next part)
  }
  if (s.slice(from).trim() !== '') parts.push({ from, to: n, sep });
  return parts.length > 1 ? parts : null;
}

/**
 * A label of letters (any script, with spaces and dots inside) and ':' before a number ("M: +44 …", "Work:
 * (415) …", "自宅: 03-…"), or a word before a '+' ("M +44 …"). Not an extension marker ("ext: 45").
 */
const LABEL_RE = /\p{L}[\p{L}\p{M} .]{0,19}?(?:(:)[ \t\u00a0]*(?=[(\d+])|[ \t\u00a0]*(?=\+))/uy;
/**
 * A label without its ':' between two numbers ("Mom 415-555-0101 Dad 415-555-0102": a probe found the
 * field, and the card with it, left out): one word of two letters or more, no dot, then spaces and a
 * number of 6 digits or more (labelAfterNumber), so that a word before a few digits ("bis 20 Uhr", an
 * extension) is no label, nor are `u` and `z.B.` (an abbreviation is a separator with its dot only). A
 * word introducing a code ("PIN 1234": CODE_LABEL_WORDS) is one before any digits: they are a note then.
 * What follows a bare label is a number only when plausible beside the one before it (SEP_LABEL).
 */
const BARE_LABEL_RE = /\p{L}[\p{L}\p{M}]{1,19}[ \t\u00a0]+(?=[(\d])/uy;
/** A label in brackets: "(home)", "(cell)", "(Büro)", "(自宅)". */
const LABEL_IN_BRACKETS_RE = /\([ \t\u00a0]*\p{L}[\p{L}\p{M} .]{0,19}\)/uy;

/**
 * The end of a label (LABEL_RE) at s[i] that follows a number (a digit or ')' before it, spaces between),
 * or -1: where the next number starts.
 */
function labelAfterNumber(s: string, i: number): number {
  let j = i - 1;
  while (j >= 0 && isBlank(s.charCodeAt(j))) j--;
  const d = s.charCodeAt(j);
  if (j === i - 1 || !((d >= 48 && d <= 57) || d === 41)) return -1;
  LABEL_RE.lastIndex = i;
  let m = LABEL_RE.exec(s);
  let end = LABEL_RE.lastIndex;
  if (m === null) {
    BARE_LABEL_RE.lastIndex = i;
    m = BARE_LABEL_RE.exec(s);
    if (m === null) return -1;
    end = BARE_LABEL_RE.lastIndex;
    let digits = 0;
    for (let k = end; k < s.length && digits < 6; k++) {
      const c = s.charCodeAt(k);
      if (c >= 48 && c <= 57) digits++;
      else if (!(isBlank(c) || c === 40 || c === 41 || c === 45 || c === 46)) break;
    }
    // A word before a few digits is part of a note ("bis 20 Uhr"), unless it introduces a code ("PIN 1234",
    // "Raum 4711": read with the number, they were the made-up number `n:188855501011234`).
    if (digits < 6 && !(digits > 0 && isCodeLabel(m[0]))) return -1;
    // And a number before it, not a note ending in a few digits ("after 6 pm 415 …", "ab 18 Uhr 030 …":
    // a review found the whole field lost when `pm` and `Uhr` read as labels).
    let before = 0;
    for (let k = i - 1; k >= 0 && before < 6; k--) {
      const c = s.charCodeAt(k);
      if (c >= 48 && c <= 57) before++;
      else if (!(isBlank(c) || c === 40 || c === 41 || c === 45 || c === 46 || c === 43)) break;
    }
    if (before < 6) return -1;
  }
  // A word before digits may be an extension's ("… 0123 ext: 45", "… w: 12"): only before a '+' is it a label then.
  if (s.charCodeAt(end) !== 43 && isExtensionWord(m[0].replace(':', ''))) return -1;
  return end;
}

/**
 * Words of a label that introduces a code, not a number (SEP_NOTE), folded (lower-case, no accents): a
 * conference's, a door's or a voicemail's code, PIN, password, meeting or participant ID, and a room or
 * meeting number, in English, German, French, Spanish, Italian, Portuguese, Dutch and the Nordic
 * languages. No extension word ("ext", "Durchwahl", "anexo": EXTENSION_RE and libphonenumber's own):
 * the digits after one are the number's extension, read with it.
 */
const CODE_LABEL_WORDS: ReadonlySet<string> = new Set(
  (
    'code codes pin pins passcode password passwd pwd pw id access participant participants attendee moderator ' +
    'room rm conf conference confcall meeting mtg bridge webinar ' +
    'kennwort passwort zugang zugangscode teilnehmer raum zimmer konferenz konferenzraum besprechung sitzung ' +
    'identifiant acces passe salle chambre reunion ' +
    'codigo codice clave contrasena acceso acesso participante partecipante senha ' +
    'sala habitacion conferencia stanza camera conferenza riunione quarto reuniao ' +
    'toegang deelnemer wachtwoord kamer vergadering ' +
    'kod kode tilgang deltaker deltagare adgang losenord passord rum rom mote møte'
  ).split(' '),
);

/** Whether a label's words (folded: lower-case, no accents) hold one of CODE_LABEL_WORDS. */
function isCodeLabel(label: string): boolean {
  return label
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .some((w) => CODE_LABEL_WORDS.has(w));
}

/**
 * The separator a label at s[i, end) (labelAfterNumber) makes: SEP_NOTE when one of its words introduces
 * a code, SEP_LABEL for another word without its ':' before digits, SEP_LIST for a label with its ':'
 * ("M: 0171 …") or before a '+' ("Work +44 …": a number written with its country is one, whatever the
 * label says).
 */
function labelSep(s: string, i: number, end: number): number {
  if (s.charCodeAt(end) === 43 /* + */) return SEP_LIST;
  const label = s.slice(i, end);
  if (isCodeLabel(label)) return SEP_NOTE;
  return label.includes(':') ? SEP_LIST : SEP_LABEL;
}

/**
 * Whether a part after a bare label (SEP_LABEL), read as `v`, is a plausible number beside the full number
 * `base`: a full, valid number, or a possible one (libphonenumber's isPossible: a length the plan allows)
 * of the country of `base`. "+1 888 555 0101 Fax 1234567" is no number of North America (ten digits).
 */
function plausibleAfter(text: string, v: NormPhone | null, base: NormPhone): boolean {
  if (isFull(v) && isValidNumber(v!.display)) return true;
  const number = numberOf(base.display);
  const country = meta().getCountryCodesForCallingCode(number.slice(1, 1 + callingCodeLength(number)))?.[0];
  if (country === undefined) return true;
  return parsePhoneNumberFromString(text, country as CountryCode)?.isPossible() === true;
}

/** The numbers read from the parts of a field (readList). */
interface ListReading {
  numbers: NormPhone[];
  /** More than one part was read (what a weak separator joined did not read whole as one number). */
  split: boolean;
  /** A part after an extension was left unread: it may as well be another extension (alternativeOf). */
  ambiguous: boolean;
  /** Parts that are no one's number (a date), left out of `numbers`. */
  skipped: number;
}

/**
 * The numbers of the parts of a field, left to right. What a weak separator joins is read whole first.
 * A part of digits and spacing only, with fewer digits than the national number of the full number before
 * it, after any separator but SEP_LIST, is a shortened alternative of that number (alternativeOf): its
 * number when it is one, nothing when it is not (a year, an area code). Any other part must read as a
 * number with a key, else the field is no list (null): "(0)30 / 123 456 7" and "030 / 1234567" are one
 * number (their first part is none), "+1 415 555 0123, 9" a pause and its extension.
 *
 * `region` undefined (readOne, phoneAlternatives): only a full number followed by shortened
 * alternatives is read, null for anything else. Otherwise (phoneNumbers) a part without a '+' that is no
 * valid number in the region is read in the country of the full number before it, when it is a valid one
 * there ("+44 20 7946 0018 / 020 7946 0019").
 */
function readList(s: string, parts: Part[], read: Reader, region: CountryCode | null | undefined): ListReading | null {
  const numbers: NormPhone[] = [];
  /** The last full number read: the one a shortened alternative shortens, and whose country a national number may be in. */
  let base: NormPhone | null = null;
  let groups = 0;
  let ambiguous = false;
  let skipped = 0;
  for (let i = 0; i < parts.length; ) {
    const part = parts[i]!;
    // After a label introducing a code, a note, and with it what a weak separator joins to it
    // ("Code 1234 / 5678"): no number, left out as a note after a number is (SEP_NOTE); the number
    // before it is read as with a note of words ("+1 415 555 0123 home").
    if (part.sep === SEP_NOTE) {
      i++;
      while (i < parts.length && parts[i]!.sep === SEP_WEAK) i++;
      if (region !== undefined) skipped++;
      continue;
    }
    let j = i;
    let whole: NormPhone | null = null;
    while (j + 1 < parts.length && parts[j + 1]!.sep === SEP_WEAK) {
      const v: NormPhone | null = readRepaired(s.slice(part.from, parts[j + 1]!.to), read, false);
      if (!isFull(v)) break;
      whole = v;
      j++;
    }
    const text = s.slice(part.from, parts[j]!.to);
    i = j + 1;
    // A date or a time beside a number (opening hours, "seit 01.03.2024") is none: "… / 08:00-12:00"
    // was the number n:08001200, and two practices open at the same hours were one row.
    if (whole === null && base !== null && DATE_OR_TIME_RE.test(text)) continue;
    // In a list of numbers (phoneNumbers), a date anywhere is none either: "2024-01-05, 2024-02-06" in a
    // German book were two made-up numbers (a review).
    if (whole === null && region !== undefined && dateLike(text.trim()) && !wholeNumberLikeADate(text.trim(), readRepaired(text, read, false), region)) {
      skipped++;
      continue;
    }
    // So is filler (a form's "000-000-0000" beside the real number): the whole field was keyless (a probe).
    if (whole === null && region !== undefined && isFiller(text)) {
      skipped++;
      continue;
    }
    // And digits the phone sends after the call connects, ended by '#' ("+1 888 555 0101,,1234567#": a
    // conference's code after two pauses): a code, never a number (it was the made-up `n:1234567`, which
    // could link anyone whose field ends in those digits).
    if (whole === null && base !== null && region !== undefined && isDialCode(s, parts, i - 1, text, read)) {
      skipped++;
      continue;
    }
    groups++;
    if (whole === null && base !== null && (part.sep === SEP_ALT || part.sep === SEP_WEAK)) {
      const short = shortDigits(text, base);
      if (short !== null && !(short.charCodeAt(0) === 48 && validAlone(text, read))) {
        const alt = alternativeOf(base, short, read);
        if (alt === AMBIGUOUS) ambiguous = true;
        else if (alt !== null) numbers.push(alt);
        continue;
      }
    }
    if (groups > 1 && region === undefined) return null; // a second full number: a list, not alternatives
    const v: NormPhone | null = whole ?? (region === undefined || base === null ? readRepaired(text, read, false) : readAfter(text, read, base, region));
    // After a bare label, a date, a time or a year is the note's, not the number's ("030 1234567 ab 20.5.
    // 0171 2345678": the second number was the made-up `+4920501712345678`; readAfterNote).
    if (whole === null && part.sep === SEP_LABEL && region !== undefined && STRONG_NOTE_DIGITS_RE.test(text.trimStart())) {
      const after = readAfterNote('a' + text, read, true);
      if (after !== null) {
        numbers.push(after);
        base = after;
        continue;
      }
    }
    // After a bare label, only a number that is one beside the number before it (SEP_LABEL): digits of no
    // length the country's plan allows are left out, as a note is.
    if (region !== undefined && base !== null && part.sep === SEP_LABEL && !plausibleAfter(text, v, base)) {
      groups--;
      skipped++;
      continue;
    }
    if (v === null || v.key === null || (region === undefined && !isFull(v))) return null;
    numbers.push(v);
    base = isFull(v) ? v : null;
  }
  return { numbers, split: groups > 1, ambiguous, skipped };
}

/** Seven digits or more, one digit repeated, written with spacing only ("000-000-0000", "(000) 000 0000"): no one's number. */
function isFiller(text: string): boolean {
  if (!FORMATTED_NATIONAL_RE.test(text)) return false;
  const digits = digitsOf(text);
  return digits.length >= MIN_NATIONAL_DIGITS && sameDigit(digits);
}

/** Digits (and '*') ended by '#', no '+': a code dialled after a number connects (a conference PIN). */
const DIAL_CODE_RE = /^[\s\d*]*\d[\s\d*]*#\s*$/;
/** Digits (and '*', '#') alone: what a phone sends after pauses. */
const DIAL_DIGITS_RE = /^[\s\d*]*\d[\s\d*]*#?\s*$/;

/**
 * Whether the part `text` (parts[at]) of a list is a code dialled after the number before it connects,
 * not a number: digits ended by '#' (DIAL_CODE_RE), or digits after two pauses or more (",,", ";;") that
 * are no full, valid number alone in the book's country ("+1 888 555 0101,,1234567": a conference's code,
 * which was the made-up `n:1234567`; "+1 415 555 0123,,4155550199" stays two numbers). Only one longer than an
 * extension (MAX_EXTENSION_DIGITS): "+1 888 555 0101,1234#" and "+44 20 7946 0958,,123456#" are the
 * number with its extension, read whole (a second review found the extension dropped).
 */
function isDialCode(s: string, parts: Part[], at: number, text: string, read: Reader): boolean {
  if (digitsOf(text).length <= MAX_EXTENSION_DIGITS || !DIAL_DIGITS_RE.test(text)) return false;
  if (DIAL_CODE_RE.test(text)) return true;
  if (at === 0) return false;
  const between = s.slice(parts[at - 1]!.to, parts[at]!.from);
  return /[,;][\s\u00a0]*[,;]/.test(between) && !validAlone(text, read);
}

/** A date (01.03.2024, 1/3/24) or a time (08:00, 8.30 - 12.00) written as one. */
const DATE_OR_TIME_RE = /^\s*\d{1,4}\s*[.:/]\s*\d{1,2}(?:\s*[.:/]\s*\d{2,4})?\s*(?:[-–]\s*\d{1,2}\s*[.:]\s*\d{2}\s*)?$/;

/**
 * Whether a part read alone is a full, valid number: one that starts with the trunk prefix ("0157 00674227
 * u. 069 7773947": 069 is Frankfurt's area code) is the second number of the list, not a shortened
 * alternative of the first (its last ten digits replaced, no valid number: the second number was lost).
 */
function validAlone(text: string, read: Reader): boolean {
  // Nine digits at least (dates and times never get here: readList skips them first).
  if (digitsOf(text).length < 9) return false;
  const v = readRepaired(text, read, false);
  return isFull(v) && isValidNumber(v!.display);
}

/**
 * The digits of a part made of digits and spacing only that has fewer of them than the national number
 * of `base` (a shortened alternative of it); null for any other part.
 */
function shortDigits(text: string, base: NormPhone): string | null {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || isSpacing(c))) return null;
  }
  const digits = digitsOf(text);
  const number = numberOf(base.display);
  return digits.length > 0 && digits.length < number.length - 1 - callingCodeLength(number) ? digits : null;
}

/** The number of a display without its extension ("+14155550123;ext=9" -> "+14155550123"). */
function numberOf(display: string): string {
  const x = display.indexOf(';ext=');
  return x < 0 ? display : display.slice(0, x);
}

/** A short part that may as well be another extension as another number: left unread, as a year is. */
const AMBIGUOUS = Symbol('ambiguous');

/**
 * The number a shortened alternative names: `base` (without its extension) with its last digits replaced
 * by `short`, when that is a valid number (libphonenumber's isValid) and a neighbouring line (at most
 * MAX_ALTERNATIVE_DISTANCE away); null otherwise, so no number is invented from a year or an area code.
 * After an extension ("+1 415 555 0123 ext 9 / 0124") a part longer than the extension by two digits or
 * more names another line of the number (+14155550124, a direct number); a shorter one ("x 5 / 6") may
 * as well be another extension, and is AMBIGUOUS: only the first is read (+14155550172;ext=5), and
 * phoneAlternatives gives none.
 */
function alternativeOf(base: NormPhone, short: string, read: Reader): NormPhone | null | typeof AMBIGUOUS {
  const number = numberOf(base.display);
  if (number !== base.display && short.length <= base.display.length - number.length - 5 + 1) return AMBIGUOUS;
  const tail = number.slice(number.length - short.length);
  const other = number.slice(0, number.length - short.length) + short;
  // A neighbouring line ("0172 / 73", "… 0178 and 0179"), not any digits: "/ 2024" or "/ 415" after
  // "… 555 0190" is a year or an area code, and replacing the end with it would invent a number.
  if (other === number || Math.abs(Number(short) - Number(tail)) > MAX_ALTERNATIVE_DISTANCE) return null;
  if (!parsePhoneNumberFromString(other)?.isValid()) return null;
  const v = read(other);
  return v !== null && v.key === 'p:' + other ? v : null;
}

/** A shortened alternative names a line at most this far from the first ("0172 / 73", "555 0178 and 555 0179"). */
const MAX_ALTERNATIVE_DISTANCE = 20;

/**
 * A full-length part of a list after the full number `base`: read in the region; when that gives no
 * valid number and the part has no '+', read in the country of `base` ("+44 20 7946 0018 / 020 7946
 * 0019": people write the second number of one country as at home), when it is a valid number there.
 * The region comes first: it is how the book writes its national numbers, and a valid reading in it is
 * not overruled.
 */
function readAfter(text: string, read: Reader, base: NormPhone, region: CountryCode | null): NormPhone | null {
  const v = readRepaired(text, read, false);
  if (text.includes('+')) return v;
  const number = numberOf(base.display);
  const cc = number.slice(1, 1 + callingCodeLength(number));
  if (region !== null && regionPlan(region)?.plan.callingCode === cc) return v;
  if (isFull(v) && isValidNumber(v!.display)) return v;
  const country = meta().getCountryCodesForCallingCode(cc)?.[0];
  if (country === undefined) return v;
  const w = readRepaired(text, readerFor(country as CountryCode), false);
  return isFull(w) && isValidNumber(w!.display) ? w : v;
}

/** libphonenumber's isValid of a full number's display (its extension aside). */
function isValidNumber(display: string): boolean {
  const n = numberOf(display);
  // '+' and digits alone (an E.164 number, as every caller but a few passes): the parser's reading by
  // quickParse's steps (readDigitsQuick, tested equal to the parser's number and isValid on every calling
  // code), without a parse (~15-30 µs); the parser where those steps leave the number to it.
  if (isPlusDigits(n)) {
    const q = readDigitsQuick(n, null);
    if (q !== UNSURE) return q !== null && q.valid;
  }
  return parsePhoneNumberFromString(n)?.isValid() === true;
}

/** Whether `s` is '+' then ASCII digits only. */
function isPlusDigits(s: string): boolean {
  if (s.length < 2 || s.charCodeAt(0) !== 43) return false;
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The length of the calling code of an E.164 number (calling codes are prefix-free). */
function callingCodeLength(e164: string): number {
  for (let n = 1; n <= 3; n++) if (isCallingCode(e164.slice(1, 1 + n))) return n;
  return 0;
}

/**
 * The numbers of a phone field holding a number and its shortened alternatives ("+1 415 555 0172 / 0173"
 * gives +14155550172 and +14155550173; "… 0180 / 0181 / 0182" three), with the first and second reading;
 * null for any other field (a number alone, a list of full numbers). normalizePhone gives the first of them.
 */
export function phoneAlternatives(raw: string, region: CountryCode | null): NormPhone[] | null {
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  if (s === '' || isTelWithContext(s)) return null;
  // Cheap for a number alone: one pass over its characters (partsOf), and one more when no repair can apply.
  const alt = alternativesOf(s, region);
  if (alt !== null || shapeOf(s) === 0) return alt;
  const fixed = repair(s);
  return fixed === s ? null : alternativesOf(fixed, region);
}

function alternativesOf(s: string, region: CountryCode | null): NormPhone[] | null {
  const parts = partsOf(s);
  if (parts === null) return null;
  const list = readList(s, parts, readerFor(region), undefined);
  return list !== null && list.split && !list.ambiguous ? list.numbers : null;
}

/**
 * Every number of a phone field that holds more than one: a list pasted into one field ("+1 415 555 0123
 * / +1 415 555 0199", "415-555-0123, 415-555-0199", Google's " ::: ", "+14155550123 +14155550199"), a
 * number and its shortened alternatives ("+1 415 555 0180 / 0181 / 0182", "… 0180 - 0189", "… ext 9 /
 * 0124"), national numbers after an international one ("+44 20 7946 0018 / 020 7946 0019"), read as
 * readList says. Null for a field of one number, or one that is no such list (the field is then read
 * whole, normalizePhone).
 */
export function phoneNumbers(raw: string, region: CountryCode | null): NormPhone[] | null {
  if (typeof raw !== 'string') return null;
  let s = bracketTail(raw.trim());
  if (!mayHoldSeveral(s) || isTelWithContext(s)) return null;
  // Digits of other scripts and full-width separators as ASCII first: a part's digits are counted.
  if (shapeOf(s) & HAS_NON_ASCII) s = repair(s);
  const parts = partsOf(s);
  if (parts === null) return null;
  const list = readList(s, parts, readerFor(region), region);
  if (list === null) return null;
  // A date or a placeholder in a list is no one's number, as alone (a review: made-up numbers); what is
  // left of the list stands. Nothing left: the string is kept as written, keyless (its entry, with the
  // owner's evidence, stays marked).
  const numbers = list.numbers.filter((n) => implausible(n, n.display)!.key !== null);
  const dropped = list.skipped + list.numbers.length - numbers.length;
  if (dropped === 0) return numbers.length > 1 ? numbers : null;
  return numbers.length > 0 ? numbers : [{ display: s, key: null }];
}

/**
 * A phone field whose last part is in brackets after a number, read as what the brackets hold:
 *  - a note with digits ("+1 415 555 0126 (2)", "+44 20 7946 0958 (24/7)", "… (24h)", "… (line 2)",
 *    "… (after 6pm)", "… [2]"): the number before it. Read whole, the note's digits joined the number's
 *    (the made-up `+493012345672`, `+447700900123247`) or spoiled it (no key: a phone-only person left
 *    out as having nothing to invite; an HTTP probe).
 *  - another number ("030 1234567 (0171 2345678)", "+1 415 555 0172 (+1 415 555 0199)"): a list, as
 *    "… / …" is (phoneNumbers); read whole it gave no key, and both numbers were lost. Fewer than six
 *    digits alone ("… (0173)", "… (1234)") are an extension or a shortened alternative, which cannot be
 *    told apart: left out as a note, the number before them kept.
 *  - an extension ("… (x12)", "030 1234567 (Durchwahl 12)", "… (poste 12)"): read without the brackets.
 * The field as it is otherwise: no bracket at its end, brackets without digits ("… (cell)": read so
 * already), a note holding a long number ("(Mobil: 0171
 * 2345678)"), or fewer than six digits before the brackets ("Mom (415 555 0126)", "(030) 1234567").
 */
export function bracketTail(raw: string): string {
  let last = raw.charCodeAt(raw.length - 1);
  if (last !== 41 /* ) */ && last !== 93 /* ] */ && !(last <= 32 || last === 160)) return raw;
  const s = raw.trimEnd();
  last = s.charCodeAt(s.length - 1);
  if (last !== 41 /* ) */ && last !== 93 /* ] */) return raw;
  const open = s.lastIndexOf(last === 41 ? '(' : '[');
  if (open <= 0) return raw;
  const content = s.slice(open + 1, -1).trim();
  const before = s.slice(0, open).replace(/[\s\u00a0,;:/–—-]+$/u, '');
  if (!/\d/.test(content) || !/\d$/.test(before) || digitsOf(before).length < 6) return raw;
  const word = content.split(/[^\p{L}.]/u).find((w) => w !== '') ?? '';
  // An extension in brackets is read as one without them: "030 1234567 (Durchwahl 12)" had no E.164 form
  // (`n:0301234567`, no merge with the number written elsewhere), "+33 1 23 45 67 89 (poste 12)" no key.
  if (word !== '' && isExtensionWord(word)) return /^[^\d]*\d{1,6}$/.test(content) ? before + ' ' + content : raw;
  if (/^\+?[\d\s.\-–/]+$/.test(content)) {
    // Digits alone: another number, six digits or more ("(0171 2345678)", "(+1 415 555 0199)"); fewer are
    // a note's ("2", "24/7", "9-17") or a code's ("(1234)": an extension, or a shortened alternative, which
    // cannot be told apart; read as either, it could make a number up), and left out.
    return digitsOf(content).length >= 6 || content.charCodeAt(0) === 43 /* + */ ? before + ' / ' + content : before;
  }
  return BRACKET_NOTE_NUMBER_RE.test(content) ? raw : before;
}

/** A run of five digits or more (spacing or a hyphen between them) in a bracketed note: a number, not a note's time. */
const BRACKET_NOTE_NUMBER_RE = /\d(?:[\s\u00a0.-]?\d){4}/;

/**
 * The same normalisation without quickParse: the shortcuts that skip the parser entirely, then
 * libphonenumber. The reference the tests compare quickParse with; not used in production.
 */
export function parsePhoneSlow(raw: string, region: CountryCode | null): NormPhone | null {
  return readOrRepair(raw, (s) => fastE164(s) ?? fastPath(s, region) ?? nationalReading(s, region, parseWithLibrary(s, region)));
}

/**
 * normalizePhone's reading through the library alone: carrierPrefixMisread (the parser's two readings),
 * then parsePhoneSlow. The reference the tests compare the production path with; not used in production.
 */
export function parsePhoneReference(raw: string, region: CountryCode | null): NormPhone | null {
  raw = bracketTail(raw);
  const v = callable(raw.trim(), (region === null ? null : carrierPrefixMisread(raw, region)) ?? parsePhoneSlow(raw, region), region);
  // normalizePhone's +1 reading of `1` and ten digits (its alternative, the plan's own reading, aside).
  const na = region !== null && v !== null ? northAmericanWithoutPlus(raw, region, v) : null;
  return na === null ? v : { display: na.display, key: na.key };
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

/** quickCarrierPrefixMisread alone: undefined when it leaves the number to the parser (tests measure its reach). */
export function carrierPrefixQuick(raw: string, region: CountryCode): NormPhone | null | undefined {
  return quickCarrierPrefixMisread(raw, region);
}

/**
 * The parser's reading of a string of digits ('+' and digits, or digits in a region) by quickParse's
 * steps, with what isValid() says of it: null when the parser reads no number, undefined when the steps
 * leave it to the parser. Tests compare it with the parser's own.
 */
export function readDigitsQuick(digits: string, region: CountryCode | null): { number: string; valid: boolean } | null | undefined {
  let p: Parsed | null | undefined;
  const plus = digits.charCodeAt(0) === 43;
  if (digits.length - (plus ? 1 : 0) < 3) return UNSURE; // fewer than 3 digits: the parser's own rules (quickParse)
  if (plus) {
    p = parseInternational(digits.slice(1));
  } else {
    const rp = region === null ? null : regionPlan(region);
    if (rp === null) return UNSURE;
    p = parseNational(digits, rp.plan, rp.calling);
  }
  return p ? { number: p.number, valid: isValidParsed(p) } : p;
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
  // Mexico's abolished 01, 044 and 045 written nationally ("044 55 1234 5678"): quickParse's step too.
  const mexican = mexicanNationalPrefix(s, digits, region);
  if (mexican !== null) return mexican;
  // Ukraine's old 8 before 0XX, Chile's old 0 before a mobile (droppedTrunkPrefix): in both readers too.
  const dropped = droppedTrunkPrefix(s, digits, region);
  if (dropped !== null) return dropped;
  // Benin's eight digits, Colombia's one-digit area codes (renumberedNational): in both readers too.
  const old = renumberedNational(s, digits, region);
  if (old !== null) return old;

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
    } else if (alt) {
      const migrated = oldPlanReading(alt.number as string, digits, true, region);
      if (migrated !== null) return migrated;
    }
  }

  if (parsed && (international || region)) {
    const national = parsed.nationalNumber as string;
    // Short national numbers are no subscriber number, except a valid full number of a small plan
    // ("+376 312 345", Andorra; "+299 22 12 34", Greenland): a person to call.
    const short = national.length < MIN_NATIONAL_DIGITS && !(international && parsed.isValid());
    const bad = short || !parsed.isPossible() || /^(\d)\1*$/.test(national);
    if (parsed.ext) {
      // Another country's national number with an extension (extensionElsewhere): as without one.
      const m = international || !bad ? null : EXTENSION_RE.exec(s);
      const elsewhere = m == null ? null : extensionElsewhere(s, digitsOf(s.slice(0, m.index)), parsed.number as string, national, region);
      return elsewhere ?? withExtension(parsed.number as string, parsed.ext, bad);
    }
    // A pause (',' ';' '#') the parser does not read as an extension: shown as written, never merged.
    if (hasExtension(s)) return { display: s, key: null };
    // Another calling code of France's plan ("0692 12 34 56" in a French book): before elsewhereNational,
    // which takes "01 42 …" in a Réunion book, no number of +262's pattern, for another country's.
    const french = international || bad ? null : frenchPlanReading(digits, parsed.number as string, national, region);
    if (french !== null) return french;
    const elsewhere = international ? null : elsewhereNational(s, digits, parsed.number as string, national, bad, region);
    if (elsewhere !== null) return elsewhere;
    if (bad) {
      const migrated = oldPlanReading(parsed.number as string, digits, international, region);
      if (migrated !== null) return migrated;
      // A local number without its area code ("234-5678" in a +1 book), or another country's number
      // without its country code ("(31) 93502-4155" in a +1 book): as with no region.
      if (
        !international &&
        (isLocalNumber(parsed.number as string, national, region) || isForeignNational(s, parsed.number as string, national, digits, region))
      )
        return noCountry(s, digits);
      // Too short for a subscriber number, impossible length for the country, or filler ("000 0000").
      return { display: s, key: null };
    }
    return fullNumber(parsed.number as string);
  }
  return noCountry(s, digits);
}

/**
 * A number the plan has no such number for, written in a plan its country has since changed (renumbered,
 * mexicanDialPrefix): the number as dialled today. Mexico's abolished mobile 1 and 044/045 after a call
 * prefix instead of '+' ("011 52 1 55 1234 5678" in a US book, "0052 1 55 …") or after the book's own
 * calling code written without '+' ("52 1 55 1234 5678", "5215512345678" in a Mexican book, as
 * WhatsApp-style exports write them) were keyless or kept as written beside the person's card (a probe),
 * while "+52 1 55 …" was read. Only a reading the migration makes valid; null otherwise.
 */
function oldPlanReading(number: string, digits: string, international: boolean, region: CountryCode | null): NormPhone | null {
  let e164: string | null = international ? number : null;
  if (e164 === null && region !== null) {
    const cc = regionPlan(region)?.plan.callingCode;
    if (cc !== undefined && digits.startsWith(cc) && digits.length <= MAX_E164_DIGITS) e164 = '+' + digits;
  }
  if (e164 === null || !E164_RE.test(e164)) return null;
  const v = fastE164(e164);
  return v !== null && v.key !== null && v.key !== 'p:' + e164 ? v : null;
}

/** Written as one number: digits in groups, spaces, dots, dashes and brackets (no list, no letters). */
const ONE_NUMBER_RE = /^\(?\d[\d\s().-]*$/;

/**
 * A number written without '+' or a call prefix that the region's plan has no number of that length for
 * (the caller's `bad`), of 7 to 15 digits, not starting with 0 (a trunk prefix: elsewhereNational) and
 * written as one number: another country's number saved without its country code ("(31) 93502-4155", a
 * Brazilian mobile, in a +1 book: 11 digits where the region has 10; "5123 4567", Hong Kong, in a UK
 * book).
 * It is read as when the region is unknown (noCountry): shown as written, keyed on its digits, and joined
 * to the one full number of the book that ends with them after a real calling code (merge/links.ts). It
 * was keyless, so a card holding only it had nothing to invite and was left out: a person lost.
 */
function isForeignNational(s: string, number: string, national: string, digits: string, region: CountryCode | null): boolean {
  if (region === null || digits.length < MIN_NATIONAL_DIGITS || digits.length > MAX_E164_DIGITS || !ONE_NUMBER_RE.test(s)) return false;
  const rp = regionPlan(region);
  if (rp === null) return false;
  if (!number.startsWith(rp.plan.callingCode, 1)) {
    // The region's own international prefix read it ("09" in Mexico: "0912 345 678", a Vietnamese mobile,
    // became "+1 2345678") and no possible number came of it.
    let z = 0;
    while (digits.charCodeAt(z) === 48) z++;
    return digits.length - z >= MIN_NATIONAL_DIGITS && !sameDigit(digits.slice(z));
  }
  return digits.charCodeAt(0) !== 48 && national.charCodeAt(0) !== 48 && !sameDigit(national) && !sameDigit(digits);
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
 * A number written nationally (no '+', no call prefix) that the region's numbering plan has no such
 * number for, read as a national number of a country the book does not say (noCountry: shown as
 * written, keyed on its digits; merge/links.ts joins it to the one full number of the book that ends
 * with them after a real calling code). Null: the region's reading stands. Two cases:
 *  - written with a trunk prefix '0' ("06 12 34 56 78", "07911 123456" in a US book: a contact saved
 *    abroad): read in the region it is a wrong number ("+10612345678") or nothing at all;
 *  - a possible length for the region but no number of its plan ("(415) 555-0123" in a UK book would
 *    be "+444155550123"): an E.164 that cannot exist is never made up.
 * An impossible number that does not start with a trunk prefix is left as it was (no key): a string of
 * digits is not made a number. Filler that the plan has no number for gets no key either ("(000)
 * 000-0001", which was "+10000000001": what is left after its zeros is too short or one digit).
 * Exported for the tests' reference reading.
 */
export function elsewhereNational(s: string, digits: string, number: string, national: string, bad: boolean, region: CountryCode | null): NormPhone | null {
  if (region === null) return null;
  const trunk = digits.charCodeAt(0) === 48 && digits.charCodeAt(1) !== 48;
  if (bad && !trunk) return null;
  const rp = regionPlan(region);
  if (rp === null || !number.startsWith(rp.plan.callingCode, 1)) return null;
  if (rp.plan.nationalNumber.test(national) || rp.calling.main.nationalNumber.test(national)) return null;
  let z = 0;
  while (z < digits.length && digits.charCodeAt(z) === 48) z++;
  if (digits.length - z < MIN_NATIONAL_DIGITS || sameDigit(digits.slice(z))) return { display: s, key: null };
  return noCountry(s, digits);
}

/**
 * The countries of France's national numbering plan: "code pays 33 : France métropolitaine ; 590 :
 * Guadeloupe ; 594 : Guyane ; 596 : Martinique ; 262 : [...] la Réunion ; [...] Mayotte ; 508 :
 * Saint-Pierre-et-Miquelon" (ARCEP, décision n° 2006-0509; Mayotte has been under +262 since 2007, and
 * Saint-Barthélemy and Saint-Martin are under +590). One plan of ten-digit numbers with the trunk prefix
 * 0, "homogène à dix chiffres" overseas since 2001, dialled as written from any of them, under six
 * calling codes. libphonenumber's metadata gives each country a plan of its own with the same national
 * prefix 0 and nine-digit national numbers (`test/domain/phone-forms.test.ts` checks it), so a book of
 * one reads every number of another as its own: "0692 12 34 56" (a Réunion mobile) in a French book
 * was `+33692123456` and "06 12 34 56 78" (a mainland mobile) in a Réunion book `+262612345678`, no
 * one's numbers, which never met the same person's `+262692123456` or `+33612345678`.
 * Not Wallis-et-Futuna, French Polynesia or New Caledonia: plans of their own, without a trunk prefix.
 */
const FRENCH_PLAN_REGIONS: ReadonlySet<string> = new Set(['FR', 'RE', 'YT', 'GP', 'BL', 'MF', 'MQ', 'GF', 'PM']);

/**
 * For a calling code of France's plan: the plan's other calling codes, and a pattern that every national
 * number valid under one of them matches (the union of their countries' number types on the full
 * metadata: a superset of isValid, lengths aside), so that most of a book's numbers skip the parser.
 */
interface FrenchPlanOthers {
  codes: string[];
  any: RegExp;
}
const frenchPlanOthers = new Map<string, FrenchPlanOthers>();

function frenchPlanOthersOf(callingCode: string): FrenchPlanOthers {
  let v = frenchPlanOthers.get(callingCode);
  if (v === undefined) {
    const m = new FullMetadata(createRequire(import.meta.url)('libphonenumber-js/metadata.max.json') as MetadataJson) as unknown as LibMetadata;
    const codes: string[] = [];
    const patterns: string[] = [];
    for (const country of FRENCH_PLAN_REGIONS) {
      const cc = regionCallingCode(country as CountryCode);
      if (cc === callingCode) continue;
      if (!codes.includes(cc)) codes.push(cc);
      m.selectNumberingPlan(country);
      for (const name of NUMBER_TYPES) {
        const p = m.numberingPlan.type(name)?.pattern();
        if (p) patterns.push('(?:' + p + ')');
      }
    }
    frenchPlanOthers.set(callingCode, (v = { codes, any: new RegExp('^(?:' + patterns.join('|') + ')$') }));
  }
  return v;
}

/**
 * A number of France's plan written as the plan writes it (the trunk 0 and nine digits, no '+' and no
 * call prefix) in a book of one of its countries, whose reading under the book's own calling code is
 * no valid number, while under exactly one other calling code of the plan it is one (several countries
 * of one code, +590's Guadeloupe, Saint-Barthélemy and Saint-Martin, count as one): that number.
 * "0692 12 34 56" in a French book is `+262692123456` (Réunion), "0690 …" `+590690…` (Guadeloupe),
 * "0696 …" `+596696…` (Martinique), "0694 …" `+594694…` (French Guiana), "0262 …" `+262262…`; and
 * "06 12 34 56 78" or "01 42 …" in a Réunion (or Guadeloupe …) book is `+33612345678`, `+33142…`, the
 * mainland's number dialled so from there, as the plan is one (the book's reading was no one's number,
 * or, where +262's pattern has no such number, a national one: elsewhereNational, which this precedes).
 * Null otherwise: a valid reading stays, whatever another code makes of the digits (the parser's
 * metadata has France's "0269 …", "0596 …" and "0508 …" ranges as mainland fixed lines, and a number
 * valid under both stays the book's own), and so do readings valid under two codes or none.
 * Validity is the full metadata's (isValidInFullPlan): the parser's small metadata takes any nine digits
 * for a French number and most for a Martinique one. It costs a regular expression for a number no
 * other code has (a mainland mobile in a French book); the rest are cached with the reading (readPhone).
 */
function frenchPlanReading(digits: string, number: string, national: string, region: CountryCode | null): NormPhone | null {
  if (region === null || !FRENCH_PLAN_REGIONS.has(region)) return null;
  if (digits.length !== 10 || national.length !== 9 || digits.charCodeAt(0) !== 48 || !digits.endsWith(national)) return null;
  const own = planOf(region).callingCode;
  if (number.length !== own.length + 10 || !number.startsWith(own, 1)) return null;
  const others = frenchPlanOthersOf(own);
  if (!others.any.test(national) || isValidInFullPlan(number)) return null;
  let found: string | null = null;
  for (const cc of others.codes) {
    if (!isValidInFullPlan('+' + cc + national)) continue;
    if (found !== null) return null;
    found = '+' + cc + national;
  }
  return found === null ? null : fullNumber(found);
}

/**
 * A number with an extension: a person's direct line, callable, shown and keyed RFC 3966 style
 * ("+14155550123;ext=9"). The key differs from the bare number's, so colleagues on one switchboard never
 * merge through it (merge.ts reads the bare number of such a key as a switchboard). A number that is not
 * a possible subscriber number gets no key, as without an extension.
 */
function withExtension(number: string, ext: string, bad: boolean): NormPhone {
  const n = renumbered(number); // a renumbered number is a valid one (see renumbered)
  const display = `${n};ext=${ext}`;
  return { display, key: bad && n === number ? null : 'p:' + display };
}

/**
 * A number written nationally with an extension that the region's plan has no number for, written with
 * a trunk prefix 0 (elsewhereNational's first case): "07700900124;ext=2" (a UK mobile's direct line, a
 * vCard's `TEL:tel:07700900124;ext=2`) in a Russian book, whose trunk prefix is 8. Read as without the
 * extension, as a national number of a country the book does not say (noCountry, which keys the line
 * with its extension: "n:07700900124;ext=2"), as the same string is in a book without a region. It was
 * the impossible "+707700900124;ext=2" without a key, and a card holding only it was dropped without a
 * word (a tester). `digits`: the digits before the extension. Null: the reading as before (no key, the
 * number with its extension as the parser read it).
 */
function extensionElsewhere(s: string, digits: string, number: string, national: string, region: CountryCode | null): NormPhone | null {
  const v = elsewhereNational(s, digits, number, national, true, region);
  return v === null || v.key === null ? null : v;
}

/** The longest extension read from a number whose country is unknown (quickParse reads up to 6 too). */
const MAX_EXTENSION_DIGITS = 6;

/** A number whose country is unknown (or that the parser could not read). */
function noCountry(s: string, digits: string): NormPhone {
  if (hasExtension(s)) return nationalWithExtension(s);
  // No country known: keep the digits as a national-only key; it matches the same digits in the same
  // book (and merge links it to a full number that ends with them).
  if (digits.length < MIN_NATIONAL_DIGITS || digits.length > MAX_E164_DIGITS) return { display: s, key: null };
  if (sameDigit(digits)) return { display: s, key: null };
  return { display: s, key: 'n:' + digits };
}

/**
 * A number without its country and with an extension ("(415) 555-0124 ext 9" in a book whose owner's
 * country is unknown): a person's direct line, callable, so a contact with nothing else is still someone
 * to invite. Shown as written; keyed national-only with its extension ('n:4155550124;ext=9'), which
 * matches the same line within the book and links to the one full number of the book that ends with it
 * ("+1 415 555 0124 x9" from another source: nationalAliases), never to the bare number (the
 * switchboard). No key when what precedes the marker is no possible number (too few digits, filler, or
 * a '+' number the parser could not read) or the "extension" is long enough to be another number
 * ("415 555 0123; 415 555 0124" is a list, read as one elsewhere).
 */
function nationalWithExtension(s: string): NormPhone {
  const m = EXTENSION_RE.exec(s);
  // A '+' number the parser could not read ("+1 415 555 poste 12") is no national number either.
  if (m === null || s.lastIndexOf('+', m.index) >= 0) return { display: s, key: null };
  const digits = digitsOf(s.slice(0, m.index));
  const ext = digitsOf(s.slice(m.index));
  if (ext.length === 0 || ext.length > MAX_EXTENSION_DIGITS) return { display: s, key: null };
  if (digits.length < MIN_NATIONAL_DIGITS || digits.length > MAX_E164_DIGITS || sameDigit(digits)) return { display: s, key: null };
  return { display: s, key: `n:${digits};ext=${ext}` };
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
// several (+1, +44, +7, ...) to read the number's length, quickParse does not guess: it goes on only when
// every candidate country gives the same answer, and otherwise leaves the string to the parser (undefined),
// as it does for every shape it does not know. isValid() is another matter: the country it reads a number
// in is chosen by a fixed rule on the metadata (getCountryByCallingCode: the first country of the code whose
// leading digits start the number or that has a type for it), which countryOf and validIn repeat exactly;
// quickParse needs it for short numbers of small plans, and quickCarrierPrefixMisread for the two readings
// of a "00" number. test/domain/phone.test.ts checks them against parsePhoneSlow and the parser's isValid()
// on generated numbers.

/** The parts of libphonenumber's Metadata API used here (public class, untyped methods). */
interface LibNumberingPlan {
  callingCode(): string;
  IDDPrefix(): string;
  nationalNumberPattern(): string;
  possibleLengths(): number[] | undefined;
  nationalPrefixForParsing(): string | number | undefined;
  nationalPrefixTransformRule(): string | number | undefined;
  leadingDigits(): string | undefined;
  hasTypes(): boolean;
  type(type: string): { pattern(): string; possibleLengths(): number[] | undefined } | undefined;
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
  /** `new RegExp(leading_digits)`, which the parser searches to tell countries of one calling code apart; null when none. */
  leadingDigits: RegExp | null;
  /** The number types (fixed line, mobile ...) the metadata gives, or null when it gives none (see validIn). */
  types: PlanType[] | null;
}

/** One number type of a plan, as getNumberType's isNumberTypeEqualTo reads it. */
interface PlanType {
  /** `^(?:pattern)$` */
  pattern: RegExp;
  /** The type's possible lengths (the plan's when the type has none of its own). */
  lengths: number[] | undefined;
}

/** The number types getNumberType tries, in its order (the fixed line first). */
const NUMBER_TYPES = ['FIXED_LINE', 'MOBILE', 'PREMIUM_RATE', 'TOLL_FREE', 'SHARED_COST', 'VOIP', 'PERSONAL_NUMBER', 'PAGER', 'UAN', 'VOICEMAIL'];

/** The countries of one calling code and what their lengths say, agreed by all of them or not. */
interface CallingPlan {
  callingCode: string;
  /** The plan the parser selects for the calling code alone (its first country). */
  main: Plan;
  /** Every country of the code, in the metadata's order (the order the parser tries them in). */
  countries: Plan[];
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
      leadingDigits: np.leadingDigits() ? new RegExp(np.leadingDigits() as string) : null,
      types: np.hasTypes() ? typesOf(np) : null,
    };
    plans.set(country, p);
  }
  return p;
}

/** The types of a plan that has some, skipping those without a pattern (isNumberTypeEqualTo never matches them). */
function typesOf(np: LibNumberingPlan): PlanType[] {
  const out: PlanType[] = [];
  for (const name of NUMBER_TYPES) {
    const t = np.type(name);
    if (t === undefined || !t.pattern()) continue;
    out.push({ pattern: new RegExp('^(?:' + t.pattern() + ')$'), lengths: t.possibleLengths() || undefined });
  }
  return out;
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
        countries: ps,
        possible: agreement(ps, (st) => st === LENGTH_POSSIBLE),
        incompleteOk: agreement(ps, (st) => st !== LENGTH_TOO_SHORT && st !== LENGTH_INVALID),
      };
    }
    callingPlans = table;
  }
  return callingPlans[callingCode];
}

/**
 * Whether `digits` is `national` (a national number of `callingCode`) written at home with the national
 * (trunk) prefix of one of the code's countries, read from the parser's metadata: "89161234567" is
 * +7 916 123 45 67 written in Russia ("8 916 123-45-67"), "80291234567" +375 29 123 45 67 in Belarus.
 * Only prefixes other than 0 need it (nationalAliases drops leading zeros itself, isTrunkZero); plans whose prefix
 * is rewritten (a transform rule) are not read.
 */
export function isTrunkNational(digits: string, callingCode: string, national: string): boolean {
  if (digits.length <= national.length || !digits.endsWith(national) || !isCallingCode(callingCode)) return false;
  const calling = callingPlanOf(Number(callingCode));
  if (!calling) return false;
  const prefix = digits.slice(0, digits.length - national.length);
  for (const p of calling.countries) {
    if (p.nationalPrefix === null || p.transformRule !== null) continue;
    const m = p.nationalPrefix.exec(prefix);
    if (m !== null && m[0] === prefix && !/^0+$/.test(prefix)) return true;
  }
  return false;
}

/**
 * Whether `zeros` (the 0s written before a national number's digits, '' for none) is the national (trunk)
 * prefix of one of the countries of `callingCode`, read from the parser's metadata (its prefix for parsing,
 * which the parser strips): "0" is for +44, +33 or +54, not for +1 (North America's prefix is 1, and its
 * national numbers never start with 0), +7 (8), +36 (06) or +39 (none: Italy's 0 is part of the number);
 * +48 and +420 take the 0 they dropped (DROPPED_TRUNK_ZERO).
 * nationalAliases asks it before joining "020 7946 0958" to a full number ending "2079460958": only
 * "+44 20 7946 0958" may be it, never "+1 207 946 0958" (a probe found the London friend folded into a
 * Maine contact, in a US book).
 */
export function isTrunkZero(zeros: string, callingCode: string): boolean {
  if (zeros === '') return true;
  if (!isCallingCode(callingCode)) return false;
  const calling = callingPlanOf(Number(callingCode));
  if (!calling) return false;
  for (const p of calling.countries) {
    const m = p.nationalPrefix?.exec(zeros);
    if (m != null && m[0] === zeros) return true;
  }
  // The countries that dropped their trunk 0 in living memory (Poland in 2005, Czechia in 2002): old books
  // are full of "(0-22) 123 45 67" (a review). Not every country without a prefix in the metadata: Spain
  // and Italy never had one, and taking it joined Rome's "06 1234 5678" to a Spanish mobile (a review).
  return zeros === '0' && DROPPED_TRUNK_ZERO.has(callingCode);
}

/** Calling codes whose country dropped its trunk prefix 0 (the metadata knows none now): Poland, Czechia. */
const DROPPED_TRUNK_ZERO: ReadonlySet<string> = new Set(['48', '420']);

/**
 * Whether `digits` (a national number's digits, an extension aside) are a valid number of `callingCode`
 * (libphonenumber's isValid, in the code's country the digits tell).
 */
export function isValidNational(callingCode: string, digits: string): boolean {
  return isCallingCode(callingCode) && isValidNumber('+' + callingCode + digits);
}

/**
 * Whether `digits` (a national-only key's digits, an extension aside) are a valid North American number
 * as written: ten digits, area code and exchange not starting with 0 or 1, valid in the +1 country they
 * tell (libphonenumber's metadata). Such digits with a 0 before them are no number of +1, whose trunk
 * prefix is 1: "(207) 946-0958" and "020 7946 0958" are two numbers (nationalAliases).
 */
export function isNanpNational(digits: string): boolean {
  const e = digits.indexOf(';');
  const d = e < 0 ? digits : digits.slice(0, e);
  return isNanp(d, 0) && nanpValid(d);
}

/**
 * Whether the national-only digits `written` (as written, zeros kept) are the full number `e164` read as
 * a national number of its country, by libphonenumber's own rules for that plan: its national prefix and
 * what it rewrites (Argentina's `0 11 15 1234-5678` is `+54 9 11 1234 5678`), and a carrier's code before
 * the area code (Brazil's `0 21 11 98765-4321` is `+55 11 98765 4321`). Only a valid number, and only
 * exactly that number (nationalAliases asks it of the book's full numbers that end as `written` does).
 * Both forms were two rows of one person when the national form came from a source with no country (a
 * probe).
 */
export function nationalIn(written: string, e164: string): boolean {
  if (written.includes(';') || e164.includes(';')) return false;
  const country = parsePhoneNumberFromString(e164)?.country;
  if (country === undefined) return false;
  const p = parsePhoneNumberFromString(written, country);
  return p !== undefined && p.number === e164 && p.isValid();
}

/**
 * By calling code (1-999): the national prefix of the code's first country (the plan the parser reads an
 * international number in), `^(?:prefix)`, when it may start with another digit than 0 (Russia's and
 * Kazakhstan's 8, Belarus's 8 and 80, Lithuania's 8 …); null for the others (0, or none). See
 * trunkAfterCallingCode.
 */
let nonZeroPrefixes: (RegExp | null)[] | null = null;
function nonZeroPrefixOf(callingCode: number): RegExp | null {
  if (nonZeroPrefixes === null) {
    const table: (RegExp | null)[] = new Array(1000).fill(null);
    for (let cc = 1; cc <= 999; cc++) {
      const re = callingPlanOf(cc)?.main.nationalPrefix ?? null;
      if (re !== null && re.source !== '^(?:0)') table[cc] = re;
    }
    nonZeroPrefixes = table;
  }
  return nonZeroPrefixes[callingCode]!;
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
  calling: CallingPlan;
  /**
   * The country the parser gives the number before it looks for the one the number tells (countryOf):
   * the region, for a national number; null otherwise (isValid then reads it in the code's first country).
   */
  plan: Plan | null;
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

/** The parser's result for a national (significant) number of a calling code (`plan`: see Parsed). */
function finish(calling: CallingPlan, national: string | undefined, plan: Plan | null): Parsed | null | undefined {
  if (national === undefined) return UNSURE;
  if (national.length < 2 || national.length > 17) return null; // MIN/MAX_LENGTH_FOR_NSN: no number
  const possible = calling.possible[national.length];
  if (possible === undefined || possible === null) return UNSURE;
  return { number: '+' + calling.callingCode + national, national, possible, calling, plan };
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
    return finish(calling, nationalOf(rest, calling.main, calling), null);
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
      return finish(calling, nationalOf(shorter, calling.main, calling), null);
    }
  }
  return finish(calling, nationalOf(digits, plan, calling), plan);
}

/**
 * getNumberType of the parser is not undefined: the national number matches the plan's pattern and the
 * pattern of one of its types (of a length the type allows).
 */
function hasNumberType(plan: Plan, national: string): boolean {
  if (plan.types === null || !plan.nationalNumber.test(national)) return false;
  for (const t of plan.types) if ((t.lengths === undefined || t.lengths.includes(national.length)) && t.pattern.test(national)) return true;
  return false;
}

/**
 * isValid of the parser for a national number in a plan: its types when the metadata gives the plan
 * some (it does for the countries the parser must tell apart within a calling code), else the plan's
 * national number pattern alone.
 */
function validIn(plan: Plan, national: string): boolean {
  return plan.types !== null ? hasNumberType(plan, national) : plan.nationalNumber.test(national);
}

/**
 * getCountryByCallingCode of the parser: the one country of the code, or the first of several whose
 * leading digits start the number (when it has leading digits) or that has a type for it; undefined
 * when none does.
 */
function countryOf(calling: CallingPlan, national: string): Plan | undefined {
  const cs = calling.countries;
  if (cs.length === 1) return cs[0];
  for (const p of cs) {
    if (p.leadingDigits !== null ? national.search(p.leadingDigits) === 0 : hasNumberType(p, national)) return p;
  }
  return undefined;
}

/** isValid() of the parser's result: in the country the number tells (countryOf), else the one it was given. */
function isValidParsed(p: Parsed): boolean {
  return validIn(countryOf(p.calling, p.national) ?? p.plan ?? p.calling.main, p.national);
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
  // Mexico's abolished 01, 044 and 045 written nationally (see parseWithLibrary, which reads them first too).
  const mexican = mexicanNationalPrefix(s, digits, region);
  if (mexican !== null) return mexican;
  // Ukraine's old 8 before 0XX, Chile's old 0 before a mobile (droppedTrunkPrefix): in both readers too.
  const dropped = droppedTrunkPrefix(s, digits, region);
  if (dropped !== null) return dropped;
  // Benin's eight digits, Colombia's one-digit area codes (renumberedNational): in both readers too.
  const old = renumberedNational(s, digits, region);
  if (old !== null) return old;

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
    } else if (alt) {
      const migrated = oldPlanReading(alt.number, digits, true, region);
      if (migrated !== null) return migrated;
    }
  }

  if (parsed && (plus || idd || region)) {
    const national = parsed.national;
    // A short full number may be a valid one of a small plan (parseWithLibrary): isValid decides. After a
    // prefix written with spacing the parser reads what IDD_WRITTEN_RE leaves of the string, which is not
    // always what is read here ("(00) 290 ..."): there the parser decides, as it did before isValid was known.
    if (spacedIdd && idd && national.length < MIN_NATIONAL_DIGITS && parsed.possible) return UNSURE;
    const short = national.length < MIN_NATIONAL_DIGITS && !((plus || idd) && parsed.possible && isValidParsed(parsed));
    const bad = short || !parsed.possible || sameDigit(national);
    if (ext !== null) {
      const elsewhere = plus || idd || !bad ? null : extensionElsewhere(s, digits, parsed.number, national, region); // see parseWithLibrary
      return elsewhere ?? withExtension(parsed.number, ext, bad);
    }
    const french = plus || idd || bad ? null : frenchPlanReading(digits, parsed.number, national, region); // see parseWithLibrary
    if (french !== null) return french;
    const elsewhere = plus || idd ? null : elsewhereNational(s, digits, parsed.number, national, bad, region);
    if (elsewhere !== null) return elsewhere;
    if (bad) {
      const migrated = oldPlanReading(parsed.number, digits, plus || idd, region);
      if (migrated !== null) return migrated;
      return !plus && !idd && (isLocalNumber(parsed.number, national, region) || isForeignNational(s, parsed.number, national, digits, region))
        ? noCountry(s, digits)
        : { display: s, key: null };
    }
    return fullNumber(parsed.number);
  }
  return noCountry(s, ext === null ? digits : digitsOf(s));
}

/**
 * Normalises one uploaded number. `region` is the country used for numbers without a country code
 * (from source.phone or the configured default), or null. Returns null for a blank string; otherwise
 * a NormPhone whose key is null when the number must never merge people (extension, short code, garbage).
 */
const CALL_LOG_PRESENTATION_RE = /^\s*-[1-4]\s*$/;

export function normalizePhone(raw: string, region: CountryCode | null): NormPhone | null {
  // A control character inside a number is noise (`+1415\u00005550123`): read without it (invisible.ts).
  raw = dropControls(raw);
  // Android's call log writes a caller who hid the number as `-1` (unknown), `-2` (private) or `-3`
  // (payphone): no number (a probe found an unnamed `-2` row ranked above the people).
  if (CALL_LOG_PRESENTATION_RE.test(raw)) return null;
  raw = bracketTail(raw);
  const p = readPhone(raw, region);
  if (p === null || p.key === null) return p;
  if (region === null) {
    const ar = argentineMobileReading(p.key) ?? mexicanMobileReading(p.key);
    if (ar !== null) p.alt = ar;
    return p;
  }
  const mobile = ownCodeMobile(raw, region, p.key);
  if (mobile !== null) return { ...fullNumber(mobile), alt: p.key };
  const na = northAmericanWithoutPlus(raw, region, p);
  if (na !== null) return na;
  const alt = foreignReading(raw, region, p.key) ?? argentineMobileReading(p.key) ?? mexicanMobileReading(p.key);
  if (alt !== null) p.alt = alt;
  return p;
}

/**
 * A North American number saved with its calling code and no '+' (`16502530000`, `1 (415) 555-0123`, as
 * WhatsApp and phones abroad save a US or Canadian contact) in a book of a plan outside +1 whose own
 * reading of the digits is no valid number (by the full metadata: the default one passes `+9116502530000`,
 * a length India allows): the +1 number, the own reading kept as the alternative
 * (NormPhone.alt). An HTTP probe found `16502530000` read as `+9116502530000` in an Indian book (and as
 * +55, +86, +62, +39 …: lengths those plans allow, no valid number), ranked first and never merged with the
 * same person's `+1 650-253-0000`. A plan that reads the digits as a valid number of its own keeps it (a
 * Chinese mobile starts with 1 and has eleven digits too: `13812345678`).
 */
function northAmericanWithoutPlus(raw: string, region: CountryCode, p: NormPhone): NormPhone | null {
  if (p.key === null || p.key.startsWith('p:+1') || !NANP_WITHOUT_PLUS_RE.test(raw)) return null;
  const digits = digitsOf(raw);
  if (digits.length !== 11 || regionCallingCode(region) === '1' || (p.key.startsWith('p:') && isValidInFullPlan(numberOf(p.display)))) return null;
  const e164 = '+' + digits;
  return isValidInFullPlan(e164) ? { ...fullNumber(e164), alt: p.key } : null;
}
/** Eleven digits starting with 1, written with spacing or brackets only (no '+', no international prefix). */
const NANP_WITHOUT_PLUS_RE = /^\s*1[\s().-]*\(?\d{3}\)?[\s.-]*\d{3}[\s.-]*\d{4}\s*$/;

/**
 * A Mexican mobile written as bare international digits with the old mobile 1 (`5215512345678`, as
 * `+52 1 55 1234 5678` was dialled before 2019) in a book of another country, where it has no reading of its
 * own (`n:5215512345678`): the number after +52 without the 1, when valid, as the alternative
 * (NormPhone.alt), which joins only a card of the book holding exactly that number (a probe: `Lucía Pérez`
 * on `+52 55 1234 5678` and on `5215512345678` were two rows in a British book, while `33612345678` and
 * `447911123456` joined their people). A plan that reads the digits as its own number (a German book's
 * `521…`, Bielefeld) keeps that reading, and a Mexican book reads them as the mobile already.
 */
function mexicanMobileReading(key: string): string | null {
  if (key.length !== 15 || !key.startsWith('n:521')) return null;
  const mobile = '+52' + key.slice(5);
  return /^\+52\d{10}$/.test(mobile) && isValidNumber(mobile) ? 'p:' + mobile : null;
}

/**
 * An Argentine number of ten national digits without the mobile 9 ("+54 11 6123-4567", "011 6123-4567"):
 * the same digits after +54 9, when valid. A mobile is dialled from abroad with the 9, and phones and
 * address books often keep it without, as the number is written at home; the plan gives mobiles and
 * landlines of an area code disjoint blocks of subscriber numbers, but the library's metadata does not
 * tell them apart, so the number as written stands and the mobile reading is the alternative
 * (NormPhone.alt): it joins only a card of the book holding exactly that number, names permitting.
 */
function argentineMobileReading(key: string): string | null {
  if (key.length !== 15 || !key.startsWith('p:+54') || key.charCodeAt(5) === 57 /* 9 */) return null;
  const mobile = '+549' + key.slice(5);
  // Only for a valid number of the plan (`+54 0248…` is none; a review).
  return isValidNumber(key.slice(2)) && isValidNumber(mobile) ? 'p:' + mobile : null;
}

/**
 * A mobile of the book's plan written after the plan's own calling code without its '+' ("49 171 1234567",
 * "4917112345678" in a German book), where the plan's loose metadata also reads the digits as a national
 * number (+49 4917 …, a landline of no real area code): the mobile (E.164), checked on the full metadata.
 * Only in a plan whose national numbers start with a trunk prefix the digits do not start with (a German
 * number written at home starts with 0, so "49 …" is the calling code), and only when the book's reading
 * is no valid mobile itself; null otherwise. Most plans' parsers drop such a code themselves (`44 7911 …`,
 * `33 6 …`); this one kept it, the number could not be dialled and met no card of the same person written
 * with "+49". normalizePhone keeps the national reading as the alternative (NormPhone.alt), as a whole
 * JSON number's reading does (normalizeWholeNumber).
 */
function ownCodeMobile(raw: string, region: CountryCode, key: string): string | null {
  if (key.includes(';')) return null;
  const cc = regionCallingCode(region);
  if (cc === '1') return null;
  const s = raw.trim();
  if (s.charCodeAt(0) !== cc.charCodeAt(0)) return null;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || c === 32 || c === 45 || c === 46 || c === 47 || c === 40 || c === 41)) return null;
  }
  const digits = digitsOf(s);
  if (!digits.startsWith(cc) || digits.length - cc.length < MIN_NATIONAL_DIGITS || digits.length - cc.length > MAX_E164_DIGITS - cc.length) return null;
  const { ownTrunk } = ownPrefixes(region);
  if (ownTrunk === null || digits.startsWith(ownTrunk)) return null;
  const ck = region + '\n' + digits;
  const hit = ownCodeCache.get(ck);
  if (hit !== undefined) return hit;
  let found: string | null = null;
  const full = fullMetadata()('+' + digits);
  if (full?.isValid() && full.getType() === 'MOBILE' && full.number !== key.slice(2)) {
    const own = fullMetadata()(key.slice(2));
    if (!(own?.isValid() && own.getType() === 'MOBILE')) found = renumbered(full.number as string);
  }
  ownCodeCache.set(ck, found);
  return found;
}
/** ownCodeMobile's answers by region and digits. */
const ownCodeCache = new TwoGenerationCache<string, string | null>(CACHE_MAX);

/** normalizePhone's reading under `region`, without the alternative reading (foreignReading). */
function readPhone(raw: string, region: CountryCode | null): NormPhone | null {
  if (typeof raw !== 'string') return null;
  // A number in one of the common shapes (fastE164, fastPath) costs less to read than to look up in the
  // cache, and that reading is final (its key is a 'p:' key: readOrRepair keeps it): only the rest is cached.
  let s = raw.trim();
  const c = s.charCodeAt(0) | 0x20;
  if (c === 116 /* t */ || c === 105 /* i */) raw = s = vcardValue(s);
  // A number a spreadsheet saved as a float ("4155550811.0", "4.47700900813e11"): its digits, when all are there.
  const last = s.charCodeAt(s.length - 1);
  if (last === 48 /* 0 */ ? s.charCodeAt(s.length - 2) === 46 || s.charCodeAt(s.length - 3) === 46 : s.includes('e') || s.includes('E')) {
    const digits = spreadsheetDigits(s);
    if (digits !== null) raw = s = digits;
  }
  if (s !== '') {
    const fast = fastE164(s) ?? fastPath(s, region);
    // The shortcuts read only well-formed numbers ('+' and spacing, or a North American ten digits): no
    // placeholder passes them (see implausible), and a date shape only as North America's digits.
    if (fast !== null) return dateLike(s) ? callable(s, fast, region) : fast;
  }
  const key = (region ?? '') + '\n' + raw;
  const hit = parseCache.get(key); // null (not a number) is a cached answer too
  if (hit !== undefined) return copy(hit);
  const parsed = callable(s, (region === null ? null : carrierReading(raw, region)) ?? parse(raw, region), region);
  parseCache.set(key, parsed);
  return copy(parsed);
}

/**
 * The international prefixes of other plans that are read as an alternative (foreignReading): those of
 * three digits or more that libphonenumber's metadata writes as plain digits (North America's 011,
 * Australia's 0011, Japan's 010, the former Soviet plans' 810, Cuba's 119, and the like). "00" is read by
 * the book's own plan where it is its prefix, and where it is not, it is read so already (carrierReading).
 */
const FOREIGN_IDDS = ['0011', '011', '010', '810', '119', '001', '009', '000'];
/**
 * Trunk prefixes other than 0 and a country whose national numbers follow one: North America's 1, the 8 of
 * Russia and Kazakhstan (+7), Belarus (written "8 0…") and Turkmenistan. A number of such a book written
 * as at home ("8 (916) 123-45-67") in a book of another country reads as that country's number as well.
 */
const FOREIGN_TRUNKS: readonly [string, CountryCode][] = [
  // Not North America's 1: China's mobiles are eleven digits starting with 1 written without a prefix, and
  // half of them are a valid +1 number as well (a review: `150 1234 5678` of a Chinese book joined a
  // nameless `+1 501 234 5678`, and every Chinese mobile paid a second parse).
  ['8', 'RU'],
  ['8', 'BY'],
  ['8', 'TM'],
];

/** foreignReading's own metadata (the plan it selects is its own: meta()'s callers select theirs). */
let altMeta: LibMetadata | null = null;
/** A region's own international and trunk prefixes, by region (foreignReading; read once per region). */
const ownPrefixCache = new Map<string, { ownIdd: RegExp; ownTrunk: string | null }>();
function ownPrefixes(region: CountryCode): { ownIdd: RegExp; ownTrunk: string | null } {
  let v = ownPrefixCache.get(region);
  if (v === undefined) {
    const m = (altMeta ??= new Metadata() as unknown as LibMetadata);
    m.selectNumberingPlan(region);
    const np = m.numberingPlan as unknown as { IDDPrefix(): string; nationalPrefix(): string | undefined };
    ownPrefixCache.set(region, (v = { ownIdd: new RegExp('^(?:' + np.IDDPrefix() + ')'), ownTrunk: np.nationalPrefix() ?? null }));
  }
  return v;
}
/** Alternative readings by region and digits (null: none), for the strings foreignReading parses. */
const altCache = new TwoGenerationCache<string, string | null>(CACHE_MAX);

/**
 * Another reading of a number read under the book's `region` as the full number `key`, when the number is
 * written as another plan writes it: after another plan's international prefix ("011 44 7700 900123",
 * "01179051102459" in a German book, where 011 is no prefix: the book's reading is +49 11 …) or after
 * another plan's trunk prefix ("8 (916) 123-45-67" in a German book: +49 8916 …). The other plan's
 * number ('p:+E164'), when it is a valid number (libphonenumber) and differs from `key`, and only when
 * exactly one such reading is: the merge links the entry on it only to a card of the same book holding
 * exactly that number (merge/links.ts), so the book's own reading stands everywhere else. Digits and
 * spacing only (no '+', no letters, no extension); null for anything else, and for most numbers (the first
 * digit tells) without a parse.
 */
function foreignReading(raw: string, region: CountryCode, key: string): string | null {
  if (key.charCodeAt(0) !== 112 /* 'p' */ || key.includes(';')) return null;
  const s = raw.trim();
  const c0 = s.charCodeAt(0);
  if (c0 !== 48 /* 0 */ && c0 !== 49 /* 1 */ && c0 !== 56 /* 8 */) return null;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || c === 32 || c === 45 || c === 46 || c === 47 || c === 40 || c === 41)) return null;
  }
  const digits = digitsOf(s);
  if (digits.length < 8 || digits.length > MAX_E164_DIGITS + 4) return null;
  const ck = region + '\n' + digits;
  const hit = altCache.get(ck);
  if (hit !== undefined) return hit === key.slice(2) ? null : hit === null ? null : 'p:' + hit;
  let found: string | null = null;
  let count = 0;
  const add = (e164: string | undefined) => {
    if (e164 === undefined || e164 === found) return;
    found = e164;
    count++;
  };
  const { ownIdd, ownTrunk } = ownPrefixes(region);
  if (!ownIdd.test(digits)) {
    for (const idd of FOREIGN_IDDS) {
      if (!digits.startsWith(idd) || digits.length - idd.length < MIN_NATIONAL_DIGITS) continue;
      const p = parsePhoneNumberFromString('+' + digits.slice(idd.length));
      // A short national number is no one's own line (Sapporo's `011-431-2345` is no Austrian `+43 1 2345`).
      if (p?.isValid() && (p.nationalNumber as string).length >= MIN_NATIONAL_DIGITS) add(renumbered(p.number as string));
    }
  }
  for (const [prefix, country] of FOREIGN_TRUNKS) {
    if (!digits.startsWith(prefix) || prefix === ownTrunk || regionCallingCode(country) === regionCallingCode(region)) continue;
    const p = parsePhoneNumberFromString(digits, country);
    // The prefix must have been read as one: the national number is not the digits as written.
    if (p?.isValid() && p.nationalNumber !== digits && p.country !== undefined) add(renumbered(p.number as string));
  }
  let alt: string | null = count === 1 ? found : null;
  // The book's own reading is a number of its plan written the way that plan writes it: a trunk prefix and
  // an area code that happen to look like another plan's prefix (Buenos Aires's and Sapporo's `011 …`, a
  // review found them read as Austrian and Niuean numbers too), or a mobile written without a prefix, as
  // its country writes them. Then it is no other plan's number (checked on the full metadata, whose plans
  // are exact where the small one, which a German book's `011 44 …` passes, is loose; only here, for the
  // few numbers that have another reading).
  if (alt !== null) {
    const own = fullMetadata()(key.slice(2));
    if (own?.isValid() && ((ownTrunk !== null && digits.startsWith(ownTrunk)) || own.getType() === 'MOBILE')) alt = null;
  }
  altCache.set(ck, alt);
  return alt === null || alt === key.slice(2) ? null : 'p:' + alt;
}

/**
 * Prefix of a phone value that was a whole JSON number (lenient.ts): its digits follow. A number cannot
 * keep a '+' nor a leading 0, so the digits are read as a number (normalizeWholeNumber), not as text. The
 * prefix starts with U+0000, which no text a person writes holds.
 */
export const WHOLE_NUMBER_MARK = '\u0000number:';

/**
 * A phone sent as a whole JSON number (its digits): no '+' and no leading 0 could be written. Under the
 * book's region, its national reading when that is a valid number, else the digits after a '+' when they
 * are a valid full number (`491759417365`). Where both are valid and differ, the digits after a '+' when
 * they start with the book's own calling code (a national number is saved with its trunk prefix, which a
 * number cannot keep: such digits are the full number without its '+'), else the national reading; the
 * other reading travels as the alternative (NormPhone.alt), which only joins a card of the book holding
 * exactly it. With no region, the digits as a national-only number, as any string of digits.
 */
export function normalizeWholeNumber(digits: string, region: CountryCode | null): NormPhone | null {
  if (region === null || !/^[1-9]\d{6,17}$/.test(digits)) return normalizePhone(digits, region);
  const national = readPhone(digits, region);
  const nationalOk =
    national !== null && national.key !== null && national.key.startsWith('p:') && !national.key.includes(';') && isValidNumber(national.display);
  const full = digits.length <= MAX_E164_DIGITS ? readPhone('+' + digits, null) : null;
  const fullOk = full !== null && full.key !== null && full.key.startsWith('p:') && !full.key.includes(';') && isValidNumber(full.display);
  if (nationalOk && fullOk && national.key !== full.key) {
    return digits.startsWith(regionCallingCode(region)) ? { ...full, alt: national.key as string } : { ...national, alt: full.key as string };
  }
  if (nationalOk) return national;
  if (fullOk) return full;
  return national;
}

/** A reading of the trimmed string `s` as normalizePhone returns it: keyless when no one can be called on it. */
function callable(s: string, p: NormPhone | null, region: CountryCode | null): NormPhone | null {
  if (p === null || p.key === null) return p;
  if (dateLike(s) && !wholeNumberLikeADate(s, p, region)) return { display: s, key: null };
  return implausible(p, s);
}

/** Whether a reading is a valid full number (libphonenumber's isValid): Malaysia's `012-345 6789` is one. */
function validReading(p: NormPhone): boolean {
  return p.key !== null && p.key.startsWith('p:') && parsePhoneNumberFromString(p.display.split(';')[0]!)?.isValid() === true;
}

/** DATE_LIKE_RE, also after a label the parser drops (`TEL:2024-01-05`, `Mobile: 12/05/2024`). */
function dateLike(s: string): boolean {
  return dateBody(s) !== null;
}

/** The date-shaped part of `s` (itself, or what follows a label), or null when it is not date-shaped. */
function dateBody(s: string): string | null {
  if (DATE_LIKE_RE.test(s)) return s;
  const c = s.indexOf(':');
  if (!(c > 0 && c <= 20 && /^\p{L}[\p{L}\s.-]*$/u.test(s.slice(0, c)))) return null;
  const rest = s.slice(c + 1).trim();
  return DATE_LIKE_RE.test(rest) ? rest : null;
}

/**
 * A date-shaped string that is a valid number written whole, in a plan without a trunk prefix, where
 * eight digits are a full number (Denmark's `20.12.2012`, Norway's `22.12.1985`: a review found them left
 * out). Where national numbers start with a trunk prefix, a day, a month and a year are a date, with the
 * prefix (`05.01.2024` in a German book) or without it (`2024-01-05`). Never a time or an ISBN.
 */
function wholeNumberLikeADate(s: string, p: NormPhone | null, region: CountryCode | null): boolean {
  const body = dateBody(s) ?? s;
  // Never a year first (`2024-01-05`): no plan groups its numbers so.
  if (p === null || p.key === null || region === null || !p.key.startsWith('p:') || /[:a-z]/i.test(body) || /^(?:19|20)\d\d\D/.test(body)) return false;
  return validReading(p) && planOf(region).nationalPrefix === null;
}

/**
 * A date, a time or a book number in a phone field (`2024-01-05`, `05.01.2024`, `12/05/2024`,
 * `08:00-12:00`, `ISBN 978-3-16-148410-0`): no one's number (a probe found each shown as a callable row of
 * a nameless person, and in a German book `2024-01-05` became the made-up `+4920240105`). Kept as
 * written, keyless: with evidence the entry stays, marked, and without it nothing is invited through it.
 * A phone number is never written with a ':' between digits, nor grouped as a day, a month and a year of
 * four digits; a two-digit year only with slashes (`12/05/24`), which no numbering plan groups so.
 */
const DATE_LIKE_RE =
  /^(?:isbn\b.*|\d\d?:\d\d(?:\s*[-\u2013]\s*\d\d?:\d\d)?|(?:19|20)\d\d([-/.])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])(?:[T\s].*)?|(?:0?[1-9]|[12]\d|3[01])([-/.])(?:0?[1-9]|[12]\d|3[01])\2(?:19|20)\d\d(?:\s.*)?|(?:0?[1-9]|[12]\d|3[01])\/(?:0?[1-9]|[12]\d|3[01])\/\d\d)$/i;

/**
 * A reading that no one can be called on made keyless (shown as written): a +1 number whose area code or
 * exchange starts with 0 or 1 (the North American plan has none: `+1 (123) 456-7890`), and the digits a
 * form's placeholder is made of, nine or more in a row counting up from 0 or 1 (`123-456-7890`,
 * `0123456789`) when they make no valid number, which a probe found kept as a person's number (a valid
 * one is somebody's: Malaysia's `012-345 6789`, Côte d'Ivoire's `01 23 45 6789`). Runs from 2 up are
 * left alone: `(234) 567-8901` is a North American number, `+45 67 89 01 23` a Danish one.
 */
function implausible(p: NormPhone | null, written: string): NormPhone | null {
  if (p === null || p.key === null) return p;
  const k = p.key;
  const digits = digitsOf(written);
  if (k.startsWith('p:+1') && k.length === 14 && !isNanp(k, 4) && !validReading(p))
    return chineseMobileInNanp(written, digits) ?? { display: written, key: null };
  if (digits.length >= 9 && digits.charCodeAt(0) <= 49 /* 0 or 1 */ && sequentialFrom(digits, 0) && !validReading(p)) return { display: written, key: null };
  return p;
}

/**
 * Whether the digits of s[from..] count up by one each (`123456789`, `0123456789`, `1234567890`: 9 then
 * 0 too). Only up: `98765 43210` is how India's example mobile is written, and someone's real number.
 */
function sequentialFrom(s: string, from: number): boolean {
  for (let i = from + 1; i < s.length; i++) {
    const d = s.charCodeAt(i) - s.charCodeAt(i - 1);
    if (d !== 1 && d !== -9) return false;
  }
  return true;
}

/** carrierPrefixMisread, without the parser when quickCarrierPrefixMisread is sure of its answer. */
function carrierReading(raw: string, region: CountryCode): NormPhone | null {
  const quick = quickCarrierPrefixMisread(raw, region);
  return quick !== UNSURE ? quick : carrierPrefixMisread(raw, region);
}

/**
 * A number written with "00" and a calling code, where "00" and the next digits are also a carrier's
 * international prefix (Brazil: "0055" is carrier 55, "0031" carrier 31; Colombia: "005" carrier 5). The
 * parser then reads the rest as another country's number: "0055 31 90780-5996" in a Brazilian book as
 * "+31 907805996" (the Netherlands), "0031 6 12345678" as "+61 2345678". The plain reading ("00" as the
 * international prefix) is taken when it is a valid number and either is one of the book's own country
 * (a contact saved with its own country's code) or the parser's reading is no valid number. Null for any
 * other string, and wherever the two readings agree (the parser's reading stands).
 */
function carrierPrefixMisread(raw: string, region: CountryCode): NormPhone | null {
  const s = raw.trim();
  if (s.charCodeAt(0) !== 48 || s.charCodeAt(1) !== 48 || hasExtension(s)) return null;
  const plain = parsePhoneNumberFromString('+' + digitsOf(s).slice(2));
  if (plain === undefined || !plain.isValid()) return null;
  const read = parsePhoneNumberFromString(s, region);
  if (read !== undefined && read.number === plain.number) return null; // they agree: the usual reading
  if (
    plain.countryCallingCode !== regionCallingCode(region) &&
    (read === undefined || (read.isValid() && !unusedServiceRange(read.number, read.nationalNumber)))
  )
    return null;
  return fullNumber(plain.number);
}

/**
 * carrierPrefixMisread without the parser, which it calls twice (~15-40 µs): for a number of digits and
 * spacing only ("0049 30 12345678", "00447911123456"), both readings and what isValid says of them are
 * the parser's own steps on its metadata (quickParse's, and validIn). UNSURE, for carrierPrefixMisread to
 * decide, for any other string and wherever quickParse would not be sure.
 */
function quickCarrierPrefixMisread(raw: string, region: CountryCode): NormPhone | null | undefined {
  const s = raw.trim();
  if (s.charCodeAt(0) !== 48 || s.charCodeAt(1) !== 48 || hasExtension(s)) return null;
  if (s.length > MAX_QUICK_LENGTH) return UNSURE;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!((c >= 48 && c <= 57) || c === 32 || c === 45 || c === 46 || c === 47 || c === 40 || c === 41)) return UNSURE;
  }
  const rp = regionPlan(region);
  if (rp === null) return UNSURE;
  const digits = digitsOf(s);
  // Fewer digits after "00" than the parser finds viable in "+<digits>": its own rules, left to it.
  if (digits.length < 5) return UNSURE;
  const plain = parseInternational(digits.slice(2));
  if (plain === UNSURE) return UNSURE;
  if (plain === null) return null;
  // The region's reading: after its call prefix an international number, else a national one (digits
  // starting with 0 never start with the region's calling code, parseNational's other step). Where "00"
  // is the region's call prefix it is the plain reading, and the answer is null whether that is a valid
  // number or not: its validity (the dearest step) is only asked for when the readings differ.
  const read = parseNational(digits, rp.plan, rp.calling);
  if (read && read.number === plain.number) return null;
  if (!isValidParsed(plain)) return null;
  if (read === UNSURE) return UNSURE;
  if (plain.calling.callingCode !== rp.plan.callingCode && (read === null || (isValidParsed(read) && !unusedServiceRange(read.number, read.national))))
    return null;
  return fullNumber(plain.number);
}

/**
 * Whether a region's reading of a number written with "00" keeps "00" at the start of its national number
 * (Japan's, Korea's and Indonesia's plans have toll-free ranges there: `0066-33-…`, `00798-…`,
 * `007-803-…`) and is no number of those ranges. The library's small metadata takes almost any such
 * number for valid, so "0049 170 1234567" in a Japanese book was `+8100491701234567`, which cannot be
 * dialled, where the owner wrote a German mobile the European way; its full metadata (the ranges
 * themselves, loaded once, only here) tells them apart, and the valid number after "00" is then taken
 * (carrierPrefixMisread). A toll-free number of those ranges keeps the region's reading.
 */
function unusedServiceRange(number: string, national: string): boolean {
  if (national.charCodeAt(0) !== 48 || national.charCodeAt(1) !== 48) return false;
  return fullMetadata()(number)?.isValid() !== true;
}

/** The parser with libphonenumber's full metadata, loaded on first use. */
function fullMetadata(): typeof parsePhoneNumberFromString {
  return (fullMetadataParser ??= (createRequire(import.meta.url)('libphonenumber-js/max') as { parsePhoneNumberFromString: typeof parsePhoneNumberFromString })
    .parsePhoneNumberFromString);
}

/** libphonenumber-js with its full metadata, loaded on first use (~100 ms and 3 MB: few books need it). */
let fullMetadataParser: typeof parsePhoneNumberFromString | null = null;

/** Owners' phones -> their region. */
const regionCache = new TwoGenerationCache<string, CountryCode | null>(CACHE_MAX);

/**
 * The country of an owner's phone, used as the region for the numbers of that owner's book: the country
 * the number names itself, read by the reader of the book's own numbers (normalizePhone: `+44 …`,
 * `0044 …`, vCard's `tel:+44-…`, a pasted `TEL;TYPE=CELL:…` line, a vanity number). A number whose
 * calling code is clear gives that code's country even when the library finds no country for the number
 * itself (a range it calls invalid, such as Ofcom's drama numbers `+44 7700 900…`): the code's main
 * country (GB for +44), which reads national numbers as that plan does. Digits without a `+` or an
 * international prefix (`447911123000`) name no country: a national number of the source's region may
 * read the same (`15012345678` is a Chinese mobile and a valid +1 501 …), so the source's `region` or
 * the server's default applies, and the answer warns that the owner's number named none. Null when the
 * number names no country, is no number, or has a non-geographic code (+800, +882 …).
 */
export function regionFromPhone(phone: string | null | undefined): CountryCode | null {
  if (typeof phone !== 'string') return null;
  const s = phone.trim();
  if (s === '') return null;
  const hit = regionCache.get(s); // null (no country) is a cached answer too
  if (hit !== undefined) return hit;
  const region = countryNamedBy(s);
  regionCache.set(s, region);
  return region;
}

/** The country a trimmed phone string names itself (regionFromPhone, uncached). */
function countryNamedBy(s: string): CountryCode | null {
  const read = normalizePhone(s, null);
  return read?.key?.startsWith('p:+') ? countryOfE164(read.key.slice(2).split(';')[0]!) : null;
}

/** The country of a full number: the library's, else the main country of its calling code; null for a non-geographic code. */
function countryOfE164(e164: string): CountryCode | null {
  const p = parsePhoneNumberFromString(e164);
  if (p?.country) return p.country;
  const code = p?.countryCallingCode ?? callingCodeOf(e164);
  if (!code) return null;
  const countries = meta().getCountryCodesForCallingCode(code);
  return (countries?.[0] as CountryCode | undefined) ?? null;
}

/** The calling code at the start of a full number (`+447…` -> `44`), or null. */
function callingCodeOf(e164: string): string | null {
  for (let n = 1; n <= 3; n++) {
    const cc = e164.slice(1, 1 + n);
    if (meta().hasCallingCode(cc)) return cc;
  }
  return null;
}

/** Empties the parse caches (tests and benchmarks measure cold parsing with it). */
export function clearPhoneCache(): void {
  parseCache.clear();
  altCache.clear();
  ownCodeCache.clear();
  regionCache.clear();
}
