/**
 * The order of a book's entries makes no person: merging any order of the same cards gives the same
 * people (merge.ts: "the result depends only on the entry list", as a set). On random small books drawn
 * from small pools, so that cards collide often: two people's names and their short forms, relation
 * labels and nicknames (`Mum`, `Dad`, `Home`, `Office`, `Bob`), shared mailboxes (a family's, a team's),
 * shared mobiles and a family landline. A probe found `Mum` between two people who cannot be one joining
 * whichever of them came first, and chains of cards through shared mobiles giving other people in
 * another order.
 *
 * People are compared as the cards they hold: each card carries a photo of its own (the merge reads no
 * photo; a contact holds its cards' photos), so a row is the set of its cards, left-out rows included.
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
  'Annie Lee',
  'Bob Ray',
  'Robert Ray',
  'Bob',
  'John Smith',
  'John Smith Jr',
  'Jane Smith',
  'Mum',
  'Dad',
  'Home',
  'Office',
  'Franzi Schwarz',
  'Franziska Schwarz',
  'Franz Schwarz',
  // A relation before a name (merge/names.ts relationOf): `Oma Schwarz` is Franziska's grandmother, not her.
  'Oma Schwarz',
  'Opa Schwarz',
  'Mom Smith',
  null,
];
const NICKNAMES = ['Mum', 'Bobby', null, null, null];
const EMAILS = ['ann@x.example', 'smiths@gmail.com', 'bob@acme.example', 'team@acme.example', 'jane@acme.example', 'family@gmail.com'];
const PHONES = [
  '+49 151 21000000',
  '+49 151 21000001',
  '+44 7400 123456',
  '+44 7400 123457',
  '+49 30 1234567',
  '+12125550100',
  '+12125550100 ext. 12',
  '0151 21000000',
];
/** Two sources of one region: a card read in another region is another card (its national numbers are another country's). */
const SOURCES = ['ios:-', 'gmail:e:owner@gmail.com'] as const;

const card = fc.record({
  name: fc.constantFrom(...NAMES),
  nickname: fc.constantFrom(...NICKNAMES),
  emails: fc.subarray(EMAILS, { maxLength: 2 }),
  phones: fc.subarray(PHONES, { maxLength: 2 }),
  source: fc.constantFrom(0, 1),
});
type Card = { name: string | null; nickname: string | null; emails: string[]; phones: string[]; source: number };

/** The book's people: per row, the cards it holds (by their place in `cards`), rows sorted. */
function people(cards: readonly Card[], order: readonly number[]): string[] {
  const entries = order.map((c) => {
    const { source, ...e } = cards[c]!;
    return normalizeEntry({ ...e, photos: [`https://p.example/${c}`] } as EntryInput, { sourceKey: SOURCES[source]!, region: 'DE' });
  });
  return mergeEntries(entries)
    .map(
      (c) =>
        `${c.junk ? '-' : '+'}${c.photos
          .map((p) => Number(p.slice(18)))
          .sort((a, b) => a - b)
          .join(',')}`,
    )
    .sort();
}

/** `book` and an order of its cards (sorting its indexes by `ranks`). */
const shuffled = fc
  .array(card, { minLength: 2, maxLength: 7 })
  .chain((book) => fc.tuple(fc.constant(book), fc.array(fc.nat(), { minLength: book.length, maxLength: book.length })));

describe('merge: the order of the entries', () => {
  it("any order of a book's cards gives the same people", () => {
    fc.assert(
      fc.property(shuffled, ([book, ranks]) => {
        const order = book.map((_, i) => i).sort((a, b) => ranks[a]! - ranks[b]! || a - b);
        assert.deepEqual(
          people(book, order),
          people(
            book,
            book.map((_, i) => i),
          ),
        );
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('a book read backwards gives the same people', () => {
    fc.assert(
      fc.property(fc.array(card, { minLength: 2, maxLength: 7 }), (book) => {
        const order = book.map((_, i) => i);
        assert.deepEqual(people(book, [...order].reverse()), people(book, order));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
