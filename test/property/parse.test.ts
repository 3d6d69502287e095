/**
 * The JSON body parser (parseJsonBody) skips secure-json-parse's scan when the text cannot hold a key it
 * removes: it must give exactly what secure-json-parse gives, for any JSON text, `__proto__` and
 * `constructor` keys included, written plainly or with \u escapes, and fail on the same texts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import secureJson from 'secure-json-parse';
import { duplicateKeys, duplicateKeysOf } from '../../src/services/json-body.ts';
import { parseJsonBody } from '../../src/workers/compilers.ts';
import { jsonValue } from '../helpers/arbitraries.ts';

const RUNS = process.env.FC_RUNS ? Number(process.env.FC_RUNS) : 500;
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : 0x6b697468;

function reference(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: secureJson.parse(trimmed, undefined, { protoAction: 'remove', constructorAction: 'remove' }) };
  } catch {
    return { ok: false };
  }
}

function actual(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseJsonBody(text) };
  } catch {
    return { ok: false };
  }
}

/** The ways a key may be written in JSON text: plainly, or with some of its characters \u-escaped. */
const spelledKey = fc
  .tuple(fc.constantFrom('__proto__', 'constructor', 'name', 'data'), fc.array(fc.boolean(), { minLength: 11, maxLength: 11 }), fc.boolean())
  .map(([key, escape, upper]) =>
    [...key]
      .map((c, i) => {
        if (!escape[i]) return c;
        const hex = c.charCodeAt(0).toString(16).padStart(4, '0');
        return `\\u${upper ? hex.toUpperCase() : hex}`;
      })
      .join(''),
  );

/** JSON text of an object holding such keys among other values, with some whitespace around. */
const text = fc.oneof(
  jsonValue.map((v) => JSON.stringify(v) ?? 'null'),
  fc
    .tuple(fc.array(fc.tuple(spelledKey, jsonValue), { maxLength: 4 }), fc.constantFrom('', ' ', '\n', '\ufeff'))
    .map(([pairs, ws]) => `${ws}{${pairs.map(([k, v]) => `"${k}" : ${JSON.stringify(v) ?? 'null'}`).join(',')}}${ws}`),
  fc.tuple(spelledKey, jsonValue).map(([k, v]) => `{"entries":[{"data":{"${k}":${JSON.stringify({ x: v })}}}]}`),
  fc.string(),
);

describe('parseJsonBody', () => {
  it('gives what secure-json-parse gives, and fails where it fails', () => {
    fc.assert(
      fc.property(text, (t) => {
        assert.deepStrictEqual(actual(t), reference(t));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('removes __proto__ and constructor keys however they are written', () => {
    const body = parseJsonBody('{"a":{"\\u005f_proto__":{"x":1},"constructor":{"prototype":{"y":1}},"b":1}}') as { a: Record<string, unknown> };
    assert.deepStrictEqual(Object.keys(body.a), ['b']);
    assert.equal(Object.getPrototypeOf(body.a), Object.prototype);
  });
});

describe('duplicateKeys: names given more than once in one object', () => {
  it('finds none in any text JSON.stringify writes', () => {
    fc.assert(
      fc.property(jsonValue, (v) => {
        assert.equal(duplicateKeys(JSON.stringify(v) ?? 'null'), null);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('counts every name given again, at any depth, with strings holding quotes, escapes and brackets', () => {
    const key = fc.constantFrom('a', 'b', 'e"q', 'x\\', '{', '[]', ',', 'é', 'a\u0000');
    const pairs = fc.array(fc.tuple(key, fc.oneof(fc.string(), fc.integer(), fc.constant(null))), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(pairs, fc.boolean(), (ps, escaped) => {
        const write = (k: string) => (escaped ? JSON.stringify(k).replace(/a/g, '\\u0061') : JSON.stringify(k));
        const obj = `{${ps.map(([k, v]) => `${write(k)}:${JSON.stringify(v)}`).join(',')}}`;
        const again = ps.length - new Set(ps.map(([k]) => k)).size;
        const total = (found: ReturnType<typeof duplicateKeys>) => (found ?? []).reduce((n, d) => n + d.count, 0);
        assert.equal(total(duplicateKeys(obj)), again);
        const text = `{"user_id":"u","entries":[{"name":"[\\"{"},${obj}]}`;
        const found = duplicateKeys(text);
        assert.equal(total(found), again);
        for (const d of found ?? []) assert.deepEqual(d.indexes, [1]);
        // The parser gives the same warnings for the body it parsed.
        assert.deepEqual(duplicateKeysOf(parseJsonBody(text, { duplicates: true })), found ?? []);
        assert.deepEqual(duplicateKeysOf(parseJsonBody(text)), []); // only when asked
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('names each place: the body, source, an entry (with its index), a list inside one; a body that is a list names its items as entries', () => {
    assert.deepEqual(
      duplicateKeys(
        '{"user_id":"a","user_id":"b","source":{"phone":"1","phone":"2"},"entries":[{"name":"A"},{"email":"a@x.example","email":"b@x.example","addresses":[{"city":"x","city":"y"}]}],"entries":[]}',
      ),
      [
        { field: 'user_id', count: 1 },
        { field: 'source.phone', count: 1 },
        { field: 'entries[].email', count: 1 },
        { field: 'entries[].addresses[].city', count: 1 },
        { field: 'entries', count: 1 },
      ],
    );
    assert.deepEqual(duplicateKeys('[{"id":1},{"id":1,"id":2}]'), [{ field: 'entries[].id', count: 1, indexes: [1] }]);
    assert.equal(duplicateKeys('{"a":1,"b":{"a":2}}'), null);
    // Never below an entry's data (the client's keys may be anyone's address), never deeper than six levels.
    assert.deepEqual(duplicateKeys('{"entries":[{"data":{"jane.doe@example.com":1,"jane.doe@example.com":2}}]}'), [
      { field: 'entries[].data.*', count: 1, indexes: [0] },
    ]);
    const deep = `${'['.repeat(2000)}${'{"a":1,"a":1},'.repeat(50)}{}${']'.repeat(2000)}`;
    assert.deepEqual(duplicateKeys(deep), [{ field: 'entries[][][][][][].*', count: 50, indexes: [0] }]);
    // With entries given twice, an index may be one of the list dropped: none.
    assert.deepEqual(duplicateKeys('{"entries":[{},{},{"email":"a","email":"b"}],"entries":[{"name":"Only"}]}'), [
      { field: 'entries[].email', count: 1 },
      { field: 'entries', count: 1 },
    ]);
    // An object of many keys (compared through a Set past the first 16).
    const many = Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`);
    assert.deepEqual(duplicateKeys(`{${[...many, '"k3":0', '"k39":0', '"k3":1'].join(',')}}`), [
      { field: 'k3', count: 2 },
      { field: 'k39', count: 1 },
    ]);
    assert.equal(duplicateKeys(`{${many.join(',')}}`), null);
  });
});
