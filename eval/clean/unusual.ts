/**
 * Unusual but delivered addresses (issue #12): generated people whose addresses take the forms the strict
 * RFC 5322 dot-atom grammar rejects but mail systems deliver (doubled, leading and trailing dots, quoted
 * and Unicode local parts, IDN domains in Unicode and punycode, + tags), written through the wrappers
 * clients really send (Name <addr>, mailto:, spaces, list punctuation, a trailing dot, full-width mode), plus phone-only
 * people whose number has an extension (some written without the country); half of them with evidence (written to, starred or pinned), half
 * without. Beside them, garbage entries (strings that cannot be an address), with and without evidence.
 *
 * Figures: people wrongly dropped (a person none of whose entries is in the list: must be 0), people
 * split (one person in two contacts), contacts holding two people, garbage without evidence that made it
 * into the list ("people invented from garbage": must be 0), garbage with evidence kept and marked.
 */
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { Contact, EntryInput, NormalizedEntry } from '../../src/domain/types.ts';
import { COUNTRIES } from './people.ts';
import { chance, hash, int, pick, rng } from './prng.ts';
import type { Rng } from './prng.ts';

export interface UnusualScore {
  books: number;
  people: number;
  entries: number;
  withEvidence: number;
  dropped: number;
  droppedWithEvidence: number;
  split: number;
  overMerged: number;
  garbage: number;
  garbageListed: number;
  garbageWithEvidence: number;
  garbageKeptMarked: number;
  /** Of garbageWithEvidence: nameless entries whose string names no mailbox (`@`, `@bar.example`): to be left out. */
  garbageNoOne: number;
  garbageNoOneLeftOut: number;
  byForm: Map<string, { people: number; dropped: number }>;
  examples: string[];
}

const MARK = 'eval-unusual:';

const ASCII_GIVEN = ['john', 'mary', 'taro', 'hana', 'li', 'ana', 'olu', 'raj', 'eva', 'tom'];
const ASCII_FAMILY = ['smith', 'yamada', 'suzuki', 'nguyen', 'garcia', 'okafor', 'patel', 'kowalski', 'muller', 'dubois'];
const UNICODE_LOCALS = ['josé', 'zoë', 'jürgen', 'łukasz', 'åsa', 'δημήτρης', 'иван', '太郎', 'müller.käthe', 'nguyễn', 'राहुल', 'கார்த்திக்', 'สมชาย'];
const DOMAINS = ['corp.example', 'docomo.ne.jp', 'ezweb.ne.jp', 'softbank.ne.jp', 'mail.example.org', 'uni.example.edu'];
/** IDN domains, with their A-labels (computed once by the URL parser, as a client library would). */
const IDN_DOMAINS = ['bücher.example', 'müller-bäckerei.example', '例子.example', 'почта.example', 'डाटामेल.भारत', 'ยูเอ็กซ์เอ.ไทย', 'உதாரணம்.இந்தியா'].map(
  (u) => [u, new URL(`http://${u}`).hostname] as const,
);

/** One address form: builds a local part and domain, and the spellings of it two sources may hold. */
type Form = (r: Rng, g: string, f: string, n: number) => string[];

const FORMS: Record<string, Form> = {
  doubled_dot: (r, g, f, n) => same(`${g}..${f}${n}@${pick(r, DOMAINS)}`),
  leading_dot: (r, g, f, n) => same(`.${g}${f}${n}@${pick(r, DOMAINS)}`),
  trailing_dot: (r, g, _f, n) => same(`${g}${n}.@${pick(r, DOMAINS)}`),
  doubled_and_trailing: (r, g, f, n) => same(`${g}..${f}${n}.@${pick(r, DOMAINS)}`),
  quoted: (r, g, f, n) => same(`"${g} ${f}${n}"@${pick(r, DOMAINS)}`),
  quoted_plain: (r, g, f, n) => {
    const d = pick(r, DOMAINS);
    return [`"${g}.${f}${n}"@${d}`, `${g}.${f}${n}@${d}`];
  },
  unicode_local: (r, _g, _f, n) => same(`${pick(r, UNICODE_LOCALS)}${n}@${pick(r, DOMAINS)}`),
  idn_domain: (r, g, f, n) => {
    const [u, a] = pick(r, IDN_DOMAINS);
    return [`${g}.${f}${n}@${u}`, `${g}.${f}${n}@${a}`];
  },
  plus_tag: (r, g, f, n) => same(`${g}.${f}${n}+${pick(r, ['news', 'work', 'x'])}@${pick(r, DOMAINS)}`),
  // Exchange's encapsulation of the address behind a Lotus Notes gateway, beside the plain address.
  exchange_encapsulated: (r, g, f, n) => {
    const d = pick(r, DOMAINS);
    const hex = (s: string) => s.replace(/[^A-Za-z0-9-]/g, (c) => `+${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
    const plain = `${g}.${f}${n}@${d}`;
    return [`IMCEANOTES-${hex(`"${f}, ${g}" <${plain}>`)}+40NOTES@${d}`, plain];
  },
  // Lotus Notes's route through its domain after the address, beside the plain address.
  notes_route: (r, g, f, n) => {
    const plain = `${g}.${f}${n}@${pick(r, DOMAINS)}`;
    return [`${plain}@${pick(r, ['NOTES', 'CORP', 'Mail-Hub'])}`, plain];
  },
  // A local part over RFC 5321's 64 octets (SRS and VERP return paths, long generated names).
  long_local: (r, g, f, n) => same(`${g}.${f}.${'x'.repeat(int(r, 60, 120))}${n}@${pick(r, DOMAINS)}`),
};

/** The same address on both cards (the wrapper differs: see WRAPPERS). */
function same(a: string): string[] {
  return [a, a];
}

/**
 * `a` with its '@' written as `by`: the last '@' (a quoted local part may hold one), or the one before a
 * Notes route ('ann@corp.example@CORP': the route is no part of the address a client spells).
 */
function atSign(a: string, by: string): string {
  const route = /@[A-Za-z0-9][A-Za-z0-9_-]*$/.exec(a);
  const end = route !== null && a.lastIndexOf('.') < route.index ? route.index : a.length;
  const at = a.lastIndexOf('@', end - 1);
  return a.slice(0, at) + by + a.slice(at + 1);
}

/** How clients send an address: bare, wrapped, or pasted from a list. */
const WRAPPERS: ((a: string, name: string) => string)[] = [
  (a) => a,
  (a, name) => `${name} <${a}>`,
  (a) => `mailto:${a}`,
  (a) => `  ${a}  `,
  (a) => `${a};`,
  (a) => `${a},`,
  (a) => `<${a}>`,
  (a) => `${a.replace(/(@.*)$/, '$1.')}`, // trailing dot on the domain
  (a) => `${a} (work)`,
  (a) => `SMTP:${a}`, // an Exchange / Outlook proxy address
  (a) => `${a}\u200b`, // an invisible zero-width space pasted with it
  (a) => `\ufeff${a}`, // a byte-order mark at the start of a file's first field
  (a) => atSign(a, '\uff20'), // the full-width at sign of an East Asian input method
  (a) => atSign(a, ' @ '), // spaces around the '@'
  (a, name) => `${name} [${a}]`,
  (a, name) => `${name} <${a}`, // the closing '>' cut off by an export or a paste
  (a) => atSign(a, '(home)@'), // an RFC 5322 comment beside the local part
  (a) => a.replace(/[\x21-\x7e]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)), // typed in an input method's full-width mode
  (a) => (a.includes('"') ? a : `"${a}`), // a stray opening quote of a CSV cell cut short
  (a, name) => `<a href="mailto:${a.replace(/[" %]/g, (c) => encodeURIComponent(c))}">${name}</a>`, // an HTML link pasted
  (a) => `${a}</td>`, // the address pasted with a closing tag
  (a) => `${a}?subject=Hello`, // a mailto: link's target copied without its scheme
  (a) => a.replace(/@/g, '%40'), // percent-encoded, copied from a URL
  (a, name) => `${name} <${atSign(a, ' @')}>`, // a space before the '@' inside brackets
];

const GARBAGE = ['n/a', 'none', '---', 'unknown', 'john at example dot com', 'see phone', 'x', '@', 'foo@', '@bar.example', 'no email'];

function evidence(r: Rng): Partial<EntryInput> {
  switch (int(r, 0, 3)) {
    case 0:
      return { times_contacted: int(r, 1, 40) };
    case 1:
      return { last_message_sent_date: '2026-09-01T10:00:00Z' };
    case 2:
      return { is_favorite: 1 };
    default:
      return { pinned: 1 };
  }
}

function bookOf(r: Rng, b: number): { entries: EntryInput[]; truth: string[]; form: Map<string, string>; evidenced: Set<string>; namesNoOne: Set<string> } {
  const entries: EntryInput[] = [];
  const truth: string[] = [];
  const form = new Map<string, string>();
  const evidenced = new Set<string>();
  // Garbage with evidence on a card with no name whose string has an empty mailbox: it names no one, and
  // is left out whatever the owner's counts (merge/contact.ts namesSomeone).
  const namesNoOne = new Set<string>();
  const forms = Object.keys(FORMS);
  const size = int(r, 20, 60);
  for (let i = 0; i < size; i++) {
    const id = `u:${b}:${i}`;
    const g = pick(r, ASCII_GIVEN);
    const f = pick(r, ASCII_FAMILY);
    const name = `${g[0].toUpperCase()}${g.slice(1)} ${f[0].toUpperCase()}${f.slice(1)}`;
    const ev = chance(r, 0.5);
    if (ev) evidenced.add(id);
    if (chance(r, 0.12)) {
      // Phone-only with an extension: a direct line.
      const c = pick(
        r,
        COUNTRIES.filter((x) => x.region === 'US' || x.region === 'GB' || x.region === 'DE'),
      );
      const nsn = c.mobile(r);
      const ext = String(int(r, 1, 9999));
      // Some written without the country, as a phone saves a local number (the book's region is unknown
      // here): a national direct line, beside its full spelling on another card.
      const national = chance(r, 0.3);
      form.set(id, national ? 'phone_extension_national' : 'phone_extension');
      const spellings = national
        ? [`${c.national(nsn)} ext ${ext}`, `${c.national(nsn)} x${ext}`, `+${c.cc} ${nsn} ext ${ext}`]
        : [`+${c.cc} ${nsn} ext ${ext}`, `+${c.cc}${nsn};ext=${ext}`, `+${c.cc} ${nsn} x${ext}`];
      const cards = int(r, 1, 2);
      for (let k = 0; k < cards; k++) {
        entries.push({ name, phone: pick(r, spellings), ...(ev && k === 0 ? evidence(r) : {}) });
        truth.push(id);
      }
      continue;
    }
    if (chance(r, 0.06)) {
      // Phone-only, written as people paste it: a vCard 4 tel: URI, a label, full-width digits, a
      // spreadsheet's apostrophe, an invisible character.
      const c = pick(r, COUNTRIES);
      const nsn = c.mobile(r);
      const e164 = `+${c.cc}${nsn}`;
      form.set(id, 'phone_pasted');
      const spellings = [
        `tel:${e164}`,
        `Mobile: +${c.cc} ${nsn}`,
        `'${e164}`,
        `${e164}\u200b`,
        e164.replace(/[0-9+]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)),
        `#31#${e164}`, // kept with the caller-ID code of someone always called hidden
        `++${c.cc} ${nsn}`, // a '+' typed twice
      ];
      // Saved before the plan changed: a Brazilian mobile without its ninth digit (2012-2016), a Vietnamese
      // one with its 11-digit prefix (2018).
      const OLD_VN: Record<string, string> = { '35': '165', '90': '90', '91': '91', '98': '98', '97': '97' };
      if (c.region === 'BR' && nsn.charCodeAt(2) === 57 && nsn.charCodeAt(3) >= 54) spellings.push(`+55 ${nsn.slice(0, 2)} ${nsn.slice(3, 7)}-${nsn.slice(7)}`);
      if (c.region === 'VN' && OLD_VN[nsn.slice(0, 2)] !== nsn.slice(0, 2)) spellings.push(`+84 ${OLD_VN[nsn.slice(0, 2)]} ${nsn.slice(2)}`);
      const cards = int(r, 1, 2);
      for (let k = 0; k < cards; k++) {
        entries.push({ name, phone: pick(r, spellings), ...(ev && k === 0 ? evidence(r) : {}) });
        truth.push(id);
      }
      continue;
    }
    const kind = pick(r, forms);
    form.set(id, kind);
    const spellings = FORMS[kind](r, g, f, b * 1000 + i);
    const cards = int(r, 1, 2);
    for (let k = 0; k < cards; k++) {
      const a = pick(r, WRAPPERS)(spellings[k], name);
      entries.push({ name: chance(r, 0.2) ? null : name, email: a, ...(ev && k === 0 ? evidence(r) : {}) });
      truth.push(id);
    }
  }
  const garbage = Math.round(size * 0.1);
  for (let i = 0; i < garbage; i++) {
    const id = `garbage:${b}:${i}`;
    const ev = chance(r, 0.5);
    if (ev) evidenced.add(id);
    const name = chance(r, 0.5) ? `Someone ${i}` : null;
    const email = pick(r, GARBAGE);
    if (ev && name === null && email.startsWith('@')) namesNoOne.add(id);
    entries.push({ name, email, ...(ev ? evidence(r) : {}) });
    truth.push(id);
  }
  return { entries, truth, form, evidenced, namesNoOne };
}

/** Cleans `books` generated books exactly as the service does, and scores them. */
export function evaluateUnusual(seed: number, books: number): UnusualScore {
  const s: UnusualScore = {
    books,
    people: 0,
    entries: 0,
    withEvidence: 0,
    dropped: 0,
    droppedWithEvidence: 0,
    split: 0,
    overMerged: 0,
    garbage: 0,
    garbageListed: 0,
    garbageWithEvidence: 0,
    garbageKeptMarked: 0,
    garbageNoOne: 0,
    garbageNoOneLeftOut: 0,
    byForm: new Map(),
    examples: [],
  };
  for (let b = 0; b < books; b++) {
    const r = rng(hash(`${seed}:unusual:${b}`));
    const { entries, truth, form, evidenced, namesNoOne } = bookOf(r, b);
    const normalized: NormalizedEntry[] = entries.map((e, i) => {
      const n = normalizeEntry(e, { region: null, sourceKey: 'gmail:-' });
      n.photos = [...n.photos, MARK + i];
      return n;
    });
    const contacts = mergeEntries(normalized);
    s.entries += entries.length;
    const heldIds = (c: Contact) => [...new Set(c.photos.filter((p) => p.startsWith(MARK)).map((p) => truth[Number(p.slice(MARK.length))]))];
    const listed = new Map<string, Contact[]>(); // truth -> listed contacts holding an entry of it
    for (const c of contacts) {
      const ids = new Set(c.photos.filter((p) => p.startsWith(MARK)).map((p) => truth[Number(p.slice(MARK.length))]));
      if (!c.junk) for (const id of ids) listed.set(id, [...(listed.get(id) ?? []), c]);
      const people = [...ids].filter((id) => id.startsWith('u:'));
      if (!c.junk && people.length > 1) s.overMerged++;
    }
    for (const id of new Set(truth)) {
      if (id.startsWith('garbage:')) {
        s.garbage++;
        const l = listed.get(id);
        if (namesNoOne.has(id)) {
          s.garbageNoOne++;
          if (!l) s.garbageNoOneLeftOut++;
        } else if (evidenced.has(id)) {
          s.garbageWithEvidence++;
          if (l && l.every((c) => c.unusable !== undefined)) s.garbageKeptMarked++;
        } else if (l && l.some((c) => !heldIds(c).some((other) => evidenced.has(other)))) {
          // Invented: a row listed on this garbage alone. A row that a copy of the same string with the
          // owner's evidence keeps (the same unusable string is one card: cleaning.md) is that card's.
          s.garbageListed++;
        }
        continue;
      }
      s.people++;
      if (evidenced.has(id)) s.withEvidence++;
      const f = form.get(id)!;
      const fs = s.byForm.get(f) ?? { people: 0, dropped: 0 };
      fs.people++;
      s.byForm.set(f, fs);
      const l = listed.get(id);
      if (!l || l.every((c) => c.unusable !== undefined)) {
        // Not in the list, or only as "kept, nothing usable": the address was lost.
        s.dropped++;
        fs.dropped++;
        if (evidenced.has(id)) s.droppedWithEvidence++;
        if (s.examples.length < 5) s.examples.push(`${f}: ${JSON.stringify(entries[truth.indexOf(id)])}`);
      } else if (l.length > 1) {
        s.split++;
        if (s.examples.length < 5) s.examples.push(`split, ${f}: ${JSON.stringify(entries.filter((_, k) => truth[k] === id))}`);
      }
    }
  }
  return s;
}
