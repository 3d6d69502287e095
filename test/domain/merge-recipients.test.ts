/**
 * A probe over HTTP (never lose a real person, never fuse two into one row):
 * - a nameless entry whose e-mail field is a To:/Cc: list of bare addresses was one row holding every
 *   address, and each recipient's own card merged into it (John Smith, written to twice, had no row);
 * - an assistant's address on her boss's card took her own card into his row (Sherri Sera, written to
 *   ten times, was gone);
 * - a recipient list of named items with unusable addresses (Exchange X.500 DNs, Notes names) was one
 *   nameless unusable row.
 * Must-split beside must-stay-one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { summarizeCleaning } from '../../src/domain/cleaning.ts';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { Contact, EntryInput } from '../../src/domain/types.ts';

const ctx = { region: 'US' as const, sourceKey: 'gmail:-' };
const norm = (entries: EntryInput[]) => entries.map((e) => normalizeEntry(e, ctx));
const merge = (entries: EntryInput[]) => mergeEntries(norm(entries));
/** Each row as [name, its addresses' keys] (unusable strings after a '!'), sorted by first address. */
const rows = (cs: Contact[]) =>
  cs
    .filter((c) => !c.junk)
    .map((c) => [c.name, [...c.emails.map((m) => m.key), ...(c.unusable?.emails ?? []).map((s) => `!${s}`)].sort()] as [string | null, string[]])
    .sort((a, b) => a[1][0]!.localeCompare(b[1][0]!));
const summary = (entries: EntryInput[]) => {
  const n = norm(entries);
  const s = summarizeCleaning(mergeEntries(n), n.length).summary;
  assert.equal(s.entries_read + (s.people_from_lists ?? 0), s.contacts + s.merged + s.left_out, JSON.stringify(s));
  return s;
};
/** No address in two rows. */
const oneRowEach = (cs: Contact[]) => {
  const seen = new Set<string>();
  for (const c of cs)
    for (const m of c.emails) {
      assert.ok(!seen.has(m.key), `${m.key} in two rows: ${JSON.stringify(rows(cs))}`);
      seen.add(m.key);
    }
};

const JOHN = 'john.smith@corp.com';
const JANE = 'jane.doe@corp.com';

test('must split: a nameless To: list of bare addresses is its recipients, each with the entry’s count, joining their own cards only', () => {
  const jane: EntryInput = { name: 'Jane Doe', email: JANE, times_contacted: 1 };
  const list: EntryInput = { email: `${JOHN}; ${JANE}`, times_contacted: 2 };
  for (const book of [
    [jane, list],
    [list, jane],
  ]) {
    const cs = merge(book);
    assert.deepEqual(rows(cs), [
      ['Jane Doe', [JANE]],
      [null, [JOHN]],
    ]);
    assert.equal(cs.find((c) => c.emails[0]?.key === JOHN)!.timesContacted, 2);
    const s = summary(book);
    assert.deepEqual([s.entries_read, s.contacts, s.merged, s.people_from_lists], [2, 2, 1, 1]);
  }
  // Each recipient's own card: no address in two rows, John not fused with Jane's address.
  const both = merge([{ name: 'John Smith', email: JOHN, times_contacted: 9 }, jane, list]);
  assert.deepEqual(rows(both), [
    ['Jane Doe', [JANE]],
    ['John Smith', [JOHN]],
  ]);
  oneRowEach(both);
  const s = summary([{ name: 'John Smith', email: JOHN, times_contacted: 9 }, jane, list]);
  // The list counts with John, whose card it merged with; Jane's item merged with her card, counted there.
  assert.deepEqual([s.entries_read, s.contacts, s.merged, s.people_from_lists], [3, 2, 1, undefined]);
});

test('must split: a distribution list among the recipients is a row of its own, not inside a person’s row', () => {
  const cs = merge([
    { name: 'John Smith', email: JOHN },
    { email: `${JOHN}; ${JANE}; all.employees@corp.com`, times_contacted: 2 },
  ]);
  assert.deepEqual(rows(cs), [
    [null, ['all.employees@corp.com']],
    [null, [JANE]],
    ['John Smith', [JOHN]],
  ]);
});

test('must split: four bare addresses with commas are four people, counted as people from lists', () => {
  const entry: EntryInput = { email: `${JOHN}, ${JANE}, bob.roe@corp.com, amy.wu@corp.com`, times_contacted: 2 };
  const cs = merge([entry]);
  assert.equal(cs.length, 4, JSON.stringify(rows(cs)));
  for (const c of cs) {
    assert.equal(c.emails.length, 1);
    assert.equal(c.timesContacted, 2);
  }
  const s = summary([entry]);
  assert.deepEqual([s.entries_read, s.contacts, s.merged, s.people_from_lists], [1, 4, 0, 3]);
  // The same as an `emails` array, and a couple's card without a name (two mailboxes at one domain).
  assert.equal(merge([{ emails: [JOHN, JANE, 'bob.roe@corp.com'] }]).length, 3);
  assert.deepEqual(rows(merge([{ email: 'ann@x.com, bo@x.com' }])), [
    [null, ['ann@x.com']],
    [null, ['bo@x.com']],
  ]);
});

test("must split: the owner's own address among the recipients leaves only the owner out", () => {
  const n = norm([{ email: `owner.person@corp.com, ${JOHN}`, times_contacted: 3 }]);
  const cs = mergeEntries(n, undefined, { keys: ['e:owner.person@corp.com'], names: ['Owner Person'] });
  assert.deepEqual(
    cs.map((c) => [c.emails.map((m) => m.key), c.junk, c.junkReason]),
    [
      [['owner.person@corp.com'], true, 'self'],
      [[JOHN], false, null],
    ],
  );
});

test("must stay one: a nameless card whose addresses are evidently one person's, or a named card (a couple's card with its couple's name)", () => {
  const one: EntryInput[] = [
    { email: 'ann@x.com, ann@y.org' }, // one local part at two domains
    { email: 'john.smith@gmail.com, johnsmith@googlemail.com' }, // a Gmail-equivalent pair
    { emails: [JOHN, 'johnsmith1990@gmail.com'] }, // work and personal, one name spelt
    { emails: [JOHN, 'jsmith@gmail.com'] }, // the name with an initial, another domain
    { emails: [JOHN, 'smith.john@yahoo.com'] },
    { emails: [JOHN, 'john@gmail.com'] }, // the given name alone, another domain
    { emails: [JOHN, 'john_smith@corp.com'] }, // one name written two ways at one domain
    { name: 'Ann Lee', email: 'ann@x.com, bo@x.com' }, // a named card: its person's addresses
    { name: 'Ann & Bo Lee', email: 'ann@x.com, bo@x.com' }, // a couple's card with its couple's name
    { nickname: 'Mom', emails: ['mom@x.com', 'jane.doe@y.org'] }, // named by a nickname
  ];
  for (const e of one) {
    const cs = merge([e]);
    assert.equal(cs.length, 1, `${JSON.stringify(e)}: ${JSON.stringify(rows(cs))}`);
  }
  // The same local part at one organisation's domain and elsewhere keeps one person, beside another recipient.
  assert.deepEqual(rows(merge([{ email: `${JOHN}, johnsmith@gmail.com, ${JANE}` }])), [
    [null, [JANE]],
    [null, [JOHN, 'johnsmith@gmail.com']],
  ]);
  // Initials alone at one organisation's domain are no evidence: `jsmith@` may be Jane Smith.
  assert.equal(merge([{ emails: [JOHN, 'jsmith@corp.com'] }]).length, 2);
});

test('the first recipient takes what else the nameless entry says (its number, the star); the others their address and its evidence', () => {
  const cs = merge([{ emails: [JOHN, JANE], phone: '+1 415 555 0101', is_favorite: 1, times_contacted: 4, last_message_sent_date: '2026-01-05T10:00:00Z' }]);
  assert.deepEqual(
    cs.map((c) => [c.emails.map((m) => m.key), c.phones.map((p) => p.key), c.favorite, c.timesContacted, c.lastSent]),
    [
      [[JOHN], ['p:+14155550101'], true, 4, Date.parse('2026-01-05T10:00:00Z')],
      [[JANE], [], false, 4, Date.parse('2026-01-05T10:00:00Z')],
    ],
  );
});

test("must split: an assistant's address on her boss's card is hers when her own card names her as the mailbox spells (a probe: Sherri Sera lost)", () => {
  const jeff: EntryInput = { name: 'Jeff Skilling', emails: ['jeff.skilling@corp.com', 'sherri.sera@corp.com'], times_contacted: 3 };
  const sherri: EntryInput = { name: 'Sherri Sera', email: 'sherri.sera@corp.com', times_contacted: 10 };
  for (const book of [
    [jeff, sherri],
    [sherri, jeff],
    [jeff, { ...sherri, phone: '+1 713 555 0101' }],
    [jeff, { ...sherri, name: 'Sera, Sherri' }],
  ]) {
    const cs = merge(book);
    const label = JSON.stringify(book);
    assert.deepEqual(
      rows(cs).map(([name, keys]) => [name?.includes('Sherri') ? 'Sherri' : name, keys]),
      [
        ['Jeff Skilling', ['jeff.skilling@corp.com']],
        ['Sherri', ['sherri.sera@corp.com']],
      ],
      label,
    );
    assert.equal(cs.find((c) => c.name?.includes('Sherri'))!.timesContacted, 10, label);
    const s = summary(book);
    assert.deepEqual([s.entries_read, s.contacts, s.merged, s.left_out], [2, 2, 0, 0], label);
  }
  // Her card named with one word, when the boss's card holds two mailboxes at his firm's domain, his own
  // spelling his name and hers not: the address is hers.
  const one = merge([jeff, { name: 'Sherri', email: 'sherri.sera@corp.com', times_contacted: 10 }]);
  assert.deepEqual(rows(one), [
    ['Jeff Skilling', ['jeff.skilling@corp.com']],
    ['Sherri', ['sherri.sera@corp.com']],
  ]);
  // A husband's card holding his wife's address beside hers (the family name shared).
  const family = merge([
    { name: 'John Smith', emails: ['john.smith@x.com', 'jane.smith@y.org'] },
    { name: 'Jane Smith', email: 'jane.smith@y.org' },
  ]);
  assert.deepEqual(rows(family), [
    ['Jane Smith', ['jane.smith@y.org']],
    ['John Smith', ['john.smith@x.com']],
  ]);
});

test('must stay one: a card holding nothing but the address under a label, a maiden name, a short form or a renamed card still joins its one holder', () => {
  const cases: [EntryInput, EntryInput][] = [
    [
      { name: 'Ann Lee', emails: ['ann.lee@y.com', 'ann.smith@x.com'] },
      { name: 'Ann Smith', email: 'ann.smith@x.com' },
    ], // a maiden name
    [
      { name: 'Jane Doe', emails: ['jane.doe@y.com', 'mum@x.com'] },
      { name: 'Mum', email: 'mum@x.com' },
    ],
    [
      { name: 'Robert Smith', emails: ['robert.smith@a.com', 'bob.smith@b.com'] },
      { name: 'Bob Smith', email: 'bob.smith@b.com' },
    ],
    [
      { name: 'Karen Miller', emails: ['karen@x.com', 'karen.brown@y.com'] },
      { name: 'Karen Brown', email: 'karen.brown@y.com' },
    ],
    // The mailbox spells the card holding it beside another: his own other address.
    [
      { name: 'Jeff Skilling', emails: ['jeff.skilling@corp.com', 'jskilling@gmail.com'] },
      { name: 'J Skilling', email: 'jskilling@gmail.com' },
    ],
    // A name the mailbox does not spell says nothing of whose it is (a label, a firm's name). On a firm's
    // desk (`office@`), a person's name is someone else who answers it: merge-family-mailbox.test.ts.
    [
      { name: 'Jeff Skilling', emails: ['jeff.skilling@corp.com', 'jeff@corp.com'] },
      { name: 'Sherri Sera', email: 'jeff@corp.com' },
    ],
    [
      { name: 'Ann Lee', emails: ['ann@x.com', 'acme.sales@acme.com'] },
      { name: 'Acme Sales', email: 'acme.sales@acme.com' },
    ],
  ];
  for (const book of cases) {
    const cs = merge(book);
    assert.equal(cs.length, 1, `${JSON.stringify(book)}: ${JSON.stringify(rows(cs))}`);
    assert.equal(cs[0].name, book[0].name, JSON.stringify(book));
  }
});

test('must split: a recipient list of named items at unusable addresses (X.500 DNs, Notes names) is a person per item, kept unusable on its evidence', () => {
  const x500 = '"Smith, John" </O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH>, "Doe, Jane" </O=CORP/OU=NA/CN=RECIPIENTS/CN=JDOE>';
  const cs = merge([{ email: x500, times_contacted: 5 }]);
  assert.deepEqual(
    cs.map((c) => [c.name, c.unusable?.reason, c.unusable?.emails, c.timesContacted, c.junk]),
    [
      ['Smith, John', 'invalid', ['"Smith, John" </O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH>'], 5, false],
      ['Doe, Jane', 'invalid', ['"Doe, Jane" </O=CORP/OU=NA/CN=RECIPIENTS/CN=JDOE>'], 5, false],
    ],
  );
  let s = summary([{ email: x500, times_contacted: 5 }]);
  assert.deepEqual([s.entries_read, s.contacts, s.people_from_lists, s.kept_without_address], [1, 2, 1, 2]);
  const notes = merge([{ email: 'John Smith/HOU/ECT@ECT, Jane Doe/HOU/ECT@ECT, Bo Chen/NA/Corp@Corp', times_contacted: 5 }]);
  assert.deepEqual(
    notes.map((c) => [c.name, c.unusable?.emails]),
    [
      ['John Smith', ['John Smith/HOU/ECT@ECT']],
      ['Jane Doe', ['Jane Doe/HOU/ECT@ECT']],
      ['Bo Chen', ['Bo Chen/NA/Corp@Corp']],
    ],
  );
  // Each joins its own card when it has one (the same name and string), never another person.
  s = summary([
    { email: 'John Smith/HOU/ECT@ECT, Jane Doe/HOU/ECT@ECT', times_contacted: 5 },
    { name: 'Jane Doe', email: 'jane.doe@corp.com' },
  ]);
  assert.equal(s.contacts, 3);
  // Must stay one: one person's items, a single item, a list named by the entry's own person.
  for (const e of [
    { email: '"Smith, John" </O=CORP/CN=JSMITH>, John Smith/HOU/ECT@ECT', times_contacted: 1 },
    { email: 'John Smith/HOU/ECT@ECT', times_contacted: 1 },
    { email: '"Smith, John" </O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH>', times_contacted: 1 },
  ] as EntryInput[]) {
    assert.equal(merge([e]).length, 1, JSON.stringify(e));
  }
});

test('a 40,000-entry book of repeated lists (named, bare, unusable) and boss cards: every person once (a hang guard, not a speed measure)', {
  timeout: 120_000,
}, () => {
  const entries: EntryInput[] = [];
  const letters = (k: number) => String.fromCharCode(97 + Math.floor(k / 26), 97 + (k % 26));
  for (let i = 0; i < 40_000; i++) {
    const k = letters(Math.floor(i / 5) % 200);
    switch (i % 5) {
      case 0:
        entries.push({ email: `p${k}.a@corp.com; p${k}.b@corp.com; all.staff@corp.com`, times_contacted: 1 });
        break;
      case 1:
        entries.push({ email: `Ann Lee${k} <a${k}@x.com>, Bo Kim${k} <b${k}@y.com>`, times_contacted: 1 });
        break;
      case 2:
        entries.push({ name: `Jeff Skill${k}`, emails: [`jeff.skill${k}@corp.com`, `sherri.sera${k}@corp.com`] });
        break;
      case 3:
        entries.push({ name: `Sherri Sera${k}`, email: `sherri.sera${k}@corp.com` });
        break;
      default:
        entries.push({ email: `"Smith${k}, John" </O=CORP/CN=J${k}>, "Doe${k}, Jane" </O=CORP/CN=D${k}>`, times_contacted: 1 });
    }
  }
  const n = norm(entries);
  const cs = mergeEntries(n);
  const s = summarizeCleaning(cs, n.length).summary;
  assert.equal(s.entries_read + (s.people_from_lists ?? 0), s.contacts + s.merged + s.left_out);
  // p.a, p.b, all.staff once; Ann, Bo; boss, assistant; John, Jane: 1 + 200 × 8.
  assert.equal(cs.filter((c) => !c.junk).length, 1 + 200 * 8);
});

test('must stay one: a card holding the address under the name its mailbox spells and a number in common with the other card is the same person (an eval: Joop and Johannes van den Berg)', () => {
  const cs = merge([
    { name: 'Joop van den Berg', emails: ['jberg@gmail.com', 'johannes.vandenberg+kith@gmail.com'], phones: ['06-26937607'] },
    { name: 'van den Berg Johannes', emails: ['johannes.vandenberg+work@gmail.com'], phones: ['0626937607'] },
    { name: 'Johannes van den Berg', emails: ['jberg@gmail.com'], phones: ['06-26937607'] },
  ]);
  assert.equal(cs.length, 1, JSON.stringify(rows(cs)));
});
