/**
 * Realistic address books for the benchmark, from a seeded PRNG (the same seed gives the same bytes):
 * mixed e-mail providers (Gmail dots and +tags, Outlook, Yahoo, iCloud, GMX, company domains), phones in
 * several national and international formats (US, UK, DE, FR, BR, IN; E.164, "00", "011", spaces, dots,
 * parentheses, extensions, short codes), ISO and Unix dates, names with diacritics, favourites, `data`
 * objects, and some duplicates (the same person under another spelling) and junk (no-reply, bounces).
 */
import { rng } from '../eval/clean/prng.ts';

/** The seeded generator shared by every script (mulberry32). */
export const prng = rng;

const FIRST = [
  'Zoë',
  'José',
  'François',
  'Søren',
  'Łukasz',
  'Ana',
  'João',
  'Chloé',
  'Jürgen',
  'Agnès',
  'Björn',
  'Nuño',
  'Dmitrij',
  'Mária',
  'Renée',
  'İsmail',
  'Ólafur',
  'Zoltán',
  'Håkon',
  'Émilie',
  'Priya',
  'Wei',
  'Aiko',
  'Olumide',
  'Sinéad',
  'Robert',
  'Bob',
  'Mary',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Sarah',
  'James',
  'Emma',
  'Lucas',
  'Mia',
  'Noah',
  'Olivia',
  'Liam',
  'Sofia',
  'Mateo',
  'Camila',
  'Ethan',
  'Aarav',
  'Fatima',
  'Yusuf',
  'Chen',
  'Hana',
];
const LAST = [
  'Müller',
  'Silva',
  'Dubois',
  'Nørgaard',
  'Wiśniewski',
  'García',
  'Gonçalves',
  'Lefèvre',
  'Schröder',
  'Ibáñez',
  'Øberg',
  'Kovač',
  'Dvořák',
  'Çelik',
  'Ó Súilleabháin',
  'Nguyễn',
  'Smith',
  'Johnson',
  'Brown',
  'Williams',
  'Jones',
  'Miller',
  'Davis',
  'Martin',
  'Rossi',
  'Bernard',
  'Tanaka',
  'Kim',
  'Patel',
  'Singh',
  'Okafor',
  'Cohen',
  'Novak',
];
const COMPANY = ['acme.com', 'globex.de', 'initech.io', 'umbrella.co.uk', 'stark.fr', 'wayne.com.br', 'hooli.com', 'példa.hu'];
const JUNK = ['no-reply@', 'noreply@', 'notifications@', 'mailer-daemon@', 'bounce+a1b2@', 'info@', 'newsletter@'];
const JUNK_DOMAINS = ['github.com', 'linkedin.com', 'mail.shop.example', 'em.airline.com', 'e.bank.de'];

/** Real area codes so the numbers are plausible for the parser (US area codes, UK/DE/FR/BR/IN prefixes). */
const US_AREAS = ['212', '415', '312', '617', '206', '305', '512', '646', '303', '702'];

type Rnd = () => number;
const pick = <T>(r: Rnd, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const digits = (r: Rnd, n: number): string => {
  let s = String(1 + Math.floor(r() * 9));
  while (s.length < n) s += String(Math.floor(r() * 10));
  return s;
};

function ascii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[øØ]/g, 'o')
    .replace(/[łŁ]/g, 'l')
    .replace(/ı/g, 'i')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

/** One phone number of a person, in one of the formats real address books hold. */
function phoneOf(r: Rnd, person: number): string {
  const seed = prng(person * 7919 + 17);
  const country = pick(seed, ['US', 'US', 'US', 'UK', 'DE', 'FR', 'BR', 'IN'] as const);
  const style = r();
  switch (country) {
    case 'US': {
      const a = pick(seed, US_AREAS),
        x = String(200 + Math.floor(seed() * 700)),
        l = digits(seed, 4);
      if (style < 0.25) return `(${a}) ${x}-${l}`;
      if (style < 0.45) return `${a}.${x}.${l}`;
      if (style < 0.65) return `+1 ${a}-${x}-${l}`;
      if (style < 0.8) return `+1${a}${x}${l}`;
      if (style < 0.9) return `1-${a}-${x}-${l}`;
      if (style < 0.97) return `${a} ${x} ${l}`;
      return `(${a}) ${x}-${l} x${digits(r, 3)}`;
    }
    case 'UK': {
      const n = '7' + digits(seed, 9);
      if (style < 0.4) return `+44 ${n.slice(0, 4)} ${n.slice(4)}`;
      if (style < 0.7) return `0044${n}`;
      return `011 44 ${n.slice(0, 4)} ${n.slice(4)}`;
    }
    case 'DE': {
      const n = '30' + digits(seed, 8);
      if (style < 0.4) return `+49 ${n.slice(0, 2)} ${n.slice(2)}`;
      if (style < 0.7) return `+49 (0)${n.slice(0, 2)} ${n.slice(2)}`;
      return `0049 ${n.slice(0, 2)} ${n.slice(2)}`;
    }
    case 'FR': {
      const n = '6' + digits(seed, 8);
      if (style < 0.5) return `+33 ${n[0]} ${n.slice(1, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7)}`;
      return `+33${n}`;
    }
    case 'BR': {
      const n = '119' + digits(seed, 8);
      return style < 0.5 ? `+55 ${n.slice(0, 2)} ${n.slice(2, 7)}-${n.slice(7)}` : `+55${n}`;
    }
    case 'IN': {
      const n = '9' + digits(seed, 9);
      return style < 0.5 ? `+91 ${n.slice(0, 5)} ${n.slice(5)}` : `+91-${n}`;
    }
  }
}

/** One e-mail address of a person, from a mix of providers and spellings. */
function emailOf(r: Rnd, person: number, first: string, last: string): string {
  const f = ascii(first) || 'x',
    l = ascii(last) || 'y';
  const seed = prng(person * 104729 + 3);
  const provider = seed();
  const tag = person.toString(36);
  if (provider < 0.35) {
    // Gmail: dots and +tags that the provider ignores, and both of its domains.
    const local = r() < 0.3 ? `${f}.${l}${tag}` : `${f}${l}${tag}`;
    const plus = r() < 0.1 ? '+contacts' : '';
    return `${r() < 0.15 ? local.toUpperCase() : local}${plus}@${r() < 0.1 ? 'googlemail.com' : 'gmail.com'}`;
  }
  if (provider < 0.5) return `${f}_${l}${tag}@${pick(seed, ['outlook.com', 'hotmail.com', 'live.com'])}`;
  if (provider < 0.6) return `${f}${tag}@yahoo.com`;
  if (provider < 0.68) return `${f}.${l}${tag}@icloud.com`;
  if (provider < 0.76) return `${l}.${f}${tag}@${pick(seed, ['gmx.de', 'web.de', 'orange.fr', 'libero.it'])}`;
  return `${f[0]}${l}${tag}@${pick(seed, COMPANY)}`;
}

/** ISO 8601 (with Z, an offset, none) or Unix seconds, within the last ~3 years of `now`. */
function dateOf(r: Rnd, now: number): string | number {
  const t = now - Math.floor(r() * 3 * 365 * 86_400_000);
  const style = r();
  if (style < 0.4) return new Date(t).toISOString();
  if (style < 0.6) return new Date(t).toISOString().replace('Z', '+02:00');
  if (style < 0.75) return new Date(t).toISOString().slice(0, 19);
  return Math.floor(t / 1000);
}

export interface BookOptions {
  /** Entries in the book. */
  size: number;
  /** Seed of the PRNG (the same seed gives the same book). */
  seed: number;
  /**
   * People are numbered; a book holds people from [personBase, personBase + size * 1.2). Two books with
   * overlapping ranges share people (as friends' books do), which feeds the cross-user signals.
   */
  personBase?: number;
  /** Fixed "now" (ms) for dates. */
  now?: number;
}

/** Entries of one realistic address book (see the file comment). */
export function makeEntries(o: BookOptions): Record<string, unknown>[] {
  const r = prng(o.seed);
  const now = o.now ?? Date.UTC(2026, 0, 15);
  const base = o.personBase ?? o.seed * 1_000_003;
  const span = Math.max(1, Math.round(o.size * 1.2));
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < o.size; i++) {
    const kind = r();
    if (kind < 0.04) {
      // Junk: no-reply, notifications, bounces, role mailboxes of bulk senders.
      out.push({
        name: r() < 0.5 ? pick(r, ['GitHub', 'LinkedIn', 'Shop', 'Airline', 'Bank']) : null,
        email: pick(r, JUNK) + pick(r, JUNK_DOMAINS),
        times_contacted: 0,
      });
      continue;
    }
    if (kind < 0.06) {
      // Nothing to invite: a name only, a bad address, a short code.
      out.push({ name: `${pick(r, FIRST)}`, phones: [pick(r, ['*86#', '112', 'n/a', '33669'])], emails: ['not an email'] });
      continue;
    }
    const person = base + Math.floor(r() * span); // repeats within the book are duplicates of one person
    const p = prng(person);
    const first = pick(p, FIRST),
      last = pick(p, LAST);
    const nameStyle = r();
    const name =
      nameStyle < 0.7
        ? `${first} ${last}`
        : nameStyle < 0.8
          ? `${last}, ${first}`
          : nameStyle < 0.9
            ? first
            : nameStyle < 0.95
              ? `  ${first}   ${last} `
              : null;
    const entry: Record<string, unknown> = { name };
    const emailCount = r() < 0.15 ? 0 : r() < 0.8 ? 1 : 2;
    const phoneCount = r() < 0.35 ? 0 : r() < 0.85 ? 1 : 2;
    const emails: string[] = [];
    for (let k = 0; k < emailCount; k++) emails.push(emailOf(r, person * 3 + k, first, last));
    const phones: string[] = [];
    for (let k = 0; k < phoneCount; k++) phones.push(phoneOf(r, person * 3 + k));
    if (emails.length === 0 && phones.length === 0) emails.push(emailOf(r, person * 3, first, last));
    // Clients send either the list or the single field, sometimes both.
    if (emails.length === 1 && r() < 0.5) entry.email = emails[0];
    else if (emails.length) entry.emails = emails;
    if (phones.length === 1 && r() < 0.5) entry.phone = phones[0];
    else if (phones.length) entry.phones = phones;
    if (r() < 0.6) entry.times_contacted = Math.floor(r() * r() * 200);
    if (r() < 0.5) entry.last_message_sent_date = dateOf(r, now);
    if (r() < 0.5) entry.last_message_received_date = dateOf(r, now);
    if (r() < 0.08) entry.is_favorite = pick(r, [1, true, 'true', '1']);
    if (r() < 0.2) entry.company = pick(r, ['ACME', 'Globex GmbH', 'Initech', 'Société Générale', 'Banco do Brasil']);
    if (r() < 0.1) entry.title = pick(r, ['CTO', 'Développeuse', 'Geschäftsführer', 'Nurse']);
    if (r() < 0.25) entry.data = { id: `c${o.seed}-${i}`, group: pick(r, ['family', 'work', 'friends']) };
    if (r() < 0.05)
      entry.addresses = [
        { street: `${Math.floor(r() * 200)} Rue de l'Église`, city: pick(r, ['Paris', 'München', 'São Paulo']), country: pick(r, ['FR', 'DE', 'BR']) },
      ];
    if (r() < 0.03) entry.photos = [`https://img.example.com/${person}.jpg`];
    out.push(entry);
  }
  return out;
}

/** The POST body of one upload. */
export function makeBody(
  userId: string,
  entries: Record<string, unknown>[],
  opts: { seed: number; type?: string; backfill?: boolean },
): Record<string, unknown> {
  const r = prng(opts.seed ^ 0x5bd1e995);
  const body: Record<string, unknown> = {
    user_id: userId,
    source: { type: opts.type ?? 'gmail', email: `owner.${userId}@gmail.com`, phone: `+1415${digits(r, 7)}`, name: 'Owner Ünïcode' },
    entries,
  };
  if (opts.backfill) body.backfill = 1;
  return body;
}
