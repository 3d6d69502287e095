/**
 * A copy of a card adds nobody: on random small books made of names, addresses and numbers that meet the
 * merge's guards (one mailbox under two names, a relation label, a short form, a generation suffix, pet
 * forms, names in two scripts, a family landline and a mobile, a switchboard and its extension, colleagues
 * at one company, a To: list, a directory name, an unusable address), sending any card again (after it:
 * the same card sent later, from its source or from another) leaves the people of the book as they were.
 * A probe found `Ann Lee` and `Ann Smith` on one mailbox and one mobile one person, and two once either
 * card was sent twice (docs/cleaning.md).
 *
 * People are compared as the keys of the rows kept (left-out rows aside: a junk address never joins
 * anyone, so its copies are rows of their own, all left out). The name shown is not compared: it is the
 * most frequent of the person's names, and a second source saving one of them is a vote for it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { EntryInput } from '../../src/domain/types.ts';

const RUNS = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : 3000;
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : 0x6b697468;

const NAMES = [
  'Ann Lee',
  'Ann Smith',
  'Ann',
  'Mum',
  'Oma',
  'Bob Ray',
  'Robert Ray',
  'John Smith',
  'John Smith Jr',
  'Jane Smith',
  'Mrs Smith',
  'Sherri Sera',
  'Jeff Skilling',
  'Chidinma Okafor',
  'Chidi Okafor',
  'Alex Kim',
  'Alexandra Kim',
  'Franzi Schwarz',
  'Franziska Schwarz',
  'Иван Петров',
  'Ivan Petrov',
  null,
];
const EMAILS = [
  'ann@x.example',
  'ann.lee@gmail.com',
  'smiths@gmail.com',
  'team@acme.example',
  'bob@acme.example',
  'sherri.sera@acme.example',
  'jeff.skilling@acme.example',
  'c@x.example',
  '/O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH',
  'n/a',
  'Ann Lee <ann@x.example>, Bob Ray <bob@acme.example>',
  'noreply@acme.example',
];
const PHONES = [
  '+14155550153',
  '+14155550154',
  '+12125550100',
  '+12125550100 ext. 12',
  '+49 30 1234567',
  '+49 151 21000000',
  '0151 21000000',
  '(415) 555-0153',
  '+44 7400 123456',
];
/** Two sources of one region: a card read in another region is another card (its national numbers are another country's). */
const SOURCES = ['ios:-', 'gmail:e:owner@gmail.com'] as const;

const card = fc.record({
  name: fc.constantFrom(...NAMES),
  emails: fc.subarray(EMAILS, { maxLength: 3 }),
  phones: fc.subarray(PHONES, { maxLength: 2 }),
  source: fc.constantFrom(0, 1),
});
type Card = { name: string | null; emails: string[]; phones: string[]; source: number };

/** The book's people: the sorted keys of each row kept. */
function people(cards: readonly Card[]): string[] {
  const entries = cards.map(({ source, ...e }) => normalizeEntry(e as EntryInput, { sourceKey: SOURCES[source]!, region: 'US' }));
  return mergeEntries(entries)
    .filter((c) => !c.junk)
    .map((c) => [...c.keys].sort().join(' '))
    .sort();
}

describe('merge: copies of a card', () => {
  it('sending any card again leaves the people of the book unchanged', () => {
    fc.assert(
      fc.property(fc.array(card, { minLength: 1, maxLength: 7 }), fc.nat(), fc.nat(), fc.boolean(), (book: Card[], k, at, otherSource) => {
        const x = k % book.length;
        const copy: Card = otherSource ? { ...book[x]!, source: 1 - book[x]!.source } : book[x]!;
        const more = [...book];
        more.splice(x + 1 + (at % (book.length - x)), 0, copy);
        assert.deepEqual(people(more), people(book));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('sending the whole book again leaves its people unchanged', () => {
    fc.assert(
      fc.property(fc.array(card, { minLength: 1, maxLength: 7 }), (book) => {
        assert.deepEqual(people([...book, ...book]), people(book));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
