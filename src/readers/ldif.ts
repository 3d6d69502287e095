/**
 * LDIF (.ldif) files → Kith entries: Thunderbird's other address-book export (and Mozilla's, Netscape's
 * before it), and the inetOrgPerson records of directory tools (macOS, OpenLDAP's ldapsearch, Outlook
 * Express). Read as RFC 2849 writes them: records separated by blank lines, `attr: value`, `attr::
 * base64` (UTF-8 once decoded), `attr:< url` (not fetched: ignored), a line starting with one space
 * continuing the one before, `#` comment lines, a `version: 1` line first, attribute names in any case
 * (`;lang-…` options dropped). One record per `dn:`, in file order, whatever it holds (`{}` when it holds
 * nothing read), so a record's position is its index in the upload, as a vCard's card and a CSV's row.
 *
 * Thunderbird's attributes (and the standard inetOrgPerson ones they are): `cn`/`displayName` (the name,
 * `givenName` and `sn` its parts), `mozillaNickname`, `mail` and `mozillaSecondEmail`, `mobile`,
 * `telephoneNumber` (work) and `homePhone`, `o`/`company`, `title`, the home and work addresses and web
 * pages; `nsAIMid` is an AIM screen name, no address. A fax (`facsimileTelephoneNumber`) and a pager are
 * not the person's phones, as in vCards and CSV files. A group record (`objectclass: groupOfNames`, a
 * Thunderbird mailing list) is no person: as a vCard's KIND:group card, it is `{}`, and its members given
 * by an address (`member: cn=Ann Lee,mail=ann@example.com`) that no record of the file holds are entries
 * of their own. Pure: bytes or text in, records out.
 */
import { isUtf8 } from 'node:buffer';
import { decodeFile, nameOfParts, naturalOrder, type Entry } from './vcard.ts';

/** Something read from a record with a doubt the answer should name. */
export type LdifNote =
  /** The record holds U+FFFD: characters lost before or while the file was decoded. */
  | 'undecodable'
  /** A group record (objectclass groupOfNames): no person; its members given by address are entries of their own. */
  | 'group';

/** One record of a file (every `dn:` starts one), in file order. */
export interface LdifRecord {
  /** The record's entry; null when it holds no name, e-mail, phone or company, or was not read. */
  entry: Entry | null;
  /** Everything read from the record: its entry, or what an unusable record holds (possibly `{}`). */
  read: Entry;
  /** Why the record was not read at all (a change record). Names no value of the file. */
  notRead?: string;
  notes: LdifNote[];
  /**
   * A group record's members given by address (`member: cn=…,mail=…`) that are no record of the file:
   * an entry each, as a list of recipients becomes people. Members that are records of the file (a
   * Thunderbird list's members are cards of the same book) are read there and give none.
   */
  members?: Entry[];
}

/** A whole .ldif file, record by record: `records[i]` is the record at position i (0-based). */
export interface LdifFile {
  records: LdifRecord[];
}

/** One attribute line of a record, its value not yet decoded when it is base64. */
interface RawAttribute {
  /** The attribute's type, lower-case, its options (`;lang-de`, `;binary`) dropped. */
  name: string;
  value: string;
  base64: boolean;
}

const LINE_BREAK = /\r\n|\n|\r/;
/** A record's first line. */
const DN_LINE = /^dn[ \t]*::?/i;
/** The version line that may open a file (RFC 2849's version-spec). */
const VERSION_LINE = /^version[ \t]*:[ \t]*1[ \t]*$/i;
/** `type[;options]: value`, `type:: base64`, `type:< url` (RFC 2849's attrval-spec). */
const ATTRIBUTE_LINE = /^([A-Za-z0-9][A-Za-z0-9._-]*)((?:;[A-Za-z0-9_-]+)*)[ \t]*:(:|<)?[ \t]*(.*)$/;

/**
 * Whether a text is LDIF: its first line that is no comment and not blank is `dn:`, or is `version: 1`
 * and the next such line is `dn:`. A CSV or a vCard never begins so.
 */
export function isLdif(text: string): boolean {
  let sawVersion = false;
  for (const line of text
    .slice(0, 65536)
    .replace(/^\uFEFF/, '')
    .split(LINE_BREAK)) {
    // A comment's continuation lines (a space first) are the comment's.
    if (line.trim() === '' || line.startsWith('#') || line.startsWith(' ')) continue;
    if (DN_LINE.test(line)) return true;
    if (sawVersion || !VERSION_LINE.test(line)) return false;
    sawVersion = true;
  }
  return false;
}

/**
 * The records of an LDIF text, each as its attribute lines (the `dn` one first, when the record has
 * one): lines unfolded, comments dropped, the file's `version: 1` line dropped, blocks holding no
 * attribute line (a comment alone) dropped, and so is ldapsearch's `search:`/`result:` trailer.
 */
function recordsOf(text: string): RawAttribute[][] {
  // Unfolded lines; '' separates records.
  const lines: string[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(LINE_BREAK)) {
    if (line.trim() === '') lines.push('');
    else if (line.startsWith(' ') && lines.length > 0 && lines[lines.length - 1] !== '') lines[lines.length - 1] += line.slice(1);
    else lines.push(line.trimStart());
  }
  const records: RawAttribute[][] = [];
  let current: RawAttribute[] = [];
  let first = true;
  const end = () => {
    if (current.length > 0 && !current.every((a) => a.name === 'search' || a.name === 'result')) records.push(current);
    current = [];
  };
  for (const line of lines) {
    if (line === '') {
      end();
      continue;
    }
    if (line.startsWith('#')) continue;
    if (first) {
      first = false;
      if (VERSION_LINE.test(line)) continue;
    }
    const m = ATTRIBUTE_LINE.exec(line);
    // A `-` line (a change record's separator) and anything that is no attribute line are no value.
    // `attr:< url`: a value elsewhere, not fetched.
    if (m === null || m[3] === '<') continue;
    current.push({ name: m[1].toLowerCase(), value: m[4], base64: m[3] === ':' });
  }
  end();
  return records;
}

/** Text of a base64 value: UTF-8 (RFC 2849), else as the file's bytes would be decoded (a legacy export). */
function base64Text(value: string, charset: string | undefined): string {
  const bytes = Buffer.from(value.replace(/\s+/g, ''), 'base64');
  return isUtf8(bytes) ? bytes.toString('utf8') : decodeFile(bytes, charset).text;
}

const clean = (s: string | undefined | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** A record's values by attribute type (lower-case), decoded, in file order. */
type Values = Map<string, string[]>;

function valuesOf(attributes: RawAttribute[], charset: string | undefined): Values {
  const values: Values = new Map();
  for (const a of attributes) {
    // Only what is read is decoded (a jpegPhoto is large and no text).
    if (!READ.has(a.name)) continue;
    const v = a.base64 ? base64Text(a.value, charset) : a.value;
    values.set(a.name, [...(values.get(a.name) ?? []), v]);
  }
  return values;
}

/** The attributes of a home or work address (Thunderbird's; the work one is inetOrgPerson's own). */
const ADDRESSES: { type: string; street: string[]; city: string[]; state: string[]; postal: string[]; country: string[] }[] = [
  {
    type: 'home',
    street: ['mozillahomestreet', 'mozillahomestreet2'],
    city: ['mozillahomelocalityname'],
    state: ['mozillahomestate'],
    postal: ['mozillahomepostalcode'],
    country: ['mozillahomecountryname'],
  },
  {
    type: 'work',
    street: ['street', 'streetaddress', 'mozillaworkstreet2'],
    city: ['l', 'localityname'],
    state: ['st', 'stateorprovincename'],
    postal: ['postalcode'],
    country: ['c', 'countryname'],
  },
];

const NAME = ['displayname', 'cn', 'commonname'];
const GIVEN = ['givenname', 'gn'];
const FAMILY = ['sn', 'surname'];
const NICKNAME = ['mozillanickname', 'xmozillanickname', 'nickname'];
const EMAILS = ['mail', 'mozillasecondemail', 'xmozillasecondemail'];
/** The person's own phones, mobile first (as Thunderbird's CSV is read). A fax and a pager are not read. */
const PHONES = ['mobile', 'mobiletelephonenumber', 'cellphone', 'telephonenumber', 'homephone', 'hometelephonenumber'];
const COMPANY = ['o', 'organizationname', 'company'];
const AIM = ['nsaimid', 'mozilla_aimscreenname', 'aimscreenname'];
const WEBSITES: [string, string][] = [
  ['mozillaworkurl', 'work'],
  ['mozillahomeurl', 'home'],
];
const GROUP_CLASSES = new Set(['groupofnames', 'groupofuniquenames']);
const MEMBERS = ['member', 'uniquemember'];

/** Every attribute read (the others are not even decoded). */
const READ = new Set([
  'dn',
  'objectclass',
  'changetype',
  ...NAME,
  ...GIVEN,
  ...FAMILY,
  ...NICKNAME,
  ...EMAILS,
  ...PHONES,
  ...COMPANY,
  'title',
  ...AIM,
  ...WEBSITES.map(([a]) => a),
  ...MEMBERS,
  ...ADDRESSES.flatMap((a) => [...a.street, ...a.city, ...a.state, ...a.postal, ...a.country]),
]);

/** Everything a person's record holds, as an Entry (possibly `{}`). */
function recordEntry(values: Values): Entry {
  const all = (...names: string[]) =>
    names
      .flatMap((n) => values.get(n) ?? [])
      .map(clean)
      .filter(Boolean);
  const one = (...names: string[]) => all(...names)[0] ?? '';
  const [given, family] = [one(...GIVEN), one(...FAMILY)];
  // Thunderbird fills the display name with the address when it knows no name: that is no name.
  const display = one(...NAME);
  // Thunderbird writes a sorted display name (`Lee, Ann`) when told to: in natural order when its parts say so.
  const nickname = one(...NICKNAME);
  // A record whose attributes name no one is still named by its DN's `cn` (`dn: cn=Ann Lee,mail=ann@x.com`).
  const dnName = clean(dnParts(one('dn')).find(([t]) => t === 'cn')?.[1]);
  const name =
    naturalOrder(display.includes('@') ? '' : display, given, family) ||
    nameOfParts(given, '', family) ||
    (nickname !== '' || dnName.includes('@') ? '' : dnName);
  const entry: Entry = {};
  // A contact known only by a nickname is shown by it (as a vCard's or a CSV row's).
  if (name || nickname) entry.name = name || nickname;
  const emails = [...new Set(all(...EMAILS))];
  if (emails.length) entry.emails = emails;
  const phones = [...new Set(all(...PHONES))];
  if (phones.length) entry.phones = phones;
  if (nickname) entry.nickname = nickname;
  const company = one(...COMPANY);
  if (company) entry.company = company;
  const title = one('title');
  if (title) entry.title = title;
  const addresses = ADDRESSES.flatMap((cols) => {
    const a: NonNullable<Entry['addresses']>[number] = {};
    const street = all(...cols.street).join(', ');
    const [city, state, postal, country] = [one(...cols.city), one(...cols.state), one(...cols.postal), one(...cols.country)];
    if (street) a.street = street;
    if (city) a.city = city;
    if (state) a.state = state;
    if (postal) a.postal_code = postal;
    if (country) a.country = country;
    if (Object.keys(a).length === 0) return [];
    a.type = cols.type;
    return [a];
  });
  if (addresses.length) entry.addresses = addresses;
  const websites = WEBSITES.flatMap(([attr, type]) => all(attr).map((url) => ({ url, type })));
  if (websites.length) entry.websites = websites;
  const ims = all(...AIM).map((im) => ({ name: im, protocol: 'aim' }));
  if (ims.length) entry.ims = ims;
  return entry;
}

const isUsable = (e: Entry): boolean => Boolean(e.name || e.emails || e.phones || e.company);

/** The text of a DN's value: RFC 4514's `\,` and `\XX` (UTF-8 bytes) escapes, or RFC 1779's quotes. */
function dnValue(raw: string): string {
  const v = raw.trim();
  if (v.length >= 2 && v.startsWith('"') && v.endsWith('"')) return v.slice(1, -1).replace(/\\(.)/g, '$1');
  const bytes: number[] = [];
  for (let i = 0; i < v.length; i++) {
    if (v[i] === '\\' && /^[0-9A-Fa-f]{2}$/.test(v.slice(i + 1, i + 3))) {
      bytes.push(parseInt(v.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (v[i] === '\\' && i + 1 < v.length) {
      bytes.push(...Buffer.from(v[++i], 'utf8'));
    } else bytes.push(...Buffer.from(v[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A DN's parts, `[type, value]` (type lower-case), in order: split on commas that are not escaped or
 * quoted. A part holding no `=` is the previous value's, after an unescaped comma (`cn=Lee, Ann,mail=…`,
 * as some exports write a sorted name).
 */
export function dnParts(dn: string): [string, string][] {
  const pieces: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < dn.length; i++) {
    const c = dn[i];
    if (c === '\\' && i + 1 < dn.length) {
      cur += c + dn[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === ',' && !quoted) {
      pieces.push(cur);
      cur = '';
    } else cur += c;
  }
  pieces.push(cur);
  const parts: [string, string][] = [];
  for (const piece of pieces) {
    const m = /^\s*([A-Za-z0-9][A-Za-z0-9.-]*)\s*=(.*)$/s.exec(piece);
    if (m !== null) parts.push([m[1].toLowerCase(), m[2]]);
    else if (parts.length > 0) parts[parts.length - 1][1] += `,${piece}`;
  }
  return parts.map(([type, value]) => [type, dnValue(value)]);
}

/** A DN compared as a DN: its parts' types and values, in any case and spacing. */
const dnKey = (dn: string): string =>
  dnParts(dn)
    .map(([t, v]) => `${t}=${clean(v).toLowerCase()}`)
    .join(',');

/**
 * Reads a whole .ldif file record by record: its text, or its bytes (decoded as a vCard's and a CSV's
 * are; `charset`: one the caller declares). Every record gives one LdifRecord, in file order; the members
 * of its group records given by address that are no record of the file are each group's `members`.
 */
export function readLdifFile(input: string | Uint8Array, opts: { charset?: string } = {}): LdifFile {
  const text = typeof input === 'string' ? input : decodeFile(input, opts.charset).text;
  const parsed = recordsOf(text).map((attributes) => valuesOf(attributes, opts.charset));
  const isGroup = (v: Values) => (v.get('objectclass') ?? []).some((c) => GROUP_CLASSES.has(clean(c).toLowerCase()));
  // What the file's own people are known by: their DNs and addresses (a list's member that is one of them adds no one).
  const dns = new Set<string>();
  const addresses = new Set<string>();
  for (const v of parsed) {
    if (isGroup(v)) continue;
    for (const dn of v.get('dn') ?? []) dns.add(dnKey(dn));
    for (const mail of EMAILS.flatMap((a) => v.get(a) ?? [])) addresses.add(clean(mail).toLowerCase());
  }
  const records = parsed.map((v): LdifRecord => {
    // A change record (`changetype: modify`, `delete`, `modrdn`) says how to change an entry, not what it holds.
    const change = clean(v.get('changetype')?.[0]).toLowerCase();
    if (change !== '' && change !== 'add') return { entry: null, read: {}, notRead: 'an LDIF change record, not an entry', notes: [] };
    if (isGroup(v)) {
      const members: Entry[] = [];
      for (const member of MEMBERS.flatMap((a) => v.get(a) ?? [])) {
        if (dns.has(dnKey(member))) continue;
        const parts = dnParts(member);
        const mail = clean(parts.find(([t]) => t === 'mail' || t === 'email')?.[1]);
        if (!mail.includes('@') || addresses.has(mail.toLowerCase())) continue;
        addresses.add(mail.toLowerCase());
        const cn = clean(parts.find(([t]) => t === 'cn')?.[1]);
        members.push({ ...(cn && !cn.includes('@') ? { name: cn } : {}), emails: [mail] });
      }
      return { entry: null, read: {}, notes: ['group'], members };
    }
    const read = recordEntry(v);
    const notes: LdifNote[] = JSON.stringify(read).includes('\uFFFD') ? ['undecodable'] : [];
    return { entry: isUsable(read) ? read : null, read, notes };
  });
  return { records };
}
