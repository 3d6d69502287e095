/**
 * Possible second rows of one person: rows that merging keeps apart (they share no address or number, and
 * a name alone never merges two cards: namesakes are real) but that a reader of the list takes for the
 * same person shown twice: a mail card `Felix Zimmermann <felix@web.de>` and a phone card `Felix
 * Zimmermann 0170 0343284`, `Käthe` beside `Müller, Käthe`, `Ben` beside `Benjamin Taylor`.
 *
 * Such a row is not merged and not left out; applyRankOptions shows it after the rows that are not one, in
 * its own score order (`possible_duplicate` in `explain`). A namesake then still shows, lower; a duplicate
 * no longer takes a place at the top of the list.
 *
 * A row is a possible second row when a row ranked above it
 * - has a name that can be the same person's (namesCompatible, or a pet form of its first word:
 *   petCompatible) and shares a word of it or the first two letters of its first word (so names in two
 *   scripts, which namesCompatible cannot tell apart, never count);
 * - and not both rows hold e-mail addresses: a person's mail card and phone card share no key to merge on,
 *   while two addresses under one name are as often two namesakes (two `John Smith`s at one firm) as one
 *   person's two mailboxes, and a mail log tells those apart better than a name does;
 * and the owner never wrote to it (no times contacted, no sent date): a row written to may be a namesake
 * the owner deals with, and evidence beats a guess from a name. A star is no such evidence here: phones
 * star the people one calls, the same person's mail card above included.
 *
 * Pure; linear in the list (each row is compared with at most CANDIDATES rows above it per word).
 */
import { nameInfo } from './merge/contact.ts';
import { isPlaceholderName, namesCompatible, petCompatible } from './merge/names.ts';
import type { Contact } from './types.ts';

/** Rows above compared per word of a name (the highest ranked first): bounds the work in big books. */
const CANDIDATES = 4;

function hasEvidence(c: Contact): boolean {
  return (c.timesContacted ?? 0) > 0 || c.lastSent !== null;
}

/** The folded words of a row's name worth comparing, or null (no name, a placeholder, a relation label). */
function wordsOf(c: Contact): string[] | null {
  const name = c.name;
  if (name === null || name.trim() === '' || isPlaceholderName(name)) return null;
  const folded = nameInfo(name).folded;
  if (folded === null || folded.length === 0 || folded[0]![0] === '~') return null;
  return folded;
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
  for (let i = 0; i < rows.length; i++) {
    const c = rows[i]!.contact;
    const w = wordsOf(c);
    const mail = c.emails.length > 0;
    words.push(w);
    hasMail.push(mail);
    if (w === null) continue;
    if (!hasEvidence(c)) {
      const above = firstAbove(w, mail, words, hasMail, byWord, byStart);
      if (above >= 0) out.set(i, above);
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
  }
  return out;
}

function firstAbove(
  w: string[],
  mail: boolean,
  words: readonly (string[] | null)[],
  hasMail: readonly boolean[],
  byWord: Map<string, number[]>,
  byStart: Map<string, number[]>,
): number {
  let best = -1;
  for (const t of w) {
    const list = byWord.get(t);
    if (list === undefined) continue;
    for (const j of list) {
      if (best >= 0 && j >= best) break;
      if ((!mail || !hasMail[j]) && namesCompatible(words[j]!, w)) best = j;
    }
  }
  const list = byStart.get(w[0]!.slice(0, 2));
  if (list !== undefined) {
    for (const j of list) {
      if (best >= 0 && j >= best) break;
      if ((!mail || !hasMail[j]) && (namesCompatible(words[j]!, w) || petCompatible(words[j]!, w))) best = j;
    }
  }
  return best;
}
