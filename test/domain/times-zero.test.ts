/**
 * An explicit times_contacted of 0: "never written to" from a source that counts, unknown from one that
 * does not (phones that stopped reporting it send 0 for everyone).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergeEntries } from '../../src/domain/merge.ts';
import { bookStatsOf, featuresOf } from '../../src/domain/rank/index.ts';
import { cleanUpload } from '../../src/services/address-book.ts';
import { owner, signals } from './rank-fixtures.ts';

const gmail = { type: 'gmail', email: 'me@example.org' };
const phone = { type: 'phone', phone: '+14155550100' };

test('a source that counts keeps its explicit 0s; one that counts nobody reads them as unknown', () => {
  const counting = cleanUpload(
    gmail,
    [
      { email: 'a@example.com', times_contacted: 4 },
      { email: 'b@example.com', times_contacted: 0 },
    ],
    null,
  );
  assert.deepEqual(
    mergeEntries(counting.normalized).map((c) => c.timesContacted),
    [4, 0],
  );
  const silent = cleanUpload(
    phone,
    [{ email: 'a@example.com', times_contacted: 0 }, { email: 'c@example.com', times_contacted: 0 }, { email: 'd@example.com' }],
    null,
  );
  assert.deepEqual(
    mergeEntries(silent.normalized).map((c) => c.timesContacted),
    [null, null, null],
  );
});

test('decided per source over all its uploads: N batches give the counts of one upload', () => {
  const entries = [
    ...Array.from({ length: 4 }, (_, i) => ({ email: `n${i}@example.com`, times_contacted: 5 + i })),
    ...Array.from({ length: 4 }, (_, i) => ({ email: `z${i}@example.com`, times_contacted: 0 })),
  ];
  const whole = mergeEntries(cleanUpload(gmail, entries, null).normalized).map((c) => c.timesContacted);
  // The second batch holds only 0s: from a source whose first batch counts, they are "never written to".
  const batches = mergeEntries([...cleanUpload(gmail, entries.slice(0, 4), null).normalized, ...cleanUpload(gmail, entries.slice(4), null).normalized]).map(
    (c) => c.timesContacted,
  );
  assert.deepEqual(batches, whole);
  assert.deepEqual(whole, [5, 6, 7, 8, 0, 0, 0, 0]);
  // A phone's 0s beside a counting gmail source stay unknown: the decision is the source's own.
  const book = mergeEntries([...cleanUpload(gmail, entries.slice(0, 4), null).normalized, ...cleanUpload(phone, entries.slice(4), null).normalized]);
  assert.deepEqual(
    book.map((c) => c.timesContacted),
    [5, 6, 7, 8, null, null, null, null],
  );
});

test('ranking: the counting source 0 ranks below a phone-only contact of unknown count, and a silent phone 0 erases no count', () => {
  const a = cleanUpload(
    gmail,
    [
      { email: 'a@example.com', times_contacted: 4 },
      { email: 'b@example.com', times_contacted: 9 },
      { email: 'never@example.com', times_contacted: 0 },
      { email: 'both@example.com', times_contacted: 3 },
    ],
    null,
  );
  // The phone reports 0 for everyone: unknown, so it neither erases gmail's 3 nor marks its own contacts as never written to.
  const p = cleanUpload(
    phone,
    [
      { email: 'phoneonly@example.com', times_contacted: 0 },
      { email: 'both@example.com', times_contacted: 0 },
    ],
    null,
  );
  const contacts = mergeEntries([...a.normalized, ...p.normalized]);
  const stats = bookStatsOf(contacts);
  const ctx = { owner: owner(), signals: signals() };
  const freq = (email: string) => {
    const c = contacts.find((x) => x.emails.some((e) => e.key === email));
    assert.ok(c, email);
    return featuresOf(c, ctx, stats).frequency;
  };
  assert.equal(freq('never@example.com'), 0);
  assert.ok(freq('phoneonly@example.com') > 0, 'unknown count imputed');
  assert.equal(freq('both@example.com'), Math.log1p(3));
});
