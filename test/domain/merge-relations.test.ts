/**
 * A relation before a name (`Oma Weber`, `Aunt Smith`, `Nonna Rossi`) is dropped so the name fits the
 * person's own (`Oma Weber` is `Hilde Weber`), but what it says is kept: two different relations are two
 * people. A probe found `Oma Weber` and `Opa Weber`, each with a mobile of their own on the family
 * landline, one row under Opa's name (Oma starred and written to, her mobile shown as his).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeEntries } from '../../src/domain/merge.ts';
import { possibleSecondRows } from '../../src/domain/second-rows.ts';
import { foldName, hasGeneration, namesCompatible, relationOf, sameWords, someonesRelation } from '../../src/domain/merge/names.ts';

const someonesRelationOf = (name: string) => someonesRelation(foldName(name));
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

test("MUST NOT merge: a parent labelled with a line word in another language, or a relation before a name, beside the other parent's label on the landline (the fifty-sixth session)", () => {
  for (const [a, b] of [
    ['Mama Festnetz', 'Papa'],
    ['Mama zuhause', 'Papa'],
    ['Maman fixe', 'Papa'],
    ['Mamá fijo', 'Papá'],
    ['Mãe Casa', 'Pai'],
    ['Мама дом', 'Папа'],
    ['Mom Smith', 'Dad'],
  ] as const) {
    const cs = merge([
      { name: a, phone: LANDLINE, pinned: 1 },
      { name: b, phone: LANDLINE, times_contacted: 50, is_favorite: 1 },
    ]);
    assert.equal(cs.length, 2, `${a} | ${b}`);
    assert.equal(namesCompatible(foldName(a), foldName(b)), false, `${a} | ${b}`);
  }
  // The line word names no one: `Mama Festnetz` is `Mama`, and `Mom Smith` is `Mom`.
  assert.equal(namesCompatible(foldName('Mama Festnetz'), foldName('Mama')), true);
  assert.equal(namesCompatible(foldName('Mom Smith'), foldName('Mom')), true);
  assert.equal(namesCompatible(foldName('Mama Handy'), foldName('Mutti')), true);
});

test('line words in Japanese, Chinese and Korean name no one (the fifty-seventh session): MUST merge the person with and without one; MUST NOT merge two parents through one; the name shown is the one without it', () => {
  for (const [a, b] of [
    ['田中太郎 携帯', '田中 太郎'],
    ['王芳 手机', '王芳'],
    ['김민지 회사', '김민지'],
    ['김민지 휴대폰', '김민지'],
  ] as const) {
    assert.equal(namesCompatible(foldName(a), foldName(b)), true, `${a} | ${b}`);
    for (const order of [
      [a, b],
      [b, a],
    ]) {
      const cs = merge([
        { name: order[0], phone: '+49 151 11111111' },
        { name: order[1], phone: '+49 151 11111111' },
      ]);
      assert.deepEqual(
        cs.map((c) => c.name),
        [b],
        `${order[0]} | ${order[1]}`,
      );
    }
  }
  for (const [a, b] of [
    ['엄마 집', '아빠'],
    ['妈妈 家里', '爸爸'],
    ['お母さん 自宅', 'お父さん'],
  ] as const) {
    const cs = merge([
      { name: a, phone: LANDLINE, pinned: 1 },
      { name: b, phone: LANDLINE, times_contacted: 50, is_favorite: 1 },
    ]);
    assert.equal(cs.length, 2, `${a} | ${b}`);
  }
  // A name that holds a line word's characters is still a name: `家` and `宅` are no line words.
  assert.equal(namesCompatible(foldName('王家明'), foldName('王芳')), false);
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
  assert.equal(sameWords(foldName('Oma Weber'), foldName('Opa Weber')), false);
  assert.equal(sameWords(foldName('Oma Weber'), foldName('oma weber')), true);
  // A relation label alone fits any name, as before (`Oma` is a given name too: `Oma Okafor` may be Mom).
  assert.equal(namesCompatible(foldName('Oma Okafor'), foldName('Mom')), true);
  // But not a label of the other sex: `Opa Weber` is a man whether Opa is his relation or his name (a
  // probe of the fifty-ninth session: `Mom` and `Papa Joe` on the family landline were one row).
  assert.equal(namesCompatible(foldName('Opa Weber'), foldName('Oma')), false);
  assert.equal(namesCompatible(foldName('Opa Weber'), foldName('Grandpa')), true);
  // The titles of the clergy and religious orders say no relation: `Father Michael`, a priest, is `Uncle Michael`.
  assert.equal(namesCompatible(foldName('Father Michael'), foldName('Uncle Michael')), true);
  assert.equal(namesCompatible(foldName('Sister Mary'), foldName('Mother Mary')), true);
  assert.equal(relationOf(foldName('Sister Mary')), null);
  // A word that is a name as well as a relation (`Ma Li`, `Nana Mouskouri`) says none.
  assert.equal(relationOf(foldName('Ma Li')), null);
  assert.equal(relationOf(foldName('Nana Weber')), null);
});

test('MUST NOT merge: two relations in one list of addresses, nor a row under both of them as a second row of one', () => {
  const cs = merge([{ emails: ['Oma Weber <oma@web.de>, Opa Weber <opa@web.de>'], times_contacted: 2 }]);
  assert.deepEqual(rows(cs), ['e:oma@web.de', 'e:opa@web.de']);
  // A label after the name (`Oma Weber (work)`) keeps the relation the name says.
  const labelled = merge([{ emails: ['Oma Weber Work <oma@web.de>; Opa Weber <opa@web.de>'], times_contacted: 2 }]);
  assert.deepEqual(rows(labelled), ['e:oma@web.de', 'e:opa@web.de']);
});

test('a row under two relations of one name is no second row of either (second-rows.ts)', () => {
  const row = (name: string, times: number) => ({ contact: { name, emails: [], phones: [], timesContacted: times, lastSent: null } as unknown as Contact });
  assert.equal(possibleSecondRows([row('Oma Weber', 3), row('Opa Weber', 2), row('Weber', 0)]).size, 0);
  assert.equal(possibleSecondRows([row('Weber', 3), row('Oma Weber', 0), row('Opa Weber', 0)]).size, 0);
});

test('MUST NOT merge: a relation and a name on the household landline, or two generations of one name, each with an address of their own', () => {
  const gb = (entries: EntryInput[]) => mergeEntries(entries.map((e) => normalizeEntry(e, { region: 'GB', sourceKey: 'ios:-' })));
  const us = (entries: EntryInput[]) => mergeEntries(entries.map((e) => normalizeEntry(e, { region: 'US', sourceKey: 'gmail:-' })));
  const cases: [string, Contact[]][] = [
    // A probe: one row `Richard Lee` whose first address, the one to invite, was his wife's.
    [
      'Mum | Richard Lee',
      gb([
        { name: 'Mum', email: 'susan.lee@btinternet.com', phone: '020 7946 0170', is_favorite: 1 },
        { name: 'Richard Lee', email: 'richard.lee@btinternet.com', phone: '020 7946 0170', times_contacted: 4 },
      ]),
    ],
    [
      'Grandma | Frank Jones',
      gb([
        { name: 'Grandma', email: 'betty.jones@aol.com', phone: '01632 960123' },
        { name: 'Frank Jones', email: 'frank.jones@aol.com', phone: '01632 960123', times_contacted: 1 },
      ]),
    ],
    // A probe: `John Smith Jr.` shown with his father's address first, on any number (North America's too).
    [
      'John Smith | John Smith Jr.',
      us([
        { name: 'John Smith', email: 'john.smith@gmail.com', phone: '+14155550111', times_contacted: 3 },
        { name: 'John Smith Jr.', email: 'jsmithjr@gmail.com', phone: '+14155550111', times_contacted: 2 },
      ]),
    ],
    [
      'Robert Brown Sr | Robert Brown',
      us([
        { name: 'Robert Brown Sr', email: 'bob.brown.sr@yahoo.com', phone: '+14155550199' },
        { name: 'Robert Brown', email: 'rbrown@gmail.com', phone: '+14155550199' },
      ]),
    ],
  ];
  for (const [label, cs] of cases) {
    assert.equal(cs.length, 2, `${label}: ${cs.map((c) => c.name).join(' | ')}`);
    for (const c of cs) assert.equal(c.emails.length, 1, `${label}: ${c.name} holds only its own address`);
  }
});

test('MUST merge: the same cards when one of them holds nothing of its own beside the shared number, and one person in two scripts each with an address of their own on his mobile', () => {
  const gb = (entries: EntryInput[]) => mergeEntries(entries.map((e) => normalizeEntry(e, { region: 'GB', sourceKey: 'ios:-' })));
  const jp = (entries: EntryInput[]) => mergeEntries(entries.map((e) => normalizeEntry(e, { region: 'JP', sourceKey: 'ios:-' })));
  // `Mum` with the home line alone is either of them: the landline joins her to the one name there.
  const one = gb([
    { name: 'Mum', phone: '020 7946 0170', is_favorite: 1 },
    { name: 'Richard Lee', email: 'richard.lee@btinternet.com', phone: '020 7946 0170', times_contacted: 4 },
  ]);
  assert.equal(one.length, 1);
  // One person's phone card and mail account, in two scripts, on his mobile: each has an address of its own.
  const taro = jp([
    { name: '山田 太郎', email: 'taro.y@docomo.ne.jp', phone: '090-1234-5678' },
    { name: 'Taro Yamada', email: 'taro.yamada@acme.co.jp', phone: '+81 90 1234 5678', times_contacted: 5 },
  ]);
  assert.equal(taro.length, 1, taro.map((c) => c.name).join(' | '));
  assert.equal(taro[0]!.emails.length, 2);
  // A mail account's card (an address, the mobile) and the phone's card (the mobile, the home line): one
  // mailbox and one number of their own, not two mailboxes, so one person whatever the suffix (eval:clean).
  const us = (entries: EntryInput[]) => mergeEntries(entries.map((e) => normalizeEntry(e, { region: 'US', sourceKey: 'ios:-' })));
  const frank = us([
    { name: 'Frank Hill', email: 'fhill@gmail.com', phone: '+14155550142' },
    { name: 'Frank Hill II', phones: ['(415) 555-0142', '(415) 555-0177'] },
  ]);
  assert.equal(frank.length, 1, frank.map((c) => c.name).join(' | '));
  // Two generations on a number the plan says is a mobile: one person's phone, the suffix on one card only.
  const jr = gb([
    { name: 'John Smith Jr.', email: 'john.smith@acme.co.uk', phone: '07911 123456' },
    { name: 'John Smith', email: 'johnsmith@gmail.com', phone: '+44 7911 123456', times_contacted: 2 },
  ]);
  assert.equal(jr.length, 1, jr.map((c) => c.name).join(' | '));
});

test("a phone's word for a line is no row's name beside a person's: `Home` holding Bob's address and a number, beside `Bob Lee`", () => {
  const us = (entries: EntryInput[]) => mergeEntries(entries.map((e) => normalizeEntry(e, { region: 'US', sourceKey: 'ios:-' })));
  for (const label of ['Home', 'WORK', 'Cell', 'Büro', 'Casa', 'Zuhause']) {
    const cs = us([
      { name: 'Bob Lee', email: 'bob@y.example', times_contacted: 2 },
      { name: label, phone: '(415) 555-0111', email: 'bob@y.example' },
    ]);
    assert.deepEqual(
      cs.map((c) => c.name),
      ['Bob Lee'],
      label,
    );
  }
  // Alone, or beside no other name, the word is all the card has: shown.
  assert.deepEqual(
    us([{ name: 'Home', phone: '(415) 555-0111' }]).map((c) => c.name),
    ['Home'],
  );
});

test('MUST NOT merge: a Portuguese, Spanish or French generation word after a name (`Filho`, `Neto`, `hijo`, `fils`) tells the son from his father on the family landline', () => {
  // A probe: `João Pereira` and `João Pereira Filho` sharing the landline were one row under the father's
  // name, the son's address in it; with no number shared, the son's row was marked a second row of his father's.
  for (const [region, father, son, landline] of [
    ['BR', 'João Pereira', 'João Pereira Filho', '+55 11 3333-4444'],
    ['BR', 'Luís Costa', 'Luís Costa Neto', '(11) 3333-4444'],
    ['PT', 'Manuel Santos', 'Manuel Santos Sobrinho', '+351 21 123 4567'],
    ['ES', 'Juan Pérez', 'Juan Pérez hijo', '+34 912 345 678'],
    ['FR', 'Jean Dupont', 'Jean Dupont fils', '+33 1 42 68 53 00'],
  ] as const) {
    assert.equal(hasGeneration(foldName(son)), true, son);
    const at = (entries: EntryInput[]) => mergeEntries(entries.map((e) => normalizeEntry(e, { region, sourceKey: 'ios:-' })));
    const cs = at([
      { name: father, email: 'father@gmail.com', phone: landline, times_contacted: 3 },
      { name: son, email: 'son@gmail.com', phone: landline, times_contacted: 2 },
    ]);
    assert.deepEqual(
      cs.map((c) => `${c.name}: ${c.emails.map((m) => m.key).join(' ')}`).sort(),
      [`${father}: father@gmail.com`, `${son}: son@gmail.com`].sort(),
      son,
    );
    const apart = at([
      { name: father, email: 'father@gmail.com', times_contacted: 3 },
      { name: son, email: 'son@gmail.com', times_contacted: 2 },
    ]);
    assert.equal(possibleSecondRows(apart.map((contact) => ({ contact }))).size, 0, `${son} is no second row of ${father}`);
  }
});

test('MUST merge: a family name that is also a generation word (`João Neto`, `Ana Sobrinho`), and one generation written on both cards', () => {
  const br = (entries: EntryInput[]) => mergeEntries(entries.map((e) => normalizeEntry(e, { region: 'BR', sourceKey: 'ios:-' })));
  for (const name of ['João Neto', 'Ana Sobrinho', 'Pablo Hijo']) assert.equal(hasGeneration(foldName(name)), false, name);
  // Two words: the family name; his phone card and his mail card on his mobile are one person.
  const neto = br([
    { name: 'João Neto', email: 'joao.neto@gmail.com', phone: '+55 11 98888-7777', times_contacted: 2 },
    { name: 'João Neto', phones: ['(11) 98888-7777', '(11) 3333-4444'] },
  ]);
  assert.equal(neto.length, 1, neto.map((c) => c.name).join(' | '));
  // The son's two cards, the suffix on both, are one person.
  const son = br([
    { name: 'João Pereira Filho', email: 'jp.filho@gmail.com', phone: '(11) 3333-4444', times_contacted: 2 },
    { name: 'João Pereira Filho', email: 'joao.filho@empresa.com.br', phone: '+55 11 3333-4444' },
  ]);
  assert.equal(son.length, 1, son.map((c) => c.name).join(' | '));
});

test('MUST merge: a relation label in Portuguese, Spanish, French, Finnish, Hindi, Urdu, Tamil or Korean with the named card on the same mailbox', () => {
  // A probe: `Mãe` on `ana.souza@` (starred, her mobile) and `Ana Souza` (the mailbox, the landline) were two rows.
  const br = (entries: EntryInput[]) => mergeEntries(entries.map((e) => normalizeEntry(e, { region: 'BR', sourceKey: 'ios:-' })));
  for (const label of [
    'Mãe',
    'MÃE',
    'Minha Mãe',
    'Mãe cel',
    'Pai',
    'Vovó',
    'Vovô',
    'Vó',
    'Tia',
    'Tío',
    'Mami',
    'Ammi',
    'Abbu',
    'Maa',
    'Papaji',
    'Amma',
    'Appa',
    'Nani',
    'Dadi',
    'Mère',
    'Père',
    'Äiti',
    'Isä',
    'Pappa',
    'Zia',
  ]) {
    assert.equal(foldName(label).length, 1, label);
    assert.ok(foldName(label)[0]!.startsWith('~'), `${label}: ${foldName(label).join(' ')}`);
    const cs = br([
      { name: label, email: 'ana.souza@gmail.com', phone: '+55 11 98888-1111', is_favorite: 1 },
      { name: 'Ana Souza', email: 'ana.souza@gmail.com', phone: '+55 11 3333-4444' },
    ]);
    assert.equal(cs.length, 1, `${label}: ${cs.map((c) => c.name).join(' | ')}`);
  }
});

test('MUST NOT merge: two relations only their accents tell apart (`Vovó`, `Vovô`), and names spelt as a relation without its accent (`Mae`, `Isa`, `Pere`)', () => {
  const br = (entries: EntryInput[]) => mergeEntries(entries.map((e) => normalizeEntry(e, { region: 'BR', sourceKey: 'ios:-' })));
  for (const [a, b] of [
    ['Vovó', 'Vovô'],
    ['Avó', 'Avô'],
    ['Mãe', 'Pai'],
  ] as const) {
    const cs = br([
      { name: a, phones: ['+55 11 98888-1111', '+55 11 3333-4444'] },
      { name: b, phones: ['+55 11 98888-2222', '+55 11 3333-4444'] },
    ]);
    assert.equal(cs.length, 2, `${a} | ${b}`);
  }
  for (const name of ['Mae', 'Isa', 'Pere']) {
    assert.deepEqual(foldName(name), [name.toLowerCase()]);
    const cs = br([
      { name, email: 'ana.souza@gmail.com', phone: '+55 11 98888-1111', is_favorite: 1 },
      { name: 'Ana Souza', email: 'ana.souza@gmail.com', phone: '+55 11 3333-4444' },
    ]);
    assert.equal(cs.length, 2, name);
  }
});

test("MUST NOT merge: a relation before a name, or someone's relation after it (Korean `민수 엄마`, Japanese `太郎のお母さん`), and a person on the family landline, each with a mobile of their own", () => {
  // A probe: each pair was one row, the first number shown the relative's mobile.
  for (const [region, relative, person, a, b, landline] of [
    ['GB', 'Mum Lee', 'Richard Lee', '07911 123456', '07911 654321', '020 7946 0018'],
    ['GB', 'Dad Richard', 'Richard Lee', '07911 123456', '07911 654321', '020 7946 0018'],
    ['NG', 'Mummy Tobi', 'Tobi Adeyemi', '0803 111 2222', '0803 333 4444', '0201 234 5679'],
    ['DE', 'Mum', 'Oma Weber', '0151 11111111', '0151 22222222', '030 1234567'],
    ['KR', '민수 엄마', '김민수', '010-1111-0001', '010-1111-0002', '02-555-1234'],
    ['KR', '민수 아빠', '김민수', '010-1111-0001', '010-1111-0002', '02-555-1234'],
    ['JP', '田中さんの奥さん', '田中 太郎', '090-1111-0001', '090-1111-0002', '03-5555-1234'],
    ['JP', '太郎のお母さん', '田中 太郎', '090-1111-0001', '090-1111-0002', '03-5555-1234'],
  ] as const) {
    for (const flip of [false, true]) {
      const cards: EntryInput[] = [
        { name: relative, phones: [a, landline], is_favorite: 1 },
        { name: person, phones: [b, landline], times_contacted: 3 },
      ];
      const cs = mergeEntries((flip ? cards.reverse() : cards).map((e) => normalizeEntry(e, { region, sourceKey: 'ios:-' })));
      assert.deepEqual(cs.map((c) => c.name).sort(), [relative, person].sort(), `${relative} | ${person}`);
      for (const c of cs) assert.equal(c.phones.length, 2, `${c.name}: ${c.phones.map((p) => p.key).join(' ')}`);
    }
  }
  assert.equal(someonesRelationOf('민수 엄마'), true);
  assert.equal(someonesRelationOf('太郎のお母さん'), true);
  assert.equal(someonesRelationOf('김민수'), false);
  assert.equal(someonesRelationOf('田中 太郎'), false);
});

test('MUST merge: a relation before a name and the person on one mobile, and a relation with the person on the landline when one card holds nothing of its own', () => {
  const at = (region: 'GB', entries: EntryInput[]) => mergeEntries(entries.map((e) => normalizeEntry(e, { region, sourceKey: 'ios:-' })));
  assert.equal(
    at('GB', [
      { name: 'Mum Lee', phones: ['07911 123456'] },
      { name: 'Susan Lee', phones: ['+44 7911 123456'], email: 'sue@lee.example' },
    ]).length,
    1,
  );
  assert.equal(
    at('GB', [
      { name: 'Mum Lee', phones: ['020 7946 0018'] },
      { name: 'Susan Lee', phones: ['07911 123456', '020 7946 0018'] },
    ]).length,
    1,
  );
});

/**
 * A word of a relation that leads a name and is kept as a word of it (`Papa Joe`, `Vati Dieter`, `Tata
 * Marek`, `Папа Коля`), or the clergy's (`Brother Joe`), says a man or a woman whatever it is, relation or
 * given name: such a name is no label of the other sex. A probe of the fifty-ninth session found `Mom`
 * and `Papa Joe` (and the same in a dozen languages), each with a mobile on the family landline or
 * mailbox, one row under his name.
 */
test('MUST NOT merge: a label and a name led by a relation word of the other sex, on the family landline or mailbox', () => {
  const pairs = [
    ['Mom', 'Papa Joe'],
    ['Mama', 'Papa Klaus'],
    ['Mutti', 'Vati Dieter'],
    ['Oma', 'Opa Heinz'],
    ['Opa', 'Oma Hilde'],
    ['Maman', 'Papa Jean'],
    ['Mamie', 'Papi Jean'],
    ['Mamá', 'Papá Luis'],
    ['Nonna', 'Nonno Gino'],
    ['Mãe', 'Pai João'],
    ['Vó', 'Vô Zé'],
    ['Mama', 'Tata Marek'],
    ['Мама', 'Папа Коля'],
    ['Nan', 'Grandad Bill'],
    ['Mom', 'Brother Joe'],
    ['Mom', 'Stepdad Joe'],
    ['Dad', 'Oma Okafor'],
  ] as const;
  for (const [a, b] of pairs) {
    assert.equal(namesCompatible(foldName(a), foldName(b)), false, `${a} | ${b}`);
    assert.equal(
      merge([
        { name: a, phones: ['+49 151 11111111', LANDLINE] },
        { name: b, phones: ['+49 151 22222222', LANDLINE] },
      ]).length,
      2,
      `landline ${a} | ${b}`,
    );
    // Each on the family mailbox alone, or with a mobile of their own: two rows, the mailbox in both.
    assert.equal(
      merge([
        { name: a, emails: ['family@example.net'] },
        { name: b, emails: ['family@example.net'] },
      ]).length,
      2,
      `mailbox ${a} | ${b}`,
    );
    assert.equal(
      merge([
        { name: a, emails: ['family@example.net'], phones: ['+49 151 11111111'] },
        { name: b, emails: ['family@example.net'], phones: ['+49 151 22222222'] },
      ]).length,
      2,
      `mailbox and mobiles ${a} | ${b}`,
    );
  }
  // Two labels of a man and a woman on one mailbox: two rows too (they had been one, under `Dad`).
  for (const [a, b] of [
    ['Mom', 'Dad'],
    ['Oma', 'Opa'],
    ['Mum', 'Dad Bill'],
  ] as const) {
    assert.equal(
      merge([
        { name: a, emails: ['family@example.net'] },
        { name: b, emails: ['family@example.net'] },
      ]).length,
      2,
      `${a} | ${b}`,
    );
  }
});

test('MUST merge: a label and a name led by a relation word of the same sex, or a name led by Ma or Pa (family names)', () => {
  for (const [a, b] of [
    ['Mom', 'Mama Linda'],
    ['Dad', 'Papa Joe'],
    ['Mom', 'Oma Okafor'],
    ['Grandpa', 'Opa Weber'],
    ['Dad', 'Ma Long'],
    ['Mom', 'Pa Vang'],
    // Family names written first, and Nana (a grandfather in Hindi, a chief's title in Ghana): a review.
    ['Mama', 'Pop Maria'],
    ['Dad', 'Nan Wei'],
    ['Mum', 'Dada Funmilayo'],
    ['Dad', 'Nana Kwame Mensah'],
  ] as const) {
    assert.equal(namesCompatible(foldName(a), foldName(b)), true, `${a} | ${b}`);
    assert.equal(
      merge([
        { name: a, phones: ['+49 151 11111111'] },
        { name: b, phones: ['+49 151 11111111'] },
      ]).length,
      1,
      `mobile ${a} | ${b}`,
    );
  }
  // One mailbox under a label and a man's or a woman's name says nothing of the name's sex: one person, as before.
  assert.equal(
    merge([
      { name: 'Mom', emails: ['linda@example.net'] },
      { name: 'Linda Cole', emails: ['linda@example.net'] },
    ]).length,
    1,
  );
  // Two labels of one sex on one mailbox (the owner's mother is the children's Oma): one, as before.
  assert.equal(
    merge([
      { name: 'Mom', emails: ['family@example.net'] },
      { name: 'Oma', emails: ['family@example.net'] },
    ]).length,
    1,
  );
});

test('MUST NOT merge: two generations of one name on the family mailbox alone (`Mark Ellis Sr.`, `Mark Ellis Jr.`); one generation twice, or none, is one person', () => {
  for (const [a, b] of [
    ['Mark Ellis Sr.', 'Mark Ellis Jr.'],
    ['John Smith II', 'John Smith III'],
    ['Mark Ellis Senior', 'Mark Ellis Jr'],
    ['Paulo Souza Neto', 'Paulo Souza Filho'],
  ] as const) {
    assert.equal(
      merge([
        { name: a, emails: ['ellisfamily@example.net'] },
        { name: b, emails: ['ellisfamily@example.net'] },
      ]).length,
      2,
      `${a} | ${b}`,
    );
  }
  for (const [a, b] of [
    ['Mark Ellis Jr.', 'Mark Ellis Junior'],
    ['Mark Ellis Jr.', 'Mark Ellis'],
    // One generation in two languages, or II for Jr (a review).
    ['José Santos Filho', 'José Santos Jr.'],
    ['Juan Pérez Hijo', 'Juan Pérez Jr'],
    ['John Smith II', 'John Smith Jr.'],
  ] as const) {
    assert.equal(
      merge([
        { name: a, emails: ['mark@example.net'] },
        { name: b, emails: ['mark@example.net'] },
      ]).length,
      1,
      `${a} | ${b}`,
    );
  }
});

test('a label beside two named cards on a shared line or mailbox, one of them kept from it by sex alone, stays a row of its own (a review: it joined the other)', () => {
  for (const [label, a, b] of [
    ['Mom', 'Papa Joe Ellis', 'Ray Ellis'],
    ['Mom', 'Papa Joe', 'Ray'],
    ['Grandma', 'Opa Heinz', 'Lena'],
    ['Mama', 'Opa Heinz', 'Jonas Weber'],
  ] as const) {
    const landline = merge([
      { name: label, phones: [LANDLINE] },
      { name: a, phones: [LANDLINE, '+49 151 11111111'] },
      { name: b, phones: [LANDLINE, '+49 151 22222222'] },
    ]);
    assert.deepEqual(rows(landline).length, 3, `landline ${label} | ${a} | ${b}`);
    const mailbox = merge([
      { name: label, emails: ['home@example.com'] },
      { name: a, emails: ['home@example.com'], phones: ['+49 151 11111111'] },
      { name: b, emails: ['home@example.com'], phones: ['+49 151 22222222'] },
    ]);
    assert.equal(mailbox.length, 3, `mailbox ${label} | ${a} | ${b}`);
    // The label's card holds no one else's number.
    assert.deepEqual(mailbox.find((c) => c.name === label)?.phones ?? [], []);
  }
});
