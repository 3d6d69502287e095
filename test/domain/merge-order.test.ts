/**
 * The order of a book's cards makes no person (merge.ts: the people depend on the cards, not on the order
 * they come in). Each case is a book a property test (test/property/merge-order.test.ts) found giving
 * other people in another order, shrunk: every order of its cards must give the same rows.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { CountryCode } from '../../src/domain/phone.ts';
import type { EntryInput } from '../../src/domain/types.ts';

/** Every order of 0..n-1. */
function orders(n: number): number[][] {
  if (n === 1) return [[0]];
  const out: number[][] = [];
  for (const p of orders(n - 1)) {
    for (let k = 0; k <= p.length; k++) {
      const q = [...p];
      q.splice(k, 0, n - 1);
      out.push(q);
    }
  }
  return out;
}

/**
 * The rows of `cards` merged in every order of them, asserted to be the same: each row as the places (in
 * `cards`) of the cards it holds, rows sorted. Each card carries a photo of its own to be told by.
 */
function rowsInEveryOrder(cards: EntryInput[], region: CountryCode = 'DE'): number[][] {
  let first: number[][] | null = null;
  for (const order of orders(cards.length)) {
    const entries = order.map((c) => normalizeEntry({ ...cards[c]!, photos: [`https://p.example/${c}`] }, { sourceKey: 'ios:-', region }));
    const rows = mergeEntries(entries)
      .map((c) => c.photos.map((p) => Number(p.slice(18))).sort((a, b) => a - b))
      .sort((a, b) => a[0]! - b[0]!);
    if (first === null) first = rows;
    else assert.deepEqual(rows, first, `order ${order.join(',')}`);
  }
  return first!;
}

/** `card` joins exactly one of the people `a` and `b`, who stay two rows (which one: rowsInEveryOrder holds it the same in every order). */
function joinsOne(rows: number[][], a: number, b: number, card: number): void {
  const sorted = (xs: number[][]) => xs.map((r) => [...r].sort((x, y) => x - y)).sort((x, y) => x[0]! - y[0]!);
  const withA = sorted([[a, card], [b]]);
  const withB = sorted([[a], [b, card]]);
  assert.ok(JSON.stringify(rows) === JSON.stringify(withA) || JSON.stringify(rows) === JSON.stringify(withB), JSON.stringify(rows));
}

test('a relation label on a number held by two people who cannot be one joins neither, in any order', () => {
  // `Mum` fits `Bob` and `Ann Lee`, who are two people: which of them she is, the number cannot say (she
  // joined whichever came first).
  assert.deepEqual(
    rowsInEveryOrder(
      [
        { name: 'Mum', phone: '+12125550100' },
        { name: 'Bob', phone: '+12125550100' },
        { name: 'Ann Lee', phone: '+12125550100' },
      ],
      'US',
    ),
    [[0], [1], [2]],
  );
  // On a mobile, beside a card named `Office` (a word, not a relation: it fits `Mum`, not `Ann Lee`).
  assert.deepEqual(
    rowsInEveryOrder([
      { name: 'Ann Lee', phone: '+49 151 21000000' },
      { name: 'Office', phone: '+49 151 21000000' },
      { name: 'Mum', phone: '+49 151 21000000' },
    ]),
    [[0], [1], [2]],
  );
});

test('two relations that fit one full name on a shared number and not each other: neither joins it, in any order', () => {
  // `Mum` and `Dad` each fit `Bob Ray` (a label fits any name) and are two people: which of them he is,
  // the number cannot say (the first in content order joined him: a coin toss, a review).
  assert.deepEqual(
    rowsInEveryOrder([
      { name: 'Mum', phone: '+44 7400 123456' },
      { name: 'Bob Ray', phone: '+44 7400 123456' },
      { name: 'Dad', phone: '+44 7400 123456' },
    ]),
    [[0], [1], [2]],
  );
  // The family landline: Hilde Weber (with her mobile) is one of the grandparents, the landline cannot say which.
  for (const k of [0, 2, 5, 7]) {
    assert.deepEqual(
      rowsInEveryOrder([
        { name: 'Hilde Weber', phones: [`+49 30 123456${k}`, '+49 151 11111111'] },
        { name: 'Oma Weber', phone: `+49 30 123456${k}` },
        { name: 'Opa Weber', phone: `+49 30 123456${k}` },
      ]),
      [[0], [1], [2]],
      String(k),
    );
  }
});

test('a name that fits two names on a number is the one another of its keys is held under (a review: Beth MacLeod two rows)', () => {
  // `B. MacLeod` fits `Beth MacLeod` and `Bethan MacLeod`, who are two; her mailbox is held by `Beth
  // MacLeod`'s card: she is Beth, and Beth's card on the mobile joins her row.
  assert.deepEqual(
    rowsInEveryOrder(
      [
        { name: 'B. MacLeod', email: 'b.macleod@hotmail.co.uk', phone: '+44 7759 616530' },
        { name: 'Beth MacLeod', email: 'b.macleod@hotmail.co.uk' },
        { name: 'Beth MacLeod', phone: '+44 7759 616530' },
        { name: 'Bethan MacLeod', phone: '+44 7759 616530' },
      ],
      'GB',
    ),
    [[0, 1, 2], [3]],
  );
});

test("a tie through another key counts only where that key's own guard links the two (a review: wrong merges)", () => {
  // The generation guard on the landline: `John Smith` and `John Smith Jr`, each with a mobile, are two.
  assert.deepEqual(
    rowsInEveryOrder([
      { name: 'John Smith', phones: ['+49 151 21000000', '+49 30 1234567', '+49 151 55555555'] },
      { name: 'John Smith Jr', phones: ['+49 30 1234567', '+49 151 66666666'] },
      { name: 'John Smith Jr', phone: '+49 151 21000000' },
      { name: 'John Smith Sr', phone: '+49 151 21000000' },
    ]),
    [[0], [1], [2], [3]],
  );
  // A relation and a name on a landline, each with a mobile: two.
  assert.deepEqual(
    rowsInEveryOrder([
      { name: 'Mum', phones: ['+49 151 21000000', '+49 30 1234567', '+49 151 55555555'] },
      { name: 'Ann Lee', phones: ['+49 30 1234567', '+49 151 66666666'] },
      { name: 'Ann Lee', phone: '+49 151 21000000' },
      { name: 'Bob Lee', phone: '+49 151 21000000' },
    ]),
    [[0], [1], [2], [3]],
  );
  // A switchboard (the book holds it with an extension) links no one.
  assert.deepEqual(
    rowsInEveryOrder([
      { name: 'A. Lee', phones: ['+49 151 21000000', '+49 30 9999990'] },
      { name: 'Ann Lee', phones: ['+49 30 9999990', '+49 151 66666666'] },
      { name: 'Ann Lee', phone: '+49 151 21000000' },
      { name: 'Amy Lee', phone: '+49 151 21000000' },
      { name: 'Reception', phone: '+49 30 9999990 ext. 12' },
    ]),
    [[0], [1], [2], [3], [4]],
  );
});

test('cards of one content hash and other contents are ordered by their content: the same people in any order (a review)', () => {
  // `Ann Smith` of `Co52814` and `Ann Lee` of `Co2669` hash alike (29 bits of FNV-1a over the card,
  // found by a search): which of them the unnamed card between them joins was the upload's order.
  joinsOne(
    rowsInEveryOrder([
      { name: 'Ann Smith', phone: '+12125550100', company: 'Co52814' },
      { name: 'Ann Lee', phone: '+49 151 21000001', company: 'Co2669' },
      { name: null, phones: ['+49 151 21000001', '+12125550100'] },
    ]),
    0,
    1,
    2,
  );
});

test('a card between two people who cannot be one joins the same one in any order (numbers)', () => {
  // An unnamed card with Ann Lee's mobile and Ann Smith's number: which of them it joins, the book cannot
  // say; the same one whichever card came first in the book (the one the cards' content order picks).
  joinsOne(
    rowsInEveryOrder([
      { name: 'Ann Smith', phone: '+12125550100' },
      { name: 'Ann Lee', phone: '+49 151 21000001' },
      { name: null, phones: ['+49 151 21000001', '+12125550100'] },
    ]),
    0,
    1,
    2,
  );
  joinsOne(
    rowsInEveryOrder([
      { name: 'Ann Smith', phone: '+12125550100' },
      { name: 'Ann Lee', phone: '+49 151 21000001' },
      { name: null, phones: ['+12125550100', '+49 151 21000001'] },
    ]),
    0,
    1,
    2,
  );
  // Labels that are no names of one person (`Home`, `Office`) on the two ends of the chain.
  joinsOne(
    rowsInEveryOrder([
      { name: 'Home', phone: '+49 151 21000000' },
      { name: null, phones: ['+49 30 1234567', '+49 151 21000000'] },
      { name: 'Office', phone: '+49 30 1234567' },
    ]),
    0,
    2,
    1,
  );
});

test('a card between two people who cannot be one joins the same one in any order (mailboxes)', () => {
  joinsOne(
    rowsInEveryOrder([
      { name: 'Dad', emails: ['ann@x.example', 'smiths@gmail.com'] },
      { name: 'Home', emails: ['smiths@gmail.com'] },
      { name: 'Office', emails: ['ann@x.example'] },
    ]),
    1,
    2,
    0,
  );
  joinsOne(
    rowsInEveryOrder([
      { name: 'Ann Lee', emails: ['smiths@gmail.com', 'family@gmail.com'] },
      { name: 'Mum', emails: ['smiths@gmail.com'] },
      { name: 'Dad', emails: ['family@gmail.com'] },
    ]),
    1,
    2,
    0,
  );
});

test('three labels on one mailbox, two with numbers of their own, are the same rows in any order', () => {
  // `Dad` and `Mum` each hold bob@ and a number; `Ann` holds bob@ alone. Taken in upload order, Ann
  // joined Dad, Mum or nobody.
  assert.deepEqual(
    rowsInEveryOrder([
      { name: 'Dad', emails: ['bob@acme.example'], phone: '+44 7400 123457' },
      { name: 'Mum', emails: ['bob@acme.example'], phone: '0151 21000000' },
      { name: 'Ann', emails: ['bob@acme.example'] },
    ]),
    [[0], [1], [2]],
  );
});

test('the spelling shown of an address written two ways is the same in any order of the cards (fewer capitals first)', () => {
  // A probe: a book sent in batches out of order showed `KEN@Example.co.jp`, sent at once `ken@example.co.jp`.
  const cards: EntryInput[] = [
    { name: 'Ken Sato', email: 'KEN@Example.co.jp', phone: '+81 90 1234 5678' },
    { name: 'Ken Sato', email: 'ken@example.co.jp' },
    { name: 'Ken Sato', email: 'Ken@example.co.jp', times_contacted: 2 },
  ];
  for (const order of orders(cards.length)) {
    const cs = mergeEntries(order.map((i) => normalizeEntry(cards[i]!, { region: 'JP', sourceKey: 'ios:-' })));
    assert.deepEqual(
      cs.map((c) => c.emails.map((m) => m.display)),
      [['ken@example.co.jp']],
      order.join(','),
    );
  }
});
