/**
 * The stored form of an upload's cleaned entries (the `uploads.normalized` column): compact JSON, one
 * positional array per entry, defaults left out, and what one upload shares (its source key) or what
 * follows from another field (an e-mail's domain, a key equal to the lower-cased address, a phone key
 * equal to 'p:' + its E.164) written once or not at all. About half the bytes of the plain JSON of the
 * entries, so half the work to write, store and read back on every GET. Pure.
 *
 * Format 2: {"v":2,"s":sourceKey,"e":[entry, ...]} with entry =
 *   [name, nickname, title, company, emails, phones, photos, data, favorite, pinned, timesContacted,
 *    lastSent, lastReceived, addressCount, websiteCount, imCount]
 * trailing defaults (null, 0, empty) cut off; emails flat as [display, key|0, junk|0, role 0|1] per
 * address, the role written [role 0|1, name] for an address of a list of several people (NormEmail.name;
 * rows written before hold none, and read as they always did); phones flat as [display, key|0|1] per number (0: no key, 1: 'p:' + display), the key slot written
 * [key|0|1, alt] for a number with another reading (NormPhone.alt; rows written before hold none). Format 1 (older
 * rows) is the plain JSON array of NormalizedEntry, still read.
 */
import type { JunkReason, NormEmail, NormPhone, NormalizedEntry } from '../domain/types.ts';

const FORMAT = 2;

type Row = unknown[];

/** Each position's default: a row ends before its trailing defaults (lists: 0 for empty). */
const DEFAULTS: readonly unknown[] = [null, null, null, null, 0, 0, 0, 0, 0, 0, null, null, null, 0, 0, 0];

/** Whether key === display.toLowerCase(), without building the lower-cased string (ASCII compared by hand). */
function sameLowerCase(key: string, display: string): boolean {
  if (key.length !== display.length) return key === display.toLowerCase();
  for (let i = 0; i < key.length; i++) {
    const d = display.charCodeAt(i);
    if (d > 0x7f) return key === display.toLowerCase();
    if (key.charCodeAt(i) !== (d >= 65 && d <= 90 ? d + 32 : d)) return false;
  }
  return true;
}

/** Whether key === 'p:' + display. */
function isPlusKey(key: string, display: string): boolean {
  return key.length === display.length + 2 && key.charCodeAt(0) === 112 && key.charCodeAt(1) === 58 && key.endsWith(display);
}

function encodeEmails(list: NormEmail[]): 0 | unknown[] {
  if (list.length === 0) return 0;
  const out: unknown[] = [];
  for (const m of list) {
    const role = m.role ? 1 : 0;
    out.push(m.display, sameLowerCase(m.key, m.display) ? 0 : m.key, m.junk ?? 0, m.name === undefined ? role : [role, m.name]);
  }
  return out;
}

function encodePhones(list: NormPhone[]): 0 | unknown[] {
  if (list.length === 0) return 0;
  const out: unknown[] = [];
  for (const p of list) {
    const k = p.key === null ? 0 : isPlusKey(p.key, p.display) ? 1 : p.key;
    out.push(p.display, p.alt === undefined ? k : [k, p.alt]);
  }
  return out;
}

function isEmptyObject(o: Record<string, unknown>): boolean {
  for (const _ in o) return false;
  return true;
}

/** The stored text of one upload's entries (all of one source: `sourceKey`). */
export function encodeEntries(entries: readonly NormalizedEntry[], sourceKey: string): string {
  const rows: Row[] = new Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    if (e.sourceKey !== sourceKey) throw new Error('encodeEntries: every entry of an upload has its source key');
    const r: Row = [
      e.name,
      e.nickname,
      e.title,
      e.company,
      encodeEmails(e.emails),
      encodePhones(e.phones),
      e.photos.length === 0 ? 0 : e.photos,
      isEmptyObject(e.data) ? 0 : e.data,
      e.favorite ? 1 : 0,
      e.pinned,
      e.timesContacted,
      e.lastSent,
      e.lastReceived,
      e.addressCount,
      e.websiteCount,
      e.imCount,
    ];
    let n = r.length;
    while (n > 0 && r[n - 1] === DEFAULTS[n - 1]) n--;
    r.length = n;
    rows[i] = r;
  }
  return JSON.stringify({ v: FORMAT, s: sourceKey, e: rows });
}

function decodeEmails(v: unknown): NormEmail[] {
  if (!Array.isArray(v)) return [];
  const out: NormEmail[] = [];
  for (let j = 0; j + 3 < v.length; j += 4) {
    const display = v[j] as string;
    const key = v[j + 1] === 0 ? display.toLowerCase() : (v[j + 1] as string);
    const r = v[j + 3];
    const m: NormEmail = { display, key, domain: key.slice(key.lastIndexOf('@') + 1), junk: v[j + 2] === 0 ? null : (v[j + 2] as JunkReason), role: r === 1 };
    if (Array.isArray(r)) {
      // [role, name]: the address of a list of several people (NormEmail.name).
      m.role = r[0] === 1;
      if (typeof r[1] === 'string') m.name = r[1];
    }
    out.push(m);
  }
  return out;
}

function decodePhones(v: unknown): NormPhone[] {
  if (!Array.isArray(v)) return [];
  const out: NormPhone[] = [];
  for (let j = 0; j + 1 < v.length; j += 2) {
    const display = v[j] as string;
    const slot = v[j + 1];
    const k = Array.isArray(slot) ? slot[0] : slot;
    const p: NormPhone = { display, key: k === 0 ? null : k === 1 ? 'p:' + display : (k as string) };
    if (Array.isArray(slot) && typeof slot[1] === 'string') p.alt = slot[1];
    out.push(p);
  }
  return out;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const numOrNull = (v: unknown): number | null => (typeof v === 'number' ? v : null);

/** The entries of one stored upload, whichever format it was written in. */
export function decodeEntries(text: string): NormalizedEntry[] {
  const parsed = JSON.parse(text) as unknown;
  if (Array.isArray(parsed)) return parsed as NormalizedEntry[]; // format 1
  const { v, s, e } = parsed as { v: number; s: string; e: Row[] };
  if (v !== FORMAT) throw new Error(`stored entries: unknown format ${String(v)}`);
  const out: NormalizedEntry[] = new Array(e.length);
  for (let i = 0; i < e.length; i++) {
    const r = e[i];
    out[i] = {
      name: str(r[0]),
      nickname: str(r[1]),
      title: str(r[2]),
      company: str(r[3]),
      emails: decodeEmails(r[4]),
      phones: decodePhones(r[5]),
      photos: Array.isArray(r[6]) ? (r[6] as string[]) : [],
      data: r[7] !== null && typeof r[7] === 'object' ? (r[7] as Record<string, unknown>) : {},
      favorite: r[8] === 1,
      pinned: num(r[9]),
      timesContacted: numOrNull(r[10]),
      lastSent: numOrNull(r[11]),
      lastReceived: numOrNull(r[12]),
      addressCount: num(r[13]),
      websiteCount: num(r[14]),
      imCount: num(r[15]),
      sourceKey: s,
    };
  }
  return out;
}
