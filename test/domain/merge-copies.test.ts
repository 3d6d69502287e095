/**
 * Copies of a card add nobody (a probe, on SQLite and PostgreSQL): `Ann Lee` and `Ann Smith` on one
 * mailbox and one mobile are one person (docs/cleaning.md, the mailbox rule), and were two rows as soon as
 * either card was in the book twice: the same upload sent again, the card twice in one upload, or saved
 * in a second source. The guards counted cards where they mean people: the mailbox rule's "two cards with
 * another key in common" saw three, the identity count of a shared key one more holder, and the split of
 * another person's address (merge/split.ts) one more name on it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { Contact, EntryInput } from '../../src/domain/types.ts';

const norm = (entries: EntryInput[], sourceKey = 'ios:-') => entries.map((e) => normalizeEntry(e, { region: 'US', sourceKey }));
const merge = (entries: EntryInput[]) => mergeEntries(norm(entries));
/** Each person as the sorted keys of their row. */
const people = (cs: Contact[]) => cs.map((c) => [...c.keys].sort().join(' ')).sort();
/** Every order of a list of cards. */
const orders = <T>(xs: readonly T[]): T[][] =>
  xs.length <= 1 ? [[...xs]] : xs.flatMap((x, i) => orders([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));

const ann: EntryInput = { name: 'Ann Lee', email: 'ann@x.example', phone: '+14155550153' };
const smith: EntryInput = { name: 'Ann Smith', email: 'ann@x.example', phone: '+14155550153' };

test('MUST merge: two cards on one mailbox and one number are one person however many copies of each the book holds, in any order', () => {
  assert.deepEqual(people(merge([ann, smith])), ['e:ann@x.example p:+14155550153']);
  for (const book of [
    [ann, smith, ann, smith], // the same upload sent twice (no replace_source)
    [ann, ann, smith], // a card twice in one upload
    [ann, smith, smith],
    [ann, ann, ann, smith, smith],
  ]) {
    for (const order of orders(book)) {
      const cs = merge(order);
      assert.equal(cs.length, 1, order.map((e) => e.name).join(', '));
      assert.equal(cs[0].entryCount, order.length);
    }
  }
  // The card saved again in a second source (a mail account's contacts).
  const cs = mergeEntries([...norm([ann, smith]), ...norm([ann], 'gmail:e:owner@gmail.com')]);
  assert.equal(cs.length, 1);
  assert.equal(cs[0].sourceCount, 2);
  // A given name that no list knows as a short form (Chidi / Chidinma): names veto nothing here either.
  const chidinma: EntryInput = { name: 'Chidinma Okafor', email: 'chidi@x.example', phone: '+14155550154' };
  const chidi: EntryInput = { name: 'Chidi Okafor', email: 'chidi@x.example', phone: '+14155550154' };
  for (const order of orders([chidinma, chidinma, chidi])) assert.equal(merge(order).length, 1);
  // And a short form the lists know.
  const alexandra: EntryInput = { name: 'Alexandra Kim', email: 'alex@x.example', phone: '+14155550155' };
  const alex: EntryInput = { name: 'Alex Kim', email: 'alex@x.example', phone: '+14155550155' };
  for (const order of orders([alexandra, alexandra, alex])) assert.equal(merge(order).length, 1);
});

test('MUST merge: one name on several cards is one person for the mailbox rule (saved again with a work address, another number, another case)', () => {
  for (const again of [
    { name: 'Ann Lee', emails: ['ann@x.example', 'ann.lee@work.example'], phone: '+14155550153' },
    { name: 'Ann Lee', email: 'ann@x.example', phones: ['+14155550153', '+14155550199'] },
    { name: 'ANN LEE', email: 'Ann@x.example', phone: '(415) 555-0153' },
  ] as EntryInput[]) {
    for (const order of orders([ann, again, smith])) assert.equal(merge(order).length, 1, JSON.stringify(order));
  }
});

test("a mailbox copy's label sent twice is still not shown as the person's name", () => {
  const cards: EntryInput[] = [
    { name: 'Ann Lee', email: 'ann@example.com', phone: '+12125550142' },
    { name: 'Bob Ray', email: 'ann@example.com' },
    { name: 'Bob Ray', email: 'ann@example.com' },
  ];
  for (const order of orders(cards))
    assert.deepEqual(
      merge(order).map((c) => c.name),
      ['Ann Lee'],
    );
});

test('MUST NOT merge: the guards that keep people apart hold with every card sent twice', () => {
  const twice = (cards: EntryInput[]) => [...cards, ...cards];
  const same = (cards: EntryInput[], rows: number) => {
    assert.equal(merge(cards).length, rows, JSON.stringify(cards));
    assert.deepEqual(people(merge(twice(cards))), people(merge(cards)), JSON.stringify(cards));
    // One card of the book twice, whichever.
    for (let k = 0; k < cards.length; k++) assert.deepEqual(people(merge([...cards, cards[k]])), people(merge(cards)), `${JSON.stringify(cards)} + #${k}`);
  };
  // A family mailbox, each with a mobile of their own.
  same(
    [
      { name: 'Ray Moss', email: 'moss.family@gmail.com', phone: '+14155550111' },
      { name: 'Dee Moss', email: 'moss.family@gmail.com', phone: '+14155550112' },
    ],
    2,
  );
  // Two people named on one number (the family landline), each with an address of their own, or nothing else.
  same(
    [
      { name: 'John Smith', email: 'john@x.example', phone: '+14155550100' },
      { name: 'Mary Smith', email: 'mary@y.example', phone: '+14155550100' },
    ],
    2,
  );
  same(
    [
      { name: 'John Smith', phone: '+14155550100' },
      { name: 'Mary Smith', phone: '+14155550100' },
    ],
    2,
  );
  // A father and his son with a mobile each on the family landline.
  same(
    [
      { name: 'John Smith', phones: ['+14155550100', '+14155550121'] },
      { name: 'John Smith Jr', phones: ['+14155550100', '+14155550122'] },
    ],
    2,
  );
  // Colleagues on a team mailbox and the office's main number (their own mailboxes at one company).
  same(
    [
      { name: 'Ann Lee', emails: ['ann@acme.example', 'team@acme.example'], phone: '+12125550199' },
      { name: 'Bob Ray', emails: ['bob@acme.example', 'team@acme.example'], phone: '+12125550199' },
    ],
    2,
  );
  // A shared office mailbox held by three people with their own numbers.
  same(
    [
      { name: 'Ann Lee', email: 'office@acme.example', phone: '+12125550131' },
      { name: 'Bob Ray', email: 'office@acme.example', phone: '+12125550132' },
      { name: 'Cy Dow', email: 'office@acme.example', phone: '+12125550133' },
    ],
    3,
  );
  // Three people on one mailbox and one number: a shared key, not one person (the rule is of two).
  same(
    [
      { name: 'Ann Lee', email: 'home@x.example', phone: '+14155550160' },
      { name: 'Bob Ray', email: 'home@x.example', phone: '+14155550160' },
      { name: 'Cy Dow', email: 'home@x.example', phone: '+14155550160' },
    ],
    3,
  );
});

test("a card sent twice is no other person on its address: another person's address still leaves it (merge/split.ts)", () => {
  // Jeff's card holds his assistant's address, which Sherri's card names as hers: the address leaves his
  // card, whatever other labels the address carries (three names at most, then it is a shared mailbox).
  const book: EntryInput[] = [
    { name: 'Jeff Skilling', emails: ['jeff.skilling@corp.example', 'sherri.sera@corp.example'] },
    { name: 'Sherri Sera', email: 'sherri.sera@corp.example' },
    { name: 'Sherri', email: 'sherri.sera@corp.example' },
    { name: 'Mum', email: 'sherri.sera@corp.example' },
  ];
  const once = people(merge(book));
  assert.deepEqual(once, ['e:jeff.skilling@corp.example', 'e:sherri.sera@corp.example']);
  assert.deepEqual(people(merge([book[0], ...book])), once);
  assert.deepEqual(people(merge([...book, book[0]])), once);
});

test("the owner's own card is the owner's however often a card of another label on its address is sent again", () => {
  // `Mum` and `Home` on the owner's address are one row, the owner's own (`Mum` fits the owner's name);
  // `Home` sent twice made `Home` the name shown by two votes, and the row someone else's to invite.
  const self = { keys: ['e:pat@x.example'], names: ['Pat Owner'] };
  const mum: EntryInput = { name: 'Mum', email: 'pat@x.example' };
  const home: EntryInput = { name: 'Home', email: 'pat@x.example' };
  for (const book of [
    [mum, home],
    [mum, home, home],
    [home, mum, home],
    [home, home, mum],
  ]) {
    const cs = mergeEntries(norm(book), undefined, self);
    assert.deepEqual(
      cs.map((c) => c.junkReason),
      ['self'],
      book.map((e) => e.name).join(', '),
    );
  }
  // Unknown owner's name: `Me` is what phones call the owner's card, `Mum` is not.
  const me: EntryInput = { name: 'Me', email: 'pat@x.example' };
  for (const book of [
    [mum, me],
    [mum, me, me],
  ]) {
    const cs = mergeEntries(norm(book), undefined, { keys: ['e:pat@x.example'], names: [] });
    assert.deepEqual(
      cs.map((c) => c.junkReason),
      [null],
      book.map((e) => e.name).join(', '),
    );
  }
});
