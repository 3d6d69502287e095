/** meta.warnings (services/upload-warnings.ts): unknown fields named with a did-you-mean, aggregated, bounded. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { closest, unknownFieldWarnings } from '../../src/services/upload-warnings.ts';

test('did-you-mean: typos, case and separators; nothing for unrelated names', () => {
  const known = ['email', 'emails', 'phone', 'phones', 'name', 'times_contacted', 'is_favorite', 'last_message_sent_date'];
  assert.equal(closest('emial', known), 'email');
  assert.equal(closest('Email', known), 'email');
  assert.equal(closest('e-mails', known), 'emails');
  assert.equal(closest('phnoe', known), 'phone');
  assert.equal(closest('timesContacted', known), 'times_contacted');
  // Neither side named: the sent date, which the ranking reads as the owner's (a probe found no suggestion).
  assert.equal(closest('last_message_date', known), 'last_message_sent_date');
  assert.equal(closest('lastMessageDate', known), 'last_message_sent_date');
  assert.equal(closest('isFavorite', known), 'is_favorite');
  assert.equal(closest('last_message_sent', known), 'last_message_sent_date'); // a synonym, not a typo
  assert.equal(closest('crm_id', known), null);
  assert.equal(closest('x', known), null);
  // Google Contacts' CSV columns, sent as an entry's fields: the field and its item.
  assert.equal(closest('E-mail 1 - Value', known), 'email');
  assert.equal(closest('Phone 2 - Value', known), 'phone');
  assert.equal(closest('E-mail 1 - Type', known), null);
  // A messenger's number is a phone; a source's country is its region (a probe: no did-you-mean for either).
  assert.equal(closest('whatsapp', known), 'phone');
  assert.equal(closest('WhatsApp Number', known), 'phone');
  assert.equal(closest('countryCode', ['type', 'name', 'email', 'phone', 'region']), 'region');
  assert.equal(closest('countryCode', known), null);
});

test('did-you-mean: what exporters and other APIs call the fields that hold a person (an address, a number, a star)', () => {
  const known = [
    'email',
    'emails',
    'phone',
    'phones',
    'name',
    'times_contacted',
    'is_favorite',
    'company',
    'title',
    'photos',
    'last_message_sent_date',
    'last_message_received_date',
  ];
  for (const [field, want] of [
    ['emailAddresses', 'emails'],
    ['times_emailed', 'times_contacted'],
    ['lastContacted', 'last_message_sent_date'],
    ['last_received', 'last_message_received_date'],
    ['email_address', 'email'],
    ['emailAddress', 'email'],
    ['phone_number', 'phone'],
    ['phoneNumbers', 'phones'],
    ['mobile', 'phone'],
    ['tel', 'phone'],
    ['fullName', 'name'],
    ['first_name', 'name'],
    ['given_name', 'name'],
    ['starred', 'is_favorite'],
    ['organization', 'company'],
  ]) {
    assert.equal(closest(field!, known), want, field);
  }
  // Only a field the place knows: no phone at the top level of an upload.
  assert.equal(closest('mobile', ['user_id', 'source', 'entries']), null);
});

test('known fields give no warning', () => {
  const body = {
    user_id: 1,
    source: { type: 'gmail', email: 'a@b.com' },
    entries: [{ name: 'A', email: 'a@b.com', times_contacted: 1 }],
    limit: 5,
    include_left_out: 1,
  };
  assert.deepEqual(unknownFieldWarnings(body), []);
});

test('bounded: any number of entries and unknown names gives at most 20 names per place plus one rest', () => {
  fc.assert(
    fc.property(fc.array(fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), fc.constant(1), { maxKeys: 6 }), { maxLength: 200 }), (entries) => {
      const w = unknownFieldWarnings({ user_id: 1, source: {}, entries });
      assert.ok(w.length <= 21, String(w.length));
      let total = 0;
      for (const e of entries)
        for (const k in e)
          if (
            ![
              'name',
              'email',
              'emails',
              'phone',
              'phones',
              'photos',
              'data',
              'nickname',
              'title',
              'company',
              'is_favorite',
              'pinned',
              'times_contacted',
              'last_message_sent_date',
              'last_message_received_date',
              'addresses',
              'websites',
              'ims',
            ].includes(k)
          )
            total++;
      assert.equal(
        w.reduce((a, x) => a + x.count, 0),
        total,
      ); // every unknown field counted once
      for (const x of w) assert.ok((x.indexes?.length ?? 0) <= 5);
    }),
    { numRuns: 200 },
  );
});

test("an unknown field of an address, website or IM item is named with its list, once per entry, with a did-you-mean among the item's fields", () => {
  const w = unknownFieldWarnings({
    user_id: 1,
    source: {},
    entries: [
      {
        name: 'A',
        email: 'a@b.com',
        addresses: [
          { city: 'Oslo', zip: '0150' },
          { city: 'Bergen', zip: '5003' },
        ],
      },
      {
        name: 'B',
        email: 'b@b.com',
        addresses: [{ city: 'Rome', postalcode: '00100', country: 'IT' }],
        websites: [{ url: 'https://b.example', type: 'blog', lable: 'x' }],
      },
      { name: 'C', email: 'c@b.com', ims: [{ name: 'c@jabber.example', protocol: 'xmpp' }], addresses: [{ street: 'Main St 1' }] },
    ],
  });
  assert.deepEqual(w, [
    { field: 'entries[].addresses[].zip', message: 'unknown field, ignored (kept with the raw upload)', count: 1, indexes: [0] },
    {
      field: 'entries[].addresses[].postalcode',
      message: 'unknown field, ignored (kept with the raw upload); did you mean "postal_code"?',
      count: 1,
      indexes: [1],
      did_you_mean: 'postal_code',
    },
    { field: 'entries[].websites[].lable', message: 'unknown field, ignored (kept with the raw upload)', count: 1, indexes: [1] },
  ]);
});
