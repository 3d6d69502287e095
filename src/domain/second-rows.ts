/**
 * Possible second rows of one person: rows that merging keeps apart (they share no address or number, and
 * a name alone never merges two cards: namesakes are real; rows sharing a number, each with a number of its
 * own, are two people the merge read together and kept apart, never a second row of each other) but that a reader of the list takes for the
 * same person shown twice: a mail card `Felix Zimmermann <felix@web.de>` and a phone card `Felix
 * Zimmermann 0170 0343284`, `Käthe` beside `Müller, Käthe`, `Ben` beside `Benjamin Taylor`.
 *
 * Such a row is not merged and not left out; applyRankOptions shows it after the rows that are not one, in
 * its own score order (`possible_duplicate` in `explain`). A namesake then still shows, lower; a duplicate
 * no longer takes a place at the top of the list.
 *
 * A row is a possible second row when a row ranked above it
 * - has a name that can be the same person's (namesCompatible, or a pet form of its first word:
 *   petCompatible) and shares a word of it or the first two letters of its first word; or is a name in
 *   Latin beside one in Cyrillic or Greek (or the other way round) of as many words that the merge reads
 *   firmly as one, each Latin word a romanisation of a word of the other letter by letter
 *   (scriptsUncompared: `Иван Петров` under `Ivan Petrov`, a Gmail card above a Russian phone's; not
 *   `Иван Петренко`, `Иван Петрова`, `Олег Петров` under `Olga Petrova`, nor `Иван` under `Ivan
 *   Petrov`); names in scripts that no romanisation compares (`山田 太郎`, `Taro Yamada`) never count;
 * - and not one the merge reads as possibly two people (links.ts looseNames: a generation on one name
 *   only, `John Smith` and `John Smith Jr.`; a bracketed word, `Mary (Taylor) Jones` and her daughter
 *   `Taylor Jones`; a short form of a man's and a woman's name, `Alex Kim` and `Alexandra Kim`);
 * - and, when both rows hold e-mail addresses, not at one registrable domain that is no webmail
 *   provider's (two `John Smith`s at one firm are as often two people as one, and a mail log tells those
 *   apart better than a name does: shareFirmDomain) and only under full names on both rows (a given name
 *   alone, a family name alone or an initial is many people's: `Mike` above `Mike Johnson`);
 *   `Jennifer Walker` at yahoo.com under `Jennifer Walker` at gmail.com is one person's other mailbox;
 * and the owner never wrote to it (no times contacted, no sent date): a row written to may be a namesake
 * the owner deals with, and evidence beats a guess from a name. A star is no such evidence here: phones
 * star the people one calls, the same person's mail card above included.
 *
 * Never when the name could be either of two people: a row that fits two rows above of names of two
 * people (`Christopher` under `Christopher Walker` and `Christopher Moore`; not under `Dan Washington` and
 * `Daniel Washington`, which can be one person's: oneName), nor the rows under a shorter name that
 * fits two of them (`Lee` above the spouses `Ann Lee` and `Bob Lee`: a review found both pushed below
 * strangers), nor a word alone under a name of its script that a name above in the other script fits as
 * another person's (`Иван` under `Иван Петров` and `Ivan Sidorov`).
 *
 * Pure and bounded: the first WINDOW rows of the list, names of at most MAX_WORDS words and MAX_CHARS
 * characters (a real name; a review made a GET of a book of 20-word names take 37 s), at most CANDIDATES
 * rows above per word, at most BUDGET name comparisons; across scripts at most CROSS_CANDIDATES rows
 * above and CROSS_BUDGET words read (beyond, rows stay where they rank).
 */
import { nameInfo } from './merge/contact.ts';
import { looseNames } from './merge/links.ts';
import { isPlaceholderName, nameKey, namesCompatible, petCompatible, relationOf, sameWords, scriptsUncompared } from './merge/names.ts';
import type { Contact } from './types.ts';
import { getDomain } from 'tldts';
import { PSL_OPTIONS } from './junk.ts';
import { isWebmailDomain } from './webmail.ts';

/** Rows above compared per word of a name (the highest ranked first). */
const CANDIDATES = 4;
const MAX_WORDS = 5;
const MAX_CHARS = 60;
/**
 * The rows read: the first of the list by score (what a user is shown). A second row further down stays
 * where it ranks; it is already far from the top. Keeps the cost of a ranked read of a big book flat.
 */
const WINDOW = 1_000;
/** Name comparisons per list, at most (long and common names cost the most). */
const BUDGET = 5_000;
/**
 * Rows above in the other script compared per row (the highest ranked of its script and number of words
 * first), and words in Latin read beside words in Cyrillic or Greek per list, at most (beside BUDGET): one
 * such reading costs some 15 µs (the romanisations, letter by letter), ten times a comparison of two names
 * in one script, so each pair of words is read once (romanisedWords).
 */
const CROSS_CANDIDATES = 16;
const CROSS_BUDGET = 1_000;

function hasEvidence(c: Contact): boolean {
  return (c.timesContacted ?? 0) > 0 || c.lastSent !== null;
}

/** The folded words of a row's name worth comparing, or null (no name, a placeholder, a relation label, too long). */
function wordsOf(c: Contact): string[] | null {
  const name = c.name;
  if (name === null || name.length > MAX_CHARS) return null;
  const folded = nameInfo(name).folded;
  if (folded === null || folded.length === 0 || folded.length > MAX_WORDS || folded[0]![0] === '~') return null;
  return folded;
}

/**
 * The relation label a row is named by alone (`Mom`, `Mum`, `Мама`: folded `~mother`), or null. One label
 * on two rows of one book is one person (the owner's mother, a mail card and a phone card), as one name is.
 */
function labelOf(c: Contact): string | null {
  const name = c.name;
  if (name === null || name.length > MAX_CHARS) return null;
  const folded = nameInfo(name).folded;
  return folded !== null && folded.length === 1 && folded[0]![0] === '~' ? folded[0]! : null;
}

/** A name of two words or more, none an initial: `Jennifer Walker`, not `Mike`, `Smith` or `J. Smith`. */
function fullName(w: readonly string[]): boolean {
  if (w.length < 2) return false;
  for (const t of w) if (t.length < 2) return false;
  return true;
}

/** Addresses of a row compared per pair of rows, at most (a card may hold a thousand: a review). */
const FIRM_ADDRESSES = 8;

/**
 * Whether two rows hold addresses under one registrable domain that is no webmail provider's
 * (`us.ibm.com` and `uk.ibm.com` are one firm; a review): two `John Smith`s at one firm are as likely as
 * one person's two mailboxes there, and the mail log tells them apart better than a name does. Rows of
 * more addresses than FIRM_ADDRESSES count as sharing one (bounded; they stay where they rank).
 */
function shareFirmDomain(a: Contact, b: Contact): boolean {
  if (a.emails.length > FIRM_ADDRESSES || b.emails.length > FIRM_ADDRESSES) return true;
  for (const x of a.emails) {
    if (x.junk !== null || isWebmailDomain(x.domain)) continue;
    const firm = getDomain(x.domain, PSL_OPTIONS) ?? x.domain;
    for (const y of b.emails) if (y.domain === x.domain || (getDomain(y.domain, PSL_OPTIONS) ?? y.domain) === firm) return true;
  }
  return false;
}

/** How much of a name a row gives: its words, then its letters (`M. Öztürk` gives less than `Maximilian Öztürk`). */
function fullness(w: readonly string[]): number {
  let letters = 0;
  for (const t of w) letters += t.length;
  return w.length * 1000 + letters;
}

/**
 * Whether two rows above a row can be one person's, so that the row under both is no choice between two
 * people: one name, or two forms of it that the merge reads as one (`Dan Washington` and `Daniel
 * Washington`, eval:top10: his phone card stayed at #8 under both), not loosely (`Alex Kim`, `Alexandra Kim`).
 */
function oneName(a: readonly string[], b: readonly string[]): boolean {
  return sameWords(a, b) || (namesCompatible(a, b) && !looseNames(a, b));
}

/**
 * Whether a row (`c`, its name folded `w`) can be a second row of a row ranked above it (`d`, folded `a`),
 * by every rule but the owner's evidence and the two people above (possibleSecondRows reads those): a name
 * that can be the same person's (a pet form of its first word with `pets`), read firmly, and the rows'
 * keys not those of two people.
 */
function fitsAbove(c: Contact, w: readonly string[], mail: boolean, d: Contact, a: readonly string[], mailAbove: boolean, pets: boolean): boolean {
  const pair = mail && mailAbove;
  if (pair && !(fullName(w) && fullName(a))) return false;
  if (!(namesCompatible(a, w) || (pets && petCompatible(a, w))) || looseNames(a, w)) return false;
  if (pair && shareFirmDomain(c, d)) return false;
  // Rows that hold one number and each one of their own: the merge read this very pair and kept them
  // apart (two of a family on their landline, each with a mobile: `José García` and his son `José Luis
  // García`, a probe found the son's row pushed below strangers).
  if (shareNumber(c, d)) return false;
  // A placeholder (`Unknown`, `No name`) names nobody: read only for the rare names that fit.
  return !isPlaceholderName(c.name!) && !isPlaceholderName(d.name!);
}

/**
 * The script a folded name is wholly written in, where one script romanises into the other: `l` for
 * Latin (letters a-z, two or more to a word: what the merge romanises), `o` for Cyrillic or Greek (one of
 * them throughout); null for any other name (an initial, a digit, a mix, Han ...). Only a name of the one
 * beside a name of the other is compared across scripts.
 */
function scriptOf(w: readonly string[]): 'l' | 'o' | null {
  if (w.every((t) => LATIN_WORD.test(t))) return 'l';
  return w.every((t) => CYRILLIC_WORD.test(t)) || w.every((t) => GREEK_WORD.test(t)) ? 'o' : null;
}
const LATIN_WORD = /^[a-z]{2,}$/;
const CYRILLIC_WORD = /^\p{Script=Cyrillic}+$/u;
const GREEK_WORD = /^\p{Script=Greek}+$/u;

/**
 * Whether each word of a name in Latin is, letter by letter, one of the romanisations of a word of a name
 * in Cyrillic or Greek, as the merge reads one word beside one (scriptsUncompared): what a firm reading of
 * the two names needs, read per pair of words and remembered in `seen` (given names recur). null when
 * `budget.left` words were read already. The names themselves are read after, as the merge reads them.
 */
function romanisedWords(latin: readonly string[], other: readonly string[], seen: Map<string, boolean>, budget: { left: number }): boolean | null {
  for (const l of latin) {
    let found = false;
    for (let k = 0; k < other.length && !found; k++) {
      const key = `${l} ${other[k]!}`;
      let fits = seen.get(key);
      if (fits === undefined) {
        if (budget.left <= 0) return null;
        budget.left--;
        seen.set(key, (fits = !scriptsUncompared([l], [other[k]!])));
      }
      found = fits;
    }
    if (!found) return false;
  }
  return true;
}

/**
 * Whether two rows hold a number in common (by key) and each a number of its own: the household's shape
 * (two of a family on their landline, each with a mobile), which the merge read and kept as two people.
 */
function shareNumber(a: Contact, b: Contact): boolean {
  let shared = false;
  let ownA = false;
  for (const p of a.phones) {
    if (p.key === null) continue;
    if (b.phones.some((q) => q.key === p.key)) shared = true;
    else ownA = true;
  }
  if (!shared || !ownA) return false;
  for (const q of b.phones) if (q.key !== null && !a.phones.some((p) => p.key === q.key)) return true;
  return false;
}

/** The index (in `rows`) of the row above each possible second row; absent for every other row. */
export function possibleSecondRows(rows: readonly { contact: Contact }[]): Map<number, number> {
  const out = new Map<number, number>();
  // Rows above, by word of their names and by the first two letters of their first word (short and pet
  // forms: `Ben` and `Benjamin Taylor`, `Franzi` and `Franziska Schwarz` share no word).
  const byWord = new Map<string, number[]>();
  const byStart = new Map<string, number[]>();
  const words: (string[] | null)[] = [];
  const hasMail: boolean[] = [];
  // Rows above that a fuller name below fits: the names below each (two different ones: none of them).
  const under = new Map<number, { rows: number[]; names: Set<string> }>();
  // Rows above named by a relation label alone, by label: the first (highest) of each.
  const byLabel = new Map<string, number>();
  // Rows above named wholly in Latin (`l`) or wholly in Cyrillic or Greek (`o`), by that and their number of words.
  const byScript = new Map<string, number[]>();
  let budget = BUDGET;
  const crossBudget = { left: CROSS_BUDGET };
  // Words in Latin beside words in Cyrillic or Greek read so far (romanisedWords).
  const romanised = new Map<string, boolean>();
  const end = Math.min(rows.length, WINDOW);
  for (let i = 0; i < end && budget > 0; i++) {
    const c = rows[i]!.contact;
    const w = wordsOf(c);
    const mail = c.emails.length > 0;
    words.push(w);
    hasMail.push(mail);
    const script = w === null ? null : scriptOf(w);
    if (w === null) {
      // `Mom` with her mobile under `Mom` with her address (a probe: both in the top 10). Written to, the
      // row stays where it ranks, as a named one does.
      const label = labelOf(c);
      if (label === null) continue;
      const above = byLabel.get(label);
      if (above === undefined) byLabel.set(label, i);
      else if (!hasEvidence(c) && !shareNumber(c, rows[above]!.contact)) out.set(i, above);
      continue;
    }
    if (!hasEvidence(c)) {
      // The rows above whose names fit this one: the highest, and whether two of them differ.
      let above = -1;
      let other = false;
      for (let k = 0; k <= w.length && budget > 0; k++) {
        const pets = k === w.length;
        if (!pets && w[k]!.length < 2) continue;
        const list = pets ? byStart.get(w[0]!.slice(0, 2)) : byWord.get(w[k]!);
        if (list === undefined) continue;
        for (let x = 0; x < list.length && budget > 0; x++) {
          const j = list[x]!;
          if (j === above) continue;
          // Both rows with addresses: only full names on both (a given name alone, a family name alone or
          // an initial is many people's: `Mike` above `Mike Johnson`, a review), at no shared firm.
          if (mail && hasMail[j] && !fullName(w)) continue;
          budget--;
          if (!fitsAbove(c, w, mail, rows[j]!.contact, words[j]!, hasMail[j]!, pets)) continue;
          if (above < 0) above = j;
          else if (!oneName(words[above]!, words[j]!)) other = true;
          else if (j < above) above = j;
        }
      }
      // The rows above in the other script (Latin beside Cyrillic or Greek) of as many words: one person's
      // mail card in Latin and phone card in Cyrillic share no word and no first letters.
      const cross = script === null ? undefined : byScript.get(`${script === 'l' ? 'o' : 'l'}${w.length}`);
      let crossAbove = -1;
      for (let x = 0; cross !== undefined && x < cross.length; x++) {
        const j = cross[x]!;
        if (j === above || (mail && hasMail[j] && !fullName(w))) continue;
        // Only names that are each other's romanisation letter by letter, word for word, as the merge reads
        // them firmly (scriptsUncompared, then every rule of fitsAbove); beyond the bound, no more.
        const fits = script === 'l' ? romanisedWords(w, words[j]!, romanised, crossBudget) : romanisedWords(words[j]!, w, romanised, crossBudget);
        if (fits === null) break;
        if (!fits || scriptsUncompared(words[j]!, w) || !fitsAbove(c, w, mail, rows[j]!.contact, words[j]!, hasMail[j]!, false)) continue;
        if (above < 0) above = crossAbove = j;
        else if (!oneName(words[above]!, words[j]!)) other = true;
        else if (j < above) above = crossAbove = j;
      }
      // One word alone (`Иван`) under a name of its script (`Иван Петров`) may be a person named above in the
      // other script too (`Ivan Sidorov`): a choice between two people, as `Ivan` under `Ivan Petrov` and
      // `Ivan Sidorov` is. Read as the merge's generous fit (namesCompatible); beyond the bounds, no shift.
      if (above >= 0 && !other && w.length === 1 && script !== null) {
        for (let n = 2; n <= MAX_WORDS && !other; n++) {
          const fuller = byScript.get(`${script === 'l' ? 'o' : 'l'}${n}`);
          for (let x = 0; fuller !== undefined && x < fuller.length && !other; x++) {
            const j = fuller[x]!;
            if (crossBudget.left <= 0) other = true;
            else {
              crossBudget.left--;
              other = namesCompatible(words[j]!, w) && !oneName(words[above]!, words[j]!);
            }
          }
        }
      }
      if (above >= 0 && !other) {
        out.set(i, above);
        // A relation before the name (`Oma Weber` under `Weber`) says more of whom the row is, as a fuller name
        // does; a name in the other script, its romanisation word for word, says as much, whatever its letters.
        const fuller = fullness(words[above]!) < fullness(w) || (relationOf(w) !== null && relationOf(words[above]!) === null);
        if (above !== crossAbove && fuller) {
          let u = under.get(above);
          if (u === undefined) under.set(above, (u = { rows: [], names: new Set() }));
          u.rows.push(i);
          u.names.add(nameKey(w));
        }
      }
    }
    for (const t of w) {
      if (t.length < 2) continue; // an initial is no word to look a name up by
      const list = byWord.get(t);
      if (list === undefined) byWord.set(t, [i]);
      else if (list.length < CANDIDATES && list[list.length - 1] !== i) list.push(i);
    }
    const start = w[0]!.slice(0, 2);
    const list = byStart.get(start);
    if (list === undefined) byStart.set(start, [i]);
    else if (list.length < CANDIDATES) list.push(i);
    if (script !== null) {
      const key = `${script}${w.length}`;
      const same = byScript.get(key);
      if (same === undefined) byScript.set(key, [i]);
      else if (same.length < CROSS_CANDIDATES) same.push(i);
    }
  }
  for (const u of under.values()) if (u.names.size > 1) for (const i of u.rows) out.delete(i);
  return out;
}
