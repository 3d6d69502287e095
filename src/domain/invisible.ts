/**
 * Characters copy and paste leaves in text that are never part of an address or a phone number and
 * cannot be seen: the soft hyphen, zero-width space, left-to-right, right-to-left and Arabic letter marks, embeddings
 * and isolates, the word joiner and the byte-order mark. One list for e-mail and phone (issue #12).
 */
import { decodeHTMLStrict } from 'entities';
const CLASS = '[\\u00ad\\u061c\\u200b\\u200e\\u200f\\u202a-\\u202e\\u2060\\u2066-\\u2069\\ufeff]';
const ALL = new RegExp(CLASS, 'gu');
/** Not global: a global pattern's test() is stateful. */
const ONE = new RegExp(CLASS, 'u');

/** The text without its invisible characters. */
export function dropInvisible(s: string): string {
  return s.replace(ALL, '');
}

/**
 * The text with every run of more than 16 spaces (or line breaks) as 16 spaces, or as one line break when
 * it holds one. The e-mail and phone readers' expressions (list separators, look-behinds, comments) scan
 * a run of spacing from each of its places, so a long run cost its length squared (a review: 40,000
 * spaces in one field took 3-5 s of a worker). No reading tells more spacing from less; only such
 * strings are copied.
 */
export function shortSpacing(s: string): string {
  return s.length > 64 && LONG_SPACE.test(s) ? s.replace(LONG_SPACES, (m) => (/[\n\r\u2028]/.test(m) ? '\n' : ' '.repeat(16))) : s;
}
const LONG_SPACE = /\s{17}/;
const LONG_SPACES = /\s{17,}/g;

/** Spacing beyond ASCII: the no-break, ideographic and other Unicode spaces, and the Unicode line and paragraph separators. */
const UNICODE_SPACE = /[\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;
const UNICODE_SPACES = /[\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/g;

/**
 * A phone field's spacing as ASCII: Unicode spaces as a space, the line and paragraph separators (and
 * NEL) as a line break, invisible characters as a space (between two numbers they part them; inside one,
 * a space is only formatting). Two numbers parted by an ideographic space (`03-1234-5678　090-1234-5678`,
 * typed by a Japanese input method), a paragraph separator or a byte-order mark were one unusable
 * string, where a space or a line break parts them (a review). ASCII text is returned as it is.
 */
export function asciiSpacing(s: string): string {
  if (!UNICODE_SPACE.test(s) && !ONE.test(s)) return s;
  return s.replace(UNICODE_SPACES, (c) => (c === '\u0085' || c === '\u2028' || c === '\u2029' ? '\n' : ' ')).replace(ALL, ' ');
}

/**
 * The C0 and C1 control characters but the spacing ones (tab, line feed, vertical tab, form feed,
 * carriage return and NEL, which asciiSpacing and the readers take as spacing), and DEL. A number holds
 * none: written inside one (`+1415\u00005550123`, a NUL a broken export left), it is noise, and an app
 * texting the row's number must never get it (a probe: the number came back as written, not normalised).
 */
const CONTROL = '[\\u0000-\\u0008\\u000e-\\u001f\\u007f-\\u0084\\u0086-\\u009f]';
const CONTROL_ONE = new RegExp(CONTROL);
const CONTROL_ALL = new RegExp(CONTROL, 'g');
/** The information separators (U+001C to U+001F: FileMaker's between repeating values): a line break. */
const SEPARATOR_RUN = '[\\u001c-\\u001f]+';
const SEPARATORS = new RegExp(SEPARATOR_RUN);

/**
 * The text without its control characters (CONTROL): a phone field's number is read without them. An
 * information separator between two numbers (seven digits or more on each side) separates them as a line
 * break does (a review: dropped, it
 * glued `+14155550123\u001d+14155550199` into one string of no number).
 */
export function dropControls(s: string): string {
  if (!CONTROL_ONE.test(s)) return s;
  // Between numbers (seven digits or more each, blank repetitions aside), a separator; inside one, noise.
  const parts = s.split(SEPARATORS).filter((p) => p.trim() !== '');
  const apart = parts.length > 1 && parts.every((p) => (p.match(/\d/g)?.length ?? 0) >= 7);
  return (apart ? parts.join('\n') : s).replace(CONTROL_ALL, '');
}

/** Whether the text holds an invisible character. */
export function hasInvisible(s: string): boolean {
  return ONE.test(s);
}

/** The full-width forms of ASCII (U+FF01-U+FF5E) that East Asian input methods type. */
const FULL_WIDTH_ASCII = /[\uff01-\uff5e]/u;
const FULL_WIDTH_ASCII_ALL = /[\uff01-\uff5e]/gu;

/** Whether the text holds a full-width form of ASCII (＋, １, ＠, ａ …). */
export function hasFullWidthAscii(s: string): boolean {
  return FULL_WIDTH_ASCII.test(s);
}

/** The text with the full-width forms of ASCII as ASCII (what NFKC does to them), nothing else changed. */
export function halfWidth(s: string): string {
  return FULL_WIDTH_ASCII.test(s) ? s.replace(FULL_WIDTH_ASCII_ALL, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)) : s;
}

/**
 * HTML character references, as an export or a paste from a web page leaves them in a field: the named
 * ones text around an address or a name holds (&lt; &gt; &amp; &quot; &apos; &nbsp; and HTML5's &commat;,
 * with the upper-case legacy spellings HTML keeps: &LT; &GT; &AMP; &QUOT;), every other name of HTML5's
 * table (`Zo&euml;`, `&Eacute;lodie`: a probe found them shown as sent; read by the `entities` library)
 * and every numeric one (&#64; &#x40;). Each needs its ';': a bare '&' is text ("AT&T", "a&b@x.com").
 */
const ENTITY = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/;
const ENTITY_ALL = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});/g;
const NAMED_ENTITIES: ReadonlyMap<string, string> = new Map([
  ['lt', '<'],
  ['LT', '<'],
  ['gt', '>'],
  ['GT', '>'],
  ['amp', '&'],
  ['AMP', '&'],
  ['quot', '"'],
  ['QUOT', '"'],
  ['apos', "'"],
  ['nbsp', ' '],
  ['commat', '@'],
]);

/** Whether the text holds an HTML character reference (a cheap '&' test first). */
export function hasHtmlEntity(s: string): boolean {
  return s.indexOf('&') >= 0 && ENTITY.test(s);
}

/**
 * The text with its HTML character references decoded (see ENTITY; a no-break space is read as a space);
 * an unknown name, and a number that is no character (0, a surrogate, past U+10FFFF), stay as written.
 * One pass: "&amp;lt;" is "&lt;".
 */
export function decodeHtmlEntities(s: string): string {
  if (s.indexOf('&') < 0) return s;
  return s.replace(ENTITY_ALL, (m, ref: string) => {
    if (ref.charCodeAt(0) !== 35) return NAMED_ENTITIES.get(ref) ?? decodeHTMLStrict(m);
    const cp = (ref.charCodeAt(1) | 0x20) === 120 ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return m;
    return cp === 0xa0 ? ' ' : String.fromCodePoint(cp);
  });
}
