/**
 * Cards of a phone book that are no person, though the owner called them: a business's line and a
 * number the owner labelled as one to avoid. On a phone book `times_contacted` counts calls, so a bank's
 * freephone, a helpline or a premium-rate line called six times ranked above `Mom` (a probe). Such a card
 * is the owner's evidence and is never left out; it ranks after the people of its group as the other
 * senders kept in the list do (Contact.sender, options.ts; docs/ranking.md, "Senders kept in the list"),
 * `explain` naming its own shift (`business_line`, `spam_label`).
 *
 * - A business line (businessLine): a card whose every number to call is one the numbering plan types as
 *   toll-free, premium-rate, shared-cost or a universal access number (`1-800-432-1000`, `0800 800 150`,
 *   `0906 123 4567`, Germany's `0180 …`, France's `0810 …`, Britain's `03…`), with no personal address
 *   (an address that is no role mailbox: a person's, beside a toll-free number of their firm, keeps the
 *   card a person's). Not VoIP, personal numbers (`070 …` in Britain) or anything fixed line or mobile.
 *   A number with an extension reaches one desk, possibly a person's: it keeps the card where it scores.
 * - A spam label (spamLabel): the owner's own name for a number to avoid, `Spam`, `SPAM - do not answer`,
 *   `Telemarketer`, `Scam Likely`, `No contestar`, `Nicht abnehmen`, `Ne pas répondre`. A label word
 *   (`spam`, `scam`, `telemarketer` …) marks a card wherever it stands in the name; a phrase (`do not
 *   answer`) only when the name is nothing else (`Mom (do not answer)` stays Mom). Ranked after people,
 *   not left out: the reasons clients know (docs/api.md) hold no such kind, and a new one would break an
 *   enum of theirs.
 *
 * The plan types come from libphonenumber's full metadata (its default 'min' metadata types the numbers
 * of a few countries only: +1, +44, +61 …, not Germany's or France's), read on first use (its JSON, ~3 ms
 * once, then ~1 ms per calling code's pattern). Fast: a number is first tested against one
 * pattern, per calling code, of the business types of all of the code's countries (~0.2 µs); only a
 * number it matches (few: the business lines themselves) is typed by the parser (getType, ~10-20 µs),
 * memoised per number.
 */
import { Metadata, parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import { createRequire } from 'node:module';
import { TwoGenerationCache } from './cache.ts';
import type { Contact } from './types.ts';

/** Why a card ranks after the people of its group, as `explain` names the shift; null: it ranks as it scores. */
export type CardKind = 'business_line' | 'spam_label' | null;

/**
 * The kind of a card that reads as no person by its numbers or its name (module comment); null for the
 * others. A card already marked a sender (Contact.sender) is read as that by options.ts, not here.
 */
export function cardKind(c: Pick<Contact, 'name' | 'emails' | 'phones'>): CardKind {
  if (c.name !== null && spamLabel(c.name)) return 'spam_label';
  return businessLine(c) ? 'business_line' : null;
}

// --- business lines ------------------------------------------------------------------------------------

/** The plan types of a business's line (libphonenumber's getType). Not VOIP, PERSONAL_NUMBER, FIXED_LINE. */
const BUSINESS_TYPES: ReadonlySet<string> = new Set(['TOLL_FREE', 'PREMIUM_RATE', 'SHARED_COST', 'UAN']);

/**
 * Whether every number of the card one can call is a business's line (at least one), and the card has no
 * personal address (module comment).
 */
export function businessLine(c: Pick<Contact, 'emails' | 'phones'>): boolean {
  for (const e of c.emails) if (e.junk === null && e.role !== true) return false;
  let lines = 0;
  for (const p of c.phones) {
    const k = p.key;
    if (k === null) continue; // a short code, a note: no number to call (contact.ts moves such cards to `unusable`)
    // A number of no known country ('n:'), or one with an extension (a desk, maybe a person's): a person's card.
    if (k.charCodeAt(2) !== 43 /* + */ || k.indexOf(';') >= 0) return false;
    if (!isBusinessNumber(k.slice(2))) return false;
    lines++;
  }
  return lines > 0;
}

/** Whether a full number (E.164, `+18004321000`) is one its plan types as a business's line. */
export function isBusinessNumber(e164: string): boolean {
  const national = prefilter(e164);
  if (national === null) return false;
  const hit = typeCache.get(e164);
  if (hit !== undefined) return hit;
  const type = parsePhoneNumberFromString(e164, maxJson())?.getType();
  const yes = type !== undefined && BUSINESS_TYPES.has(type);
  typeCache.set(e164, yes);
  return yes;
}

/**
 * Whether a full number (E.164) is valid by libphonenumber's full metadata, which knows each plan's ranges
 * (the default metadata passes any number of a possible length and leading digits: `+9116502530000`).
 * For the rare readings that must tell (phone.ts northAmericanWithoutPlus); loads the metadata on first use.
 */
export function isValidInFullPlan(e164: string): boolean {
  return parsePhoneNumberFromString(e164, maxJson())?.isValid() === true;
}

/** The parser's type of a full number (tests and docs), on the full metadata; undefined when it gives none. */
export function planType(e164: string): string | undefined {
  return parsePhoneNumberFromString(e164, maxJson())?.getType();
}

/** Numbers that passed the prefilter -> whether the parser types them as a business line. */
const typeCache = new TwoGenerationCache<string, boolean>(20_000);

interface MaxMetadata {
  hasCallingCode(cc: string): boolean;
  getCountryCodesForCallingCode(cc: string): string[] | undefined;
  selectNumberingPlan(country: string): unknown;
  numberingPlan: { type(name: string): { pattern(): string | undefined } | undefined };
}

let json: MetadataJson | null = null;
let metadata: MaxMetadata | null = null;

/**
 * libphonenumber's full metadata, read on first use (~3 ms: the JSON only; the parser's code is the ES
 * module the default metadata's parser already loaded).
 */
function maxJson(): MetadataJson {
  return (json ??= createRequire(import.meta.url)('libphonenumber-js/metadata.max.json') as MetadataJson);
}

function maxMetadata(): MaxMetadata {
  return (metadata ??= new Metadata(maxJson()) as unknown as MaxMetadata);
}

/**
 * By calling code (1-999): the pattern of the national numbers of the business types of every country of
 * the code; null when no country of it has one; false for no calling code; undefined until first read.
 */
const codePatterns: (RegExp | null | false | undefined)[] = new Array(1000);

function patternOf(code: number): RegExp | null | false {
  let p = codePatterns[code];
  if (p !== undefined) return p;
  const m = maxMetadata();
  const cc = String(code);
  if (!m.hasCallingCode(cc)) p = false;
  else {
    const parts: string[] = [];
    for (const country of m.getCountryCodesForCallingCode(cc) ?? []) {
      m.selectNumberingPlan(country);
      for (const type of BUSINESS_TYPES) {
        const pattern = m.numberingPlan.type(type)?.pattern();
        if (pattern && !parts.includes(pattern)) parts.push(pattern);
      }
    }
    // A non-geographic code (+800, +808: international freephone and shared cost) has no country here:
    // the parser types its numbers.
    p = parts.length > 0 ? new RegExp(`^(?:${parts.join('|')})$`) : m.getCountryCodesForCallingCode(cc)?.length ? null : /^/;
  }
  codePatterns[code] = p;
  return p;
}

/**
 * The national number of a full number when it may be a business line (it matches its calling code's
 * pattern of business types), else null. Calling codes are prefix-free: the first of 1 to 3 digits that
 * is one is the number's.
 */
function prefilter(e164: string): string | null {
  if (e164.charCodeAt(0) !== 43 /* + */) return null;
  let code = 0;
  for (let n = 1; n <= 3 && n < e164.length; n++) {
    const d = e164.charCodeAt(n) - 48;
    if (d < 0 || d > 9) return null;
    code = code * 10 + d;
    const p = patternOf(code);
    if (p === false) continue;
    if (p === null) return null;
    const national = e164.slice(n + 1);
    return p.test(national) ? national : null;
  }
  return null;
}

// --- the owner's labels of a number to avoid ------------------------------------------------------------

/** A cheap first test: a name holding none of these holds no label (most names: one regex, no split). */
const LABEL_HINT =
  /spam|scam|market|robocall|answer|pick|call|abnehm|rangeh|annehm|antwort|contest|respond|atend|atiend|coger|cojas|pond|croch|rispond|opnem|beantwoord|svar|estafa|arnaque|betr|truffa|werbe|marchage|golp|oplicht/i;

/** Words that make a name a label wherever they stand (`Spam`, `Scam Likely`, `IRS Scam`, `Werbeanruf`). */
const LABEL_WORDS: ReadonlySet<string> = new Set([
  'spam',
  'spams',
  'spammer',
  'spammers',
  'spamcall',
  'spamanruf',
  'scam',
  'scams',
  'scammer',
  'scammers',
  'telemarketer',
  'telemarketers',
  'telemarketing',
  'robocall',
  'robocaller',
  'robocalls',
  'estafa',
  'arnaque',
  'betrug',
  'betruger',
  'betrueger',
  'werbeanruf',
  'werbeanrufe',
  'demarchage',
  'truffa',
  'golpista',
  'oplichter',
]);

/** Phrases that are a label when the name holds nothing else (`Do not answer`, `No contestar`). */
const LABEL_PHRASES: readonly (readonly string[])[] = [
  ['do', 'not', 'answer'],
  ['dont', 'answer'],
  ['do', 'not', 'pick', 'up'],
  ['dont', 'pick', 'up'],
  ['do', 'not', 'call'],
  ['dont', 'call'],
  ['no', 'contestar'],
  ['no', 'contestes'],
  ['no', 'responder'],
  ['no', 'atender'],
  ['no', 'atiendas'],
  ['no', 'coger'],
  ['no', 'cojas'],
  ['nicht', 'abnehmen'],
  ['nicht', 'rangehen'],
  ['nicht', 'ran', 'gehen'],
  ['nicht', 'drangehen'],
  ['nicht', 'annehmen'],
  ['nicht', 'antworten'],
  ['ne', 'pas', 'repondre'],
  ['pas', 'repondre'],
  ['ne', 'pas', 'decrocher'],
  ['pas', 'decrocher'],
  ['non', 'rispondere'],
  ['nao', 'atender'],
  ['nao', 'atenda'],
  ['nao', 'responder'],
  ['niet', 'opnemen'],
  ['niet', 'beantwoorden'],
  ['svara', 'inte'],
  ['ikke', 'svar'],
  ['svar', 'ikke'],
];

/** Words that may stand beside a label phrase in a label (`Possible telemarketer call`, `Nicht abnehmen Anruf`). */
const LABEL_FILLER: ReadonlySet<string> = new Set([
  'call',
  'calls',
  'caller',
  'number',
  'likely',
  'possible',
  'potential',
  'suspected',
  'unknown',
  'anruf',
  'nummer',
  'llamada',
  'numero',
  'appel',
  'chiamata',
  'chamada',
  'oproep',
  'samtal',
]);

const MARKS = /\p{M}+/gu;
const APOSTROPHES = /['\u2019\u02bc`´]/g;
const NOT_WORD = /[^a-z0-9]+/;

/** Whether a card's name is the owner's label of a number to avoid (module comment). */
export function spamLabel(name: string): boolean {
  if (!LABEL_HINT.test(name)) return false;
  const words: string[] = [];
  for (const w of name.normalize('NFD').replace(MARKS, '').toLowerCase().replace(APOSTROPHES, '').split(NOT_WORD)) if (w !== '') words.push(w);
  let phrase = false;
  let other = false;
  for (let i = 0; i < words.length; ) {
    const w = words[i]!;
    if (LABEL_WORDS.has(w)) return true;
    const len = phraseAt(words, i);
    if (len > 0) {
      phrase = true;
      i += len;
      continue;
    }
    if (!LABEL_FILLER.has(w) && !/^\d+$/.test(w)) other = true;
    i++;
  }
  return phrase && !other;
}

/** The length of the label phrase starting at `words[i]`, or 0. */
function phraseAt(words: readonly string[], i: number): number {
  outer: for (const p of LABEL_PHRASES) {
    if (i + p.length > words.length) continue;
    for (let j = 0; j < p.length; j++) if (words[i + j] !== p[j]) continue outer;
    return p.length;
  }
  return 0;
}
