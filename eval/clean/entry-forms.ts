/**
 * Entry-level forms the cleaning rules read (docs/cleaning.md "What is kept", "Evidence beats syntax",
 * "A list of people in one entry", docs/api.md "Contact objects of the platform SDKs"): generated cases,
 * each one person or a few in a book of a country, run through the service's path (the edge's lenient
 * reading of a body the strict schema refuses, lenient.ts readItemsLeniently, identity on well-formed
 * entries; entriesAsRead; normalizeEntry; mergeEntries), values drawn from lists wider than the docs' and
 * tests' examples.
 *
 * - Must keep and merge: a phone-only card whose number has an extension (a word, `x` right after the
 *   digits, `;ext=`, a pause), two numbers in one field (`/`, `,`, `or`, German `o.`/`u.`), a vCard line
 *   pasted into a field, a trunk prefix other than 0 (`8 916 …`), an international prefix (`0044 …`,
 *   `011 44 …`), a number spelled in letters (`1-800-FLOWERS`), beside the same number written another
 *   way on another card; e-mail fields `Name <addr>`, `mailto:`, `jane [at] example [dot] com`, a list
 *   of one person's addresses (`;`, `/`, newline, `and` …), `Email 1 <..>, Email 2 <..>` labels, a
 *   person's own domain that looks like a placeholder (`maria@maria.com`); entries sent with SDK field
 *   names the messy books do not use (Google People name parts and `canonicalForm`, Microsoft Graph,
 *   expo-contacts, react-native-contacts name parts, snake_case lists and whole numbers).
 * - Must stay apart: colleagues on one switchboard with an extension each, a tail of a number after
 *   another prefix (`5 916 …`), a list of people in one field (`Ann Lee <a@x>, Bob Roe <b@y>`: two
 *   people), two people whose cards share a placeholder (`noemail@noemail.com`), an SDK list beside a
 *   Kith field the client sent (the Kith field wins, the SDK value is not read).
 * - Owner's evidence: a card written to, starred or pinned whose only address or number is unusable is
 *   kept, marked; must not invent: the same without evidence (or with a "never" written as 0 or 1970), a
 *   note in the phone field (`555 HOME`), a note with a bracketed "at" (`Lunch (at) cafe.nero`), a
 *   placeholder, a fax-only SDK card are not listed, and a placeholder is never offered as an address.
 *
 * Figures per form: cases and cases right, failing cases with their inputs (synthetic data); overall:
 * people wrongly dropped, people invented (a row of no one, a row named by a label, a placeholder offered,
 * a left-out card listed), must-merge recall (people of two cards or more in one row), fused pairs.
 * Forms named `_beyond` take a case the docs do not claim (an unnamed `Gmail <a>, Yahoo <b>`): reported,
 * not counted in those figures. Every number a case holds is one libphonenumber's metadata holds and no
 * other case's; the owner's phone gives the book's region.
 */
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry, sourceKey } from '../../src/domain/normalize.ts';
import { normalizePhone, regionFromPhone } from '../../src/domain/phone.ts';
import { normalizeEmail } from '../../src/domain/email.ts';
import type { CountryCode } from '../../src/domain/phone.ts';
import type { Contact, EntryInput, NormalizedEntry, SourceInput } from '../../src/domain/types.ts';
import { entriesAsRead } from '../../src/services/address-book-answers.ts';
import { readItemsLeniently } from '../../src/services/lenient.ts';
import { chance, hash, int, pick, rng, shuffle } from './prng.ts';
import type { Rng } from './prng.ts';

// --- phone plans ----------------------------------------------------------------------------------------

interface Plan {
  region: CountryCode;
  cc: string;
  mobile: (r: Rng) => string;
  landline: (r: Rng) => string;
  /** As a phone saves it at home. */
  national: (nsn: string) => string;
  /** With the country code, spaced. */
  intl: (nsn: string) => string;
}

const d = (r: Rng, n: number) => Array.from({ length: n }, () => String(int(r, 0, 9))).join('');
const US_NPA = ['212', '415', '617', '312', '206', '303', '512', '646', '718', '202', '305', '404', '713', '503', '612', '919', '480', '702'];
const usNsn = (r: Rng) => `${pick(r, US_NPA)}${int(r, 2, 9)}${int(r, 0, 9)}${int(r, 2, 9)}${d(r, 4)}`;

const PLANS: Record<string, Plan> = {
  US: {
    region: 'US',
    cc: '1',
    mobile: usNsn,
    landline: usNsn,
    national: (n) => `(${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`,
    intl: (n) => `+1 ${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}`,
  },
  GB: {
    region: 'GB',
    cc: '44',
    mobile: (r) => `7${pick(r, ['400', '500', '700', '711', '723', '733', '800', '900', '912', '956', '850', '981'])}${d(r, 6)}`,
    landline: (r) => `20${pick(r, ['7', '3', '8'])}${d(r, 7)}`,
    national: (n) => (n.startsWith('20') ? `020 ${n.slice(2, 6)} ${n.slice(6)}` : `0${n.slice(0, 4)} ${n.slice(4)}`),
    intl: (n) => (n.startsWith('20') ? `+44 20 ${n.slice(2, 6)} ${n.slice(6)}` : `+44 ${n.slice(0, 4)} ${n.slice(4)}`),
  },
  DE: {
    region: 'DE',
    cc: '49',
    mobile: (r) =>
      chance(r, 0.4)
        ? `${pick(r, ['151', '152', '157', '159'])}${d(r, 8)}`
        : `${pick(r, ['160', '162', '170', '171', '172', '173', '175', '176', '177', '178', '179'])}${d(r, 7)}`,
    landline: (r) => (chance(r, 0.5) ? `30${int(r, 2, 9)}${d(r, 7)}` : `${pick(r, ['40', '89', '69', '221'])}${int(r, 2, 9)}${d(r, 6)}`),
    national: (n) => (n.startsWith('1') ? `0${n.slice(0, 3)} ${n.slice(3)}` : n.startsWith('221') ? `0221 ${n.slice(3)}` : `0${n.slice(0, 2)} ${n.slice(2)}`),
    intl: (n) =>
      n.startsWith('1') ? `+49 ${n.slice(0, 3)} ${n.slice(3)}` : n.startsWith('221') ? `+49 221 ${n.slice(3)}` : `+49 ${n.slice(0, 2)} ${n.slice(2)}`,
  },
  RU: {
    region: 'RU',
    cc: '7',
    mobile: (r) => `9${pick(r, ['16', '03', '05', '26', '85', '99', '77', '15', '10', '20', '62', '31'])}${d(r, 7)}`,
    landline: (r) => `${pick(r, ['495', '499', '812'])}${int(r, 2, 9)}${d(r, 6)}`,
    national: (n) => `8 (${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}`,
    intl: (n) => `+7 ${n.slice(0, 3)} ${n.slice(3, 6)}-${n.slice(6, 8)}-${n.slice(8)}`,
  },
};
type PlanName = keyof typeof PLANS;

/** Countries with a trunk prefix other than 0, as `[cc, mobile nsn, trunk]`: Russia, Kazakhstan, Belarus. */
const TRUNK: ((r: Rng) => [string, string, string])[] = [
  (r) => ['7', PLANS.RU.mobile(r), '8'],
  (r) => ['7', `7${pick(r, ['00', '01', '02', '05', '07', '47', '71', '75', '76', '77', '78'])}${d(r, 7)}`, '8'],
  (r) => ['375', `${pick(r, ['29', '33', '44', '25'])}${int(r, 1, 9)}${d(r, 6)}`, '8 0'],
];

// --- names and addresses ------------------------------------------------------------------------------------

const GIVEN = [
  'Ann',
  'Bob',
  'Jane',
  'Rick',
  'Maria',
  'Olu',
  'Priya',
  'Kenji',
  'Lena',
  'Tomás',
  'Ingrid',
  'Farid',
  'Chloé',
  'Diego',
  'Hana',
  'Samir',
  'Greta',
  'Pavel',
  'Aisha',
  'Liam',
  'Noor',
  'Mateo',
  'Sofia',
  'Yusuf',
  'Elif',
  'Bruno',
  'Marta',
  'Kwame',
  'Ines',
  'Viktor',
  'Leila',
  'Oskar',
  'Rosa',
  'Dmitri',
  'Amara',
  'Felix',
  'Nadia',
  'Rahul',
  'Carmen',
  'Jonas',
];
const FAMILY = [
  'Lee',
  'Roe',
  'Doe',
  'Okafor',
  'Patel',
  'Tanaka',
  'Novak',
  'García',
  'Berg',
  'Haddad',
  'Moreau',
  'Rossi',
  'Kowalski',
  'Nguyen',
  'Schmidt',
  'Ivanov',
  'Mensah',
  'Silva',
  'Yilmaz',
  "O'Brien",
  'Fischer',
  'Costa',
  'Larsen',
  'Khan',
  'Dubois',
  'Weber',
  'Sato',
  'Ortiz',
  'Bauer',
  'Varga',
  'Lindqvist',
  'Mbeki',
  'Horvat',
  'Quinn',
  'Park',
  'Ahmed',
  'Jensen',
  'Romero',
  'Volkova',
  'Keller',
];
const MAIL_DOMAINS = [
  'gmail.com',
  'yahoo.co.uk',
  'web.de',
  'gmx.net',
  'outlook.com',
  'mail.ru',
  'orange.fr',
  'uni-bonn.de',
  'corp.example',
  'acme.co',
  'posteo.de',
  'hey.com',
  'tuta.io',
  'fastmail.fm',
];
const ascii = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f']/g, '')
    .toLowerCase();

// --- cases ------------------------------------------------------------------------------------------------

type Where = 'mail' | 'home' | 'away';
/** listed: kept and invitable; marked: kept with `unusable`; absent: not in the list. */
type Expect = 'listed' | 'marked' | 'absent';
type Side = 'merge' | 'apart' | 'marked' | 'absent';

interface Person {
  label: string;
  expect: Expect;
  /** Keys of the person's own (contact.keys form): a row holding one is the person's. */
  idKeys: string[];
  /** Keys the person's row must hold (every address and number of theirs the cards give). */
  mustKeys: string[];
  cards: number;
}

interface CaseSpec {
  persons: Person[];
  cards: { where: Where; entry: EntryInput; person: number }[];
  /** Names no row may carry (labels of addresses). */
  forbiddenNames?: string[];
  /** Keys no usable address of a row may have (placeholders). */
  neverOffered?: string[];
}

interface Ctx {
  r: Rng;
  plan: Plan;
  name: () => string;
  given: () => [string, string];
  mobile: (p?: Plan) => string;
  landline: (p?: Plan) => string;
  addr: (g?: string, f?: string) => string;
  n: () => number;
  /** False when `key` was already used in the book (a number one case holds must be no other case's). */
  unique: (key: string) => boolean;
}

const eKey = (a: string) => `e:${normalizeEmail(a)!.key}`;
const pKey = (cc: string, nsn: string, ext?: string) => `p:+${cc}${nsn}${ext ? `;ext=${ext}` : ''}`;
const person = (label: string, expect: Expect, idKeys: string[], cards: number, mustKeys = idKeys): Person => ({ label, expect, idKeys, mustKeys, cards });

const EXT_WORDS = [
  'ext',
  'ext.',
  'Ext.',
  'x',
  'X',
  'extension',
  'ext:',
  'poste',
  'p.',
  'Durchwahl',
  'DW',
  'interno',
  'ramal',
  'toestel',
  'wew.',
  'доб.',
  'anexo',
  'int.',
  '内線',
  '내선',
  '分机',
  '转',
  'extensión',
];
const ext = (r: Rng) => String(chance(r, 0.5) ? int(r, 1, 99) : int(r, 100, 99999));

/** One person, phone only: card `a` (at `wa`) and card `b` (at `wb`) for the number `key`. */
function phonePair(c: Ctx, key: string, a: string, wa: Where, b: string, wb: Where): CaseSpec {
  const [n1, n2] = [c.name(), c.r() < 0.5 ? null : c.name()];
  return {
    persons: [person('person', 'listed', [key], 2)],
    cards: [
      { where: wa, entry: { name: n1, phone: a }, person: 0 },
      { where: wb, entry: { name: n2 === null ? null : n1, phones: [b] }, person: 0 },
    ],
  };
}

/** One person: a card with the e-mail field `field`, and a card with `plain` and a mobile of theirs. */
function mailPair(c: Ctx, field: string, plain: string[], named = true): CaseSpec {
  const nm = c.name();
  const mob = c.mobile();
  const k = [...plain.map(eKey), pKey(c.plan.cc, mob)];
  return {
    persons: [person('person', 'listed', k, 2)],
    cards: [
      { where: 'mail', entry: { name: named && chance(c.r, 0.5) ? nm : null, email: field }, person: 0 },
      { where: 'home', entry: { name: nm, emails: [plain[plain.length - 1]], phones: [c.plan.national(mob)] }, person: 0 },
    ],
  };
}

const PLACEHOLDER = (c: Ctx): string => {
  const [g, f] = c.given().map(ascii);
  switch (int(c.r, 0, 3)) {
    case 0:
      return `${pick(c.r, ['noemail', 'no-email', 'nomail', 'none', 'unknown', 'null', 'donotemail', 'no_email', 'NoEmail', 'NONE'])}@${pick(c.r, ['gmail.com', 'yahoo.com', 'company.com', 'shop.example', 'hotmail.com', 'clinic.org'])}`;
    case 1: {
      const w = pick(c.r, ['none', 'test', 'email', 'asdf', 'x', 'xxx', 'noemail', 'nomail', 'na', 'abc', 'aaa']);
      return `${w}@${w}.${pick(c.r, ['com', 'net', 'org', 'de', 'co.uk'])}`;
    }
    case 2:
      return `${g}.${f}@${pick(c.r, ['noemail.com', 'nomail.net', 'noemail.de', 'no-email.com', 'nomail.com', 'noemail.org'])}`;
    default:
      return `${pick(c.r, ['noemail', 'none', 'unknown'])}@${pick(c.r, ['noemail.com', 'none.com', 'nomail.net'])}`;
  }
};

const EVIDENCE: ((r: Rng) => Partial<EntryInput> & Record<string, unknown>)[] = [
  (r) => ({ times_contacted: int(r, 1, 60) }),
  (r) => ({ last_message_sent_date: `20${int(r, 10, 26)}-0${int(r, 1, 9)}-1${int(r, 0, 9)}T09:30:00Z` }),
  (r) => ({ last_message_sent_date: Date.UTC(2000 + int(r, 5, 25), int(r, 0, 11), 3) }),
  () => ({ is_favorite: 1 }),
  () => ({ is_favorite: true }),
  () => ({ pinned: 1 }),
  () => ({ isStarred: true }),
];
/** What exporters write for "never": no evidence. */
const NO_EVIDENCE: ((r: Rng) => Partial<EntryInput>)[] = [
  () => ({}),
  () => ({ times_contacted: 0 }),
  () => ({ last_message_sent_date: '1970-01-01T00:00:00Z' }),
  () => ({ last_message_sent_date: 0 }),
  () => ({ is_favorite: 0 }),
  () => ({ is_favorite: false }),
];

/** Strings that are no address or no callable number (cleaning.md), each unique to its case. */
function unusable(c: Ctx): { email?: string; phone?: string } {
  const [g, f] = c.given();
  const [lg, lf] = [ascii(g), ascii(f)];
  const n = c.n();
  switch (int(c.r, 0, 9)) {
    case 0:
      return { email: `${lg} ${lf} at ${pick(c.r, ['corp', 'work', 'the office', 'acme'])} ${n}` };
    case 1:
      return { email: `${lg} ${lf}${n}@${pick(c.r, MAIL_DOMAINS)}` }; // a space inside the local part
    case 2:
      return { email: `${lg}${n}@${pick(c.r, ['corp.com', 'acme.co', 'shop.de'])}@${pick(c.r, ['relay.com', 'mx.example.net', 'gw.corp.org'])}` };
    case 3:
      return { email: `${lg},${lf}${n}@${pick(c.r, MAIL_DOMAINS)}` }; // a comma glued inside
    case 4:
      return { email: PLACEHOLDER(c) };
    case 5:
      return { email: `${pick(c.r, ['n/a', 'none', 'see phone', 'no email', '---', 'unknown'])} ${n}` };
    case 6:
      return { email: `${g} (at) ${pick(c.r, ['home', 'work', 'school'])} ${n}` };
    case 7:
      return { phone: pick(c.r, ['#31#', '*31#', '112', '911', '*67', '110', '999']) };
    case 8:
      return { phone: String(int(c.r, 10, 99999)) }; // under 7 digits: a short code
    default:
      return { email: `${lg}@${pick(c.r, ['localhost', 'mail', 'corp', '192.168.0.1'])}` };
  }
}

interface Form {
  side: Side;
  /** A form cleaning.md's claims do not cover (probing how far a rule reaches): reported apart, not in the headline figures. */
  beyond?: boolean;
  plans: PlanName[];
  make: (c: Ctx) => CaseSpec;
}

function two<T>(r: Rng, xs: readonly T[]): [T, T] {
  const a = pick(r, xs);
  let b = pick(r, xs);
  while (b === a) b = pick(r, xs);
  return [a, b];
}

const VANITY = [
  'FLOWERS',
  'CONTACT',
  'GETHELP',
  'TAXICAB',
  'PLUMBER',
  'DENTIST',
  'CALLNOW',
  'LAWYERS',
  'MOVINGS',
  'PIZZAHUT',
  'DOCTORS',
  'GOFEDEX',
  'HOLIDAY',
  'RENTALS',
];
const E161: Record<string, string> = {};
for (const [digit, letters] of Object.entries({ 2: 'ABC', 3: 'DEF', 4: 'GHI', 5: 'JKL', 6: 'MNO', 7: 'PQRS', 8: 'TUV', 9: 'WXYZ' }))
  for (const l of letters) E161[l] = digit;

const FORMS: Record<string, Form> = {
  // --- phone forms: must keep, must merge ---
  phone_ext_word: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const nsn = c.landline();
      const x = ext(c.r);
      const w = pick(c.r, EXT_WORDS);
      const a = `${chance(c.r, 0.5) ? c.plan.national(nsn) : c.plan.intl(nsn)} ${w} ${x}`;
      const b = pick(c.r, [`+${c.plan.cc}${nsn};ext=${x}`, `${c.plan.intl(nsn)} x${x}`, `${c.plan.intl(nsn)} ext. ${x}`]);
      return phonePair(c, pKey(c.plan.cc, nsn, x), a, 'home', b, 'away');
    },
  },
  phone_ext_glued_no_region: {
    side: 'merge',
    plans: ['US'],
    make: (c) => {
      const nsn = c.landline();
      const x = ext(c.r);
      const n = c.plan.national(nsn);
      const a = pick(c.r, [
        `${nsn}x${x}`,
        `${n}ext${x}`,
        `${n}x${x}`,
        `${n} x${x}`,
        `${nsn.slice(0, 3)}-${nsn.slice(3, 6)}-${nsn.slice(6)}x${x}`,
        `${n} ext ${x}`,
      ]);
      return phonePair(c, pKey(c.plan.cc, nsn, x), a, 'away', `${c.plan.intl(nsn)} x${x}`, 'mail');
    },
  },
  phone_ext_pause: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const nsn = c.landline();
      const [x1, x2] = [String(int(c.r, 1, 999)), String(int(c.r, 0, 9))];
      const multi = chance(c.r, 0.3);
      const a = multi ? `+${c.plan.cc}${nsn}p${x1}w${x2}` : `+${c.plan.cc}${nsn}${pick(c.r, ['p', 'w', ',', 'P'])}${x1}`;
      const x = multi ? x1 + x2 : x1;
      return phonePair(c, pKey(c.plan.cc, nsn, x), a, pick(c.r, ['home', 'away']), `${c.plan.intl(nsn)} ext ${x}`, 'mail');
    },
  },
  phone_second_extension: {
    side: 'merge',
    plans: ['US', 'GB'],
    make: (c) => {
      const nsn = c.landline();
      const [x1, x2] = [String(int(c.r, 10, 899)), String(int(c.r, 10, 899))];
      const i = c.plan.intl(nsn);
      const a = pick(c.r, [`${i} x${x1}, x${x2}`, `${i} ext. ${x1} ext. ${x2}`, `${i} x${x1} or x${x2}`, `${i} ext ${x1}/${x2}`]);
      return phonePair(c, pKey(c.plan.cc, nsn, x1), a, pick(c.r, ['home', 'away']), `+${c.plan.cc}${nsn};ext=${x1}`, 'mail');
    },
  },
  phone_two_numbers: {
    side: 'merge',
    plans: ['US', 'GB', 'DE', 'RU'],
    make: (c) => {
      const [m1, m2] = [c.mobile(), c.landline()];
      const sep = pick(c.r, [' / ', ', ', ' or ', ' and ', ' ::: ', ' und ', ' oder ', ' ou ', ' y ', '; ', ' | ', ' o ', ' e ', ' et ']);
      const fmt = (n: string) => (chance(c.r, 0.5) ? c.plan.intl(n) : `+${c.plan.cc}${n}`);
      const nm = c.name();
      const k = [pKey(c.plan.cc, m1), pKey(c.plan.cc, m2)];
      return {
        persons: [person('person', 'listed', k, 2)],
        cards: [
          { where: pick(c.r, ['home', 'away']), entry: { name: nm, phone: `${fmt(m1)}${sep}${fmt(m2)}` }, person: 0 },
          { where: 'mail', entry: { name: nm, phones: [c.plan.national(m2)] }, person: 0 },
        ],
      };
    },
  },
  phone_two_numbers_de_abbrev: {
    side: 'merge',
    plans: ['DE'],
    make: (c) => {
      const [land, mob] = [c.landline(), c.mobile()];
      const sep = pick(c.r, [' o. ', ' u. ', ' o.', ' u.', ' oder ', ' und ']);
      const nm = c.name();
      const k = [pKey('49', land), pKey('49', mob)];
      const [first, second] = chance(c.r, 0.5) ? [land, mob] : [mob, land];
      return {
        persons: [person('person', 'listed', k, 2)],
        cards: [
          { where: 'home', entry: { name: nm, phone: `${c.plan.national(first)}${sep}${c.plan.national(second)}` }, person: 0 },
          { where: 'mail', entry: { name: nm, phones: [c.plan.intl(second)] }, person: 0 },
        ],
      };
    },
  },
  phone_national_after_intl: {
    side: 'merge',
    plans: ['US'],
    make: (c) => {
      const gb = PLANS.GB;
      const l1 = c.landline(gb);
      const l2 = `${l1.slice(0, -2)}${String((Number(l1.slice(-2)) + int(c.r, 1, 9)) % 100).padStart(2, '0')}`;
      const nm = c.name();
      return {
        persons: [person('person', 'listed', [pKey('44', l1), pKey('44', l2)], 2)],
        cards: [
          { where: pick(c.r, ['home', 'away']), entry: { name: nm, phone: `${gb.intl(l1)} ${pick(c.r, ['/', ','])} ${gb.national(l2)}` }, person: 0 },
          { where: 'mail', entry: { name: nm, phones: [gb.intl(l2)] }, person: 0 },
        ],
      };
    },
  },
  phone_vcard_line: {
    side: 'merge',
    plans: ['US', 'GB', 'DE', 'RU'],
    make: (c) => {
      const nsn = c.mobile();
      const i = c.plan.intl(nsn);
      const a = pick(c.r, [
        `item${int(c.r, 1, 9)}.TEL;type=pref:${i}`,
        `TEL;TYPE=CELL:${i}`,
        `TEL;type=CELL;type=VOICE;type=pref:${i}`,
        `item${int(c.r, 1, 9)}.TEL:${i}`,
        `TEL;TYPE=HOME,VOICE:${i}`,
        `TEL;VALUE=uri;TYPE=cell:tel:+${c.plan.cc}${nsn}`,
        `TEL:+${c.plan.cc}${nsn}`,
      ]);
      return phonePair(c, pKey(c.plan.cc, nsn), a, pick(c.r, ['away', 'mail']), c.plan.national(nsn), 'home');
    },
  },
  phone_trunk_prefix: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [cc, nsn, trunk] = pick(c.r, TRUNK)(c.r);
      const [a3, rest] = cc === '375' ? [nsn.slice(0, 2), nsn.slice(2)] : [nsn.slice(0, 3), nsn.slice(3)];
      const g = `${rest.slice(0, 3)}-${rest.slice(3, 5)}-${rest.slice(5)}`;
      const a = pick(c.r, [`${trunk} ${a3} ${g}`, `${trunk} (${a3}) ${g}`, `${trunk.replace(' ', '')}${a3}${rest}`, `${trunk}-${a3}-${g}`]);
      return phonePair(c, pKey(cc, nsn), a, pick(c.r, ['home', 'away']), `+${cc} ${a3} ${g}`, 'mail');
    },
  },
  phone_intl_prefix: {
    side: 'merge',
    plans: ['US', 'GB', 'DE', 'RU'],
    make: (c) => {
      const other =
        PLANS[
          pick(
            c.r,
            (['US', 'GB', 'DE', 'RU'] as PlanName[]).filter((p) => PLANS[p] !== c.plan),
          )
        ];
      const nsn = c.mobile(other);
      const i = other.intl(nsn).slice(1); // '44 7911 123456'
      const a = pick(c.r, [`00${i}`, `00 ${i}`, `011 ${i}`, `011${other.cc}${nsn}`, `00${other.cc}${nsn}`, `+00 ${i}`, `++${i}`]);
      return phonePair(c, pKey(other.cc, nsn), a, pick(c.r, ['home', 'away']), `+${other.cc}${nsn}`, 'mail');
    },
  },
  phone_letters: {
    side: 'merge',
    plans: ['US'],
    make: (c) => {
      let [w, line, npa] = ['', '', ''];
      do {
        w = pick(
          c.r,
          VANITY.filter((v) => v.length === 7),
        );
        line = [...w].map((l) => E161[l]).join('');
        npa = pick(c.r, ['800', '888', '877', '866', '855', '844']);
      } while (!c.unique(`1${npa}${line}`));
      const home = chance(c.r, 0.5);
      const word = home ? pick(c.r, [w, w[0] + w.slice(1).toLowerCase()]) : w;
      const a = pick(c.r, [`1-${npa}-${word}`, `1 (${npa}) ${word}`, `${npa}-${word}`, `+1 ${npa} ${word}`, `1 ${npa} ${word}`]);
      return phonePair(c, pKey('1', npa + line), a, home ? 'home' : 'away', `+1 ${npa} ${line.slice(0, 3)} ${line.slice(3)}`, 'mail');
    },
  },
  // --- phone forms: must stay apart, must not invent ---
  phone_ext_colleagues: {
    side: 'apart',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const nsn = c.landline();
      const [x1, x2] = [String(int(c.r, 10, 499)), String(int(c.r, 500, 999))];
      const i = c.plan.intl(nsn);
      const second = chance(c.r, 0.3);
      const a = second ? `${i} x${x1}, x${x2}` : `${i} ${pick(c.r, EXT_WORDS)} ${x1}`;
      return {
        persons: [person('first', 'listed', [pKey(c.plan.cc, nsn, x1)], 1), person('second', 'listed', [pKey(c.plan.cc, nsn, x2)], 1)],
        cards: [
          { where: pick(c.r, ['home', 'mail']), entry: { name: c.name(), phone: a }, person: 0 },
          // Unnamed at times: then no name vetoes, only the extension keeps the two apart.
          {
            where: pick(c.r, ['home', 'away']),
            entry: { name: chance(c.r, 0.4) ? null : c.name(), phone: `${i} ${pick(c.r, ['x', 'ext', 'ext.'])} ${x2}` },
            person: 1,
          },
        ],
      };
    },
  },
  phone_trunk_tail_apart: {
    side: 'apart',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const nsn = PLANS.RU.mobile(c.r);
      const t = String(pick(c.r, [1, 2, 3, 5, 6, 9]));
      const g = `${nsn.slice(3, 6)}-${nsn.slice(6, 8)}-${nsn.slice(8)}`;
      const nm = c.name();
      return {
        persons: [person('full', 'listed', [pKey('7', nsn)], 1), person('other prefix', 'listed', [], 1)],
        cards: [
          { where: 'mail', entry: { name: nm, phone: `+7 ${nsn.slice(0, 3)} ${g}` }, person: 0 },
          { where: 'away', entry: { name: nm, phone: `${t} ${nsn.slice(0, 3)} ${g}` }, person: 1 },
        ],
      };
    },
  },
  phone_note_not_number: {
    side: 'absent',
    plans: ['US', 'GB'],
    make: (c) => ({
      persons: [person('note', 'absent', [], 1)],
      cards: [
        {
          where: pick(c.r, ['home', 'away']),
          entry: {
            name: c.name(),
            phone: pick(c.r, [
              `${int(c.r, 100, 999)} HOME`,
              `${int(c.r, 1, 999)} Main`,
              `${pick(c.r, US_NPA)} Pizzeria`,
              `${int(c.r, 1, 99)} ${pick(c.r, ['Oak', 'Elm', 'Baker'])} Street`,
              `Apt ${int(c.r, 1, 99)}B`,
              `${int(c.r, 100, 999)} WORK`,
              `Gate ${int(c.r, 1, 9999)}`,
            ]),
          },
          person: 0,
        },
      ],
    }),
  },
  // --- e-mail field forms: must keep, must merge ---
  email_name_angle: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [g, f] = c.given();
      const a = c.addr(g, f);
      const field = pick(c.r, [
        `${g} ${f} <${a}>`,
        `"${f}, ${g}" <${a}>`,
        `${g} ${f}<${a}>`,
        `${g} ${f} [${a}]`,
        `${g} ${f} (${a})`,
        `'${g} ${f}' <${a}>`,
        `<${a}>`,
      ]);
      return mailPair(c, field, [a], false);
    },
  },
  email_mailto: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const a = c.addr();
      const [l, dm] = a.split('@');
      const field = pick(c.r, [
        `mailto:${a}`,
        `MAILTO:${a}`,
        `mailto:${a}?subject=${pick(c.r, ['Hi', 'Hello%20there', 'Re%3A%20lunch'])}`,
        `mailto:${l}%40${dm}`,
        `mailto:?to=${a}`,
        `<mailto:${a}|${a}>`,
        `mailto:${a}?cc=${c.addr()}`,
      ]);
      return mailPair(c, field, [a]);
    },
  },
  email_at_bracketed: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [g, f] = c.given().map(ascii);
      const n = c.n();
      const host = pick(c.r, ['example.com', 'gmail.com', 'web.de', 'mail.example.org', 'uni-koeln.de', 'yahoo.co.uk', 'studio.io', 'firm.net']);
      const local = `${g}.${f}${n}`;
      const dot = (h: string, w: string) => h.split('.').join(w);
      const field = pick(c.r, [
        `${local} [at] ${dot(host, ' [dot] ')}`,
        `${local}(at)${host}`,
        `${local} (at) ${host}`,
        `${local} {at} ${dot(host, ' {dot} ')}`,
        `${local} [@] ${host}`,
        `${local}[at]${host}`,
        `${local} (AT) ${dot(host, ' (DOT) ')}`,
      ]);
      return mailPair(c, field, [`${local}@${host}`]);
    },
  },
  email_host_slip: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [g, f] = c.given().map(ascii);
      const n = c.n();
      const host = pick(c.r, ['example.com', 'gmail.com', 'web.de', 'mail.example.org', 'yahoo.co.uk', 'studio.io', 'firm.net']);
      const local = `${g}.${f}${n}`;
      const [label, ...rest] = host.split('.');
      const tail = rest.join('.');
      const field = pick(c.r, [
        `${local}@${label}. ${tail}`,
        `${local}@${label} .${tail}`,
        `${local}@${label}..${tail}`,
        `${local}@.${host}`,
        ...(rest.length === 1 ? [`${local}@${label},${tail}`] : []),
      ]);
      return mailPair(c, field, [`${local}@${host}`]);
    },
  },
  email_address_list: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [g, f] = c.given();
      const [a, b] = [c.addr(g, f), c.addr(g, f)];
      const sep = pick(c.r, ['; ', ';', ', ', ' / ', '/', '\n', '\r\n', ' | ', ' ::: ', '、', '，', '；', ' ', ' and ', ' or ', ' und ', ' & ', ' et ']);
      return mailPair(c, `${a}${sep}${b}`, [a, b]);
    },
  },
  email_vcard_line: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const a = c.addr();
      const field = pick(c.r, [
        `EMAIL;TYPE=INTERNET:${a}`,
        `item${int(c.r, 1, 9)}.EMAIL;type=INTERNET;type=pref:${a}`,
        `EMAIL;type=INTERNET;type=HOME;type=pref:${a}`,
        `EMAIL:${a}`,
        `EMAIL;TYPE=work:${a}`,
        `EMAIL;PREF=1:${a}`,
      ]);
      return mailPair(c, field, [a]);
    },
  },
  email_list_labels: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [g, f] = c.given();
      const [a, b] = [c.addr(g, f), c.addr(g, f)];
      const [l1, l2] = pick(c.r, [
        ['Email 1', 'Email 2'],
        ['E-mail 1', 'E-mail 2'],
        ['Work Email', 'Alternate Email'],
        ['Work Email', 'Personal Email'],
        ['School Email', 'Old Email'],
        ['Email Address 1', 'Email Address 2'],
        ['Old Address', 'New Address'],
        ['Work', 'Home'],
        ['Gmail', 'Yahoo'],
        ['Personal', 'Work'],
        ['Account 1', 'Account 2'],
      ]);
      const mob = c.mobile();
      const nm = `${g} ${f}`;
      // cleaning.md: items named one word each that are no label words are a named card's labels only.
      const named = l1 === 'Gmail' || chance(c.r, 0.7);
      return {
        persons: [person('person', 'listed', [eKey(a), eKey(b), pKey(c.plan.cc, mob)], 2)],
        cards: [
          { where: 'mail', entry: { name: named ? nm : null, email: `${l1} <${a}>, ${l2} <${b}>` }, person: 0 },
          { where: 'home', entry: { name: nm, email: b, phones: [c.plan.national(mob)] }, person: 0 },
        ],
        forbiddenNames: [l1, l2],
      };
    },
  },
  email_one_word_labels_unnamed_beyond: {
    side: 'merge',
    beyond: true,
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [g, f] = c.given();
      const [a, b] = [c.addr(g, f), c.addr(g, f)];
      const [l1, l2] = two(c.r, ['Gmail', 'Yahoo', 'Hotmail', 'iCloud', 'School', 'Uni', 'Outlook', 'Office', 'Private', 'Business']);
      const mob = c.mobile();
      return {
        persons: [person('person', 'listed', [eKey(a), eKey(b), pKey(c.plan.cc, mob)], 2)],
        cards: [
          { where: 'mail', entry: { name: null, email: `${l1} <${a}>, ${l2} <${b}>` }, person: 0 },
          { where: 'home', entry: { name: `${g} ${f}`, email: b, phones: [c.plan.national(mob)] }, person: 0 },
        ],
        forbiddenNames: [l1, l2],
      };
    },
  },
  email_placeholder_lookalike: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [g, f] = c.given();
      const [lg, lf] = [ascii(g), ascii(f)];
      const a = pick(c.r, [
        `${lg}@${lg}${c.n()}.com`,
        `${lf}@${lf}${c.n()}.de`,
        `${lg}.${lf}@${lg}${lf}${c.n()}.com`,
        `test@${lf}-labs${c.n()}.io`,
        `${lg}@${lf}${c.n()}.net`,
      ]);
      return mailPair(c, a, [a]);
    },
  },
  // --- e-mail field forms: must stay apart, must not invent ---
  email_list_of_people: {
    side: 'apart',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [[g1, f1], [g2, f2]] = [c.given(), c.given()];
      const [a, b] = [c.addr(g1, f1), c.addr(g2, f2)];
      const n = (g: string, f: string) => pick(c.r, [`${g} ${f}`, `"${f}, ${g}"`, `${f}, ${g}`, `"${g} ${f}"`]);
      const [i1, i2] = [`${n(g1, f1)} <${a}>`, `${n(g2, f2)} <${b}>`];
      const mob = c.mobile();
      const list: EntryInput = chance(c.r, 0.3) ? { emails: [i1, i2] } : { email: `${i1}${pick(c.r, [', ', '; ', ',', ' ::: '])}${i2}` };
      const name = pick(c.r, [null, `${g1} ${f1}`]);
      return {
        persons: [
          person('first of the list', 'listed', [eKey(a)], 1),
          person('second, also on a card of their own', 'listed', [eKey(b), pKey(c.plan.cc, mob)], 2),
        ],
        cards: [
          { where: 'mail', entry: { name, ...list, times_contacted: int(c.r, 0, 5) }, person: -1 },
          { where: 'home', entry: { name: `${g2} ${f2}`, email: b, phones: [c.plan.national(mob)] }, person: 1 },
        ],
      };
    },
  },
  // A To: line pasted into one field: one person named, two or more bare (a probe found them one row).
  email_to_line_one_name: {
    side: 'apart',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [[g1, f1], [g2, f2], [g3, f3]] = [c.given(), c.given(), c.given()];
      const [a, b, d3] = [c.addr(g1, f1), c.addr(g2, f2), c.addr(g3, f3)];
      const items = [`${g1} ${f1} <${a}>`, b, d3];
      if (chance(c.r, 0.5)) items.reverse();
      const field = chance(c.r, 0.2) ? 'name' : 'email';
      return {
        persons: [
          person('the named one', 'listed', [eKey(a)], 1),
          person('a bare recipient', 'listed', [eKey(b)], 1),
          person('another bare recipient', 'listed', [eKey(d3)], 1),
        ],
        cards: [{ where: 'mail', entry: { [field]: items.join(pick(c.r, [', ', '; '])), times_contacted: int(c.r, 1, 5) }, person: -1 }],
      };
    },
  },
  email_placeholder_shared: {
    side: 'apart',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const ph = PLACEHOLDER(c);
      const [m1, m2] = [c.mobile(), c.mobile()];
      const bOnly = chance(c.r, 0.3);
      return {
        persons: [
          person('first', 'listed', [pKey(c.plan.cc, m1)], 1),
          bOnly ? person('second, placeholder only', 'absent', [], 1) : person('second', 'listed', [pKey(c.plan.cc, m2)], 1),
        ],
        cards: [
          { where: pick(c.r, ['mail', 'home']), entry: { name: c.name(), email: ph, phone: c.plan.intl(m1) }, person: 0 },
          {
            where: pick(c.r, ['mail', 'home', 'away']),
            entry: bOnly ? { name: c.name(), email: ph } : { name: c.name(), email: ph, phones: [c.plan.intl(m2)] },
            person: 1,
          },
        ],
        neverOffered: [eKey(ph)],
      };
    },
  },
  email_placeholder_only: {
    side: 'absent',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const ph = PLACEHOLDER(c);
      return {
        persons: [person('placeholder', 'absent', [], 1)],
        cards: [
          { where: pick(c.r, ['mail', 'home']), entry: { name: chance(c.r, 0.7) ? c.name() : null, email: ph, ...pick(c.r, NO_EVIDENCE)(c.r) }, person: 0 },
        ],
        neverOffered: [eKey(ph)],
      };
    },
  },
  email_at_note: {
    side: 'absent',
    plans: ['US', 'GB'],
    make: (c) => {
      const [g, f] = c.given();
      const field = pick(c.r, [
        `${pick(c.r, ['Lunch', 'Drinks', 'Meet', 'Coffee', 'Pickup'])} (at) ${pick(c.r, ['cafe', 'bar', 'gym', 'park', 'home'])}.${pick(c.r, ['nero', 'later', 'soon', 'mum', 'tbc'])}`,
        `${g} (at) ${pick(c.r, ['home', 'work', 'school', 'the gym'])}`,
        `${ascii(g)} at ${ascii(f)} dot com`,
        `${g} [at] ${pick(c.r, ['work', 'home', 'noon'])}`,
      ]);
      return { persons: [person('note', 'absent', [], 1)], cards: [{ where: 'mail', entry: { name: `${g} ${f}`, email: field }, person: 0 }] };
    },
  },
  // --- SDK-shaped entries the messy books do not send ---
  sdk_google_name_parts: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [g, f] = c.given();
      const a = c.addr(g, f);
      const mob = c.mobile();
      const names = pick(c.r, [
        [{ givenName: g, familyName: f, metadata: { primary: true } }],
        [
          { displayName: `${g} ${f}`, metadata: { primary: false } },
          { givenName: g, familyName: f, metadata: { primary: true } },
        ],
        [{ unstructuredName: `${g} ${f}` }],
      ]);
      const phoneNumbers = [{ value: c.plan.national(mob), canonicalForm: `+${c.plan.cc}${mob}`, type: 'mobile' }];
      const emailAddresses = chance(c.r, 0.5) ? [a] : [{ value: a, type: 'home', metadata: { primary: true } }];
      return {
        persons: [person('person', 'listed', [eKey(a), pKey(c.plan.cc, mob)], 2)],
        cards: [
          { where: 'mail', entry: { names, emailAddresses, phoneNumbers } as EntryInput, person: 0 },
          { where: 'home', entry: { name: `${g} ${f}`, phones: [c.plan.national(mob)] }, person: 0 },
        ],
      };
    },
  },
  sdk_graph: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [g, f] = c.given();
      const a = c.addr(g, f);
      const [mob, work] = [c.mobile(), c.landline()];
      // Named by displayName, by its parts, or only by the address item's name.
      const named = pick(c.r, [{ displayName: `${g} ${f}` }, { givenName: g, surname: f }, {}]);
      const entry = {
        ...named,
        emailAddresses: [{ name: `${g} ${f}`, address: a }],
        mobilePhone: c.plan.intl(mob),
        businessPhones: [c.plan.intl(work)],
        homePhones: [],
        companyName: 'Contoso',
        jobTitle: 'Engineer',
      };
      return {
        persons: [person('person', 'listed', [eKey(a), pKey(c.plan.cc, mob), pKey(c.plan.cc, work)], 2)],
        cards: [
          { where: 'mail', entry: entry as EntryInput, person: 0 },
          { where: 'home', entry: { name: `${g} ${f}`, phones: [c.plan.national(mob)] }, person: 0 },
        ],
      };
    },
  },
  sdk_expo: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [g, f] = c.given();
      const a = c.addr(g, f);
      const mob = c.mobile();
      const entry = {
        ...(chance(c.r, 0.5) ? { name: `${g} ${f}` } : {}),
        firstName: g,
        lastName: f,
        emails: [{ email: a, label: 'home', isPrimary: true }],
        phoneNumbers: [{ number: c.plan.national(mob), label: 'mobile', digits: `+${c.plan.cc}${mob}` }],
      };
      return {
        persons: [person('person', 'listed', [eKey(a), pKey(c.plan.cc, mob)], 2)],
        cards: [
          { where: 'home', entry: entry as unknown as EntryInput, person: 0 },
          { where: 'mail', entry: { name: `${g} ${f}`, email: a }, person: 0 },
        ],
      };
    },
  },
  sdk_react_native_parts: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [g, f] = c.given();
      const a = c.addr(g, f);
      const [mob, fax] = [c.mobile(), c.landline()];
      const entry = {
        givenName: g,
        ...(chance(c.r, 0.3) ? { middleName: pick(c.r, ['J.', 'Maria', 'K']) } : {}),
        familyName: f,
        phoneNumbers: [
          { label: 'mobile', number: c.plan.national(mob) },
          { label: pick(c.r, ['work fax', 'workFax', 'homeFax', 'otherFax', 'pager', '_$!<HomeFAX>!$_']), number: c.plan.national(fax) },
        ],
        emailAddresses: chance(c.r, 0.5) ? [{ label: 'work', email: a }] : [],
        isStarred: chance(c.r, 0.5),
      };
      const mk = [pKey(c.plan.cc, mob)];
      if (entry.emailAddresses.length) mk.push(eKey(a));
      return {
        persons: [person('person', 'listed', mk, 2)],
        cards: [
          { where: 'home', entry: entry as EntryInput, person: 0 },
          { where: 'mail', entry: { name: `${g} ${f}`, email: a, phone: c.plan.intl(mob) }, person: 0 },
        ],
      };
    },
  },
  sdk_snake_case: {
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [g, f] = c.given();
      const a = c.addr(g, f);
      const mob = c.mobile();
      const named = pick(c.r, [
        { full_name: `${g} ${f}` },
        { first_name: g, last_name: f },
        { fullName: `${g} ${f}` },
        { display_name: `${g} ${f}` },
        { given_name: g, family_name: f },
      ]);
      // A whole number has no '+': only where the book's region is known does it give the full number.
      const whole = chance(c.r, 0.4);
      const plus = `+${c.plan.cc}${mob}`;
      const phone = whole ? Number(`${c.plan.cc}${mob}`) : pick(c.r, [plus, { phone: plus }, { digits: plus }, { value: c.plan.intl(mob) }]);
      return {
        persons: [person('person', 'listed', [eKey(a), pKey(c.plan.cc, mob)], 2)],
        cards: [
          {
            where: whole ? 'home' : pick(c.r, ['home', 'away']),
            entry: { ...named, email_addresses: [a], phone_numbers: [phone] } as unknown as EntryInput,
            person: 0,
          },
          { where: 'mail', entry: { name: `${g} ${f}`, email: a }, person: 0 },
        ],
      };
    },
  },
  sdk_kith_field_wins: {
    side: 'apart',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [[g1, f1], [g2, f2]] = [c.given(), c.given()];
      const [a, b] = [c.addr(g1, f1), c.addr(g2, f2)];
      const mob = c.mobile();
      const sdk = chance(c.r, 0.5) ? { emailAddresses: [{ value: b, type: 'other' }] } : { emailAddresses: [{ label: 'other', email: b }] };
      return {
        persons: [person('Kith field', 'listed', [eKey(a)], 1), person('other person', 'listed', [eKey(b), pKey(c.plan.cc, mob)], 1)],
        cards: [
          { where: 'mail', entry: { name: `${g1} ${f1}`, email: a, ...sdk } as EntryInput, person: 0 },
          { where: 'home', entry: { name: `${g2} ${f2}`, email: b, phones: [c.plan.national(mob)] }, person: 1 },
        ],
      };
    },
  },
  sdk_fax_or_empty_only: {
    side: 'absent',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const fax = c.plan.intl(c.landline());
      const entry = pick(c.r, [
        {
          displayName: c.name(),
          phoneNumbers: [{ label: pick(c.r, ['workFax', 'homeFax', 'otherFax', 'work fax', 'pager', '_$!<HomeFAX>!$_']), number: fax }],
        },
        { names: [{ displayName: c.name() }], phoneNumbers: [{ type: pick(c.r, ['workFax', 'homeFax', 'otherFax', 'pager']), value: fax }] },
        { displayName: c.name(), phoneNumbers: [{ label: 'work' }], emailAddresses: [{ label: 'home' }] },
        { names: [{ displayName: c.name() }], emailAddresses: [{ type: 'home' }] },
      ]);
      return { persons: [person('fax or empty', 'absent', [], 1)], cards: [{ where: pick(c.r, ['mail', 'home']), entry: entry as EntryInput, person: 0 }] };
    },
  },
  // --- the owner's evidence ---
  email_word_beside_name_written_to: {
    // A colleague's mailbox with a notification word beside the words of her name, written to: hers.
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [g, f] = c.given().map(ascii);
      const a =
        `${pick(c.r, [`alerts.${g}`, `${g}.updates`, `digest-${g}-${f}`, `${f}.notifications`])}@${pick(c.r, ['firm', 'studio', 'acme'])}${c.n()}.example`.toLowerCase();
      const mob = c.mobile();
      return {
        persons: [person('person', 'listed', [eKey(a), pKey(c.plan.cc, mob)], 2)],
        cards: [
          { where: 'mail', entry: { name: `${g} ${f}`, email: a, ...pick(c.r, EVIDENCE)(c.r) }, person: 0 },
          { where: 'home', entry: { name: `${g} ${f}`, emails: [a], phones: [c.plan.national(mob)] }, person: 0 },
        ],
      };
    },
  },
  email_tag_at_webmail: {
    // A tag with a notification word on a person's own webmail address is her filing: one mailbox.
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const [g, f] = c.given().map(ascii);
      const base = `${g}.${f}${c.n()}`.toLowerCase();
      const dom = pick(c.r, ['gmail.com', 'outlook.com', 'yahoo.com', 'icloud.com']);
      const tagged = `${base}+${pick(c.r, ['updates', 'alerts', 'newsletter', 'digest', 'notifications'])}@${dom}`;
      const mob = c.mobile();
      return {
        persons: [person('person', 'listed', [eKey(`${base}@${dom}`), pKey(c.plan.cc, mob)], 2)],
        cards: [
          { where: 'mail', entry: { name: `${g} ${f}`, email: tagged, times_contacted: int(c.r, 1, 20) }, person: 0 },
          { where: 'home', entry: { name: `${g} ${f}`, emails: [`${base}@${dom}`], phones: [c.plan.national(mob)] }, person: 0 },
        ],
      };
    },
  },
  email_name_on_role_list: {
    // A mailbox that is a given or family name the role list also holds, received only: a person.
    side: 'merge',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const w = pick(c.r, ['per', 'sydney', 'paris', 'india', 'alexa', 'denver', 'gardner', 'alla']);
      const a = `${w}@${pick(c.r, ['olsen', 'park', 'law', 'design'])}${c.n()}.example`;
      const f = ascii(c.given()[1]);
      const name = w === 'gardner' ? `Tom ${f}` : `${w[0].toUpperCase()}${w.slice(1)} ${f}`;
      return {
        persons: [person('person', 'listed', [eKey(a)], 1)],
        cards: [{ where: 'mail', entry: { name, email: a, last_message_received_date: '2026-05-01T10:00:00Z' }, person: 0 }],
      };
    },
  },
  evidence_unusable_kept: {
    side: 'marked',
    plans: ['US', 'GB', 'DE'],
    make: (c) => {
      const u = unusable(c);
      return {
        persons: [person('written to or starred', 'marked', [], 1)],
        cards: [{ where: pick(c.r, ['mail', 'home', 'away']), entry: { name: c.name(), ...u, ...pick(c.r, EVIDENCE)(c.r) }, person: 0 }],
        neverOffered: u.email?.includes('@') && normalizeEmail(u.email) ? [eKey(u.email)] : [],
      };
    },
  },
  evidence_none_left_out: {
    side: 'absent',
    plans: ['US', 'GB', 'DE'],
    make: (c) => ({
      persons: [person('no evidence', 'absent', [], 1)],
      cards: [{ where: pick(c.r, ['mail', 'home', 'away']), entry: { name: c.name(), ...unusable(c), ...pick(c.r, NO_EVIDENCE)(c.r) }, person: 0 }],
    }),
  },
};

// --- books ------------------------------------------------------------------------------------------------

interface Case {
  form: string;
  /** The book's country: the region of its phone's upload ('home'; 'mail' and 'away' have none). */
  region: CountryCode;
  spec: CaseSpec;
}

interface Upload {
  source: SourceInput;
  entries: EntryInput[];
  /** Per entry: its case and person (-1: a list of people, read by keys). */
  tags: [number, number][];
}

function bookOf(r: Rng, planName: PlanName, forms: string[], id: string): { uploads: Upload[]; cases: Case[] } {
  const plan = PLANS[planName];
  const taken = new Set<string>();
  const freshNum = (p: Plan, make: (r: Rng) => string) => {
    for (let i = 0; ; i++) {
      const n = make(r);
      // A number the plan's metadata holds (else the generator's fault, not the rule's) and not yet used.
      if (taken.has(p.cc + n) || (i < 50 && normalizePhone(`+${p.cc}${n}`, null)?.key !== `p:+${p.cc}${n}`)) continue;
      taken.add(p.cc + n);
      return n;
    }
  };
  const names = new Set<string>();
  let counter = 0;
  const given = (): [string, string] => {
    for (;;) {
      const g = pick(r, GIVEN);
      const f = pick(r, FAMILY);
      if (names.has(g) || names.has(f)) continue; // no two people of a book share a given or a family name
      names.add(g);
      names.add(f);
      if (names.size > GIVEN.length + FAMILY.length - 8) names.clear();
      return [g, f];
    }
  };
  const ctx: Ctx = {
    r,
    plan,
    given,
    name: () => given().join(' '),
    mobile: (p = plan) => freshNum(p, p.mobile),
    landline: (p = plan) => freshNum(p, p.landline),
    addr: (g, f) => {
      const [a, b] = g && f ? [g, f] : given();
      return `${ascii(a)}.${ascii(b)}${++counter}@${pick(r, MAIL_DOMAINS)}`;
    },
    n: () => ++counter,
    unique: (key) => !taken.has(key) && taken.add(key) !== undefined,
  };
  // The owner's mobile must give the book's region (+44 7781 … is Guernsey's, +7 7… Kazakhstan's).
  let owner = ctx.mobile();
  while (regionFromPhone(`+${plan.cc}${owner}`) !== plan.region) owner = ctx.mobile();
  const mail: Upload = { source: { type: 'gmail', email: `owner.${id}@gmail.com` }, entries: [], tags: [] };
  const home: Upload = { source: { type: 'ios', phone: `+${plan.cc}${owner}` }, entries: [], tags: [] };
  const away: Upload = { source: { type: 'android' }, entries: [], tags: [] };
  const at = { mail, home, away };
  const cases: Case[] = [];
  for (const form of forms) {
    const spec = FORMS[form].make(ctx);
    const k = cases.length;
    cases.push({ form, region: plan.region, spec });
    for (const card of spec.cards) {
      at[card.where].entries.push(card.entry);
      at[card.where].tags.push([k, card.person]);
    }
  }
  return { uploads: [mail, home, away], cases };
}

// --- scoring ----------------------------------------------------------------------------------------------

export interface EntryFormScore {
  side: Side;
  beyond: boolean;
  cases: number;
  right: number;
  examples: string[];
}

/** Headline figures, over the forms cleaning.md claims (or over the forms beyond its claims). */
export interface EntryFormTotals {
  cases: number;
  people: number;
  /** People expected in the list (kept, or kept marked) found in no listed row, or only marked unusable. */
  dropped: number;
  /** Rows of no one, rows named by a label, placeholders or unusable strings offered, left-out cards listed. */
  invented: number;
  /** People of two cards or more expected listed, and those whose cards are all in one row. */
  mergePeople: number;
  merged: number;
  /** Pairs of people in one listed row. */
  fusedPairs: number;
  /** Kept marked as expected, of those expected so. */
  markedPeople: number;
  markedRight: number;
}

export interface EntryFormsScore {
  books: number;
  entries: number;
  claimed: EntryFormTotals;
  beyond: EntryFormTotals;
  byForm: Map<string, EntryFormScore>;
}

const totals = (): EntryFormTotals => ({
  cases: 0,
  people: 0,
  dropped: 0,
  invented: 0,
  mergePeople: 0,
  merged: 0,
  fusedPairs: 0,
  markedPeople: 0,
  markedRight: 0,
});

const MARK = 'eval-entry-forms:';

/** Generates `casesPerForm` cases of every form in books of their countries, cleans each book as the service does, scores each case. */
export function evaluateEntryForms(seed: number, casesPerForm: number): EntryFormsScore {
  const s: EntryFormsScore = { books: 0, entries: 0, claimed: totals(), beyond: totals(), byForm: new Map() };
  const perPlan = new Map<PlanName, string[]>();
  for (const [form, f] of Object.entries(FORMS)) {
    s.byForm.set(form, { side: f.side, beyond: f.beyond === true, cases: 0, right: 0, examples: [] });
    for (let i = 0; i < casesPerForm; i++) {
      const p = f.plans[i % f.plans.length];
      perPlan.set(p, [...(perPlan.get(p) ?? []), form]);
    }
  }
  for (const [planName, list] of perPlan) {
    const r = rng(hash(`${seed}:entry-forms:${planName}`));
    const forms = shuffle(r, list);
    for (let at = 0, b = 0; at < forms.length; b++) {
      const size = int(r, 8, 16);
      const id = `${planName.toLowerCase()}${b}`;
      scoreBook(s, bookOf(rng(hash(`${seed}:entry-forms:${id}`)), planName, forms.slice(at, at + size), id));
      at += size;
      s.books++;
    }
  }
  return s;
}

function scoreBook(score: EntryFormsScore, book: { uploads: Upload[]; cases: Case[] }): void {
  const s = score;
  const tot = (k: number) => (FORMS[book.cases[k].form].beyond ? s.beyond : s.claimed);
  const entries: NormalizedEntry[] = [];
  const tagOf: [number, number][] = [];
  for (const u of book.uploads) {
    const region = regionFromPhone(u.source.phone);
    const sk = sourceKey(u.source);
    // As the edge reads a body: leniently where the strict schema refuses it (expo's `emails: [{email}]`,
    // a whole number; identity on well-formed entries), then the SDK fields (as kith reclean reads one).
    entriesAsRead(readItemsLeniently(u.entries).items).forEach((e, i) => {
      const n = normalizeEntry(e, { region, sourceKey: sk });
      n.photos = [...n.photos, MARK + entries.length];
      entries.push(n);
      tagOf.push(u.tags[i]);
    });
  }
  s.entries += entries.length;
  const contacts: Contact[] = mergeEntries(entries);
  const keyOwner = new Map<string, string>();
  book.cases.forEach((c, k) => {
    c.spec.persons.forEach((p, j) => {
      for (const key of p.idKeys) keyOwner.set(key, `${k}:${j}`);
    });
  });
  // Per listed row: the people it holds (by the marks of their cards and by their own keys), its cases.
  const rows: { c: Contact; persons: Set<string>; cases: Set<number> }[] = [];
  for (const c of contacts) {
    if (c.junk) continue;
    const persons = new Set<string>();
    const cases = new Set<number>();
    for (const p of c.photos) {
      if (!p.startsWith(MARK)) continue;
      const [k, j] = tagOf[Number(p.slice(MARK.length))];
      cases.add(k);
      if (j >= 0) persons.add(`${k}:${j}`);
    }
    for (const key of c.keys) {
      const o = keyOwner.get(key);
      if (o !== undefined) {
        persons.add(o);
        cases.add(Number(o.split(':')[0]));
      }
    }
    rows.push({ c, persons, cases });
  }
  const problems = book.cases.map(() => [] as string[]);
  for (const row of rows) {
    const n = row.persons.size;
    const t = tot([...row.cases][0] ?? 0);
    if (n > 1) {
      t.fusedPairs += (n * (n - 1)) / 2;
      for (const k of row.cases) problems[k].push(`fused in one row "${row.c.name}": ${[...row.persons].map((p) => describe(book.cases, p)).join(' + ')}`);
    }
    if (n === 0) {
      t.invented++;
      for (const k of row.cases) problems[k].push(`a row of no one: "${row.c.name}" ${JSON.stringify(row.c.keys)}`);
    }
    for (const k of row.cases) {
      const spec = book.cases[k].spec;
      if (spec.forbiddenNames?.some((l) => l.toLowerCase() === row.c.name?.toLowerCase())) {
        tot(k).invented++;
        problems[k].push(`a row named by a label: "${row.c.name}"`);
      }
      const offered = row.c.emails.filter((m) => !m.junk && spec.neverOffered?.includes(`e:${m.key}`));
      if (offered.length) {
        tot(k).invented++;
        problems[k].push(`offered as an address: ${offered.map((m) => m.display).join(', ')}`);
      }
    }
  }
  book.cases.forEach((cs, k) => {
    const fs = s.byForm.get(cs.form)!;
    const t = tot(k);
    t.cases++;
    fs.cases++;
    cs.spec.persons.forEach((p, j) => {
      t.people++;
      const id = `${k}:${j}`;
      const held = rows.filter((row) => row.persons.has(id));
      if (p.expect === 'absent') {
        if (held.length) {
          t.invented++;
          problems[k].push(
            `${p.label}: listed, must be left out (${held.map((h) => `"${h.c.name}" ${JSON.stringify(h.c.keys)}${h.c.unusable ? ' marked' : ''}`).join('; ')})`,
          );
        }
        return;
      }
      if (held.length === 0) {
        t.dropped++;
        problems[k].push(`${p.label}: dropped (in no listed row)`);
        if (p.expect === 'listed' && p.cards > 1) t.mergePeople++;
        if (p.expect === 'marked') t.markedPeople++;
        return;
      }
      if (p.expect === 'marked') {
        t.markedPeople++;
        if (held.every((h) => h.c.unusable !== undefined)) t.markedRight++;
        else {
          t.invented++;
          problems[k].push(`${p.label}: listed as invitable, must be kept marked (${held.map((h) => JSON.stringify(h.c.keys)).join('; ')})`);
        }
        return;
      }
      if (held.every((h) => h.c.unusable !== undefined)) {
        t.dropped++;
        problems[k].push(`${p.label}: kept only marked unusable (${JSON.stringify(held[0].c.unusable)})`);
      }
      if (p.cards > 1) {
        t.mergePeople++;
        if (held.length === 1) t.merged++;
      }
      if (held.length > 1) problems[k].push(`${p.label}: split in ${held.length} rows (${held.map((h) => JSON.stringify(h.c.keys)).join(' / ')})`);
      const missing = p.mustKeys.filter((key) => !held.some((h) => h.c.keys.includes(key)));
      if (missing.length) problems[k].push(`${p.label}: ${missing.join(', ')} not read`);
    });
    if (problems[k].length === 0) fs.right++;
    else if (fs.examples.length < 5) {
      const where = (w: Where) => (w === 'home' ? `region ${cs.region}` : 'no region');
      fs.examples.push(`${JSON.stringify(cs.spec.cards.map((c) => ({ [where(c.where)]: c.entry })))} → ${[...new Set(problems[k])].join('; ')}`);
    }
  });
}

function describe(cases: Case[], p: string): string {
  const [k, j] = p.split(':').map(Number);
  return `${cases[k].form}/${cases[k].spec.persons[j].label}`;
}
