/**
 * A name field written the way mail software writes a sender, read as the name it carries.
 *
 * Address books filled from mail (a client's "add sender to contacts", an Outlook or Thunderbird export,
 * a script over raw headers) often hold the header's own text in the name: `"Lee, Ann" <ann@x.org>`,
 * `=?utf-8?Q?Ren=C3=A9e_Dupont?=` (RFC 2047), `'Ann Lee'`, a Lotus Notes canonical name
 * (`Jeff Dasovich/NA/Enron@Enron`, `CN=Kim Ward/OU=HOU/O=ECT@ECT`), or an Exchange X.500 address in
 * brackets (`Ward, Kim </O=ENRON/OU=NA/CN=RECIPIENTS/CN=KWARD>`). Shown as written, they read as noise, and
 * compared as names they can split one person in two (a merge is vetoed when two names disagree: the
 * encoded spelling agrees with nothing). Each form is read only where it is unambiguous; any other name
 * is returned as it is (`AC/DC`, `Ann/Bob Smith`, `Bob <Work>`, `O'Brien`, `"Bob" Smith`).
 */
import { decodeHtmlEntities, hasHtmlEntity } from './invisible.ts';

/** RFC 2047 encoded word: =?charset?B|Q?text?= (a language tag after '*' in the charset is dropped). */
const ENCODED_WORD_RE = /=\?([^?\s*]+)(?:\*[^?\s]*)?\?([bBqQ])\?([^?\s]*)\?=/g;

/** Whitespace between two encoded words is not part of the text (RFC 2047 section 6.2). */
const BETWEEN_WORDS_RE = /(\?=)\s+(?==\?[^?\s]+\?[bBqQ]\?)/g;

/** The bytes of one encoded word's text, or null when it is not valid for its encoding. */
function wordBytes(encoding: string, text: string): Uint8Array | null {
  if (encoding === 'b' || encoding === 'B') {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) return null;
    try {
      return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    } catch {
      return null;
    }
  }
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '_') out.push(0x20);
    else if (c === '=') {
      const hex = text.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null;
      out.push(Number.parseInt(hex, 16));
      i += 2;
    } else out.push(c.charCodeAt(0) & 0xff);
  }
  return Uint8Array.from(out);
}

/**
 * `s` with its RFC 2047 encoded words decoded (Q and B, any charset the runtime's TextDecoder knows). A
 * word that cannot be decoded (an unknown charset, bad base64, bytes invalid in their charset, control
 * characters in what it decodes to) stays as it is written.
 */
export function decodeEncodedWords(s: string): string {
  if (!s.includes('=?')) return s;
  return s.replace(BETWEEN_WORDS_RE, '$1').replace(ENCODED_WORD_RE, (word, charset: string, encoding: string, text: string) => {
    const bytes = wordBytes(encoding, text);
    if (bytes === null) return word;
    try {
      const decoded = new TextDecoder(charset.toLowerCase(), { fatal: true }).decode(bytes);
      // Control characters are no name: the word was damaged (base64 re-cased decodes to bytes that are
      // valid UTF-8 by chance).
      return hasControl(decoded) ? word : decoded;
    } catch {
      return word;
    }
  });
}

/** Whether `s` holds a C0 or C1 control character (or DEL). */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/** `"Name" <address>` / `Name <address>` / `Name </O=ORG/OU=…/CN=…>`: the part before the brackets. */
const BRACKETED_RE = /^([^<>]*?)\s*<([^<>]*)>$/;

/** A Notes hierarchical name: the common name, then '/'-separated units without spaces, then `@domain`. */
const NOTES_NAME_RE = /^([^/@=<>]*[^/@=<>\s])(?:\/[^/@=<>\s]+)+@[^/@=<>\s]+$/;

/** The same written with its attribute labels: `CN=Name/OU=Unit/O=Org[@domain]`. */
const NOTES_TYPED_RE = /^CN=([^/@=<>]*[^/@=<>\s])(?:\/(?:OU|O|C)=[^/@=<>]+)+(?:@[^/@=<>\s]+)?$/i;

/**
 * Typographic quotes as they pair: what phones and word processors type for '"' (“…”, ‘…’, „…“, «…»,
 * 「…」), opening -> closing.
 */
const CURLY_QUOTES: Record<string, string> = { '“': '”', '‘': '’', '„': '“', '‚': '‘', '«': '»', '‹': '›', '「': '」', '『': '』', '”': '”', '’': '’' };

/** Removes one pair of matching quotes around the whole string (a quoted-string's escapes undone). */
function unquote(s: string): string {
  const q = s[0];
  const close = CURLY_QUOTES[q];
  if (close !== undefined) {
    // Typographic quotes are no quoted-string: no escapes; a closing quote inside means two quoted parts.
    if (s.length < 3 || s[s.length - 1] !== close) return s;
    const inner = s.slice(1, -1);
    return inner.includes(close) ? s : inner.trim();
  }
  if (s.length < 3 || (q !== '"' && q !== "'") || s[s.length - 1] !== q) return s;
  const inner = s.slice(1, -1);
  // "Ann" and "Lee": two quoted parts, not one quoted name.
  if (q === '"' ? /(^|[^\\])"/.test(inner) : inner.includes("'") && !/\w'\w/.test(inner)) return s;
  return (q === '"' ? inner.replace(/\\(.)/g, '$1') : inner).trim();
}

/**
 * The name a name field carries (see the module's comment), or the field as it is. Its input is a
 * cleaned text (trimmed, single spaces); its output is trimmed, and never empty when its input was not.
 */
export function tidyName(name: string): string {
  let s = name;
  // A file written in UTF-8 and read as Windows-1252 or Latin-1 (a CSV opened in a spreadsheet and saved
  // again) turns `Zoë Müller` into `ZoÃ« MÃ¼ller`, `Иван` into `Ð˜Ð²Ð°Ð½` or `Ð\u0098Ð²Ð°Ð½` (a probe:
  // shown as sent). normalize.ts reads it before cleaning too (mojibakeRead: its no-break spaces).
  if (MOJIBAKE_HINT.test(s)) s = unMojibake(s) ?? s;
  // An export or a paste from a web page leaves HTML's character references in the field ("Sean
  // O&#39;Brien", "Ann &amp; Bob Lee", "Ann Lee &lt;ann@x.com&gt;").
  if (hasHtmlEntity(s)) s = decodeHtmlEntities(s).replace(/\s+/g, ' ').trim();
  if (s.includes('=?')) s = decodeEncodedWords(s).replace(/\s+/g, ' ').trim();
  if (s.endsWith('>')) {
    const m = BRACKETED_RE.exec(s);
    // The brackets hold an address (or an X.500 one, which starts with '/'), and something named it.
    if (m !== null && (m[2]!.includes('@') || m[2]!.startsWith('/')) && /[\p{L}\p{N}]/u.test(m[1]!)) s = m[1]!;
  }
  s = unquote(s);
  // Outlook's "Sera, Sherri on behalf of Skilling, Jeff": the sender is the first, sending for the second.
  if (s.includes(' on behalf of ')) s = onBehalfOf(s) ?? s;
  // "John Smith (john.smith@corp.com)": a name annotated with an address (Outlook's display of an
  // Exchange or a contact's address); the address is a channel, not a word of the name.
  if (s.includes('@')) s = ANNOTATED_ADDRESS_RE.exec(s)?.[1] ?? s;
  if (s.includes('/')) s = notesCommonName(s) ?? notesBareName(s) ?? s;
  if (s.includes(':') || s.includes(';')) s = vcardName(s) ?? s;
  return s === '' ? name : s;
}

/**
 * A vCard name pasted whole into the name field: "FN:Ann Lee" (its formatted name), "N:Lee;Ann;;;" or
 * the structured value alone, "Lee;Ann;;;" (family; given; additional; prefixes; suffixes: RFC 6350
 * 6.2.2), as "Ann Lee". As written, "FN" and "N" were words of the name: "FN:Ann Lee" and
 * "N:Lee;Ann;;;" on Ann Lee's mobile vetoed each other, and the number, no longer one person's, joined
 * none of her cards (ten rows). null: no vCard name.
 */
function vcardName(s: string): string | null {
  const m = VCARD_NAME_RE.exec(s);
  let value: string;
  if (m !== null) {
    value = m[2]!.trim();
    if (m[1]!.toUpperCase() === 'FN') return /[\p{L}\p{N}]/u.test(value) ? value : null;
  } else value = s;
  const parts = value.split(';');
  if (parts.length !== 5) return null;
  const [family, given, additional, prefix, suffix] = parts.map((p) => p.replace(/,/g, ' ').trim());
  const out = [prefix, given, additional, family].filter((p) => p !== '').join(' ');
  if (!/[\p{L}\p{N}]/u.test(out)) return null;
  return suffix === '' ? out : `${out} ${suffix}`;
}
const VCARD_NAME_RE = /^(?:item\d+\.)?(FN|N)(?:;[^:;]*)*:(.*)$/i;

/**
 * The common name of a Lotus Notes hierarchical name (`Jeff Dasovich/NA/Corp@Corp`, `CN=Kim
 * Ward/OU=HOU/O=Corp`), or null when `s` is not one. Written in an e-mail field, or inside an
 * Exchange-encapsulated address (`IMCEANOTES-Jeff+20Dasovich+2FNA+2FCorp+40CORP@corp.com`), it names the
 * person even though it is no Internet address.
 */
export function notesCommonName(s: string): string | null {
  const m = NOTES_TYPED_RE.exec(s) ?? NOTES_NAME_RE.exec(s);
  return m !== null && /\p{L}/u.test(m[1]!) ? unquote(m[1]!.trim()) : null;
}

/**
 * A Notes hierarchical name written without its `@domain` (`John Smith/HOU/ECT`, as Notes shows a name
 * in its own directory): the common name, of two words or more, then two organisational units or more,
 * one word each. null otherwise: `AC/DC`, `Ann/Bob Smith`, `Ann Lee/HOU` stay as written.
 */
function notesBareName(s: string): string | null {
  const m = NOTES_BARE_RE.exec(s);
  return m !== null && /\p{L}/u.test(m[1]!) ? m[1]!.trim() : null;
}
const NOTES_BARE_RE = /^([^/@=<>\s][^/@=<>]*\s[^/@=<>]*[^/@=<>\s])(?:\/[\p{L}\p{N}&_-]+){2,}$/u;

/** A name, then an address in brackets: "John Smith (john.smith@corp.com)", "Ann Lee [SMTP:ann@x.org]". */
const ANNOTATED_ADDRESS_RE = /^([^()[\]@]*[\p{L}\p{N}][^()[\]@]*?)\s*[([]\s*(?:smtp:\s*)?[^\s@()[\]<>]+@[^\s@()[\]<>]+\s*[)\]]$/iu;

/**
 * The sender of Outlook's "X on behalf of Y" (a delegate sending for Y: "Sera, Sherri on behalf of
 * Skilling, Jeff"), which Outlook writes in small letters: X, when it holds a letter and Y is written.
 */
function onBehalfOf(s: string): string | null {
  const at = s.indexOf(' on behalf of ');
  const x = s.slice(0, at).trim();
  return at > 0 && /\p{L}/u.test(x) && /\p{L}/u.test(s.slice(at + 14)) ? x : null;
}

/**
 * A spreadsheet formula saved in the name column (`=HYPERLINK("https://x","Ann Lee")`, `=cmd|' /C calc'!A0`,
 * `+SUM(1,2)`, `@IF(…)`): no one's name, and shown as one it was a row named `=HYPERLINK…` (a probe), and
 * a formula a client's export runs again. A formula is a sign (=, +, -, @), then a function called
 * (a name and '(' at once: `@Ann (work)` is a handle with a note) or a DDE link (`cmd|`). HYPERLINK's
 * label is what the sheet showed, the name: returned; any other formula is no name (null). undefined:
 * no formula, the name as it is.
 */
const FORMULA_RE = /^[=+\-@]\s*(?:[A-Za-z_][A-Za-z0-9_.]*\(|[A-Za-z_][A-Za-z0-9_.]*\s*\|)/;
const HYPERLINK_RE = /^[=+\-@]\s*HYPERLINK\(\s*"(?:[^"]|"")*"\s*[,;]\s*"((?:[^"]|"")*)"\s*\)\s*$/i;
export function formulaName(name: string): string | null | undefined {
  const c = name.charCodeAt(0);
  if ((c !== 0x3d && c !== 0x2b && c !== 0x2d && c !== 0x40) || !FORMULA_RE.test(name)) return undefined;
  const label = HYPERLINK_RE.exec(name)?.[1]?.replace(/""/g, '"').trim();
  return label === undefined || label === '' || formulaName(label) !== undefined ? null : label;
}

/**
 * A character that starts a UTF-8 sequence of two to four bytes read as Windows-1252 or Latin-1 (Â-ô),
 * followed by one that continues it (bytes 0x80-0xBF, as either code page shows them, or a space: the
 * byte 0xA0 is a no-break space, which cleaning or the tool before the upload made a space, or trimmed
 * at the end): the mark of mojibake. Names in Latin scripts hold such pairs almost never (`Ã` is
 * followed by a letter in `SÃO`; unMojibake reads a space or the end only where it fits).
 */
const MOJIBAKE_HINT =
  /[\u00c2-\u00f4](?:$|[ \u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122])/;

/** Windows-1252's characters for the bytes 0x80-0x9F (its five unassigned bytes as Latin-1's controls). */
const CP1252_80_9F =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text that `s` was before UTF-8 was read as Windows-1252 or Latin-1, or null when it is not such a
 * reading: every character must be one byte of either code page (Latin-1 reads the bytes 0x80-0x9F as the
 * controls U+0080-U+009F: `Иван` is `Ð\u0098Ð²Ð°Ð½`, where Windows-1252 gives `Ð˜Ð²Ð°Ð½`), and the bytes
 * must be valid UTF-8 as a whole (a Latin-1 name, `Zoë`, is not: its `ë` alone is no UTF-8 sequence).
 *
 * The byte 0xA0 reads as a no-break space (`Р` is `Ð\u00a0`, `Π` `Î\u00a0`, `à` `Ã\u00a0`, `נ`
 * `×\u00a0`), which cleaning, or a tool before the upload, turns into a space or trims at the end. A
 * space where a sequence needs a byte that continues it, and the one byte a last sequence lacks, are read
 * as 0xA0 there (spaceAsA0 says when they may be).
 */
export function unMojibake(s: string): string | null {
  const n = s.length;
  const bytes = new Uint8Array(n + 1);
  let m = n;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0xff) bytes[i] = c;
    else {
      const j = CP1252_80_9F.indexOf(s[i]!);
      if (j < 0) return null;
      bytes[i] = 0x80 + j;
    }
  }
  // The sequences (one per character decoded) holding 0xA0 (a no-break space, or a space read as one:
  // checked alike), and whether any other sequence of two bytes or more was read.
  let spaced: number[] | null = null;
  let others = false;
  for (let i = 0, seq = 0; i < n; seq++) {
    const b = bytes[i]!;
    const len = b < 0xc2 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : b < 0xf5 ? 4 : 1;
    let spacedHere = false;
    if (i + len > n) {
      // The last sequence lacks its last byte: a no-break space trimmed (`LucÃ` for `Lucà`).
      if (i + len > n + 1) return null;
      bytes[n] = 0xa0;
      m = n + 1;
      spacedHere = true;
    }
    for (let k = 1; k < len && i + k < n; k++) {
      const x = bytes[i + k]!;
      if (x === 0x20 || x === 0xa0) {
        bytes[i + k] = 0xa0;
        spacedHere = true;
      } else if (x < 0x80 || x > 0xbf) return null;
    }
    if (spacedHere) (spaced ??= []).push(seq);
    else if (len > 1) others = true;
    i += len;
  }
  let text: string;
  try {
    text = STRICT_UTF8.decode(bytes.subarray(0, m));
  } catch {
    return null;
  }
  // What a real name's UTF-8 never holds, and what a legitimate name in a code page decodes to by chance:
  // IPA and spacing modifiers, Syriac, Thaana and NKo (`Voß–Meier`, `STRAUß’`, `ANDRÉ´S`: a review
  // found them turned into `VoߖMeier`, `STRAUߒ`, `ANDRɴS`), controls and unassigned code points.
  if (text === s || NOT_A_NAME.test(text)) return null;
  if (spaced === null) return text;
  const chars = Array.from(text);
  for (let k = spaced.length - 1; k >= 0; k--) {
    const at = spaced[k]!;
    const fit = spaceAsA0(chars, at, others);
    if (fit === null) return null;
    if (fit) chars.splice(at + 1, 0, ' ');
  }
  return chars.join('');
}

/**
 * Whether the character `chars[at]`, decoded from a sequence holding the byte 0xA0 (a no-break space, or
 * a space read as one), is what the text held:
 * null when it is not (the whole text is then no mojibake), true when it was a word's last letter whose
 * no-break space and the space after it were joined in one space (`LucÃ\u00a0 Bianchi`, cleaned
 * `LucÃ Bianchi`: `Lucà Bianchi`, the space given back), false otherwise. `others`: the text holds
 * mojibake read without a space. A name written in Latin-1 has a lead byte before a space as an initial or
 * a word of one letter (`Lars Å Nilsson`, `Anna Ä Berg`, `IRMÃ ANA`, `3 × 4`): it would read as `Š`,
 * `Ġ`, `à`, `נ`. So the character must be a letter of the script of the letters beside it, with one beside
 * it at least (or, an initial, of the script of the text's other mojibake); and, without other mojibake, a small letter after a small letter (`LucÃ Bianchi`: a
 * Latin-1 capital after a small letter is no word) or a capital starting a word of small letters
 * (`Å imon`: an initial is followed by a capital, `Å Nilsson`).
 */
function spaceAsA0(chars: readonly string[], at: number, others: boolean): boolean | null {
  const c = chars[at]!;
  // `Â` before a space: a no-break space, between two words of a text that is mojibake elsewhere.
  if (c === '\u00a0') return others ? false : null;
  const group = scriptGroup(c);
  if (group < 0 || !/\p{L}/u.test(c)) return null;
  const before = chars[at - 1];
  const after = chars[at + 1];
  let beside = false;
  for (const d of [before, after]) {
    if (d === undefined || !/[\p{L}\p{M}]/u.test(d)) continue;
    if (scriptGroup(d) !== group) return null;
    beside = true;
  }
  // An initial (`Иван Р. Петров`): a letter of the script of the text's other mojibake.
  if (!beside && !(others && chars.some((d, i) => i !== at && d > '\u007f' && /\p{L}/u.test(d) && scriptGroup(d) === group))) return null;
  const small = /\p{Ll}/u.test(c);
  if (!others) {
    const ends = small && before !== undefined && /\p{Ll}/u.test(before);
    // (Not Latin Extended-B's `Ǡ` and `Ƞ`, which no language writes, nor Vietnamese `Ơ`: Vietnamese
    // holds other letters beyond Latin-1.)
    const starts =
      /\p{Lu}/u.test(c) && !LATIN_EXTENDED_B.test(c) && (before === undefined || !/[\p{L}\p{M}]/u.test(before)) && after !== undefined && /\p{Ll}/u.test(after);
    if (!ends && !starts) return null;
  }
  // A small letter before a capital: the end of a word, and the start of the next.
  return small && after !== undefined && /\p{Lu}/u.test(after);
}

const LATIN_EXTENDED_B = /[\u0180-\u024f]/;

/** The scripts of names, a script a group (Chinese, Japanese and Korean one); -1: none of them. */
const SCRIPT_GROUPS = [
  /\p{scx=Latin}/u,
  /\p{scx=Greek}/u,
  /\p{scx=Cyrillic}/u,
  /\p{scx=Armenian}/u,
  /\p{scx=Hebrew}/u,
  /\p{scx=Arabic}/u,
  /\p{scx=Georgian}/u,
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Bopomofo}]/u,
  /\p{scx=Thai}/u,
  /\p{scx=Lao}/u,
  /\p{scx=Khmer}/u,
  /\p{scx=Myanmar}/u,
  /\p{scx=Ethiopic}/u,
  /\p{scx=Devanagari}/u,
  /\p{scx=Bengali}/u,
  /\p{scx=Gurmukhi}/u,
  /\p{scx=Gujarati}/u,
  /\p{scx=Oriya}/u,
  /\p{scx=Tamil}/u,
  /\p{scx=Telugu}/u,
  /\p{scx=Kannada}/u,
  /\p{scx=Malayalam}/u,
  /\p{scx=Sinhala}/u,
  /\p{scx=Tibetan}/u,
];

function scriptGroup(c: string): number {
  for (let g = 0; g < SCRIPT_GROUPS.length; g++) if (SCRIPT_GROUPS[g]!.test(c)) return g;
  return -1;
}

/**
 * `s` read back when it is mojibake (unMojibake), else `s`: what a name field is before it is cleaned as
 * text, so that the no-break spaces of its mojibake are still there (normalize.ts cleanName).
 */
export function mojibakeRead(s: string): string {
  return MOJIBAKE_HINT.test(s) ? (unMojibake(s) ?? s) : s;
}

const NOT_A_NAME = /[\u0250-\u02ff\u0700-\u07ff\p{Cc}\p{Cn}]/u;

/** Whether tidyName can change `name` (cheap: most names hold none of these). */
export function mayTidy(name: string): boolean {
  const c = name.charCodeAt(0);
  return (
    MOJIBAKE_HINT.test(name) ||
    c === 0x22 ||
    c === 0x27 ||
    (c > 0x7f && CURLY_QUOTES[name[0]!] !== undefined) ||
    name.includes('=?') ||
    hasHtmlEntity(name) ||
    name.includes('/') ||
    name.includes('@') ||
    name.includes(' on behalf of ') ||
    name.includes(':') ||
    name.includes(';') ||
    name.charCodeAt(name.length - 1) === 0x3e
  );
}
