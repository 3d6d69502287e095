/**
 * Our named-people data set, generated deterministically: realistic given names and surnames from many
 * countries (diacritics, particles, hyphenated and double surnames, Mc/O' names), each person with a
 * home country, a mobile in that country's format, and personal/work addresses. Used to give the
 * anonymous people of the shared data sets a persona, and to build books of its own.
 */
import { chance, hash, int, pick, rng } from './prng.ts';
import type { Rng } from './prng.ts';

export interface Country {
  region: 'US' | 'GB' | 'DE' | 'FR' | 'ES' | 'PL' | 'BR' | 'VN' | 'TR' | 'SE' | 'CZ' | 'IE' | 'IN';
  cc: string;
  /** National significant number of a mobile, from random digits. */
  mobile: (r: Rng) => string;
  /** National format with trunk prefix (how people type it locally). */
  national: (nsn: string) => string;
  given: string[];
  family: string[];
}

const d = (r: Rng, n: number) => Array.from({ length: n }, () => String(int(r, 0, 9))).join('');

export const COUNTRIES: Country[] = [
  {
    region: 'US',
    cc: '1',
    mobile: (r) => `${pick(r, ['212', '415', '617', '312', '646', '917', '503'])}${int(r, 2, 9)}${d(r, 2)}${d(r, 4)}`,
    national: (n) => `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`,
    given: [
      'James',
      'Mary',
      'Robert',
      'Patricia',
      'Michael',
      'Jennifer',
      'William',
      'Linda',
      'David',
      'Elizabeth',
      'Christopher',
      'Jessica',
      'Daniel',
      'Ashley',
      'Matthew',
      'Emily',
      'Anthony',
      'Sarah',
      'DeShawn',
      'Keisha',
    ],
    family: [
      'Smith',
      'Johnson',
      'Williams',
      'Brown',
      'Jones',
      'Miller',
      'Davis',
      'Wilson',
      'Anderson',
      'Taylor',
      'Thomas',
      'Moore',
      'Jackson',
      'Martin',
      'Lee',
      'Thompson',
      'White',
      'Harris',
      'Clark',
      'Lewis',
    ],
  },
  {
    region: 'GB',
    cc: '44',
    mobile: (r) => `7${pick(r, ['4', '5', '7', '8', '9'])}${d(r, 8)}`,
    national: (n) => `0${n.slice(0, 4)} ${n.slice(4)}`,
    given: ['Oliver', 'Amelia', 'Harry', 'Isla', 'George', 'Ava', 'Jack', 'Emily', 'Charlie', 'Sophie', 'Rhys', 'Siobhan', 'Callum', 'Niamh'],
    family: ['Smith', 'Jones', 'Taylor', 'Brown', 'Evans', 'Wright', 'Walker', 'Roberts', 'Hughes', 'McDonald', "O'Brien", 'Ffoulkes', 'Davies-Jones', 'Patel'],
  },
  {
    region: 'DE',
    cc: '49',
    mobile: (r) => `1${pick(r, ['51', '52', '60', '70', '71', '76'])}${d(r, 7)}`,
    national: (n) => `0${n.slice(0, 3)} ${n.slice(3)}`,
    given: ['Jürgen', 'Jörg', 'Käthe', 'Lukas', 'Lena', 'Maximilian', 'Sophie', 'Björn', 'Günther', 'Anneliese', 'Uwe', 'Mia'],
    family: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weiß', 'Größ', 'Schäfer', 'Koch', 'Bauer', 'von Weizsäcker', 'Hoffmann', 'Özdemir'],
  },
  {
    region: 'FR',
    cc: '33',
    // Mainland mobiles only: 0639, 069x and 0709 are the overseas departments' (+262, +590, +594, +596),
    // which a French book's national form now reads as theirs, so a random one split a generated person;
    // 063x and 070x-072x are no mainland mobile either.
    // (The same draws as before, the second digit moved into the mainland's ranges: the rest of the
    // generated books stay as they were.)
    mobile: (r) => {
      const n = `${pick(r, ['6', '7'])}${d(r, 8)}`;
      const second = n[0] === '6' ? (n[1] === '9' || n[1] === '3' ? '0' : n[1]) : '0129'.includes(n[1]!) ? '5' : n[1];
      return `${n[0]}${second}${n.slice(2)}`;
    },
    national: (n) => `0${n[0]} ${n.slice(1, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7)}`,
    given: ['Amélie', 'Benoît', 'Chloé', 'Élodie', 'François', 'Hélène', 'Jérôme', 'Léa', 'Noël', 'Zoé', 'Gaëlle', 'Loïc'],
    family: ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Moreau', 'Girard', 'Lévêque', 'Fournier', 'de la Fontaine', 'Rousseau', 'Bézier', 'Chevalier'],
  },
  {
    region: 'ES',
    cc: '34',
    mobile: (r) => `6${d(r, 8)}`,
    national: (n) => `${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7)}`,
    given: ['José', 'María', 'Jesús', 'Lucía', 'Ángel', 'Sofía', 'Álvaro', 'Inés', 'Raúl', 'Begoña', 'Iñaki', 'Núria'],
    family: ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'García-López', 'Muñoz', 'Ibáñez', 'Peña'],
  },
  {
    region: 'PL',
    cc: '48',
    mobile: (r) => `${pick(r, ['50', '51', '60', '66', '69', '79'])}${d(r, 7)}`,
    national: (n) => `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`,
    given: ['Łukasz', 'Małgorzata', 'Paweł', 'Agnieszka', 'Michał', 'Katarzyna', 'Wojciech', 'Żaneta', 'Grzegorz', 'Joanna'],
    family: ['Nowak', 'Kowalski', 'Wiśniewska', 'Wójcik', 'Kamiński', 'Lewandowska', 'Zieliński', 'Szymańska', 'Woźniak', 'Dąbrowski'],
  },
  {
    region: 'BR',
    cc: '55',
    mobile: (r) => `${pick(r, ['11', '21', '31', '41'])}9${d(r, 8)}`,
    national: (n) => `(${n.slice(0, 2)}) ${n.slice(2, 7)}-${n.slice(7)}`,
    given: ['João', 'Ana', 'Luís', 'Mariana', 'Conceição', 'Thiago', 'Letícia', 'Antônio', 'Gonçalo', 'Fernanda'],
    family: ['Silva', 'Santos', 'Oliveira', 'Souza', 'Conceição', 'Araújo', 'Gonçalves', 'Magalhães', 'da Silva', 'Assunção'],
  },
  {
    region: 'VN',
    cc: '84',
    mobile: (r) => `${pick(r, ['90', '91', '98', '97', '35'])}${d(r, 7)}`,
    national: (n) => `0${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}`,
    given: ['Anh', 'Bảo', 'Dũng', 'Hương', 'Linh', 'Minh', 'Phương', 'Quân', 'Thảo', 'Tuấn'],
    family: ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Phan', 'Vũ', 'Đặng', 'Bùi', 'Đỗ'],
  },
  {
    region: 'TR',
    cc: '90',
    mobile: (r) => `5${d(r, 9)}`,
    national: (n) => `0${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6, 8)} ${n.slice(8)}`,
    given: ['Ayşe', 'Mehmet', 'Çağla', 'Gökhan', 'Şule', 'İbrahim', 'Özge', 'Ümit'],
    family: ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Öztürk', 'Aydın', 'Arslan'],
  },
  {
    region: 'SE',
    cc: '46',
    mobile: (r) => `7${pick(r, ['0', '2', '3', '6'])}${d(r, 7)}`,
    national: (n) => `0${n.slice(0, 2)}-${n.slice(2, 5)} ${n.slice(5)}`,
    given: ['Åsa', 'Björn', 'Märta', 'Øystein', 'Göran', 'Linnéa', 'Sören', 'Ingrid'],
    family: ['Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Ångström', 'Öberg', 'Lindqvist', 'Bergström'],
  },
  {
    region: 'CZ',
    cc: '420',
    mobile: (r) => `${pick(r, ['60', '72', '73', '77'])}${d(r, 7)}`,
    national: (n) => `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`,
    given: ['Jiří', 'Tomáš', 'Lucie', 'Kateřina', 'Přemysl', 'Zdeněk', 'Radka', 'Ondřej'],
    family: ['Novák', 'Dvořák', 'Černý', 'Procházková', 'Kučera', 'Veselý', 'Růžička', 'Šťastný'],
  },
  {
    region: 'IE',
    cc: '353',
    mobile: (r) => `8${pick(r, ['3', '5', '6', '7'])}${d(r, 7)}`,
    national: (n) => `0${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}`,
    given: ['Seán', 'Aoife', 'Pádraig', 'Caoimhe', 'Eoin', 'Róisín', 'Ciarán', 'Saoirse'],
    family: ["O'Sullivan", 'Murphy', 'Ó Briain', 'Kelly', "O'Connor", 'Mac Giolla', 'Byrne', 'Ní Dhomhnaill'],
  },
  {
    region: 'IN',
    cc: '91',
    mobile: (r) => `${pick(r, ['98', '99', '97', '70', '81'])}${d(r, 8)}`,
    national: (n) => `0${n.slice(0, 5)} ${n.slice(5)}`,
    given: ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Lakshmi', 'Arjun', 'Kavya'],
    family: ['Sharma', 'Patel', 'Iyer', 'Reddy', 'Gupta', 'Nair', 'Banerjee', 'Krishnamurthy'],
  },
];

const WEBMAIL = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'outlook.com',
  'hotmail.com',
  'yahoo.com',
  'icloud.com',
  'gmx.de',
  'web.de',
  'proton.me',
  'orange.fr',
  'seznam.cz',
  'wp.pl',
];

export interface Person {
  id: string;
  given: string;
  family: string;
  name: string;
  country: Country;
  /** National significant number of the mobile. */
  mobile: string;
  /** Addresses that are really theirs (as the person writes them). */
  emails: string[];
}

/** ASCII slug of a name part for e-mail local parts ("García-López" -> "garcialopez"). */
export function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßøłđ]/g, (c) => ({ ß: 'ss', ø: 'o', ł: 'l', đ: 'd' })[c] ?? c)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** A persona, deterministic from `id` (same id, same person, in every book). */
export function personFor(id: string, workDomain?: string, workEmail?: string): Person {
  const r = rng(hash('person:' + id));
  const country = pick(r, COUNTRIES);
  const given = pick(r, country.given);
  const family = pick(r, country.family);
  const mobile = country.mobile(r);
  const emails: string[] = [];
  if (workEmail) emails.push(workEmail);
  else if (workDomain) emails.push(`${slug(given)}.${slug(family)}${int(r, 1, 999)}@${workDomain}`);
  if (!workEmail || chance(r, 0.5)) {
    const dom = pick(r, WEBMAIL);
    const sep = pick(r, ['.', '', '_']);
    emails.push(`${slug(given)}${sep}${slug(family)}${chance(r, 0.5) ? int(r, 1, 9999) : ''}@${dom}`);
  }
  return { id, given, family, name: `${given} ${family}`, country, mobile, emails };
}

/**
 * Name variants a real book holds for one person: as written, diacritics stripped (old exports), case
 * mangled, "Family, Given", given name only, initial + family name, or nothing at all.
 */
export function nameVariant(r: Rng, p: Person): string | null {
  const strip = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
  const x = r();
  if (x < 0.4) return p.name;
  if (x < 0.52) return strip(p.name);
  if (x < 0.58) return p.name.toUpperCase();
  if (x < 0.62) return p.name.toLowerCase();
  if (x < 0.7) return `${p.family}, ${p.given}`;
  if (x < 0.78) return p.given;
  if (x < 0.83) return `${p.given[0]}. ${p.family}`;
  if (x < 0.85) return `  ${p.name}  `;
  // The name as mail software writes a sender (a header's text saved as the name): quoted before the
  // address, RFC 2047 encoded (base64, quoted-printable), a Lotus Notes hierarchical name.
  if (x < 0.855 && p.emails.length > 0) return `"${p.family}, ${p.given}" <${p.emails[0]}>`;
  if (x < 0.86) return `=?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode(p.name)))}?=`;
  if (x < 0.865)
    return `=?utf-8?Q?${[...new TextEncoder().encode(p.name)].map((b) => (b === 0x20 ? '_' : b < 0x80 && /[A-Za-z0-9]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('')}?=`;
  if (x < 0.87) return `${p.name}/Sales/Corp@Corp`;
  return null;
}

/** An e-mail as a client might upload it: case changed, gmail dots/+tags, surrounding spaces. */
export function emailVariant(r: Rng, addr: string): string {
  const [local, dom] = addr.split('@');
  const x = r();
  if (dom === 'gmail.com' && x < 0.25)
    return `${local
      .split('')
      .join(chance(r, 0.5) ? '' : '.')
      .replace(/\.+/g, '.')}+${pick(r, ['news', 'shop', 'work'])}@googlemail.com`;
  if (x < 0.4) return `${local[0].toUpperCase()}${local.slice(1)}@${dom[0].toUpperCase()}${dom.slice(1)}`;
  if (x < 0.5) return addr.toUpperCase();
  if (x < 0.55) return ` ${addr} `;
  return addr;
}

/** A phone as a client might upload it: E.164, spaced international, 00-prefixed, or national. */
export function phoneVariant(r: Rng, p: Person, local: boolean): string {
  const e164 = `+${p.country.cc}${p.mobile}`;
  const x = r();
  if (local && x < 0.55) return p.country.national(p.mobile);
  if (x < 0.7) return e164;
  if (x < 0.85) return `+${p.country.cc} ${p.mobile.slice(0, 3)} ${p.mobile.slice(3, 6)} ${p.mobile.slice(6)}`;
  return `00${p.country.cc} ${p.mobile}`;
}

export { WEBMAIL };
