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
  /** A quoted-printable value ended in a stray `=` before a new property: the value ended there (contentLines). */
  | 'stray_soft_break'
  /** The card holds U+FFFD: characters lost before or while the file was decoded (text that was not UTF-8). */
  | 'undecodable'
  /** A group card (KIND:group): no person; its members given by address are entries of their own (VcardCard.members). */
  | 'group';

/** One card of a file (every BEGIN:VCARD starts one, and a vCard 3.0 AGENT escaped in a value: cardsOf), in file order. */
export interface VcardCard {
  /** The card's entry; null when it holds no name, e-mail, phone or company, or was not read. */
  entry: Entry | null;
  /** Everything read from the card: its entry, or what an unusable card holds (possibly `{}`; `{}` when not read). */
  read: Entry;
  /** Why the card was not read at all (an unsupported VERSION). */
  notRead?: string;
  notes: CardNote[];
  /**
   * A group card's (KIND:group) members given by address, `MEMBER:mailto:` and `MEMBER:tel:`: an entry
   * each, as a list of recipients becomes people. The group card itself is no person (its entry is null,
   * `read` is `{}`); its `MEMBER:urn:uuid:` members are other cards of the file, read there.
   */
  members?: Entry[];
}

/** A whole .vcf file, card by card: `cards[i]` is the card at position i (0-based) in the file. */
export interface VcardFile {
  cards: VcardCard[];
  sourceType: ParsedVcards['sourceType'];
  /** The character set the file was read in (`utf-8` for text given as a string). */
  charset: string;
  /**
   * Lines holding text outside any card, not read: before the first BEGIN:VCARD (a mail attachment's
   * headers saved with it, a title line), between an END:VCARD and the next BEGIN:VCARD, after the last END.
   */
  outside: number;
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
 * older export) `fallback`: windows-1252, or the charset legacyCharsetOf chose for the file the bytes
 * come from. A declared UTF-8 that the bytes are not gets the same fallback.
 */
function textOf(bytes: Uint8Array, charset?: string, fallback: Decoder = windows1252): string {
  const named = decoderFor(charset);
  if (named !== null && named.encoding !== 'utf-8') return named.decode(bytes);
  return isUtf8(bytes) ? strictUtf8.decode(bytes) : fallback.decode(bytes);
}

/** The multi-byte charsets legacyCharsetOf may choose. */
const CJK_CHARSETS = new Set(['shift_jis', 'euc-kr', 'gbk', 'big5']);

/**
 * A piece of a file that is not UTF-8 as a whole (a vCard value, a CSV line) that names no charset: UTF-8
 * when its bytes are, else in `legacy`, the file's 8-bit charset (legacyCharsetOf; windows-1252 for a
 * file that is UTF-8, or in a charset the caller declared). Bytes that are UTF-8 but rather CJK text
 * in `legacy` (isRatherCjk) are read in it.
 */
function pieceText(bytes: Uint8Array, legacy: Decoder): string {
  return isUtf8(bytes) && !isRatherCjk(bytes, legacy) ? strictUtf8.decode(bytes) : legacy.decode(bytes);
}

/**
 * Whether bytes that are valid UTF-8 are rather text in `legacy`, a multi-byte charset legacyCharsetOf
 * chose for their file: their reading in it qualifies as CJK (cjkReading) and their UTF-8 reading holds
 * no CJK. Two GBK characters are valid UTF-8 more often than not ("肖思" D0 A4 CB BC is UTF-8 `Ф˼`, "陆平"
 * C2 BD C6 BD is `½ƽ`), so in a GBK file a short line or value read as UTF-8 was garbled; a windows-1252
 * piece is seldom UTF-8 by chance, and a UTF-8 one in a CJK file (two exports joined) holds CJK.
 */
function isRatherCjk(bytes: Uint8Array, legacy: Decoder): boolean {
  if (!CJK_CHARSETS.has(legacy.encoding) || !cjkReading([bytes], legacy.encoding)?.qualifies) return false;
  for (const c of strictUtf8.decode(bytes)) if (isCjk(c.codePointAt(0)!)) return false;
  return true;
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
export const NOT_PERSONAL_PHONE_LABEL =
  /^(?:home|work|other)?fax$|\b(?:fax|telefax|faks|t[ée]l[ée]copie|pager|beeper|assistant(?:'?s)?|company main)\b|факс|ファッ?クス|传真|傳真|팩스|פקס|فاكس|φαξ/;
/**
 * A name written sorted, `Family, Given` (as Outlook's FN and File As, Thunderbird's Display Name and a
 * directory write it), in natural order (`Given Family`) when its two parts are exactly the given and
 * family names the same record holds apart (N's, or first and last name columns; the given part may
 * carry the middle name too): `Kollwitz, Käthe` with given `Käthe` and family `Kollwitz` is `Käthe
 * Kollwitz`. Any other name is as written: a company (`Smith, Jones & Co.`), a name whose parts say
 * nothing of the order, or one that only comes sorted (`Lee, Ann` with no parts: which is the family
 * name is not known).
 */
export function naturalOrder(name: string, given: string, family: string, middle = ''): string {
  const m = /^([^,]+),([^,]+)$/.exec(name);
  const [g, f, mid] = [clean(given), clean(family), clean(middle)];
  if (m === null || !g || !f || clean(m[1]) !== f) return name;
  const rest = clean(m[2]);
  if (rest === g) return `${g} ${f}`;
  return mid && rest === `${g} ${mid}` ? `${g} ${mid} ${f}` : name;
}

/** Han, kana and Hangul only (a CJK name part): such a name is written family name first. */
const CJK_NAME = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc\s]+$/u;

/**
 * A name from its parts: given, middle, family, or family name first when both are written in Han,
 * kana or Hangul (Japanese Outlook's 名 and 姓 columns, a vCard's `N:山田;太郎`: `山田 太郎`, not `太郎
 * 山田`; `N:김;민준`: `김 민준`), the parts split by a space as the CSV columns and N write them apart.
 */
export function nameOfParts(given: string, middle: string, family: string): string {
  const [g, m, f] = [clean(given), clean(middle), clean(family)];
  return clean((g && f && CJK_NAME.test(g) && CJK_NAME.test(f) ? [f, m, g] : [g, m, f]).join(' '));
}

/** A phone's label naming a company's main number (a switchboard): read only for a company's own card with no other number. */
export const COMPANY_MAIN_LABEL = /\bcompany main\b/;
/**
 * Whether a contact is a company's own card: a company, and no name other than it. Only such a card
 * holding no other number keeps its company's main number (a person's card never takes the switchboard).
 */
export function isCompanyCard(name: string, company: string): boolean {
  return company !== '' && (name === '' || name.toLowerCase() === company.toLowerCase());
}
/**
 * Whether a phone's label (as written, or Apple's `_$!<HomeFAX>!$_`, any case) says the number is not the
 * person's own (NOT_PERSONAL_PHONE_LABEL): what the uploads' lenient reading shares with the readers.
 */
export function isNotPersonalPhoneLabel(raw: string): boolean {
  return NOT_PERSONAL_PHONE_LABEL.test(labelOf(raw));
}
/** TEL TYPE values of the same (vCard's FAX and PAGER, Evolution's X-EVOLUTION-ASSISTANT and -COMPANY, DAVx5's X-COMPANY_MAIN). */
const NOT_PERSONAL_PHONE_TYPE = /^(?:x-)?(?:evolution-)?(?:assistant|company|company[-_]?main)$/;
const COMPANY_MAIN_TYPE = /^(?:x-)?(?:evolution-)?(?:company|company[-_]?main)$/;

/**
 * Whether a TEL is a company's main number (a switchboard, by its TYPE or label) and nothing that is
 * left out anyway (a fax, a pager, an assistant's): read only for a company's own card with no other number.
 */
function isCompanyMainPhone(p: VcardProperty, label: string | undefined): boolean {
  const types = p.params.type ?? [];
  if ((label !== undefined && label !== '' && !COMPANY_MAIN_LABEL.test(label)) || types.some((t) => t === 'fax' || t === 'pager' || /assistant/.test(t)))
    return false;
  return (label !== undefined && COMPANY_MAIN_LABEL.test(label)) || types.some((t) => COMPANY_MAIN_TYPE.test(t));
}

/**
 * Whether a TEL is one of the person's phones: not when its TYPE says FAX or PAGER (unless it is also
 * VOICE: `TYPE=VOICE,FAX` is a line that takes both), an assistant's or a company's main number, nor
 * when its label (an Apple X-ABLabel of its group) says so.
 */
function isPersonalPhone(p: VcardProperty, label: string | undefined): boolean {
  if (label !== undefined && NOT_PERSONAL_PHONE_LABEL.test(label)) return false;
  if (customLabels(p).some((l) => NOT_PERSONAL_PHONE_LABEL.test(l))) return false;
  const types = p.params.type ?? [];
  if (types.some((t) => NOT_PERSONAL_PHONE_TYPE.test(t))) return false;
  return !types.some((t) => t === 'fax' || t === 'pager') || types.includes('voice');
}

/**
 * The labels an Android phone writes in a TEL's parameters for a label of the user's own: `TEL;X-Fax:`
 * (a bare `X-` type), Samsung's `TEL;X-CUSTOM(CHARSET=UTF-8,ENCODING=QUOTED-PRINTABLE,=46=61=78):`
 * (the label last, quoted-printable when it says so). Lower-case. A probe found a fax so labelled the
 * person's number to text.
 */
function customLabels(p: VcardProperty): string[] {
  const out: string[] = [];
  for (const t of p.params.type ?? []) if (/^x-./i.test(t)) out.push(labelOf(t.slice(2)));
  for (const [k, vs] of Object.entries(p.params)) {
    if (!k.startsWith('xcustom(') || vs.length === 0) continue;
    const last = vs[vs.length - 1]!.replace(/\)$/, '');
    const qp = vs.some((v) => /quoted-?printable/i.test(v));
    out.push(labelOf(qp ? decodeQuotedPrintable(last) : last));
  }
  return out;
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

/**
 * Whether a card is a company's own, shown with no name: its KIND is `org` (vCard 4.0), or its N holds
 * no given or family name and it is shown as its company (an iPhone's X-ABShowAs:COMPANY) or its FN is
 * its ORG, compared trimmed and in any case (Outlook's and Apple's company cards: `N:;;;;`, `FN:Acme
 * Plumbing`, `ORG:Acme Plumbing;`). A person's card whose FN is not the ORG (`FN:Ann Lee`, `ORG:Acme`,
 * N empty) stays the person's. A "show as company" card whose N holds a family name alone (`N:Okafor;;;;`,
 * a family business) keeps the company as its name: nameless, it joined a family member on its line as
 * a copy of their card (review F2); one whose N names a person is that person (cardEntry).
 */
function isCompanyOnlyCard(props: VcardProperty[], fn: string, given: string, family: string, isCompany: (s: string) => boolean): boolean {
  const value = (name: string) => clean(props.find((p) => p.name === name)?.value);
  if (/^(?:org|organization)$/i.test(value('kind'))) return true;
  if (!fn || clean(given) !== '' || clean(family) !== '') return false;
  return isCompany(fn) || (/^company$/i.test(value('xabshowas')) && !props.some((p) => p.name === 'org'));
}

/**
 * Whether a card is a group: a list of its members, no person. vCard 4.0's KIND:group, and Apple's
 * X-ADDRESSBOOKSERVER-KIND:group (iCloud and macOS Contacts export their groups so, with members as
 * X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:… references to the file's own cards, which add no one).
 */
const isGroupCard = (props: VcardProperty[]): boolean =>
  props.some((p) => (p.name === 'kind' || p.name === 'xaddressbookserverkind') && /^group$/i.test(clean(p.value)));

/**
 * A group card's members given by address, an entry each, in card order: `MEMBER:mailto:` (its query
 * dropped, percent-escapes decoded) and `MEMBER:tel:`. Others (`urn:uuid:`, pointing at a card of the
 * file) give none.
 */
function groupMembers(props: VcardProperty[]): Entry[] {
  const members: Entry[] = [];
  for (const p of props) {
    if (p.name !== 'member') continue;
    const v = clean(unescapeText(p.value));
    const mailto = /^mailto:([^?]*)/i.exec(v);
    if (mailto) {
      let address = mailto[1];
      try {
        address = decodeURIComponent(address);
      } catch {
        // A stray `%` is kept as written.
      }
      address = clean(address);
      if (address) members.push({ emails: [address] });
      continue;
    }
    const tel = /^tel:(.+)$/i.exec(v);
    if (tel && clean(tel[1])) members.push({ phones: [clean(tel[1])] });
  }
  return members;
}

/** Everything a card holds, as an Entry (possibly `{}`; `{}` for a group card, which is no person). */
function cardEntry(props: VcardProperty[]): Entry {
  if (isGroupCard(props)) return {};
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
  const fromN = (): string => clean([prefix, nameOfParts(given, additional, family), suffix].join(' '));
  // An iPhone card set to "show as company" (X-ABShowAs:COMPANY) has the company as its FN and the
  // person in N: the person's name is N (the company stays the company), so the card and the person's
  // own card on the same mobile are one person, not "Okafor Landscaping" beside "Chidi Okafor". Only
  // when N names a person, with a given (or middle) name: a family business's card with N "Okafor;;;;"
  // named "Okafor" fit every Okafor and joined a family member through the shared business line; nor
  // when N only spells out the company's words ("Landscaping;Okafor").
  let company = clean(splitStructured(first('org')?.value ?? '')[0]);
  const words = (s: string) => clean(s).toLowerCase().split(/\s+/).filter(Boolean);
  const companyWords = new Set(words(company));
  const nNamesPerson = clean(`${given} ${additional}`) !== '' && !words(fromN()).every((w) => companyWords.has(w));
  const showsCompany = /^company$/i.test(clean(first('xabshowas')?.value));
  const isCompany = (s: string) => company !== '' && s.toLowerCase() === company.toLowerCase();
  let companyOnly = false;
  if (name && showsCompany && nNamesPerson && (!company || isCompany(name))) name = fromN() || name;
  else if (isCompanyOnlyCard(props, name, given, family, isCompany)) {
    // A company's own card is shown with no name (docs/decisions.md "Company-only cards"), as one with
    // an ORG and no FN: a company is no one to greet, and such a card does not pass filter_blank_names.
    // Its company is the ORG, or (a KIND:org card without one) its FN.
    companyOnly = true;
    if (!company) company = name;
    name = '';
  }
  if (!name && !companyOnly) name = fromN();
  // Outlook writes FN sorted, as its File As (`FN:Schulz, Petra` beside `N:Schulz;Petra`).
  name = naturalOrder(name, given, family, additional);
  if (name) entry.name = name;

  const emails = byPreference(all('email'))
    .map((p) => clean(unescapeText(p.value)))
    .filter(Boolean);
  if (emails.length) entry.emails = [...new Set(emails)];

  const tels = all('tel');
  const personal = tels.filter((p) => isPersonalPhone(p, p.group && labels.get(p.group)));
  // A company's main number only for a company's own card holding no other number.
  const main = personal.length === 0 && isCompanyCard(name, company) ? tels.filter((p) => isCompanyMainPhone(p, p.group && labels.get(p.group))) : [];
  const phones = byPreference(personal.length > 0 ? personal : main)
    // A tel: URI's scheme is dropped, unless it carries the local number's context (RFC 3966
    // `tel:555-0123;phone-context=+1-415`: +1 415 555 0123, read so by phone.ts only as a URI).
    .map((p) => {
      const v = clean(unescapeText(p.value));
      return /;phone-context=/i.test(v) ? v : v.replace(/^tel:/i, '');
    })
    .filter(Boolean);
  if (phones.length) entry.phones = [...new Set(phones)];

  // Android's vCard 2.1 export writes a nickname as its own custom property (`X-ANDROID-CUSTOM:
  // vnd.android.cursor.item/nickname;Bobby;1;;…`): read as NICKNAME (a probe: the card came back unnamed).
  // splitStructured unescapes each part, once: unescaped again, `R2\\nD2` (a backslash, then n) read as `R2 D2`.
  const androidNickname = () => {
    for (const p of all('xandroidcustom')) {
      const parts = splitStructured(p.value, ';');
      if (parts[0]?.trim().toLowerCase() === 'vnd.android.cursor.item/nickname' && parts[1]) return parts[1];
    }
    return '';
  };
  const nickname = clean(splitStructured(first('nickname')?.value ?? '', ',')[0]) || clean(androidNickname());
  if (nickname) entry.nickname = nickname;
  // A card known only by a nickname (NICKNAME and no FN or N) is shown by it: its name was null.
  if (nickname && !entry.name && !companyOnly) entry.name = nickname;
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
 * UTF-8 and in the charset legacyCharsetOf chose from the file's bytes when they are not (two exports joined, a stray byte, a fold inside a character).
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
 * (decodeFileText), as UTF-8 when its bytes are, else in the charset legacyCharsetOf chooses once for
 * the file from the bytes of those pieces (windows-1252, Outlook's, a superset of ISO-8859-1, unless
 * they clearly say otherwise), so one stray byte does not garble the rest, and a file in one legacy
 * charset reads as one.
 * A property's own CHARSET counts only where the file is not UTF-8 (and, with QUOTED-PRINTABLE or
 * base64, always).
 */
function fileText(input: string | Uint8Array, declared?: string): FileText {
  if (typeof input === 'string') return { text: input.replace(/^\uFEFF/, ''), charset: 'utf-8', eightBit: null };
  const b = input;
  const whole = (charset: string, from: number): FileText => ({ text: new TextDecoder(charset).decode(b.subarray(from)), charset, eightBit: null });
  // A UTF-8 mark on bytes that are not UTF-8 as a whole (a line folded inside a character, RFC 6350 3.2):
  // read as a file without the mark is, property by property after unfolding (a probe found the
  // character garbled, and the file blamed as decoded wrongly, only when the mark was there).
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return isUtf8(b.subarray(3)) ? whole('utf-8', 3) : fileText(b.subarray(3), declared);
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
  // `charset`: what the file is as a whole (not UTF-8; readVcardFile puts the charset legacyCharsetOf
  // chooses in its place); its pieces that are UTF-8 are still read so.
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
 * With `legacy` (the file's 8-bit charset, legacyCharsetOf), a line that is UTF-8 but rather CJK text in
 * it (isRatherCjk) is read in it.
 */
function runsByLine(bytes: Uint8Array, latin1: string, legacy?: Decoder): Run[] {
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
    const line = bytes.subarray(start, end);
    const lineUtf8 = isUtf8(line) && (legacy === undefined || !isRatherCjk(line, legacy));
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

/**
 * Each byte 0x80–0xFF as a single-byte charset reads it, one character per byte (index: byte - 0x80),
 * or null when TextDecoder does not know the charset. Built on first use: a UTF-8 file never needs one.
 */
const highCharsOf = new Map<string, string | null>();
function highChars(label: string): string | null {
  let chars = highCharsOf.get(label);
  if (chars === undefined) {
    const d = decoderFor(label);
    chars = d === null ? null : Array.from({ length: 128 }, (_, i) => d.decode(Uint8Array.of(0x80 + i)).charAt(0) || '\uFFFD').join('');
    highCharsOf.set(label, chars);
  }
  return chars;
}
/** Bytes windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D): letters in Mac Roman (Å ç è ê ù). */
const CP1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
const isAsciiLetter = (b: number | undefined): boolean => b !== undefined && ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a));
const isAsciiLower = (b: number | undefined): boolean => b !== undefined && b >= 0x61 && b <= 0x7a;
const isLetter = (c: string): boolean => /\p{L}/u.test(c);
const isCapital = (c: string): boolean => c !== c.toLowerCase();

/**
 * Votes between two single-byte readings (highChars) `a` and `b` of the bytes of `parts`. Each byte
 * above 0x7F inside a word (an ASCII letter on one side, an ASCII letter or another such byte on the
 * other) votes for the reading in which it is a letter that fits there (or an apostrophe) and not in
 * the other: a capital after a letter and before or after a lower-case one does not fit ("JŸrgen",
 * "RenŽe"). With `edges`, a byte at either end of a word votes too: at its end (after three ASCII
 * letters, before no letter) as a letter, not a capital after a lower-case one ("Paweł" is `Pawe³` in
 * windows-1252, and ³ is no letter; a unit, "100 m³" or "cm³", is no such word); at its start (before an ASCII letter, after no letter) only as a
 * capital, as names start ("Łukasz" is `£ukasz`): a lower-case letter there is no evidence, and
 * Spanish "¿Qué" would be Polish "żQué". With `untilB`, the count stops at b's first vote (a file
 * that is windows-1252 throughout gives one at once, and is not read to its end).
 */
function letterVotes(parts: Uint8Array[], a: string, b: string, edges: boolean, untilB = false): { a: number; b: number } {
  const votes = { a: 0, b: 0 };
  const flagsA = letterFlags(a);
  const flagsB = letterFlags(b);
  for (const part of parts) {
    const n = part.length;
    for (let i = 0; i < n; i++) {
      const byte = part[i]!;
      // A byte the two read alike (é ü ñ in windows-1250 and windows-1252) never votes.
      if (byte < 0x80 || flagsA[byte - 0x80] === flagsB[byte - 0x80]) continue;
      const prev = i > 0 ? part[i - 1]! : 0x20;
      const next = i + 1 < n ? part[i + 1]! : 0x20;
      const prevLetter = isAsciiLetter(prev);
      const nextLetter = isAsciiLetter(next);
      const prevWord = prevLetter || prev >= 0x80;
      const nextWord = nextLetter || next >= 0x80;
      // What a character must be to fit: a letter, or an apostrophe inside a word; not a capital after
      // or before a lower-case letter inside a word, nor after one at its end; a capital at its start.
      let apostrophe = false;
      let noCapital = false;
      let capital = false;
      if ((prevLetter || nextLetter) && prevWord && nextWord) {
        apostrophe = true;
        noCapital = prevLetter && (isAsciiLower(next) || isAsciiLower(prev));
      } else if (edges && prevLetter && !nextWord && i >= 3 && isAsciiLetter(part[i - 2]) && isAsciiLetter(part[i - 3])) noCapital = isAsciiLower(prev);
      else if (edges && nextLetter && !prevWord) capital = true;
      else continue;
      const fits = (f: number) =>
        (apostrophe && (f & APOSTROPHE) !== 0) || ((f & LETTER) !== 0 && !(noCapital && (f & CAPITAL) !== 0) && (!capital || (f & CAPITAL) !== 0));
      const asA = fits(flagsA[byte - 0x80]!);
      const asB = fits(flagsB[byte - 0x80]!);
      if (asA && !asB) votes.a++;
      if (asB && !asA && ++votes.b > 0 && untilB) return votes;
    }
  }
  return votes;
}

const LETTER = 1;
const CAPITAL = 2;
const APOSTROPHE = 4;
/** The LETTER, CAPITAL and APOSTROPHE (’) flags of each character of a highChars string, by byte - 0x80. */
const letterFlagsOf = new Map<string, Uint8Array>();
function letterFlags(chars: string): Uint8Array {
  let flags = letterFlagsOf.get(chars);
  if (flags === undefined) {
    flags = Uint8Array.from(chars, (c) => (isLetter(c) ? LETTER : 0) | (isCapital(c) ? CAPITAL : 0) | (c === '\u2019' ? APOSTROPHE : 0));
    letterFlagsOf.set(chars, flags);
  }
  return flags;
}

/**
 * Whether bytes that are not UTF-8 are Mac Roman rather than windows-1252: Excel for Mac's "Comma
 * Separated Values" writes Mac Roman, where ü ç è é ñ ö are the bytes 0x80–0x9F that windows-1252 reads
 * as punctuation or nothing ("JŸrgen MŸller", "Franois"). The bytes inside words vote (letterVotes):
 * Mac Roman when windows-1252 gets no vote, and Mac Roman two, or those bytes hold one windows-1252
 * leaves undefined. A windows-1252 file with ü, ä, ö or à gets windows-1252's votes (those bytes are
 * symbols in Mac Roman) and stays windows-1252.
 */
function isMacRoman(parts: Uint8Array[]): boolean {
  const mac = highChars('macintosh');
  const cp1252 = highChars('windows-1252');
  if (mac === null || cp1252 === null) return false;
  const votes = letterVotes(parts, mac, cp1252, false, true);
  if (votes.b > 0) return false;
  if (votes.a >= 2) return true;
  return votes.a >= 1 && parts.some((part) => part.some((b) => CP1252_UNDEFINED.has(b)));
}

/**
 * Windows-1251 (Cyrillic) or windows-1253 (Greek), or null (legacyCharsetOf, rule 1). A word here is a
 * run of ASCII letters and bytes above 0x7F (a letter in one charset or another). Words of two bytes or
 * more made only of high bytes are what no Latin-script language writes (`Èâàí Ïåòðîâ` is "Иван
 * Петров" read as windows-1252; French "à" or Danish "ø", one byte, are no such word). They must be
 * most of the words holding a high byte, and at least two must read, in the charset chosen, as a word
 * is written: letters only, cased Title, lower or UPPER (`Иван`, `ИВАНОВ`), at least half of those
 * words. That and their bytes after the first being mostly 0xC0–0xFF (where both charsets keep their
 * alphabets; only capitals with an accent, Ukrainian і ї є and Serbian љ њ lie below) keep out GBK and
 * EUC-KR, whose double bytes make words of high bytes too, but fall below 0xC0 as often as not and
 * read as punctuation and capitals at random ("杨帆" is `Со·«`).
 * Greek rather than Cyrillic when more of the words read so in windows-1253 (its ά έ ή ί, 0xDC–0xDF,
 * are the capitals Ь Э Ю Я of windows-1251: "Γιάννης" is `ГйЬннзт`; Russian я, 0xFF, is no letter in
 * windows-1253), or as many and more of them start with a capital (Greek Έ Ά are ё ў: "Έλενα" is
 * `ёленб`); or, that equal too, when byte 0xF2 (ς, final sigma) ends such words and never stands
 * inside one (in windows-1251 it is т, found anywhere: "Петров"). Else Cyrillic.
 */
function cyrillicOrGreek(parts: Uint8Array[]): 'windows-1251' | 'windows-1253' | null {
  const cyrillic = highChars('windows-1251');
  const greek = highChars('windows-1253');
  if (cyrillic === null || greek === null) return null;
  const isWordByte = (b: number): boolean => b >= 0x80 || isAsciiLetter(b);
  let withHigh = 0;
  const highOnly: Uint8Array[] = [];
  for (const part of parts) {
    for (let i = 0; i < part.length; ) {
      if (!isWordByte(part[i]!)) {
        i++;
        continue;
      }
      let j = i;
      let ascii = false;
      let high = false;
      for (; j < part.length && isWordByte(part[j]!); j++) {
        if (part[j]! < 0x80) ascii = true;
        else high = true;
      }
      if (j - i >= 2 && high) {
        withHigh++;
        if (!ascii) highOnly.push(part.subarray(i, j));
      }
      i = j;
    }
  }
  if (highOnly.length < 2 || 2 * highOnly.length <= withHigh) return null;
  // How many of the words read as words in a charset, and how many of those start with a capital.
  const reading = (chars: string) => {
    let words = 0;
    let capitals = 0;
    for (const word of highOnly) {
      const s = Array.from(word, (b) => chars[b - 0x80]!).join('');
      const rest = s.slice(1);
      // All capitals counts from five letters on: two Chinese characters in GBK make four capitals as
      // often as one time in ten ("潘娜" is `ЕЛДИ`), and a Russian surname in capitals is longer.
      if (!Array.from(s).every(isLetter) || (rest !== rest.toLowerCase() && (s !== s.toUpperCase() || s.length < 5))) continue;
      words++;
      if (isCapital(s[0]!)) capitals++;
    }
    return { words, capitals };
  };
  let inner = 0;
  let alphabet = 0;
  let sigmaEnds = false;
  let sigmaInside = false;
  for (const word of highOnly) {
    inner += word.length - 1;
    for (let i = 1; i < word.length; i++) if (word[i]! >= 0xc0) alphabet++;
    if (word.indexOf(0xf2) >= 0 && word.indexOf(0xf2) < word.length - 1) sigmaInside = true;
    if (word[word.length - 1] === 0xf2) sigmaEnds = true;
  }
  if (alphabet < 0.75 * inner) return null;
  const c = reading(cyrillic);
  const g = reading(greek);
  const isGreek = g.words !== c.words ? g.words > c.words : g.capitals !== c.capitals ? g.capitals > c.capitals : sigmaEnds && !sigmaInside;
  const words = isGreek ? g.words : c.words;
  if (words < 2 || 2 * words < highOnly.length) return null;
  return isGreek ? 'windows-1253' : 'windows-1251';
}

/** Whether a code point is CJK: Han, kana, Hangul, CJK punctuation and symbols, full-width forms. */
function isCjk(cp: number): boolean {
  return (
    (cp >= 0x3000 && cp <= 0x30ff) || // CJK punctuation, Hiragana, Katakana
    (cp >= 0x3130 && cp <= 0x318f) || // Hangul compatibility jamo
    (cp >= 0x31f0 && cp <= 0x4dbf) || // Katakana extension, enclosed (㈱), compatibility (㍻), Han extension A
    (cp >= 0x4e00 && cp <= 0x9fff) || // Han
    (cp >= 0xac00 && cp <= 0xd7a3) || // Hangul syllables
    (cp >= 0x1100 && cp <= 0x11ff) || // Hangul jamo
    (cp >= 0xf900 && cp <= 0xfaff) || // Han compatibility
    (cp >= 0xff00 && cp <= 0xffef) || // full-width and half-width forms
    (cp >= 0x20000 && cp <= 0x3ffff) // Han extensions B–H
  );
}

/** What a multi-byte charset makes of the parts (legacyCharsetOf, rule 2), or null when they are not valid in it. */
interface CjkReading {
  /** The parts are (almost) only CJK, and it (almost) never stands beside an ASCII letter. */
  qualifies: boolean;
  cjk: number;
  kana: number;
  hangul: number;
}

function cjkReading(parts: Uint8Array[], label: string): CjkReading | null {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    return null;
  }
  let nonAscii = 0;
  let cjk = 0;
  let beside = 0;
  let kana = 0;
  let hangul = 0;
  const asciiLetterAt = (s: string, i: number): boolean => isAsciiLetter(s.charCodeAt(i));
  for (const part of parts) {
    let s: string;
    try {
      s = decoder.decode(part);
    } catch {
      return null;
    }
    for (let i = 0; i < s.length; i++) {
      if (s.charCodeAt(i) < 0x80) continue;
      const cp = s.codePointAt(i)!;
      const width = cp > 0xffff ? 2 : 1;
      nonAscii++;
      if (isCjk(cp)) {
        cjk++;
        if ((cp >= 0x3040 && cp <= 0x30ff) || (cp >= 0x31f0 && cp <= 0x31ff)) kana++;
        if ((cp >= 0xac00 && cp <= 0xd7a3) || (cp >= 0x1100 && cp <= 0x11ff) || (cp >= 0x3130 && cp <= 0x318f)) hangul++;
        if (asciiLetterAt(s, i - 1) || asciiLetterAt(s, i + width)) beside++;
      }
      i += width - 1;
    }
  }
  return { qualifies: nonAscii > 0 && cjk >= 0.9 * nonAscii && beside <= 0.2 * cjk, cjk, kana, hangul };
}

/**
 * Shift_JIS, EUC-KR, GBK or Big5, or null (legacyCharsetOf, rule 2). A candidate qualifies when the
 * parts are valid in it (TextDecoder, fatal), at least 90 % of the non-ASCII characters it makes are
 * CJK, and at most one in five of those stands beside an ASCII letter: a windows-1252 "Hélène" is valid
 * Shift_JIS too, its "él" and "èn" two kanji between `H` and `e`, while in a real CJK file a CJK
 * character beside a Latin letter is rare ("NTTドコモ"). Between candidates that qualify, evidence
 * decides: Shift_JIS when its reading has kana or a lead byte of 0x81–0x9F (where Shift_JIS puts its
 * kana and commonest kanji, 田 中 山; the other three put their common characters at 0xA1 and above;
 * half-width katakana, single bytes 0xA1–0xDF, are no evidence: EUC-KR or GBK bytes read so too); else
 * EUC-KR when at least 90 % of its reading is Hangul (Korean names are; Chinese GBK read as EUC-KR is
 * Hangul about as often as not); else GBK when at least 90 % of its characters are GB2312's (both bytes
 * 0xA1 and above: Simplified Chinese names, with a rare character of GBK's extensions at most, where a
 * Big5 file has trail bytes 0x40–0x7E in two characters of five); else Big5 when it qualifies.
 */
function cjkCharset(parts: Uint8Array[]): 'shift_jis' | 'euc-kr' | 'gbk' | 'big5' | null {
  const sjis = cjkReading(parts, 'shift_jis');
  if (sjis?.qualifies && (sjis.kana > 0 || parts.some(hasShiftJisLowLead))) return 'shift_jis';
  const euckr = cjkReading(parts, 'euc-kr');
  if (euckr?.qualifies && euckr.hangul >= 0.9 * euckr.cjk) return 'euc-kr';
  const gbk = cjkReading(parts, 'gbk');
  if (gbk?.qualifies && gb2312Share(parts) >= 0.9) return 'gbk';
  return cjkReading(parts, 'big5')?.qualifies ? 'big5' : null;
}

/** Whether bytes valid as Shift_JIS have a double-byte character whose lead byte is 0x81–0x9F. */
function hasShiftJisLowLead(part: Uint8Array): boolean {
  for (let i = 0; i < part.length; i++) {
    const b = part[i]!;
    if (b < 0x81 || (b >= 0xa0 && b <= 0xdf)) continue; // ASCII, 0x80, half-width katakana
    if (b <= 0x9f) return true;
    i++; // 0xE0–0xFC: a lead byte and its trail
  }
  return false;
}

/** The share of GB2312 characters (both bytes 0xA1 and above) among the characters above 0x7F of bytes valid as GBK. */
function gb2312Share(parts: Uint8Array[]): number {
  let gb2312 = 0;
  let all = 0;
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) {
      const b = part[i]!;
      if (b < 0x80) continue;
      all++;
      if (b === 0x80) continue; // €, one byte
      const trail = part[i + 1] ?? 0;
      // A second byte 0x30–0x39 starts a four-byte GB18030 sequence.
      if (trail >= 0x30 && trail <= 0x39) i += 3;
      else {
        if (b >= 0xa1 && trail >= 0xa1) gb2312++;
        i++;
      }
    }
  }
  return all === 0 ? 0 : gb2312 / all;
}

/** Whether bytes that are not UTF-8 are windows-1250 rather than windows-1252 (legacyCharsetOf, rule 4). */
function isCentralEuropean(parts: Uint8Array[]): boolean {
  const cp1250 = highChars('windows-1250');
  const cp1252 = highChars('windows-1252');
  if (cp1250 === null || cp1252 === null) return false;
  const votes = letterVotes(parts, cp1250, cp1252, true, true);
  return votes.a >= 2 && votes.b === 0;
}

/**
 * How many bytes of a file's pieces that are not UTF-8 legacyCharsetOf looks at: the first ones, as an
 * export is in one charset throughout. A 50,000-card windows-1252 vCard (7.5 MB) was read 40 % slower
 * when all of it was looked at (a review); this many bytes hold a few hundred names.
 */
const DETECTION_SAMPLE_BYTES = 64 * 1024;

/** The first `max` bytes of `parts` (whole parts, the last one cut): no copy. */
function sampleOf(parts: Uint8Array[], max: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  let left = max;
  for (const p of parts) {
    if (left <= 0) break;
    out.push(p.length <= left ? p : p.subarray(0, left));
    left -= p.length;
  }
  return out;
}

/**
 * The charset of the pieces of a file that are not UTF-8, when neither the file nor the piece declares
 * one, from their bytes (`parts`: a CSV's runs that are not UTF-8, runsByLine; a vCard's values that
 * are not UTF-8 and name no CHARSET, undeclaredPieces), chosen once for the whole file. Pure, and only
 * called for a file that is not UTF-8: a UTF-8 file pays nothing. Windows-1252, the charset of
 * Outlook's and Excel's exports in Western Europe and the Americas, unless the bytes give clear
 * evidence of another. A wrong switch garbles a file read right today (a French, German, Spanish,
 * Dutch or Icelandic windows-1252 file must never be switched), so each rule asks for evidence that
 * windows-1252 text does not give:
 *
 * 1. Cyrillic windows-1251 or Greek windows-1253 (cyrillicOrGreek): words made only of high bytes,
 *    which no Latin-script language writes (`Èâàí Ïåòðîâ`, `Ãéþñãïò`). First, because "Иван Петров",
 *    two words of an even number of letters, is valid GBK too.
 * 2. Shift_JIS, EUC-KR, GBK or Big5 (cjkCharset): the bytes are valid in it, read as CJK, and the CJK
 *    stands apart from ASCII letters (Japanese Outlook's CSV export is Shift_JIS: its header read as
 *    windows-1252 named no column).
 * 3. Mac Roman, as before (isMacRoman: Excel for Mac's CSV).
 * 4. Central European windows-1250 (isCentralEuropean): the letter votes of isMacRoman between
 *    windows-1250 and windows-1252, word ends included (letterVotes): at least two for windows-1250
 *    and none for windows-1252. Polish gives them: `Pawe³ £ukasiewicz`, `B¹k`, `Ró¿a`, `Ma³gorzata`
 *    (³ £ ¹ ¿ are no letters in windows-1252). A windows-1252 file gives none (its letters are letters
 *    in windows-1250 too: é ü ñ ø are é ü ń ř) and stays windows-1252 whatever else it holds. Czech
 *    "Jiří Dvořák" gives none either (ř í á read ø í á, letters) and stays windows-1252, mojibake as
 *    before (only ť Ť and Slovak ľ vote); so do Hungarian ő ű (õ û), Croatian and Romanian. When Mac
 *    Roman says so too, the two vote between themselves (see below).
 *
 * Turkish windows-1254 is not told from Icelandic windows-1252 (Ş ı İ ğ are Þ ý Ý ð, letters in both,
 * where Icelandic writes them): it stays windows-1252.
 */
function legacyCharsetOf(all: Uint8Array[]): string {
  const parts = sampleOf(all, DETECTION_SAMPLE_BYTES);
  if (parts.length === 0) return 'windows-1252';
  const other = cyrillicOrGreek(parts) ?? cjkCharset(parts);
  if (other !== null) return other;
  const macRoman = isMacRoman(parts);
  const centralEuropean = isCentralEuropean(parts);
  if (macRoman && centralEuropean) {
    // Both: Mac Roman's ü (0x9F) is windows-1250's ź, Polish ą (0xB9) is Mac Roman's π. The two vote
    // between themselves: "Małgorzata Bąk" is windows-1250 (ł is ≥ in Mac Roman), "François Müller"
    // Mac Roman (ç is Ť, a capital, in windows-1250); a tie stays Mac Roman, as before.
    const mac = highChars('macintosh');
    const cp1250 = highChars('windows-1250');
    const votes = mac !== null && cp1250 !== null ? letterVotes(parts, cp1250, mac, true) : { a: 0, b: 0 };
    return votes.a > votes.b ? 'windows-1250' : 'macintosh';
  }
  return macRoman ? 'macintosh' : centralEuropean ? 'windows-1250' : 'windows-1252';
}

/**
 * The text of an uploaded file's bytes, decided as for a vCard (fileText): a byte-order mark, UTF-16's
 * zero bytes, the charset the caller declares, else UTF-8 when the bytes are UTF-8; bytes that are not
 * (with no charset declared, or a declared UTF-8) are read line by line (runsByLine). For the CSV
 * reader and format detection (a vCard is read from its bytes: readVcardFile).
 */
export function decodeFileText(bytes: Uint8Array, declared?: string): string {
  return decodeFile(bytes, declared).text;
}

/**
 * decodeFileText's text, and `guessed`: the charset the lines that are not UTF-8 were read in when it was
 * guessed from their bytes (legacyCharsetOf), null when nothing was guessed (a UTF-8 or UTF-16 file, a
 * declared charset). `legacy`: read those lines in this charset instead (a caller that knows better, such
 * as the CSV reader from a header's column names).
 */
export function decodeFile(bytes: Uint8Array, declared?: string, legacy?: string): { text: string; guessed: string | null } {
  const f = fileText(bytes, declared);
  if (f.eightBit === null) return { text: f.text, guessed: null };
  if (f.eightBit === 'utf-8') {
    const runs = runsByLine(bytes, f.text);
    const eightBit = decoderFor(legacy) ?? decoderFor(legacyCharsetOf(runs.filter((r) => !r.utf8).map((r) => bytes.subarray(r.from, r.to)))) ?? windows1252;
    const text = textOfRuns(bytes, CJK_CHARSETS.has(eightBit.encoding) ? runsByLine(bytes, f.text, eightBit) : runs, eightBit);
    return { text, guessed: eightBit.encoding };
  }
  const d = decoderFor(f.eightBit) ?? windows1252;
  return { text: d.decode(bytes), guessed: null };
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

/** The properties of vCard 2.1, 3.0 and 4.0 (RFC 2426, RFC 6350) and their extensions (`X-…`). */
const PROPERTY_NAMES =
  'BEGIN|END|VERSION|FN|N|NICKNAME|PHOTO|BDAY|ANNIVERSARY|GENDER|ADR|LABEL|TEL|EMAIL|MAILER|TZ|GEO|TITLE|ROLE|LOGO|AGENT|ORG|MEMBER|RELATED|CATEGORIES|NOTE|PRODID|REV|SORT-STRING|SOUND|UID|CLIENTPIDMAP|URL|KEY|FBURL|CALADRURI|CALURI|CLASS|NAME|PROFILE|SOURCE|IMPP|KIND|LANG|XML';
/** A line that is clearly a new property: a known property's name (or an `X-` one), maybe grouped, then its parameters and `:`. */
const NEW_PROPERTY = new RegExp(`^(?:[A-Za-z0-9-]+\\.)?(?:${PROPERTY_NAMES}|X-[A-Za-z0-9-]+)(?:;[^:]*)?:`, 'i');

/**
 * A card's physical lines → its content lines: folded lines unfolded (a line starting with a space or
 * tab continues the one before, less that one character; in vCard 2.1, which folds as RFC 822 does, at
 * white space, with it: `FN:Maximilian Alexander` folded before ` von Habsburg` lost its space),
 * quoted-printable soft line breaks (`=` at the end of a line) joined, blank lines dropped. A
 * quoted-printable value ending in a stray `=` (`N;ENCODING=QUOTED-PRINTABLE:Bro=ZZken;QP=`) is not
 * continued by a line that is clearly a new property (NEW_PROPERTY): that property was swallowed into
 * the value. `strayBreak`: such a line was found.
 */
function contentLines(lines: string[]): { lines: string[]; strayBreak: boolean } {
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
  let strayBreak = false;
  for (const line of lines) {
    const last = out.length - 1;
    const softBreak = last >= 0 && out[last].endsWith('=') && known();
    if (softBreak && NEW_PROPERTY.test(line)) {
      strayBreak = true;
      out[last] = out[last].slice(0, -1);
      out.push(line);
      qp = null;
    } else if (softBreak) out[last] = out[last].slice(0, -1) + line.replace(/^[ \t]/, '');
    else if (last >= 0 && (line.startsWith(' ') || line.startsWith('\t'))) out[last] += line.slice(keep);
    else if (line.trim() !== '') {
      out.push(line);
      qp = null;
    }
  }
  return { lines: out, strayBreak };
}

/** Properties whose base64 is binary (a picture, a sound, a key), never text. */
const BINARY = new Set(['photo', 'logo', 'sound', 'key']);

/** A content line → a property, its value decoded (quoted-printable, base64 text, the charset of an 8-bit file). */
function propertyOf(line: ContentLine, eightBit: string | null, legacy: Decoder): VcardProperty {
  const { params } = line;
  const charset = params.charset?.[0];
  // Bytes of a file that is not UTF-8: in the charset the caller declared, else as pieceText says.
  const latin = (s: string) =>
    eightBit === null ? s : eightBit === 'utf-8' ? pieceText(Buffer.from(s, 'latin1'), legacy) : textOf(Buffer.from(s, 'latin1'), eightBit);
  for (const [k, vs] of Object.entries(params)) params[k] = vs.map(latin);
  if (params.type) params.type = params.type.map((t) => t.trim().toLowerCase());
  let value = line.value;
  if (isQuotedPrintable(params)) {
    const bytes = quotedPrintableBytes(value, eightBit === null ? utf8Bytes : rawByte);
    value = charset === undefined ? pieceText(bytes, legacy) : textOf(bytes, charset, legacy);
  } else if (isBase64(params) && !BINARY.has(line.name)) value = base64Text(value, charset, legacy) ?? latin(value);
  else if (eightBit !== null) value = decoderFor(charset) !== null ? textOf(Buffer.from(value, 'latin1'), charset, legacy) : latin(value);
  return { name: line.name, ...(line.group ? { group: line.group } : {}), params, value };
}

/** Base64 text (vCard 3 `FN;ENCODING=b:`) in its charset; null when it is not base64 or not text. */
function base64Text(value: string, charset: string | undefined, fallback: Decoder): string | null {
  const b64 = value.replace(/\s+/g, '');
  if (!b64 || b64.length % 4 === 1 || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return null;
  const bytes = Buffer.from(b64, 'base64');
  const text = charset === undefined ? pieceText(bytes, fallback) : textOf(bytes, charset, fallback);
  return hasControl(text) ? null : text;
}

/**
 * The bytes a file that is not UTF-8 reads in its 8-bit charset (propertyOf): the values that are not
 * UTF-8 and name no CHARSET (quoted-printable ones decoded), one a line. What legacyCharsetOf looks at
 * for a vCard: a property's own CHARSET wins over the guess, so its bytes say nothing about the others'
 * (Shift_JIS cards with `FN;CHARSET=SHIFT_JIS:` beside windows-1251 ones without: the Shift_JIS bytes
 * voted Mac Roman, and `Иван` came back `»‚‡Ì`).
 */
function undeclaredPieces(lines: ContentLine[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  let size = 0;
  for (const line of lines) {
    if (size >= DETECTION_SAMPLE_BYTES) break; // all legacyCharsetOf looks at
    if (decoderFor(line.params.charset?.[0]) !== null || isBase64(line.params)) continue;
    const qp = isQuotedPrintable(line.params);
    if (!qp && !HIGH_LATIN1.test(line.value)) continue; // ASCII: UTF-8, and nothing to say
    const bytes = qp ? quotedPrintableBytes(line.value, rawByte) : Buffer.from(line.value, 'latin1');
    if (!isUtf8(bytes)) {
      pieces.push(bytes, NEWLINE);
      size += bytes.length + 1;
    }
  }
  return pieces.length === 0 ? [] : [Buffer.concat(pieces)];
}
/** A character of a latin1 string above 0x7F (a byte that is no ASCII). */
const HIGH_LATIN1 = /[\u0080-\u00ff]/;
const NEWLINE = Uint8Array.of(0x0a);

const BEGIN = /^\s*BEGIN\s*:\s*VCARD\s*$/i;
const END = /^\s*END\s*:\s*VCARD\s*$/i;

/**
 * A card's END:VCARD with the next card's BEGIN:VCARD on its line: single-card .vcf files that end
 * without a line break, joined (`cat *.vcf`, `copy /b`). Read as one line, it was no END and no BEGIN,
 * and every card after the first was read into the first (a probe: Bob's and Cy's numbers and Cy's
 * address in Ann's row, Bob and Cy gone without a word). `$1`: the END, put on a line of its own.
 */
const GLUED = /^([ \t]*END[ \t]*:[ \t]*VCARD)[ \t]*(?=\uFEFF?[ \t]*BEGIN[ \t]*:[ \t]*VCARD[ \t]*$)/gim;

/** vCard 2.1's AGENT holding a card: `AGENT:` with the card on the next lines, or `AGENT:BEGIN:VCARD`. */
const AGENT_EMPTY = /^\s*(?:[^\s:;]+\.)?AGENT(?:;[^:]*)?:\s*$/i;
const AGENT_BEGIN = /^\s*(?:[^\s:;]+\.)?AGENT(?:;[^:]*)?:\s*BEGIN\s*:\s*VCARD\s*$/i;
/** Why an AGENT card is not read when its END:VCARD is missing (cardsOf). */
const AGENT_UNCLEAR = 'an AGENT card without its own END:VCARD: its lines and those of the card holding it after it cannot be told apart';
/** vCard 3.0's AGENT holding a card escaped in its value (a content line, unfolded). */
const AGENT_INLINE = /^\s*(?:[^\s:;]+\.)?AGENT(?:;[^:]*)?:\s*BEGIN\s*:\s*VCARD\s*\\[nN]/i;

/**
 * The cards of a file: the physical lines between each BEGIN:VCARD and its END (or the next BEGIN, or
 * the end of the file). A card an AGENT property holds (vCard 2.1 writes it on the lines after
 * `AGENT:`, or `AGENT:BEGIN:VCARD`) is a person of its own (the contact's assistant, with a name and a
 * number): it is a card of the file, right after the card holding it, and that card goes on after the
 * agent's END:VCARD. Skipped, as it was, it lost a real person without a word.
 */
function cardsOf(text: string, outside = { lines: 0 }): { lines: string[]; ended: boolean; unclear?: boolean }[] {
  type Card = { lines: string[]; ended: boolean; unclear?: boolean };
  const cards: Card[] = [];
  // The cards open at this line: the file's card, then the AGENT cards it holds, innermost last.
  const open: Card[] = [];
  // Whether the last line was `AGENT:` (its card begins on the next line).
  let afterAgent = false;
  // The card that took the last line that was not blank (the file card or one of its AGENT cards).
  let lastLined: Card | null = null;
  // A file card left open (a BEGIN or the end of the file comes first) whose last line went to an AGENT
  // card: the END that closed the agent, if any, was the file card's, so the agent's lines hold the card's
  // own (Ann's address credited to her assistant, a review found). Which are whose cannot be told: that
  // agent is not read, and it is said.
  const settle = () => {
    if (open.length > 0 && lastLined !== null && lastLined !== open[0]) lastLined.unclear = true;
    lastLined = null;
  };
  for (const line of text.replace(GLUED, '$1\n').split(/\r\n|\r|\n/)) {
    const cur = open.at(-1);
    if (cur !== undefined && ((afterAgent && BEGIN.test(line)) || AGENT_BEGIN.test(line) || (open.length > 1 && BEGIN.test(line)))) {
      const agent: Card = { lines: [], ended: false };
      cards.push(agent);
      open.push(agent);
      afterAgent = false;
      continue;
    }
    if (line.trim() !== '') afterAgent = cur !== undefined && AGENT_EMPTY.test(line);
    // Text between cards (after an END, before the next BEGIN) is not part of any card.
    if (BEGIN.test(line)) {
      settle();
      const card: Card = { lines: [], ended: false };
      cards.push(card);
      open.length = 0;
      open.push(card);
    } else if (cur !== undefined && END.test(line)) {
      cur.ended = true;
      open.pop();
      if (open.length === 0) lastLined = null;
    } else if (cur !== undefined) {
      cur.lines.push(line);
      if (line.trim() !== '') lastLined = cur;
    } else if (line.trim() !== '') outside.lines++;
  }
  settle();
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
  const outside = { lines: 0 };
  const parsed = cardsOf(file.text, outside).flatMap(function read({
    lines,
    ended,
    unclear,
  }): { ended: boolean; strayBreak: boolean; unclear?: boolean; lines: ContentLine[] }[] {
    const content = contentLines(lines);
    const card = { ended, unclear, strayBreak: content.strayBreak, lines: content.lines.map(splitLine).filter((l) => l !== null) };
    // vCard 3.0 writes an AGENT card escaped in the value (`AGENT:BEGIN:VCARD\nFN:...\nEND:VCARD`,
    // RFC 2426 3.5.4): the assistant, a person of their own, read as the cards after this one.
    const agents = content.lines.filter((l) => AGENT_INLINE.test(l)).map((l) => unescapeText(l.slice(l.indexOf(':') + 1)));
    return [card, ...agents.flatMap((text) => cardsOf(text).flatMap(read))];
  });
  // A file that is not UTF-8 and declares no charset: its values that are not UTF-8 are read in the
  // charset their bytes point to (legacyCharsetOf).
  let legacy = windows1252;
  if (file.eightBit === 'utf-8') legacy = decoderFor(legacyCharsetOf(undeclaredPieces(parsed.flatMap((c) => c.lines)))) ?? windows1252;
  let sourceType: ParsedVcards['sourceType'] = null;
  const cards = parsed.map(({ lines, ended, strayBreak, unclear }): VcardCard => {
    const notes: CardNote[] = ended ? [] : ['no_end'];
    if (strayBreak) notes.push('stray_soft_break');
    if (unclear) return { entry: null, read: {}, notRead: AGENT_UNCLEAR, notes };
    const props = lines.map((line) => propertyOf(line, file.eightBit, legacy));
    const problem = versionProblem(props);
    if (problem !== null) return { entry: null, read: {}, notRead: problem, notes };
    if (props.some((p) => p.value.includes('\uFFFD'))) notes.push('undecodable');
    sourceType ??= sourceTypeOf(props.find((p) => p.name === 'prodid')?.value);
    const read = cardEntry(props);
    if (isGroupCard(props)) return { entry: null, read, notes: [...notes, 'group'], members: groupMembers(props) };
    return { entry: isUsable(read) ? read : null, read, notes };
  });
  return { cards, sourceType, charset: file.eightBit === 'utf-8' ? legacy.encoding : file.charset, outside: outside.lines };
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
    else if (c.members === undefined) skipped.push({ card: i + 1, reason: c.notRead ?? 'no name, e-mail, phone or company' });
  });
  // A group card's members given by address, after the cards (as the file endpoint sends them).
  entries.push(...file.cards.flatMap((c) => c.members ?? []));
  return { entries, skipped, sourceType: file.sourceType };
}
