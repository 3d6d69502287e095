/** fast-check generators shared by the property tests: odd text, and any JSON value made of it. */
import fc from 'fast-check';

/** Characters that break naive JSON and text handling: NUL, controls, lone surrogates, separators, quotes. */
const oddChar = fc.constantFrom('\u0000', '\u001f', '\ud800', '\udc00', '\u2028', '"', '\\', '"data":[]', 'é', '😀', '\u202e');

/** Any string, UTF-16 garbage included, often made of odd characters. */
export const oddText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.array(fc.oneof(oddChar, fc.string({ maxLength: 3 })), { maxLength: 8 }).map((xs) => xs.join('')),
);

/** Any value JSON.parse can return (finite numbers), nested a few levels, with odd strings and keys. */
export const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    oddText,
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(oddText, tie('value'), { maxKeys: 4 }),
  ),
})).value;
