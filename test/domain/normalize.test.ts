import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keyStatsOf, keysFor, normalizeEntry, ownerKeysOf, ownerOf, sourceKey } from '../../src/domain/normalize.ts';

const ctx = { region: 'US' as const, sourceKey: 'gmail:e:owner@gmail.com' };

test('combines email/emails and phone/phones, removes duplicates by key', () => {
  const e = normalizeEntry(
    { emails: ['John.Smith@gmail.com', 'not an address', 'ann@x.com'], email: 'johnsmith@GMAIL.com', phones: ['(212) 555-1234'], phone: '+1 212 555 1234' },
    ctx,
  );
  assert.deepEqual(e.emails.map((m) => m.key), ['johnsmith@gmail.com', 'ann@x.com']);
  assert.equal(e.emails[0].display, 'John.Smith@gmail.com'); // first spelling kept for display
  assert.deepEqual(e.phones, [{ display: '+12125551234', key: 'p:+12125551234' }]);
});

test('keyless phones are de-duplicated on display', () => {
  const e = normalizeEntry({ phones: ['911', '911', '+1 212 555 1234 x5'] }, ctx);
  assert.equal(e.phones.length, 2);
});

test('is_favorite accepts 0/1, booleans, "0"/"1"', () => {
  const fav = (v: unknown) => normalizeEntry({ is_favorite: v as never }, ctx).favorite;
  assert.equal(fav(1), true);
  assert.equal(fav(0), false);
  assert.equal(fav(true), true);
  assert.equal(fav(false), false);
  assert.equal(fav('1'), true);
  assert.equal(fav('0'), false);
  assert.equal(fav(null), false);
  assert.equal(fav(undefined), false);
});

test('pinned takes any integer; times_contacted 0 or absent is unknown', () => {
  assert.equal(normalizeEntry({ pinned: 7 }, ctx).pinned, 7);
  assert.equal(normalizeEntry({ pinned: null }, ctx).pinned, 0);
  assert.equal(normalizeEntry({ times_contacted: 0 }, ctx).timesContacted, null);
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
  const e = normalizeEntry(
    { addresses: [{ city: 'Oslo' }, {}], websites: [{ url: 'https://x', type: 'home' }], ims: [], photos: ['a', 'a', ' b '] },
    ctx,
  );
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
  const o = ownerOf([{ name: 'Ann', email: 'ann@acme.io', phone: '+12125551234' }, { name: 'Ann', email: 'ann@gmail.com', phone: '+442079460000' }], null);
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
