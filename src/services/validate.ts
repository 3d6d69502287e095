/**
 * Checks that a JSON schema cannot express (or that ajv would phrase badly): readable dates,
 * the accepted source types, the size and depth of `data`, user ids. Each problem names its field
 * as a path (`entries[3].last_message_sent_date`); nothing is stored when any is found.
 */
import { isScientific, spreadsheetDigits } from '../domain/phone.ts';
import { isSupportedCountry } from 'libphonenumber-js';
import { EARLIEST_PLAUSIBLE_MS, messageDate, parseDate } from '../domain/dates.ts';
import { MAX_TIMES_CONTACTED, countOf } from '../domain/normalize.ts';
import type { NormalizedEntry } from '../domain/types.ts';
import { MAX_DETAILS, invalid, invalidMany, type ErrorDetail } from './errors.ts';

export interface ValidationLimits {
  maxDataBytes: number;
  maxDataDepth: number;
}

export const SOURCE_TYPES = ['ios', 'gmail', 'android'] as const;

/** Coerces `source.type`: any case, 'google' read as 'gmail'; anything else is a 400 listing the values. */
export function coerceSourceType(value: unknown, field = 'source.type'): string | null {
  if (value === undefined || value === null) return null;
  const v = String(value).trim().toLowerCase();
  if (v === '') return null; // a client that sends "" for every unset field: not given, as null is
  if (v === 'google') return 'gmail';
  if ((SOURCE_TYPES as readonly string[]).includes(v)) return v;
  throw invalid(field, `must be one of ${SOURCE_TYPES.join(', ')} (got "${String(value).slice(0, 40)}")`);
}

/** A source's region (ISO 3166 alpha-2, any case): upper-case; null when absent or blank; a 400 naming `field` when no country. */
export function coerceRegion(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  let v = String(value).trim().toUpperCase();
  if (v === '') return null;
  // `UK`: ISO 3166's exceptionally reserved code for the United Kingdom (its internet domain, and what
  // a British client sends: a probe's `"region": "UK"` was refused), read as GB.
  if (v === 'UK') v = 'GB';
  if (!isSupportedCountry(v)) throw invalid(field, `must be an ISO 3166 country code such as US, GB or MX (got "${String(value).slice(0, 16)}")`);
  return v;
}

/** A user id from a body: integers become strings; blank strings are refused. */
export function coerceUserId(value: unknown, field: string): string {
  // null is "not given" (decisions.md), as an absent id is.
  if (value === null || value === undefined) throw invalid(field, 'is required');
  if (typeof value === 'number') {
    // A 64-bit id sent as a JSON number has already lost its last digits in the parse (JavaScript's and
    // most clients' numbers are doubles): refused, never stored under a neighbour's id.
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
      throw invalid(field, 'is an integer above 9007199254740991 (2^53 - 1), which JSON numbers do not carry exactly: send it as a string');
    }
    if (!Number.isSafeInteger(value)) throw invalid(field, 'must be a string or an integer');
    return String(value);
  }
  if (typeof value === 'string') {
    const v = value.trim();
    if (v === '') throw invalid(field, 'must not be blank');
    // As the schema refuses them (schemas.ts NO_NUL_PATTERN), so that no id a PostgreSQL text column cannot
    // hold reaches a query before the schema's check (a review: the file route read the book's region
    // for `user_id=a%00b`, a 500 on PostgreSQL).
    if (v.includes('\u0000') || !(v as unknown as { isWellFormed(): boolean }).isWellFormed())
      throw invalid(field, 'must not contain U+0000 or an unpaired surrogate');
    return v;
  }
  throw invalid(field, 'must be a string or an integer');
}

/**
 * The id of a user whose data Kith keeps (an upload, a client key, the widget's file upload, the records):
 * coerceUserId, and not `.` or `..`, which URL parsers (fetch, browsers, most HTTP clients) read, and
 * `%2E%2E` with them, as dot segments, so that such a client could never read or delete the user's data
 * through `/v0/address-book/:user_id` (a privacy probe: such a book stayed stored).
 */
export function coerceBookUserId(value: unknown, field: string): string {
  const v = coerceUserId(value, field);
  if (v === '.' || v === '..')
    throw invalid(field, `must not be "${v}": URL parsers read it as a dot segment, so most clients could not read or delete this user's data`);
  return v;
}

/** Depth of nesting of a JSON value (a scalar is 0, {} is 1), stopping early past `max`. */
export function depthOf(value: unknown, max: number, depth = 0): number {
  if (depth > max || value === null || typeof value !== 'object') return depth;
  let deepest = depth + 1;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && deepest <= max; i++) deepest = Math.max(deepest, depthOf(value[i], max, depth + 1));
  } else {
    for (const k in value) {
      deepest = Math.max(deepest, depthOf((value as Record<string, unknown>)[k], max, depth + 1));
      if (deepest > max) break;
    }
  }
  return deepest;
}

/**
 * An upper bound of JSON.stringify(value).length for a parsed JSON value (every character of a string
 * counted as escaped: 6), stopping once past `budget`; nothing is allocated. Only when it exceeds the
 * limit is the exact length computed.
 */
export function jsonLengthBound(value: unknown, budget: number): number {
  if (value === null || typeof value === 'boolean') return 5;
  if (typeof value === 'number') return 24;
  if (typeof value === 'string') return 2 + 6 * value.length;
  if (typeof value !== 'object') return 0;
  let n = 2;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && n <= budget; i++) n += 1 + jsonLengthBound(value[i], budget - n);
  } else {
    for (const k in value) {
      n += 3 + 6 * k.length + jsonLengthBound((value as Record<string, unknown>)[k], budget - n);
      if (n > budget) break;
    }
  }
  return n;
}

interface EntryLike {
  data?: unknown;
  last_message_sent_date?: unknown;
  last_message_received_date?: unknown;
}

/** Checks the entries of an upload; throws one 400 with every problem found (at most MAX_DETAILS listed). */
export function checkEntries(entries: EntryLike[], limits: ValidationLimits): void {
  const details: ErrorDetail[] = [];
  for (let i = 0; i < entries.length && details.length < MAX_DETAILS; i++) {
    const e = entries[i];
    for (const f of ['last_message_sent_date', 'last_message_received_date'] as const) {
      const v = e[f];
      // A blank string is not given, as null is (clients that send "" for every unset field), and so is
      // MySQL's zero date (named in meta.warnings: zeroDateWarnings).
      if (v !== undefined && v !== null && !isBlank(v) && !isZeroDate(v) && parseDate(v) === null) {
        details.push({ field: `entries[${i}].${f}`, message: unreadDateMessage(v) });
      }
    }
    if (e.data !== undefined && e.data !== null) {
      if (depthOf(e.data, limits.maxDataDepth) > limits.maxDataDepth) {
        details.push({ field: `entries[${i}].data`, message: `must not be nested deeper than ${limits.maxDataDepth} levels` });
      } else if (jsonLengthBound(e.data, limits.maxDataBytes) > limits.maxDataBytes && JSON.stringify(e.data).length > limits.maxDataBytes) {
        details.push({ field: `entries[${i}].data`, message: `must be at most ${limits.maxDataBytes} bytes of JSON` });
      }
    }
    // Fields the schema does not name are kept with the raw entry. Without a bound, a deeply nested one
    // overflows the stack when the entry is serialised for storage (a 500). Known fields nest 2 levels.
    const otherDepth = Math.max(limits.maxDataDepth, 2);
    for (const k in e) {
      const v = (e as Record<string, unknown>)[k];
      if (k !== 'data' && v !== null && typeof v === 'object' && depthOf(v, otherDepth) > otherDepth) {
        details.push({ field: `entries[${i}].${k}`, message: `must not be nested deeper than ${otherDepth} levels` });
      }
    }
  }
  if (details.length) throw invalidMany(details);
}

/**
 * How an `is_favorite` value is read: as documented (0/1, booleans, "0"/"1", "true"/"false"; absent, null
 * or blank: not given) or from another form, named in meta.warnings (normalize.ts favoriteOf: another
 * number, or a numeric string, is a favourite when not 0; "t", "yes", "y", "on", "x", "★", "ja", "oui" … are one (normalize.ts isCheckedText); any
 * other text is not). Nothing is refused: a client's value that read as something before still does (a
 * review: "t", "2", "✓" refused the whole upload for a while). It took any value without a word before.
 */
export function favoriteForm(v: unknown): 'documented' | 'other' {
  if (v === undefined || v === null || typeof v === 'boolean' || v === 0 || v === 1) return 'documented';
  if (typeof v !== 'string') return 'other';
  const s = v.trim().toLowerCase();
  return s === '' || s === '0' || s === '1' || s === 'true' || s === 'false' ? 'documented' : 'other';
}

type EntryWarning = { field: string; message: string; count: number; indexes: number[] };

/** One warning naming the entries that `odd` picks (how many, and the first five), or none. */
function entriesWarning<T = Record<string, unknown>>(entries: readonly unknown[], odd: (e: T) => boolean, field: string, message: string): EntryWarning[] {
  const indexes: number[] = [];
  let count = 0;
  for (let i = 0; i < entries.length; i++) {
    if (!odd(entries[i] as T)) continue;
    count++;
    if (indexes.length < 5) indexes.push(i);
  }
  return count === 0 ? [] : [{ field, message, count, indexes }];
}

/** The warning naming the entries whose `is_favorite` was read from another form than documented. */
export function favoriteWarnings(entries: readonly EntryLike[]): EntryWarning[] {
  return entriesWarning(
    entries,
    (e) => favoriteForm(e.is_favorite) === 'other',
    'entries[].is_favorite',
    'neither 0/1, true/false nor "0"/"1": read as favourite when it is a number other than 0 or a word for yes (t, yes, y, on, x, ★, ✓, starred, ja, oui, sí, sim…), as not favourite otherwise; send 0 or 1',
  );
}

// Only a number whose digits were cut: one whose mantissa carries them all is read (phone.ts spreadsheetDigits).
const scientific = (p: unknown): boolean => typeof p === 'string' && isScientific(p.trim()) && spreadsheetDigits(p.trim()) === null;

/**
 * The warning naming the entries with a phone a spreadsheet wrote in scientific notation (`4.47911E+11`:
 * what Excel saves for a number of 12 digits or more): its digits are lost, so it is no number (phone.ts,
 * no key), and the person's number vanished from the answer without a word (a probe of real files).
 */
export function scientificPhoneWarnings(entries: readonly EntryLike[]): EntryWarning[] {
  return entriesWarning(
    entries,
    (e) => (Array.isArray(e.phones) && e.phones.some(scientific)) || scientific(e.phone),
    'entries[].phones',
    'a number in scientific notation (4.47911E+11: what a spreadsheet saves for a number of 12 digits or more) has lost its digits and was not read as a number; format the column as text before saving',
  );
}

/**
 * The warning naming the entries with a number written without its country, in an upload that names none
 * (no `source.phone` or `source.region`) on a server with no KITH_DEFAULT_REGION: such a number cannot be
 * put in E.164, so it is kept as written and matches less (docs/api.md, "A number stored without its
 * country"): the user's own records, not app users, accepted invites or other users' books. It was kept
 * so without a word (a probe).
 */
export function countrylessPhoneWarnings(normalized: readonly NormalizedEntry[]): EntryWarning[] {
  return entriesWarning<NormalizedEntry>(
    normalized,
    (e) => e.phones.some((p) => p.key !== null && p.key.startsWith('n:')),
    'entries[].phones',
    "a number written without its country, in an upload that names none (no source.phone or source.region, and no server default): kept as written, and found by this user's own records (invites sent, suggestions shown) but not by app users (/v0/users), accepted invites or other users' books, which match numbers in full; send source.region (ISO 3166, such as US or GB) or numbers with their country code",
  );
}

/**
 * The warning naming the entries kept on another number or an address beside a number that reads as no
 * phone number (no key: a number no country's plan has, such as an old one of a plan since changed, a
 * service's short code, an emergency number, a date), which the answer does not show (toWire). A probe
 * found a Lagos landline in its old form gone from its card without a word. Not a spreadsheet's number
 * in scientific notation: its own warning names it.
 */
export function unreadPhoneWarnings(normalized: readonly NormalizedEntry[]): EntryWarning[] {
  return entriesWarning<NormalizedEntry>(
    normalized,
    (e) => e.phones.some((p) => p.key === null && !isScientific(p.display)) && (e.phones.some((p) => p.key !== null) || e.emails.some((m) => !m.junk)),
    'entries[].phones',
    "a number that reads as no phone number (no country's plan has it: an old number of a plan since changed, a short code, an emergency number, a date) is not shown; the contact is kept on its other numbers or addresses, and the number stays stored with the upload",
  );
}

const fractional = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v) && !Number.isInteger(v);

/**
 * The warning naming the entries whose `times_contacted` is not a whole number (`1.5`): accepted, as it
 * always was (existing clients send floats; the schema takes any number of 0 or more), and read as its
 * whole part, the number of times, which it now says (it was read as 1 without a word, while `pinned:
 * 1.5` is a 400).
 */
export function fractionalCountWarnings(entries: readonly EntryLike[]): EntryWarning[] {
  const first = entries.find((e) => fractional((e as Record<string, unknown>).times_contacted)) as Record<string, unknown> | undefined;
  if (first === undefined) return [];
  const v = first.times_contacted as number;
  return entriesWarning(
    entries,
    (e) => fractional(e.times_contacted),
    'entries[].times_contacted',
    `not a whole number: read as its whole part, a number of times, and as 1 when above 0 and below 1 (${v} as ${countOf(v)}); send an integer`,
  );
}

/**
 * The warning naming the entries whose `times_contacted` is above MAX_TIMES_CONTACTED: no count of
 * messages (a timestamp in the wrong field), read as unknown (normalize.ts countOf).
 */
export function hugeCountWarnings(entries: readonly EntryLike[]): EntryWarning[] {
  const huge = (v: unknown): boolean => {
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
    return typeof n === 'number' && n > MAX_TIMES_CONTACTED;
  };
  if (!entries.some((e) => huge((e as Record<string, unknown>).times_contacted))) return [];
  return entriesWarning(
    entries,
    (e) => huge(e.times_contacted),
    'entries[].times_contacted',
    `above ${MAX_TIMES_CONTACTED.toLocaleString('en-US')}: no count of messages (a timestamp or an id in the wrong field?), read as unknown; send the number of messages the owner sent`,
  );
}

/** The code points of `s` (a surrogate pair counts one), counting stops past `max`. */
function codePoints(s: string, max: number): number {
  let n = 0;
  for (let i = 0; i < s.length && n <= max; i++, n++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

/**
 * Checks what was read into Kith's own fields from an entry's other fields (readUploadFields: a name in
 * Google's `names[]`, addresses in `emailAddresses[].value` …) against the bound those fields have when
 * sent as Kith's: a string longer than `maxStringLength` under `name` is a 400, so it is one when read
 * from `names[0].displayName` too, naming the field it came from. Throws one 400 naming every such field.
 */
export function checkReadFields(
  fields: ReadonlyMap<number, Record<string, unknown>>,
  from: ReadonlyMap<number, Record<string, string | readonly string[] | undefined>>,
  limits: { maxStringLength: number },
): void {
  const details: ErrorDetail[] = [];
  const max = limits.maxStringLength;
  // The bound as the schema counts it (ajv's maxLength): characters, a surrogate pair one.
  const long = (x: unknown) => typeof x === 'string' && x.length > max && codePoints(x, max) > max;
  for (const [i, f] of fields) {
    for (const target in f) {
      const v = f[target];
      const at = Array.isArray(v) ? v.findIndex(long) : long(v) ? 0 : -1;
      if (at < 0) continue;
      const src = from.get(i)?.[target];
      const key = (typeof src === 'string' ? src : src?.[at]) ?? target;
      details.push({ field: `entries[${i}].${key}`, message: `read as "${target}": must be at most ${max} characters, as "${target}" itself` });
      if (details.length >= MAX_DETAILS) break;
    }
    if (details.length >= MAX_DETAILS) break;
  }
  if (details.length) throw invalidMany(details);
}

/**
 * Checks the top-level fields of an upload other than `entries` and `source` (checked by the schema and
 * checkEntries): fields Kith does not know are kept with the upload as received, so each gets the bound
 * of an entry's `data`, its size and its nesting (known top-level fields are flags, strings and numbers,
 * far inside both). Throws one 400 naming every field over it.
 */
export function checkTopLevelFields(body: Record<string, unknown>, limits: ValidationLimits): void {
  const details: ErrorDetail[] = [];
  const maxDepth = Math.max(limits.maxDataDepth, 2);
  for (const k in body) {
    if (k === 'entries' || k === 'source') continue;
    const v = body[k];
    if (v === null || (typeof v !== 'object' && typeof v !== 'string')) continue;
    if (typeof v === 'object' && depthOf(v, maxDepth) > maxDepth) {
      details.push({ field: k, message: `must not be nested deeper than ${maxDepth} levels` });
    } else if (jsonLengthBound(v, limits.maxDataBytes) > limits.maxDataBytes && JSON.stringify(v).length > limits.maxDataBytes) {
      details.push({ field: k, message: `must be at most ${limits.maxDataBytes} bytes of JSON` });
    }
    if (details.length >= MAX_DETAILS) break;
  }
  if (details.length) throw invalidMany(details);
}

/** A string of nothing but white space. */
function isBlank(v: unknown): boolean {
  return typeof v === 'string' && v.trim() === '';
}

/**
 * MySQL's zero date (`0000-00-00`, `0000-00-00 00:00:00`, with a `T`, fractions or a zero offset): what
 * PHP and MySQL backends send for "no date". Read as not given, as a blank string is, and named in
 * meta.warnings (zeroDateWarnings); any other date that names no day stays a 400.
 */
export function isZeroDate(v: unknown): boolean {
  return typeof v === 'string' && ZERO_DATE.test(v);
}
const ZERO_DATE = /^\s*0000-00-00(?:[T ]00:00(?::00(?:\.0+)?)?)?(?:\s*(?:Z|UTC|[+-]00(?::?00)?))?\s*$/i;

/**
 * The warnings naming the entries whose message dates are read but not used: before 1995 (`0`, the Unix
 * epoch, `"3.0"` read as 3 seconds after it) or more than a day after `now` (a clock or a unit slip,
 * `1e15`): ranked as no date (docs/ranking.md), which a probe found said nowhere. The year 9999 ("no end")
 * is no date by convention and not named.
 */
export function unusedDateWarnings(entries: readonly EntryLike[], fields: readonly string[], now: number): EntryWarning[] {
  return fields.flatMap((f) =>
    entriesWarning(
      entries,
      (e) => {
        const at = e[f] === undefined || e[f] === null || isZeroDate(e[f]) ? null : messageDate(e[f]);
        return at !== null && (at < EARLIEST_PLAUSIBLE_MS || at > now + 86_400_000);
      },
      `entries[].${f}`,
      'a date before 1995 or more than a day ahead of now (a clock or a unit slip?): ranked as no date; the entry is kept',
    ),
  );
}

/** The warnings naming the items whose `fields` (dates) hold MySQL's zero date: one per field, with `what` they were read as. */
export function zeroDateWarnings(items: readonly unknown[], fields: readonly string[], what: string): EntryWarning[] {
  return fields.flatMap((f) =>
    entriesWarning(
      items as EntryLike[],
      (e) => e !== null && typeof e === 'object' && isZeroDate(e[f]),
      `entries[].${f}`,
      `MySQL's zero date (0000-00-00): read as ${what}, as null is; send null for no date`,
    ),
  );
}

/** Checks an optional date field of a record; returns epoch ms or the default (also for a blank string or MySQL's zero date). */
export function dateOrDefault(value: unknown, field: string, def: number): number {
  if (value === undefined || value === null || isBlank(value) || isZeroDate(value)) return def;
  const t = parseDate(value);
  if (t === null) throw invalid(field, unreadDateMessage(value));
  return t;
}

/** Numbers, separators, numbers, separators, a year: a day and a month in one order or the other. */
const NUMERIC_DAY_RE = /^\s*(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})(?![\d/-])/;

/**
 * The 400's words for a date that was not read: what a date must be, and, for a day and a month written as
 * numbers with slashes or dashes (`03/04/2026`), why such a date is not read (a probe was refused and not
 * told): one order in the US, the other elsewhere, and a list's order is seldom known from one value.
 */
export function unreadDateMessage(value: unknown): string {
  const base = 'must be an ISO 8601 date-time or a Unix timestamp in seconds';
  const m = typeof value === 'string' ? NUMERIC_DAY_RE.exec(value) : null;
  if (m === null) return base;
  const a = Number(m[1]);
  const b = Number(m[2]);
  const year = m[3]!.length === 4 ? m[3] : `20${m[3]}`;
  const iso = (month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const readings = [a <= 12 && b <= 31 ? iso(a, b) : null, b <= 12 && a <= 31 && a !== b ? iso(b, a) : null].filter((x) => x !== null);
  const how = readings.length > 0 ? ` (${readings.map((r) => `"${r}"`).join(' or ')})` : '';
  return `${base}: a day and a month written as numbers with / or - are read month first in the US and day first elsewhere, so Kith reads no such date (the order of a list of them is seldom known from one); send it as ISO 8601${how}`;
}
