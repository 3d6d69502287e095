/**
 * Issue #12, "never lose a real person": a list of people in one entry (a To: header pasted or exported
 * into one e-mail cell, or an `emails` array with a display name per item) whose items name different
 * people gives each of them, merging with their own cards only. Must-split beside must-stay-one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { summarizeCleaning } from '../../src/domain/cleaning.ts';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { Contact, EntryInput } from '../../src/domain/types.ts';

const ctx = { region: 'US' as const, sourceKey: 'gmail:-' };
const norm = (entries: EntryInput[]) => entries.map((e) => normalizeEntry(e, ctx));
const merge = (entries: EntryInput[]) => mergeEntries(norm(entries));
/** Each contact as [name, its addresses' keys, its phones' keys]. */
const rows = (cs: Contact[]) => cs.map((c) => [c.name, c.emails.map((m) => m.key), c.phones.map((p) => p.key)]);
const summary = (entries: EntryInput[]) => {
  const n = norm(entries);
  return summarizeCleaning(mergeEntries(n), n.length);
};

const JANE = 'jane.doe@corp.example';
const RICK = 'rick.roe@corp.example';
const TO_HEADER = `Doe, Jane <${JANE}>, Roe, Rick <${RICK}>`;

test('must split: a To: header in one e-mail field is its people, each with the count and dates of the entry', () => {
  const cs = merge([{ email: TO_HEADER, times_contacted: 3, last_message_sent_date: '2026-01-05T10:00:00Z' }]);
  assert.deepEqual(rows(cs), [
    ['Doe, Jane', [JANE], []],
    ['Roe, Rick', [RICK], []],
  ]);
  for (const c of cs) {
    assert.equal(c.timesContacted, 3);
    assert.equal(c.lastSent, Date.parse('2026-01-05T10:00:00Z'));
    assert.equal(c.junk, false);
  }
});

test('must split: the other cards of each person join their own row, never the other person (no transitive fusion)', () => {
  const cs = merge([
    { email: TO_HEADER, times_contacted: 3 },
    { name: 'Jane Doe', email: JANE, phone: '+1 415 555 0101' },
    { name: 'Rick Roe', emails: [RICK, 'rick@home.example'], phone: '+1 415 555 0102' },
    { name: 'Rick Roe', email: 'rick@home.example' },
  ]);
  assert.deepEqual(rows(cs), [
    ['Jane Doe', [JANE], ['p:+14155550101']],
    ['Rick Roe', [RICK, 'rick@home.example'], ['p:+14155550102']],
  ]);
  assert.deepEqual(
    cs.map((c) => c.timesContacted),
    [3, 3],
  );
});

test('must split: every way a list names its people (emails array, quoted names, semicolons, unbracketed names, relations)', () => {
  const cases: [EntryInput, (string | null)[]][] = [
    [{ emails: ['Jane Doe <jane@x.example>', 'Rick Roe <rick@x.example>'] }, ['Jane Doe', 'Rick Roe']],
    [{ email: '"Doe, Jane" <jane@x.example>; "Roe, Rick" <rick@x.example>' }, ['Doe, Jane', 'Roe, Rick']],
    [{ email: 'Jane Doe <jane@x.example>, Rick Roe <rick@x.example>, Ann Lee <ann@y.example>' }, ['Jane Doe', 'Rick Roe', 'Ann Lee']],
    [{ email: 'Jane Doe jane@x.example, Rick Roe rick@x.example' }, ['Jane Doe', 'Rick Roe']],
    [{ email: 'Mom <mom@x.example>, Dad <dad@x.example>' }, ['Mom', 'Dad']],
    [{ emails: ['Jane Doe <jane@x.example>'], email: 'Rick Roe <rick@x.example>' }, ['Jane Doe', 'Rick Roe']],
    // A bare address among named people is no one of them: a recipient of its own (it was Rick's).
    [{ email: 'jane@x.example, Rick Roe <rick@x.example>, Ann Lee <ann@y.example>' }, ['Rick Roe', 'Ann Lee', null]],
  ];
  for (const [e, want] of cases) {
    const cs = merge([e]);
    assert.deepEqual(
      cs.map((c) => c.name),
      want,
      JSON.stringify(e),
    );
  }
});

test("the entry's own name goes with the item it fits; its phones, unnamed items and other fields go with that person (unnamed items only under a name of its own)", () => {
  // The name fits the second item: Rick holds the phone and the entry's name; Jane has her address only.
  let cs = merge([{ name: 'Rick Roe', email: 'Jane Doe <jane@x.example>, Rick Roe <rick@x.example>', phone: '+1 415 555 0102', company: 'Acme' }]);
  assert.deepEqual(rows(cs), [
    ['Rick Roe', ['rick@x.example'], ['p:+14155550102']],
    ['Jane Doe', ['jane@x.example'], []],
  ]);
  assert.deepEqual(
    cs.map((c) => c.company),
    ['Acme', null],
  );
  // Under a name of its own that fits an item, that person takes the unnamed items too (must keep).
  cs = merge([{ name: 'Jane Doe', email: 'Jane Doe <jane@x.example>, Rick Roe <rick@x.example>, desk@x.example', phone: '+1 415 555 0101' }]);
  assert.deepEqual(rows(cs), [
    ['Jane Doe', ['jane@x.example', 'desk@x.example'], ['p:+14155550101']],
    ['Rick Roe', ['rick@x.example'], []],
  ]);
  // No name: the first person of the list is the entry's and takes the phone; an unnamed item is a
  // recipient of its own (a pasted To: list does not say whose it is; it was Jane's).
  cs = merge([{ email: 'Jane Doe <jane@x.example>, Rick Roe <rick@x.example>, desk@x.example', phone: '+1 415 555 0101' }]);
  assert.deepEqual(rows(cs), [
    ['Jane Doe', ['jane@x.example'], ['p:+14155550101']],
    ['Rick Roe', ['rick@x.example'], []],
    [null, ['desk@x.example'], []],
  ]);
  // A name that fits nobody of the list (a team, a label): a card of its own when it holds a number, else given to no one.
  cs = merge([{ name: 'Acme Sales', email: 'Jane Doe <jane@x.example>, Rick Roe <rick@x.example>', phone: '+1 415 555 0100' }]);
  assert.deepEqual(rows(cs), [
    ['Acme Sales', [], ['p:+14155550100']],
    ['Jane Doe', ['jane@x.example'], []],
    ['Rick Roe', ['rick@x.example'], []],
  ]);
  cs = merge([{ name: 'Acme Sales', email: 'Jane Doe <jane@x.example>, Rick Roe <rick@x.example>', is_favorite: 1 }]);
  assert.deepEqual(rows(cs), [
    ['Jane Doe', ['jane@x.example'], []],
    ['Rick Roe', ['rick@x.example'], []],
  ]);
  assert.deepEqual(
    cs.map((c) => c.favorite),
    [true, false],
  );
});

test('must stay one: a named list without names per item, with one name, or with names of one person (a nameless list of bare addresses is its recipients: merge-recipients.test.ts)', () => {
  const one: EntryInput[] = [
    { name: 'Ann & Bo Lee', email: 'ann@x.com, bo@x.com' }, // a couple's card: no name per item, the couple's name
    { email: 'Ann Lee <a@x.example>, Ann Lee <a2@y.example>' },
    { email: 'Ann Lee <a@x.example>; Ann <a2@y.example>' },
    { email: 'Robert Smith <rs@x.example>, Bob Smith <bob@y.example>' },
    { email: '"Lee, Ann" <a@x.example>, Ann Lee <a2@y.example>' },
    { email: 'Ann Lee <a@x.example>, b@y.example' },
    { emails: ['Ann Lee <a@x.example>', 'a2@y.example'] },
    { emails: ['Jane Doe <jane@x.example>', 'Jane Doe <jane@y.example>'], name: 'Jane' },
    { email: 'Mom <mom@x.example>, Jane Doe <jane@x.example>' }, // a relation label fits any name
    { email: 'Work <a@x.example>, Home <a2@y.example>' }, // labels of the line, no one's name
  ];
  for (const e of one) {
    const [n] = norm([e]);
    // Labels on an entry without a name are kept (they say the addresses are one person's), nothing else.
    assert.ok(
      n.emails.every((m) => !('name' in m) || m.name === 'Work' || m.name === 'Home'),
      JSON.stringify(e),
    );
    assert.equal(mergeEntries([n]).length, 1, JSON.stringify(e));
  }
  // A single wrapped address names the entry, as before, and marks no address.
  const [n] = norm([{ email: 'Jane Doe <jane@x.example>' }]);
  assert.equal(n.name, 'Jane Doe');
  assert.ok(!('name' in n.emails[0]));
});

test("must stay one: a named card whose items are labelled with one word each (a provider, a school, a company) is that person's card", () => {
  // Review of issue #12: the card's own name fits no item, and the items' names are one word each, no
  // relation: labels of the person's addresses, as `Work`/`Home` are. Split, the person vanished from the
  // list and two rows named `Gmail` and `Yahoo` took her addresses.
  const cases: EntryInput[] = [
    { name: 'Ann Lee', email: 'Gmail <ann@gmail.com>, Yahoo <ann@yahoo.com>' },
    { name: 'Ann Lee', email: 'School <ann@school.example>, Old <ann@old.example>, New <ann@new.example>' },
    { name: 'Ann Lee', emails: ['Acme <ann@acme.example>', 'Globex <ann@globex.example>'], phone: '+1 415 555 0170' },
  ];
  for (const e of cases) {
    const cs = merge([e]);
    assert.deepEqual(
      cs.map((c) => c.name),
      ['Ann Lee'],
      JSON.stringify(e),
    );
  }
  // Still split: a named card over a list of people (two words each, or a name in Han characters).
  for (const [e, want] of [
    [{ name: 'Acme Sales', email: 'Jane Doe <jane@x.example>, Rick Roe <rick@x.example>', phone: '+1 415 555 0100' }, ['Acme Sales', 'Jane Doe', 'Rick Roe']],
    [{ name: '销售部', email: '王伟 <wei@x.example>, 李娜 <na@x.example>' }, ['王伟', '李娜']],
  ] as [EntryInput, string[]][]) {
    assert.deepEqual(
      merge([e]).map((c) => c.name),
      want,
      JSON.stringify(e),
    );
  }
});

test('must stay one: labels of two words or with a number (`School Email`, `Email 2`) label the address, they name no one', () => {
  // Split, the card's person vanished and rows named `School Email` and `Old Email` took her addresses;
  // an unnamed card over `Email 1`/`Email 2` became two people named so.
  for (const [e, want] of [
    [{ name: 'Ann Lee', email: 'School Email <ann@school.example>, Old Email <ann@old.example>' }, ['Ann Lee']],
    [{ name: 'Ann Lee', emails: ['Work Address <ann@acme.example>', 'Personal Gmail <ann@gmail.com>'] }, ['Ann Lee']],
    [{ email: 'Email 1 <a@x.example>, Email 2 <b@y.example>' }, [null]],
    [{ email: 'Work Email <a@x.example>, Alternate Email <b@y.example>' }, [null]],
  ] as [EntryInput, (string | null)[]][]) {
    assert.deepEqual(
      merge([e]).map((c) => c.name),
      want,
      JSON.stringify(e),
    );
  }
  // Still split: people named beside a label, or with a label word among their own.
  for (const [e, want] of [
    [{ email: 'Jane Doe (work) <jane@x.example>, Rick Roe (home) <rick@y.example>' }, ['Jane Doe (work)', 'Rick Roe (home)']],
    [
      { name: 'Acme Sales', email: 'Jane Doe Work <jane@x.example>, Rick Roe <rick@x.example>', phone: '+1 415 555 0100' },
      ['Acme Sales', 'Jane Doe Work', 'Rick Roe'],
    ],
  ] as [EntryInput, string[]][]) {
    assert.deepEqual(
      merge([e]).map((c) => c.name),
      want,
      JSON.stringify(e),
    );
  }
});

test('must split: label words that are also words of names (Main, Alt, Old, New, E) and numbers name people beside names', () => {
  // Left out beside names, `Emily Main`/`John Main` under `Main Family` were one word each, read as labels
  // of one person's addresses: the two people were one row. So were `Dr Ann Lee`/`Dr Bob Main` under
  // `Office`, `Ann E Lee`/`Ann B Lee`, and `Mary Main`/`Mary Alt`.
  for (const [e, want] of [
    [{ name: 'Main Family', email: 'Emily Main <emily@x.example>, John Main <john@y.example>' }, ['Emily Main', 'John Main']],
    [{ name: 'Office', email: 'Dr Ann Lee <ann@x.example>, Dr Bob Main <bob@x.example>' }, ['Dr Ann Lee', 'Dr Bob Main']],
    [{ email: 'Ann E Lee <a@x.example>, Ann B Lee <b@y.example>' }, ['Ann E Lee', 'Ann B Lee']],
    [{ email: 'Mary Main <m1@x.example>, Mary Alt <m2@y.example>' }, ['Mary Main', 'Mary Alt']],
    [{ name: 'Book club', email: 'Ann 2 <ann@x.example>, Bob 3 <bob@y.example>' }, ['Ann 2', 'Bob 3']],
  ] as [EntryInput, string[]][]) {
    assert.deepEqual(
      merge([e]).map((c) => c.name),
      want,
      JSON.stringify(e),
    );
  }
  // Beside a label word, or alone, they still label the address.
  for (const [e, want] of [
    [{ name: 'Ann Lee', email: 'Main Email <ann@x.example>, Old Address <ann@y.example>' }, ['Ann Lee']],
    [{ email: 'New Email <a@x.example>, Email 2 <b@y.example>' }, [null]],
    [{ email: '1 <a@x.example>, 2 <b@y.example>' }, [null]],
  ] as [EntryInput, (string | null)[]][]) {
    assert.deepEqual(
      merge([e]).map((c) => c.name),
      want,
      JSON.stringify(e),
    );
  }
});

test('must stay one, with the split: one person in two of her spellings, and a re-sent card, are one row', () => {
  const cs = merge([
    { email: 'Jane Doe <jane@x.example>, Doe, Jane <jane@y.example>, Rick Roe <rick@x.example>' },
    { email: 'Jane Doe <jane@x.example>, Doe, Jane <jane@y.example>, Rick Roe <rick@x.example>' },
  ]);
  assert.deepEqual(rows(cs), [
    ['Jane Doe', ['jane@x.example', 'jane@y.example'], []],
    ['Rick Roe', ['rick@x.example'], []],
  ]);
});

test('a list in one string whose items are named as one person gives that person her name; labels give none, two people are each named', () => {
  const nameOf = (email: string) =>
    merge([{ email }])
      .filter((c) => !c.junk)
      .map((c) => c.name);
  assert.deepEqual(nameOf('Lee, Ann <a@x.example>, Ann Lee <b@y.example>'), ['Lee, Ann']);
  assert.deepEqual(nameOf('Ann Lee <a@x.example>; Ann <a2@y.example>'), ['Ann Lee']);
  // Address labels name no one.
  assert.deepEqual(nameOf('Work <a@x.example>, Home <b@y.example>'), [null]);
  // Two people: each their own row and name (the split), never one of them named for both.
  assert.deepEqual(nameOf('Doe, Jane <jane@x.example>, Roe, Rick <rick@y.example>').sort(), ['Doe, Jane', 'Roe, Rick']);
});

test('the summary counts a list as one entry read, with one of its people, and the others as people from lists; it adds up and lists entries by their index', () => {
  // Alone: two people in the list, one entry read, counted with the first; the second is one of the
  // people the lists gave, so contacts is the number of rows.
  assert.deepEqual(summary([{ email: TO_HEADER }]).summary, {
    entries_read: 1,
    contacts: 2,
    merged: 0,
    left_out: 0,
    left_out_by_reason: {},
    kept_without_address: 0,
    people_from_lists: 1,
  });
  // Sent twice (a daily sync): still two people; the copy merged into the first's person, as a copy of
  // any card does, and Rick is still the one person the list gave.
  const twice = summary([{ email: TO_HEADER }, { email: TO_HEADER }]).summary;
  assert.deepEqual([twice.entries_read, twice.contacts, twice.merged, twice.people_from_lists], [2, 2, 1, 1]);
  // With Rick's own card: the list counts with Rick (his card and the list merged: merged 1), and Jane,
  // whom only the list names, is a person from lists.
  assert.deepEqual(summary([{ email: TO_HEADER }, { name: 'Rick Roe', email: RICK }]).summary, {
    entries_read: 2,
    contacts: 2,
    merged: 1,
    left_out: 0,
    left_out_by_reason: {},
    kept_without_address: 0,
    people_from_lists: 1,
  });
  // A probe: a list of three and Ann's own card. The list counts with Ann (merged 1); Bo and Cy are the
  // people only the list gave (2). It was counted with Bo: merged 0, people_from_lists 1, though Ann's
  // card merged and two people came from the list alone.
  assert.deepEqual(summary([{ emails: ['Ann Lee <ann@x.org>, Bo Kim <bo@y.org>, Cy Dunn <cy@z.org>'] }, { name: 'Ann Lee', emails: ['ann@x.org'] }]).summary, {
    entries_read: 2,
    contacts: 3,
    merged: 1,
    left_out: 0,
    left_out_by_reason: {},
    kept_without_address: 0,
    people_from_lists: 2,
  });
  // Nothing of the list elsewhere: counted with its own person (the first), whatever the order.
  assert.deepEqual(summary([{ name: 'Bo Kim', emails: ['bo@y.org'] }, { emails: ['Ann Lee <ann@x.org>, Bo Kim <bo@y.org>, Cy Dunn <cy@z.org>'] }]).summary, {
    entries_read: 2,
    contacts: 3,
    merged: 1,
    left_out: 0,
    left_out_by_reason: {},
    kept_without_address: 0,
    people_from_lists: 2,
  });
  // A no-reply item of a list is left out alone: the entry counts with its person, so it is not a
  // left-out entry; the person it named and the answer leaves out is said apart, with the entry's index.
  const s = summary([{ name: 'X', email: 'garbage' }, { email: 'Shop News <no-reply@shop.example>, Jane Doe <jane@x.example>' }]);
  assert.deepEqual(s.summary, {
    entries_read: 2,
    contacts: 1,
    merged: 0,
    left_out: 1,
    left_out_by_reason: { invalid: 1 },
    kept_without_address: 0,
    list_people_left_out: { no_reply: 1 },
  });
  assert.deepEqual(s.leftOut, [{ index: 0, reason: 'invalid' }]);
  assert.deepEqual(s.leftOutListPeople, [{ index: 1, reason: 'no_reply' }]);
  // Every item junk: the entry is left out once, under its index; its other person is said apart.
  const j = summary([{ email: 'a@x.com' }, { email: 'Shop News <no-reply@shop.example>, Alerts Team <bounce@mail.example>' }]);
  assert.deepEqual(j.leftOut, [{ index: 1, reason: 'no_reply' }]);
  assert.deepEqual(j.leftOutListPeople, [{ index: 1, reason: 'bounce' }]);
  assert.deepEqual(j.summary.list_people_left_out, { bounce: 1 });
  // The same unusable item kept on the owner's evidence from another entry is in the list: not said left out.
  const k = summary([
    { email: 'Bo Chen <garbage>, Rick Roe <rick.roe@corp.example>', times_contacted: 2 },
    { email: 'Bo Chen <garbage>, Rick Roe <rick.roe@corp.example>' },
  ]);
  assert.deepEqual(k.leftOutListPeople, []);
  assert.equal(k.summary.list_people_left_out, undefined);
  // A no-reply with an entry of its own, which a list names too: said once, as its own left-out entry.
  const ownEntry = summary([{ name: 'Shop News', email: 'no-reply@shop.example' }, { email: 'Shop News <no-reply@shop.example>, Jane Doe <jane@x.example>' }]);
  assert.deepEqual(ownEntry.leftOut, [{ index: 0, reason: 'no_reply' }]);
  assert.deepEqual(ownEntry.leftOutListPeople, []);
  assert.equal(ownEntry.summary.list_people_left_out, undefined);
  assert.equal(ownEntry.summary.left_out, 1);
  assert.equal(j.summary.entries_read + (j.summary.people_from_lists ?? 0), j.summary.contacts + j.summary.merged + j.summary.left_out);
});

test('property: with lists of people in the book, the summary adds up and each left-out entry is listed once', () => {
  const email = fc.constantFrom(
    'a@x.com',
    'garbage',
    'no-reply@shop.example',
    TO_HEADER,
    'Jane Doe <jane.doe@corp.example>; Ann Lee <a@x.com>',
    'Shop News <no-reply@shop.example>, Rick Roe <rick.roe@corp.example>',
    'Shop News <no-reply@shop.example>, Alerts <bounce@mail.example>',
    'Ann Lee <a@x.com>, Ann <a2@y.com>',
    'Bo Chen <garbage>, Rick Roe <rick.roe@corp.example>',
  );
  const entry: fc.Arbitrary<EntryInput> = fc.record(
    {
      name: fc.constantFrom('Ann Lee', 'Rick Roe', 'Team', null),
      email,
      emails: fc.constantFrom(['Jane Doe <jane.doe@corp.example>', 'Bo Chen <bo@x.com>'], ['a@x.com'], []),
      phone: fc.constantFrom('+1 415 555 0123', '*86'),
      times_contacted: fc.constantFrom(0, 2),
    },
    { requiredKeys: [] },
  );
  fc.assert(
    fc.property(fc.array(entry, { maxLength: 12 }), (entries) => {
      const n = norm(entries);
      const contacts = mergeEntries(n);
      const { summary: s, leftOut, leftOutListPeople: listed } = summarizeCleaning(contacts, n.length);
      assert.equal(s.entries_read, entries.length);
      assert.equal(s.entries_read + (s.people_from_lists ?? 0), s.contacts + s.merged + s.left_out);
      assert.equal(leftOut.length, s.left_out);
      // The people lists named and left out, apart: listed once each, by an entry that is not itself
      // listed as left out for the same contact, and their counts by reason match the listing.
      const byReason: Record<string, number> = {};
      for (const e of listed) byReason[e.reason] = (byReason[e.reason] ?? 0) + 1;
      assert.deepEqual(byReason, { ...(s.list_people_left_out ?? {}) });
      for (const e of listed) assert.ok(e.index >= 0 && e.index < entries.length);
      // Only junk contacts a list named give a listed person, each at most once per time named.
      const named = contacts.filter((c) => c.junk).reduce((k, c) => k + (c.listItemIndexes?.length ?? 0), 0);
      assert.ok(listed.length <= named);
      assert.equal(new Set(leftOut.map((e) => e.index)).size, leftOut.length);
      for (const e of leftOut) assert.ok(e.index >= 0 && e.index < entries.length);
      // Every person of the list is in it, and counted: contacts is the number of rows.
      assert.equal(contacts.filter((c) => !c.junk).length, s.contacts);
    }),
    { numRuns: 300 },
  );
});

test('a mailing list pasted whole (more than 64 people) still gives each person once, one name written twice one row', () => {
  const letters = (i: number) => String.fromCharCode(97 + (i % 26)) + String.fromCharCode(97 + Math.floor(i / 26));
  const items = Array.from({ length: 80 }, (_, i) => `Zed${letters(i)} Q${letters(i)} <p${i}@x.example>`);
  items.push(`Zed${letters(70)} Q${letters(70)} <p70@y.example>`); // person 70 again, another address
  const cs = merge([{ email: items.join(', ') }]);
  assert.equal(cs.length, 80);
  assert.deepEqual(
    cs.find((c) => c.emails.some((m) => m.key === 'p70@x.example'))!.emails.map((m) => m.key),
    ['p70@x.example', 'p70@y.example'],
  );
});

test('must split: named items one per line, or with only spaces, "and", "&", a bullet or a slash between them (a probe lost everyone on them)', () => {
  const want = [
    ['John Smith', ['j@x.example'], []],
    ['Jane Doe', ['jd@y.example'], []],
  ];
  for (const between of ['\n', '\r\n', '\t', ' ', ' and ', ' & ', ' • ', ' / ', '\u2028']) {
    const email = `John Smith <j@x.example>${between}Jane Doe <jd@y.example>`;
    assert.deepEqual(rows(merge([{ name: 'Ann Lee', email }])), want, JSON.stringify(email));
    // The owner wrote to the entry: both kept, neither marked unusable.
    const written = merge([{ name: 'Ann Lee', email, times_contacted: 2 }]);
    assert.deepEqual(rows(written), want, JSON.stringify(email));
    assert.ok(written.every((c) => c.emails.every((m) => m.junk === null)));
  }
  // A mail header's label before the list names nobody.
  assert.deepEqual(rows(merge([{ email: 'To: John Smith <j@x.example>, Jane Doe <jd@y.example>' }])), want);
});

test('must split: one named item under the entry name of someone else is its own person (it was fused into the entry)', () => {
  const ann = ['Ann Lee', ['ann@x.example'], []];
  const rick = ['Rick Roe', ['rick@y.example'], []];
  for (const fields of [{ email: 'Rick Roe <rick@y.example>, ann@x.example' }, { emails: ['ann@x.example', 'Rick Roe <rick@y.example>'] }]) {
    const cs = merge([
      { name: 'Ann Lee', ...fields },
      { name: 'Rick Roe', email: 'rick@y.example', times_contacted: 5 },
    ]);
    assert.deepEqual(rows(cs).sort(), [ann, rick].sort(), JSON.stringify(fields));
    assert.equal(cs.find((c) => c.name === 'Rick Roe')!.timesContacted, 5);
    const s = summary([{ name: 'Ann Lee', ...fields }]).summary;
    assert.equal(s.entries_read + (s.people_from_lists ?? 0), s.contacts + s.merged + s.left_out);
    assert.equal(s.contacts, 2);
  }
});

test('must split: one field holding a To: line with one named person and two bare addresses or more that do not spell the name (a probe: one row `Mike Ross` holding all three)', () => {
  for (const email of [
    'Mike Ross <mike.ross@corp.example>, pat.lee@corp.example, al@corp.example',
    'pat.lee@corp.example, al@corp.example, Mike Ross <mike.ross@corp.example>',
  ]) {
    const cs = merge([{ email, times_contacted: 3 }]).filter((c) => !c.junk);
    assert.deepEqual(
      rows(cs).sort(),
      [
        ['Mike Ross', ['mike.ross@corp.example'], []],
        [null, ['pat.lee@corp.example'], []],
        [null, ['al@corp.example'], []],
      ].sort(),
      email,
    );
    for (const c of cs) assert.equal(c.timesContacted, 3, 'the owner wrote to each of them');
    // The same line written as the name field (a review).
    assert.deepEqual(rows(merge([{ name: email, times_contacted: 3 }]).filter((c) => !c.junk)).sort(), rows(cs).sort(), `as the name: ${email}`);
    const s = summary([{ email, times_contacted: 3 }]).summary;
    assert.equal(s.entries_read + (s.people_from_lists ?? 0), s.contacts + s.merged + s.left_out);
    assert.equal(s.contacts, 3);
  }
  // Must stay one: bare items that spell the name, one bare item only, an entry with a name, an array.
  for (const e of [
    { email: 'Mike Ross <mike@corp.example>, mike.ross@gmail.com, mross@yahoo.com' },
    { email: 'Mike Ross <mike@corp.example>, bigmike@gmail.com' },
    // A mailbox holding a word of the name: another form of the person's own (a review: three rows).
    { email: 'Mike Ross <mike@corp.example>, michael.ross@gmail.com, jross@yahoo.com' },
    { email: 'Bob Smith <bob@corp.example>, robert.smith@gmail.com, rsmith@yahoo.com' },
    { name: 'Mike Ross', email: 'Mike Ross <mike@corp.example>, pat.lee@corp.example, al@corp.example' },
    { emails: ['Mike Ross <mike@corp.example>', 'pat.lee@corp.example', 'al@corp.example'] },
  ] as EntryInput[]) {
    const cs = merge([e]).filter((c) => !c.junk);
    assert.equal(cs.length, 1, JSON.stringify(e));
    assert.ok(cs[0]!.name === 'Mike Ross' || cs[0]!.name === 'Bob Smith', JSON.stringify(e));
  }
});

test("must stay one: a To: line whose bare items hold a word of the one name is that person's addresses (a review)", () => {
  const cs = merge([{ email: 'Bob Smith <bob@corp.example>, robert.smith@gmail.com, rsmith@yahoo.com', times_contacted: 3 }]).filter((c) => !c.junk);
  assert.deepEqual(rows(cs), [['Bob Smith', ['bob@corp.example', 'robertsmith@gmail.com', 'rsmith@yahoo.com'], []]]);
});

test("must stay one: one named item that can be the entry's own person, a one-word name, a relation, or an entry without a name", () => {
  for (const [name, email] of [
    ['Ann Lee', 'Ann Lee <ann@y.example>, ann@x.example'],
    ['Ann Lee', 'A. Lee <ann@y.example>, ann@x.example'],
    ['Robert Smith', 'Bob <bob@y.example>, robert@x.example'],
    ['Ann Lee', 'Gmail <ann@y.example>, ann@x.example'],
    ['Mom', 'Jane Doe <jane@y.example>, mom@x.example'],
    [null, 'Rick Roe <rick@y.example>, ann@x.example'],
  ] as const) {
    assert.equal(merge([{ name, email }]).length, 1, `${name} over ${email}`);
  }
});

test("must name: an entry without a name takes its one named item's name wherever the item stands (`b@y, Ann Lee <a@x>` was a row without a name; `Ann Lee <a@x>, b@y` was Ann Lee)", () => {
  for (const email of ['ann@x.example, Rick Roe <rick@y.example>', 'Rick Roe <rick@y.example>, ann@x.example', 'ann@x.example; "Roe, Rick" <rick@y.example>']) {
    const cs = merge([{ email }]);
    assert.equal(cs.length, 1, email);
    assert.match(cs[0]!.name ?? '', /Rick|Roe/, email);
  }
  // Must keep: a label names no one, in either order; a placeholder is no name.
  for (const email of ['ann@x.example, Work <rick@y.example>', 'Work <rick@y.example>, ann@x.example', 'ann@x.example, undefined <rick@y.example>']) {
    assert.equal(merge([{ email }])[0]!.name, null, email);
  }
});

test('must keep: addresses in forms a probe found lost (Exchange proxy lists, Notes names, a name holding an address, a name after the address, bullets, zero-width spaces)', () => {
  const cases: [EntryInput, string[], string | null][] = [
    [{ email: 'X500:/o=Acme/cn=ann;SMTP:ann@x.example' }, ['ann@x.example'], null],
    [{ email: 'Ann Lee/Acme@Acme <ann.lee@acme.example>' }, ['ann.lee@acme.example'], null],
    [{ email: 'Lee@Acme <ann.lee@acme.example>' }, ['ann.lee@acme.example'], null],
    [{ email: 'Ann (ann@old.example) <ann@new.example>' }, ['ann@old.example', 'ann@new.example'], null],
    [{ email: '"John Smith" j@x.example' }, ['j@x.example'], 'John Smith'],
    [{ email: 'j@x.example <John Smith>' }, ['j@x.example'], 'John Smith'],
    [{ email: 'John Smith <j@x.example> <j@x.example>' }, ['j@x.example'], 'John Smith'], // its one named item's name (was none)
    [{ email: 'From: "John Smith" <j@x.example>' }, ['j@x.example'], 'John Smith'],
    [{ email: 'ann@x.example・rick@y.example' }, ['ann@x.example', 'rick@y.example'], null],
    [{ email: 'ann@x.example • rick@y.example' }, ['ann@x.example', 'rick@y.example'], null],
    [{ email: 'ann@x.example\u200brick@y.example' }, ['ann@x.example', 'rick@y.example'], null],
    [{ email: 'ann@x.example\u0085rick@y.example' }, ['ann@x.example', 'rick@y.example'], null],
    [{ email: '{ann}@x.example' }, ['{ann}@x.example'], null],
  ];
  for (const [entry, keys, name] of cases) {
    const cs = merge([entry]);
    assert.equal(cs.length, 1, JSON.stringify(entry));
    assert.deepEqual(
      cs[0]!.emails.map((m) => m.key),
      keys,
      JSON.stringify(entry),
    );
    assert.equal(cs[0]!.name, name, JSON.stringify(entry));
  }
  // '{ann}' is shown as written: braces are atext.
  assert.equal(merge([{ email: '{ann}@x.example' }])[0]!.emails[0]!.display, '{ann}@x.example');
  // Part of a word is never made an address: "ann smith@x.example" stays no address.
  assert.deepEqual(
    merge([{ email: 'ann smith@x.example <j@y.example>' }])[0]!.emails.map((m) => m.key),
    ['j@y.example'],
  );
});

test('must keep: a list of addresses written as the name field, each person of it', () => {
  assert.deepEqual(rows(merge([{ name: 'Rick Roe <rick@y.example>, Ann Lee <ann@x.example>' }])), [
    ['Rick Roe', ['rick@y.example'], []],
    ['Ann Lee', ['ann@x.example'], []],
  ]);
  assert.deepEqual(rows(merge([{ name: 'ann@x.example; bob@y.example' }])), [[null, ['ann@x.example', 'bob@y.example'], []]]);
  assert.deepEqual(rows(merge([{ name: 'ann＠x．example' }])), [[null, ['ann@x.example'], []]]);
});

test("review of the list rules: one person's list stays one, every part of a mixed list is read, connectors only between items", () => {
  // A maiden name, a company, a note, a label between one person's addresses: the entry's own person.
  for (const [entry, keys] of [
    [{ name: 'Ann Lee', email: 'Ann Roe <a@x.example>, ann@y.example' }, ['a@x.example', 'ann@y.example']],
    [{ name: 'Ann Lee', email: 'Ann from Acme <a@x.example>, ann@y.example' }, ['a@x.example', 'ann@y.example']],
    [{ name: 'Ann Lee', email: 'Acme - Ann <a@x.example>, ann@y.example' }, ['a@x.example', 'ann@y.example']],
    [{ name: 'Jane Doe', company: 'Acme Corp', email: 'Acme Corp <jane@acme.example>, jane@gmail.com' }, ['jane@acme.example', 'jane@gmail.com']],
    [{ name: 'Ann Lee', email: 'Ann Lee <ann@x.example> or <ann2@y.example>' }, ['ann@x.example', 'ann2@y.example']],
    [{ name: 'Ann Lee', email: 'Ann Lee <ann@x.example> formerly <ann@old.example>' }, ['ann@x.example', 'ann@old.example']],
    [{ name: 'Ann Lee', email: 'Ann Lee <ann@x.example> reply to <ann.p@y.example>' }, ['ann@x.example', 'ann.p@y.example']],
  ] as [EntryInput, string[]][]) {
    assert.deepEqual(rows(merge([entry])), [[entry.name, keys, []]], JSON.stringify(entry));
  }
  // A list whose parts are lists of their own: everyone on it.
  for (const email of [
    'Ann Lee <a@x.example>\nBo Chen <b@y.example>, Cy Dee <c@z.example>',
    'Ann Lee <a@x.example> and Bo Chen <b@y.example>, Cy Dee <c@z.example>',
  ]) {
    assert.deepEqual(
      rows(merge([{ email }])).map((r) => r[0]),
      ['Ann Lee', 'Bo Chen', 'Cy Dee'],
      email,
    );
  }
  // A connector word starts a name when it comes first.
  assert.deepEqual(
    rows(merge([{ email: 'Et Ng <e@x.example>, Bo Chen <b@y.example>' }])).map((r) => r[0]),
    ['Et Ng', 'Bo Chen'],
  );
  // A mailto: link's copy recipients are other people: only its address is the entry's (they fused before).
  const cs = merge([
    { name: 'Ann Lee', email: 'mailto:ann@x.example?cc=bob@y.example' },
    { name: 'Bob Roe', email: 'bob@y.example' },
  ]);
  assert.deepEqual(rows(cs), [
    ['Ann Lee', ['ann@x.example'], []],
    ['Bob Roe', ['bob@y.example'], []],
  ]);
});

test('second review of the list rules: addresses before a named item kept, relatives and colleagues apart, capitalised names that are label words, commas in comments, organisations', () => {
  const names = (entry: EntryInput) => rows(merge([entry]));
  // An address before a named item is kept, as a person of its own beside the named one.
  for (const between of [' and ', ' ', ', and ']) {
    assert.deepEqual(names({ name: 'Ann Lee', email: `ann@x.example${between}Bo Chen <b@y.example>` }), [
      ['Ann Lee', ['ann@x.example'], []],
      ['Bo Chen', ['b@y.example'], []],
    ]);
  }
  // A relative under the family name, a colleague "from" a firm, a partner of the entry's firm: other people.
  for (const [entry, other] of [
    [{ name: 'Ann Lee', email: 'Bob Lee <bob@x.example>, ann@y.example' }, 'Bob Lee'],
    [{ name: 'Lee, Ann', email: 'Bob Lee <bob@x.example>, ann@y.example' }, 'Bob Lee'],
    [{ name: 'Ann Lee', email: 'Rick from Acme <r@x.example>, ann@y.example' }, 'Rick from Acme'],
    [{ name: 'Ann Lee', company: 'Roe & Partners', email: 'Rick Roe <r@x.example>, ann@y.example' }, 'Rick Roe'],
  ] as [EntryInput, string][]) {
    assert.deepEqual(
      names(entry).map((r) => r[0]),
      [entry.name, other],
      JSON.stringify(entry),
    );
  }
  // An organisation's or a desk's name, or a title with one name, is the entry's own address's label.
  for (const item of ['Acme Inc', 'Sales Team', 'Büro Berlin', 'Mrs Roe']) {
    assert.equal(merge([{ name: 'Ann Lee', email: `${item} <a@x.example>, ann@q.example` }]).length, 1, item);
  }
  // Capitalised, a label word is a name: two people.
  for (const item of ['Else', 'Or']) {
    assert.deepEqual(
      names({ email: `Ann Lee <a@x.example>, ${item} <e@y.example>` }).map((r) => r[0]),
      ['Ann Lee', item],
    );
  }
  // A small connector between items is no name; an unbracketed last item is named as one address is.
  assert.deepEqual(
    names({ email: 'Ann Lee <a@x.example> or Zhang Wei <b@y.example>' }).map((r) => r[0]),
    ['Ann Lee', 'Zhang Wei'],
  );
  assert.deepEqual(
    names({ email: 'Bo Chen <b@y.example> and Ann Lee ann@x.example' }).map((r) => r[0]),
    ['Bo Chen', 'Ann Lee'],
  );
  // A comma inside a comment does not split the list: Rick's address stays.
  assert.deepEqual(
    merge([{ email: 'Jane Doe <jane@x.example> / rick@y.example (Roe, Rick)' }]).flatMap((c) => c.emails.map((m) => m.key)),
    ['jane@x.example', 'rick@y.example'],
  );
  // A field of thousands of strings that are no address keeps a bounded few of them.
  const junk = `a@x.example, ${Array.from({ length: 2000 }, (_, i) => `x${i}@`).join(', ')}`;
  const e = normalizeEntry({ email: junk }, ctx);
  assert.ok(e.emails.length <= 21, String(e.emails.length));
  assert.equal(e.emails[0]!.key, 'a@x.example');
});

test('third review: surnames that are desk words, titles before the entry name, unclosed brackets, names in small letters', () => {
  const names = (entry: EntryInput) => rows(merge([entry])).map((r) => r[0]);
  for (const item of ['Rui Sá', 'Maria Sales', 'Kim Co', 'Sa Park', 'Hr Singh']) {
    assert.deepEqual(names({ name: 'Ann Lee', email: `${item} <o@y.example>, me@x.example` }), ['Ann Lee', item], item);
  }
  for (const item of ['Acme Inc', 'Müller GmbH', 'Sales Team', 'Google Workspace', 'Uni Wien']) {
    assert.equal(merge([{ name: 'Ann Lee', email: `${item} <o@y.example>, me@x.example` }]).length, 1, item);
  }
  // A title before the entry's name: her given name is still Ann (a maiden name stays hers).
  assert.equal(merge([{ name: 'Mrs Ann Lee', email: 'Ann Roe <o@y.example>, me@x.example' }]).length, 1);
  // A '(' never closed glues nothing: every address after it is read.
  for (const [email, keys] of [
    ['a@x.example :(, b@y.example, c@z.example', ['b@y.example', 'c@z.example']],
    ['a@x.example (work, b@y.example (home), c@z.example', ['b@y.example', 'c@z.example']],
  ] as const) {
    const got = merge([{ email }]).flatMap((c) => c.emails.map((m) => m.key));
    for (const k of keys) assert.ok(got.includes(k), `${email}: ${k} in ${got}`);
  }
  assert.deepEqual(names({ email: '"Doe, Jane (HR" <jane@x.example>, "Roe, Rick" <rick@y.example>' }).length, 2);
  // A list in small letters keeps its names whole.
  assert.deepEqual(names({ email: 'bo chen <b@y.example>; or cohen <or@x.example>' }), ['bo chen', 'or cohen']);
  // An address that cannot be told from the words around it is kept, unusable, never dropped silently.
  const e = normalizeEntry({ email: 'Ann Lee ann@x.example Bo Chen <b@y.example>' }, ctx);
  assert.ok(e.emails.some((m) => m.junk === 'invalid' && m.display.includes('ann@x.example')));
});

/** The rows holding an address's key. */
const holding = (cs: Contact[], key: string) => cs.filter((c) => !c.junk && c.emails.some((m) => m.key === key)).map((c) => c.name);

test('must split: a bare address in a pasted list of named people is no one of them; another card holding it under its own name keeps it (a probe: Fay was lost)', () => {
  const fay: EntryInput = { name: 'Fay Wong', emails: ['fay@c.org'], times_contacted: 2 };
  const list: EntryInput = { emails: ['Dee Moss <dee@a.org>, Eli Roth <eli@b.org>, fay@c.org'], times_contacted: 1 };
  const withPhone: EntryInput = { ...fay, phone: '+1 415 555 0123' };
  for (const book of [
    [fay, list],
    [list, fay],
    [list, withPhone],
    [withPhone, list],
  ]) {
    const cs = merge(book);
    const label = JSON.stringify(book);
    assert.deepEqual(holding(cs, 'fay@c.org'), ['Fay Wong'], label);
    assert.deepEqual(
      cs.find((c) => c.name === 'Dee Moss')!.emails.map((m) => m.key),
      ['dee@a.org'],
      label,
    );
    assert.equal(cs.find((c) => c.name === 'Fay Wong')!.timesContacted, 2, label);
    // Fay's card merged with the list's bare item: the list counts with her, Dee and Eli came from it.
    const s = summary(book).summary;
    assert.deepEqual([s.entries_read, s.contacts, s.merged, s.left_out, s.people_from_lists], [2, 3, 1, 0, 2], label);
  }
  // Alone, the bare address is a recipient of its own, with the entry's count.
  const alone = merge([list]);
  assert.deepEqual(rows(alone), [
    ['Dee Moss', ['dee@a.org'], []],
    ['Eli Roth', ['eli@b.org'], []],
    [null, ['fay@c.org'], []],
  ]);
  assert.ok(alone.every((c) => c.timesContacted === 1));
  // In an emails array (the entry's name taken from its first item), the same.
  assert.deepEqual(rows(merge([{ emails: ['Dee Moss <dee@a.org>', 'Eli Roth <eli@b.org>', 'fay@c.org'] }])).at(-1), [null, ['fay@c.org'], []]);
});

test('must keep: a bare address of a list stays with the person its local part spells, or whose card holds it, or the entry named by the owner', () => {
  // The local part spells Dee Moss's name (or Eli's, with an initial).
  let cs = merge([{ email: 'Dee Moss <dee@a.org>, Eli Roth <eli@b.org>, dee.moss2@c.org' }]);
  assert.deepEqual(holding(cs, 'dee.moss2@c.org'), ['Dee Moss']);
  cs = merge([{ email: 'Dee Moss <dee@a.org>, Eli Roth <eli@b.org>, e.roth@c.org' }]);
  assert.deepEqual(holding(cs, 'e.roth@c.org'), ['Eli Roth']);
  // Another card holds it under a name that may be the taker's: still the taker's.
  cs = merge([
    { name: 'Dee Moss', email: 'Dee Moss <dee@a.org>, Eli Roth <eli@b.org>, dm@c.org' },
    { name: 'Dee', email: 'dm@c.org', times_contacted: 2 },
  ]);
  assert.deepEqual(holding(cs, 'dm@c.org'), ['Dee Moss']);
  // The entry's own name fits an item: the card is that person's, and the bare address hers.
  cs = merge([{ name: 'Dee Moss', email: 'Dee Moss <dee@a.org>, Eli Roth <eli@b.org>, dm@c.org' }]);
  assert.deepEqual(holding(cs, 'dm@c.org'), ['Dee Moss']);
  // `Ann Lee` over one other person's item and her own bare address: hers, also beside her own card.
  for (const book of [
    [{ name: 'Ann Lee', email: 'Rick Roe <rick@y.com>, ann@x.com' }],
    [
      { name: 'Ann Lee', email: 'Rick Roe <rick@y.com>, ann@x.com' },
      { name: 'Ann L.', email: 'ann@x.com' },
    ],
  ]) {
    cs = merge(book);
    assert.deepEqual(holding(cs, 'ann@x.com'), ['Ann Lee'], JSON.stringify(book));
    assert.deepEqual(holding(cs, 'rick@y.com'), ['Rick Roe'], JSON.stringify(book));
  }
  // A junk bare item (no-reply) stays with the entry's person, as before: no row of its own to leave out.
  const s = summary([{ email: 'Dee Moss <dee@a.org>, Eli Roth <eli@b.org>, no-reply@shop.example' }]).summary;
  assert.equal(s.list_people_left_out, undefined);
});

test('must split: one-word item names under a named card name people when the book holds their cards (a probe: Tina Moss was absorbed into `Kids`)', () => {
  const tina: EntryInput = { name: 'Tina Moss', emails: ['tina@y.org'], times_contacted: 3 };
  for (const kids of [
    { name: 'Kids', emails: ['Tim <tim@x.org>, Tina <tina@y.org>'] },
    { name: 'Book Club', email: 'Tim <tim@x.org>; Tina <tina@y.org>' },
  ] as EntryInput[]) {
    for (const book of [
      [kids, tina],
      [tina, kids],
    ]) {
      const cs = merge(book);
      const label = JSON.stringify(book);
      assert.deepEqual(holding(cs, 'tina@y.org'), ['Tina Moss'], label);
      // Only the item shown to be another card's person leaves the card; the rest stays the card's, under
      // its name (a review: splitting every one-word item lost `Ann Lee` over her labelled addresses).
      assert.deepEqual(holding(cs, 'tim@x.org'), [kids.name], label);
      assert.equal(cs.find((c) => c.name === 'Tina Moss')!.timesContacted, 3, label);
      const s = summary(book).summary;
      assert.equal(s.entries_read + (s.people_from_lists ?? 0), s.contacts + s.merged + s.left_out, label);
      assert.equal(s.contacts, 2, label);
    }
  }
});

test("must keep: labels of a card's addresses another card holds under a label, a firm's or an institution's name, or another person's (a couple's shared mailbox), stay the card's (a review)", () => {
  const cs = merge([
    { name: 'Ann Lee', email: 'Gmail <lees@gmail.com>, iCloud <ann@icloud.com>', times_contacted: 6 },
    { name: 'Bo Lee', email: 'Gmail <lees@gmail.com>, Outlook <bo@outlook.com>', times_contacted: 4 },
  ]);
  const names = cs.filter((c) => !c.junk).map((c) => c.name);
  assert.ok(names.includes('Ann Lee') || names.some((n) => n?.includes('Ann Lee')), JSON.stringify(names));
  assert.ok(!names.includes('Gmail') && !names.includes('iCloud') && !names.includes('Outlook'), JSON.stringify(names));
  for (const other of [{ name: 'Acme' }, { name: 'Acme Corp', email: 'ann@acme.com' }, { email: 'Acme <ann@acme.com>' }] as EntryInput[]) {
    const rows = merge([{ name: 'Ann Lee', email: 'Acme <ann@acme.com>, Gmail <ann@gmail.com>' }, other]);
    const ann = rows.find((c) => c.name === 'Ann Lee');
    assert.ok(ann !== undefined && ann.emails.some((e) => e.key === 'ann@gmail.com'), JSON.stringify(rows.map((c) => [c.name, c.emails.map((e) => e.key)])));
  }
  const uni = merge([
    { name: 'Ann Lee', email: 'Uni <ann@uni.edu>, iCloud <ann@icloud.com>' },
    { name: 'Uni Wien', email: 'ann@uni.edu' },
  ]);
  assert.ok(
    uni.some((c) => c.name === 'Ann Lee' && c.emails.length === 2),
    JSON.stringify(uni.map((c) => [c.name, c.emails.map((e) => e.key)])),
  );
});

test("must keep: one-word labels of a named card's addresses stay hers, also beside her own cards and other people's", () => {
  for (const email of [
    'Gmail <ann@gmail.com>, Yahoo <ann@yahoo.com>',
    'School <ann@school.edu>, Old <ann@old.example>',
    'Acme <ann@acme.example>, Globex <ann@globex.example>',
  ]) {
    const first = email.match(/<([^>]+)>/)![1];
    for (const other of [
      { name: 'Ann Lee', email: first, times_contacted: 2 },
      { name: 'Ann', email: first },
      { name: 'Rick Roe', email: 'rick@y.example' },
    ] as EntryInput[]) {
      const cs = merge([{ name: 'Ann Lee', email }, other]);
      const ann = cs.filter((c) => !c.junk && c.name?.startsWith('Ann'));
      assert.equal(ann.length, 1, `${email} beside ${JSON.stringify(other)}`);
      assert.equal(ann[0].emails.length, 2, `${email} beside ${JSON.stringify(other)}`);
    }
  }
});

test("a nameless card whose items are named by where the address is (a mail provider, a school) is one person's, never rows named so (eval:clean)", () => {
  for (const email of ['iCloud <ann.novak2@hey.com>, Outlook <ann.novak3@gmail.com>', 'School <ann.novak2@hey.com>, Yahoo <ann.novak3@gmail.com>']) {
    const alone = merge([{ email }]).filter((c) => !c.junk);
    assert.equal(alone.length, 1, email);
    assert.equal(alone[0].name, null, email);
    const beside = merge([{ email }, { name: 'Ann Novak', email: 'ann.novak3@gmail.com', phones: ['(503) 265-4733'] }]).filter((c) => !c.junk);
    assert.deepEqual(
      beside.map((c) => [c.name, c.emails.length]),
      [['Ann Novak', 2]],
      email,
    );
  }
  // People's names stay people: `Tim <..>, Tina <..>` beside Tina Moss's card is two people.
  const kids = merge([{ email: 'Tim <tim@x.org>, Tina <tina@y.org>' }, { name: 'Tina Moss', email: 'tina@y.org' }]).filter((c) => !c.junk);
  assert.equal(kids.length, 2);
});

test('a list whose items name one person takes the fullest of the names (a probe: null)', () => {
  const nameOf = (e: EntryInput) =>
    merge([e])
      .filter((c) => !c.junk)
      .map((c) => c.name);
  assert.deepEqual(nameOf({ emails: ['Fay <fay@c.org>, Fay Wong <fay.wong@d.org>'] }), ['Fay Wong']);
  assert.deepEqual(nameOf({ email: 'Fay <fay@c.org>, Fay Wong <fay.wong@d.org>' }), ['Fay Wong']);
  assert.deepEqual(nameOf({ emails: ['Fay <fay@c.org>', 'Fay Wong <fay.wong@d.org>'] }), ['Fay Wong']);
  assert.deepEqual(nameOf({ emails: ['Gus <g1@x.org>, Gus <g2@y.org>'] }), ['Gus']);
  assert.deepEqual(nameOf({ emails: ['Fay <fay@c.org>, Fay Wong <fay.wong@d.org>', 'x@y.org'] }), ['Fay Wong']);
  // As written, the first of two spellings as full (must keep); labels still name no one, and a name
  // written by the owner is the owner's.
  assert.deepEqual(nameOf({ emails: ['Lee, Ann <a@x.example>, Ann Lee <b@y.example>'] }), ['Lee, Ann']);
  assert.deepEqual(nameOf({ emails: ['Work <a@x.example>, Home <b@y.example>'] }), [null]);
  assert.deepEqual(nameOf({ name: 'Fay', emails: ['Fay <fay@c.org>, Fay Wong <fay.wong@d.org>'] }), ['Fay']);
});

test("a bare item whose mailbox is one word of one listed person's name is that person's; of two persons' names, nobody's", () => {
  const rows = (email: string) => merge([{ email, times_contacted: 9 }]).map((c) => [c.name, c.emails.map((e) => e.key)] as const);
  assert.deepEqual(rows('Dee Moss <dee@a.org>, Eli Roth <eli@b.org>, dee@gmail.com'), [
    ['Dee Moss', ['dee@a.org', 'dee@gmail.com']],
    ['Eli Roth', ['eli@b.org']],
  ]);
  assert.deepEqual(rows('Dee Moss <dee@a.org>, Eli Roth <eli@b.org>, moss2@gmail.com')[0], ['Dee Moss', ['dee@a.org', 'moss2@gmail.com']]);
  // `dee` names two of them, `fay` none: recipients of their own.
  assert.deepEqual(rows('Dee Moss <dee@a.org>, Dee Roth <eli@b.org>, dee@gmail.com').at(-1), [null, ['dee@gmail.com']]);
  assert.deepEqual(rows('Dee Moss <dee@a.org>, Eli Roth <eli@b.org>, fay@c.org').at(-1), [null, ['fay@c.org']]);
});
