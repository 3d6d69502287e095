/**
 * The region an upload's national numbers are read in, when its source does not say (no `region`, and the
 * owner's phone absent or itself written nationally): read off the upload's own numbers. Pure.
 *
 * A Gmail export with only the owner's address, or a phone whose owner's number is `0170 1327069`, left
 * every national number of the upload keyed on its digits, so the same friend written `(512) 262-8658` on
 * one card and `1-512-262-8658` on another was two rows. The region is the country the upload writes most
 * numbers of in full (`+1 …`, `0049 …`): three or more, twice as many as any other country's, and only when
 * its plan reads four in five of the upload's national numbers as valid numbers, and two in five as written
 * exactly as the country writes them. Anything less clear (a
 * book of many countries, a plan that does not fit the national numbers) gives no region, as before: a
 * number of unknown country still joins the full number that ends with its digits, where a wrong region
 * would give it a number that does not exist.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { regionFromPhone } from './phone.ts';
import type { EntryInput, SourceInput } from './types.ts';

/** National numbers looked at, at most (an even sample over a big upload). */
const SAMPLE = 240;
/** The share of those the region's plan must read as valid numbers. */
const MIN_SHARE = 0.8;
/**
 * The share of them written exactly as the region writes its numbers at home (its national format, the
 * trunk prefix where it has one). Validity alone tells little: India's plan reads most American numbers
 * as valid Indian ones, so an immigrant's book, its full numbers mostly from home, would read its local
 * friends' `(646) 734-1834` as Indian; written with India's `0` they never are.
 */
const MIN_HOME = 0.4;
/** How many times more numbers written in full than the next country the region must have. */
const VOTE_LEAD = 2;
/** National numbers needed before a region is inferred at all, and full numbers of a country to make it a candidate. */
const MIN_NATIONAL = 5;
const MIN_VOTES = 3;

const FULL = /^\s*(?:\+|00)/;

export function inferRegion(source: SourceInput, entries: readonly EntryInput[]): CountryCode | null {
  const votes = new Map<CountryCode, number>();
  const national: string[] = [];
  const step = Math.max(1, Math.floor(entries.length / SAMPLE));
  const look = (s: unknown) => {
    if (typeof s !== 'string' || s.length < 7 || s.length > 40) return;
    if (FULL.test(s)) {
      const r = regionFromPhone(s);
      if (r !== null) votes.set(r, (votes.get(r) ?? 0) + 1);
    } else if (national.length < SAMPLE * 2 && digitCount(s) >= 7) national.push(s);
  };
  look(source.phone);
  for (let i = 0; i < entries.length; i += step) {
    const e = entries[i];
    look(e.phone);
    if (Array.isArray(e.phones)) for (const p of e.phones) look(p);
  }
  // Full numbers are few in a sample of a national book: count them over every entry when the sample found none.
  if (votes.size === 0 && step > 1)
    for (const e of entries) {
      if (typeof e.phone === 'string' && FULL.test(e.phone)) look(e.phone);
      if (Array.isArray(e.phones)) for (const p of e.phones) if (typeof p === 'string' && FULL.test(p)) look(p);
      if (votes.size > 0) break;
    }
  if (national.length < MIN_NATIONAL || votes.size === 0) return null;
  // The country the upload writes most numbers of in full, by a clear lead, when its plan reads the
  // upload's national numbers as its own.
  const ranked = [...votes].sort((a, b) => b[1] - a[1]);
  const [region, most] = ranked[0]!;
  if (most < MIN_VOTES || (ranked.length > 1 && most < VOTE_LEAD * ranked[1]![1])) return null;
  let valid = 0;
  let home = 0;
  for (const s of national) {
    const p = parsePhoneNumberFromString(s, region);
    if (p === undefined || !p.isValid()) continue;
    valid++;
    if (digitsOf(p.formatNational()) === digitsOf(s)) home++;
  }
  return valid >= MIN_SHARE * national.length && home >= MIN_HOME * national.length ? region : null;
}

function digitsOf(s: string): string {
  return s.replace(/\D+/g, '');
}

function digitCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}
