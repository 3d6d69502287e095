/**
 * A relation before a name (`Oma Weber`, `Aunt Smith`, `Nonna Rossi`) is dropped so the name fits the
 * person's own (`Oma Weber` is `Hilde Weber`), but what it says is kept: two different relations are two
 * people. A probe found `Oma Weber` and `Opa Weber`, each with a mobile of their own on the family
 * landline, one row under Opa's name (Oma starred and written to, her mobile shown as his).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeEntries } from '../../src/domain/merge.ts';
import { foldName, namesCompatible, relationOf, sameWords } from '../../src/domain/merge/names.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { Contact, EntryInput } from '../../src/domain/types.ts';

const merge = (entries: EntryInput[]) => mergeEntries(entries.map((e) => normalizeEntry(e, { region: 'DE', sourceKey: 'ios:-' })));
const rows = (cs: Contact[]) => cs.map((c) => [...c.keys].sort().join(' ')).sort();
const LANDLINE = '+49 30 1234567';

const TWO = [
  ['Oma Weber', 'Opa Weber'],
  ['Grandma Smith', 'Grandpa Smith'],
  ['Mom Smith', 'Dad Smith'],
  ['Aunt Smith', 'Uncle Smith'],
  ['Tante Weber', 'Onkel Weber'],
  ['Abuela García', 'Abuelo García'],
  ['Nonna Rossi', 'Nonno Rossi'],
  ['Brother Tom', 'Sister Tom'],
  ['Oma', 'Opa Weber'],
] as const;

test('MUST NOT merge: two relations on a shared landline, each with a mobile of their own, with or without a name after the relation', () => {
  for (const [a, b] of TWO) {
    for (const order of [
      [a, b],
      [b, a],
    ]) {
      const cs = merge([
        { name: order[0], phones: ['+49 151 11111111', LANDLINE], times_contacted: 4, is_favorite: 1 },
        { name: order[1], phones: ['+49 160 2222222', LANDLINE], times_contacted: 2 },
      ]);
      assert.deepEqual(rows(cs), ['p:+4915111111111 p:+49301234567', 'p:+491602222222 p:+49301234567'], `${order[0]} | ${order[1]}`);
    }
    assert.equal(namesCompatible(foldName(a), foldName(b)), false, `${a} | ${b}`);
  }
});

test("MUST merge: a relation and the person's own name, or the same relation written twice, are one person", () => {
  for (const [a, b] of [
    ['Oma Weber', 'Hilde Weber'],
    ['Grandma Ann', 'Ann Lee'],
    ['Mom Smith', 'Mum Smith'],
    ['Aunt Smith', 'Auntie Smith'],
  ] as const) {
    assert.equal(namesCompatible(foldName(a), foldName(b)), true, `${a} | ${b}`);
    const cs = merge([
      { name: a, phones: ['+49 151 11111111', LANDLINE] },
      { name: b, phones: ['+49 151 11111111'] },
    ]);
    assert.equal(cs.length, 1, `${a} | ${b}`);
  }
  // The relation is no word of the name: `Oma Weber` still folds to the person's words, and differs
  // from `Opa Weber` only in what it says.
  assert.deepEqual(foldName('Oma Weber'), ['weber']);
  assert.equal(relationOf(foldName('Oma Weber')), '~grandmother');
  assert.equal(relationOf(foldName('Hilde Weber')), null);
  assert.equal(relationOf(foldName('Oma')), '~grandmother');
  assert.equal(sameWords(foldName('Oma Weber'), foldName('Opa Weber')), false);
  assert.equal(sameWords(foldName('Oma Weber'), foldName('oma weber')), true);
  // A word that is a name as well as a relation (`Ma Li`, `Nana Mouskouri`) says none.
  assert.equal(relationOf(foldName('Ma Li')), null);
  assert.equal(relationOf(foldName('Nana Weber')), null);
});
