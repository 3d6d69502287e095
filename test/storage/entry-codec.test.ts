/**
 * The stored form of cleaned entries: whatever is written reads back deep-equal, in the new compact
 * format and from rows written in the old one (plain JSON), and the compact form really is compact.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { makeBody, makeEntries } from '../../bench/gen.ts';
import type { NormalizedEntry } from '../../src/domain/types.ts';
import { cleanUpload } from '../../src/services/address-book.ts';
import { decodeEntries, encodeEntries } from '../../src/storage/entry-codec.ts';

const SOURCE = 'gmail:e:owner@gmail.com';

function entry(over: Partial<NormalizedEntry> = {}): NormalizedEntry {
  return {
    name: null,
    nickname: null,
    title: null,
    company: null,
    emails: [],
    phones: [],
    photos: [],
    data: {},
    favorite: false,
    pinned: 0,
    timesContacted: null,
    lastSent: null,
    lastReceived: null,
    addressCount: 0,
    websiteCount: 0,
    imCount: 0,
    sourceKey: SOURCE,
    ...over,
  };
}

const roundTrip = (entries: NormalizedEntry[]) => decodeEntries(encodeEntries(entries, SOURCE));

describe('entry codec', () => {
  it('reads back what a real cleaned book wrote, at about a third of the plain JSON', () => {
    const body = makeBody('u', makeEntries({ size: 2_000, seed: 11 }), { seed: 11 }) as { source: { type: string }; entries: Record<string, unknown>[] };
    const cleaned = cleanUpload(body.source, body.entries, 'US');
    const text = encodeEntries(cleaned.normalized, cleaned.sourceKey);
    assert.deepEqual(decodeEntries(text), cleaned.normalized);
    const plain = JSON.stringify(cleaned.normalized).length;
    assert.ok(text.length < plain / 2, `compact ${text.length} bytes vs plain ${plain}`);
  });

  it('keeps every field where its value is not the default, including values that look like defaults', () => {
    const full = entry({
      name: 'Zoë Müller',
      nickname: 'Zo',
      title: 'CTO',
      company: 'ACME',
      emails: [
        { display: 'Zoe.Muller+x@GMAIL.com', key: 'zoemuller@gmail.com', domain: 'gmail.com', junk: null, role: false },
        { display: 'info@münchen.de', key: 'info@xn--mnchen-3ya.de', domain: 'xn--mnchen-3ya.de', junk: null, role: true },
        { display: 'no-reply@shop.example', key: 'no-reply@shop.example', domain: 'shop.example', junk: 'no_reply' as never, role: false },
      ],
      phones: [
        { display: '+14155550123', key: 'p:+14155550123' },
        { display: '030 1234567', key: 'n:0301234567' },
        { display: '+14155550123;ext=12', key: null },
      ],
      photos: ['https://img.example/1.jpg'],
      data: { id: 7, nested: { a: [1, null, 'x'] } },
      favorite: true,
      pinned: -3,
      timesContacted: 12,
      lastSent: 0, // the epoch is a date, not "none"
      lastReceived: 1_700_000_000_000,
      addressCount: 2,
      websiteCount: 1,
      imCount: 4,
    });
    assert.deepEqual(roundTrip([full]), [full]);
    // A trailing epoch date must not be cut off as a default.
    const epochLast = entry({ name: 'A', lastReceived: 0 });
    assert.deepEqual(roundTrip([epochLast]), [epochLast]);
    assert.deepEqual(roundTrip([entry()]), [entry()]);
    assert.deepEqual(roundTrip([]), []);
  });

  it('round-trips the forms kept since issue #12: unusual addresses, unusable strings, direct lines', () => {
    const c = cleanUpload(
      { type: 'gmail', email: 'owner@gmail.com' },
      [
        { emails: ['j..smith@corp.example', '"John Smith"@Example.com', 'Zoë <ZOË@bücher.example>', 'not an address', 'no-reply@x.com;'] },
        { phones: ['+1 (415) 555-0123 ext 9', '*86'], email: 'A@b', times_contacted: 3 },
      ],
      'US',
    );
    assert.deepEqual(
      c.normalized[0]!.emails.map((m) => m.junk),
      [null, null, null, 'invalid', 'no_reply'],
    );
    assert.deepEqual(decodeEntries(encodeEntries(c.normalized, c.sourceKey)), c.normalized);
  });

  it('round-trips the names of a list of several people in one field, and reads rows written before them as one person', () => {
    const c = cleanUpload(
      { type: 'gmail', email: 'owner@gmail.com' },
      [
        { email: 'Doe, Jane <jane.doe@corp.example>, Roe, Rick <INFO@corp.example>, desk@corp.example', times_contacted: 3 },
        { emails: ['Jane Doe <jane@x.example>', 'Rick Roe <rick@x.example>'] },
        { email: 'ann@x.com, bo@x.com' },
      ],
      'US',
    );
    assert.deepEqual(
      c.normalized.map((e) => e.emails.map((m) => m.name ?? null)),
      [
        ['Doe, Jane', 'Roe, Rick', null],
        ['Jane Doe', 'Rick Roe'],
        [null, null],
      ],
    );
    assert.equal(c.normalized[0]!.emails[1]!.role, true);
    const text = encodeEntries(c.normalized, c.sourceKey);
    assert.deepEqual(decodeEntries(text), c.normalized);
    // A row stored before: no name on any address, so no `name` key read back (the entry is one person).
    const before = '{"v":2,"s":"gmail:-","e":[[null,null,null,null,["jane.doe@corp.example",0,0,0,"rick.roe@corp.example",0,0,1]]]}';
    assert.deepEqual(
      decodeEntries(before)[0]!.emails.map((m) => Object.keys(m).sort()),
      [
        ['display', 'domain', 'junk', 'key', 'role'],
        ['display', 'domain', 'junk', 'key', 'role'],
      ],
    );
  });

  it('reads rows written in the old format (the plain JSON of the entries)', () => {
    const old = [entry({ name: 'Old Row', emails: [{ display: 'a@b.com', key: 'a@b.com', domain: 'b.com', junk: null, role: false }] })];
    assert.deepEqual(decodeEntries(JSON.stringify(old)), old);
  });

  it('refuses an unknown format rather than guessing, and entries of another source', () => {
    assert.throws(() => decodeEntries('{"v":99,"s":"x","e":[]}'), /unknown format 99/);
    assert.throws(() => encodeEntries([entry({ sourceKey: 'other' })], SOURCE), /source key/);
  });

  it('round-trips any entry (property)', () => {
    const text = fc.option(fc.string({ maxLength: 12 }), { nil: null });
    const date = fc.option(fc.integer({ min: 0, max: 4_102_444_800_000 }), { nil: null });
    const email = fc
      .record({
        display: fc.string({ minLength: 1, maxLength: 20 }),
        key: fc.string({ minLength: 1, maxLength: 20 }),
        junk: fc.option(fc.constantFrom('no_reply', 'bulk_sender', 'relay'), { nil: null }),
        role: fc.boolean(),
        name: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
      })
      .map((m) => {
        const key = `${m.key}@${m.key.length}.example`;
        const out = { display: m.display, key, domain: `${m.key.length}.example`, junk: m.junk as never, role: m.role };
        return m.name === undefined ? out : { ...out, name: m.name };
      });
    const lower = fc.string({ minLength: 1, maxLength: 20 }).map((d) => {
      const display = `${d}@Example.COM`;
      return { display, key: display.toLowerCase(), domain: 'example.com', junk: null, role: false };
    });
    const phone = fc.oneof(
      fc.string({ minLength: 1, maxLength: 15 }).map((d) => ({ display: d, key: 'p:' + d })),
      fc.string({ minLength: 1, maxLength: 15 }).map((d) => ({ display: d, key: null })),
      fc.tuple(fc.string({ maxLength: 15 }), fc.string({ maxLength: 15 })).map(([d, k]) => ({ display: d, key: 'n:' + k })),
    );
    const arb = fc.record({
      name: text,
      nickname: text,
      title: text,
      company: text,
      emails: fc.array(fc.oneof(email, lower), { maxLength: 3 }),
      phones: fc.array(phone, { maxLength: 3 }),
      photos: fc.array(fc.string({ maxLength: 10 }), { maxLength: 2 }),
      data: fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), fc.jsonValue({ maxDepth: 2 })),
      favorite: fc.boolean(),
      pinned: fc.integer({ min: -5, max: 9 }),
      timesContacted: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }),
      lastSent: date,
      lastReceived: date,
      addressCount: fc.nat(5),
      websiteCount: fc.nat(5),
      imCount: fc.nat(5),
    });
    fc.assert(
      fc.property(fc.array(arb, { maxLength: 5 }), (xs) => {
        // JSON has no -0 and no __proto__ own keys: compare with what JSON itself would keep.
        const entries = JSON.parse(JSON.stringify(xs.map((x) => entry(x as Partial<NormalizedEntry>)))) as NormalizedEntry[];
        assert.deepEqual(roundTrip(entries), entries);
      }),
      { numRuns: 300 },
    );
  });
});
