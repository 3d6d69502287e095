/**
 * E-mail normalisation: keep every address a mail system could deliver (see parseWithPatterns), show it
 * as written (unwrapped), derive the matching key.
 * Provider rules (dots, +tags, the domains that are one mailbox namespace) are applied only for providers
 * that document them; a custom domain is never guessed at, because "j.smith" and "jsmith" can be two
 * people at example.com.
 */
import { TwoGenerationCache } from './cache.ts';
import { decodeHtmlEntities, dropInvisible, halfWidth, hasHtmlEntity, hasInvisible, shortSpacing } from './invisible.ts';
import { notesCommonName } from './display-name.ts';
import { domainToASCII, domainToUnicode } from 'node:url';
import { parse as parseHost } from 'tldts';
import {
  classifyAddress,
  classifyAddressSlow,
  classifyLocal,
  clearJunkCache,
  domainBrand,
  domainJunkFlags,
  isBrandLocal,
  isBulkMailHost,
  isRoleAddress,
  isProjectList,
  isRoleCompound,
  isRoleLocal,
} from './junk.ts';
import type { JunkReason } from './types.ts';
import { isWebmailDomain } from './webmail.ts';
import type { NormEmail } from './types.ts';

/**
 * Length bounds (UTF-16 units, close enough to octets for a sanity bound). RFC 5321 sets 64 octets for a
 * local part, but asks implementations to impose no limit where they can, and mail systems deliver longer
 * ones: Exchange's encapsulated addresses ("IMCEANOTES-+22Lee+2C+20Ann+22+20+3Cann+2Elee+40corp+2Ecom+3E
 * @corp.com"), SRS and VERP return paths. So the local part is bounded only by the 256-octet path.
 */
const MAX_LOCAL = 254;
const MAX_DOMAIN = 253;

/**
 * Host name labels: letters, marks, digits, symbols (emoji domains) and, inside, the joiners ZWNJ/ZWJ
 * that Persian and Indic words hold (IDNA's CONTEXTJ); domainToASCII then decides. The TLD must be
 * alphabetic (or an IDN A-label). IP literals are not addresses people share.
 */
const LABEL_RE = /^[\p{L}\p{N}\p{So}](?:(?:[\p{L}\p{M}\p{N}\p{So}-]|\u200c|\u200d){0,61}[\p{L}\p{M}\p{N}\p{So}])?$/u;
const TLD_RE = /^(?:\p{L}[\p{L}\p{M}]{1,62}|xn--[a-z0-9-]{1,59})$/u;
/**
 * The same three on ASCII text (where \p{L} is [A-Za-z] and \p{N} is [0-9]), without the Unicode mode;
 * the domain ones see it lower-cased.
 */
const LOCAL_ASCII_RE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL_ASCII_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD_ASCII_RE = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

// Provider rules: how a provider's key local part is derived (dots, +tags), and which domains are one
// mailbox namespace (the key uses the provider's first domain; the display stays as written).
const NO_RULE = 0;
/** Gmail ignores dots and everything after '+'; googlemail.com is the same mailbox (Google docs). */
const GMAIL_RULES = 1;
/** Only '+' sub-addressing; dots stay significant. */
const PLUS_TAG_RULE = 2;
/** Yandex: '+' sub-addressing, and '.' and '-' are the same character in a login (Yandex's own normaliser). */
const YANDEX_RULES = 3;
/** Proton: '+' sub-addressing, and '.', '_' and '-' are transparent in a name (Proton's own documentation). */
const PROTON_RULES = 4;

interface Provider {
  rule: number;
  /** The domain the key uses for every domain of the provider. */
  keyDomain: string;
}
const PROVIDERS = new Map<string, Provider>();
function provider(rule: number, domains: readonly string[]): void {
  for (const d of domains) PROVIDERS.set(d, { rule, keyDomain: domains[0]! });
}
provider(GMAIL_RULES, ['gmail.com', 'googlemail.com']);
/**
 * Apple: one iCloud account's addresses at icloud.com, me.com and mac.com are one mailbox, and the names
 * are one namespace (an @me.com or @mac.com account also has the same name @icloud.com; Apple, "About
 * your @icloud.com, @me.com, and @mac.com email addresses"). Apple documents no dot or '+' rule.
 */
provider(NO_RULE, ['icloud.com', 'me.com', 'mac.com']);
/**
 * Proton: a name is one account at every Proton domain (the short @pm.me and the @proton.me address are
 * that account's, pre-2016 accounts also have @protonmail.ch, and an alias at one domain is reserved to
 * its owner at the others; Proton, "Types of email addresses and aliases"). '+' aliases are documented,
 * and so is that '.', '_' and '-' are transparent: `user.name` and `user_name` are `username`, and no
 * such variation can be another account's (Proton, "How to change your username"; a probe found
 * `sue.day@protonmail.com` and `sueday@proton.me` two rows).
 */
provider(PROTON_RULES, ['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me']);
/**
 * Yandex: one login receives at every Yandex mail domain, and '.' equals '-' in it (Yandex's own address
 * normaliser maps both to yandex.ru and '.' to '-'). yandex-team.ru (its staff) is another namespace.
 */
provider(YANDEX_RULES, ['yandex.ru', 'ya.ru', 'yandex.com', 'yandex.by', 'yandex.kz', 'yandex.ua']);
/**
 * Daum (Kakao): one Daum account receives at @hanmail.net and @daum.net alike (the account chooses which
 * one it shows; both deliver to the same mailbox). Daum documents no dot or '+' rule.
 */
provider(NO_RULE, ['hanmail.net', 'daum.net']);
/**
 * Each its own namespace, with documented '+' sub-addressing (and nothing else): Microsoft Outlook.com
 * (john@hotmail.com and john@outlook.com can be two people), Fastmail. Dots stay significant there.
 */
for (const d of [
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'outlook.fr',
  'outlook.de',
  'outlook.es',
  'outlook.it',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'hotmail.it',
  'hotmail.es',
  'live.co.uk',
  'live.fr',
  'live.de',
  'live.nl',
  'live.it',
  'live.ca',
  'live.com.au',
  'fastmail.com',
  'fastmail.fm',
]) {
  provider(PLUS_TAG_RULE, [d]);
}

/** The key local part of `local` (lower-case, unquoted) under a provider rule. */
function providerLocal(rule: number, local: string): string {
  if (rule === GMAIL_RULES) return gmailLocal(local);
  if (rule === PLUS_TAG_RULE) return stripTag(local);
  if (rule === YANDEX_RULES) return yandexLocal(local);
  if (rule === PROTON_RULES) return protonLocal(local);
  return local;
}

/**
 * Pulls the address out of the forms clients really send: "Name <a@b>", "mailto:a@b", quotes, a
 * comment "(Work)", and the punctuation a pasted list leaves at the end ("a@b.com;", "a@b.com,").
 */
function extract(raw: string): string {
  // Nearly every upload is the bare address: it starts with a letter or digit (not "m": "mailto:") and
  // ends with one (a top-level domain's last character), so there is nothing to trim or unwrap.
  // extractSlow returns those unchanged.
  return isBare(raw) ? raw : extractSlow(raw);
}

/** Whether extract() returns `raw` as it is, without looking further (see extract). */
function isBare(raw: string): boolean {
  const n = raw.length;
  if (n === 0) return false;
  const first = raw.charCodeAt(0);
  return isAlnum(first) && isAlnum(raw.charCodeAt(n - 1)) && (first | 0x20) !== 109 /* m */;
}

function isAlnum(c: number): boolean {
  return (c >= 48 && c <= 57) || ((c | 0x20) >= 97 && (c | 0x20) <= 122);
}

/**
 * Characters a pasted list or a sentence leaves after an address. Never the last character of a host name:
 * list punctuation, closing quotes of every typography (English ” ’, German “ ‘, guillemets » « ›), the
 * CJK closing brackets 〉 》 」 』 】 and ⟩, and the ellipsis … a message preview cuts an address with.
 */
const TRAILING_JUNK_CHAR = /[\s;,.:!?>)\]}|/'`\u00ab\u00bb\u201c\u201d\u2018\u2019\u203a\u2026\u3001\u3002\u3009\u300b\u300d\u300f\u3011\u27e9\uff0c\uff1b]/u;

/**
 * `s` without the run of TRAILING_JUNK_CHAR that ends it, read from its end (a `[…]+$` expression tried
 * every run of such characters from its start: a long run not at the end cost its length squared, a review).
 */
function trimTrailingJunk(s: string): string {
  let end = s.length;
  while (end > 0 && TRAILING_JUNK_CHAR.test(s[end - 1]!)) end--;
  return end === s.length ? s : s.slice(0, end);
}

/**
 * `s` without what a list, a sentence or a bracket leaves after a wrapped address (TRAILING_JUNK_CHAR but
 * the apostrophe, which may close the wrapping): read from the end, as trimTrailingJunk.
 */
function trimAfterWrapper(s: string): string {
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) !== 39 && TRAILING_JUNK_CHAR.test(s[end - 1]!)) end--;
  return end === s.length ? s : s.slice(0, end);
}

/**
 * Characters before an address that never start one (the apostrophe, which may, is handled apart):
 * opening brackets and quotes of every typography (“ ‘ « and German „ ‚, » and ‹, the CJK 〈 《 「 『 【
 * and ⟨), Spanish ¿ and ¡ (read as the local part's, '¿ann@x.com?' was the mailbox "¿ann@x.com"), and
 * list bullets (• ‣ ◦ ▪ ● · ・ ⁃).
 */
const LEADING_JUNK =
  /^[\s<([{`\u00a1\u00ab\u00b7\u00bb\u00bf\u201a\u201c\u201e\u2018\u2022\u2023\u2039\u2043\u25aa\u25cf\u25e6\u27e8\u3008\u300a\u300c\u300e\u3010\u30fb]+/u;

function extractSlow(raw: string): string {
  let s = raw.trim();
  for (let round = 0; round < 3; round++) {
    const before = s;
    // "a@b.com (Work)": a trailing comment.
    if (s.endsWith(')')) {
      const open = s.lastIndexOf('(');
      if (open > 0 && s.lastIndexOf('@') < open) s = s.slice(0, open).trim();
    }
    // "Name <a@b.com>", possibly followed by list punctuation. Not the last item of a list
    // ("Ann <a@x.com>, Bo <b@y.com>", "a@x.com, Bo <b@y.com>"): a name holds no address and no '>'
    // outside quotes ('"a@x.com" <a@x.com>' is one), and the caller reads a list item by item.
    const lt = s.lastIndexOf('<');
    if (lt >= 0) {
      const gt = s.indexOf('>', lt);
      if (gt > lt && /^[\s;,.>)\]]*$/.test(s.slice(gt + 1)) && !/[@>]/.test(s.slice(0, lt).replace(/"[^"]*"/g, ''))) s = s.slice(lt + 1, gt).trim();
    }
    if (s.length > 7 && s.slice(0, 7).toLowerCase() === 'mailto:') s = mailtoAddress(s.slice(7).trim());
    // A whole address in quotes: "'a@b.com'", '"a@b.com"' (but not a quoted local part: '"a b"@c.com').
    const f = s.charCodeAt(0);
    if (s.length > 2 && (f === 34 || f === 39) && s.charCodeAt(s.length - 1) === f && s.indexOf(String.fromCharCode(f), 1) === s.length - 1) {
      s = s.slice(1, -1).trim();
    }
    const lead = s.charCodeAt(0) === 39 ? s : s.replace(LEADING_JUNK, '');
    if (lead.charCodeAt(0) === 39) {
      // Single quotes around an address whose local part holds an apostrophe ("'sean.o'neal@corp.example'",
      // as Outlook's headers quote it, maybe with a list's ';' after: a probe found it kept with its opening
      // quote, a second row of Sean's): a domain holds no apostrophe, so the closing one is a wrapper, and
      // so is the opening one it closes. Not when what is inside starts with a dot, as no local part does,
      // or another apostrophe ("'.'kaminski@…'", "''.'kaminski@…'": the local part's own, read as without
      // the closing quote: two reviews).
      const t = trimAfterWrapper(lead);
      const at = t.lastIndexOf('@');
      if (t.length > 4 && t.charCodeAt(t.length - 1) === 39 && at > 1 && !t.slice(at + 1, -1).includes("'") && t[1] !== '.' && t[1] !== "'") {
        s = t.slice(1, -1).trim();
      }
    }
    s = trimTrailingJunk(s);
    // A trailing '"' belongs to a quoted local part only when it closes one: '"a b"' has two.
    if (s.endsWith('"') && countQuotes(s) % 2 === 1) s = s.slice(0, -1).trimEnd();
    // A leading brace closed inside the local part ("{ann}@x.com": braces are atext) is the address's own.
    if (!s.startsWith('"') && !(s.charCodeAt(0) === 123 /* { */ && s.indexOf('}') > 0 && s.indexOf('}') < s.lastIndexOf('@'))) {
      s = s.replace(LEADING_JUNK, '');
    }
    // A stray opening apostrophe ("'a@b.com" from a pasted CSV) is a wrapper; one the local part uses
    // again ("'.'kaminski@corp.example") is atext, written as delivered.
    if (s.charCodeAt(0) === 39) {
      const rest = s.replace(/^'+/, '');
      const at = rest.lastIndexOf('@');
      if (!rest.slice(0, Math.max(0, at)).includes("'")) s = rest;
    }
    if (s === before) break;
  }
  return s;
}

/**
 * The addresses of a mailto: URI (RFC 6068) without its scheme: "a@b?subject=…" is a@b; with no address
 * before the '?', the first `to`, `cc` or `bcc` field's ("?to=a@b"); Slack's label after a '|' dropped; percent-encoded characters decoded ("js%40x.example",
 * "%22john%20smith%22@x.example": in a URI a literal '%' is written %25, so decoding is exact).
 */
function mailtoAddress(uri: string): string {
  // "mailto://a@b", as people write it after "http://": the slashes are not part of the address (it was
  // read as the mailbox "//a@b", which nobody has, and did not merge with a@b).
  if (uri.startsWith('//')) uri = uri.slice(2);
  const q = uri.indexOf('?');
  let to = q < 0 ? uri : uri.slice(0, q);
  if (to === '' && q >= 0) {
    // No address before the '?': the first of the to, cc and bcc fields that holds one.
    const fields = uri.slice(q + 1).split('&');
    for (const name of ['to=', 'cc=', 'bcc=']) {
      const f = fields.find((x) => x.slice(0, name.length).toLowerCase() === name && x.includes('@'));
      if (f !== undefined) {
        to = f.slice(name.length);
        break;
      }
    }
  }
  // Slack writes <mailto:a@b.com|a@b.com>: what follows the '|' is the link's label.
  const bar = to.indexOf('|');
  if (bar > 0) to = to.slice(0, bar);
  if (!to.includes('%')) return to;
  try {
    return decodeURIComponent(to);
  } catch {
    return to; // not percent-encoding after all ("100%@x.example")
  }
}

/**
 * A second reading of a string that is no address as uploaded, for what people really type and paste
 * (issue #12: never lose a real person): invisible characters dropped; the small at sign '﹫' read as
 * '@', and the ideographic full stops in the host as '.' (as UTS #46 maps them; the full-width '＠' and
 * '．' are ASCII already, see readOrRepair); an Exchange or Outlook proxy address "SMTP:a@b.com"; spaces on either side of the '@' only
 * ("a @ b.com"); and "Name [a@b.com]" or "Name (a@b.com)". Only called when the first reading failed,
 * so a well-formed address never pays for it. Returns the input unchanged when there is nothing to repair.
 */
function repair(raw: string): string {
  let s = dropStrayFormat(dropInvisible(raw)).replace(/\ufe6b/gu, '@');
  s = shortSpacing(s); // long runs of spacing cost the expressions below their length squared
  // A web URL ("http://jane@example.com", "https://x.com/a@b.org"): its '@' is a user name's or a path's,
  // and it is no address. Its scheme was read as a label, and "//jane@example.com" kept as a mailbox.
  if (URL_SCHEME_RE.test(s)) return raw;
  // HTML character references, from an export that escaped its fields ('&lt;ann@x.com&gt;',
  // 'ann&#64;x.com', 'Ann Lee &lt;ann@x.com&gt;'), twice escaped too ('&amp;lt;'): decoded, then read
  // as any paste. A reference holds a ';', which no unquoted local part does, so a string that reads as
  // an address as written never gets here.
  if (hasHtmlEntity(s)) {
    s = decodeHtmlEntities(s);
    if (hasHtmlEntity(s)) s = decodeHtmlEntities(s);
  }
  if (s.length <= 512 && AT_BRACKETED_RE.test(s)) s = deobfuscated(s) ?? s;
  // A Markdown link ('[ann@x.com](mailto:ann@x.com)', '[Ann Lee](mailto:ann@x.com)', '[ann@x.com](https://…)').
  if (s.indexOf('](') >= 0) s = s.replace(MARKDOWN_LINK_G, markdownLinkAddress);
  // HTML pasted with the address: a link's mailto: target ('<a href="mailto:ann@x.com">Ann</a>'), or
  // the address between tags ('ann@x.com</a>', '<b>ann@x.com</b>').
  // Only where a closing tag or a link says it is HTML: '<ann@x.com>' is a bracketed address.
  if (/<\/[a-z][a-z0-9]*\s*>|\bhref\s*=/i.test(s)) {
    const href = /\bhref\s*=\s*["']?mailto:([^"'\s>]+)/i.exec(s);
    s = href ? mailtoAddress(href[1]!.replace(/&amp;/g, '&')) : s.replace(/<\/?[a-z][a-z0-9]*(?:\s[^<>@]*)?\/?>/gi, ' ');
  }
  // Percent-encoding outside a mailto: URI, copied from a link ('ann%40x.com', 'ann@x.com%20'): no
  // host name holds a '%', and an address without '@' has its '@' encoded. Decoded only then.
  if (s.includes('%') && (s.indexOf('@') < 0 || s.indexOf('%', s.lastIndexOf('@')) >= 0)) {
    try {
      s = decodeURIComponent(s);
    } catch {
      // not percent-encoding after all
    }
  }
  // A mailto: link's query copied without its scheme ('ann@x.com?subject=Hi'): no host name holds a '?'.
  const at0 = s.lastIndexOf('@');
  const q = s.indexOf('?', at0);
  if (at0 > 0 && q > at0 && /^[a-z0-9-]+=/i.test(s.slice(q + 1))) s = s.slice(0, q);
  // A stray opening quote with no closing one ('"ann@x.com', a CSV cell cut short): a wrapper.
  if (s.trimStart().startsWith('"') && countQuotes(s) === 1) s = s.trimStart().slice(1);
  // Spaces beside the '@' of a bracketed address ('Ann <ann @x.com>').
  s = s.replace(/<\s*("[^"]*"|[^\s<>@"]+)\s*@\s*([^\s<>@"]+)\s*>/u, '<$1@$2>');
  const at = s.lastIndexOf('@');
  if (at > 0) s = s.slice(0, at) + s.slice(at).replace(/[\u3002\uff61]/gu, '.');
  // A label before the address ("E-mail: a@b.com", "Work: a@b.com", "SMTP:a@b.com", Exchange's proxy
  // form): no unquoted local part holds a ':'.
  // Google Contacts marks the primary value of a multi-value cell with "* ".
  // Chat formatting around the whole string ("*ann@x.com*", "_ann@x.com_", "**ann@x.com**"): a matched
  // pair only. '*' and '_' are atext, so one alone ("*ann@x.com", "ann_@x.com") is the local part's, and
  // the inside must still read as an address (no host ends in '*' or '_': the whole was no address).
  s = s.trim();
  const c0 = s.charCodeAt(0);
  if (c0 === 42 /* * */ || c0 === 95 /* _ */) {
    const paired = CHAT_PAIR_RE.exec(s);
    if (paired) s = paired[2]!;
  }
  s = s
    // A bullet or a dash that starts a line of a list ("- ann@x.com", "– ann@x.com"), with a space after
    // it: "-ann@x.com" is an address as written.
    .replace(/^[-\u2013\u2014]\s+(?=[^\s@]+@[^\s@]+$)/u, '')
    .replace(/^smtp:\s*/i, '')
    // A vCard line pasted whole ("EMAIL;TYPE=INTERNET:a@b.com", Apple's "item1.EMAIL;type=pref:a@b.com").
    .replace(/^(?:item\d+\.)?EMAIL(?:;[^:;@]*)*:\s*/i, '')
    .replace(/^\p{L}[\p{L}\p{M} ._-]{0,24}:\s*(?=[^\s:]*@)/u, '')
    .replace(/^\*\s+/, '');
  // A label word before the address without a colon, in any case ("work ann@x.com", "home email
  // ann@x.com"): only ADDRESS_LABELS' words ("ann smith@x.com" stays no address).
  const labelled = LABEL_WORDS_BEFORE_RE.exec(s);
  if (labelled && labelled[1]!.split(/\s+/).every((w) => ADDRESS_LABELS.has(w.toLowerCase()))) s = s.slice(labelled[0].length);
  // RFC 5322 comments around the parts ("john.smith(home)@example.com", "(x)a@b.com", "a@(x)b.com"):
  // not part of the address. Only outside quoted text: '"a(b)"@c.com' is read as written.
  // A comment between two words stays a space between them ("Ann (work) ann@x.com" is no address).
  s = s
    .replace(/("(?:[^"\\]|\\.)*")|(\s*)\([^()@"]*\)(\s*)/gu, (m, quoted?: string, before?: string, after?: string) =>
      quoted !== undefined ? m : before && after ? ' ' : '',
    )
    .trim();
  s = s.replace(/^("[^"]*"|\S+?)\s*@\s*(\S+)$/u, '$1@$2');
  // A doubled at sign ("ann@@x.com", a key held down or a paste over a typed '@'): one run of '@'s, the
  // only one, between a local part and a host. No address holds two '@'s side by side outside quotes.
  s = s.replace(DOUBLED_AT_RE, '$1@$2');
  // Outlook writes an Exchange recipient's proxy in the brackets: "John Smith [SMTP:john.smith@corp.com]".
  const named = /^(?:"[^"@]*"|[^@[\]()<>"])*[[(]\s*(?:smtp:\s*)?((?:"[^"]*"|[^\s@[\]()<>"]+)@[^\s@[\]()<>]+)\s*[\])][\s;,.]*$/iu.exec(s);
  if (named) s = named[1]!;
  // "Ann Lee ann@x.com": a name before the address without its angle brackets (a contact exported as
  // text). Only capitalised words before it: "ann smith@x.com" may be a quoted local part that lost its
  // quotes, and which address is meant is not known.
  const named2 = NAME_THEN_ADDRESS_RE.exec(s);
  if (named2) s = named2[2]!;
  // A note beside the address, as people annotate a pasted address: after it in square brackets or a
  // spaced dash ("ann@x.com [work]", "ann@x.com - home"), a label word after it ("ann@x.com work"), or a
  // name before a spaced dash ("Ann Lee - ann@x.com"). Only one address and a note without '@'.
  const noted = NOTE_AFTER_RE.exec(s) ?? LABEL_AFTER_RE.exec(s);
  if (noted && (noted[2] === undefined || noted[2].split(/\s+/).every((w) => ADDRESS_LABELS.has(w.toLowerCase())))) s = noted[1]!;
  else {
    const dashed = NAME_DASH_ADDRESS_RE.exec(s);
    if (dashed) s = dashed[1]!;
  }
  // A quoted name before the address without its angle brackets ('"John Smith" j@x.com'), and the
  // address before its holder's name in angle brackets ("j@x.com <John Smith>"): a probe found both
  // left out as no address.
  const quotedThen = QUOTED_NAME_THEN_ADDRESS_RE.exec(s);
  if (quotedThen) s = quotedThen[1]!;
  else {
    const thenNamed = ADDRESS_THEN_ANGLED_NAME_RE.exec(s);
    if (thenNamed) s = thenNamed[1]!;
  }
  // "a@b.com<a@b.com>": the address as its own display name, the space lost.
  // (Two addresses at most: 520 characters. Longer, the expression cost the string's length squared.)
  const twice = s.length <= 520 && s.endsWith('>') ? /^"?([^\s"<>]+@[^\s"<>]+?)"?<([^\s<>]+@[^\s<>]+)>$/u.exec(s) : null;
  if (twice && twice[1]!.toLowerCase() === twice[2]!.toLowerCase()) s = twice[2]!;
  else if (s.indexOf('<') >= 0) s = angledInText(s) ?? unclosedAngle(s) ?? s;
  s = repairedHost(s);
  return s === raw.trim() ? raw : s;
}

/**
 * A host typed with a slip that no mail system delivers but any reader reads (`ann@example. com`,
 * `ann@example .com`, `ann@example..com`, `ann@.example.com`, `ann@example,com`): the spaces beside its
 * dots dropped, a run of dots read as one, a leading dot dropped, and a lone comma read as the dot when
 * the host has none. Only with one '@', and only when the top-level domain that comes out is one
 * (ICANN's, or the reserved `example`/`test`), as deobfuscated checks: such a card was kept with nothing
 * to invite when the owner wrote to it, and left out otherwise, while its mailbox was plain to a reader.
 */
function repairedHost(s: string): string {
  const at = s.lastIndexOf('@');
  if (at <= 0 || s.indexOf('@') !== at || s.length - at > 256) return s;
  const host = s.slice(at + 1);
  if (!/[\s.,]/u.test(host)) return s;
  let h = host
    .replace(/\s*\.\s*/gu, '.')
    .replace(/\.{2,}/g, '.')
    .replace(/^\./, '');
  if (!h.includes('.') && h.indexOf(',') > 0 && h.indexOf(',') === h.lastIndexOf(',')) h = h.replace(',', '.');
  if (h === host || /[\s,]/u.test(h)) return s;
  const bare = h.toLowerCase().replace(/\.$/, '');
  const tld = bare.slice(bare.lastIndexOf('.') + 1);
  if (bare.indexOf('.') < 0 || !(tld === 'example' || tld === 'test' || parseHost(bare, TLD_OPTIONS).isIcann === true)) return s;
  return s.slice(0, at + 1) + h;
}

/**
 * Format and control characters a paste leaves in an address besides those invisible.ts drops: the
 * invisible operators (U+2061-U+2064) and the Mongolian vowel separator anywhere; control characters at
 * either end ("ann@x.com\u0000" from a C export: trim() keeps them); and the zero-width joiners (ZWJ,
 * ZWNJ) in an address that is ASCII without them. Persian and Indic words hold the joiners, and so may
 * their local parts and host names (see LABEL_RE), but a Latin address never does: "an\u200dn@x.com" was
 * kept as a mailbox of its own (a second row of Ann, and an invite that bounces), "ann@exam\u200cple.com"
 * left out as invalid. Inside an address, a control character is never dropped ("ann@x.com\u0000junk"
 * would give a host of someone else).
 */
const STRAY_FORMAT_G = /[\u180e\u2061-\u2064]/gu;
const STRAY_FORMAT_RE = /[\u180e\u2061-\u2064]/u;
const EDGE_CONTROLS_G = /^[\u0000-\u0008\u000e-\u001f\u007f]+|[\u0000-\u0008\u000e-\u001f\u007f]+$/gu;
const JOINERS_G = /[\u200c\u200d]/gu;

/** Whether `s` (not ASCII) holds a stray format character (see STRAY_FORMAT_G): parseWithPatterns refuses it, repair drops it. */
function hasStrayFormat(s: string): boolean {
  if (STRAY_FORMAT_RE.test(s)) return true;
  return (s.indexOf('\u200c') >= 0 || s.indexOf('\u200d') >= 0) && isAscii(s.replace(JOINERS_G, ''));
}

/** `s` without its stray format characters (see STRAY_FORMAT_G). */
function dropStrayFormat(s: string): string {
  let t = s.replace(STRAY_FORMAT_G, '').replace(EDGE_CONTROLS_G, '');
  if ((t.indexOf('\u200c') >= 0 || t.indexOf('\u200d') >= 0) && isAscii(t.replace(JOINERS_G, ''))) t = t.replace(JOINERS_G, '');
  return t;
}

/** A matched pair of chat formatting ('*', '_', doubled or not) around a string holding an '@' (see repair). */
const CHAT_PAIR_RE = /^([*_]{1,2})([^\s*_][^@]*@.*[^\s*_])\1$/su;

/** One or two words, then one address-like word (their being labels is checked apart: see repair). */
const LABEL_WORDS_BEFORE_RE = /^(\p{L}[\p{L}-]*(?:\s+\p{L}[\p{L}-]*)?)\s+(?=[^\s@<>()[\]"]+@[^\s@<>()[\]"]+$)/u;

/** A URL scheme with an authority ("https://"), other than mailto: (see repair). */
const URL_SCHEME_RE = /^\s*(?!mailto:)[a-z][a-z0-9+.-]{1,15}:\/\//i;

/** A doubled (or tripled) at sign and no other '@': "ann@@x.com" (see repair). */
const DOUBLED_AT_RE = /^([^@]*[^@\s"<([])@{2,3}([^@\s"][^@]*)$/u;

/** "[at]", "(at)", "{at}", "<at>", "[@]" and the same for "dot", as web pages write an address to hide it. */
const AT_BRACKETED_G = /\s*[[({<]\s*(?:at|@)\s*[\])}>]\s*/giu;
const AT_BRACKETED_RE = /[[({<]\s*(?:at|@)\s*[\])}>]/iu;
const DOT_BRACKETED_G = /\s*[[({<]\s*(?:dot|\.)\s*[\])}>]\s*/giu;

/**
 * The address of a string written so that harvesters miss it, as people copy it from a web page or a
 * signature into a card: "jane [at] example [dot] com", "jane(at)example.com", "jane [@] example.com";
 * null when the string is no such form. One bracketed "at" exactly, and nothing else left that is no
 * address: the result is then read as any address (and still has to be one, its host with a dot), so
 * "Ann (at) home" stays no address. Before, such a card was left out as `invalid`, or kept with nothing
 * to invite when the owner wrote to it, while the mailbox was plain to any reader. The spaced form
 * ("jane at example dot com") is not read: "at" and "dot" are also words of a note.
 */
function deobfuscated(s: string): string | null {
  const t = s.trim();
  const ats = t.match(AT_BRACKETED_G);
  if (ats === null || ats.length !== 1 || t.replace(AT_BRACKETED_G, '').includes('@')) return null;
  const out = t.replace(AT_BRACKETED_G, '@').replace(DOT_BRACKETED_G, '.');
  // The host must have come out with a dot, and the whole with no space: one address, nothing else.
  if (/\s/u.test(out) || out.indexOf('.', out.indexOf('@')) < 0) return null;
  // And its top-level domain must be one (ICANN's, or the reserved `example`/`test`): a note written with a
  // bracketed "at" ("Lunch (at) cafe.nero", "Party (at) Joe.Smith") is no address of anyone.
  const host = out
    .slice(out.lastIndexOf('@') + 1)
    .toLowerCase()
    .replace(/[.\s>;,]+$/u, '');
  const tld = host.slice(host.lastIndexOf('.') + 1);
  return tld === 'example' || tld === 'test' || parseHost(host, TLD_OPTIONS).isIcann === true ? out : null;
}

const TLD_OPTIONS = { extractHostname: false, validateHostname: false, detectIp: false, mixedInputs: false } as const;

/** A Markdown link, '[text](target)' (the target may be in angle brackets, as CommonMark allows). */
const MARKDOWN_LINK_G = /\[([^[\]]*)\]\(\s*<?([^\s()<>]+)>?\s*\)/g;
const MARKDOWN_LINK_RE = /^\s*\[([^[\]]*)\]\(\s*<?([^\s()<>]+)>?\s*\)\s*$/;

/**
 * What a Markdown link stands for where an address is expected: its mailto: target's address (read as
 * mailtoAddress reads one), else its text when that holds an '@' (a link to a profile page written over
 * the address), else the link as written.
 */
function markdownLinkAddress(link: string, text: string, target: string): string {
  if (target.length > 7 && target.slice(0, 7).toLowerCase() === 'mailto:') {
    const to = mailtoAddress(target.slice(7));
    if (to.indexOf('@') > 0) return to;
  }
  return text.indexOf('@') >= 0 ? text.trim() : link;
}

/**
 * The name of a Markdown link to an address ('[Ann Lee](mailto:ann@x.org)'): its text, when it reads as
 * a name (quoted, or two to four capitalised words, never a label) and the link is an address. null
 * otherwise.
 */
function markdownNameOf(raw: string): string | null {
  const m = MARKDOWN_LINK_RE.exec(raw);
  if (m === null) return null;
  const text = m[1]!.trim();
  if (!(QUOTED_NAME_RE.test(text) || CAPITALISED_NAME_RE.test(text))) return null;
  const name = text.replace(/^["']+|["']+$/g, '').trim();
  return name === '' || isAddressLabel(name) || normalizeEmail(raw) === null ? null : name;
}

/**
 * The address of "Name <a@b.com" whose closing '>' was lost (a field cut short by a CSV export, a paste):
 * one '<' opening a word, no '>', nothing but the address after it, and no '@' before it. null otherwise.
 */
function unclosedAngle(s: string): string | null {
  const lt = s.indexOf('<');
  if (lt < 0 || s.lastIndexOf('<') !== lt || s.indexOf('>') >= 0 || s.slice(0, lt).indexOf('@') >= 0) return null;
  // The bracket opens a word ("Ann <a@b.com"), not inside one ("a<b@example.com" is no address).
  if (lt > 0 && !/[\s"']/u.test(s.charAt(lt - 1))) return null;
  const rest = s.slice(lt + 1).trim();
  return /^(?:"[^"]*"|[^\s<>"]+)@[^\s<>"]+$/u.test(rest) ? rest : null;
}

/**
 * The one address in angle brackets of a sentence around it ("Please use <ann@x.com> for work"): the
 * brackets hold an '@', the string has no other '<' or '>', and the text outside holds no other address
 * (no '@' once the bracketed address itself is taken out: '"ann@x.com" <ann@x.com> for work' is one).
 * null otherwise: "Use <a@x.com> or b@y.com" names two addresses, and which one is meant is not known.
 */
function angledInText(s: string): string | null {
  const lt = s.indexOf('<');
  const gt = s.indexOf('>');
  if (gt < lt || s.lastIndexOf('<') !== lt || s.lastIndexOf('>') !== gt) return null;
  const inner = s.slice(lt + 1, gt).trim();
  if (inner.indexOf('@') < 0) return null;
  const outside = `${s.slice(0, lt)} ${s.slice(gt + 1)}`.toLowerCase();
  return outside.split(inner.toLowerCase()).join(' ').indexOf('@') < 0 ? inner : null;
}

/**
 * `read(raw)`, or when that is no address, `read` of its repaired form (see repair). Both read the
 * address with the full-width forms of ASCII as ASCII: one typed in an input method's full-width mode
 * ("ｊｏｈｎ＠ｅｘａｍｐｌｅ．ｃｏｍ") is the mailbox the person gave, and the one that merges with their
 * "john@example.com" from another source (the domain would be mapped so anyway, UTS #46). Other scripts
 * are untouched.
 */
function readOrRepair(input: string, read: (raw: string) => NormEmail | null): NormEmail | null {
  const raw = halfWidth(input);
  const v = readOrRepairOnce(raw, read);
  return v !== null ? v : notesRouted(raw, read);
}

function readOrRepairOnce(raw: string, read: (raw: string) => NormEmail | null): NormEmail | null {
  const v = read(raw);
  if (v !== null) return v;
  const fixed = repair(raw);
  return fixed === raw ? null : read(fixed);
}

/**
 * An Internet address with a Lotus Notes route after it: 'ann.lee@corp.com@CORP' is how Notes writes mail
 * to the Internet sent through its domain CORP (one word, no dot), and Notes delivers it; the same form
 * is what Exchange encapsulates (see IMCEA_RE). As there, it is shown as written (what the owner wrote
 * to, unwrapped) and keyed as the address before the route, so it merges with the person's plain
 * address. A route with a dot ('a@b.com@relay.com') is no Notes domain and stays unread: which address
 * is meant is not known.
 */
const NOTES_ROUTE_IN_RE = /(@\s*[^\s@<>"[\]()]+\.[^\s@<>"[\]().]+)\s?@([a-z0-9][a-z0-9_-]{0,62})\.?(?![\w.@-])/iu;
/** An address shown with its Notes route (see NOTES_ROUTE_IN_RE). */
const NOTES_ROUTED_RE = /^[^@]+@[^\s@<>"]+\.[^\s@<>"]+@[a-z0-9][a-z0-9_-]{0,62}$/iu;

/** The address of a string with a Notes route (see NOTES_ROUTE_IN_RE), read without the route; null when none. */
function notesRouted(raw: string, read: (raw: string) => NormEmail | null): NormEmail | null {
  const v = routedOnce(raw, read);
  if (v !== null || raw.indexOf('%') < 0) return v;
  // Percent-encoded whole ('ann%40corp.com%40CORP', copied from a link): read once decoded (repair).
  const fixed = repair(raw);
  return fixed === raw ? null : routedOnce(fixed, read);
}

function routedOnce(s: string, read: (raw: string) => NormEmail | null): NormEmail | null {
  if (s.indexOf('@') === s.lastIndexOf('@')) return null;
  const m = NOTES_ROUTE_IN_RE.exec(s);
  if (m === null) return null;
  const inner = readOrRepairOnce(s.slice(0, m.index) + m[1]! + s.slice(m.index + m[0].length), read);
  if (inner === null) return null;
  return { display: `${inner.display}@${m[2]!}`, key: inner.key, domain: inner.domain, junk: inner.junk, role: inner.role };
}

/**
 * Whether an address is shown in a form that carries another one (an encapsulated address keyed as the
 * address it carries, or one with a Notes route): the contact shows it beside that address's plain form.
 */
export function isCarrierForm(display: string, key: string): boolean {
  if (hasImceaPrefix(display)) return !hasImceaPrefix(key);
  return display.indexOf('@') !== display.lastIndexOf('@') && NOTES_ROUTED_RE.test(display);
}

function countQuotes(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 34) n++;
  return n;
}

/**
 * Whether an e-mail string names nobody at all: an RFC 5322 group with no members, as mail software writes
 * a message's To: when every recipient is Bcc ("undisclosed-recipients:;", "Undisclosed-Recipient:;",
 * "recipient list suppressed:;", sendmail's "unlisted-recipients:; (no To-header on input)", with a domain
 * some relays append: "undisclosed-recipients:;@corp.com"), in any language since the form is the
 * group's; such a label as an address (BCC_LABEL_ADDRESS_RE); or such a label before an empty address ('"Undisclosed Recipients" <>'). Read as an address it
 * was an unusable string, and a card holding it, written to in every Bcc message, was ranked first.
 */
export function namesNobody(raw: string): boolean {
  const t = raw.trim();
  if (t.indexOf(':') > 0 && EMPTY_GROUP_RE.test(t)) return true;
  if (isBccLabelAddress(t)) return true;
  const lt = t.lastIndexOf('<');
  return (
    lt > 0 &&
    /^<\s*>$/.test(t.slice(lt)) &&
    BCC_LABEL_RE.test(
      t
        .slice(0, lt)
        .trim()
        .replace(/^["']|["']$/g, '')
        .trim(),
    )
  );
}

/**
 * Whether a trimmed e-mail string is a label for recipients not shown written as an address
 * (BCC_LABEL_ADDRESS_RE): a valid address, read by addEmail before anything else. Most strings pay one
 * look at their first character.
 */
export function isBccLabelAddress(t: string): boolean {
  const c = t.charCodeAt(0) | 0x20;
  return (c === 117 /* u */ || c === 114 /* r */ || c === 34 /* " */ || c === 39) /* ' */ && BCC_LABEL_ADDRESS_RE.test(t);
}

/** A group with no members: a phrase, ':', ';' (a domain or a comment after it: see namesNobody). */
const EMPTY_GROUP_RE = /^(?:"[^"]*"|[^:;@<>",]+)\s*:\s*;\s*(?:@[\w.-]+)?\s*(?:\([^()]*\))?$/u;

/**
 * What mail software writes for recipients it does not show (a Bcc message's To:), as a name: English
 * only, the forms mail software is known to write; other languages are read by their group syntax
 * (EMPTY_GROUP_RE). Exported for the names (merge/names.ts: a placeholder names nobody).
 */
export const BCC_LABEL_RE = /^(?:undisclosed[-_ ]?recipients?|unlisted[-_ ]recipients?|recipient[-_ ]list[-_ ](?:suppressed|not[-_ ]shown))(?:\s*:\s*;?)?$/i;

/**
 * Such a label written as an address's local part, at any domain (`undisclosed-recipients@corp.com`,
 * `recipient-list-not-shown@corp.com`: a relay's rewrite of the empty group; an HTTP probe found one ranked
 * first, written to in every Bcc message).
 */
const BCC_LABEL_ADDRESS_RE =
  /^["']?(?:undisclosed[-_.]?recipients?|unlisted[-_.]recipients?|recipient[-_.]list[-_.](?:suppressed|not[-_.]shown))["']?@[^@\s<>]+$/i;

/**
 * The display name of a wrapped address ("Ana Silva <ana@x.org>" -> "Ana Silva"), quotes removed; null
 * when the string is not of that form or names nobody. The entry's own name wins over it (normalize.ts).
 * When text follows the address ("Please use <ann@x.org> for work"), the string is a sentence: what
 * stands before the address is a name only when it is quoted ('"Ann Lee" <ann@x.org> for work') or
 * reads as one (two to four capitalised words: "Ann Lee <ann@x.org> (home) please"), never "Please use".
 */
export function displayNameOf(raw: string): string | null {
  if (typeof raw !== 'string') return null;
  // 'Ann Lee &lt;ann@x.org&gt;': an export that escaped its fields (see repair).
  if (hasHtmlEntity(raw)) raw = decodeHtmlEntities(raw);
  const lt = raw.lastIndexOf('<');
  if (lt < 0) {
    const linked = raw.indexOf('](') >= 0 ? markdownNameOf(raw) : null;
    if (linked !== null) return linked;
    return unbracketedNameOf(raw) ?? parenthesisedNameOf(raw) ?? imceaNameOf(raw) ?? notesCommonName(raw.trim());
  }
  if (lt === 0) return null;
  // "j@x.com <John Smith>": the name after the address, in the brackets.
  const after = ADDRESS_THEN_ANGLED_NAME_RE.exec(raw.trim());
  if (after !== null) {
    const name = after[2]!.trim();
    return isAddressLabel(name) || normalizeEmail(after[1]!) === null ? null : name;
  }
  let gt = raw.indexOf('>', lt);
  if (gt < 0) {
    // "Ann Lee <ann@x.org" (the '>' lost): a name only when the rest is the address alone.
    if (raw.indexOf('>') >= 0 || unclosedAngle(raw.trim()) === null) return null;
    gt = raw.length;
  }
  // A mail header's label before the name ("From: \"John Smith\" <j@x.com>", "To: Ann Lee <a@x.com>") names nobody.
  // (An RFC 5322 group's label, "Team: Ann Lee <a@x>, Bob Ng <b@x>;", is read where lists are: a single
  // address ending in ';' is how Outlook writes one, and "Dr. Ann Lee: CEO <a@x>;" is a name.)
  const before = raw.slice(0, lt).trim().replace(HEADER_LABEL_RE, '');
  // Another bracket before it: a list or a sentence ("Jane Doe <n/a>, Rick Roe <n/a>" named the card
  // "Jane Doe <n/a>, Rick Roe"), no name; a quoted name may hold one.
  if (/[<>]/.test(before) && !QUOTED_NAME_RE.test(before)) return null;
  if (!ADDRESS_END_RE.test(raw.slice(gt + 1)) && !QUOTED_NAME_RE.test(before) && !CAPITALISED_NAME_RE.test(before)) return null;
  const name = before.replace(/^["']+|["']+$/g, '').trim();
  if (name === '' || name.includes('@') || isAddressLabel(name) || !/[\p{L}\p{N}]/u.test(name)) return null;
  return name;
}

/**
 * The name of "Ann Lee (ann@x.org)" or "Ann Lee [ann@x.org]" (repair() reads the address): as for
 * "Name <addr>", a quoted name or two to four capitalised words, never a label. null otherwise.
 */
function parenthesisedNameOf(raw: string): string | null {
  const t = raw.trim();
  const m = NAME_THEN_PARENTHESISED_RE.exec(t);
  // The older form, the address then its holder's name as a comment: "ann@x.org (Ann Lee)".
  const c = m === null ? ADDRESS_THEN_NAME_RE.exec(t) : null;
  const [before, address] = m !== null ? [m[1]!.trim(), m[2]!] : c !== null ? [c[2]!.trim(), c[1]!] : [null, null];
  if (before === null || address === null || !(QUOTED_NAME_RE.test(before) || CAPITALISED_NAME_RE.test(before))) return null;
  const name = before.replace(/^["']+|["']+$/g, '').trim();
  return name === '' || isAddressLabel(name) || normalizeEmail(address) === null ? null : name;
}

/** One address, then a comment in parentheses. */
const ADDRESS_THEN_NAME_RE = /^((?:"[^"]*"|[^\s@[\]()<>"]+)@[^\s@[\]()<>]+)\s*\(([^()@]+)\)[\s;,.]*$/u;

/** Words, then one address in parentheses or square brackets (Outlook's proxy form `[SMTP:addr]` too). */
const NAME_THEN_PARENTHESISED_RE = /^((?:"[^"@]*"|[^@[\]()<>"])+)[[(]\s*(?:smtp:\s*)?((?:"[^"]*"|[^\s@[\]()<>"]+)@[^\s@[\]()<>]+)\s*[\])][\s;,.]*$/iu;

/** "e-mail", "Email:", "Work" before an address label it; they name nobody ("e-mail <ann@x.org>"). */
function isAddressLabel(name: string): boolean {
  return ADDRESS_LABELS.has(name.replace(/\s*:$/, '').toLowerCase());
}

/** The display name an encapsulated address carries ('"Lee, Ann" <ann.lee@corp.com>'), or null (see IMCEA_RE). */
function imceaNameOf(raw: string): string | null {
  const address = extract(raw);
  const at = address.lastIndexOf('@');
  const content = at > 0 ? imceaContent(address.slice(0, at)) : null;
  if (content === null) return null;
  const lt = content.lastIndexOf('<');
  // IMCEANOTES-Jeff+20Dasovich+2FNA+2FCorp+40CORP@corp.com carries a Notes name, no '<'; a flat one
  // ("Joe Smith@ECT", a common name of two words or more and its Notes domain) names the person too.
  if (lt < 0) return notesCommonName(content.trim()) ?? FLAT_NOTES_NAME_RE.exec(content.trim())?.[1] ?? null;
  if (lt === 0) return null;
  const name = content
    .slice(0, lt)
    .trim()
    .replace(/^["']+|["']+$/g, '')
    .trim();
  return name === '' || name.includes('@') || isAddressLabel(name) ? null : name;
}

/** A flat Notes name: a common name of two words or more (one holding a letter), '@', a Notes domain (no dot). */
const FLAT_NOTES_NAME_RE = /^((?=[^@]*\p{L})[^\s/@=<>"][^/@=<>"]*\s[^/@=<>"]*[^\s/@=<>"])@[\p{L}\p{N}_-]+$/u;

/**
 * The name of "Ann Lee ann@x.org" (a name before the address, no angle brackets): two to four capitalised
 * words (CAPITALISED_NAME_RE) whose first is not a label ("Work Email ann@x.org" names nobody). null
 * otherwise, and when the rest is no address.
 */
function unbracketedNameOf(raw: string): string | null {
  const quoted = QUOTED_NAME_THEN_ADDRESS_RE.exec(raw.trim());
  if (quoted !== null) {
    const name = raw.trim().slice(1, raw.trim().indexOf('"', 1)).trim();
    return name === '' || isAddressLabel(name) || !/[\p{L}\p{N}]/u.test(name) || normalizeEmail(quoted[1]!) === null ? null : name;
  }
  const m = NAME_THEN_ADDRESS_RE.exec(raw.trim());
  if (m === null || !CAPITALISED_NAME_RE.test(m[1]!)) return null;
  if (ADDRESS_LABELS.has(m[1]!.split(/\s/, 1)[0]!.toLowerCase()) || normalizeEmail(m[2]!) === null) return null;
  return m[1]!;
}

/** A quoted name, then one address-like word: '"John Smith" j@x.com'. */
const QUOTED_NAME_THEN_ADDRESS_RE = /^"[^"@]*"\s+((?:"[^"]*"|[^\s@<>()[\]"]+)@[^\s@<>()[\]"]+)$/u;
/** One address-like word, then a name in angle brackets: "j@x.com <John Smith>". */
const ADDRESS_THEN_ANGLED_NAME_RE = /^((?:"[^"]*"|[^\s@<>()[\]"]+)@[^\s@<>()[\]"]+)\s*<\s*(\p{L}[^<>@]*)>$/u;
/** Capitalised words (one to four), then one address-like word: "Ann Lee ann@x.org". */
const NAME_THEN_ADDRESS_RE = /^(\p{Lu}[\p{L}\p{M}'’.-]*(?:\s+\p{Lu}[\p{L}\p{M}'’.-]*){0,3})\s+([^\s@<>()[\]"]+@[^\s@<>()[\]"]+)$/u;
/** One address, then a note in square brackets or after a spaced dash (see repair). */
const NOTE_AFTER_RE = /^((?:"[^"]*"|[^\s@"<>()[\]]+)@[^\s@<>()[\]"]+)\s*(?:\[[^[\]@<>]*\]|\s[-\u2013\u2014]\s+[^@<>[\]]+)$/u;
/** One address, then one or two words (labels only: see repair). */
const LABEL_AFTER_RE = /^((?:"[^"]*"|[^\s@"<>()[\]]+)@[^\s@<>()[\]"]+)\s+(\p{L}+(?:\s+\p{L}+)?)$/u;
/** Capitalised words (one to four), a spaced dash, then one address: "Ann Lee - ann@x.org". */
const NAME_DASH_ADDRESS_RE = /^\p{Lu}[\p{L}\p{M}'’.-]*(?:\s+\p{Lu}[\p{L}\p{M}'’.-]*){0,3}\s+[-\u2013\u2014]\s+([^\s@<>()[\]"]+@[^\s@<>()[\]"]+)$/u;
/** Words that label an address rather than name its holder. */
const ADDRESS_LABELS = new Set(['work', 'home', 'email', 'e-mail', 'mail', 'personal', 'private', 'business', 'office', 'other', 'primary']);

/** What may follow "Name <addr>" with nothing more said: list punctuation, and a comment "(Work)". */
const ADDRESS_END_RE = /^[\s;,.>)\]]*(?:\([^()]*\)[\s;,.]*)?$/;
/** A mail header's label ("To:", "Cc:", "From:", "Reply-To:", and German, French, Spanish, Italian, Dutch ones). */
const HEADER_LABEL_RE = /^(?:to|cc|bcc|from|reply-to|sender|an|von|kopie|de|para|da|a|aan|van)\s*:\s*/i;
/**
 * An RFC 5322 group's display name and its colon, before the group's first mailbox: words without brackets
 * or digits ("Ann Lee (Sales: EMEA)", "Ann Lee 10:30" are no label). For normalize.ts itemNames, which
 * reads it only in a group's shape (isGroupList).
 */
export const GROUP_LABEL_RE = /^[^"<>:@()[\]{},;\d]+:\s*/u;

/**
 * Whether a list is an RFC 5322 group: two mailboxes or more separated by ',' and closed by its one ';'
 * ("Team: Ann Lee <a@x>, Bob Ng <b@x>;"). Outlook ends every address with ';' ("Dr. Ann Lee: CEO <a@x>;",
 * "Ann Lee <a@x>; Bob Ng <b@x>;"), so a ';' alone is no group (a review).
 */
export function isGroupList(raw: string): boolean {
  const t = raw.trimEnd();
  if (!t.endsWith(';') || t.indexOf(';') !== t.length - 1 || t.indexOf(',') < 0) return false;
  const first = t.indexOf('<');
  return first >= 0 && t.indexOf('<', first + 1) >= 0;
}
/** A display name in double quotes, as RFC 5322 writes one. */
const QUOTED_NAME_RE = /^"[^"]+"$/;
/** Two to four words, each capitalised ("Ann Lee", "Dr. Ann O'Neil-Lee"): a name, not a phrase. */
const CAPITALISED_NAME_RE = /^\p{Lu}[\p{L}\p{M}'’.-]*(?:\s+\p{Lu}[\p{L}\p{M}'’.-]*){1,3}$/u;

/**
 * Normalises one uploaded address. Returns null when it cannot be an address (no '@', an empty local
 * part or domain, an unquoted space, a malformed host, ...). `display` is the upload unwrapped and
 * trimmed; `key` is the canonical form (NFC, lower-case, IDNA A-label domain, provider rules); `junk`
 * and `role` come from junk.ts.
 */
export function normalizeEmail(raw: string): NormEmail | null {
  if (typeof raw !== 'string') return null;
  // A bare address the ASCII scanner reads (nearly every one) costs less to parse than to look up in the
  // cache, and is its own first reading (parse): only the rest is cached, which also keeps the cache for them.
  if (isBare(raw)) {
    const v = scan(raw);
    if (v) return v;
  }
  const hit = cache.get(raw);
  if (hit !== undefined) return hit === null ? null : copy(hit);
  const v = readOrRepair(raw, parse);
  cache.set(raw, v);
  return v === null ? null : copy(v);
}

/**
 * Words that join two addresses in a pasted sentence-list ('ann@x.com and ann@y.org', 'a@x.com or b@y.com',
 * 'a@x.com & b@y.com'): "and" and "or" in English, German, French, Spanish, Portuguese, Italian and
 * Dutch, '&' and '+'.
 */
const LIST_CONNECTORS: ReadonlySet<string> = new Set(['and', 'or', 'and/or', 'und', 'oder', 'et', 'ou', 'y', 'o', 'e', 'en', 'of', '&', '+']);

/**
 * The addresses of a string of space-separated words that are all addresses, one connector word
 * (LIST_CONNECTORS) allowed between two of them and a label (ADDRESS_LABELS, with its colon or not)
 * before each: 'a@x.com b@y.org', 'ann@x.com and ann@y.org', 'Work: a@x.com Home: b@y.org'. null when
 * any other word is there ('john smith@x.com', 'Ann and Bo ann@x.com'), when a connector does not stand
 * between two addresses, or when there are fewer than two addresses. What a caller reading a field as a
 * list of addresses uses once the field is no address as a whole (normalize.ts).
 */
export function addressWords(raw: string): string[] | null {
  if (typeof raw !== 'string') return null;
  const words = raw.trim().split(/\s+/);
  if (words.length < 2) return null;
  const out: string[] = [];
  let afterAddress = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (normalizeEmail(w) !== null) {
      out.push(w);
      afterAddress = true;
    } else if (afterAddress && i < words.length - 1 && LIST_CONNECTORS.has(w.toLowerCase())) {
      afterAddress = false;
    } else if (i < words.length - 1 && isAddressLabel(w) && (words[i + 1]!.includes('@') || isAddressLabel(words[i + 1]!))) {
      // A label before the next address ("Work: a@x.com Home: b@y.com", "work a@x.com home b@y.com",
      // "Work Email: a@x.com"): it names nobody, and the word after the labels must still be an address.
      afterAddress = false;
    } else {
      return null;
    }
  }
  return out.length > 1 ? out : null;
}

/** A caller's own copy of a cached result (the fields parse() sets, in its order). */
function copy(v: NormEmail): NormEmail {
  return { display: v.display, key: v.key, domain: v.domain, junk: v.junk, role: v.role };
}

/**
 * Parse cache (the same address recurs across sources, batches and users); cap in entries, ~200 bytes
 * each: ~10 MB at most.
 */
const CACHE_MAX = 50_000;
const cache = new TwoGenerationCache<string, NormEmail | null>(CACHE_MAX);

/** The production parse without the cache (tests compare it with parseEmailSlow). */
export function parseEmailUncached(raw: string): NormEmail | null {
  return readOrRepair(raw, parse);
}

/** The regular-expression implementation, start to end (the reference the tests compare parse with). */
export function parseEmailSlow(raw: string): NormEmail | null {
  return readOrRepair(raw, (r) => parseWithPatterns(extractSlow(r), classifyAddressSlow));
}

// Character classes of the ASCII scanner, by code unit (0-127).
const BAD = 0;
/** Local part: atext (RFC 5322), its upper-case letters, and the dot between atoms. */
const ATEXT = 1;
const ATEXT_UPPER = 2;
const DOT = 3;
/** Host names: lower-case letters and digits, upper-case letters, and the hyphen. */
const HOST = 1;
const HOST_UPPER = 2;
const HYPHEN = 3;
const LOCAL_CLASS = new Uint8Array(128);
const HOST_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Z]/.test(ch)) LOCAL_CLASS[c] = ATEXT_UPPER;
  else if (/[a-z0-9!#$%&'*+/=?^_`{|}~-]/.test(ch)) LOCAL_CLASS[c] = ATEXT;
  else if (ch === '.') LOCAL_CLASS[c] = DOT;
  if (/[A-Z]/.test(ch)) HOST_CLASS[c] = HOST_UPPER;
  else if (/[a-z0-9]/.test(ch)) HOST_CLASS[c] = HOST;
  else if (ch === '-') HOST_CLASS[c] = HYPHEN;
}

/**
 * Normalises an address as parseWithPatterns does: for the common shape (ASCII, a dot-atom local part
 * of atext, a domain of two or more labels of letters, digits and inner hyphens, 1-63 characters, the
 * last one alphabetic or an "xn--" A-label) in one pass of a hand-written scanner instead of regular
 * expressions and split(). Anything else (other characters, doubled/leading/trailing dots, quotes, a bad
 * host) goes to parseWithPatterns, which keeps what mail systems deliver and refuses the rest; the tests
 * check that both give the same answer on every input.
 */
function parse(raw: string): NormEmail | null {
  const display = extract(raw);
  const v = scan(display);
  return v !== undefined ? v : parseWithPatterns(display, classifyAddress);
}

/** The ASCII scanner on an extracted address: its answer, or undefined where the patterns decide (see parse). */
function scan(display: string): NormEmail | null | undefined {
  const n = display.length;
  const at = display.lastIndexOf('@');
  if (at <= 0 || at === n - 1) return null;
  const end = display.charCodeAt(n - 1) === 46 ? n - 1 : n; // "a@b.com." is the same host
  if (at > MAX_LOCAL || end - at - 1 > MAX_DOMAIN) return undefined;

  let localUpper = false;
  let afterDot = true; // at the start, a dot would be a leading dot
  for (let i = 0; i < at; i++) {
    const c = display.charCodeAt(i);
    if (c > 127) return undefined; // the Unicode patterns decide
    const k = LOCAL_CLASS[c];
    if (k === DOT) {
      if (afterDot) return undefined;
      afterDot = true;
    } else if (k === BAD) {
      return undefined;
    } else {
      afterDot = false;
      if (k === ATEXT_UPPER) localUpper = true;
    }
  }
  if (afterDot) return undefined;

  let domainUpper = false;
  let labels = 0;
  let labelStart = at + 1;
  for (let i = at + 1; i <= end; i++) {
    const c = i < end ? display.charCodeAt(i) : 46; // the end closes the last label
    if (c === 46) {
      const len = i - labelStart;
      if (len < 1 || len > 63) return undefined;
      if (display.charCodeAt(labelStart) === 45 || display.charCodeAt(i - 1) === 45) return undefined;
      labels++;
      if (i < end) labelStart = i + 1;
    } else {
      if (c > 127) return undefined;
      const k = HOST_CLASS[c];
      if (k === BAD) return undefined;
      if (k === HOST_UPPER) domainUpper = true;
    }
  }
  if (labels < 2) return undefined;
  // The TLD: letters only (2-63), or an A-label "xn--" and 1-59 more.
  const tldLength = end - labelStart;
  let letters = true;
  for (let i = labelStart; i < end; i++) {
    const c = display.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) {
      letters = false;
      break;
    }
  }
  if (
    letters
      ? tldLength < 2
      : !(
          tldLength >= 5 &&
          (display.charCodeAt(labelStart) | 0x20) === 120 &&
          (display.charCodeAt(labelStart + 1) | 0x20) === 110 &&
          display.charCodeAt(labelStart + 2) === 45 &&
          display.charCodeAt(labelStart + 3) === 45
        )
  ) {
    return undefined;
  }

  const localRaw = display.slice(0, at);
  const local = localUpper ? localRaw.toLowerCase() : localRaw;
  const info = domainInfo(display, at + 1, end, domainUpper);
  if (info.badALabel) return null;
  const domain = info.name;
  const keyDomain = info.keyDomain;
  const keyLocal = info.rule === NO_RULE ? local : providerLocal(info.rule, local);
  // Already the key (lower-case, no provider rule applied, no trailing dot): share the string.
  const key = !localUpper && !domainUpper && end === n && keyLocal === local && keyDomain === domain ? display : `${keyLocal}@${keyDomain}`;
  const v = {
    display,
    key,
    domain: keyDomain,
    // Where the key drops the +tag (Gmail, Outlook, Fastmail, Yandex), the mailbox is the tag's owner's: its junk
    // is read without it ("annlee+updates@gmail.com" is Ann's, filed by her; it was left out as a
    // notification, its count lost from her row). Elsewhere the tag counts ("jenkins+alerts@ci…").
    junk: classifyLocal(info.rule === NO_RULE ? local : stripTag(local), info.junk),
    role:
      isRoleLocal(local) ||
      (isRoleCompound(local) && !isWebmailDomain(keyDomain)) ||
      isBulkMailHost(info.junk) ||
      isBrandOf(local, info) ||
      isProjectList(local, keyDomain),
  };
  if (info.placeholder || isPlaceholderLocal(local, domain)) return placeholder(v);
  return hasCarrierPrefix(local) ? unwrapCarrier(v, localRaw) : v;
}

// Domains seen, by their lower-case text: the string itself (one per domain, shared by every address
// and result), its provider rule and key domain, and its junk flags. An open-addressing table read
// straight from the address text, so that a known domain costs neither a slice nor three lookups.
interface DomainInfo {
  name: string;
  /** The provider rule of the local part (NO_RULE for nearly every domain). */
  rule: number;
  /** The domain of the key: the provider's (gmail.com for googlemail.com), else `name` itself. */
  keyDomain: string;
  junk: number;
  /** An "xn--" label that is no punycode ("xn--example.com"): no host has that name. */
  badALabel: boolean;
  /** The first letters of its labels, one bit per letter a-z: a brand (domainBrand) starts one of them. */
  initials: number;
  /** Its brand (junk.ts domainBrand), found when first needed (see isBrandOf). */
  brand: string | undefined;
  /** A domain that says "no e-mail" (noemail.com: see isPlaceholderDomain). */
  placeholder: boolean;
}

/**
 * Whether `local` is the brand's own sending address (junk.ts isBrandLocal), asking the Public Suffix
 * List for the domain's brand only when a label of the domain starts with the local part's first letter.
 */
function isBrandOf(local: string, info: DomainInfo): boolean {
  if ((info.initials & initialBit(local.charCodeAt(0))) === 0) return false;
  if (info.brand === undefined) info.brand = domainBrand(info.name);
  return isBrandLocal(local, info.brand);
}

/** The first characters of the labels of a lower-case host name, as bits (initialBit). */
function labelInitials(name: string): number {
  let bits = 0;
  let start = true;
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (start) bits |= initialBit(c);
    start = c === 46;
  }
  return bits;
}

/** One bit per letter a-z, one for every digit (a brand may start with one: 23andme), none for the rest. */
function initialBit(c: number): number {
  return c >= 97 && c <= 122 ? 1 << (c - 97) : c >= 48 && c <= 57 ? 1 << 26 : 0;
}
const DOMAIN_SLOTS = 8192;
/** Kept under half the slots; when full, the table starts over. */
const DOMAIN_MAX = 4096;
const domainNames: (string | undefined)[] = new Array<string | undefined>(DOMAIN_SLOTS).fill(undefined);
const domainInfos: (DomainInfo | undefined)[] = new Array<DomainInfo | undefined>(DOMAIN_SLOTS).fill(undefined);
let domainCount = 0;

function clearDomains(): void {
  domainNames.fill(undefined);
  domainInfos.fill(undefined);
  domainCount = 0;
}

/** The domain display[from..to), an ASCII host name, lower-cased (upper: it has capitals). */
function domainInfo(display: string, from: number, to: number, upper: boolean): DomainInfo {
  let h = 0x811c9dc5; // FNV-1a of the lower-cased text
  for (let i = from; i < to; i++) h = Math.imul(h ^ (display.charCodeAt(i) | 0x20), 0x01000193);
  // (| 0x20 lower-cases A-Z and maps '-' and digits to themselves: host names have nothing else.)
  const mask = DOMAIN_SLOTS - 1;
  let slot = h & mask;
  for (;;) {
    const name = domainNames[slot];
    if (name === undefined) break;
    if (name.length === to - from && sameLowerText(name, display, from)) return domainInfos[slot]!;
    slot = (slot + 1) & mask;
  }
  const raw = display.slice(from, to);
  const name = upper ? raw.toLowerCase() : raw;
  const p = PROVIDERS.get(name);
  const info: DomainInfo = {
    name,
    rule: p === undefined ? NO_RULE : p.rule,
    keyDomain: p === undefined ? name : p.keyDomain,
    junk: domainJunkFlags(name),
    badALabel: badALabel(name),
    initials: labelInitials(name),
    brand: undefined,
    placeholder: isPlaceholderDomain(name),
  };
  if (domainCount >= DOMAIN_MAX) {
    clearDomains();
    slot = h & mask;
  }
  domainNames[slot] = name;
  domainInfos[slot] = info;
  domainCount++;
  return info;
}

/**
 * Whether an ASCII host name (lower-case) has an "xn--" label that does not decode as punycode. Node's
 * IDNA differs by version (20 answers '' for the whole name, 26 leaves such a label as it is), so both
 * answers are read as "no".
 */
function badALabel(name: string): boolean {
  if (!name.includes('xn--')) return false;
  const u = domainToUnicode(name);
  return u === '' || u.startsWith('xn--') || u.includes('.xn--');
}

/** name (lower-case) equals display[from..from + name.length) lower-cased. */
function sameLowerText(name: string, display: string, from: number): boolean {
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) !== (display.charCodeAt(from + i) | 0x20)) return false;
  return true;
}

/** Gmail's key local part: the tag and the dots dropped (a local part of dots and a tag is kept as is). */
function gmailLocal(local: string): string {
  const base = stripTag(local); // never empty: local is not, and a tag starts after its first character
  if (base.indexOf('.') < 0) return base;
  const out = base.replace(/\./g, '');
  return out === '' ? local : out;
}

/** Proton's key local part: the tag dropped, and '.', '_' and '-' with it (transparent in a Proton name). */
function protonLocal(local: string): string {
  const base = stripTag(local);
  if (!/[._-]/.test(base)) return base;
  const out = base.replace(/[._-]/g, '');
  return out === '' ? local : out;
}

/** Yandex's key local part: the tag dropped, and '.' written '-' (the two are one character in a login). */
function yandexLocal(local: string): string {
  const base = stripTag(local);
  return base.indexOf('.') < 0 ? base : base.replace(/\./g, '-');
}

/**
 * Local parts as mail systems deliver them, beyond RFC 5322's dot-atom: dots anywhere (leading,
 * trailing, doubled: "j..smith", Japanese carriers' "taro."), any Unicode letter (RFC 6531), but no
 * space, control character or specials that would end the address in a header. Quoted local parts
 * ("john smith") are read separately.
 */
const LOOSE_LOCAL_RE = /^[^\s\p{Cc}"(),:;<>@[\\\]]+$/u;
/** A quoted local part: printable text between double quotes, backslash escapes allowed. */
const QUOTED_LOCAL_RE = /^"((?:[^"\\\p{Cc}]|\\[^\p{Cc}])+)"$/u;
/** Quoted content that needs no quotes (plain atext and dots): "john"@x is john@x. */
const BARE_CONTENT_RE = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~.-]+$/u;

/**
 * The parse of an extracted address with regular expressions: every address the ASCII scanner does not
 * take (non-ASCII text, quoted or dotted local parts, ...), and the reference the tests compare it with.
 *
 * What is kept is what a mail system can deliver; what is refused cannot be an address at all: no '@',
 * an empty (or all-dot) local part, an empty or malformed host name, a single-label host, over-long parts.
 * The key: local part NFC-normalised and lower-cased (quotes dropped when they quote nothing special),
 * domain as its IDNA A-label (punycode, lower-case): the form DNS resolves, the form stored books and the
 * cross-user index already hold, and the one "münchen.de" and "xn--mnchen-3ya.de" share.
 */
function parseWithPatterns(display: string, classify: (local: string, domain: string) => JunkReason | null): NormEmail | null {
  const at = display.lastIndexOf('@');
  if (at <= 0 || at === display.length - 1) return null;
  const localRaw = display.slice(0, at);
  let domainRaw = display.slice(at + 1);
  while (domainRaw.endsWith('.')) domainRaw = domainRaw.slice(0, -1); // "a@b.com." is the same host
  if (localRaw.length > MAX_LOCAL || domainRaw.length === 0 || domainRaw.length > MAX_DOMAIN) return null;
  const ascii = isAscii(display);
  // Invisible characters are never part of an address: refused here, so that repair() drops them.
  if (!ascii && (hasInvisible(display) || hasStrayFormat(display))) return null;

  let local: string;
  let quoted = false;
  const q = QUOTED_LOCAL_RE.exec(localRaw);
  if (q !== null) {
    const content = q[1].replace(/\\(.)/gu, '$1').normalize('NFC').toLowerCase();
    if (content.trim() === '') return null;
    quoted = !BARE_CONTENT_RE.test(content) || !/[^.]/.test(content);
    local = quoted ? `"${content}"` : content;
  } else {
    if (!(ascii ? LOCAL_ASCII_RE.test(localRaw) : false) && !LOOSE_LOCAL_RE.test(localRaw)) return null;
    if (!/[^.]/.test(localRaw)) return null; // only dots: nothing to deliver to
    local = ascii ? localRaw.toLowerCase() : localRaw.normalize('NFC').toLowerCase();
  }

  let domain = isAscii(domainRaw) ? domainRaw.toLowerCase() : domainRaw.normalize('NFC').toLowerCase();
  const labels = domain.split('.');
  if (labels.length < 2) return null;
  const domainAscii = isAscii(domain);
  const labelRe = domainAscii ? LABEL_ASCII_RE : LABEL_RE;
  for (const l of labels) if (!labelRe.test(l)) return null;
  if (!(domainAscii ? TLD_ASCII_RE : TLD_RE).test(labels[labels.length - 1])) return null;
  if (domainAscii && badALabel(domain)) return null;
  // IDN: "münchen.de" and "xn--mnchen-3ya.de" are the same domain; match on the A-label form.
  if (!domainAscii) {
    const a = domainToASCII(domain);
    if (!a) return null;
    domain = a;
  }

  // Provider rules: the domain is the provider's whatever the local part; a quoted local part (which no
  // provider issues) keeps its text.
  const p = PROVIDERS.get(domain);
  const keyDomain = p === undefined ? domain : p.keyDomain;
  const keyLocal = p === undefined || quoted ? local : providerLocal(p.rule, local);

  const v = {
    display,
    key: `${keyLocal}@${keyDomain}`,
    domain: keyDomain,
    junk: classify(p === undefined || quoted || p.rule === NO_RULE ? local : stripTag(local), domain),
    role: isRoleAddress(local, domain),
  };
  if (isPlaceholderDomain(domain) || isPlaceholderLocal(local, domain)) return placeholder(v);
  return !quoted && hasCarrierPrefix(local) ? unwrapCarrier(v, localRaw) : v;
}

/**
 * Placeholders: what a form, a CRM or a shop's till writes in an e-mail field when the person gave no
 * address (`noemail@noemail.com`, `none@none.com`, `test@test.com`, `jane.doe@noemail.com`,
 * `unknown@gmail.com`). They are well formed, and some are even delivered (to a stranger's mailbox), but
 * they are nobody's address: read as one, every card holding the same placeholder was one mailbox, and
 * the people on those cards were fused into one row (a card holding only an address is a copy of the
 * mailbox's owner), with an invite going to the placeholder. So a placeholder is read as no address
 * (junk 'invalid'): it links nobody, and a card with nothing else is left out as `invalid`, or, when the
 * owner wrote to it or starred it, kept and marked `unusable`. Only forms that say "no address": a local
 * part that says so at any domain, the same filler word as local part and domain name, or a domain named
 * "no e-mail". A person's own domain (`maria@maria.com`) and a role word (`info@info.com`) are not filler.
 */
const PLACEHOLDER_LOCALS: ReadonlySet<string> = new Set([
  'noemail',
  'no-email',
  'no_email',
  'no.email',
  'nomail',
  'no-mail',
  'no_mail',
  'no.mail',
  'noemailaddress',
  'noaddress',
  'no-address',
  'donotemail',
  'do-not-email',
  'do_not_email',
  'do.not.email',
  'dontemail',
  'none',
  'noneprovided',
  'notprovided',
  'notavailable',
  'unknown',
  'null',
]);
/** Filler words that are a placeholder as both the local part and the domain's name ("test@test.com"). */
const FILLER_WORDS: ReadonlySet<string> = new Set([
  'test',
  'none',
  'null',
  'nil',
  'na',
  'email',
  'mail',
  'unknown',
  'asdf',
  'qwerty',
  'fake',
  'dummy',
  'sample',
  'abc',
]);
/**
 * The sample addresses of forms and templates, copied into the field instead of the person's own
 * (`user@domain.com`, `your@email.com`, `someone@somewhere.com`, `test@gmail.com`): each shared by every
 * card it was typed on, it was kept as that person's address (an invite to a stranger) and as a row of
 * its own, a person invented from a template. Only those locals at those domains.
 */
const TEMPLATE_DOMAINS: ReadonlySet<string> = new Set([
  'domain.com',
  'email.com',
  'somewhere.com',
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  // A form's sample work address (`your.name@company.com`, `firstname.lastname@company.com`: a probe found
  // them ranked 2-4 of a book).
  'company.com',
  'yourcompany.com',
  'mycompany.com',
  'yourdomain.com',
  'mydomain.com',
]);
const TEMPLATE_LOCALS: ReadonlySet<string> = new Set([
  'user',
  'username',
  'name',
  'email',
  'example',
  'yourname',
  'your',
  'youremail',
  'your.email',
  'your.name',
  'firstname.lastname',
  'first.last',
  'someone',
  'somebody',
  'test',
  'no',
  'na',
  'n.a',
  'x',
  'xx',
  'xxx',
]);
/** One letter or digit up to four times, or the digits counting up, as a filler ("x", "xxx", "0", "123"). */
const FILLER_CHARS_RE = /^(?:([a-z0-9])\1{0,3}|123|1234|12345)$/;
/** Domain names that say "no e-mail" ("jane.doe@noemail.com"). */
const PLACEHOLDER_DOMAIN_WORDS: ReadonlySet<string> = new Set(['noemail', 'no-email', 'nomail', 'no-mail', 'noaddress', 'donotemail', 'dontemail']);
/** What may follow a domain's name for the rules above: a top-level domain, or a ccTLD's second level ("co.uk"). */
const SHORT_SUFFIX_RE = /^[a-z]{2,63}(?:\.[a-z]{2})?$/;

/** Whether a domain (lower-case) is named "no e-mail" ("noemail.com", "nomail.co.uk"). */
function isPlaceholderDomain(domain: string): boolean {
  if (UNREACHABLE_HOST_RE.test(domain) || WHATSAPP_ID_DOMAINS.has(domain)) return true;
  const dot = domain.indexOf('.');
  return dot > 0 && PLACEHOLDER_DOMAIN_WORDS.has(domain.slice(0, dot)) && SHORT_SUFFIX_RE.test(domain.slice(dot + 1));
}

/**
 * A host no mail from outside can reach: the machine itself (`root@localhost.localdomain`), a name on
 * the machine's network only (`.localdomain`, `.localhost`), or a name reserved never to exist
 * (`.invalid`, `.test`: RFC 2606, 6761). Read as no address, as a single-label host already is
 * (`bob@intranet`): a card the owner wrote to is kept and marked unusable, any other left out. Not
 * `.example`: reserved too, but every example and test writes it. Not `.local`: Active Directory's old
 * default, a company's internal mail domain (`ann.lee@corp.local`), delivered inside the company; its
 * colleagues received only are real people (a review).
 */
const UNREACHABLE_HOST_RE = /(?:^|\.)(?:localhost|localdomain|invalid|test)$/;

/**
 * The hosts of WhatsApp's IDs (`2348030007777@s.whatsapp.net`, WhatsApp Web's `…@c.us`, a group's
 * `…@g.us`), which exports and CRM syncs write into e-mail fields: no mailbox, so no address (a probe
 * found such an ID the address to invite). The number a person's ID carries is read as theirs
 * (sms-gateway.ts whatsAppNumber).
 */
export const WHATSAPP_ID_DOMAINS: ReadonlySet<string> = new Set(['s.whatsapp.net', 'c.us', 'g.us']);

/** Whether a local part (lower-case) is a placeholder at `domain`: it says "no address", or it is the domain's filler name. */
function isPlaceholderLocal(local: string, domain: string): boolean {
  if (local.length > 20) return false;
  if (PLACEHOLDER_LOCALS.has(local)) return true;
  if (TEMPLATE_DOMAINS.has(domain) && TEMPLATE_LOCALS.has(local)) return true;
  // "test@test.com", "x@x.com", "xxx@xxx.com", "0@0.com", "123@123.com": the same filler as local part
  // and domain name (a probe found `0@0.com` in a small book's top 10).
  if (domain.length <= local.length || domain.charCodeAt(local.length) !== 46 || !domain.startsWith(local)) return false;
  return (FILLER_WORDS.has(local) || FILLER_CHARS_RE.test(local)) && SHORT_SUFFIX_RE.test(domain.slice(local.length + 1));
}

/** A placeholder read as no address (see PLACEHOLDER_LOCALS): junk 'invalid', shown as written. */
function placeholder(v: NormEmail): NormEmail {
  return { display: v.display, key: v.key, domain: v.domain, junk: 'invalid', role: false };
}

/**
 * Exchange's encapsulated addresses (IMCEA, "Internet Mail Connector Encapsulated Address"): a foreign
 * address (Lotus Notes, X.400, X.500, or an SMTP one behind a Notes gateway) carried in the local part of
 * an SMTP address, `IMCEA<type>-<address>@<domain>`, with '/' written '_' and other specials as '+XX'
 * (hex): "IMCEANOTES-+22Lee+2C+20Ann+22+20+3Cann+2Elee+40corp+2Ecom+3E+40CORP@corp.com" carries
 * '"Lee, Ann" <ann.lee@corp.com>@CORP'. Mail systems deliver the encapsulated form, and it is shown as
 * written; when it carries an SMTP address, that address is the person, so it is the key: the two forms
 * merge. When it carries none (a Notes name, an X.500 DN), the encapsulated address is its own key.
 */
const IMCEA_RE = /^imcea[a-z0-9]*-(.+)$/i;

/** Whether `s` starts as an encapsulated address does, in any case (cheap test; IMCEA_RE and unwrapImcea decide). */
export function hasImceaPrefix(s: string): boolean {
  return s.length > 6 && (s.charCodeAt(0) | 0x20) === 105 && s.slice(0, 5).toLowerCase() === 'imcea';
}

/** The text an encapsulated local part carries ('+XX' and '_' decoded), or null when it is not one. */
export function imceaContent(localRaw: string): string | null {
  const m = IMCEA_RE.exec(localRaw);
  if (m === null) return null;
  return m[1]!.replace(/_/g, '/').replace(/\+([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/**
 * The directory identity an e-mail string names, one way for every writing of it, or null: an X.500 DN
 * ("/O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH", with Exchange's "EX:" or "X500:" before it or in a named
 * item's brackets; DNs are case-insensitive), a Lotus Notes hierarchical name with its Notes domain
 * ("Jeff Dasovich/NA/Corp@Corp", "CN=Jeff Dasovich/OU=NA/O=Corp@Corp"), or an encapsulated address
 * carrying either and no SMTP address ("IMCEANOTES-Jeff+20Dasovich_NA_Corp+40Corp@corp.com"). None is an
 * address anyone can invite, but each names one mailbox of one directory: the merge joins the cards that
 * name the same one (merge.ts joinDirectoryCopies). Cheap for everything else (no '/', no "imcea").
 */
export function directoryIdentity(display: string): string | null {
  let t = display.trim();
  if (hasImceaPrefix(t)) {
    const at = t.lastIndexOf('@');
    const content = at > 0 ? imceaContent(t.slice(0, at)) : null;
    if (content === null) return null;
    const inner = imceaAddress(content);
    if (inner !== null && readOrRepair(inner, parse) !== null) return null;
    t = content.trim();
  }
  if (t.indexOf('/') < 0) return null;
  if (t.endsWith('>')) {
    const lt = t.lastIndexOf('<');
    if (lt > 0) t = t.slice(lt + 1, -1).trim();
  }
  t = t.replace(/^(?:ex|x500):\s*/i, '');
  if (X500_DN_RE.test(t)) return 'x:' + t.toLowerCase();
  const at = t.lastIndexOf('@');
  if (at < 0 || t.indexOf('.', at) >= 0 || notesCommonName(t) === null) return null;
  return 'n:' + t.toLowerCase().replace(/(^|\/)(?:cn|ou|o|c)=/g, '$1');
}

/** An X.500 distinguished name as Exchange writes one: "/o=Org/ou=…/cn=…", ending with a common name. */
const X500_DN_RE = /^\/o=[^/]+(?:\/[a-z]+=[^/]+)*\/cn=[^/]+$/i;

/** The SMTP address an encapsulated content carries: '<addr>' inside it, or 'addr@NOTESDOMAIN' (one more '@'). */
function imceaAddress(content: string): string | null {
  const lt = content.lastIndexOf('<');
  const gt = content.indexOf('>', lt);
  if (lt >= 0 && gt > lt) return content.slice(lt + 1, gt).trim();
  const at = content.lastIndexOf('@');
  // 'ann.lee@corp.com@CORP': the address, then the Notes domain (no dot) it was routed through.
  if (at > 0 && content.indexOf('@') < at && !content.includes('.', at)) return content.slice(0, at).trim();
  return content.includes('@') ? content.trim() : null;
}

/** An encapsulated address keyed as the SMTP address it carries (see IMCEA_RE); unchanged when it carries none. */
function unwrapImcea(v: NormEmail, localRaw: string): NormEmail {
  const content = imceaContent(localRaw);
  if (content === null) return v;
  const inner = imceaAddress(content);
  const w = inner === null ? null : readOrRepair(inner, parse);
  if (w === null) return imceaOwnKey(v, localRaw, content);
  return { display: v.display, key: w.key, domain: w.domain, junk: w.junk, role: w.role };
}

/**
 * An encapsulated address carrying no SMTP address, keyed on what it carries written one way: Exchange
 * writes '/' as '_' or as '+2F' ("IMCEANOTES-Jeff+20Dasovich_NA_Corp+40Corp@…" and
 * "IMCEANOTES-Jeff+20Dasovich+2FNA+2FCorp+40Corp@…" are one Notes name, and were two rows). The key is
 * the content lower-cased, '/' written '_', letters, digits and '.', '-', '=' as they are, anything else
 * '+xx': the key a form written with '_' already had.
 */
function imceaOwnKey(v: NormEmail, localRaw: string, content: string): NormEmail {
  const dash = localRaw.indexOf('-');
  let out = localRaw.slice(0, dash + 1).toLowerCase();
  for (const ch of content.toLowerCase()) {
    if (ch === '/') out += '_';
    else if (/^[a-z0-9.=-]$/.test(ch) || ch.charCodeAt(0) > 0x7f) out += ch;
    else out += '+' + ch.charCodeAt(0).toString(16).padStart(2, '0');
  }
  const key = `${out}@${v.domain}`;
  return key === v.key ? v : { display: v.display, key, domain: v.domain, junk: v.junk, role: v.role };
}

/**
 * SRS, the Sender Rewriting Scheme (Shevek's specification; libsrs2, postsrsd, Mail::SRS): a forwarder
 * rewrites the sender of the mail it forwards into its own domain, keeping the original address in the
 * local part, so that bounces come back through it:
 *   SRS0=HHH=TT=domain=local@forwarder                    (HHH a hash, TT a timestamp)
 *   SRS1=HHH=forwarder1==HHH=TT=domain=local@forwarder2   (a second hop: '=' then SRS0's separator)
 * The separator after SRS0/SRS1 is '=', '+' or '-' (all three are used), the prefix is written in either
 * case, and the original local part may itself hold '='. Exchange Online writes
 * bounces+SRS=HHH=TT=domain=local@tenant.onmicrosoft.com. The forwarder accepts mail to such an address
 * only while its timestamp is fresh (21 days by default) and passes it on to the address carried: that
 * address is the person. So it is read as that address: shown, keyed and judged (junk, role) as the
 * address carried, and it merges with the person's plain address from another entry. One whose carried
 * address cannot be read stays what its form says: a bounce (junk.ts BOUNCE).
 */
const SRS0_RE = /^srs0[=+-][^=]*=[^=]*=([^=]+)=(.+)$/i;
const SRS1_RE = /^srs1[=+-][^=]*=[^=]+=[=+-][^=]*=[^=]*=([^=]+)=(.+)$/i;
/** Exchange Online's form of SRS0. */
const EXO_SRS_RE = /^bounces\+srs=[^=]*=[^=]*=([^=]+)=(.+)$/i;

/** The address an SRS local part carries (see SRS0_RE), or null when it is none. */
export function srsAddress(localRaw: string): string | null {
  const m = (localRaw.charCodeAt(0) | 0x20) === 98 ? EXO_SRS_RE.exec(localRaw) : (localRaw.charCodeAt(3) === 48 ? SRS0_RE : SRS1_RE).exec(localRaw);
  return m === null ? null : `${m[2]!}@${m[1]!}`;
}

/**
 * Whether a local part may carry another address (cheap test on its first letters: "imcea…", "srs0…",
 * "srs1…", "bounces+srs…"); unwrapCarrier decides.
 */
function hasCarrierPrefix(local: string): boolean {
  if (local.length < 7) return false;
  const c = local.charCodeAt(0) | 0x20;
  if (c === 105) return hasImceaPrefix(local);
  if (c === 115)
    return (local.charCodeAt(3) === 48 || local.charCodeAt(3) === 49) && (local.charCodeAt(1) | 0x20) === 114 && (local.charCodeAt(2) | 0x20) === 115;
  return c === 98 && local.length > 12 && local.slice(0, 11).toLowerCase() === 'bounces+srs';
}

/** An encapsulated (IMCEA) or SRS address read as the address it carries; unchanged when it carries none. */
function unwrapCarrier(v: NormEmail, localRaw: string): NormEmail {
  if (hasImceaPrefix(localRaw)) return unwrapImcea(v, localRaw);
  const inner = srsAddress(localRaw);
  if (inner === null) return v;
  const w = parse(inner);
  return w === null ? v : w;
}

/** "john+news" -> "john"; a leading '+' is not a tag. */
function stripTag(local: string): string {
  const plus = local.indexOf('+');
  return plus > 0 ? local.slice(0, plus) : local;
}

/** Empties the parse cache (benchmarks measure cold parsing with it). */
export function clearEmailCache(): void {
  cache.clear();
  clearDomains();
  clearJunkCache();
}
