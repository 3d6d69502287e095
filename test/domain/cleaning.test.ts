/** The cleaning summary (domain/cleaning.ts): its counts add up on any book, and the listing matches it. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { summarizeCleaning } from '../../src/domain/cleaning.ts';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { EntryInput } from '../../src/domain/types.ts';

const ctx = { region: 'US' as const, sourceKey: 'gmail:-' };
const email = fc.constantFrom(
  'a@x.com',
  'A@x.com',
  'j..s@corp.example',
  '"q r"@s.com',
  'no-reply@shop.example',
  'info@shop.example',
  'garbage',
  '',
  'x@y.com;',
  'bounce@mail.example',
  'zoë@bücher.example',
  'zoë@xn--bcher-kva.example',
);
const phone = fc.constantFrom('+1 415 555 0123', '+1 (415) 555-0123 ext 9', '*86', '(212) 555-0100', '+44 20 7946 0958');
const entry: fc.Arbitrary<EntryInput> = fc.record(
  {
    name: fc.constantFrom('Ann Lee', 'Bob', null),
    email,
    phone,
    times_contacted: fc.constantFrom(0, 2),
    is_favorite: fc.constantFrom(0, 1),
    last_message_received_date: fc.constantFrom(null, '2026-01-01T00:00:00Z'),
  },
  { requiredKeys: [] },
);

test('entries read = contacts + merged + left out; reasons add up; the listing holds every left-out entry once', () => {
  fc.assert(
    fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
      const n = entries.map((e) => normalizeEntry(e, ctx));
      const contacts = mergeEntries(n);
      const { summary: s, leftOut } = summarizeCleaning(contacts, n.length);
      assert.equal(s.entries_read, entries.length);
      assert.equal(s.entries_read, s.contacts + s.merged + s.left_out);
      assert.equal(
        Object.values(s.left_out_by_reason).reduce((a, b) => a + (b ?? 0), 0),
        s.left_out,
      );
      assert.equal(s.contacts, contacts.filter((c) => !c.junk).length);
      assert.equal(leftOut.length, s.left_out);
      assert.equal(new Set(leftOut.map((e) => e.index)).size, leftOut.length);
      for (const e of leftOut) {
        // Evidence beats syntax: never left out for the form of an address. A card with no name and no
        // string to write to names no one, whatever its counts: it is left out as nothing_to_invite.
        const src = entries[e.index]!;
        const names = Boolean(src.name) || Boolean(src.email?.trim()) || src.phone !== undefined;
        if ((src.times_contacted ?? 0) > 0 || src.is_favorite === 1) {
          if (names) assert.ok(e.reason !== 'invalid' && e.reason !== 'nothing_to_invite', JSON.stringify(src));
          else assert.equal(e.reason, 'nothing_to_invite', JSON.stringify(src));
        }
      }
    }),
    { numRuns: 300 },
  );
});

test('with the uploads of a book, each left-out entry gets its batch and its index in that upload', () => {
  fc.assert(
    fc.property(fc.array(fc.array(entry, { maxLength: 8 }), { minLength: 1, maxLength: 4 }), (uploads) => {
      const all = uploads.flat();
      const batches = uploads.map((u, i) => ({ batchId: `b${i}`, count: u.length }));
      const { leftOut } = summarizeCleaning(mergeEntries(all.map((e) => normalizeEntry(e, ctx))), all.length, batches);
      const plain = summarizeCleaning(mergeEntries(all.map((e) => normalizeEntry(e, ctx))), all.length).leftOut;
      assert.equal(leftOut.length, plain.length);
      leftOut.forEach((e, k) => {
        const b = Number(e.batch_id!.slice(1));
        const start = uploads.slice(0, b).reduce((a, u) => a + u.length, 0);
        assert.ok(e.index < uploads[b]!.length);
        assert.equal(start + e.index, plain[k]!.index);
      });
    }),
    { numRuns: 200 },
  );
});

test('a hand-checked book', () => {
  const n = [
    { name: 'Ann', email: 'ann@x.com' },
    { name: 'Ann', email: 'ANN@x.com' },
    { name: 'Shop', email: 'no-reply@shop.example' },
    { name: 'Garbage', email: 'garbage' },
    { name: 'Kept', email: 'garbage too', times_contacted: 1 },
  ].map((e) => normalizeEntry(e, ctx));
  assert.deepEqual(summarizeCleaning(mergeEntries(n), n.length), {
    summary: { entries_read: 5, contacts: 2, merged: 1, left_out: 2, left_out_by_reason: { invalid: 1, no_reply: 1 }, kept_without_address: 1 },
    leftOut: [
      { index: 2, reason: 'no_reply' },
      { index: 3, reason: 'invalid' },
    ],
    leftOutListPeople: [],
  });
});
