/**
 * The list serializer of the book workers (compileListSerializer: the envelope by the compiled
 * fast-json-stringify serializer, the rows by JSON.stringify) must write exactly the bytes of the
 * route's own compiled serializer, for any answer the routes build: random names, addresses and `data`
 * objects with odd strings (lone surrogates, control characters, quotes, the text `"data":[]`), explain
 * maps, scores, and every optional meta field.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { loadConfig } from '../../src/config.ts';
import { makeSchemas } from '../../src/http/schemas.ts';
import { compileListSerializer, compileSerializer } from '../../src/workers/compilers.ts';
import { jsonValue, oddText } from '../helpers/arbitraries.ts';

const RUNS = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : 300;
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : 0x6b697468;

const S = makeSchemas(loadConfig({ DATABASE_URL: 'sqlite::memory:' }));

const text = oddText;
const json = jsonValue;

/** A row exactly as services/address-book.ts toWire builds it. */
const row = fc
  .record({
    name: fc.option(text, { nil: null }),
    emails: fc.array(text, { maxLength: 3 }),
    phones: fc.array(text, { maxLength: 3 }),
    data: fc.dictionary(text, json, { maxKeys: 4 }),
    rank: fc.integer({ min: 1, max: 1_000_000 }),
    score: fc.double({ noNaN: true, noDefaultInfinity: true }),
    // Explain keys are Kith's own signal names. (fast-json-stringify drops record keys holding a line
    // break, its pattern being '^(.*)$'; JSON.stringify keeps them: the only difference, never reached.)
    explain: fc.option(fc.dictionary(fc.stringMatching(/^[a-z_]{1,12}$/), fc.double({ noNaN: true, noDefaultInfinity: true }), { maxKeys: 4 }), {
      nil: undefined,
    }),
  })
  .map((r) => {
    const out: Record<string, unknown> = {
      name: r.name,
      email: r.emails[0] ?? null,
      emails: r.emails,
      phone: r.phones[0] ?? null,
      phones: r.phones,
      data: r.data,
      rank: r.rank,
      score: r.score,
    };
    if (r.explain) out.explain = r.explain;
    return out;
  });

const meta = fc.record(
  {
    app_name: text,
    time: fc.double({ min: 0, max: 1e4, noNaN: true }),
    total_count: fc.nat(),
    user_id: text,
    docs: text,
    help: text,
    exception_matching_email_domain: fc.boolean(),
  },
  { requiredKeys: ['app_name', 'time', 'user_id'] },
);

describe("list serializer (book workers) writes the compiled serializer's bytes", () => {
  it('POST answers (UploadResponse)', () => {
    const whole = compileSerializer(S.UploadResponse);
    const fast = compileListSerializer(S.UploadResponse);
    fc.assert(
      fc.property(fc.uuid(), fc.option(fc.array(row, { maxLength: 6 }), { nil: undefined }), text, meta, (batch_id, data, message, m) => {
        const answer = data === undefined ? { batch_id, message, meta: m } : { batch_id, data, message, meta: m };
        assert.equal(fast(answer), whole(answer));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('GET answers (BookResponse)', () => {
    const whole = compileSerializer(S.BookResponse);
    const fast = compileListSerializer(S.BookResponse);
    fc.assert(
      fc.property(fc.array(row, { maxLength: 6 }), meta, (data, m) => {
        const answer = { meta: m, data };
        assert.equal(fast(answer), whole(answer));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('a big list takes the fast path and still matches', () => {
    const whole = compileSerializer(S.BookResponse);
    const fast = compileListSerializer(S.BookResponse);
    const data = Array.from({ length: 2_000 }, (_, i) => ({
      name: `Zoë "${i}"`,
      email: `z${i}@example.com`,
      emails: [`z${i}@example.com`],
      phone: null,
      phones: [],
      data: { note: '\ud800 lone', n: i },
      rank: i + 1,
      score: 1 / (i + 1),
    }));
    const answer = { meta: { app_name: 'a', time: 0.5, total_count: data.length, user_id: 'u' }, data };
    const out = fast(answer);
    assert.equal(out, whole(answer));
    assert.equal((JSON.parse(out) as { data: unknown[] }).data.length, 2_000);
  });
});
