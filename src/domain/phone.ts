/**
 * Phone normalisation to E.164 with libphonenumber-js, plus the rules that keep numbers from merging
 * people who are not the same: extensions (a switchboard) and short codes (a service) get no key.
 *
 * Parsing costs ~45 µs a number warm, so two shortcuts: strings already in strict E.164 skip the
 * parser (a table of calling codes checks them), and every other result is cached per (region, raw).
 */
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { CountryCode } from 'libphonenumber-js';
import type { NormPhone } from './types.ts';

export type { CountryCode };

/** Cache size cap (entries). ~100 bytes an entry: 50,000 entries is ~5 MB, enough for several big books. */
const CACHE_MAX = 50_000;

/** National numbers shorter than this (digits) are short codes / service numbers (112, 3 to 6 digit SMS codes). */
const MIN_NATIONAL_DIGITS = 7;
/** E.164 allows at most 15 digits including the country code. */
const MAX_E164_DIGITS = 15;

/** Every calling code libphonenumber knows, for the E.164 fast path. */
const CALLING_CODES: ReadonlySet<string> = new Set(getCountries().map((c) => getCountryCallingCode(c)));

const E164_RE = /^\+[1-9]\d{7,14}$/;
/** North American numbers: area code and exchange never start with 0 or 1. */
const NANP_RE = /^[2-9]\d{2}[2-9]\d{6}$/;
/** Explicit extension markers (and DTMF pauses ',' ';' that dial one after connecting). */
const EXTENSION_RE = /(?:\bext\.?|\bx\.?|extension|durchwahl|poste|[#,;]|;ext=)\s*\d/i;

const cache = new Map<string, NormPhone | null>();

function remember(k: string, v: NormPhone | null): NormPhone | null {
  // FIFO eviction: cheaper than true LRU on every hit, and a hot number is simply re-parsed once.
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(k, v);
  return v;
}

function copy(v: NormPhone | null): NormPhone | null {
  return v === null ? null : { display: v.display, key: v.key };
}

/** Strict E.164 accepted without the parser: known calling code, plausible length, no all-same-digit filler. */
function fastE164(s: string): NormPhone | null {
  if (!E164_RE.test(s)) return null;
  for (let n = 1; n <= 3; n++) {
    const cc = s.slice(1, 1 + n);
    if (!CALLING_CODES.has(cc)) continue;
    const national = s.slice(1 + n);
    if (national.length < MIN_NATIONAL_DIGITS) return null;
    if (cc === '1' && !NANP_RE.test(national)) return null;
    if (/^(\d)\1*$/.test(national)) return null;
    return { display: s, key: 'p:' + s };
  }
  return null;
}

function digitsOf(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) out += s[i];
  }
  return out;
}

/** International numbers written with spacing only ("+44 20 7946 0958", "+1 (415) 555-0123"). */
const FORMATTED_INTL_RE = /^\+[\d\s\-.()/]+$/;
/** Spacing characters a national number may be written with. */
const FORMATTED_NATIONAL_RE = /^[\d\s\-.()/]+$/;

/**
 * The common shapes, without the parser (which costs ~30 µs a number): an international number with
 * only spacing, and a North American number in a +1 region. Both give exactly what the parser gives;
 * anything else (trunk prefixes such as "(0)", other regions' national formats) goes to the parser.
 */
function fastPath(s: string, region: CountryCode | null): NormPhone | null {
  if (s.charCodeAt(0) === 43 /* + */) {
    if (s.includes('(0)') || !FORMATTED_INTL_RE.test(s)) return null;
    return fastE164('+' + digitsOf(s));
  }
  if (region === null || !NANP_REGIONS.has(region) || !FORMATTED_NATIONAL_RE.test(s)) return null;
  let digits = digitsOf(s);
  if (digits.length === 11 && digits[0] === '1') digits = digits.slice(1);
  if (digits.length !== 10 || !NANP_RE.test(digits) || /^(\d)\1*$/.test(digits.slice(3))) return null;
  return { display: '+1' + digits, key: 'p:+1' + digits };
}

/** Regions of the North American Numbering Plan (calling code 1). */
const NANP_REGIONS: ReadonlySet<string> = new Set(getCountries().filter((c) => getCountryCallingCode(c) === '1'));

function parse(raw: string, region: CountryCode | null): NormPhone | null {
  const s = raw.trim();
  if (s === '') return null;
  const fast = fastE164(s) ?? fastPath(s, region);
  if (fast) return fast;

  const digits = digitsOf(s);
  // Garbage (no digits, or longer than any phone number) and service codes (*86#, 112) never merge anyone.
  if (digits.length === 0) return null;
  if (/^[*#]/.test(s)) return { display: s, key: null };

  // "00" (most of the world) and "011" (North America) are international call prefixes. The parser only
  // knows the prefix of the given region, so "0049 30 ..." typed in a US book is tried as "+49 30 ..." too.
  const idd = !s.startsWith('+') && /^(?:00|011)[1-9]/.test(s);
  const international = s.startsWith('+') || idd;
  let parsed = parsePhoneNumberFromString(s, region ? { defaultCountry: region } : undefined);
  if (idd && !parsed?.isPossible()) {
    const alt = parsePhoneNumberFromString('+' + s.replace(/^(?:00|011)/, ''));
    if (alt?.isPossible() || !parsed) parsed = alt;
  }

  if (parsed && (international || region)) {
    const national = parsed.nationalNumber as string;
    if (parsed.ext || EXTENSION_RE.test(s)) {
      // A number with an extension is a switchboard shared by an office: shown, never merged.
      return { display: parsed.ext ? `${parsed.number};ext=${parsed.ext}` : s, key: null };
    }
    // Too short for a subscriber number, impossible length for the country, or filler ("000 0000").
    if (national.length < MIN_NATIONAL_DIGITS || !parsed.isPossible() || /^(\d)\1*$/.test(national)) {
      return { display: s, key: null };
    }
    return { display: parsed.number as string, key: 'p:' + parsed.number };
  }

  if (EXTENSION_RE.test(s)) return { display: s, key: null };
  // No country known: keep the digits as a national-only key; it matches the same digits in the same
  // book (and merge links it to a full number that ends with them).
  if (digits.length < MIN_NATIONAL_DIGITS || digits.length > MAX_E164_DIGITS) return { display: s, key: null };
  if (/^(\d)\1*$/.test(digits)) return { display: s, key: null };
  return { display: s, key: 'n:' + digits };
}

/**
 * Normalises one uploaded number. `region` is the country used for numbers without a country code
 * (from source.phone or the configured default), or null. Returns null for a blank string; otherwise
 * a NormPhone whose key is null when the number must never merge people (extension, short code, garbage).
 */
export function normalizePhone(raw: string, region: CountryCode | null): NormPhone | null {
  if (typeof raw !== 'string') return null;
  const k = (region ?? '') + '|' + raw;
  const hit = cache.get(k);
  if (hit !== undefined) return copy(hit);
  if (cache.has(k)) return null;
  return copy(remember(k, parse(raw, region)));
}

const regionCache = new Map<string, CountryCode | null>();

/**
 * The country of an owner's phone (E.164 or with an international prefix), used as the region for the
 * numbers of that owner's book. Null when the number has no country code or is not a phone number.
 */
export function regionFromPhone(phone: string | null | undefined): CountryCode | null {
  if (typeof phone !== 'string') return null;
  const s = phone.trim();
  if (!/^(?:\+|00)/.test(s)) return null;
  const hit = regionCache.get(s);
  if (hit !== undefined) return hit;
  const p = parsePhoneNumberFromString(s.startsWith('+') ? s : '+' + s.slice(2));
  const region = p?.country ?? null;
  if (regionCache.size >= CACHE_MAX) regionCache.delete(regionCache.keys().next().value as string);
  regionCache.set(s, region);
  return region;
}

/** Empties the parse caches (tests and benchmarks measure cold parsing with it). */
export function clearPhoneCache(): void {
  cache.clear();
  regionCache.clear();
}
