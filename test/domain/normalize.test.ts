import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  NFC_STABLE_RANGES,
  indexKeysOf,
  keyStatsOf,
  keysFor,
  countOf,
  isCheckedText,
  normalizeEntry,
  ownerKeysOf,
  ownerOf,
  sourceKey,
} from '../../src/domain/normalize.ts';
import type { CountryCode } from '../../src/domain/phone.ts';
import { foldName } from '../../src/domain/merge/names.ts';
import { mojibakeRead, tidyName } from '../../src/domain/display-name.ts';
import type { EntryInput, KeyStat, NormalizedEntry } from '../../src/domain/types.ts';
import { mergeEntries } from '../../src/domain/merge.ts';

const ctx = { region: 'US' as const, sourceKey: 'gmail:e:owner@gmail.com' };

test('combines email/emails and phone/phones, removes duplicates by key', () => {
  const e = normalizeEntry(
    { emails: ['John.Smith@gmail.com', 'not an address', 'ann@x.com'], email: 'johnsmith@GMAIL.com', phones: ['(212) 555-1234'], phone: '+1 212 555 1234' },
    ctx,
  );
  // The string that is no address is kept, marked junk 'invalid' (never linked, indexed or shown as an address).
  assert.deepEqual(
    e.emails.map((m) => m.key),
    ['johnsmith@gmail.com', '!not an address', 'ann@x.com'],
  );
  assert.deepEqual(
    e.emails.map((m) => m.junk),
    [null, 'invalid', null],
  );
  assert.equal(e.emails[0].display, 'John.Smith@gmail.com'); // first spelling kept for display
  assert.deepEqual(e.phones, [{ display: '+12125551234', key: 'p:+12125551234' }]);
});

test('must keep: pasted lists, wrapped addresses and their names', () => {
  const e = normalizeEntry({ emails: ['ann@x.com; bob@y.org', 'Ann Lee <ann@z.com>'] }, ctx);
  assert.deepEqual(
    e.emails.map((m) => m.key),
    ['ann@x.com', 'bob@y.org', 'ann@z.com'],
  );
  assert.equal(e.name, 'Ann Lee'); // the wrapper's name, since the entry has none
  assert.equal(normalizeEntry({ name: 'A. Lee', email: 'Ann Lee <ann@z.com>' }, ctx).name, 'A. Lee'); // the entry's own wins
  assert.deepEqual(normalizeEntry({ email: '   ' }, ctx).emails, []); // blank is nothing
});

test('must keep: a name before the address without angle brackets; must not: lower-case words, a label as a name', () => {
  const e = normalizeEntry({ email: 'John Smith john5@x.example', times_contacted: 1 }, ctx);
  assert.deepEqual(
    e.emails.map((m) => [m.display, m.junk]),
    [['john5@x.example', null]],
  );
  assert.equal(e.name, 'John Smith');
  assert.equal(normalizeEntry({ name: 'J.', email: 'John Smith john5@x.example' }, ctx).name, 'J.'); // the entry's own wins
  // A label before the address: the address, and no name from it.
  const labelled = normalizeEntry({ email: 'Work Email ann@x.example' }, ctx);
  assert.deepEqual(
    labelled.emails.map((m) => m.key),
    ['ann@x.example'],
  );
  assert.equal(labelled.name, null);
  // Lower-case words may be a quoted local part that lost its quotes: no address is guessed.
  assert.equal(normalizeEntry({ email: 'ann smith@x.example', times_contacted: 1 }, ctx).emails[0]!.junk, 'invalid');
});

test('must keep: an address or a full number saved as the name of a card with no other channel reaches the person', () => {
  const a = normalizeEntry({ name: 'ann7@x.example' }, ctx);
  assert.equal(a.name, null);
  assert.deepEqual(
    a.emails.map((m) => m.key),
    ['ann7@x.example'],
  );
  const b = normalizeEntry({ name: 'Ann Lee <ann8@x.example>', email: 'n/a' }, ctx);
  assert.equal(b.name, 'Ann Lee');
  assert.equal(b.emails[0]?.key, 'ann8@x.example');
  const c = normalizeEntry({ name: '+1 415 555 0141' }, ctx);
  assert.equal(c.name, null);
  assert.deepEqual(c.phones, [{ display: '+14155550141', key: 'p:+14155550141' }]);
  const v = normalizeEntry({ name: '1-800-FLOWERS' }, ctx);
  assert.equal(v.name, '1-800-FLOWERS');
  assert.equal(v.phones[0]?.key, 'p:+18003569377');
  // Beside a usable channel the name stays as written; as a name it names nobody (it folds to no words,
  // so it vetoes no merge).
  assert.equal(normalizeEntry({ name: 'ann9@x.example', email: 'Ann9@X.example' }, ctx).name, 'ann9@x.example');
  assert.equal(normalizeEntry({ name: '+1 415 555 0142', phone: '(415) 555-0142' }, ctx).name, '+1 415 555 0142');
  for (const name of ['ann9@x.example', '<ann9@x.example>', '+1 415 555 0142', '(415) 555-0142', '0044 20 7946 0958', '555 0145'])
    assert.deepEqual(foldName(name), [], name);
  for (const name of ['Ann Lee', '3M Support', 'Mom@Work', 'Room 101', 'Agent 007']) assert.notDeepEqual(foldName(name), [], name);
  // Must not: a name beside another real channel, and what is no address or full number.
  const d = normalizeEntry({ name: 'ann10@x.example', email: 'bo@y.example' }, ctx);
  assert.equal(d.name, 'ann10@x.example');
  assert.deepEqual(
    d.emails.map((m) => m.key),
    ['bo@y.example'],
  );
  assert.equal(normalizeEntry({ name: '+1 415 555 0143', phone: '+1 415 555 0144' }, ctx).name, '+1 415 555 0143');
  for (const name of ['2024', '3M Support', '@johnny', 'Mom@Work', '555 0145']) {
    const e = normalizeEntry({ name }, ctx);
    assert.equal(e.name, name);
    assert.deepEqual(e.emails, []);
    assert.ok(
      e.phones.every((p) => p.key === null || !p.key.startsWith('p:')),
      name,
    );
  }
});

test('must keep: with no region known, a national number saved as the name is read as the phone field reads it (a date is not)', () => {
  const none = { region: null, sourceKey: 'ios:-' };
  const a = normalizeEntry({ name: '415-555-0174' }, none);
  assert.equal(a.name, null);
  assert.deepEqual(a.phones, [normalizeEntry({ phone: '415-555-0174' }, none).phones[0]]);
  assert.equal(a.phones[0]?.key, 'n:4155550174');
  const v = normalizeEntry({ name: '1-800-FLOWERS' }, none);
  assert.equal(v.name, '1-800-FLOWERS');
  assert.equal(v.phones[0]?.key, 'n:18003569377');
  for (const name of ['2024-01-05', '2024', '3M Support']) {
    const e = normalizeEntry({ name }, none);
    assert.equal(e.name, name);
    assert.ok(
      e.phones.every((p) => p.key === null),
      name,
    );
  }
});

test('must keep: a number in the e-mail field and an address in the phone field reach the person', () => {
  const a = normalizeEntry({ name: 'Phone in e-mail', email: '+1 415 555 0132' }, ctx);
  assert.deepEqual(a.emails, []);
  assert.deepEqual(a.phones, [{ display: '+14155550132', key: 'p:+14155550132' }]);
  // National, with the book's region known: the full number.
  assert.deepEqual(normalizeEntry({ emails: ['(415) 555-0133'] }, ctx).phones, [{ display: '+14155550133', key: 'p:+14155550133' }]);
  // The same number in both fields is one phone.
  assert.equal(normalizeEntry({ email: '+14155550132', phone: '(415) 555-0132' }, ctx).phones.length, 1);
  const b = normalizeEntry({ name: 'E-mail in phone', phones: ['eip5@x.example'], phone: '+1 415 555 0134' }, ctx);
  assert.deepEqual(
    b.emails.map((m) => m.key),
    ['eip5@x.example'],
  );
  assert.deepEqual(
    b.phones.map((p) => p.key),
    ['p:+14155550134'],
  );
  // Must not: digits that are no full number stay an unusable string (no one is made of a date or a
  // number without its country), and an e-mail field that holds an address is never read as a phone.
  for (const [v, region] of [
    ['2024-01-05', 'US'],
    ['415 555 0132', null],
    ['12345', 'US'],
  ] as const) {
    const c = normalizeEntry({ email: v }, { ...ctx, region });
    assert.deepEqual(
      c.emails.map((m) => m.junk),
      ['invalid'],
      v,
    );
    assert.deepEqual(c.phones, [], v);
  }
});

test('must keep: every address of a pasted list, whatever separates them, and no name when it is a list', () => {
  const emails = (v: string) => normalizeEntry({ email: v }, ctx).emails.map((m) => m.display);
  assert.deepEqual(emails('ann@x.com bob@y.org'), ['ann@x.com', 'bob@y.org']); // spaces only
  assert.deepEqual(emails('Ann Lee <ann@x.com>, Bob <bob@y.org>'), ['ann@x.com', 'bob@y.org']); // not only the last
  assert.deepEqual(emails('ann@x.com, Bob <bob@y.org>'), ['ann@x.com', 'bob@y.org']);
  assert.deepEqual(emails('"Lee, Ann" <ann@x.com>; "Li, Bob" <bob@y.org>'), ['ann@x.com', 'bob@y.org']);
  assert.equal(normalizeEntry({ email: 'Ann Lee <ann@x.com>, Bob <bob@y.org>' }, ctx).name, null); // whose name? neither
  // One address still: a quoted name with a comma, or the address itself as the name (Outlook).
  assert.deepEqual(emails('"Lee, Ann" <ann@x.com>'), ['ann@x.com']);
  assert.deepEqual(emails('"ann@x.com" <ann@x.com>'), ['ann@x.com']);
  // Must not: words that are not all addresses are no list ("john smith@x.com" is not smith@x.com).
  const e = normalizeEntry({ email: 'john smith@x.com', times_contacted: 1 }, ctx);
  assert.equal(e.emails.length, 1);
  assert.equal(e.emails[0]!.junk, 'invalid');
  // Nor a comma or semicolon glued inside one string: its tail is somebody else's mailbox.
  for (const v of ['john,smith@x.com', 'john;smith@x.com', 'leo,smith@example.com']) {
    const glued = normalizeEntry({ email: v, times_contacted: 2 }, ctx).emails;
    assert.deepEqual(
      glued.map((m) => m.junk),
      ['invalid'],
      v,
    );
  }
  // A list without spaces is still a list when its parts are addresses, and a space after a comma splits.
  assert.deepEqual(emails('ann@x.com,bob@y.org'), ['ann@x.com', 'bob@y.org']);
  assert.deepEqual(emails('ann@x.com;bob@y.org;'), ['ann@x.com', 'bob@y.org']);
  assert.deepEqual(emails('n/a, ann@x.com'), ['ann@x.com']);
  assert.deepEqual(emails('ann@x.com,n/a'), ['ann@x.com']);
  // The glued string stays whole beside the list's other addresses: kept as an unusable string (never
  // shown as an address, never linked), not dropped without a word.
  const kinds = (v: string) => normalizeEntry({ email: v }, ctx).emails.map((m) => [m.display, m.junk]);
  assert.deepEqual(kinds('a.b,c@x.com, d@y.org'), [
    ['a.b,c@x.com', 'invalid'],
    ['d@y.org', null],
  ]);
  assert.deepEqual(kinds('d@y.org, john,smith@x.com'), [
    ['d@y.org', null],
    ['john,smith@x.com', 'invalid'],
  ]);
});

test("must keep: lists with the separators of other tools and input methods, labels, Google's primary mark", () => {
  const emails = (v: string | string[]) => normalizeEntry(Array.isArray(v) ? { emails: v } : { email: v }, ctx).emails.map((m) => m.display);
  assert.deepEqual(emails(['h1@x.example ::: h2@y.example']), ['h1@x.example', 'h2@y.example']); // Google's multi-value cell
  assert.deepEqual(emails('* g3@x.example ::: g4@y.example'), ['g3@x.example', 'g4@y.example']); // "* " marks the primary one
  assert.deepEqual(emails('a9@x.example / b9@y.example'), ['a9@x.example', 'b9@y.example']);
  assert.deepEqual(emails('a10@x.example | b10@y.example'), ['a10@x.example', 'b10@y.example']);
  for (const sep of ['\u3001', '\uff0c', '\uff1b', '\u060c '])
    assert.deepEqual(emails(`g1@x.example${sep}g2@y.example`), ['g1@x.example', 'g2@y.example'], sep);
  assert.deepEqual(emails('E-mail: js17@x.example'), ['js17@x.example']);
  assert.deepEqual(emails('Work: g7@x.example, Home: g8@y.example'), ['g7@x.example', 'g8@y.example']);
  assert.deepEqual(emails('<mailto:g5@x.example|g5@x.example>'), ['g5@x.example']); // Slack's paste
  assert.deepEqual(emails('g22@x.example<g22@x.example>'), ['g22@x.example']);
  // Must not: a slash inside a local part is atext, and only separates where nothing else does.
  assert.deepEqual(emails('a/b@x.com, c@y.com'), ['a/b@x.com', 'c@y.com']);
  assert.deepEqual(emails('a/b@x.com'), ['a/b@x.com']);
  assert.deepEqual(emails('a/b@x.example / c@y.example'), ['a/b@x.example', 'c@y.example']);
  assert.deepEqual(emails('dept/sales@corp.example / ann@corp.example'), ['dept/sales@corp.example', 'ann@corp.example']);
  assert.deepEqual(emails('a|b@x.example | c@y.example'), ['a|b@x.example', 'c@y.example']);
  assert.deepEqual(emails('mailto:?cc=d1@x.example'), ['d1@x.example']);
});

test('must keep: every number of a list pasted into one phone field; a single number with a slash stays one', () => {
  const keys = (v: string, region: CountryCode | null = 'US') => normalizeEntry({ phone: v }, { region, sourceKey: 's' }).phones.map((p) => p.key);
  for (const v of [
    '+1 415 555 0123 / +1 415 555 0199',
    '415-555-0123, 415-555-0199',
    '415-555-0123; 415-555-0199',
    '+1 415 555 0123 ::: +1 415 555 0199',
    '+14155550123 +14155550199',
  ])
    assert.deepEqual(keys(v), ['p:+14155550123', 'p:+14155550199'], v);
  assert.deepEqual(keys('030/1234567', 'DE'), ['p:+49301234567']); // the German way of writing one number
  assert.deepEqual(keys('+1 415 555 0123, 9'), ['p:+14155550123;ext=9']); // a pause, then the extension
  // A full number and a shortened alternative: both numbers (the second is the first with its last digits replaced).
  assert.deepEqual(keys('+1 415 555 0123 / 12'), ['p:+14155550123', 'p:+14155550112']);
  assert.deepEqual(keys('+1 415 555 0172 / 0173'), ['p:+14155550172', 'p:+14155550173']);
  // Must not: digits that are no neighbouring line (a year, an area code, too many) invent no number.
  for (const v of ['+1 415 555 0190 / 415', '+1 415 555 0190 / 2024', '+1 415 555 0190 / 12345', '+1 415 555 0190 / 123']) {
    assert.deepEqual(keys(v), ['p:+14155550190'], v);
  }
  // Not every part a number, and no full number first: the field stays as written, one keyless number.
  assert.deepEqual(keys('0123 / 12 / 7'), [null]);
});

test('must keep: every number a human reads in one phone field, each with its key; never one from garbage', () => {
  const keys = (v: string, region: CountryCode | null = 'US') => normalizeEntry({ phone: v }, { region, sourceKey: 's' }).phones.map((p) => p.key);
  // Three or more shortened alternatives, each a neighbouring line of the first.
  assert.deepEqual(keys('+1 415 555 0180 / 0181 / 0182'), ['p:+14155550180', 'p:+14155550181', 'p:+14155550182']);
  assert.deepEqual(keys('+1 415 555 0180 / 0181 / 0182', null), ['p:+14155550180', 'p:+14155550181', 'p:+14155550182']);
  assert.deepEqual(keys('+1 415 555 0180 / 0181 / 2024'), ['p:+14155550180', 'p:+14155550181']); // a year is no number
  // An alternative after an extension: the direct line, and the number's neighbour.
  assert.deepEqual(keys('+1 415 555 0123 ext 9 / 0124'), ['p:+14155550123;ext=9', 'p:+14155550124']);
  assert.deepEqual(keys('+1 415 555 0172 x 5 / 6'), ['p:+14155550172;ext=5']); // "6": another extension? not read
  // A range after a spaced hyphen; a hyphen inside one number stays one number.
  assert.deepEqual(keys('+1 415 555 0180 - 0189'), ['p:+14155550180', 'p:+14155550189']);
  assert.deepEqual(keys('+44 20 7946 0018 - 19', null), ['p:+442079460018', 'p:+442079460019']);
  assert.deepEqual(keys('+49 30 1234-5678', null), ['p:+493012345678']);
  assert.deepEqual(keys('+49 30 1234 - 5678', 'DE'), ['p:+493012345678']);
  assert.deepEqual(keys('+49 30 1234 5670 - 0189', 'DE'), ['p:+4930123456700189']); // one German number with its Durchwahl
  // A national number after an international one, in that number's country.
  assert.deepEqual(keys('+44 20 7946 0018 / 020 7946 0019'), ['p:+442079460018', 'p:+442079460019']);
  assert.deepEqual(keys('+44 20 7946 0018 / 020 7946 0019', null), ['p:+442079460018', 'p:+442079460019']);
  // A dial string of pauses: one extension of its digits.
  assert.deepEqual(keys('+1 415 555 0123p1w2'), ['p:+14155550123;ext=12']);
  // Must keep as it is: one number with a slash, a year, an area code, a fragment alone.
  assert.deepEqual(keys('(0)30 / 123 456 7', 'DE'), ['p:+49301234567']);
  assert.deepEqual(keys('+1 415 555 0172 / 2024'), ['p:+14155550172']);
  assert.deepEqual(keys('/ 415'), [null]);
  // The same number twice in one field is one phone.
  assert.deepEqual(keys('+1 415 555 0180 / 0180 / 0181'), ['p:+14155550180', 'p:+14155550181']);
  assert.deepEqual(keys('+1 415 555 0180 / +1 415 555 0180'), ['p:+14155550180']);
});

test('keyless phones are de-duplicated on display', () => {
  const e = normalizeEntry({ phones: ['911', '911', '+1 212 555 1234 x5'] }, ctx);
  assert.equal(e.phones.length, 2);
});

test('is_favorite accepts 0/1, booleans, "0"/"1" and what spreadsheets write for a checked box', () => {
  const fav = (v: unknown) => normalizeEntry({ is_favorite: v as never }, ctx).favorite;
  assert.equal(fav(1), true);
  assert.equal(fav(0), false);
  assert.equal(fav(true), true);
  assert.equal(fav(false), false);
  assert.equal(fav('1'), true);
  assert.equal(fav('0'), false);
  for (const v of ['yes', 'Yes', 'y', 'on', 'x', '★', '*']) assert.equal(fav(v), true, v);
  for (const v of ['no', 'n', 'off', '', 'false']) assert.equal(fav(v), false, v);
  assert.equal(fav(null), false);
  assert.equal(fav(undefined), false);
});

test('pinned takes any integer; times_contacted absent is unknown, an explicit 0 is kept (cleanUpload reads it by its upload)', () => {
  assert.equal(normalizeEntry({ pinned: 7 }, ctx).pinned, 7);
  assert.equal(normalizeEntry({ pinned: null }, ctx).pinned, 0);
  assert.equal(normalizeEntry({ times_contacted: 0 }, ctx).timesContacted, 0);
  assert.equal(normalizeEntry({ times_contacted: null }, ctx).timesContacted, null);
  assert.equal(normalizeEntry({}, ctx).timesContacted, null);
  assert.equal(normalizeEntry({ times_contacted: 12 }, ctx).timesContacted, 12);
});

test('dates go through parseDate (ISO with/without offset, Unix seconds)', () => {
  const e = normalizeEntry({ last_message_sent_date: '2010-05-28T09:12:00+02:00', last_message_received_date: 1275000000 }, ctx);
  assert.equal(e.lastSent, Date.UTC(2010, 4, 28, 7, 12));
  assert.equal(e.lastReceived, 1275000000 * 1000);
  assert.equal(normalizeEntry({ last_message_sent_date: 'yesterday' }, ctx).lastSent, null);
});

test('data defaults to {} and is kept as given; text fields trimmed, blank -> null', () => {
  const data = { crm_id: 42, nested: { a: 1 } };
  const e = normalizeEntry({ name: '  José   García ', nickname: ' ', company: 'Acme', data }, ctx);
  assert.equal(e.data, data);
  assert.deepEqual(normalizeEntry({}, ctx).data, {});
  assert.equal(e.name, 'José García');
  assert.equal(e.nickname, null);
  assert.equal(e.company, 'Acme');
  assert.equal(e.sourceKey, ctx.sourceKey);
});

test('names are NFC so composed and decomposed accents compare equal', () => {
  const a = normalizeEntry({ name: 'Jos\u00e9' }, ctx).name;
  const b = normalizeEntry({ name: 'Jose\u0301' }, ctx).name;
  assert.equal(a, b);
});

test('counts of addresses, websites and ims; photos de-duplicated', () => {
  const e = normalizeEntry({ addresses: [{ city: 'Oslo' }, {}], websites: [{ url: 'https://x', type: 'home' }], ims: [], photos: ['a', 'a', ' b '] }, ctx);
  assert.deepEqual([e.addressCount, e.websiteCount, e.imCount], [2, 1, 0]);
  assert.deepEqual(e.photos, ['a', 'b']);
});

test('the region decides national numbers; null region keeps a national-only key', () => {
  assert.equal(normalizeEntry({ phone: '020 7946 0000' }, { region: 'GB', sourceKey: 's' }).phones[0].key, 'p:+442079460000');
  assert.equal(normalizeEntry({ phone: '020 7946 0000' }, { region: null, sourceKey: 's' }).phones[0].key, 'n:02079460000');
});

test('sourceKey: type plus the owner address, stable across spellings', () => {
  assert.equal(sourceKey({ type: 'gmail', email: ' J.Smith@Gmail.com ' }), sourceKey({ type: 'GMAIL', email: 'jsmith@gmail.com' }));
  assert.notEqual(sourceKey({ type: 'gmail', email: 'a@x.com' }), sourceKey({ type: 'ios', email: 'a@x.com' }));
  assert.equal(sourceKey({ type: 'ios', phone: '+1 212 555 1234' }), 'ios:p:+12125551234');
  assert.equal(sourceKey({}), 'unknown:-');
});

test('ownerKeysOf uses the owner phone country for its own number', () => {
  assert.deepEqual(ownerKeysOf({ email: 'Me@Example.com', phone: '+44 20 7946 0000' }, 'US'), ['e:me@example.com', 'p:+442079460000']);
  assert.deepEqual(ownerKeysOf({ phone: '(212) 555-1234' }, 'US'), ['p:+12125551234']);
  assert.deepEqual(ownerKeysOf({}, null), []);
});

test('ownerOf gathers names, keys, domains and the newest E.164 phone', () => {
  const o = ownerOf(
    [
      { name: 'Ann', email: 'ann@acme.io', phone: '+12125551234' },
      { name: 'Ann', email: 'ann@gmail.com', phone: '+442079460000' },
    ],
    null,
  );
  assert.deepEqual(o.names, ['Ann']);
  assert.deepEqual(o.emailDomains, ['acme.io', 'gmail.com']);
  assert.equal(o.phone, '+442079460000');
  assert.deepEqual(o.keys.sort(), ['e:ann@acme.io', 'e:ann@gmail.com', 'p:+12125551234', 'p:+442079460000']);
});

test('keysFor combines singular and plural fields, skips nulls and invalid values', () => {
  assert.deepEqual(keysFor({ emails: ['A@x.com', null], email: 'a@X.com', phones: [null, '(212) 555-1234'], phone: '911' }, 'US'), [
    'e:a@x.com',
    'p:+12125551234',
  ]);
  assert.deepEqual(keysFor({}, null), []);
  assert.deepEqual(keysFor({ phone: '212 555 1234' }, null), ['n:2125551234']);
});

test('keyStatsOf: one row per key, max times (0 when unknown), newest dates, junk keys left out', () => {
  const a = normalizeEntry({ emails: ['a@x.com', 'noreply@x.com'], times_contacted: 3, last_message_sent_date: 100 }, ctx);
  const b = normalizeEntry({ email: 'A@x.com', phone: '+12125551234', times_contacted: 9, last_message_received_date: 200 }, ctx);
  const c = normalizeEntry({ phone: '+12125551234', last_message_sent_date: 300 }, ctx);
  const stats = keyStatsOf([a, b, c]);
  assert.deepEqual(stats, [
    { key: 'e:a@x.com', times: 9, lastSent: 100_000, lastReceived: 200_000 },
    { key: 'p:+12125551234', times: 9, lastSent: 300_000, lastReceived: 200_000 },
  ]);
  assert.deepEqual(keyStatsOf([normalizeEntry({ email: 'z@x.com' }, ctx)]), [{ key: 'e:z@x.com', times: 0, lastSent: null, lastReceived: null }]);
});

// The fast paths of normalizeEntry must not change a byte of its output.
describe('normalizeEntry shortcuts agree with the plain definitions', () => {
  it('the NFC-stable ranges: NFC leaves every character, and every pair of them and ASCII, as it is', () => {
    const chars: string[] = [];
    for (let c = 0x20; c < 0x7f; c++) chars.push(String.fromCharCode(c));
    for (const [a, b] of NFC_STABLE_RANGES) for (let c = a; c <= b; c++) chars.push(String.fromCharCode(c));
    for (const x of chars) {
      assert.equal(x.normalize('NFC'), x, x.charCodeAt(0).toString(16));
      for (const y of chars) if ((x + y).normalize('NFC') !== x + y) assert.fail(`${x.charCodeAt(0).toString(16)} ${y.charCodeAt(0).toString(16)}`);
    }
  });

  /** cleanText as specified: NFC, inner whitespace collapsed, trimmed, blank -> null. */
  // A lone surrogate is U+FFFD (normalize.ts wellFormed).
  const cleanRef = (v: unknown) =>
    typeof v === 'string'
      ? v
          .normalize('NFC')
          .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
          .replace(/\s+/g, ' ')
          .trim() || null
      : null;
  const textUnit = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(..."abcXYZ 09.-'’".split('')) },
    { weight: 4, arbitrary: fc.constantFrom('é', 'ë', 'Ø', 'ł', 'İ', 'ı', 'ß', 'Ω', 'Ж', 'ễ', 'Đ', 'ặ', '–', '…', '\u0374', '\u037e', '\u0387', '\u2000') },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '\u0301',
        '\u0308',
        '\u0323',
        '\u0483',
        '\u212b',
        '\u2126',
        '\uf900',
        '\u1100',
        '\u1161',
        '\uac00',
        '\u11a8',
        '\u3099',
        'か',
        '中',
      ),
    },
    { weight: 2, arbitrary: fc.constantFrom('  ', '\t', '\n', '\u00a0', '\u3000', '\ufeff', '\u2028', '\u200b', '\ud800', '\udc00') },
  );
  // A name is then read as the name a mail header's text carries (display-name.ts; its own tests), its
  // mojibake read before the cleaning too (mojibakeRead: its no-break spaces).
  const nameRef = (v: unknown) => {
    const s = cleanRef(typeof v === 'string' ? mojibakeRead(v) : v);
    return s === null ? null : cleanRef(tidyName(s));
  };
  it('names and other text fields: NFC, whitespace collapsed, trimmed', () => {
    fc.assert(
      fc.property(fc.string({ unit: textUnit, maxLength: 16 }), (v) => {
        const e = normalizeEntry({ name: v, nickname: v, title: v, company: v }, ctx);
        assert.equal(e.name, nameRef(v), JSON.stringify(v));
        for (const got of [e.nickname, e.title, e.company]) assert.equal(got, cleanRef(v), JSON.stringify(v));
      }),
      { numRuns: 20_000, seed: 8 },
    );
  });

  // Any value in any field: a plain object is read with for-in, any other object field by field.
  const anyv = fc.oneof(
    fc.anything(),
    fc.constantFrom(null, undefined, '', ' ', 'true', '1', '0', 0, 1, -1, 1.5, NaN, Infinity, true, false, [], {}, '2024-01-02T03:04:05Z', 1_700_000_000),
  );
  const emailish = fc.oneof(
    fc.emailAddress(),
    fc.constantFrom('A@x.com', 'a@X.com', 'j.o.hn@gmail.com', 'john+x@googlemail.com', 'noreply@x.com', 'not an address'),
  );
  const phoneish = fc.constantFrom(
    '+14155550123',
    '(415) 555-0123',
    '415.555.0123',
    '0044 7911 123456',
    '+49 (0)30 1234567',
    '911',
    '911',
    '*86#',
    'n/a',
    '+1 212 555 1234 x5',
    '212-555-1234 ext 5',
  );
  const entry = fc.record(
    {
      name: anyv,
      nickname: anyv,
      title: anyv,
      company: anyv,
      emails: fc.oneof(anyv, fc.array(fc.oneof(emailish, anyv), { maxLength: 12 })),
      email: fc.oneof(emailish, anyv),
      phones: fc.oneof(anyv, fc.array(fc.oneof(phoneish, anyv), { maxLength: 12 })),
      phone: fc.oneof(phoneish, anyv),
      photos: fc.oneof(anyv, fc.array(fc.oneof(fc.constantFrom('a', ' a ', 'b'), anyv))),
      data: anyv,
      is_favorite: anyv,
      pinned: anyv,
      times_contacted: anyv,
      last_message_sent_date: anyv,
      last_message_received_date: anyv,
      addresses: anyv,
      websites: anyv,
      ims: anyv,
    },
    { requiredKeys: [] },
  );
  class Entry {
    constructor(fields: object) {
      Object.assign(this, fields);
    }
  }
  it('a plain object (read with for-in) gives what the same fields give read one by one', () => {
    fc.assert(
      fc.property(entry, fc.constantFrom('US', 'GB', null), (e, region) => {
        const c = { region: region as 'US' | 'GB' | null, sourceKey: 'k' };
        const plain = normalizeEntry(e as EntryInput, c);
        assert.deepEqual(plain, normalizeEntry(new Entry(e) as EntryInput, c));
        assert.deepEqual(plain, normalizeEntry(Object.assign(Object.create(null), e) as EntryInput, c));
      }),
      { numRuns: 3000, seed: 9 },
    );
  });

  /** keyStatsOf as first written: one Map keyed 'e:' + key and phone key. */
  function keyStatsRef(entries: NormalizedEntry[]): KeyStat[] {
    const stats = new Map<string, KeyStat>();
    const newest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a > b ? a : b);
    const add = (key: string, e: NormalizedEntry) => {
      const s = stats.get(key);
      if (!s) return void stats.set(key, { key, times: e.timesContacted ?? 0, lastSent: e.lastSent, lastReceived: e.lastReceived });
      s.times = Math.max(s.times, e.timesContacted ?? 0);
      s.lastSent = newest(s.lastSent, e.lastSent);
      s.lastReceived = newest(s.lastReceived, e.lastReceived);
    };
    for (const e of entries) {
      for (const m of e.emails) if (!m.junk) add('e:' + m.key, e);
      for (const p of e.phones) if (p.key) add(p.key, e);
    }
    return [...stats.values()];
  }
  it('keyStatsOf gives the rows of the single-map definition, in its order', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 20 }), (es) => {
        const n = es.map((e) => normalizeEntry(e as EntryInput, ctx));
        assert.deepEqual(keyStatsOf(n), keyStatsRef(n));
      }),
      { numRuns: 1000, seed: 10 },
    );
  });

  it('indexKeysOf gives the keys keyStatsOf indexes (national-only keys left out), once each', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 20 }), (es) => {
        const n = es.map((e) => normalizeEntry(e as EntryInput, ctx));
        const keys = indexKeysOf(n);
        assert.equal(new Set(keys).size, keys.length);
        assert.deepEqual(
          new Set(keys),
          new Set(
            keyStatsOf(n)
              .map((k) => k.key)
              .filter((k) => !k.startsWith('n:')),
          ),
        );
      }),
      { numRuns: 1000, seed: 11 },
    );
  });

  it('e-mails and phones de-duplicate the same way in short and long lists', () => {
    fc.assert(
      fc.property(fc.array(emailish, { maxLength: 14 }), fc.array(phoneish, { maxLength: 14 }), (emails, phones) => {
        const e = normalizeEntry({ emails, phones }, ctx);
        const keys = e.emails.map((m) => m.key);
        assert.equal(new Set(keys).size, keys.length);
        const ids = e.phones.map((p) => p.key ?? 'd:' + p.display);
        assert.equal(new Set(ids).size, ids.length);
        // First spelling kept, in upload order: the same as normalising the items one by one.
        const one = emails.map((x) => normalizeEntry({ email: x }, ctx).emails[0]).filter((m) => m !== undefined);
        assert.deepEqual(
          e.emails,
          one.filter((m, i) => one.findIndex((o) => o.key === m.key) === i),
        );
        const onep = phones.map((x) => normalizeEntry({ phone: x }, ctx).phones[0]).filter((p) => p !== undefined);
        assert.deepEqual(
          e.phones,
          onep.filter((p, i) => onep.findIndex((o) => (o.key ?? 'd:' + o.display) === (p.key ?? 'd:' + p.display)) === i),
        );
      }),
      { numRuns: 1000, seed: 11 },
    );
  });
});

describe('countOf: times_contacted as a number of times', () => {
  it('its whole part; above 0 and below 1 is 1 (the person was written to); no number, or 0 or below, is 0', () => {
    assert.deepEqual(
      [2.7, 1.5, 1, 0.5, 1e-9, '0.5', 0, -0.5, -3, Number.NaN, 'x', null, 1_000_000, 1_000_001, 5e9, '1764590400'].map(countOf),
      [2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1_000_000, 0, 0, 0],
    );
    assert.equal(normalizeEntry({ name: 'Ann', email: 'ann@example.com', times_contacted: 0.5 }, ctx).timesContacted, 1);
    // Above the ceiling: no count (a timestamp in the wrong field), unknown, as if not sent (a probe: `1e9` ranked first).
    assert.equal(normalizeEntry({ name: 'Ann', email: 'ann@example.com', times_contacted: 1764590400 }, ctx).timesContacted, null);
  });
});

describe('isCheckedText: one list of favourite marks for an upload and a contacts file', () => {
  it('reads the yes of spreadsheets and of seven languages, and a number other than 0; nothing else', () => {
    for (const s of [
      '1',
      '2',
      'true',
      'T',
      'yes',
      'Y',
      'on',
      'x',
      '*',
      '★',
      '✓',
      '✔',
      'starred',
      'Favourite',
      'JA',
      'j',
      'WAHR',
      'oui',
      'vrai',
      'waar',
      'sí',
      'Sì',
      '\u2714\uFE0F',
      'si\u0301',
      'si',
      'verdadero',
      'vero',
      'sim',
      ' verdadeiro ',
    ])
      assert.equal(isCheckedText(s), true, s);
    for (const s of ['', '0', '0.0', 'false', 'f', 'no', 'nein', 'non', 'off', 'n', '-', 'maybe', 'jane']) assert.equal(isCheckedText(s), false, s);
    assert.equal(normalizeEntry({ name: 'Ann', email: 'ann@example.com', is_favorite: 'ja' } as EntryInput, ctx).favorite, true);
  });
});

test('a lone surrogate in a name or a company (valid JSON, no Unicode) is read as U+FFFD, as invalid UTF-8 is (a probe)', () => {
  const n = normalizeEntry({ name: '\ud800 Ann Lee', company: 'Acme \udc00', email: 'ann@x.example' }, { region: null, sourceKey: 's' });
  assert.equal(n.name, '\ufffd Ann Lee');
  assert.equal(n.company, 'Acme \ufffd');
  assert.equal(normalizeEntry({ name: 'Zoë 😀', email: 'z@x.example' }, { region: null, sourceKey: 's' }).name, 'Zoë 😀');
});

test("an address in a phone field is the card's unless the words before it say it is someone else's (a review: people fused; a second: a stricter rule lost people)", () => {
  const emailsOf = (name: string | null, phone: string) =>
    normalizeEntry({ name, phone } as EntryInput, { region: 'US', sourceKey: 's' }).emails.map((m) => m.key);
  assert.deepEqual(emailsOf('Dee Ray', 'dee@s.example'), ['dee@s.example']);
  assert.deepEqual(emailsOf('Mo Se', 'mo@se.example (home)'), ['mo@se.example']);
  assert.deepEqual(emailsOf('Ray Su', 'Home: ray@su.example'), ['ray@su.example']);
  assert.deepEqual(emailsOf('Al Bo', 'E-mail: al@bo.example'), ['al@bo.example']);
  assert.deepEqual(emailsOf('Ned Ox', 'Ned Ox <ned@ox.example>'), ['ned@ox.example']);
  assert.deepEqual(emailsOf(null, 'Pat Lee <pat@acme.example>'), ['pat@acme.example']);
  // Never lost to the rule: an apostrophe or a comment in the local part, a label with the name, initials.
  assert.deepEqual(emailsOf(null, "o'neil@x.example"), ["o'neil@x.example"]);
  assert.deepEqual(emailsOf('Ray Su', 'E-mail: Ray Su <ray@su.example>'), ['ray@su.example']);
  assert.deepEqual(emailsOf('Ray Su', 'Email address: ray@su.example'), ['ray@su.example']);
  assert.deepEqual(emailsOf('John Smith', 'J. Smith <john@sm.example>'), ['john@sm.example']);
  // A relation word that is the card's own name is the card's.
  assert.deepEqual(emailsOf('Mom', 'Mom: mary@x.example'), ['mary@x.example']);
  for (const [name, phone] of [
    ['Ida Ky', 'Assistant: pat@acme.example'],
    ['Fay Oz', 'Front desk: reception@acme.example'],
    ['Jo An', 'Ask pat2@acme.example'],
    ['John Smith', 'Wife: mary@x.example'],
  ]) {
    assert.deepEqual(emailsOf(name!, phone!), [], phone);
  }
  // Ida and Pat stay two people.
  const ida = normalizeEntry({ name: 'Ida Ky', email: 'ida@acme.example', phone: 'Assistant: pat@acme.example' } as EntryInput, {
    region: 'US',
    sourceKey: 's',
  });
  const pat = normalizeEntry({ name: 'Pat Lee', email: 'pat@acme.example' } as EntryInput, { region: 'US', sourceKey: 's' });
  assert.equal(mergeEntries([ida, pat]).length, 2);
});
