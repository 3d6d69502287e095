/**
 * Exchange forms a black-box probe found misread (probe 12): an Exchange Online `IMCEAEX-` address,
 * whose DN carries the mailbox's 32-hex GUID, left out as `relay`; an X.500 DN or an address in words
 * beside a named SMTP recipient in one string dropped (and the row misnamed); a quoted comma inside a
 * list split; an encapsulated DN shown as the contact's `email` before the person's plain address.
 * Must-keep cases beside every must-drop one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classifyAddress, classifyAddressSlow } from '../../src/domain/junk.ts';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { Contact, EntryInput } from '../../src/domain/types.ts';

const ctx = { region: 'US' as const, sourceKey: 'gmail:-' };
const norm = (entries: EntryInput[]) => entries.map((e) => normalizeEntry(e, ctx));
const merge = (entries: EntryInput[]) => mergeEntries(norm(entries), undefined, { keys: ['e:olga.owner@corp.com'], names: ['Olga Owner'] });
const rows = (cs: Contact[]) => cs.filter((c) => !c.junk);
const shown = (cs: Contact[]) =>
  rows(cs)
    .map((c) => [c.name, c.emails.map((m) => m.display), c.unusable?.emails ?? []])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));

const GUID_DN = '/o=ExchangeLabs/ou=Exchange Administrative Group (FYDIBOHF23SPDLT)/cn=Recipients/cn=4f1e2d3c4b5a69788796a5b4c3d2e1f0-kpark';
const GUID_IMCEA =
  'IMCEAEX-_o=ExchangeLabs_ou=Exchange+20Administrative+20Group+20+28FYDIBOHF23SPDLT+29_cn=Recipients_cn=4f1e2d3c4b5a69788796a5b4c3d2e1f0-kpark@corp.com';
const BOB_IMCEA = 'IMCEAEX-_O=CORP_OU=EXCHANGE+20ADMINISTRATIVE+20GROUP+20+28FYDIBOHF23SPDLT+29_CN=RECIPIENTS_CN=BWILLIAMS@corp.com';

test("an Exchange Online IMCEAEX address carrying its DN's GUID is the person's mailbox, not a relay; a card of the bare DN joins it", () => {
  const local = GUID_IMCEA.slice(0, GUID_IMCEA.lastIndexOf('@')).toLowerCase();
  assert.equal(classifyAddress(local, 'corp.com'), null);
  assert.equal(classifyAddressSlow(local, 'corp.com'), null);
  for (const extra of [{}, { times_contacted: 5, is_favorite: 1 }]) {
    const cs = merge([{ name: 'Kim Park', email: GUID_IMCEA, ...extra }]);
    assert.equal(rows(cs).length, 1, JSON.stringify(extra));
    assert.equal(rows(cs)[0]!.emails[0]!.display, GUID_IMCEA);
  }
  const both = merge([
    { name: 'Kim Park', email: GUID_IMCEA, times_contacted: 5, is_favorite: 1 },
    { name: 'Park, Kim', email: GUID_DN.toUpperCase(), times_contacted: 2 },
  ]);
  assert.equal(rows(both).length, 1);
  assert.equal(rows(both)[0]!.name, 'Kim Park');
  // Must drop: the same hex run as a plain local part is a per-message token (relay), written to or not,
  // and so is one in an encapsulated address that is no DN's common name.
  for (const extra of [{}, { times_contacted: 5, is_favorite: 1 }]) {
    const cs = merge([{ email: '4f1e2d3c4b5a69788796a5b4c3d2e1f0-kpark@corp.com', ...extra }]);
    assert.equal(cs[0]!.junkReason, 'relay');
  }
  assert.equal(classifyAddress('imceaex-_o=corp_x=4f1e2d3c4b5a69788796a5b4c3d2e1f0-kpark', 'corp.com'), 'relay');
  assert.equal(classifyAddress('cn=4f1e2d3c4b5a69788796a5b4c3d2e1f0-kpark', 'corp.com'), 'relay');
});

test("beside the person's plain address, an encapsulated DN comes after it: the plain one is the contact's email", () => {
  for (const order of [
    [BOB_IMCEA, 'bob.williams@corp.com'],
    ['bob.williams@corp.com', BOB_IMCEA],
  ]) {
    const cs = merge([{ name: 'Bob Williams', emails: order, times_contacted: 2 }]);
    assert.deepEqual(shown(cs), [['Bob Williams', ['bob.williams@corp.com', BOB_IMCEA], []]], order.join(' '));
  }
  // Two cards, the encapsulated one first.
  const two = merge([
    { name: 'Bob Williams', email: BOB_IMCEA, times_contacted: 2 },
    { name: 'Bob Williams', emails: [BOB_IMCEA, 'bob.williams@corp.com'], times_contacted: 1 },
  ]);
  assert.deepEqual(shown(two), [['Bob Williams', ['bob.williams@corp.com', BOB_IMCEA], []]]);
  // Must keep: alone, the encapsulated DN is the contact's address; an SMTP-carrying one stays after its plain address.
  assert.deepEqual(shown(merge([{ name: 'Bob Williams', email: BOB_IMCEA, times_contacted: 1 }])), [['Bob Williams', [BOB_IMCEA], []]]);
  const notes = 'IMCEANOTES-+22Lee+2C+20Ann+22+20+3Cann+2Elee+40corp+2Ecom+3E+40CORP@corp.com';
  const cards = merge([
    { name: 'Ann Lee', email: notes, times_contacted: 1 },
    { name: 'Ann Lee', email: 'ann.lee@corp.com', times_contacted: 1 },
  ]);
  assert.deepEqual(shown(cards), [['Ann Lee', ['ann.lee@corp.com', notes], []]]);
});

test('a list in one string mixing an X.500 DN (or an address in words) with a named SMTP recipient is its people, as when sent as items', () => {
  const dn = '/O=CORP/OU=NA/CN=RECIPIENTS/CN=AADAMS';
  for (const other of [dn, 'amy adams at corp']) {
    for (const sep of ['; ', ', ']) {
      const one = merge([{ name: 'Amy Adams', email: `${other}${sep}Bob Stone <bob.stone@corp.com>`, times_contacted: 1 }]);
      const items = merge([{ name: 'Amy Adams', emails: [other, 'Bob Stone <bob.stone@corp.com>'], times_contacted: 1 }]);
      const want = [
        ['Amy Adams', [], [other]],
        ['Bob Stone', ['bob.stone@corp.com'], []],
      ];
      assert.deepEqual(shown(one), want, `${other}${sep}`);
      assert.deepEqual(shown(items), want, `${other} as items`);
    }
  }
  // Without an entry name: Bob's row is named Bob Stone (it was `/O=CORP/…/CN=AADAMS; Bob Stone`), as sent as items.
  const nameless = merge([{ email: `${dn}; Bob Stone <bob.stone@corp.com>`, times_contacted: 1 }]);
  assert.deepEqual(shown(nameless), shown(merge([{ emails: [dn, 'Bob Stone <bob.stone@corp.com>'], times_contacted: 1 }])));
  assert.deepEqual(shown(nameless), [['Bob Stone', ['bob.stone@corp.com'], []]]);
  // Beside a bare address, the DN is kept on the entry (unusable, never shown beside a usable address), not dropped.
  const bare = norm([{ name: 'Amy Adams', email: `${dn}; bob.stone@corp.com`, times_contacted: 1 }])[0]!;
  assert.deepEqual(
    bare.emails.map((m) => [m.display, m.junk]),
    [
      [dn, 'invalid'],
      ['bob.stone@corp.com', null],
    ],
  );
  // Must not: a name cut by a separator (`Doe, Jane`) is no recipient; a name holding `at` in capitals is a name.
  assert.deepEqual(shown(merge([{ email: 'Doe, Jane <jane@x.example>, Roe, Rick <rick@x.example>', times_contacted: 1 }])), [
    ['Doe, Jane', ['jane@x.example'], []],
    ['Roe, Rick', ['rick@x.example'], []],
  ]);
  const signed = norm([{ email: 'Ann Lee at Acme, Inc. <ann@acme.example>', times_contacted: 1 }])[0]!;
  assert.deepEqual(
    signed.emails.map((m) => m.display),
    ['ann@acme.example'],
  );
});

test('a list is split outside quotes: `"Smith, John" </O=…>; "Doe, Jane" <…>` is John Smith and Jane Doe', () => {
  const cs = merge([{ email: '"Smith, John" </O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH>; "Doe, Jane" <jane.doe@corp.com>', times_contacted: 1 }]);
  assert.deepEqual(shown(cs), [
    ['Doe, Jane', ['jane.doe@corp.com'], []],
    ['Smith, John', [], ['"Smith, John" </O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH>']],
  ]);
  // With John's own card on the DN: one row for him.
  const withCard = merge([
    { email: '"Smith, John" </O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH>; "Doe, Jane" <jane.doe@corp.com>', times_contacted: 3 },
    { name: 'John Smith', email: '/O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH', times_contacted: 2 },
  ]);
  assert.equal(rows(withCard).length, 2, JSON.stringify(shown(withCard)));
  // Must keep: a stray quote never closed (a CSV cell cut short) glues nothing.
  assert.deepEqual(
    norm([{ email: '"ann@x.com, bob@y.com', times_contacted: 1 }])[0]!.emails.map((m) => m.key),
    ['ann@x.com', 'bob@y.com'],
  );
});

test('a list in one string with a stray quote is every one of its people (a review: only its last address was read, as one named address)', () => {
  for (const [email, want] of [
    [
      'Dwayne "The Rock Johnson <d@x.com>, Ann Lee <ann@y.com>, "Bob Stone" <b@z.com>',
      [
        ['Dwayne "The Rock Johnson', ['d@x.com']],
        ['Ann Lee', ['ann@y.com']],
        ['Bob Stone', ['b@z.com']],
      ],
    ],
    [
      `Ann Lee 5'7" <ann@y.com>, Bob Stone <b@z.com>, Cy "C" Twombly <c@w.com>`,
      [
        [`Ann Lee 5'7"`, ['ann@y.com']],
        ['Bob Stone', ['b@z.com']],
        ['Cy "C" Twombly', ['c@w.com']],
      ],
    ],
    // Must keep: balanced quotes, and one named address, read as before.
    [
      'Dwayne "The Rock" Johnson <d@x.com>, Ann Lee <ann@y.com>',
      [
        ['Dwayne "The Rock" Johnson', ['d@x.com']],
        ['Ann Lee', ['ann@y.com']],
      ],
    ],
    ['Dwayne "The Rock" Johnson <d@x.com>', [['Dwayne "The Rock" Johnson', ['d@x.com']]]],
  ] as const) {
    const got = rows(merge([{ email, times_contacted: 1 }]))
      .map((c) => [c.name, c.emails.map((e) => e.display)])
      .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    assert.deepEqual(
      got,
      [...want].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
      email,
    );
  }
});
