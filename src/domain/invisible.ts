/**
 * Characters copy and paste leaves in text that are never part of an address or a phone number and
 * cannot be seen: the soft hyphen, zero-width space, left-to-right, right-to-left and Arabic letter marks, embeddings
 * and isolates, the word joiner and the byte-order mark. One list for e-mail and phone (issue #12).
 */
const CLASS = '[\\u00ad\\u061c\\u200b\\u200e\\u200f\\u202a-\\u202e\\u2060\\u2066-\\u2069\\ufeff]';
const ALL = new RegExp(CLASS, 'gu');
/** Not global: a global pattern's test() is stateful. */
const ONE = new RegExp(CLASS, 'u');

/** The text without its invisible characters. */
export function dropInvisible(s: string): string {
  return s.replace(ALL, '');
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
