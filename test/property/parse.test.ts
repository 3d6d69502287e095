/**
 * The JSON body parser (parseJsonBody) skips secure-json-parse's scan when the text cannot hold a key it
 * removes: it must give exactly what secure-json-parse gives, for any JSON text, `__proto__` and
 * `constructor` keys included, written plainly or with \u escapes, and fail on the same texts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import secureJson from 'secure-json-parse';
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
