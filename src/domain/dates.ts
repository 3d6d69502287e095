/**
 * Dates as clients send them: ISO 8601 with or without offset (no offset = UTC), with or without
 * fractional seconds, or a Unix timestamp in seconds (integer or float). Returns epoch milliseconds,
 * or null when the value is not a date we can read.
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/** Unix seconds above this are read as milliseconds (year 5138 in seconds; clients that send ms exist). */
const MAX_UNIX_SECONDS = 1e11;

export function parseDate(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    return Math.round(value >= MAX_UNIX_SECONDS ? value : value * 1000);
  }
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (s === '') return null;
  if (/^\d+(\.\d+)?$/.test(s)) return parseDate(Number(s));
  const m = ISO.exec(s);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', sec = '00', frac = '', off] = m;
  const month = Number(mo), day = Number(d), hour = Number(h), minute = Number(mi), second = Number(sec);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
  let ms = Date.UTC(Number(y), month - 1, day, hour, minute, second, frac ? Math.round(Number(frac) * 1000) : 0);
  if (new Date(ms).getUTCDate() !== day) return null; // 2010-02-31 and the like
  if (off && off.toUpperCase() !== 'Z') {
    const sign = off[0] === '-' ? -1 : 1;
    const digits = off.slice(1).replace(':', '');
    ms -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
  }
  return Number.isFinite(ms) ? ms : null;
}
