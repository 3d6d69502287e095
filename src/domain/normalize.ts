/**
 * Entry normalisation: one uploaded entry -> NormalizedEntry (validated e-mails and phones with their
 * matching keys, coerced flags, counts and dates). Pure: the region and source key come in through ctx.
 */
import { parseDate } from './dates.ts';
import { normalizeEmail } from './email.ts';
import { normalizePhone, regionFromPhone } from './phone.ts';
import type { CountryCode } from './phone.ts';
import type { EntryInput, KeyStat, NormEmail, NormPhone, NormalizedEntry, Owner, SourceInput } from './types.ts';

/** Trimmed, inner whitespace collapsed, Unicode NFC (so "é" composed and decomposed compare equal); blank -> null. */
function cleanText(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const plain = plainness(v);
  if (plain === ASCII) return v;
  if (plain === NON_ASCII) return v.normalize('NFC');
  const s = v.normalize('NFC').replace(/\s+/g, ' ').trim();
  return s === '' ? null : s;
}

const ASCII = 0;
const NON_ASCII = 1;
const MESSY = 2;

/**
 * ASCII: `v` is printable ASCII, not empty, with single inner spaces only, so NFC, the whitespace
 * collapse and trim() all leave it as it is. NON_ASCII: the same but with other characters, none of
 * them whitespace: only NFC can change it (NFC never makes whitespace of anything else). MESSY: the rest.
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
      out = NON_ASCII;
    } else {
      return MESSY;
    }
  }
  return out;
}

/** The non-ASCII code units of JavaScript's \s (and of String.prototype.trim). */
function isUnicodeSpace(c: number): boolean {
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** `email` and `emails` (or `phone`/`phones`) combined, list first, non-strings dropped. */
function combine(list: unknown, one: unknown): string[] {
  const out: string[] = [];
  if (Array.isArray(list)) for (const v of list) if (typeof v === 'string') out.push(v);
  if (typeof one === 'string') out.push(one);
  return out;
}

/** Lists longer than this de-duplicate through a Set; shorter ones (nearly all) scan what they hold. */
const SMALL_LIST = 8;

function emailsOf(raws: string[]): NormEmail[] {
  const out: NormEmail[] = [];
  const seen = raws.length > SMALL_LIST ? new Set<string>() : null;
  for (const r of raws) {
    const e = normalizeEmail(r);
    if (e === null) continue;
    if (seen === null ? out.some((o) => o.key === e.key) : seen.has(e.key)) continue;
    seen?.add(e.key);
    out.push(e);
  }
  return out;
}

function phonesOf(raws: string[], region: CountryCode | null): NormPhone[] {
  const out: NormPhone[] = [];
  const seen = raws.length > SMALL_LIST ? new Set<string>() : null;
  for (const r of raws) {
    const p = normalizePhone(r, region);
    if (p === null) continue;
    const id = p.key ?? 'd:' + p.display; // keyless numbers are de-duplicated on what is shown
    if (seen === null ? out.some((o) => (o.key ?? 'd:' + o.display) === id) : seen.has(id)) continue;
    seen?.add(id);
    out.push(p);
  }
  return out;
}

function favoriteOf(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0 && Number.isFinite(v);
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    return s === '1' || s === 'true';
  }
  return false;
}

function integerOf(v: unknown): number {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : 0;
}

function lengthOf(v: unknown): number {
  return Array.isArray(v) ? v.length : 0;
}

/** Cleans one entry. `ctx.region` is the phone region of its book (or null); `ctx.sourceKey` its source. */
export function normalizeEntry(e: EntryInput, ctx: { region: CountryCode | null; sourceKey: string }): NormalizedEntry {
  const times = integerOf(e.times_contacted);
  const photos: string[] = [];
  if (Array.isArray(e.photos)) {
    for (const p of e.photos) {
      const s = typeof p === 'string' ? p.trim() : '';
      if (s !== '' && !photos.includes(s)) photos.push(s);
    }
  }
  const data = e.data;
  return {
    name: cleanText(e.name),
    nickname: cleanText(e.nickname),
    title: cleanText(e.title),
    company: cleanText(e.company),
    emails: emailsOf(combine(e.emails, e.email)),
    phones: phonesOf(combine(e.phones, e.phone), ctx.region),
    photos,
    data: data !== null && typeof data === 'object' && !Array.isArray(data) ? data : {},
    favorite: favoriteOf(e.is_favorite),
    pinned: integerOf(e.pinned),
    // 0 means unknown: phones stopped reporting it, so it is not evidence of "never contacted".
    timesContacted: times > 0 ? times : null,
    lastSent: parseDate(e.last_message_sent_date),
    lastReceived: parseDate(e.last_message_received_date),
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
  for (const s of sources) {
    const name = cleanText(s.name);
    if (name && !names.includes(name)) names.push(name);
    for (const k of ownerKeysOf(s, defaultRegion)) keys.add(k);
    const e = typeof s.email === 'string' ? normalizeEmail(s.email) : null;
    if (e && !domains.includes(e.domain)) domains.push(e.domain);
    const p = typeof s.phone === 'string' ? normalizePhone(s.phone, regionFromPhone(s.phone) ?? defaultRegion) : null;
    if (p?.key?.startsWith('p:')) phone = p.display; // the newest source's phone wins
  }
  return { names, keys: [...keys], emailDomains: domains, phone };
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
  for (const r of combine(input.emails, input.email)) {
    const e = normalizeEmail(r);
    if (e && !out.includes('e:' + e.key)) out.push('e:' + e.key);
  }
  for (const r of combine(input.phones, input.phone)) {
    const p = normalizePhone(r, region);
    if (p?.key && !out.includes(p.key)) out.push(p.key);
  }
  return out;
}

/**
 * One row per distinct key of the book: max times contacted (0 when unknown) and newest dates.
 * Keys of junk addresses are left out: nobody is known through a no-reply address.
 */
export function keyStatsOf(entries: NormalizedEntry[]): KeyStat[] {
  const stats = new Map<string, KeyStat>();
  const add = (key: string, e: NormalizedEntry) => {
    const s = stats.get(key);
    if (!s) {
      stats.set(key, { key, times: e.timesContacted ?? 0, lastSent: e.lastSent, lastReceived: e.lastReceived });
      return;
    }
    s.times = Math.max(s.times, e.timesContacted ?? 0);
    s.lastSent = newest(s.lastSent, e.lastSent);
    s.lastReceived = newest(s.lastReceived, e.lastReceived);
  };
  for (const e of entries) {
    for (const m of e.emails) if (!m.junk) add('e:' + m.key, e);
    for (const p of e.phones) if (p.key) add(p.key, e);
  }
  return [...stats.values()];
}

function newest(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}
