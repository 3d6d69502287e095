/**
 * Dates as clients send them: ISO 8601 with or without offset (no offset = UTC), with or without
 * fractional seconds, or a Unix timestamp in seconds (integer or float). Returns epoch milliseconds,
 * or null when the value is not a date we can read. Also read, since each says unambiguously which day
 * it means: the e-mail Date header (RFC 5322: "Tue, 24 Nov 2026 09:30:00 +0000", HTTP's "... GMT"), what
 * JavaScript's Date.toString() prints ("Tue Nov 24 2026 09:30:00 GMT+0100 (CET)"), a month by its name
 * ("24 Nov 2026", "Nov 24, 2026", "Monday, May 14, 2001 4:39 PM" as Outlook prints a "Sent:" line), "2026/11/24 09:30",
 * the Date header with its trailing zone comment ("Mon, 14 May 2001 16:39:00 -0700 (PDT)", as mail logs
 * keep it), C's asctime and Unix date(1) ("Mon May 14 16:39:00 PDT 2001", an mbox "From " line),
 * and ISO 8601's basic form, with a time ("20261124T093000Z") or without ("20261124", which as Unix
 * seconds would be a day of 1970), Java's ZonedDateTime ("2026-11-24T09:30:00Z[Europe/Paris]": the zone
 * id after the offset dropped), day first with dots ("24.11.2026", "24.11.2026 09:30"), and the English
 * medium format with a comma before the time ("Nov 24, 2026, 9:30:00 AM"). Day-month-year with slashes stays refused:
 * "03/04/2026" is a different day in Europe and in the United States.
 */
/**
 * ISO 8601 and its common near forms: a space for the T, a comma for the decimal point (ISO's own
 * preference), an offset of hours only (`+05`, `+00`: PostgreSQL's timestamptz text) or written ` UTC` /
 * ` GMT` (Ruby's Time#to_s), and 24:00:00 for the end of the day (a probe found each refused with a 400).
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})([.,]\d+)?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Dates before this (epoch ms, 1995-01-01) are read as unset: clients send 0 or 1970 for "no date"
 * (Android exports use 0 for "never"), and no address book holds real message dates that old.
 */
export const EARLIEST_PLAUSIBLE_MS = Date.UTC(1995, 0, 1);

/**
 * Date.UTC for every year: Date.UTC reads years 0 to 99 as 1900 to 1999, so .NET's "never"
 * (`0001-01-01T00:00:00`) became 1901 and `0099-12-31` a plausible 1999 message date (evidence of mail).
 */
function utc(y: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number {
  if (y >= 100) return Date.UTC(y, month, day, hour, minute, second, ms);
  const d = new Date(Date.UTC(2000, month, day, hour, minute, second, ms));
  d.setUTCFullYear(y + d.getUTCFullYear() - 2000);
  return d.getTime();
}

/**
 * Dates from this on (epoch ms, 9999-01-01) are read as unset too: the last day systems write for "never"
 * or "no end" (.NET's DateTime.MaxValue, SQL Server's and many exports' 9999-12-31), no message's date (a
 * probe saw 9999-12-31 taken as evidence that the owner wrote to someone). A date in 2099, a device clock
 * gone wrong, is still a message sent; ranking bounds it by the time of the run (rank/features.ts).
 */
export const SENTINEL_FROM_MS = Date.UTC(9999, 0, 1) - 14 * 3_600_000; // 9999-01-01 in every zone (UTC+14 the earliest)

/**
 * A message date of an upload (parseDate), null for the year 9999 ("no end": SENTINEL_FROM_MS): read so
 * where entries are normalised, it never reaches the merge, whose newest date would let it beat a card's
 * real sent date, nor the stored per-key dates (a review). Dates before 1995 stay as read (plausibleDate).
 */
export function messageDate(value: unknown): number | null {
  const at = parseDate(value);
  return at !== null && at >= SENTINEL_FROM_MS ? null : at;
}

/** `at` when it is a plausible message date (EARLIEST_PLAUSIBLE_MS on, before SENTINEL_FROM_MS), else null. */
export function plausibleDate(at: number | null): number | null {
  return at !== null && at >= EARLIEST_PLAUSIBLE_MS && at < SENTINEL_FROM_MS ? at : null;
}

/** Unix seconds above this are read as milliseconds (year 5138 in seconds; clients that send ms exist). */
const MAX_UNIX_SECONDS = 1e11;

/**
 * The last instant a date can name (epoch ms, +275760-09-13: JavaScript's last date). A number beyond it
 * is no date (`1e20`): read as unset in an upload, refused in a record. It also keeps every stored date
 * inside PostgreSQL's bigint, where one out-of-range date failed the whole key-index round.
 */
const MAX_DATE_MS = 8.64e15;

export function parseDate(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const ms = Math.round(value >= MAX_UNIX_SECONDS ? value : value * 1000);
    return ms <= MAX_DATE_MS ? ms : null;
  }
  if (typeof value !== 'string') return null;
  let s = value.trim();
  if (s === '') return null;
  // Java's ZonedDateTime ("2026-11-24T09:30:00Z[Europe/Paris]"): the offset before the zone id says the instant.
  if (s.charCodeAt(s.length - 1) === 93 /* ] */) s = ZONE_ID_RE.exec(s)?.[1] ?? s;
  const fast = fastIso(s);
  if (fast !== undefined) return fast;
  // ISO 8601's basic date ("20260105", vCard's BDAY and REV): as Unix seconds it would be a day of 1970.
  if (s.length === 8 && /^(?:19|20)\d{6}$/.test(s)) {
    const basic = parseDate(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6)}`);
    if (basic !== null) return basic;
  }
  if (/^\d+(\.\d+)?$/.test(s)) return parseDate(Number(s));
  const m = ISO.exec(s);
  if (!m) return otherForms(s);
  const [, y, mo, d, h = '00', mi = '00', sec = '00', frac = '', off] = m;
  const month = Number(mo),
    day = Number(d),
    hour = Number(h),
    minute = Number(mi),
    second = Number(sec);
  const fracMs = frac ? Math.round(Number(frac.replace(',', '.')) * 1000) : 0;
  // 24:00:00 is the end of the day (the next day's 00:00), and only with nothing after it.
  const endOfDay = hour === 24 && minute === 0 && second === 0 && fracMs === 0;
  if (month < 1 || month > 12 || day < 1 || day > 31 || (hour > 23 && !endOfDay) || minute > 59 || second > 60) return null;
  if (new Date(utc(Number(y), month - 1, day)).getUTCDate() !== day) return null; // 2010-02-31 and the like
  let ms = utc(Number(y), month - 1, day, hour, minute, second, fracMs);
  if (off && !/^(?:Z|UTC|GMT)$/i.test(off)) {
    const sign = off[0] === '-' ? -1 : 1;
    const digits = off.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
  }
  return Number.isFinite(ms) ? ms : null;
}

/**
 * A zone id in brackets after an offset or Z (Java's ZonedDateTime.toString(), RFC 9557): dropped, the
 * offset is the instant. Without an offset before it, the id alone (which needs a zone database) stays unread;
 * so does a date without a time (`2026-11-24[Europe/Paris]`: its day read as an offset was midnight UTC, a review).
 */
const ZONE_ID_RE = /^(.*[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?))\[[A-Za-z][A-Za-z0-9_+\-/]*\]$/i;

/** The digits s[i..i+n) as a number, or -1 when one of them is not a digit. */
function digitsAt(s: string, i: number, n: number): number {
  let v = 0;
  for (let k = i; k < i + n; k++) {
    const d = s.charCodeAt(k) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The common shapes, YYYY-MM-DDTHH:MM:SS with optional fraction and Z or ±HH:MM, read without the
 * regex; the same result as parseDate's general path. undefined: not one of them, or an edge (years
 * before 1000, second 60, an invalid field, a fraction rounding up to a second): the general path decides.
 */
function fastIso(s: string): number | undefined {
  const n = s.length;
  if (n < 19 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45 || s.charCodeAt(10) !== 84 || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58)
    return undefined;
  const y = digitsAt(s, 0, 4),
    month = digitsAt(s, 5, 2),
    day = digitsAt(s, 8, 2);
  const hour = digitsAt(s, 11, 2),
    minute = digitsAt(s, 14, 2),
    second = digitsAt(s, 17, 2);
  if (y < 1000 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return undefined;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!)) return undefined;
  let i = 19;
  let fracMs = 0;
  if (i < n && s.charCodeAt(i) === 46) {
    let j = i + 1;
    while (j < n && s.charCodeAt(j) >= 48 && s.charCodeAt(j) <= 57) j++;
    const digits = j - i - 1;
    if (digits === 0) return undefined;
    // Up to 3 digits, Math.round(Number('.ddd') * 1000) is the digits as milliseconds (tested exhaustively).
    if (digits <= 3) fracMs = digitsAt(s, i + 1, digits) * (digits === 1 ? 100 : digits === 2 ? 10 : 1);
    else fracMs = Math.round(Number(s.slice(i, j)) * 1000);
    if (fracMs >= 1000) return undefined;
    i = j;
  }
  let offsetMinutes = 0;
  if (i < n) {
    const c = s.charCodeAt(i);
    if (c === 90 && i + 1 === n) {
      // Z
    } else if ((c === 43 || c === 45) && i + 6 === n && s.charCodeAt(i + 3) === 58) {
      const oh = digitsAt(s, i + 1, 2),
        om = digitsAt(s, i + 4, 2);
      if (oh < 0 || om < 0) return undefined;
      offsetMinutes = (c === 45 ? -1 : 1) * (oh * 60 + om);
    } else {
      return undefined;
    }
  }
  return daysFromCivil(y, month, day) * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000 + fracMs - offsetMinutes * 60_000;
}

/**
 * Days from 1970-01-01 to a date of the proleptic Gregorian calendar (H. Hinnant's days_from_civil),
 * integer arithmetic only: Date.UTC's day number for the years fastIso takes (1000-9999), without the call.
 */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };
/** RFC 5322's obsolete zone names (the North American ones it lists; other letters are unknown zones). */
const ZONES: Record<string, number> = { ut: 0, utc: 0, gmt: 0, z: 0, est: -300, edt: -240, cst: -360, cdt: -300, mst: -420, mdt: -360, pst: -480, pdt: -420 };
const DAY_NAME = '(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*';
const TIME = '(\\d{1,2}):(\\d{2})(?::(\\d{2}))?';
const ZONE = '(?:\\s*([+-]\\d{4}|gmt[+-]\\d{4}|[a-z]{1,3}))?';
/**
 * An RFC 5322 comment after the zone: "-0700 (PDT)", how every Date header of a mail log ends. Captured:
 * where the zone itself is missing ("16:39:00 (PDT)"), a zone name it holds is the zone (zoneOf).
 */
const COMMENT = '(?:\\s*\\(([^)]*)\\))?';
/** RFC 5322 / RFC 7231: [Tue, ]24 Nov 2026[ 09:30[:00][ +0000|GMT|EST...][ (PDT)]] */
const RFC5322 = new RegExp(`^(?:${DAY_NAME},?\\s+)?(\\d{1,2})\\s+([a-z]{3})[a-z]*\\.?\\s+(\\d{4})(?:,?\\s+${TIME}${ZONE}${COMMENT})?$`, 'i');
/**
 * Date.toString(): Tue Nov 24 2026 09:30:00 GMT+0100 (Central European Standard Time); also "Nov 24, 2026",
 * Outlook's "Monday, May 14, 2001 4:39 PM" (a 12-hour time: group 7), and the comma or "at" before the
 * time that English date formats write ("Nov 24, 2026, 9:30:00 AM": Java's and ICU's medium format;
 * "Nov 24, 2026 at 9:30 AM": Apple's).
 */
const JS_DATE = new RegExp(
  `^(?:${DAY_NAME},?\\s+)?([a-z]{3})[a-z]*\\.?\\s+(\\d{1,2}),?\\s+(\\d{4})(?:(?:,?\\s+|\\s+at\\s+)${TIME}(?:\\s*([ap])\\.?m\\.?)?${ZONE}${COMMENT})?$`,
  'i',
);
/** C's asctime and Unix date(1): Mon May 14 16:39:00[ PDT|+0000] 2001 (the zone before the year). */
const ASCTIME = new RegExp(`^(?:${DAY_NAME},?\\s+)?([a-z]{3})[a-z]*\\s+(\\d{1,2})\\s+${TIME}${ZONE}\\s+(\\d{4})$`, 'i');
/** 2026/11/24[ 09:30[:00]] */
const SLASHED = /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/i;
/**
 * Day first with dots, as most of Europe writes it: 24.11.2026[ 09:30[:00]]. Only with dots: with
 * slashes "03/04/2026" is a different day in Europe and in the United States, and stays refused.
 */
const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
/** ISO 8601 basic with a time: 20261124T0930[00][Z|+0100] */
const BASIC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?(Z|[+-]\d{4})?$/i;

/** The date forms besides ISO 8601's extended one and Unix time (see parseDate); null when none fits. */
function otherForms(s: string): number | null {
  let r: RegExpExecArray | null;
  if ((r = RFC5322.exec(s))) return civil(+r[3]!, MONTHS[r[2]!.toLowerCase()], +r[1]!, +(r[4] ?? 0), +(r[5] ?? 0), +(r[6] ?? 0), zoneOf(r[7], r[8]));
  if ((r = JS_DATE.exec(s))) {
    const hour = twelveHour(+(r[4] ?? 0), r[7]);
    return hour === null ? null : civil(+r[3]!, MONTHS[r[1]!.toLowerCase()], +r[2]!, hour, +(r[5] ?? 0), +(r[6] ?? 0), zoneOf(r[8], r[9]));
  }
  if ((r = ASCTIME.exec(s))) return civil(+r[7]!, MONTHS[r[1]!.toLowerCase()], +r[2]!, +r[3]!, +r[4]!, +(r[5] ?? 0), r[6]);
  if ((r = SLASHED.exec(s))) return civil(+r[1]!, +r[2]!, +r[3]!, +(r[4] ?? 0), +(r[5] ?? 0), +(r[6] ?? 0), undefined);
  if ((r = BASIC.exec(s))) return civil(+r[1]!, +r[2]!, +r[3]!, +r[4]!, +r[5]!, +(r[6] ?? 0), r[7]);
  if ((r = DOTTED.exec(s))) return civil(+r[3]!, +r[2]!, +r[1]!, +(r[4] ?? 0), +(r[5] ?? 0), +(r[6] ?? 0), undefined);
  return null;
}

/** The zone written, or else a zone name that the comment after the time is (`(PDT)`); none: UTC. */
function zoneOf(zone: string | undefined, comment: string | undefined): string | undefined {
  if (zone !== undefined || comment === undefined) return zone;
  const c = comment.trim();
  return Object.hasOwn(ZONES, c.toLowerCase()) ? c : undefined;
}

/** The 24-hour hour of `hour` with its AM/PM letter (`a`, `p`, or none: already 24-hour); null when it cannot be one. */
function twelveHour(hour: number, half: string | undefined): number | null {
  if (half === undefined) return hour;
  if (hour < 1 || hour > 12) return null;
  return (hour % 12) + (half.toLowerCase() === 'p' ? 12 : 0);
}

/** Epoch ms of a civil date-time in `zone` (±hhmm, GMT±hhmm, a zone name; none: UTC), or null when invalid. */
function civil(y: number, month: number | undefined, day: number, hour: number, minute: number, second: number, zone: string | undefined): number | null {
  if (month === undefined || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
  let offset = 0;
  if (zone !== undefined) {
    const z = zone.toLowerCase().replace(/^gmt(?=[+-])/, '');
    if (z[0] === '+' || z[0] === '-') {
      const hh = +z.slice(1, 3),
        mm = +z.slice(3, 5);
      if (mm > 59) return null;
      offset = (z[0] === '-' ? -1 : 1) * (hh * 60 + mm);
    } else if (z in ZONES) offset = ZONES[z]!;
    else return null;
  }
  const ms = utc(y, month - 1, day, hour, minute, second) - offset * 60_000;
  if (new Date(utc(y, month - 1, day)).getUTCDate() !== day) return null; // 31 Feb and the like
  return Number.isFinite(ms) ? ms : null;
}
