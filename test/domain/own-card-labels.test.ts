/**
 * Cards that read as the owner's own at keys none of the owner's (Contact.ownName: ranked after the people,
 * never left out), the fifty-eighth session's probe: self labels in more languages and the carriers'
 * self-cards (the self-label tests of merge.test.ts hold the earlier ones), and the owner's full name
 * written another way. Beside each, the look-alike people who rank as they score.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { EntryInput } from '../../src/domain/types.ts';

const norm = (entries: EntryInput[], region: 'GB' | 'US' = 'GB') => entries.map((e) => normalizeEntry(e, { region, sourceKey: 'ios:-' }));
const self = { keys: ['p:+447700900000'], names: ['Pat Owner'] };

const LABELS = [
  'Il mio numero',
  'Mijn nummer',
  'Mitt nummer',
  'Min mobil',
  'Mit nummer',
  'Мій номер',
  'Nomor saya',
  'Nombor saya',
  '私の番号',
  '我的號碼',
  '我的号码',
  'मेरा नम्बर',
  'मेरा नंबर',
  'Mera number',
  'Apna number',
  'Mi Telcel',
  'Meu Vivo',
  'Meu TIM',
  'Meu Claro',
  'Mon Orange',
  'Mein O2',
  'Мой МТС',
  'Мой билайн',
  'Benim Turkcell',
  'Mój Play',
  'Mi Claro',
  'Mi Movistar',
  'My Globe',
  'My Smart',
  'My Jio',
  'My Vodafone',
  'SIM 2',
  'SIM1',
];

test("a card labelled as the owner's own number in more languages, or as the owner's carrier or SIM slot (`Il mio numero`, `Mijn nummer`, `Мій номер`, `Mi Telcel`, `Mon Orange`, `SIM 2`), at a number none of the owner's, is kept and marked ownName, even written to", () => {
  const cs = mergeEntries(norm(LABELS.map((name, i) => ({ name, phone: `+44 7700 9004${String(i).padStart(2, '0')}`, times_contacted: 3 }))), undefined, self);
  assert.equal(cs.length, LABELS.length);
  for (const c of cs) {
    assert.equal(c.junk, false, c.name!);
    assert.equal(c.ownName, true, c.name!);
  }
});

test("the same labels on one of the owner's numbers are the owner's own card (self)", () => {
  for (const name of LABELS) {
    const cs = mergeEntries(norm([{ name, phone: '+44 7700 900000' }]), undefined, self);
    assert.deepEqual(
      cs.map((c) => c.junkReason),
      ['self'],
      name,
    );
  }
});

test("people whose card merely holds a carrier's or a label's word are not the owner: `Orange`, `Claro Pérez`, `Vivo`, `Tim`, `Min`, `Ahmed (SIM 2)`, `Mera Shah`", () => {
  const people = [
    'Orange',
    'Claro Pérez',
    'Vivo',
    'Tim',
    'Tim Claro',
    'Min',
    'Min Park',
    'Mera Shah',
    'Apna',
    'Jio',
    'Smart',
    'Globe Travel',
    'Ahmed (SIM 2)',
    'SIM 2 (Ahmed)',
    'Ahmed SIM 2',
    'Dana (Mi Claro)',
    'Mon Orange Ltd',
    'Mitt',
  ];
  const cs = mergeEntries(norm(people.map((name, i) => ({ name, phone: `+44 7700 9005${String(i).padStart(2, '0')}` }))), undefined, self);
  assert.equal(cs.length, people.length);
  for (const c of cs) {
    assert.equal(c.ownName, undefined, c.name!);
    assert.equal(c.junkReason, null, c.name!);
  }
});

test("the owner's full name written another way at an address none of the owner's is marked ownName: umlauts spelt out, another script; not a nickname, a wife's form of the name, a generation, an initial more (the owner's mother Maria L. Garcia)", () => {
  const read = (owner: string, name: string) => {
    const [c] = mergeEntries(norm([{ name, email: 'other@gmx.example', times_contacted: 50, last_message_sent_date: '2026-11-20' }]), undefined, {
      keys: ['e:owner@work.example'],
      names: [owner],
    });
    return c!.ownName === true;
  };
  for (const [owner, name] of [
    ['Jürgen Müller', 'Juergen Mueller'],
    ['Juergen Mueller', 'Jürgen Müller'],
    ['Ivan Petrov', 'Иван Петров'],
    ['Γιώργος Παπαδόπουλος', 'Giorgos Papadopoulos'],
    ['Pat Owner', 'Owner, Pat'],
  ])
    assert.equal(read(owner, name), true, `${owner} / ${name}`);
  for (const [owner, name] of [
    ['Robert Smith', 'Bob Smith'],
    ['Ivan Petrov', 'Иван Петрова'],
    ['Ivan Petrov', 'Ольга Петрова'],
    ['Pat Owner', 'Pat Owner Jr'],
    ['Pat Owner', 'Pat A. Owner'],
    ['Maria Garcia', 'Maria L. Garcia'],
    ['Michal Nowak', 'Michael Nowak'],
  ])
    assert.equal(read(owner, name), false, `${owner} / ${name}`);
});
