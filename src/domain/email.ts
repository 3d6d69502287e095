/**
 * E-mail normalisation: validate, keep the uploaded form for display, derive the matching key.
 * Provider rules (dots, +tags) are applied only for providers that document them; a custom domain is
 * never guessed at, because "j.smith" and "jsmith" can be two people at example.com.
 */
import { domainToASCII } from 'node:url';
import { classifyAddress, isRoleLocal } from './junk.ts';
import type { NormEmail } from './types.ts';

/** RFC 5321 limits (octets; we count UTF-16 units, which is close enough for a sanity bound). */
const MAX_LOCAL = 64;
const MAX_DOMAIN = 253;

/** Dot-atom local part: RFC 5322 atext plus Unicode letters/digits (RFC 6531 addresses exist). */
const LOCAL_RE = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
/** Host name labels; the TLD must be alphabetic (or an IDN A-label). IP literals are not addresses people share. */
const LABEL_RE = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TLD_RE = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/u;
/**
 * The same three on ASCII text (where \p{L} is [A-Za-z] and \p{N} is [0-9]), without the Unicode mode;
 * the domain ones see it lower-cased.
 */
const LOCAL_ASCII_RE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL_ASCII_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD_ASCII_RE = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Gmail ignores dots and everything after '+'; googlemail.com is the same mailbox (Google docs). */
const GMAIL = new Set(['gmail.com', 'googlemail.com']);

/**
 * Providers that document '+' sub-addressing (and nothing else): Microsoft Outlook.com, Fastmail,
 * Proton, Yandex. Dots stay significant there.
 */
const PLUS_TAG_DOMAINS = new Set([
  'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'outlook.fr', 'outlook.de', 'outlook.es', 'outlook.it',
  'hotmail.co.uk', 'hotmail.fr', 'hotmail.de', 'hotmail.it', 'hotmail.es', 'live.co.uk', 'live.fr', 'live.de',
  'live.nl', 'live.it', 'live.ca', 'live.com.au',
  'fastmail.com', 'fastmail.fm',
  'proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me',
  'yandex.ru', 'yandex.com', 'ya.ru',
]);

/** Pulls the address out of the forms clients really send: "Name <a@b>", "mailto:a@b", quotes. */
function extract(raw: string): string {
  let s = raw.trim();
  const lt = s.lastIndexOf('<');
  if (lt >= 0 && s.endsWith('>')) s = s.slice(lt + 1, -1).trim();
  if (s.length > 7 && s.slice(0, 7).toLowerCase() === 'mailto:') s = s.slice(7).trim();
  const q = s.indexOf('?'); // mailto:a@b?subject=...
  if (q > 0 && raw.trim().toLowerCase().startsWith('mailto:')) s = s.slice(0, q);
  return s;
}

/**
 * Normalises one uploaded address. Returns null when it is not an address (no '@', spaces, bad
 * domain, ...). `display` is the upload trimmed (address part only); `key` is lower-cased with provider
 * rules; `junk` and `role` come from junk.ts.
 */
export function normalizeEmail(raw: string): NormEmail | null {
  if (typeof raw !== 'string') return null;
  const hit = cache.get(raw);
  if (hit !== undefined) return hit === null ? null : copy(hit);
  const v = parse(raw);
  // FIFO eviction keeps memory bounded; the same address recurs across sources, batches and users.
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(raw, v);
  return v === null ? null : copy(v);
}

/** A caller's own copy of a cached result (the fields parse() sets, in its order). */
function copy(v: NormEmail): NormEmail {
  return { display: v.display, key: v.key, domain: v.domain, junk: v.junk, role: v.role };
}

/** Parse cache cap (entries, ~200 bytes each: ~10 MB at most). */
const CACHE_MAX = 50_000;
const cache = new Map<string, NormEmail | null>();

function parse(raw: string): NormEmail | null {
  const display = extract(raw);
  const at = display.lastIndexOf('@');
  if (at <= 0 || at === display.length - 1) return null;
  const localRaw = display.slice(0, at);
  let domainRaw = display.slice(at + 1);
  if (domainRaw.endsWith('.')) domainRaw = domainRaw.slice(0, -1); // "a@b.com." is the same host
  if (localRaw.length > MAX_LOCAL || domainRaw.length > MAX_DOMAIN) return null;
  const ascii = isAscii(display);
  if (!(ascii ? LOCAL_ASCII_RE : LOCAL_RE).test(localRaw)) return null;

  const local = localRaw.toLowerCase();
  let domain = domainRaw.toLowerCase();
  const labels = domain.split('.');
  if (labels.length < 2) return null;
  const labelRe = ascii ? LABEL_ASCII_RE : LABEL_RE;
  for (const l of labels) if (!labelRe.test(l)) return null;
  if (!(ascii ? TLD_ASCII_RE : TLD_RE).test(labels[labels.length - 1])) return null;
  // IDN: "münchen.de" and "xn--mnchen-3ya.de" are the same domain; match on the A-label form.
  if (!ascii && /[^\x00-\x7f]/.test(domain)) {
    const ascii = domainToASCII(domain);
    if (!ascii) return null;
    domain = ascii;
  }

  let keyLocal = local;
  let keyDomain = domain;
  if (GMAIL.has(domain)) {
    keyDomain = 'gmail.com';
    keyLocal = stripTag(local).replace(/\./g, '');
    if (keyLocal === '') keyLocal = local;
  } else if (PLUS_TAG_DOMAINS.has(domain)) {
    keyLocal = stripTag(local);
  }

  return {
    display,
    key: `${keyLocal}@${keyDomain}`,
    domain: keyDomain,
    junk: classifyAddress(local, domain),
    role: isRoleLocal(local),
  };
}

/** "john+news" -> "john"; a leading '+' is not a tag. */
function stripTag(local: string): string {
  const plus = local.indexOf('+');
  return plus > 0 ? local.slice(0, plus) : local;
}

/** Empties the parse cache (benchmarks measure cold parsing with it). */
export function clearEmailCache(): void {
  cache.clear();
}
