/**
 * vCard (.vcf) files → Kith entries. Phones and Apple/Google Contacts export vCard 2.1, 3.0 and 4.0.
 *
 * The reader is lenient where exports are sloppy and says what it could not do: a card needs no VERSION
 * (a `VERSION:3`, `VERSION: 3.0` or `2.0` is read too; only a version number other than 2, 3 or 4 is
 * refused, and reported), and a card whose END:VCARD is missing ends at the next BEGIN:VCARD or at the
 * end of the file (and is reported). Property lines are split as RFC 6350 §3.3 writes them: a quoted
 * parameter value may hold `:`, `;` and `,`. On top of that, what real exports need: quoted-printable and
 * base64 with a charset (Android 2.1 and vCard 3 `ENCODING=b` names), files in windows-1252 or UTF-16,
 * RFC 6350 text escapes, RFC 2047 encoded-words in names, structured values (N, ADR, ORG) and Apple's
 * item-grouped labels. `vcardToEntry` is the pure conversion from one card's properties to an Entry.
 */
import { isUtf8 } from 'node:buffer';
import type { EntryInput } from '../domain/types.ts';

/** One property of a card, values not yet unescaped (but quoted-printable, base64 text and the charset already decoded). */
export interface VcardProperty {
  /** Property name without group, lower-case and without dashes, e.g. `email`, `xablabel`. */
  name: string;
  /** Apple's `item1.` grouping, lower-case; ties a URL or ADR to its X-ABLabel. */
  group?: string;
  /** Parameters by name (lower-case, no dashes); TYPE values lower-case and split on commas. */
  params: Record<string, string[]>;
  value: string;
}

export type Entry = EntryInput;

export interface ParsedVcards {
  /** One Entry per usable card, in file order. */
  entries: Entry[];
  /** Cards that could not be read or held nothing (no name, e-mail, phone or company). */
  skipped: { card: number; reason: string }[];
  /** `ios`, `android` or `gmail` when the PRODID of the cards says where they came from. */
  sourceType: 'ios' | 'android' | 'gmail' | null;
}

/** Something read from a card with a doubt the answer should name. */
export type CardNote =
  /** The card had no END:VCARD: it was read up to the next BEGIN:VCARD or the end of the file. */
  | 'no_end'
  /** The card holds U+FFFD: characters lost before or while the file was decoded (text that was not UTF-8). */
  | 'undecodable';

/** One card of a file (every BEGIN:VCARD starts one), in file order. */
export interface VcardCard {
  /** The card's entry; null when it holds no name, e-mail, phone or company, or was not read. */
  entry: Entry | null;
  /** Everything read from the card: its entry, or what an unusable card holds (possibly `{}`; `{}` when not read). */
  read: Entry;
  /** Why the card was not read at all (an unsupported VERSION). */
  notRead?: string;
  notes: CardNote[];
}

/** A whole .vcf file, card by card: `cards[i]` is the card at position i (0-based) in the file. */
export interface VcardFile {
  cards: VcardCard[];
  sourceType: ParsedVcards['sourceType'];
  /** The character set the file was read in (`utf-8` for text given as a string). */
  charset: string;
}

/** `\,` `\;` `\n` `\\` → their characters (RFC 6350 §3.4). */
export function unescapeText(s: string): string {
  return s.replace(/\\([\\,;nN:])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** Splits a structured value on unescaped `sep`, then unescapes each component. */
export function splitStructured(s: string, sep = ';'): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length) {
      cur += c + s[i + 1];
      i++;
    } else if (c === sep) {
      out.push(unescapeText(cur));
      cur = '';
    } else cur += c;
  }
  out.push(unescapeText(cur));
  return out;
}

/** The bytes of a quoted-printable value (soft line breaks already joined); `literal` gives a literal character's bytes. */
function quotedPrintableBytes(s: string, literal: (c: string) => Iterable<number>): Uint8Array {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else for (const b of literal(s[i])) bytes.push(b);
  }
  return Uint8Array.from(bytes);
}

/** Literal characters of a QP value are ASCII; anything else is kept as its UTF-8 bytes. */
const utf8Bytes = (c: string): Iterable<number> => Buffer.from(c, 'utf8');
/** A character of text read byte for byte (latin1) is its byte. */
const rawByte = (c: string): Iterable<number> => [c.charCodeAt(0) & 0xff];

/** A decoder of one charset: TextDecoder's, or ours for windows-1252. */
interface Decoder {
  /** The charset's WHATWG name (`utf-8`, `windows-1252`, `shift_jis`…). */
  encoding: string;
  decode(bytes: Uint8Array): string;
}

/** WHATWG's index-windows-1252 for bytes 0x80–0x9F (every other byte is its own code point). */
const CP1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d,
  0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

const C1 = /[\u0080-\u009f]/;
const C1_ALL = /[\u0080-\u009f]/g;

/**
 * windows-1252 (also what the labels iso-8859-1, latin1 and us-ascii mean), decoded here: Node's
 * TextDecoder reads bytes 0x80–0x9F as ISO-8859-1 control characters since 20.18.3 (nodejs/node#60888),
 * where Outlook's files hold € ‚ „ … ‘ ’ “ ” – — ™ Š Œ Ž š œ ž Ÿ.
 */
const windows1252: Decoder = {
  encoding: 'windows-1252',
  decode(bytes) {
    // Every byte its own code point (latin1, native), then the few of 0x80–0x9F replaced.
    const s = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    return C1.test(s) ? s.replace(C1_ALL, (c) => String.fromCharCode(CP1252_80_9F[c.charCodeAt(0) - 0x80])) : s;
  },
};

/** Decoders by label, bounded: the labels come from uploaded files. */
const decoders = new Map<string, Decoder | null>();
const MAX_DECODERS = 64;
/** A decoder for a charset label (TextDecoder's labels: utf-8, windows-1252, iso-8859-1, shift_jis…), or null when unknown. */
function decoderFor(label: string | undefined): Decoder | null {
  const key = (label ?? '').trim().replace(/^"|"$/g, '').toLowerCase();
  if (!key) return null;
  let d = decoders.get(key);
  if (d === undefined) {
    try {
      const td = new TextDecoder(key);
      d = td.encoding === 'windows-1252' ? windows1252 : td;
    } catch {
      d = null;
    }
    if (decoders.size < MAX_DECODERS) decoders.set(key, d);
  }
  return d;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Bytes → text: in the declared charset, else UTF-8, else (bytes that are not UTF-8: an Outlook or
 * older export) windows-1252. A declared UTF-8 that the bytes are not gets the same fallback.
 */
function textOf(bytes: Uint8Array, charset?: string): string {
  const named = decoderFor(charset);
  if (named !== null && named.encoding !== 'utf-8') return named.decode(bytes);
  return isUtf8(bytes) ? strictUtf8.decode(bytes) : windows1252.decode(bytes);
}

/**
 * Decodes a quoted-printable value (soft line breaks already joined) in the given charset; without one,
 * UTF-8, or windows-1252 when the bytes are not UTF-8.
 */
export function decodeQuotedPrintable(s: string, charset?: string): string {
  return textOf(quotedPrintableBytes(s, utf8Bytes), charset);
}

/**
 * Decodes the RFC 2047 encoded-words of a name (`=?UTF-8?B?w4FsdmFybw==?=`, `=?ISO-8859-1?Q?J=FCrgen?=`),
 * as mail clients copy them into contacts. Strict: only a well-formed encoded-word standing alone
 * between spaces (or at either end) is decoded, in a charset TextDecoder knows, into valid text without
 * control characters; anything else stays as written. The space between two encoded-words is dropped
 * (RFC 2047 §6.2), and adjacent words of one charset are decoded together (a character split between
 * two words is one character).
 */
export function decodeEncodedWords(s: string): string {
  if (!s.includes('=?')) return s;
  const parts = s.split(/(\s+)/);
  const out: string[] = [];
  // A run of encoded-words of one charset, and the text the run stands for if it cannot be decoded.
  let run: { charset: string; bytes: number[]; raw: string } | null = null;
  let pendingSpace = '';
  const flush = () => {
    if (run === null) return;
    out.push(decodeWord(run.bytes, run.charset) ?? run.raw);
    run = null;
  };
  for (const part of parts) {
    if (part === '') continue;
    if (/^\s+$/.test(part)) {
      pendingSpace += part;
      continue;
    }
    const word = encodedWord(part);
    if (word === null) {
      flush();
      out.push(pendingSpace, part);
    } else if (run !== null && run.charset === word.charset) {
      run.bytes.push(...word.bytes);
      run.raw += pendingSpace + part;
    } else {
      const afterWord = run !== null;
      flush();
      // Space between two encoded-words is not text; before the first one it is.
      if (!afterWord) out.push(pendingSpace);
      run = { charset: word.charset, bytes: [...word.bytes], raw: part };
    }
    pendingSpace = '';
  }
  flush();
  out.push(pendingSpace);
  return out.join('');
}

/** One encoded-word (the whole of `s`), or null when `s` is not a well-formed one. */
function encodedWord(s: string): { charset: string; bytes: Uint8Array } | null {
  // charset: an RFC 2045 token (an RFC 2231 language after `*`); text: printable ASCII without `?` or space.
  const m = /^=\?([^\s()<>@,;:"/[\]?=*]+)(?:\*[A-Za-z0-9-]+)?\?([BbQq])\?([!->@-~]+)\?=$/.exec(s);
  if (m === null) return null;
  const [, charset, encoding, text] = m;
  if (decoderFor(charset) === null) return null;
  if (encoding === 'B' || encoding === 'b') {
    if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
    return { charset: charset.toLowerCase(), bytes: Buffer.from(text, 'base64') };
  }
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '_') bytes.push(0x20);
    else if (c === '=') {
      if (!/^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) return null;
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(c.charCodeAt(0));
  }
  return { charset: charset.toLowerCase(), bytes: Uint8Array.from(bytes) };
}

/** The text of an encoded-word run, or null when its bytes are not valid text in its charset. */
function decodeWord(bytes: number[], charset: string): string | null {
  const d = decoderFor(charset);
  if (d === null) return null;
  let text: string;
  try {
    text = (d === windows1252 ? d : new TextDecoder(d.encoding, { fatal: true })).decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
  return hasControl(text) ? null : text;
}

/** Whether text holds a control character other than tab, CR and LF (binary data, not text). */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0x7f) return true;
  }
  return false;
}

const clean = (s: string | undefined | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** Apple's `_$!<HomePage>!$_` style labels → `homepage`; custom labels are kept as written. */
function labelOf(raw: string): string {
  const m = /^_\$!<(.+)>!\$_$/.exec(raw.trim());
  return clean(m ? m[1] : raw).toLowerCase();
}

/** TYPE values other than the ones that only say "preferred" or "voice". */
function typesOf(p: VcardProperty): string[] {
  return (p.params.type ?? []).filter((t) => !['pref', 'internet', 'voice', 'x400'].includes(t));
}

function isPreferred(p: VcardProperty): boolean {
  return (p.params.type ?? []).includes('pref') || (p.params.pref ?? []).some((v) => v === '1');
}

/**
 * A phone's label that says the number is not the person's own: a fax, a pager, their assistant's, or
 * their company's main number (Outlook's CSV columns of those are left out too). Labels as Apple's
 * built-in ones read (`_$!<HomeFAX>!$_` → `homefax`) and as people write them (`Work Fax`, `Pager`,
 * `Assistant`, `Company Main`); a person's own main number (Apple's and Google's `Main`) stays.
 */
export const NOT_PERSONAL_PHONE_LABEL = /^(?:home|work|other)?fax$|\b(?:fax|telefax|pager|beeper|assistant(?:'?s)?|company main)\b/;
/**
 * Whether a phone's label (as written, or Apple's `_$!<HomeFAX>!$_`, any case) says the number is not the
 * person's own (NOT_PERSONAL_PHONE_LABEL): what the uploads' lenient reading shares with the readers.
 */
export function isNotPersonalPhoneLabel(raw: string): boolean {
  return NOT_PERSONAL_PHONE_LABEL.test(labelOf(raw));
}
/** TEL TYPE values of the same (vCard's FAX and PAGER, Evolution's X-EVOLUTION-ASSISTANT and -COMPANY, DAVx5's X-COMPANY_MAIN). */
const NOT_PERSONAL_PHONE_TYPE = /^(?:x-)?(?:evolution-)?(?:assistant|company|company[-_]?main)$/;

/**
 * Whether a TEL is one of the person's phones: not when its TYPE says FAX or PAGER (unless it is also
 * VOICE: `TYPE=VOICE,FAX` is a line that takes both), an assistant's or a company's main number, nor
 * when its label (an Apple X-ABLabel of its group) says so.
 */
function isPersonalPhone(p: VcardProperty, label: string | undefined): boolean {
  if (label !== undefined && NOT_PERSONAL_PHONE_LABEL.test(label)) return false;
  const types = p.params.type ?? [];
  if (types.some((t) => NOT_PERSONAL_PHONE_TYPE.test(t))) return false;
  return !types.some((t) => t === 'fax' || t === 'pager') || types.includes('voice');
}

/** Preferred values first (the order a contact app shows), otherwise file order. */
function byPreference(props: VcardProperty[]): VcardProperty[] {
  return [...props].sort((a, b) => Number(isPreferred(b)) - Number(isPreferred(a)));
}

/** Instant-messenger properties of older exports, by the protocol they stand for. */
const LEGACY_IM: Record<string, string> = {
  xjabber: 'jabber',
  xaim: 'aim',
  xicq: 'icq',
  xmsn: 'msn',
  xyahoo: 'yahoo',
  xskype: 'skype',
  xskypeusername: 'skype',
  xgoogletalk: 'gtalk',
  xgtalk: 'gtalk',
  xqq: 'qq',
};

/**
 * The pure conversion from one card to an Entry: no I/O, same input same output.
 * Returns null when the card holds nothing an invite could use or show (no name, e-mail, phone or company).
 */
export function vcardToEntry(props: VcardProperty[]): Entry | null {
  const entry = cardEntry(props);
  return isUsable(entry) ? entry : null;
}

const isUsable = (e: Entry): boolean => Boolean(e.name || e.emails || e.phones || e.company);

/** Everything a card holds, as an Entry (possibly `{}`). */
function cardEntry(props: VcardProperty[]): Entry {
  const all = (name: string) => props.filter((p) => p.name === name);
  const first = (name: string) => all(name)[0];
  const labels = new Map<string, string>();
  for (const p of all('xablabel')) if (p.group) labels.set(p.group, labelOf(unescapeText(p.value)));
  const typeOf = (p: VcardProperty): string | undefined => (p.group && labels.get(p.group)) || typesOf(p)[0];

  const entry: Entry = {};

  // Names may hold RFC 2047 encoded-words (copied from mail headers): decoded after unescaping, so a
  // decoded `;` or `,` is text, not a separator.
  let name = clean(decodeEncodedWords(unescapeText(first('fn')?.value ?? '')));
  const [family = '', given = '', additional = '', prefix = '', suffix = ''] = splitStructured(first('n')?.value ?? '').map(decodeEncodedWords);
  const fromN = (): string => clean([prefix, given, additional, family, suffix].join(' '));
  // An iPhone card set to "show as company" (X-ABShowAs:COMPANY) has the company as its FN and the
  // person in N: the person's name is N (the company stays the company), so the card and the person's
  // own card on the same mobile are one person, not "Okafor Landscaping" beside "Chidi Okafor". Only
  // when N names a person, with a given (or middle) name: a family business's card with N "Okafor;;;;"
  // named "Okafor" fit every Okafor and joined a family member through the shared business line; nor
  // when N only spells out the company's words ("Landscaping;Okafor").
  const company = clean(splitStructured(first('org')?.value ?? '')[0]);
  const words = (s: string) => clean(s).toLowerCase().split(/\s+/).filter(Boolean);
  const companyWords = new Set(words(company));
  const nNamesPerson = clean(`${given} ${additional}`) !== '' && !words(fromN()).every((w) => companyWords.has(w));
  const showsCompany = /^company$/i.test(clean(first('xabshowas')?.value));
  if (name && showsCompany && nNamesPerson && (!company || name.toLowerCase() === company.toLowerCase())) name = fromN() || name;
  if (!name) name = fromN();
  if (name) entry.name = name;

  const emails = byPreference(all('email'))
    .map((p) => clean(unescapeText(p.value)))
    .filter(Boolean);
  if (emails.length) entry.emails = [...new Set(emails)];

  const phones = byPreference(all('tel').filter((p) => isPersonalPhone(p, p.group && labels.get(p.group))))
    .map((p) => clean(unescapeText(p.value)).replace(/^tel:/i, ''))
    .filter(Boolean);
  if (phones.length) entry.phones = [...new Set(phones)];

  const nickname = clean(splitStructured(first('nickname')?.value ?? '', ',')[0]);
  if (nickname) entry.nickname = nickname;
  const title = clean(unescapeText(first('title')?.value ?? ''));
  if (title) entry.title = title;
  if (company) entry.company = company;

  // Only photo URLs are kept: inline (base64) photos are large and the API takes URLs.
  const photos = all('photo')
    .map((p) => clean(p.value))
    .filter((v) => /^https?:\/\//i.test(v));
  if (photos.length) entry.photos = photos;

  const addresses = all('adr')
    .map((p) => {
      const [poBox = '', extended = '', street = '', city = '', state = '', postal = '', country = ''] = splitStructured(p.value).map(clean);
      const a: NonNullable<Entry['addresses']>[number] = {};
      if (poBox) a.po_box = poBox;
      const streetLine = [street, extended].filter(Boolean).join(', ');
      if (streetLine) a.street = streetLine;
      if (city) a.city = city;
      if (state) a.state = state;
      if (postal) a.postal_code = postal;
      if (country) a.country = country;
      if (Object.keys(a).length === 0) return null;
      const type = typeOf(p);
      if (type) a.type = type;
      return a;
    })
    .filter((a) => a !== null);
  if (addresses.length) entry.addresses = addresses;

  const websites = all('url')
    .map((p) => ({ url: clean(unescapeText(p.value)), type: typeOf(p) ?? 'other' }))
    .filter((w) => w.url);
  if (websites.length) entry.websites = websites;

  const ims: NonNullable<Entry['ims']> = [];
  for (const p of all('impp')) {
    const v = clean(unescapeText(p.value));
    const m = /^([a-z][a-z0-9+.-]*):(.+)$/i.exec(v);
    const imName = clean(m ? m[2] : v);
    if (!imName) continue;
    const service = p.params.xservicetype?.[0];
    const protocol = (service ?? m?.[1] ?? '').toLowerCase();
    const im: NonNullable<Entry['ims']>[number] = { name: imName };
    if (protocol) im.protocol = protocol;
    const type = typesOf(p)[0];
    if (type) im.type = type;
    ims.push(im);
  }
  for (const p of props) {
    const protocol = LEGACY_IM[p.name];
    const imName = protocol ? clean(unescapeText(p.value)) : '';
    if (imName && !ims.some((i) => i.name === imName)) ims.push({ name: imName, protocol });
  }
  if (ims.length) entry.ims = ims;

  // Google and Android mark favourites with a "starred" category; Apple's export has no such mark.
  const categories = all('categories').flatMap((p) => splitStructured(p.value, ',').map((c) => clean(c).toLowerCase()));
  if (categories.some((c) => c === 'starred' || c === 'favorites' || c === 'favourites')) entry.is_favorite = 1;

  return entry;
}

/**
 * A file's text. `eightBit`: the text holds the file's bytes one per character (latin1), because the
 * bytes are not UTF-8; each property's value is then decoded on its own (after unfolding, so a character
 * a fold split is whole again), in its CHARSET when it declares one, else in `eightBit`: the charset the
 * caller declared, or `utf-8` when none was, which textOf reads as UTF-8 when the value's bytes are
 * UTF-8 and windows-1252 when they are not (two exports joined, a stray byte, a fold inside a character).
 */
interface FileText {
  text: string;
  charset: string;
  eightBit: string | null;
}

/**
 * Reads a file's bytes: a byte-order mark (UTF-8, UTF-16LE/BE) decides; so does the zero byte beside
 * `B` of a UTF-16 file without one; then a charset the caller declares (a Content-Type's); else UTF-8
 * when the bytes are UTF-8. Bytes that are not UTF-8 as a whole (and a declared UTF-8 they are not)
 * are read piece by piece: each property of a vCard (FileText.eightBit), each line of a CSV
 * (decodeFileText), as UTF-8 when its bytes are, else as windows-1252 (Outlook's, a superset of
 * ISO-8859-1), so one stray byte does not garble the rest, and a windows-1252 file reads as one.
 * A property's own CHARSET counts only where the file is not UTF-8 (and, with QUOTED-PRINTABLE or
 * base64, always).
 */
function fileText(input: string | Uint8Array, declared?: string): FileText {
  if (typeof input === 'string') return { text: input.replace(/^\uFEFF/, ''), charset: 'utf-8', eightBit: null };
  const b = input;
  const whole = (charset: string, from: number): FileText => ({ text: new TextDecoder(charset).decode(b.subarray(from)), charset, eightBit: null });
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return whole('utf-8', 3);
  if (b[0] === 0xff && b[1] === 0xfe) return whole('utf-16le', 2);
  if (b[0] === 0xfe && b[1] === 0xff) return whole('utf-16be', 2);
  if (b.length >= 2 && b[0] !== 0 && b[1] === 0) return whole('utf-16le', 0);
  if (b.length >= 2 && b[0] === 0 && b[1] !== 0) return whole('utf-16be', 0);
  const named = decoderFor(declared);
  if (named !== null && named.encoding.startsWith('utf-16')) return whole(named.encoding, 0);
  const latin1 = (charset: string, eightBit: string): FileText => ({
    text: Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('latin1'),
    charset,
    eightBit,
  });
  if (named !== null && named.encoding !== 'utf-8') return latin1(named.encoding, named.encoding);
  if (isUtf8(b)) return { text: strictUtf8.decode(b), charset: 'utf-8', eightBit: null };
  // `charset`: what the file is as a whole (not UTF-8); its pieces that are UTF-8 are still read so.
  return latin1('windows-1252', 'utf-8');
}

/** A character of text read byte for byte (latin1) that is no ASCII. */
const HIGH_BYTE = /[\u0080-\u00ff]/g;

/** A stretch of a file's bytes, `from` to `to`, read as UTF-8 or (not `utf8`) as the file's 8-bit charset. */
type Run = { from: number; to: number; utf8: boolean };

/**
 * The runs of bytes that are not UTF-8 as a whole (`latin1`: the same bytes one per character), line by
 * line: a line whose bytes are UTF-8 is read as UTF-8, any other as the 8-bit charset. Only the lines
 * holding a byte above 0x7F are looked at (an ASCII line reads alike either way), and consecutive lines
 * read alike are one run, so a file that is windows-1252 throughout is decoded at once, as before.
 */
function runsByLine(bytes: Uint8Array, latin1: string): Run[] {
  // Lines end at LF (CRLF included); a file with no LF at all is split at its CRs (old Mac exports).
  const eol = latin1.includes('\n') ? '\n' : '\r';
  const runs: Run[] = [];
  let runStart = 0;
  let runUtf8 = true;
  HIGH_BYTE.lastIndex = 0;
  for (let m = HIGH_BYTE.exec(latin1); m !== null; m = HIGH_BYTE.exec(latin1)) {
    const start = latin1.lastIndexOf(eol, m.index) + 1;
    const nl = latin1.indexOf(eol, m.index);
    const end = nl < 0 ? latin1.length : nl + 1;
    const lineUtf8 = isUtf8(bytes.subarray(start, end));
    if (lineUtf8 !== runUtf8) {
      if (start > runStart) runs.push({ from: runStart, to: start, utf8: runUtf8 });
      runStart = start;
      runUtf8 = lineUtf8;
    }
    HIGH_BYTE.lastIndex = end;
  }
  if (latin1.length > runStart) runs.push({ from: runStart, to: latin1.length, utf8: runUtf8 });
  return runs;
}

/** The text of the runs (runsByLine): UTF-8 ones as UTF-8, the others with `eightBit`. */
function textOfRuns(bytes: Uint8Array, runs: Run[], eightBit: Decoder): string {
  const utf8 = new TextDecoder('utf-8');
  return runs.map((r) => (r.utf8 ? utf8 : eightBit).decode(bytes.subarray(r.from, r.to))).join('');
}

/** Each byte 0x80–0xFF as windows-1252 and as Mac Roman read it (index: byte - 0x80). */
const HIGH_CHARS: { cp1252: string; mac: string } | null = (() => {
  const high = Uint8Array.from({ length: 128 }, (_, i) => 0x80 + i);
  const mac = decoderFor('macintosh');
  return mac === null ? null : { cp1252: windows1252.decode(high), mac: mac.decode(high) };
})();
/** Bytes windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D): letters in Mac Roman (Å ç è ê ù). */
const CP1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
const isAsciiLetter = (b: number | undefined): boolean => b !== undefined && ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a));
const isAsciiLower = (b: number | undefined): boolean => b !== undefined && b >= 0x61 && b <= 0x7a;

/**
 * Whether bytes that are not UTF-8 are Mac Roman rather than windows-1252: Excel for Mac's "Comma
 * Separated Values" writes Mac Roman, where ü ç è é ñ ö are the bytes 0x80–0x9F that windows-1252 reads
 * as punctuation or nothing ("JŸrgen MŸller", "Franois"). Each byte above 0x7F beside an ASCII letter
 * (its other neighbour a letter or another such byte) is a vote for the charset in which it is a letter
 * that fits there (or an apostrophe) and not in the other: a capital after a letter and before or after a
 * lower-case one does not fit. Mac Roman when windows-1252 gets no vote, and Mac Roman two, or those
 * bytes hold one windows-1252 leaves undefined. A windows-1252 file with ü, ä, ö or à gets windows-1252's
 * votes (those bytes are symbols in Mac Roman) and stays windows-1252. Only the runs of `runs` that are
 * not UTF-8 are counted.
 */
function isMacRoman(bytes: Uint8Array, runs: Run[]): boolean {
  if (HIGH_CHARS === null) return false;
  let mac = 0;
  let undefinedBytes = 0;
  // Only the bytes read as the 8-bit charset: a UTF-8 line is UTF-8 whatever this decides, and its
  // sequences ("Å" C3 85, "Ł" C5 81) would vote Mac Roman for the windows-1252 lines of a mixed file.
  for (const run of runs) {
    if (run.utf8) continue;
    const part = bytes.subarray(run.from, run.to);
    for (let i = 0; i < part.length; i++) {
      const b = part[i]!;
      if (b < 0x80) continue;
      if (CP1252_UNDEFINED.has(b)) undefinedBytes++;
      const prev = part[i - 1];
      const next = part[i + 1];
      const besideLetter = isAsciiLetter(prev) || isAsciiLetter(next);
      const inWord = (isAsciiLetter(prev) || (prev ?? 0) >= 0x80) && (isAsciiLetter(next) || (next ?? 0) >= 0x80);
      if (!besideLetter || !inWord) continue;
      // Inside a word, a capital before a lower-case letter (or after one) does not fit: "JŸrgen", "RenŽe".
      const small = isAsciiLetter(prev) && (isAsciiLower(next) || isAsciiLower(prev));
      const fits = (c: string) => c === '\u2019' || (/\p{L}/u.test(c) && !(small && c !== c.toLowerCase()));
      const asMac = fits(HIGH_CHARS.mac[b - 0x80]!);
      const asCp = fits(HIGH_CHARS.cp1252[b - 0x80]!);
      if (asCp && !asMac) return false;
      if (asMac && !asCp) mac++;
    }
  }
  return mac >= 2 || (mac >= 1 && undefinedBytes > 0);
}

/**
 * The text of an uploaded file's bytes, decided as for a vCard (fileText): a byte-order mark, UTF-16's
 * zero bytes, the charset the caller declares, else UTF-8 when the bytes are UTF-8; bytes that are not
 * (with no charset declared, or a declared UTF-8) are read line by line (runsByLine). For the CSV
 * reader and format detection (a vCard is read from its bytes: readVcardFile).
 */
export function decodeFileText(bytes: Uint8Array, declared?: string): string {
  const f = fileText(bytes, declared);
  if (f.eightBit === null) return f.text;
  if (f.eightBit === 'utf-8') {
    const runs = runsByLine(bytes, f.text);
    return textOfRuns(bytes, runs, isMacRoman(bytes, runs) ? (decoderFor('macintosh') ?? windows1252) : windows1252);
  }
  const d = decoderFor(f.eightBit) ?? windows1252;
  return d.decode(bytes);
}

const bare = (name: string): string => name.toLowerCase().replace(/-/g, '');

/** ENCODING values that vCard 2.1 writes bare (`TEL;QUOTED-PRINTABLE:`): every other bare parameter is a TYPE. */
const ENCODINGS = new Set(['quotedprintable', 'base64', 'b', '8bit', '7bit']);

/** A content line's parts (RFC 6350 §3.3), raw: `[group "."] name *(";" param) ":" value`. Null: not a property line. */
interface ContentLine {
  group?: string;
  name: string;
  params: Record<string, string[]>;
  value: string;
}

/**
 * Splits a content line. A parameter value in double quotes may hold `:`, `;` and `,`
 * (`EMAIL;TYPE="x:y";PREF=1:ned@example.com`); RFC 6868's `^n` `^^` `^'` escapes are decoded in it.
 * A quote that is never closed is read as a character.
 */
function splitLine(line: string): ContentLine | null {
  const n = line.length;
  let i = 0;
  while (i < n && line[i] !== ';' && line[i] !== ':') i++;
  const head = line.slice(0, i).trim();
  if (i === n || !head) return null;
  const dot = head.lastIndexOf('.');
  const group = dot > 0 ? head.slice(0, dot).toLowerCase() : undefined;
  const params: Record<string, string[]> = {};
  const add = (k: string, vs: string[]) => {
    params[k] = [...(params[k] ?? []), ...vs];
  };
  while (line[i] === ';') {
    let j = ++i;
    while (j < n && line[j] !== '=' && line[j] !== ';' && line[j] !== ':') j++;
    const raw = line.slice(i, j).trim();
    const key = bare(raw);
    i = j;
    if (line[i] !== '=') {
      // vCard 2.1's bare parameters: `TEL;CELL;PREF:` `N;QUOTED-PRINTABLE:`
      if (key) add(ENCODINGS.has(key) ? 'encoding' : 'type', [raw]);
      continue;
    }
    i++;
    const values: string[] = [];
    for (;;) {
      let v = '';
      const close = line[i] === '"' ? line.indexOf('"', i + 1) : -1;
      if (close > 0) {
        v = line.slice(i + 1, close).replace(/\^(['n^])/g, (_m, c: string) => (c === 'n' ? '\n' : c === "'" ? '"' : '^'));
        i = close + 1;
      }
      while (i < n && line[i] !== ',' && line[i] !== ';' && line[i] !== ':') v += line[i++];
      values.push(v);
      if (line[i] !== ',') break;
      i++;
    }
    // A TYPE list may be quoted whole (`TYPE="voice,cell"`, RFC 6350's own example).
    if (key) add(key, key === 'type' ? values.flatMap((v) => v.split(',')) : values);
  }
  if (line[i] !== ':') return null;
  const name = bare(head.slice(dot + 1).trim());
  if (!name) return null;
  return { ...(group ? { group } : {}), name, params, value: line.slice(i + 1) };
}

const isQuotedPrintable = (params: Record<string, string[]>): boolean => (params.encoding ?? []).some((e) => /^quoted-printable$/i.test(e.trim()));
const isBase64 = (params: Record<string, string[]>): boolean => (params.encoding ?? []).some((e) => /^(b|base64)$/i.test(e.trim()));

/** A vCard 2.1 card's VERSION line. */
const VERSION_21 = /^version\s*:\s*2\.1\s*$/i;

/**
 * A card's physical lines → its content lines: folded lines unfolded (a line starting with a space or
 * tab continues the one before, less that one character; in vCard 2.1, which folds as RFC 822 does, at
 * white space, with it: `FN:Maximilian Alexander` folded before ` von Habsburg` lost its space),
 * quoted-printable soft line breaks (`=` at the end of a line) joined, blank lines dropped.
 */
function contentLines(lines: string[]): string[] {
  const keep = lines.some((l) => VERSION_21.test(l)) ? 0 : 1; // characters of a fold's white space dropped
  const out: string[] = [];
  // Whether the line being built is quoted-printable (null: its parameters are not complete yet).
  let qp: boolean | null = null;
  const known = () => {
    if (qp === null) {
      const parsed = splitLine(out[out.length - 1]);
      if (parsed !== null) qp = isQuotedPrintable(parsed.params);
    }
    return qp === true;
  };
  for (const line of lines) {
    const last = out.length - 1;
    if (last >= 0 && out[last].endsWith('=') && known()) out[last] = out[last].slice(0, -1) + line.replace(/^[ \t]/, '');
    else if (last >= 0 && (line.startsWith(' ') || line.startsWith('\t'))) out[last] += line.slice(keep);
    else if (line.trim() !== '') {
      out.push(line);
      qp = null;
    }
  }
  return out;
}

/** Properties whose base64 is binary (a picture, a sound, a key), never text. */
const BINARY = new Set(['photo', 'logo', 'sound', 'key']);

/** A content line → a property, its value decoded (quoted-printable, base64 text, the charset of an 8-bit file). */
function propertyOf(line: ContentLine, eightBit: string | null): VcardProperty {
  const { params } = line;
  const charset = params.charset?.[0];
  const latin = (s: string) => (eightBit === null ? s : textOf(Buffer.from(s, 'latin1'), eightBit));
  for (const [k, vs] of Object.entries(params)) params[k] = vs.map(latin);
  if (params.type) params.type = params.type.map((t) => t.trim().toLowerCase());
  let value = line.value;
  if (isQuotedPrintable(params)) value = textOf(quotedPrintableBytes(value, eightBit === null ? utf8Bytes : rawByte), charset);
  else if (isBase64(params) && !BINARY.has(line.name)) value = base64Text(value, charset) ?? latin(value);
  else if (eightBit !== null) value = decoderFor(charset) !== null ? textOf(Buffer.from(value, 'latin1'), charset) : latin(value);
  return { name: line.name, ...(line.group ? { group: line.group } : {}), params, value };
}

/** Base64 text (vCard 3 `FN;ENCODING=b:`) in its charset; null when it is not base64 or not text. */
function base64Text(value: string, charset: string | undefined): string | null {
  const b64 = value.replace(/\s+/g, '');
  if (!b64 || b64.length % 4 === 1 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return null;
  const text = textOf(Buffer.from(b64, 'base64'), charset);
  return hasControl(text) ? null : text;
}

const BEGIN = /^\s*BEGIN\s*:\s*VCARD\s*$/i;
const END = /^\s*END\s*:\s*VCARD\s*$/i;

/** vCard 2.1's AGENT holding a card: `AGENT:` with the card on the next lines, or `AGENT:BEGIN:VCARD`. */
const AGENT_EMPTY = /^\s*(?:[^\s:;]+\.)?AGENT(?:;[^:]*)?:\s*$/i;
const AGENT_BEGIN = /^\s*(?:[^\s:;]+\.)?AGENT(?:;[^:]*)?:\s*BEGIN\s*:\s*VCARD\s*$/i;

/**
 * The cards of a file: the physical lines between each BEGIN:VCARD and its END (or the next BEGIN, or
 * the end of the file). A card an AGENT property holds (vCard 2.1 writes it on the lines after
 * `AGENT:`) is part of the property, not a card of the file: its lines, up to its own END:VCARD, are
 * skipped, and the card holding it goes on after them.
 */
function cardsOf(text: string): { lines: string[]; ended: boolean }[] {
  const cards: { lines: string[]; ended: boolean }[] = [];
  let cur: { lines: string[]; ended: boolean } | null = null;
  // How deep in AGENT cards the reader is (0: in the card itself), and whether the last line was `AGENT:`.
  let agentDepth = 0;
  let afterAgent = false;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (cur !== null && agentDepth > 0) {
      if (BEGIN.test(line) || AGENT_BEGIN.test(line)) agentDepth++;
      else if (END.test(line)) agentDepth--;
      continue;
    }
    if (cur !== null && ((afterAgent && BEGIN.test(line)) || AGENT_BEGIN.test(line))) {
      agentDepth = 1;
      afterAgent = false;
      continue;
    }
    if (line.trim() !== '') afterAgent = cur !== null && AGENT_EMPTY.test(line);
    // Text between cards (after an END, before the next BEGIN) is not part of any card.
    if (BEGIN.test(line)) cards.push((cur = { lines: [], ended: false }));
    else if (cur !== null && END.test(line)) {
      cur.ended = true;
      cur = null;
    } else cur?.lines.push(line);
  }
  return cards;
}

/**
 * Why a card's VERSION stops it being read, or null. A card without VERSION, or with 2.x, 3.x or 4.x
 * written loosely (`3`, ` 3.0`, `2.0`), is read: FN, N, EMAIL and TEL read the same in all of them.
 */
function versionProblem(props: VcardProperty[]): string | null {
  const v = props.find((p) => p.name === 'version')?.value.trim() ?? '';
  const m = /^(\d+)(\.\d+)*$/.exec(v);
  if (m === null || ['2', '3', '4'].includes(m[1])) return null;
  return `unsupported vCard version "${v.slice(0, 12)}"`;
}

/**
 * Reads a whole .vcf file card by card: its text, or its bytes (decoded as `fileText` says; `charset`:
 * one the caller declares, such as a Content-Type's). Every BEGIN:VCARD gives one card, in file order,
 * whether it could be read or not, so a card's position is its index in the upload.
 */
export function readVcardFile(input: string | Uint8Array, opts: { charset?: string } = {}): VcardFile {
  const file = fileText(input, opts.charset);
  let sourceType: ParsedVcards['sourceType'] = null;
  const cards = cardsOf(file.text).map(({ lines, ended }): VcardCard => {
    const notes: CardNote[] = ended ? [] : ['no_end'];
    const props: VcardProperty[] = [];
    for (const line of contentLines(lines)) {
      const parsed = splitLine(line);
      if (parsed !== null) props.push(propertyOf(parsed, file.eightBit));
    }
    const problem = versionProblem(props);
    if (problem !== null) return { entry: null, read: {}, notRead: problem, notes };
    if (props.some((p) => p.value.includes('\uFFFD'))) notes.push('undecodable');
    sourceType ??= sourceTypeOf(props.find((p) => p.name === 'prodid')?.value);
    const read = cardEntry(props);
    return { entry: isUsable(read) ? read : null, read, notes };
  });
  return { cards, sourceType, charset: file.charset };
}

/** Where the cards came from, from their PRODID (the API's `source.type`). */
export function sourceTypeOf(prodId: string | undefined): ParsedVcards['sourceType'] {
  if (!prodId) return null;
  if (/apple|iphone|ipad|ios|mac os/i.test(prodId)) return 'ios';
  if (/android/i.test(prodId)) return 'android';
  if (/google/i.test(prodId)) return 'gmail';
  return null;
}

/**
 * Reads every usable card of a .vcf file (its text or its bytes, see `readVcardFile`). A card that
 * cannot be read or holds nothing is skipped and reported (numbered from 1), not fatal.
 */
export function parseVcards(input: string | Uint8Array, opts: { charset?: string } = {}): ParsedVcards {
  const file = readVcardFile(input, opts);
  const entries: Entry[] = [];
  const skipped: ParsedVcards['skipped'] = [];
  file.cards.forEach((c, i) => {
    if (c.entry !== null) entries.push(c.entry);
    else skipped.push({ card: i + 1, reason: c.notRead ?? 'no name, e-mail, phone or company' });
  });
  return { entries, skipped, sourceType: file.sourceType };
}
