import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import examplesModule from 'libphonenumber-js/mobile/examples';
import { clearPhoneCache, normalizePhone, regionFromPhone } from '../../src/domain/phone.ts';

test('E.164 in, E.164 out (fast path), whatever the region', () => {
  assert.deepEqual(normalizePhone('+12125551234', null), { display: '+12125551234', key: 'p:+12125551234' });
  assert.deepEqual(normalizePhone('+442079460000', 'US'), { display: '+442079460000', key: 'p:+442079460000' });
});

test('formatted international numbers normalise to E.164', () => {
  for (const s of ['+1 (212) 555-1234', '+1.212.555.1234', '001 212 555 1234', '  +1 212 555 1234  ']) {
    assert.equal(normalizePhone(s, null)?.key, 'p:+12125551234', s);
  }
  assert.equal(normalizePhone('+44 (0)20 7946 0000', null)?.key, 'p:+442079460000');
  assert.equal(normalizePhone('0049 30 1234567', 'GB')?.key, 'p:+49301234567');
  // 00 is not the US call prefix, but a number typed that way in a US book is still international.
  assert.equal(normalizePhone('0090 5793703990', 'US')?.key, 'p:+905793703990');
  assert.equal(normalizePhone('011 44 20 7946 0000', 'US')?.key, 'p:+442079460000');
});

test('national numbers use the region', () => {
  assert.deepEqual(normalizePhone('(212) 555-1234', 'US'), { display: '+12125551234', key: 'p:+12125551234' });
  assert.equal(normalizePhone('020 7946 0000', 'GB')?.key, 'p:+442079460000');
  assert.equal(normalizePhone('06 12 34 56 78', 'FR')?.key, 'p:+33612345678');
  assert.equal(normalizePhone('0171 1234567', 'DE')?.key, 'p:+491711234567');
});

test('without a region a national number keeps a national-only key of its digits', () => {
  assert.deepEqual(normalizePhone('(212) 555-1234', null), { display: '(212) 555-1234', key: 'n:2125551234' });
  assert.equal(normalizePhone('212.555.1234', null)?.key, 'n:2125551234'); // same digits, same key
  assert.equal(normalizePhone('0171 1234567', null)?.key, 'n:01711234567');
});

test('extensions never get a key (a switchboard is not a person)', () => {
  for (const s of ['+1 212 555 1234 ext. 55', '+1 212 555 1234 x55', '212-555-1234 ext 7', '+12125551234;ext=55', '+1 212 555 1234, 55']) {
    const p = normalizePhone(s, 'US');
    assert.ok(p, s);
    assert.equal(p.key, null, s);
  }
  assert.equal(normalizePhone('+1 212 555 1234 ext. 55', null)?.display, '+12125551234;ext=55');
  assert.equal(normalizePhone('212 555 1234 x 9', null)?.key, null);
});

test('short codes and service numbers never get a key', () => {
  for (const [s, r] of [['911', 'US'], ['112', 'DE'], ['12345', 'GB'], ['*86', 'US'], ['#31#', null], ['611', null], ['+1911', null]] as const) {
    const p = normalizePhone(s, r);
    assert.ok(p, s);
    assert.equal(p.key, null, s);
    assert.equal(p.display, s);
  }
});

test('garbage and filler numbers never get a key; blank is null', () => {
  assert.equal(normalizePhone('', 'US'), null);
  assert.equal(normalizePhone('   ', 'US'), null);
  assert.equal(normalizePhone('n/a', 'US'), null);
  assert.equal(normalizePhone('000 000 0000', 'US')?.key, null);
  assert.equal(normalizePhone('+10000000000', null)?.key, null);
  assert.equal(normalizePhone('1234567890123456789', null)?.key, null);
});

test('results are cached and callers get their own copy', () => {
  clearPhoneCache();
  const a = normalizePhone('(212) 555-1234', 'US')!;
  a.key = 'mutated';
  assert.equal(normalizePhone('(212) 555-1234', 'US')?.key, 'p:+12125551234');
  // the region is part of the cache key
  assert.equal(normalizePhone('(212) 555-1234', null)?.key, 'n:2125551234');
});

test('regionFromPhone reads the country of an international number', () => {
  assert.equal(regionFromPhone('+442079460000'), 'GB');
  assert.equal(regionFromPhone('+12125551234'), 'US');
  assert.equal(regionFromPhone('+4915112345678'), 'DE');
  assert.equal(regionFromPhone('0049 30 1234567'), 'DE');
  assert.equal(regionFromPhone('2125551234'), null);
  assert.equal(regionFromPhone(null), null);
  assert.equal(regionFromPhone(undefined), null);
  assert.equal(regionFromPhone('nope'), null);
});

// The parser-free shortcuts must give exactly what libphonenumber gives, for every shape they take.
describe('fast paths agree with libphonenumber', () => {
  const examples = examplesModule as unknown as Record<string, string>;
  const spacings = [' ', '-', '.', ' (', ') ', '/'];
  function spaced(digits: string, r: () => number): string {
    let out = '';
    for (const d of digits) out += (out && r() < 0.3 ? spacings[Math.floor(r() * spacings.length)] : '') + d;
    return out.replace(/\(([^)]*)$/, '$1'); // no unbalanced '(' at the end
  }
  it('international numbers written with spacing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(examples)), fc.integer(), (country, seed) => {
        const example = examples[country];
        const cc = getCountryCallingCode(country as CountryCode);
        let state = seed >>> 0;
        const r = () => ((state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32);
        const written = `+${cc} ${spaced(example, r)}`;
        clearPhoneCache();
        const ours = normalizePhone(written, null);
        const theirs = parsePhoneNumberFromString(written);
        if (ours?.key && theirs?.isPossible()) assert.equal(ours.display, theirs.number, written);
      }),
      { numRuns: 500, seed: 7 },
    );
  });
  it('North American numbers in a +1 region', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 200, max: 999 }),
        fc.integer({ min: 200, max: 999 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.constantFrom('US', 'CA', 'PR'),
        fc.constantFrom('(A) E-S', 'A-E-S', 'A.E.S', '1 A E S', '1-A-E-S', 'AES', '+1 A E S'),
        (a, e, sub, region, shape) => {
          const written = shape.replace('A', String(a)).replace('E', String(e)).replace('S', String(sub).padStart(4, '0'));
          clearPhoneCache();
          const ours = normalizePhone(written, region as CountryCode);
          const theirs = parsePhoneNumberFromString(written, { defaultCountry: region as CountryCode });
          if (ours?.key?.startsWith('p:')) assert.equal(ours.display, theirs?.number, written);
        },
      ),
      { numRuns: 500, seed: 11 },
    );
  });
});
