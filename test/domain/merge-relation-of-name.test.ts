/**
 * A name made of another person's name and a relation word (`John Smith's wife`, `Ann Lee Mom`, `Mom of
 * Ann Lee`, `Mutter von Anna Schmidt`) names that person's relative, not that person. An HTTP probe found
 * `John Smith` (his address, the home landline, his mobile) and `John Smith's wife` (the landline, her
 * mobile, starred) one contact named `John Smith's wife`, with his address and both mobiles: every word of
 * `John Smith` is a word of the longer name, and a shorter name fits a longer one (a middle name).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeEntries } from '../../src/domain/merge.ts';
import { foldName, namesCompatible, someonesRelation } from '../../src/domain/merge/names.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { Contact, EntryInput } from '../../src/domain/types.ts';

const merge = (entries: EntryInput[]) => mergeEntries(entries.map((e) => normalizeEntry(e, { region: 'US', sourceKey: 'ios:-' })));
/** Each contact as its name and its keys, sorted. */
const rows = (cs: Contact[]) => cs.map((c) => `${c.name}: ${[...c.keys].sort().join(' ')}`).sort();

const LANDLINE = '+14155550400';
const HIS_MOBILE = '+14155550401';
const HER_MOBILE = '+14155550402';

/** The probe's two cards: a person with an address, the landline and a mobile; the relative, starred, with the landline and a mobile. */
const household = (person: string, relative: string) =>
  merge([
    { name: person, email: 'john@smith.org', phones: ['+1 415 555 0400', '+1 415 555 0401'] },
    { name: relative, phones: ['(415) 555-0400', '(415) 555-0402'], is_favorite: 1 },
  ]);

const TWO: [string, string][] = [
  ['John Smith', "John Smith's wife"],
  ['John Smith', 'John Smith’s wife'],
  ['John Smith', 'Wife of John Smith'],
  ['Ann Lee', "Ann Lee's mom"],
  ['Ann Lee', 'Ann Lee Mom'],
  ['Ann Lee', 'Ann Lee Mum'],
  ['Ann Lee', 'Ann Lee mom cell'],
  ['Ann Lee', 'Mom of Ann Lee'],
  ['Ann Lee', "Ann Lee's husband"],
  ['Ann Lee', "Ann Lee's dad"],
  ['Ann Lee', "Ann Lee's assistant"],
  ['Ann Lee', "Ann Lee's dentist"],
  ['Ann Lee', "Dr Ann Lee's assistant"],
  ['Ann Lee', "Ann Lee's mom (work)"],
  ['Anna Schmidt', 'Mutter von Anna Schmidt'],
  ['Anna Schmidt', 'Mama von Anna'],
  ['Marie Dupont', 'Maman de Marie'],
  ['Marie', 'Maman de Marie'],
  ['Juan Pérez', 'Madre de Juan Pérez'],
  ['Ann', "Ann's mom"],
  ['Ann', 'Ann Mom'],
  ['Ann Lee', "Ann's mom"],
  ['John Smith', 'Johns wife'],
  ['Иван Петров', 'Мама Ивана'],
];

test("MUST NOT merge: a person and their relative named by the person's name, on the shared landline with a mobile each", () => {
  for (const [person, relative] of TWO) {
    const cs = household(person, relative);
    assert.deepEqual(
      rows(cs),
      [`${person}: e:john@smith.org p:${LANDLINE} p:${HIS_MOBILE}`, `${relative}: p:${LANDLINE} p:${HER_MOBILE}`].sort(),
      `${person} | ${relative}`,
    );
  }
});

test('MUST NOT merge: the relative written first (upload order does not matter)', () => {
  for (const [person, relative] of TWO.slice(0, 12)) {
    const cs = merge([
      { name: relative, phones: ['(415) 555-0400', '(415) 555-0402'], is_favorite: 1 },
      { name: person, email: 'john@smith.org', phones: ['+1 415 555 0400', '+1 415 555 0401'] },
    ]);
    assert.equal(cs.length, 2, `${relative} | ${person}`);
    const his = cs.find((c) => c.name === person);
    assert.ok(his !== undefined, `${relative} | ${person}`);
    assert.deepEqual([...his.keys].sort(), ['e:john@smith.org', `p:${LANDLINE}`, `p:${HIS_MOBILE}`], `${relative} | ${person}`);
  }
});

test("the names: someone's relation fits neither that someone nor any name without a relation", () => {
  for (const [person, relative] of TWO) {
    if (relative === 'Мама Ивана' || relative === 'Johns wife') continue; // apart by their words already
    assert.equal(someonesRelation(foldName(relative)), true, relative);
    assert.equal(someonesRelation(foldName(person)), false, person);
    assert.equal(namesCompatible(foldName(person), foldName(relative)), false, `${person} | ${relative}`);
    assert.equal(namesCompatible(foldName(relative), foldName(person)), false, `${relative} | ${person}`);
    // A relation label alone still fits it (`Mom` is Ann Lee's mom), and so does the same name written again.
    assert.equal(namesCompatible(foldName('Mom'), foldName(relative)), true, relative);
    assert.equal(namesCompatible(foldName(relative), foldName(relative)), true, relative);
  }
  // Two ways of writing one relative's name are one; two relatives of one person are two.
  assert.equal(namesCompatible(foldName("Ann Lee's mom"), foldName('Ann Lee Mom')), true);
  assert.equal(namesCompatible(foldName("Ann Lee's mom"), foldName("Ann Lee's dad")), false);
  assert.equal(namesCompatible(foldName('Mom of Ann Lee'), foldName('Dad of Ann Lee')), false);
});

test('MUST merge: a relation label, a relation before the name, a relation in a note, a trade word and family names are read as before', () => {
  // One mobile, one person: the label says who she is to the owner.
  for (const [a, b] of [
    ['Jane Doe', 'Mom'],
    ['Jane Doe', 'My Mom mobile'],
    ['Jane Doe', 'Grandma Jane'],
    ['Jane Doe', 'Aunt Jane Doe'],
    ['Ann Lee', 'Mom Ann Lee'],
    ['Ann Lee', 'Ann Lee (mom)'], // a note says who she is, not whose
    ['Jane Doe', 'Jane Dentist'], // a trade word beside a name says what she does
    ["Ann Lee's mom", 'Mom'], // her card under a label: one person
  ]) {
    const cs = merge([
      { name: a, email: 'person@mail.example', phone: '+1 415 555 0142' },
      { name: b, phone: '(415) 555-0142' },
    ]);
    assert.equal(cs.length, 1, `${a} | ${b}`);
    assert.deepEqual([...cs[0]!.keys].sort(), ['e:person@mail.example', 'p:+14155550142'], `${a} | ${b}`);
  }
  // Names whose words only look like relation words, or a family name after a relation word.
  for (const name of [
    'Li Ma',
    'Nana Sato',
    'Hugo Boss',
    'Ann Barber',
    'Oma van Dijk',
    'Tante de Vries',
    'Abuela de la Cruz',
    'Nonna Di Stefano',
    'Ann Lee, Mom',
    "Joe's Pizza",
  ]) {
    assert.equal(someonesRelation(foldName(name)), false, name);
  }
  assert.equal(namesCompatible(foldName('Oma van Dijk'), foldName('Els van Dijk')), true);
  assert.equal(namesCompatible(foldName('Ann Lee - Mom'), foldName('Ann Lee')), true);
});

test("the name shown: a person's own name over a name for someone's relation, when the cards are one", () => {
  // One mailbox under both names: one contact, shown under the person's name, whichever came first.
  for (const [person, relative] of TWO.slice(0, 12)) {
    for (const order of [
      [person, relative],
      [relative, person],
    ]) {
      const cs = merge(order.map((name, i) => ({ name, email: 'john@smith.org', ...(i === 1 ? { is_favorite: 1 } : {}) })));
      assert.equal(cs.length, 1, order.join(' | '));
      assert.equal(cs[0]!.name, person, order.join(' | '));
    }
  }
  // A relation label alone says less: the fuller relative's name is shown.
  const cs = merge([
    { name: 'Mom', email: 'mom@mail.example' },
    { name: "Ann Lee's mom", email: 'mom@mail.example' },
  ]);
  assert.equal(cs.length, 1);
  assert.equal(cs[0]!.name, "Ann Lee's mom");
});
