/**
 * The quick check in front of the upload validator (workers/fast-check.ts) may only say yes to what
 * ajv accepts: on random bodies near the upload schema (every field with values of every JSON type,
 * strings around the length limits with astral characters and lone surrogates, numbers around the
 * minimums, lists around their maximums, nested addresses, websites and IMs, unknown fields), quick(v)
 * implies ajv(v); and it does say yes to the realistic bodies it exists for.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import AjvCompiler from '@fastify/ajv-compiler';
import fc from 'fast-check';
import { makeSchemas } from '../../src/http/schemas.ts';
import { uploadBodySchema } from '../../src/http/routes/address-book.ts';
import { AJV_CUSTOM_OPTIONS } from '../../src/workers/compilers.ts';
import { compileFastCheck } from '../../src/workers/fast-check.ts';
import { makeBody, makeEntries } from '../../bench/gen.ts';
import { jsonValue } from '../helpers/arbitraries.ts';

const RUNS = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : 2000;
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : 0x6b697468;

/** ajv as Fastify builds it for a route (the app's options). */
function ajvOf(schema: object): (v: unknown) => boolean {
  const build = AjvCompiler()({}, { customOptions: { ...AJV_CUSTOM_OPTIONS }, plugins: [] } as never) as (o: object) => (v: unknown) => boolean;
  return build({ schema, method: 'POST', url: '', httpPart: 'body' });
}

// Small limits, so that random strings and lists cross them often.
const small = makeSchemas({ maxEntriesPerUpload: 3, maxStringLength: 4 });
const smallSchema = uploadBodySchema(small);
const smallAjv = ajvOf(smallSchema);
const smallQuick = compileFastCheck(smallSchema)!;

/** Strings around a few code points: ASCII, accents, astral characters (2 units each), lone surrogates, NUL. */
const str = fc.array(fc.constantFrom('a', 'é', '😀', '\ud800', '\udc00', '\u0000', ' ', '@', '+1'), { maxLength: 5 }).map((cs) => cs.join(''));
const num = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -1, max: 3 }) },
  fc.constantFrom(0.5, -0.5, -0, 1e21, 2 ** 53),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const scalar = fc.oneof(str, num, fc.boolean(), fc.constant(null));
const list = <T>(a: fc.Arbitrary<T>) => fc.array(a, { maxLength: 4 });
const anyValue: fc.Arbitrary<unknown> = fc.oneof({ weight: 4, arbitrary: scalar }, list(scalar), fc.dictionary(str, scalar, { maxKeys: 3 }), jsonValue);

const address = fc.dictionary(fc.constantFrom('street', 'city', 'country', 'type', 'po_box', 'other'), fc.oneof(str, anyValue), { maxKeys: 4 });
const website = fc.dictionary(fc.constantFrom('url', 'type', 'other'), fc.oneof(str, anyValue), { maxKeys: 3 });
const im = fc.dictionary(fc.constantFrom('name', 'protocol', 'type'), fc.oneof(str, anyValue), { maxKeys: 3 });

/** Mostly values of the field's own types, sometimes anything. */
const field = (...own: fc.Arbitrary<unknown>[]) => fc.oneof({ weight: 12, arbitrary: fc.oneof(...own, fc.constant(null)) }, { weight: 1, arbitrary: anyValue });

const FIELDS: Record<string, fc.Arbitrary<unknown>> = {
  name: field(str),
  email: field(str),
  emails: field(list(fc.oneof(str, fc.constant(null)))),
  phone: field(str),
  phones: field(list(fc.oneof(str, fc.constant(null)))),
  photos: field(list(str)),
  data: field(fc.dictionary(str, jsonValue, { maxKeys: 3 })),
  nickname: field(str),
  title: field(str),
  company: field(str),
  is_favorite: field(num, fc.boolean(), str),
  pinned: field(num),
  times_contacted: field(num),
  last_message_sent_date: field(str, num),
  last_message_received_date: field(str, num),
  addresses: field(list(address)),
  websites: field(list(website)),
  ims: field(list(im)),
  emial: anyValue,
};

const entry = fc
  .subarray(Object.keys(FIELDS), { maxLength: 4 })
  .chain((keys) => fc.tuple(...keys.map((k) => FIELDS[k]!)).map((vs) => Object.fromEntries(keys.map((k, i) => [k, vs[i]]))));

/** Mostly values of the field's own types (no null), sometimes anything. */
const given = (...own: fc.Arbitrary<unknown>[]) => fc.oneof({ weight: 12, arbitrary: fc.oneof(...own) }, { weight: 1, arbitrary: anyValue });

const bodyFields = {
  user_id: given(
    str.filter((x) => x !== ''),
    fc.integer(),
  ),
  source: given(fc.dictionary(fc.constantFrom('name', 'email', 'phone', 'type', 'extra'), field(str, num, fc.boolean()), { maxKeys: 4 })),
  entries: given(fc.array(fc.oneof({ weight: 20, arbitrary: entry }, anyValue), { maxLength: 4 })),
  limit: field(num, str),
  backfill: field(num, fc.boolean(), str),
  promote_matching_domain: field(num, str),
};

const body = fc.oneof(
  { weight: 20, arbitrary: fc.record(bodyFields, { requiredKeys: ['user_id', 'source', 'entries'] }) },
  { weight: 2, arbitrary: fc.record(bodyFields, { requiredKeys: [] }) },
  anyValue,
);

describe('quick upload check', () => {
  it('exists for the upload schema', () => {
    assert.ok(smallQuick !== null);
    assert.ok(compileFastCheck(uploadBodySchema(makeSchemas({ maxEntriesPerUpload: 100_000, maxStringLength: 100_000 }))) !== null);
  });

  it('says yes only to bodies ajv accepts', () => {
    let yes = 0;
    fc.assert(
      fc.property(body, (b) => {
        if (smallQuick(b)) {
          yes++;
          assert.ok(smallAjv(b), `quick check accepted what ajv refuses: ${JSON.stringify(b)}`);
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
    assert.ok(yes > RUNS / 20, `the property exercised the accepting side too (${yes} of ${RUNS})`);
  });

  it('agrees with ajv on single entries (both verdicts)', () => {
    const entrySchema = small.Entry;
    const quick = compileFastCheck(entrySchema)!;
    const ajv = ajvOf(entrySchema);
    let both = 0;
    fc.assert(
      fc.property(entry, (e) => {
        const q = quick(e);
        const a = ajv(e);
        if (q) assert.ok(a, `quick check accepted what ajv refuses: ${JSON.stringify(e)}`);
        // Refusals ajv accepts are allowed (the validator then asks ajv), but only for strings whose
        // UTF-16 length and code points straddle a limit: none here, since lengths are counted exactly.
        if (a) assert.ok(q, `quick check refused what ajv accepts: ${JSON.stringify(e)}`);
        if (a) both++;
      }),
      { numRuns: RUNS, seed: SEED },
    );
    assert.ok(both > 0);
  });

  it('accepts realistic uploads (the bodies it exists for)', () => {
    const S = makeSchemas({ maxEntriesPerUpload: 100_000, maxStringLength: 100_000 });
    const quick = compileFastCheck(uploadBodySchema(S))!;
    for (let i = 0; i < 5; i++) {
      const b = JSON.parse(JSON.stringify(makeBody(`u${i}`, makeEntries({ size: 500, seed: i }), { seed: i })));
      assert.ok(quick(b), 'a generated upload passes the quick check');
    }
  });
});
