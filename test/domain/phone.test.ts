import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Metadata, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import examplesModule from 'libphonenumber-js/mobile/examples';
import { parsePhoneNumberFromString as parseMax } from 'libphonenumber-js/max';
import {
  carrierPrefixQuick,
  clearPhoneCache,
  normalizePhone,
  parsePhoneQuick,
  parsePhoneReference,
  parsePhoneSlow,
  parsePhoneUncached,
  phoneAlternatives,
  phoneNumbers,
  readDigitsQuick,
  readOrRepair,
  regionFromPhone,
  elsewhereNational,
  renumbered,
  normalizeWholeNumber,
} from '../../src/domain/phone.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import { mergeEntries } from '../../src/domain/merge.ts';

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

test('an international call prefix written with a space is read without a region too', () => {
  // A book with no region (no owner phone, no KITH_DEFAULT_REGION): "00 44 ..." is how Europe writes it.
  for (const s of ['00 44 20 7946 0958', '011 44 20 7946 0958', '00-44-20-7946-0958', '0 0 44 20 7946 0958']) {
    assert.deepEqual(normalizePhone(s, null), { display: '+442079460958', key: 'p:+442079460958' }, s);
    assert.deepEqual(parsePhoneSlow(s, null), { display: '+442079460958', key: 'p:+442079460958' }, s);
  }
  assert.equal(normalizePhone('00 44 20 7946 0958 ext 4', null)?.key, 'p:+442079460958;ext=4');
  assert.equal(parsePhoneSlow('00 44 20 7946 0958 ext 4', null)?.key, 'p:+442079460958;ext=4');
  // Only when the rest is a possible number: "011 234 5678" is a Johannesburg number written at home.
  assert.deepEqual(normalizePhone('011 234 5678', null), { display: '011 234 5678', key: 'n:0112345678' });
  assert.equal(normalizePhone('011 234 5678', 'ZA')?.key, 'p:+27112345678');
});

test('national numbers use the region', () => {
  assert.deepEqual(normalizePhone('(212) 555-1234', 'US'), { display: '+12125551234', key: 'p:+12125551234' });
  assert.equal(normalizePhone('020 7946 0000', 'GB')?.key, 'p:+442079460000');
  assert.equal(normalizePhone('06 12 34 56 78', 'FR')?.key, 'p:+33612345678');
  assert.equal(normalizePhone('0171 1234567', 'DE')?.key, 'p:+491711234567');
});

test("a national number the region's plan has no such number for is another country's: shown as written, keyed on its digits", () => {
  // Saved abroad, read in a US book: never a made-up +1 number ("+10612345678"), never nothing at all.
  for (const [s, key] of [
    ['06 12 34 56 78', 'n:0612345678'], // French mobile
    ['07911 123456', 'n:07911123456'], // UK mobile
    ['030 12345678', 'n:03012345678'], // Berlin
  ]) {
    assert.deepEqual(normalizePhone(s, 'US'), { display: s, key }, s);
  }
  // Longer than any number of the region, written as one number: another country's, without its code
  // (a Brazilian mobile in a US book). It was keyless, and a card holding only it was left out.
  assert.deepEqual(normalizePhone('(31) 93502-4155', 'US'), { display: '(31) 93502-4155', key: 'n:31935024155' });
  assert.deepEqual(normalizePhone('31 93502 4155', 'US'), { display: '31 93502 4155', key: 'n:31935024155' });
  // A US number written nationally in a UK book: no "+444155550123".
  assert.deepEqual(normalizePhone('(415) 555-0123', 'GB'), { display: '(415) 555-0123', key: 'n:4155550123' });
  // Must not: the region's own numbers keep their full form, in any writing.
  assert.equal(normalizePhone('07911 123456', 'GB')?.key, 'p:+447911123456');
  assert.equal(normalizePhone('06 12 34 56 78', 'FR')?.key, 'p:+33612345678');
  assert.equal(normalizePhone('06 1234 5678', 'IT')?.key, 'p:+390612345678'); // Rome: the 0 is part of the number
  assert.equal(normalizePhone('(415) 555-0123', 'US')?.key, 'p:+14155550123');
  assert.equal(normalizePhone('604-555-0123', 'US')?.key, 'p:+16045550123'); // Canada, on the same plan
  // Must not: filler and digit strings that are no number stay keyless (nothing is invented from them).
  for (const s of ['(000) 000-0001', '0000000', '0 1', '00000001', '415 / 0181 / 0182']) {
    assert.equal(normalizePhone(s, 'US')?.key ?? null, null, s);
  }
});

test('without a region a national number keeps a national-only key of its digits', () => {
  assert.deepEqual(normalizePhone('(212) 555-1234', null), { display: '(212) 555-1234', key: 'n:2125551234' });
  assert.equal(normalizePhone('212.555.1234', null)?.key, 'n:2125551234'); // same digits, same key
  assert.equal(normalizePhone('0171 1234567', null)?.key, 'n:01711234567');
});

test('a number with an extension is a callable direct line: shown and keyed +E164;ext=N', () => {
  for (const [s, shown] of [
    ['+1 212 555 1234 ext. 55', '+12125551234;ext=55'],
    ['+1 212 555 1234 x55', '+12125551234;ext=55'],
    ['212-555-1234 ext 7', '+12125551234;ext=7'],
    ['+12125551234;ext=55', '+12125551234;ext=55'],
    ['+1 (415) 555-0123 ext 9', '+14155550123;ext=9'],
  ]) {
    const p = normalizePhone(s, 'US');
    assert.deepEqual(p, { display: shown, key: 'p:' + shown }, s);
  }
  // The extension number's key is not the bare number's: colleagues on one switchboard stay apart.
  assert.notEqual(normalizePhone('+1 212 555 1234 x55', null)?.key, normalizePhone('+1 212 555 1234', null)?.key);
  // Without a country: shown as written and keyed national-only with its extension, as the same number
  // without one is keyed national-only ('n:2125551234'): a direct line is someone to call, not nothing.
  // The marker right after the last digit ("2125551234x9", as phones save it) too: it was read as a digit
  // of the number ('n:21255512349'), so the line never joined its "+1 212 555 1234 ext 9".
  for (const s of [
    '212 555 1234 x 9',
    '(212) 555-1234 ext 9',
    '212.555.1234 ext. 9',
    '212 555 1234, 9',
    '2125551234x9',
    '(212) 555-1234ext9',
    '212-555-1234X9',
  ]) {
    assert.deepEqual(read(s, null), { display: s, key: 'n:2125551234;ext=9' }, s);
  }
  assert.equal(read('020 7946 0958 poste 12', null)?.key, 'n:02079460958;ext=12');
  // Not a direct line: no key. Too few digits before the marker, filler, or an "extension" as long as a
  // number (a list of two numbers, read as such by phoneNumbers).
  assert.equal(read('555 12 x 9', null)?.key, null);
  assert.equal(read('000 0000 x 9', null)?.key, null);
  assert.equal(read('212 555 1234 x 1234567', null)?.key, null);
  // An impossible number stays keyless with or without an extension.
  assert.equal(normalizePhone('+1 212 555 x 9', null)?.key ?? null, null);
});

test('reads what people type and paste: tel: URIs, labels, full-width digits, invisible characters, a spreadsheet apostrophe', () => {
  for (const raw of [
    'tel:+14155550123',
    'TEL:+1-415-555-0123',
    'Mobile: +1 415 555 0123',
    'Tel. +1 415 555 0123',
    '\uff0b\uff11 \uff14\uff11\uff15 \uff15\uff15\uff15 \uff10\uff11\uff12\uff13',
    '\u202a+1 415 555 0123\u202c',
    '+1 415 555 0123\u200b',
    "'+14155550123",
    '#31#+14155550123', // caller ID hidden for this person (GSM)
    '*31#+1 415 555 0123',
    '++1 415 555 0123',
    '+00 1 415 555 0123',
  ]) {
    const p = normalizePhone(raw, null);
    assert.deepEqual(p, { display: '+14155550123', key: 'p:+14155550123' }, JSON.stringify(raw));
    assert.deepEqual(parsePhoneSlow(raw, null), p, JSON.stringify(raw));
    assert.deepEqual(parsePhoneUncached(raw, 'DE'), normalizePhone(raw, 'DE'), JSON.stringify(raw));
  }
  assert.deepEqual(normalizePhone('tel:+1-415-555-0123;ext=9', null), { display: '+14155550123;ext=9', key: 'p:+14155550123;ext=9' });
  // North America's per-call block before a national number: the number, in its region.
  assert.deepEqual(normalizePhone('*67 415 555 0123', 'US'), { display: '+14155550123', key: 'p:+14155550123' });
  assert.equal(normalizePhone('*67 415 555 0123', null)?.key, 'n:4155550123');
  // A service code alone is no one's number.
  assert.equal(normalizePhone('#31#', null)?.key ?? null, null);
  // Nothing to repair: a national number without a region keeps its national-only key.
  assert.equal(normalizePhone('415 555 0123', null)?.key, 'n:4155550123');
});

test("a number spelled in letters (a business's vanity number) is the number its keys dial (ITU-T E.161)", () => {
  for (const [raw, region] of [
    ['1-800-FLOWERS', 'US'],
    ['+1 (800) FLOWERS', null],
    ['1 800 flowers', 'US'],
    ['Tel: 1-800-FLOWERS', 'US'],
  ] as const) {
    const p = normalizePhone(raw, region);
    assert.deepEqual(p, { display: '+18003569377', key: 'p:+18003569377' }, JSON.stringify(raw));
    assert.deepEqual(parsePhoneSlow(raw, region), p, JSON.stringify(raw));
    assert.deepEqual(parsePhoneUncached(raw, region), p, JSON.stringify(raw));
  }
  // Letters and digits mixed in the word ("4MY-HOME"): each letter its key.
  assert.equal(normalizePhone('1-800-4MY-HOME', 'US')?.key, 'p:+18004694663');
});

test('must not: a word after a number, a label or a note becomes a spelled number', () => {
  for (const [raw, region] of [
    ['555 HOME', 'US'], // seven digits: no full number
    ['123 Main', 'US'],
    ['call me', 'US'],
    ['2 BR', 'US'],
    ['n/a', null],
    ['1-800-MATTRESSES', 'US'], // one digit too many: no valid number
  ] as const) {
    assert.notEqual(normalizePhone(raw, region)?.key?.startsWith('p:'), true, JSON.stringify(raw));
    assert.deepEqual(parsePhoneSlow(raw, region), normalizePhone(raw, region), JSON.stringify(raw));
  }
  // A number that reads as it is keeps its own reading: a word after it is no part of it.
  assert.equal(normalizePhone('+1 415 555 0123 home', null)?.key, 'p:+14155550123');
  assert.equal(normalizePhone('+1 415 555 0123 ext 9', null)?.key, 'p:+14155550123;ext=9');
});

test('a number spelled in letters with no region is kept as written and keyed on its digits, as its digits form is', () => {
  for (const [raw, digits] of [
    ['1-800-FLOWERS', '1-800-356-9377'],
    ['800-FLOWERS', '800-356-9377'],
    ['1-800-GOT-JUNK', '1-800-468-5865'],
    ['1 800 flowers', '1 800 356 9377'],
    ['Tel: 1-800-FLOWERS', '1-800-356-9377'],
    ['0800 REVERSE', '0800 738 3773'],
  ] as const) {
    clearPhoneCache();
    const p = normalizePhone(raw, null);
    assert.deepEqual(p, { display: raw, key: normalizePhone(digits, null)?.key }, raw);
    assert.match(p?.key ?? '', /^n:\d+$/, raw);
    assert.deepEqual(parsePhoneSlow(raw, null), p, raw);
    assert.deepEqual(parsePhoneUncached(raw, null), p, raw);
  }
  // Where the region's plan reads the digits as a number keyed on them alone, so do the letters.
  assert.equal(normalizePhone('0800 REVERSE', 'US')?.key, normalizePhone('0800 738 3773', 'US')?.key);
  // A '+' or a region still gives the full number.
  assert.equal(normalizePhone('+1-800-FLOWERS', null)?.key, 'p:+18003569377');
  assert.equal(normalizePhone('1-800-FLOWERS', 'US')?.key, 'p:+18003569377');
});

test('must not: with no region (no plan to check the digits against), prose after digits becomes a spelled number', () => {
  for (const raw of ['2024 Christmas', '415 Pizzeria', '1-800-Flowers', '12 PIZZERIAS', '555 HOME', '123 Main', '1-800-MATTRESSES', '415 555 FLOWERSS']) {
    assert.equal(normalizePhone(raw, null)?.key ?? null, null, raw);
    assert.deepEqual(parsePhoneSlow(raw, null), normalizePhone(raw, null), raw);
  }
  // A number that has a key of its own keeps it: the word after it is a note ("HOME"), not its last digits.
  assert.equal(normalizePhone('555 1234 HOME', null)?.key, 'n:5551234');
  assert.equal(normalizePhone('415 555 0123 HOME', null)?.key, 'n:4155550123');
});

test('an RFC 3966 tel: URI of a local number with a global phone-context is the full number it names', () => {
  for (const region of [null, 'US', 'GB', 'DE'] as const) {
    for (const raw of [
      'tel:4155550136;phone-context=+1',
      'tel:555-0136;phone-context=+1-415',
      'TEL:415-555-0136;Phone-Context=+1',
      'tel:+1-415-555-0136;phone-context=+1',
    ]) {
      clearPhoneCache();
      const p = normalizePhone(raw, region);
      assert.deepEqual(p, { display: '+14155550136', key: 'p:+14155550136' }, `${raw} in ${region}`);
      assert.deepEqual(parsePhoneSlow(raw, region), p, `${raw} in ${region}`);
      assert.deepEqual(parsePhoneUncached(raw, region), p, `${raw} in ${region}`);
      // One number: its parameters are no list.
      assert.equal(phoneNumbers(raw, region), null, raw);
      assert.equal(phoneAlternatives(raw, region), null, raw);
    }
  }
  // Its extension is kept; an unknown parameter or a sub-address is not part of the number.
  assert.equal(normalizePhone('tel:4155550136;ext=12;phone-context=+1', null)?.key, 'p:+14155550136;ext=12');
  assert.equal(normalizePhone('tel:4155550136;phone-context=+1;isub=1234', null)?.key, 'p:+14155550136');
  assert.equal(phoneNumbers('tel:863-1234;phone-context=+1-914-555', null), null);
});

test('a tel: URI whose phone-context is a domain name is read as its number written without a country', () => {
  const raw = 'tel:4155550137;phone-context=example.com';
  assert.deepEqual(normalizePhone(raw, null), { display: raw, key: 'n:4155550137' });
  assert.equal(normalizePhone(raw, 'US')?.key, 'p:+14155550137');
  assert.equal(normalizePhone('tel:030 1234567;phone-context=bund.de', 'DE')?.key, 'p:+49301234567');
  assert.equal(normalizePhone('tel:4155550124;ext=9;phone-context=example.com', null)?.key, 'n:4155550124;ext=9');
  // A service code gets no key, with any context.
  assert.equal(normalizePhone('tel:*67;phone-context=+1', null)?.key ?? null, null);
  assert.equal(normalizePhone('tel:911;phone-context=example.com', 'US')?.key ?? null, null);
});

/** normalizePhone, checked against the parser path (parsePhoneSlow) and the uncached production path. */
function read(raw: string, region: CountryCode | null) {
  clearPhoneCache();
  const p = normalizePhone(raw, region);
  assert.deepEqual(parsePhoneSlow(raw, region), p, `slow: ${JSON.stringify(raw)} in ${region}`);
  assert.deepEqual(parsePhoneUncached(raw, region), p, `uncached: ${JSON.stringify(raw)} in ${region}`);
  return p;
}

test('digits of any script read as the same number, with the same key, as ASCII digits', () => {
  for (const [raw, region, shown] of [
    ['+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧', null, '+966501234567'], // Arabic-Indic (Android in Arabic locales)
    ['+٩٦٦٥٠١٢٣٤٥٦٧', 'US', '+966501234567'],
    ['٠٥٠ ١٢٣ ٤٥٦٨', 'SA', '+966501234568'],
    ['۰۹۱۲ ۳۴۵ ۶۷۸۹', 'IR', '+989123456789'], // Extended Arabic-Indic (Persian)
    ['+۹۸ ۹۱۲ ۳۴۵ ۶۷۸۹', null, '+989123456789'],
    ['+९१ ९८७६५ ४३२१०', null, '+919876543210'], // Devanagari
    ['+৮৮০ ১৭১১ ২২৩৩৪৪', null, '+8801711223344'], // Bengali
    ['๐๘๑ ๒๓๔ ๕๖๗๘', 'TH', '+66812345678'], // Thai
    ['+1 415 ٥٥٥ 0123', null, '+14155550123'], // mixed
    ['\u{1d7cf}\u{1d7d2}\u{1d7cf}\u{1d7d3} 555 0123', 'US', '+14155550123'], // mathematical bold digits
  ] as const) {
    const p = read(raw, region);
    assert.deepEqual(p, { display: shown, key: 'p:' + shown }, raw);
    assert.equal(p?.key, normalizePhone(shown, null)?.key, `${raw} merges with ${shown}`);
  }
});

test('Arabic and Persian punctuation around a number: direction marks (RLM, LRM, ALM) and an Arabic comma', () => {
  for (const [raw, region] of [
    ['\u200f+966 50 123 4567\u200f', null],
    ['\u200e+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧\u200e', null],
    ['\u061c٠٥٠ ١٢٣ ٤٥٦٧', 'SA'],
    ['٠٥٠\u061c ١٢٣ ٤٥٦٧', 'SA'],
    ['+966 50 123 4567،', null],
    ['٠٥٠ ١٢٣ ٤٥٦٧ ،', 'SA'],
    ['، +٩٦٦ ٥٠ ١٢٣ ٤٥٦٧', 'SA'],
  ] as const) {
    assert.deepEqual(read(raw, region), { display: '+966501234567', key: 'p:+966501234567' }, JSON.stringify(raw));
  }
  // A list "+٩٦٦ …، +٩٦٦ …" is no one number: kept as written (the caller splits it before each '+').
  assert.deepEqual(read('+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧، +٩٦٦ ٥٠ ١٢٣ ٤٥٦٨', null), { display: '+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧، +٩٦٦ ٥٠ ١٢٣ ٤٥٦٨', key: null });
});

test('must not: a short code or emergency number in another script becomes callable', () => {
  for (const [raw, region] of [
    ['١١٢', 'SA'],
    ['٩١١', 'US'],
    ['١٢٣٤', null],
    ['۱۱۰', 'IR'],
    ['१००', 'IN'],
    ['１１２', 'JP'],
  ] as const) {
    assert.deepEqual(read(raw, region), { display: raw, key: null }, raw);
  }
  assert.equal(read('٠٠٠ ٠٠٠ ٠٠٠٠', 'US')?.key, null); // filler stays filler
});

test('extension words of other languages give +E164;ext=N, the same key as "ext"', () => {
  for (const [raw, region, shown] of [
    ['01 23 45 67 81 poste 204', 'FR', '+33123456781;ext=204'], // French
    ['+1 514 555 0100 poste 123', null, '+15145550100;ext=123'], // Québec
    ['514-555-0101 p. 123', 'CA', '+15145550101;ext=123'],
    ['+49 30 1234567 Durchwahl 89', null, '+49301234567;ext=89'], // German
    ['+49 (30) 1234567 DW 89', 'DE', '+49301234567;ext=89'],
    ['030 1234567 DW: 89', 'DE', '+49301234567;ext=89'],
    ['+86 10 1234 5678 转 123', null, '+861012345678;ext=123'], // Chinese
    ['+86 10 1234 5678转123', null, '+861012345678;ext=123'],
    ['+86 10 1234 5678 分机 123', null, '+861012345678;ext=123'],
    ['+81 3-1234-5678 内線 45', null, '+81312345678;ext=45'], // Japanese
    ['+82 2 123 4567 내선 45', null, '+8221234567;ext=45'], // Korean
    ['+34 91 123 45 67 ext. 12', null, '+34911234567;ext=12'], // Spanish (libphonenumber)
    ['+34 91 123 45 67 extensión 12', null, '+34911234567;ext=12'],
    ['+56 2 2123 4567 anexo 12', null, '+56221234567;ext=12'],
    ['+34 91 123 45 67 int. 12', null, '+34911234567;ext=12'],
    ['+39 06 1234 5678 interno 12', null, '+390612345678;ext=12'], // Italian
    ['+55 11 3123-4567 ramal 12', null, '+551131234567;ext=12'], // Portuguese
    ['+31 20 123 4567 toestel 12', null, '+31201234567;ext=12'], // Dutch
    ['+7 495 123-45-67 доб. 123', null, '+74951234567;ext=123'], // Russian (libphonenumber)
    ['+48 22 123 45 67 wew. 12', null, '+48221234567;ext=12'], // Polish
    ['+48 22 123 45 67 wewn. 12', null, '+48221234567;ext=12'],
    ['+90 212 123 45 67 dahili 12', null, '+902121234567;ext=12'], // Turkish
    ['0212 123 45 67 Dahili: 12', 'TR', '+902121234567;ext=12'],
    ['+46 8 123 456 78 anknytning 12', null, '+46812345678;ext=12'], // Swedish
    ['+420 212 345 678 linka 12', null, '+420212345678;ext=12'], // Czech
    ['+421 2 1234 5678 klapka 12', null, '+421212345678;ext=12'], // Slovak
    ['+36 1 234 5678 mellék 12', null, '+3612345678;ext=12'], // Hungarian
    ['+45 33 12 34 56 lokal 12', null, '+4533123456;ext=12'], // Danish
    ['+972 3 123 4567 שלוחה 12', null, '+97231234567;ext=12'], // Hebrew
    ['+971 4 123 4567 تحويلة 12', null, '+97141234567;ext=12'], // Arabic
    ['+98 21 1234 5678 داخلی 12', null, '+982112345678;ext=12'], // Persian
  ] as const) {
    assert.deepEqual(read(raw, region), { display: shown, key: 'p:' + shown }, raw);
    assert.equal(normalizePhone(shown, null)?.key, 'p:' + shown, `${shown} is its own key`);
  }
});

// A DTMF dial string: the phone dials the number, pauses ('p') or waits ('w'), then sends the digits.
test('a pause (p) or wait (w) in a dial string is the extension it dials: +E164;ext=N', () => {
  for (const raw of ['+1 415 555 0136 p 123', '+14155550136p123', '+14155550136P123', '+14155550136pp123', '+14155550136w123', '(415) 555-0136 p123']) {
    assert.deepEqual(read(raw, 'US'), { display: '+14155550136;ext=123', key: 'p:+14155550136;ext=123' }, raw);
  }
  // Not the bare number's key: the switchboard rules hold.
  assert.notEqual(normalizePhone('+14155550136p123', 'US')?.key, normalizePhone('+14155550136', 'US')?.key);
});

test('a run of pauses of both kinds before an extension is one pause: +E164;ext=N (such a number had no key)', () => {
  for (const raw of ['+1 415 555 0136;;123', '+1 415 555 0136,;123', '+1 415 555 0136 ; , 123', '+14155550136,,123', '+1 415 555 0136;;123#']) {
    assert.deepEqual(read(raw, 'US'), { display: '+14155550136;ext=123', key: 'p:+14155550136;ext=123' }, raw);
  }
  // Not before a second number of ten digits or more: no made-up extension.
  assert.doesNotMatch(read('4155550136;;4155550124', 'US')?.key ?? '', /ext=/);
});

test('must not: a p in a word, an extension word without digits; an extension without a country is keyed national-only', () => {
  // Nothing after "poste", "pager", "p": the number alone (as libphonenumber reads it).
  assert.deepEqual(read('01 23 45 67 81 poste', 'FR'), { display: '+33123456781', key: 'p:+33123456781' });
  assert.deepEqual(read('+1 415 555 0136 pager', 'US'), { display: '+14155550136', key: 'p:+14155550136' });
  assert.deepEqual(read('+1 415 555 0136 p', 'US'), { display: '+14155550136', key: 'p:+14155550136' });
  // A 'p' ending a word is no pause: never an extension.
  for (const raw of ['+1 415 555 0136 shop 12', '+1 415 555 0136 app 12']) assert.doesNotMatch(read(raw, 'US')?.key ?? '', /ext=/, raw);
  // Without a country a number with an extension is shown as written and keyed national-only with its
  // extension, as "212 555 1234 x 9": the same line matches within the book, never another user's.
  for (const [raw, key] of [
    ['514 555 0101 poste 12', 'n:5145550101;ext=12'],
    ['030 1234567 DW 89', 'n:0301234567;ext=89'],
    ['4155550136p123', 'n:4155550136;ext=123'],
    ['030 1234567 Durchwahl 89', 'n:0301234567;ext=89'],
  ]) {
    assert.deepEqual(read(raw!, null), { display: raw, key }, raw);
  }
  // The words of letters are whole words: a name or a note ending in one is no extension.
  for (const raw of ['+1 415 555 0101 Malinka 2', '+420 601 123 456 infolinka 9']) assert.doesNotMatch(read(raw, null)?.key ?? '', /ext=/, raw);
  // An impossible number stays keyless with any extension word.
  assert.equal(read('+1 415 555 poste 12', null)?.key ?? null, null);
});

test('a complete number followed by a shortened alternative: the first number, and phoneAlternatives gives both', () => {
  for (const [raw, region, first, second] of [
    ['+1 415 555 0172 / 0173', 'US', '+14155550172', '+14155550173'],
    ['+1 415 555 0172 / 0173', null, '+14155550172', '+14155550173'],
    ['+1 415 555 0178 and 555 0179', 'US', '+14155550178', '+14155550179'],
    ['+1 415 555 0178 | 0179', 'US', '+14155550178', '+14155550179'],
    ['+1 415 555 0178 or 79', null, '+14155550178', '+14155550179'],
    ['+1 415 555 0178 & 0179', null, '+14155550178', '+14155550179'],
    ['415 555 0178 / 0179', 'US', '+14155550178', '+14155550179'],
    ['030 1234567 / 68', 'DE', '+49301234567', '+49301234568'],
    ['+44 20 7946 0958 / 9', null, '+442079460958', '+442079460959'],
    ['+1 415 555 0172/0173', 'US', '+14155550172', '+14155550173'], // no one number reads so
    ['Mobile: +1 415 555 0172 / 0173', null, '+14155550172', '+14155550173'],
    ['+٩٦٦ ٥٠ ١٢٣ ٤٥٦٧ / ٦٨', null, '+966501234567', '+966501234568'],
    ['+966 50 123 4567 ، 68', null, '+966501234567', '+966501234568'],
  ] as const) {
    assert.deepEqual(read(raw, region), { display: first, key: 'p:' + first }, raw);
    assert.deepEqual(
      phoneAlternatives(raw, region),
      [first, second].map((n) => ({ display: n, key: 'p:' + n })),
      raw,
    );
  }
});

test('must not: a shortened alternative that is no valid number, not shorter, or after no full number', () => {
  // Invalid second number (an exchange cannot start with 0): the first alone, never lost.
  assert.deepEqual(read('+1 415 555 0172 / 055 0173', 'US'), { display: '+14155550172', key: 'p:+14155550172' });
  assert.deepEqual(phoneAlternatives('+1 415 555 0172 / 055 0173', 'US'), [{ display: '+14155550172', key: 'p:+14155550172' }]);
  // As long as the national number: a list of full numbers, which the caller splits (not a shortened one).
  assert.equal(phoneAlternatives('+1 415 555 0172 / 415 555 0173', 'US'), null);
  assert.equal(read('+1 415 555 0172 / 415 555 0173', 'US')?.key, null);
  // The first part is no full number: "030 / 1234567" and "030/1234567" are one German number.
  for (const raw of ['030 / 1234567', '030/1234567', '+49 30/1234567']) {
    assert.equal(read(raw, 'DE')?.key, 'p:+49301234567', raw);
    assert.equal(phoneAlternatives(raw, 'DE'), null, raw);
  }
  // A first number with an extension, or without a country, gives no alternative.
  assert.equal(phoneAlternatives('+1 415 555 0172 x 5 / 6', 'US'), null);
  assert.equal(phoneAlternatives('415 555 0172 / 0173', null), null);
  // 'x', ',' and ';' are extension markers and pauses, not alternatives; other words are not separators.
  assert.equal(read('+1 415 555 0172 x 3', 'US')?.key, 'p:+14155550172;ext=3');
  for (const raw of ['+1 415 555 0172 x 3', '+1 415 555 0172, 3', '+1 415 555 0172 box 3', '+1 415 555 0172 shop 3']) {
    assert.equal(phoneAlternatives(raw, 'US'), null, raw);
  }
  // A number alone is no alternative.
  for (const raw of ['+14155550172', '(415) 555-0172', '911']) assert.equal(phoneAlternatives(raw, 'US'), null, raw);
});

/** The numbers phoneNumbers reads from a field, as [display, key] pairs (null: the field is read whole). */
function numbersOf(raw: string, region: CountryCode | null) {
  return phoneNumbers(raw, region)?.map((p) => [p.display, p.key]) ?? null;
}
const full = (...numbers: string[]) => numbers.map((n) => [n, 'p:' + n]);

test('three or more shortened alternatives: every one, each a neighbouring line of the first number', () => {
  for (const [raw, region, numbers] of [
    ['+1 415 555 0180 / 0181 / 0182', 'US', ['+14155550180', '+14155550181', '+14155550182']],
    ['+1 415 555 0180 / 0181 / 0182', null, ['+14155550180', '+14155550181', '+14155550182']],
    ['+1 415 555 0180 / 81 / 82 / 83', 'US', ['+14155550180', '+14155550181', '+14155550182', '+14155550183']],
    ['+1 415 555 0178, 0179 and 0180', 'US', null], // after a comma: a pause (the field is one number with its extension)
    ['+1 415 555 0178 | 0179 or 0180', null, ['+14155550178', '+14155550179', '+14155550180']],
    ['030 1234567 / 68 / 69', 'DE', ['+49301234567', '+49301234568', '+49301234569']],
    ['+44 20 7946 0958 / 9 / 7', null, ['+442079460958', '+442079460959', '+442079460957']],
  ] as const) {
    const want = numbers === null ? null : full(...numbers);
    assert.deepEqual(phoneAlternatives(raw, region)?.map((p) => [p.display, p.key]) ?? null, want, raw);
    assert.deepEqual(numbersOf(raw, region), want, raw);
    if (numbers !== null) assert.deepEqual(read(raw, region), { display: numbers[0], key: 'p:' + numbers[0] }, raw);
  }
});

test('two numbers joined by a German abbreviation with its dot ("o." for oder, "u." for und) are both read', () => {
  // Before, the dot stopped the word from being read as a separator: the field was one keyless string,
  // and a phone-only contact was left out as "nothing to invite".
  for (const raw of ['030 1234567 o. 0171 2345678', '030 1234567 u. 0171 2345678', '030 1234567 oder 0171 2345678']) {
    assert.deepEqual(numbersOf(raw, 'DE'), full('+49301234567', '+491712345678'), raw);
  }
  // The next number written right after the dot (eval:clean: "030 30673514 u.0152 24450229" was one
  // unusable string); "u" without its dot is no separator.
  assert.deepEqual(numbersOf('030 30673514 u.0152 24450229', 'DE'), full('+493030673514', '+4915224450229'));
  assert.deepEqual(numbersOf('0176 6167210 o.+49 221 2031276', 'DE'), full('+491766167210', '+492212031276'));
  assert.equal(numbersOf('030 30673514 u 0152 24450229', 'DE'), null);
  // Only "o." and "u.": another abbreviation is no separator.
  assert.equal(numbersOf('030 1234567 z.B. 0171 2345678', 'DE'), null);
  // Not written against the next number: "u.08:00-12:00", "u.0800-1200" are opening hours (a review found
  // two practices fused through the made-up number of their hours).
  assert.equal(numbersOf('069 2539935 u.0800-1200', 'DE'), null);
  assert.equal(numbersOf('069 2539935 u.08:00-12:00', 'DE'), null);
  // A second number with its trunk prefix, shorter than the first, is a number of its own, not a shortened
  // alternative of the first: "069 7773947" replaced the first's last ten digits, and was lost.
  assert.deepEqual(numbersOf('0157 00674227 u. 069 7773947', 'DE'), full('+4915700674227', '+49697773947'));
  assert.deepEqual(numbersOf('0151 92186212 / 040 2742560', 'DE'), full('+4915192186212', '+49402742560'));
  // A shortened alternative still shortens ("0172 / 73" style), and one with no valid reading stays unread.
  assert.deepEqual(numbersOf('030 1234567 / 68', 'DE'), full('+49301234567', '+49301234568'));
  // A date or a time after a number is no second number (German plans read almost any digits as valid).
  for (const raw of ['0171 2345678 / 01.03.2024', '0171 2345678 u. 01.03.2024', '0171 2345678 / 08:00-12:00']) {
    assert.equal(phoneNumbers(raw, 'DE'), null, raw);
    assert.equal(normalizePhone(raw, 'DE')?.key, 'p:+491712345678', raw);
  }
});

test('must not: an alternative in a chain that is no neighbouring line of the first number, or no valid number', () => {
  // A year, an area code, a line far from the first (0250 is near 0240, not 0180): left out, the others kept.
  for (const raw of ['+1 415 555 0180 / 0181 / 2024', '+1 415 555 0180 / 0181 / 415', '+1 415 555 0180 / 0181 / 0250']) {
    assert.deepEqual(numbersOf(raw, 'US'), full('+14155550180', '+14155550181'), raw);
  }
  // All of them out: the first number alone (normalizePhone reads it; not a list).
  assert.equal(numbersOf('+1 415 555 0180 / 2024 / 1999', 'US'), null);
  assert.deepEqual(read('+1 415 555 0180 / 2024 / 1999', 'US'), { display: '+14155550180', key: 'p:+14155550180' });
  // No full number first: no list, one keyless number as before.
  for (const raw of ['0123 / 12 / 7', '/ 415', '415 / 0181 / 0182']) {
    assert.equal(numbersOf(raw, 'US'), null, raw);
    assert.equal(read(raw, 'US')?.key ?? null, null, raw);
  }
});

test('an alternative after an extension is another line of the number; a short one may be another extension and is not read', () => {
  // "ext 9 / 0124": 0124 is the last digits of a number (four of them, the extension has one): the number's neighbour.
  for (const raw of ['+1 415 555 0123 ext 9 / 0124', '+1 415 555 0123 x9 / 0124', '+1 (415) 555-0123 ext. 12 / 0124']) {
    const ext = raw.includes('12 /') ? '12' : '9';
    assert.deepEqual(numbersOf(raw, 'US'), [[`+14155550123;ext=${ext}`, `p:+14155550123;ext=${ext}`], ...full('+14155550124')], raw);
    assert.deepEqual(read(raw, 'US'), { display: `+14155550123;ext=${ext}`, key: `p:+14155550123;ext=${ext}` }, raw);
  }
  // Must not: "x 5 / 6", "ext 9 / 10" may name extension 6 or 10 as well as a line: only the first is read
  // (it was lost before), and no alternative is made of it.
  for (const [raw, first] of [
    ['+1 415 555 0172 x 5 / 6', '+14155550172;ext=5'],
    ['+1 415 555 0123 ext 9 / 10', '+14155550123;ext=9'],
  ] as const) {
    assert.deepEqual(read(raw, 'US'), { display: first, key: 'p:' + first }, raw);
    assert.equal(phoneAlternatives(raw, 'US'), null, raw);
    assert.equal(numbersOf(raw, 'US'), null, raw);
  }
  // A far line after an extension: the first alone.
  assert.equal(numbersOf('+1 415 555 0123 ext 9 / 2024', 'US'), null);
  assert.equal(read('+1 415 555 0123 ext 9 / 2024', 'US')?.key, 'p:+14155550123;ext=9');
});

test('a spaced hyphen or dash after a complete number and a short tail: a range or alternative, when the whole is no one number', () => {
  for (const [raw, region, numbers] of [
    ['+1 415 555 0180 - 0189', 'US', ['+14155550180', '+14155550189']],
    ['415 555 0180 - 0181', 'US', ['+14155550180', '+14155550181']],
    ['+1 415 555 0180 – 89', null, ['+14155550180', '+14155550189']], // an en dash
    ['+44 20 7946 0018 - 19', null, ['+442079460018', '+442079460019']], // fastE164 alone would take "+44207946001819"
    ['+44 20 7946 0018 - 0019', 'GB', ['+442079460018', '+442079460019']],
    ['+33 1 23 45 67 81 - 82', null, ['+33123456781', '+33123456782']],
    ['+1 415 555 0180 - 0181 - 0182', 'US', ['+14155550180', '+14155550181', '+14155550182']],
  ] as const) {
    assert.deepEqual(numbersOf(raw, region), full(...numbers), raw);
    assert.deepEqual(read(raw, region), { display: numbers[0], key: 'p:' + numbers[0] }, raw);
  }
  // A tail that is no neighbouring line: the first number alone, never lost.
  assert.equal(numbersOf('+1 415 555 0180 - 2024', 'US'), null);
  assert.deepEqual(read('+1 415 555 0180 - 2024', 'US'), { display: '+14155550180', key: 'p:+14155550180' });
});

test('must not: a hyphen inside one number, spaced or not, makes two numbers', () => {
  for (const [raw, region, number] of [
    ['+49 30 1234-5678', null, '+493012345678'],
    ['+49 30 1234 - 5678', null, '+493012345678'], // "+49 30 1234" is no complete number
    ['030 1234 - 5678', 'DE', '+493012345678'],
    ['+1 415 - 555 - 0123', 'US', '+14155550123'],
    ['415 - 555 - 0123', 'US', '+14155550123'],
    ['415-555-0123', 'US', '+14155550123'],
    ['+44 20 - 7946 - 0018', null, '+442079460018'],
    // German numbers have no fixed length: a direct-dial extension (Durchwahl) is written after a hyphen,
    // and the whole is one valid number, the direct line. Read whole, as before (no range "5670 - 0189").
    ['+49 30 1234 5670 - 0189', null, '+4930123456700189'],
    ['030 1234567 - 89', 'DE', '+4930123456789'],
  ] as const) {
    assert.deepEqual(read(raw, region), { display: number, key: 'p:' + number }, raw);
    assert.equal(numbersOf(raw, region), null, raw);
    assert.equal(phoneAlternatives(raw, region), null, raw);
  }
});

test('a national number after an international one is read in its country when the region gives no valid number', () => {
  for (const [raw, region] of [
    ['+44 20 7946 0018 / 020 7946 0019', null],
    ['+44 20 7946 0018 / 020 7946 0019', 'US'],
    ['+44 20 7946 0018 / 020 7946 0019', 'GB'],
    ['+44 20 7946 0018, 020 7946 0019', 'US'],
    ['+44 20 7946 0018 ::: 020 7946 0019', 'FR'],
  ] as const) {
    assert.deepEqual(numbersOf(raw, region), full('+442079460018', '+442079460019'), `${raw} in ${region}`);
  }
  // Without a region a national number kept only its digits: now the number of the first one's country.
  assert.deepEqual(numbersOf('+1 415 555 0123 / 212 555 0199', null), full('+14155550123', '+12125550199'));
  // Must not: a valid number of the region is not overruled (how the book writes its national numbers),
  // and a part that is no valid number in the first one's country keeps its reading in the region.
  assert.deepEqual(numbersOf('+33 1 23 45 67 89 / 030 1234567', 'DE'), full('+33123456789', '+49301234567'));
  assert.deepEqual(numbersOf('+44 20 7946 0018 / 212 555 0199', 'US'), full('+442079460018', '+12125550199'));
  assert.deepEqual(numbersOf('+44 20 7946 0018 / 212 555 0199', null), [...full('+442079460018'), ['212 555 0199', 'n:2125550199']]);
  // A part that is no number anywhere: no list, the field read whole as before.
  assert.equal(numbersOf('+44 20 7946 0018 / 0000 1234 5678', 'US'), null);
  // Filler beside the number is none (a probe: the field read whole was keyless, the real number lost).
  assert.deepEqual(numbersOf('+44 20 7946 0018 / 000 0000 0000', 'US'), full('+442079460018'));
});

test('a dial string of several pauses and waits is one extension of all its digits', () => {
  for (const [raw, ext] of [
    ['+1 415 555 0123p1w2', '12'],
    ['+14155550123p1p2p3', '123'],
    ['+14155550123w12,34', '1234'],
    ['(415) 555-0123 p 1 w 2', '12'],
  ] as const) {
    assert.deepEqual(read(raw, 'US'), { display: `+14155550123;ext=${ext}`, key: `p:+14155550123;ext=${ext}` }, raw);
  }
  assert.deepEqual(read('+1 415 555 0123p1w2', null), { display: '+14155550123;ext=12', key: 'p:+14155550123;ext=12' });
  // Without a country: shown as written, keyed national-only with the same extension; and a 'p' ending a
  // word is no pause.
  assert.deepEqual(read('4155550123p1w2', null), { display: '4155550123p1w2', key: 'n:4155550123;ext=12' });
  assert.doesNotMatch(read('+1 415 555 0136 shop 1 p 2', 'US')?.key ?? '', /ext=/);
});

test('must keep as they are: one number with a slash, a number alone, a number and a year', () => {
  for (const [raw, region, number] of [
    ['030/1234567', 'DE', '+49301234567'],
    ['(0)30 / 123 456 7', 'DE', '+49301234567'],
    ['030 / 1234567', 'DE', '+49301234567'],
    ['+49 30/1234567', 'DE', '+49301234567'],
    ['+1 415 555 0172 / 2024', 'US', '+14155550172'],
    ['+1 415 555 0172 / 415', 'US', '+14155550172'],
    ['+1 (415) 555-0172', 'US', '+14155550172'],
    ['+1 415 555 0123 / n/a', 'US', '+14155550123'],
  ] as const) {
    assert.deepEqual(read(raw, region), { display: number, key: 'p:' + number }, raw);
    assert.equal(numbersOf(raw, region), null, raw);
  }
});

test('phoneNumbers ends on any string of phone characters and separators, and gives keyed numbers or null', () => {
  const unit = fc.constantFrom(...'0123456789 +-/()|&,;'.split(''), ' - ', ' / ', ' – ', ':::', ' and ', ' o ', 'ext', 'x', 'p', 'w', '،', '٣');
  fc.assert(
    fc.property(fc.string({ unit, maxLength: 30 }), fc.constantFrom(null, 'US', 'GB', 'DE', 'FR'), (s, r) => {
      const numbers = phoneNumbers(s, r as CountryCode | null);
      if (numbers !== null) {
        assert.ok(numbers.length > 1, JSON.stringify(s));
        for (const n of numbers) assert.notEqual(n.key, null, JSON.stringify(s));
      }
      normalizePhone(s, r as CountryCode | null);
    }),
    { numRuns: 3000, seed: 50 },
  );
});

test('a local number without its area code keeps its digits as a national-only key in a known region, as without one', () => {
  for (const [raw, digits] of [
    ['234-5678', '2345678'],
    ['555 0151', '5550151'],
    ['2345678', '2345678'],
    ['234.5678', '2345678'],
  ] as const) {
    for (const region of ['US', 'JM', null] as const) {
      assert.deepEqual(read(raw, region), { display: raw, key: 'n:' + digits }, `${raw} in ${region}`);
    }
  }
});

test('must not: short codes, filler and impossible numbers in a known region become keyed', () => {
  for (const [raw, region] of [
    ['911', 'US'],
    ['112', 'DE'],
    ['611', 'US'],
    ['1234', 'US'],
    ['12345', 'GB'],
    ['123456', 'US'], // 6 digits: a short code, not a local number
    ['000-0000', 'US'], // filler
    ['(000) 000-001', 'JM'], // starts with 0: no subscriber number
    ['0 12 34 56', 'FR'],
    ['+1 234 5678', 'US'], // written international: an impossible number, not a local one
  ] as const) {
    assert.equal(read(raw, region)?.key ?? null, null, `${raw} in ${region}`);
  }
  // Read through the region's international prefix into no possible number, a string written as one
  // number is another country's national number ("011 234 5678" is how Johannesburg writes its numbers,
  // "0912 345 678" a Vietnamese mobile, "09" being Mexico's prefix): keyed as with no region, as the
  // region's own impossible numbers of such a length are.
  assert.equal(read('011 234 5678', 'US')?.key, 'n:0112345678');
  assert.equal(read('0912 345 678', 'MX')?.key, 'n:0912345678');
  // A local number with an extension cannot be dialled: no key.
  assert.equal(read('234-5678 x12', 'US')?.key, null);
});

test('short codes and service numbers never get a key', () => {
  for (const [s, r] of [
    ['911', 'US'],
    ['112', 'DE'],
    ['12345', 'GB'],
    ['*86', 'US'],
    ['#31#', null],
    ['611', null],
    ['+1911', null],
  ] as const) {
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

test("regionFromPhone reads the owner's phone as the book's numbers are read: tel: URIs, a range the library calls invalid; digits without '+' name no country", () => {
  // must keep: the forms the entry reader reads give their country
  assert.equal(regionFromPhone('tel:+44 7700 900000'), 'GB'); // Ofcom's drama range: invalid for the library, +44 all the same
  assert.equal(regionFromPhone('+44 7700 900000'), 'GB');
  assert.equal(regionFromPhone('tel:+447911123000'), 'GG'); // the library's own country for a valid number stays
  assert.equal(regionFromPhone('+447911123000'), 'GG');
  assert.equal(regionFromPhone('TEL;TYPE=CELL:+1 415 555 0100'), 'US');
  assert.equal(regionFromPhone('tel:4155550136;phone-context=+1'), 'US');
  // must drop: a national number, an invalid one without '+', a number none can read
  assert.equal(regionFromPhone('4155550100'), null); // ten digits: a national number, never +41 …
  assert.equal(regionFromPhone('07911 123456'), null);
  // Digits without '+' name no country: a national number of the source's region may read the same (a
  // review: a Chinese mobile in a CN book, a Porto Alegre number in a BR book, read as US and PE numbers).
  assert.equal(regionFromPhone('447911123000'), null);
  assert.equal(regionFromPhone('15012345678'), null);
  assert.equal(regionFromPhone('51 98765 4321'), null);
  assert.equal(regionFromPhone('447700900000'), null);
  assert.equal(regionFromPhone('+1 555 123 4567'), null);
  assert.equal(regionFromPhone('tel:'), null);
  assert.equal(regionFromPhone('   '), null);
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
        const r = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
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

// quickParse reads IDD prefixes, trunk prefixes, national numbers and extensions with the parser's own
// steps and metadata: it must give exactly what the parser path (parsePhoneSlow) gives, in every region.
describe('quickParse agrees with the libphonenumber path', () => {
  const examples = examplesModule as unknown as Record<string, string>;
  const countries = Object.keys(examples);
  const REGIONS = [null, 'US', 'CA', 'GB', 'DE', 'IT', 'FR', 'AU', 'JP', 'BR', 'IN', 'RU', 'MX', 'AR', 'CN', 'SG', 'CH', 'NL', 'FI', 'HK', 'KR', 'NZ'] as const;
  const region = fc.constantFrom(...REGIONS);
  const seps = [' ', '-', '.', ' (', ') ', '/', ''];
  /** A national number of the country: its example, or random digits of a nearby length (impossible ones too). */
  const national = fc
    .tuple(fc.constantFrom(...countries), fc.integer({ min: -2, max: 2 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }))
    .map(([c, delta, seed]) => {
      const ex = examples[c]!;
      let state = seed >>> 0;
      const r = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
      let n = ex;
      if (delta !== 0 || r() < 0.3) {
        n = ex.slice(0, 2);
        const len = Math.max(3, ex.length + delta);
        while (n.length < len) n += String(Math.floor(r() * 10));
      }
      let spaced = '';
      for (const d of n) spaced += (spaced && r() < 0.3 ? seps[Math.floor(r() * seps.length)] : '') + d;
      return { cc: getCountryCallingCode(c as CountryCode), n, spaced: spaced.replace(/\(([^)]*)$/, '$1') };
    });
  const ext = fc.constantFrom('', '', ' x123', ' x 12', 'x7', ' X1', ' ext. 12', ' ext 4', ' Ext.99', ' EXT 123456', '  x.5');
  const SHAPES: Record<string, (p: { cc: string; n: string; spaced: string }) => string> = {
    'IDD 00': (p) => `00${p.cc}${p.n}`,
    'IDD 00 spaced': (p) => `00${p.cc} ${p.spaced}`,
    'IDD 00 then space': (p) => `00 ${p.cc} ${p.spaced}`,
    'IDD 011': (p) => `011${p.cc}${p.n}`,
    'IDD 011 spaced': (p) => `011 ${p.cc} ${p.spaced}`,
    'IDD 0011 (Australia)': (p) => `0011 ${p.cc} ${p.spaced}`,
    'IDD 010 (Japan)': (p) => `010 ${p.cc} ${p.spaced}`,
    'IDD 00 with (0)': (p) => `00${p.cc} (0)${p.spaced}`,
    '+cc (0) trunk': (p) => `+${p.cc} (0)${p.spaced}`,
    '+cc(0) trunk': (p) => `+${p.cc}(0)${p.n}`,
    '+cc 0 trunk': (p) => `+${p.cc} 0${p.spaced}`,
    '+cc spaced': (p) => `+${p.cc} ${p.spaced}`,
    'national with trunk 0': (p) => `0${p.spaced}`,
    national: (p) => p.spaced,
    'national with calling code, no +': (p) => `${p.cc} ${p.spaced}`,
    'national with trunk 8': (p) => `8 ${p.spaced}`,
  };
  const shape = fc.constantFrom(...Object.keys(SHAPES));

  function same(written: string, r: CountryCode | null): boolean {
    const ours = parsePhoneUncached(written, r);
    const theirs = parsePhoneSlow(written, r);
    assert.deepEqual(ours, theirs, `${JSON.stringify(written)} in ${r}`);
    return parsePhoneQuick(written, r) !== undefined;
  }

  it('every shape, every region (IDD, trunk prefixes, national, extensions)', () => {
    let handled = 0,
      runs = 0;
    fc.assert(
      fc.property(shape, national, ext, region, (sh, p, x, r) => {
        runs++;
        if (same(SHAPES[sh]!(p) + x, r)) handled++;
      }),
      { numRuns: 3000, seed: 42 },
    );
    // The point is speed: most of these must not reach the parser.
    assert.ok(handled / runs > 0.8, `quickParse handled ${handled} of ${runs}`);
  });

  it('North American numbers with extensions, in every region', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 999 }),
        fc.integer({ min: 100, max: 999 }),
        fc.integer({ min: 0, max: 9999 }),
        fc.constantFrom('(A) E-S', 'A-E-S', 'A.E.S', '1 A E S', '1-A-E-S', 'AES', '+1 A E S', 'A E S', '1 (A) E-S'),
        fc.constantFrom(' x123', ' x 1', 'x12', ' ext. 55', ' ext 7', ' Ext.1234', ' x123456', ''),
        region,
        (a, e, sub, sh, x, r) => {
          const written = sh.replace('A', String(a)).replace('E', String(e)).replace('S', String(sub).padStart(4, '0')) + x;
          same(written, r);
        },
      ),
      { numRuns: 1500, seed: 43 },
    );
  });

  it('UK, German, Italian, French numbers in the forms books hold', () => {
    // Italy keeps its leading 0 (part of the number): "+39 (0)6 ..." must not lose it, exactly as the parser.
    const forms = fc.constantFrom('+CC (0)N', '00CC N', '00CCN', '011 CC N', '011CCN', '0N', 'N', '+CC 0N', '00CC (0)N');
    const cc = fc.constantFrom(
      ['44', '7911123456'],
      ['44', '2079460958'],
      ['49', '3012345678'],
      ['49', '15123456789'],
      ['39', '0612345678'],
      ['39', '3123456789'],
      ['33', '612345678'],
      ['61', '412345678'],
      ['81', '9012345678'],
      ['55', '11987654321'],
      ['7', '9123456789'],
      ['1', '4155550123'],
    );
    fc.assert(
      fc.property(forms, cc, fc.integer({ min: -2, max: 2 }), ext, region, (f, [c, n], cut, x, r) => {
        const num = cut < 0 ? n.slice(0, cut) : n + '1234'.slice(0, cut);
        same(f.replace('CC', c).replace('N', num) + x, r);
      }),
      { numRuns: 2000, seed: 44 },
    );
  });

  it("the region's own calling code written without '+' (\"49 30 ...\" in Germany), any length", () => {
    fc.assert(
      fc.property(fc.constantFrom(...REGIONS.filter((r) => r !== null)), fc.stringMatching(/^[0-9]{4,17}$/), fc.boolean(), ext, (r, digits, space, x) => {
        same(`${getCountryCallingCode(r)}${space ? ' ' : ''}${digits}${x}`, r);
      }),
      { numRuns: 3000, seed: 46 },
    );
  });

  it('arbitrary strings of digits and phone punctuation', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789 +-./()xXet#,;'.split(''), '00', '011', '0044', '(0)'), minLength: 1, maxLength: 24 }),
        region,
        (written, r) => {
          same(written, r);
        },
      ),
      { numRuns: 3000, seed: 45 },
    );
  });

  it('the shapes of the benchmark book never reach the parser', () => {
    const cases: [string, CountryCode | null][] = [
      ['0044 7911 123456', 'US'],
      ['0044 7911 123456', null],
      ['0044 7911 123456', 'GB'],
      ['00447911123456', 'DE'],
      ['011 44 7911 123456', 'US'],
      ['011 44 7911 123456', null],
      ['011447911123456', 'CA'],
      ['0049 30 12345678', 'US'],
      ['0049 30 12345678', 'DE'],
      ['0049 30 12345678', null],
      ['+49 (0)30 1234567', 'US'],
      ['+49 (0)30 1234567', null],
      ['+44 (0)20 7946 0000', 'GB'],
      ['+39 (0)6 1234 5678', 'IT'],
      ['(415) 555-1234 x123', 'US'],
      ['(415) 555-1234 x123', null],
      ['+1 212 555 1234 ext. 55', null],
      ['212-555-1234 ext 7', 'US'],
      ['020 7946 0000', 'GB'],
      ['0171 1234567', 'DE'],
      ['06 12 34 56 78', 'FR'],
      ['(212) 555-1234', null],
    ];
    for (const [written, r] of cases) {
      assert.notEqual(parsePhoneQuick(written, r), undefined, `${written} in ${r}`);
      assert.deepEqual(parsePhoneUncached(written, r), parsePhoneSlow(written, r), `${written} in ${r}`);
    }
  });

  it("Mexico's abolished 01, 044 and 045 before a national number (and look-alikes), in every region", () => {
    // Both paths read "044 55 1234 5678" in a Mexican book as +52 55 1234 5678 (mexicanNationalPrefix): the
    // quick path must not leave it to the parser, and must give what the parser path gives, in any region.
    fc.assert(
      fc.property(
        fc.constantFrom('01', '044', '045', '02', '046', '04', '001', ''),
        // An area code as Mexico's start (2-9), not filler: "01 (14) 0000100001", in any region, is read
        // apart by the two paths already ("+40000100001" against its digits), a case of its own.
        fc.stringMatching(/^[2-9][0-9]{7,11}$/).filter((n) => !/(\d)\1{4}/.test(n)),
        fc.constantFrom(' ', '-', '', ' (', '.'),
        region,
        (prefix, n, sep, r) => {
          const spaced = n.replace(/^(\d{2})(\d{4})/, `$1${sep}$2 `).replace('(', sep === ' (' ? '' : '(');
          for (const written of [`${prefix} ${spaced}`, `${prefix}${n}`, `${prefix} (${n.slice(0, 2)}) ${n.slice(2)}`]) {
            const quick = same(written, r);
            if (r === 'MX' && /^0(?:1|44|45)$/.test(prefix) && n.length === 10 && parsePhoneNumberFromString('+52' + n)?.isValid()) {
              assert.ok(quick, `${written}: quickParse reads it`);
              assert.equal(parsePhoneUncached(written, r)?.key, 'p:+52' + n, written);
            }
          }
        },
      ),
      { numRuns: 1500, seed: 50 },
    );
    // Valid ten digits (the example numbers' ranges) in the forms books hold.
    for (const n of ['5512345678', '8181234567', '3312345678', '2221234567', '8001234567', '9991234567']) {
      for (const prefix of ['01 ', '044 ', '045 ', '01', '044', '045', '02 ']) {
        for (const r of REGIONS) same(prefix + n, r);
        const v = parsePhoneUncached(prefix + n, 'MX');
        if (prefix.startsWith('02')) assert.equal(v?.key, 'n:' + prefix.trim() + n, prefix + n);
        else assert.deepEqual(v, { display: '+52' + n, key: 'p:+52' + n }, prefix + n);
      }
    }
  });
});

// "00" and "011" numbers skip the parser where its metadata gives the answer: carrierPrefixMisread's two
// readings and their validity (quickCarrierPrefixMisread), then quickParse. normalizePhone must give
// exactly what the library path gives (parsePhoneReference: carrierPrefixMisread, then parsePhoneSlow)
// for every calling code, those shared by several countries (+1, +7, +44 ...) and the carrier regions'
// (Brazil, Colombia) above all, in every region.
describe('numbers with an international call prefix agree with the libphonenumber path', () => {
  const examples = examplesModule as unknown as Record<string, string>;
  const REGIONS = [null, 'US', 'CA', 'GB', 'DE', 'BR', 'CO', 'IT', 'JP', 'IN', 'RU', 'KZ', 'AU', 'FR', 'MX', 'AR', 'CN', 'JE', 'NO', 'FI'] as const;
  const region = fc.constantFrom(...REGIONS);
  /** Codes of several countries, the carrier regions' own, a non-geographic one (+800) and others; then any code. */
  const SOME = ['1', '7', '44', '39', '47', '61', '212', '290', '358', '590', '599', '55', '57', '81', '86', '880', '800', '49', '33', '31', '91'];
  const code = fc.oneof(fc.constantFrom(...SOME), fc.constantFrom(...new Set(getCountries().map((c) => getCountryCallingCode(c)))));
  /** The example numbers of each calling code's countries (+800, of no country: digits of its length). */
  const EXAMPLES = new Map<string, string[]>([['800', ['12345678']]]);
  for (const c of getCountries()) {
    const cc = getCountryCallingCode(c);
    EXAMPLES.set(cc, [...(EXAMPLES.get(cc) ?? []), examples[c]!]);
  }
  const seps = [' ', '-', '.', ' (', ') ', '/', ''];
  /** A national number of the code: an example, or random digits of a nearby length (impossible ones too). */
  const national = fc.tuple(code, fc.integer({ min: -2, max: 2 }), fc.integer({ min: 0, max: 2 ** 31 - 1 })).map(([cc, delta, seed]) => {
    let state = seed >>> 0;
    const r = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const list = EXAMPLES.get(cc)!;
    const ex = list[Math.floor(r() * list.length)]!;
    let n = ex;
    if (delta !== 0 || r() < 0.3) {
      n = ex.slice(0, 2);
      const len = Math.max(3, ex.length + delta);
      while (n.length < len) n += String(Math.floor(r() * 10));
    }
    let spaced = '';
    for (const d of n) spaced += (spaced && r() < 0.3 ? seps[Math.floor(r() * seps.length)] : '') + d;
    return { cc, n, spaced: spaced.replace(/\(([^)]*)$/, '$1') };
  });
  const SHAPES: Record<string, (p: { cc: string; n: string; spaced: string }) => string> = {
    '00': (p) => `00${p.cc}${p.n}`,
    '00 spaced': (p) => `00${p.cc} ${p.spaced}`,
    '00 then space': (p) => `00 ${p.cc} ${p.spaced}`,
    '00 hyphens': (p) => `00-${p.cc}-${p.spaced}`,
    '0 0 spaced': (p) => `0 0 ${p.cc} ${p.spaced}`,
    '00 (cc)': (p) => `00 (${p.cc}) ${p.spaced}`,
    '00 with (0)': (p) => `00${p.cc} (0)${p.spaced}`,
    '00 with trunk 0': (p) => `00${p.cc}0${p.n}`,
    '00 around spaces': (p) => ` 00${p.cc}${p.n}\t`,
    '00 cut short': (p) => `00${p.cc}${p.n}`.slice(0, 4 + (p.n.length % 4)),
    '011': (p) => `011${p.cc}${p.n}`,
    '011 spaced': (p) => `011 ${p.cc} ${p.spaced}`,
    '0-1-1 spaced': (p) => `0-1-1 ${p.cc} ${p.spaced}`,
    '011 hyphens': (p) => `011-${p.cc}-${p.spaced}`,
    '0011 (Australia)': (p) => `0011 ${p.cc} ${p.spaced}`,
    '010 (Japan)': (p) => `010 ${p.cc} ${p.spaced}`,
    '8~10 (Russia)': (p) => `8 10 ${p.cc} ${p.spaced}`,
  };
  const shape = fc.constantFrom(...Object.keys(SHAPES));
  const ext = fc.constantFrom('', '', '', '', ' x12', ' ext. 3', ', 45', ' #');

  /** normalizePhone (cache cleared) against the library path; whether the carrier reading needed no parser. */
  function same(written: string, r: CountryCode | null): boolean {
    clearPhoneCache();
    // The reading under the region (the other plan's reading, NormPhone.alt, is foreignReading's: tested below).
    const ours = normalizePhone(written, r);
    if (ours !== null) delete ours.alt;
    assert.deepEqual(ours, parsePhoneReference(written, r), `${JSON.stringify(written)} in ${r}`);
    return r === null || carrierPrefixQuick(written, r) !== undefined;
  }

  it('"00", "011" and spaced prefixes before numbers of every calling code, in every region', () => {
    let handled = 0,
      runs = 0;
    fc.assert(
      fc.property(shape, national, ext, region, (sh, p, x, r) => {
        const written = SHAPES[sh]!(p) + x;
        const quick = same(written, r);
        if (r === null || x !== '' || !written.trim().startsWith('00')) return;
        runs++;
        if (quick) handled++;
      }),
      { numRuns: 6000, seed: 52 },
    );
    // The point is speed: few "00" numbers may reach the parser's two readings (+800 and the codes whose
    // countries disagree on a length do).
    assert.ok(handled / runs > 0.9, `the carrier reading handled ${handled} of ${runs}`);
  });

  it('a carrier prefix of Brazil or Colombia before a calling code, in every region', () => {
    // Brazil's "00" + 12, 14, 15, 21, 23, 25, 31, 41, 43, 55, 65 or 99; Colombia's "00" + 5, 7, 9, 414, 444 or 456.
    const carrier = fc.constantFrom('12', '14', '15', '21', '23', '25', '31', '41', '43', '55', '65', '99', '5', '7', '9', '414', '444', '456');
    const forms = fc.constantFrom('00KCCN', '00K CC S', '00 K CC S', '00KS', '00K S', '00CCS');
    const regions = fc.oneof(fc.constantFrom('BR', 'CO'), region);
    fc.assert(
      fc.property(carrier, forms, national, regions, (k, f, p, r) => {
        same(f.replace('K', k).replace('CC', p.cc).replace('N', p.n).replace('S', p.spaced), r as CountryCode | null);
      }),
      { numRuns: 3000, seed: 53 },
    );
  });

  it('arbitrary strings of digits and phone punctuation after "00" or "011"', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('00', '00 ', '011', '011 ', '0-1-1 ', '0 0'),
        fc.string({ unit: fc.constantFrom(...'0123456789 -./()x#,'.split(''), '(0)', '44', '1', '7', '55'), minLength: 1, maxLength: 20 }),
        region,
        (prefix, rest, r) => {
          same(prefix + rest, r);
        },
      ),
      { numRuns: 4000, seed: 54 },
    );
  });

  // Whether the plain reading is a valid number decides between the two readings: isValid without the
  // parser must be the parser's, in the country the number tells (leading digits, types) or the one it was
  // given, for the countries that share a calling code above all (JM, KZ, IM, JE, VA, AX ... are no code's first).
  it("isValid of the parser's reading, without the parser, is the parser's, for every calling code and region", () => {
    const regions = fc.constantFrom(...REGIONS, 'JM', 'PR', 'DO', 'KZ', 'IM', 'JE', 'GG', 'VA', 'AX', 'SJ', 'BQ', 'TA', 'EH', 'YT', 'CC', 'BL');
    const forms = fc.constantFrom('+CCN', 'N', '0N', 'CCN', '00CCN', '011CCN', '8N', '810CCN');
    let valid = 0,
      runs = 0;
    fc.assert(
      fc.property(forms, national, regions, (f, p, r) => {
        const digits = f.replace('CC', p.cc).replace('N', p.n);
        const ours = readDigitsQuick(digits, r as CountryCode | null);
        if (ours === undefined) return;
        const theirs = parsePhoneNumberFromString(digits, r === null ? undefined : { defaultCountry: r as CountryCode });
        assert.deepEqual(ours, theirs === undefined ? null : { number: theirs.number, valid: theirs.isValid() }, `${digits} in ${r}`);
        runs++;
        if (ours?.valid) valid++;
      }),
      { numRuns: 6000, seed: 55 },
    );
    assert.ok(runs > 5000 && valid > 1000, `${valid} valid of ${runs} compared`);
  });

  // isValidNumber reads any '+' and digits by readDigitsQuick (a calling code typed twice, "+91 91…", is
  // one of them): on arbitrary digits after '+', its number and isValid are the parser's wherever it answers.
  it("isValid of any '+' and digits, without the parser, is the parser's", () => {
    const cc = fc.constantFrom(
      '1',
      '7',
      '20',
      '27',
      '33',
      '39',
      '44',
      '49',
      '52',
      '54',
      '55',
      '61',
      '81',
      '84',
      '86',
      '91',
      '234',
      '351',
      '380',
      '800',
      '870',
      '882',
      '979',
    );
    let runs = 0;
    fc.assert(
      fc.property(cc, fc.boolean(), fc.string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: 1, maxLength: 15 }), (c, twice, rest) => {
        const digits = '+' + c + (twice ? c : '') + rest;
        const ours = readDigitsQuick(digits, null);
        if (ours === undefined) return;
        const theirs = parsePhoneNumberFromString(digits);
        assert.deepEqual(ours, theirs === undefined ? null : { number: theirs.number, valid: theirs.isValid() }, digits);
        runs++;
      }),
      { numRuns: 6000, seed: 56 },
    );
    assert.ok(runs > 4000, `${runs} compared`);
  });

  it('a short number of a small plan after a prefix written with spacing or brackets is read as the parser reads it', () => {
    // Valid full numbers of small plans ("+299 22 12 34", Greenland) are numbers however short (isValid
    // says so), but what the parser reads after "(00)" is not always what quickParse reads.
    for (const written of ['(00) 299 221234', '(00) 290 51234', '0 0 299 22 12 34', '00 (298) 211234', '(00) 376 312345', '0-1-1 682 71234']) {
      for (const r of [null, 'US', 'GB', 'DE', 'BR', 'JM'] as const) same(written, r);
    }
  });

  it('another country\'s number written with "00" in a Japanese, Korean or Indonesian book is that number; their toll-free ranges stay theirs', () => {
    // The small metadata takes `+81 0031…` for a valid Japanese number: the owner wrote a Dutch mobile
    // the European way (eval:top10: `Smit, Willem 0031 6 57910404` in a Japanese book).
    for (const r of ['JP', 'KR', 'ID'] as const) {
      assert.equal(normalizePhone('0031 6 57910404', r)?.key, 'p:+31657910404', r);
      assert.equal(normalizePhone('0049 170 1234567', r)?.key, 'p:+491701234567', r);
      assert.equal(normalizePhone('0033 6 12 34 56 78', r)?.key, 'p:+33612345678', r);
      for (const written of ['0031 6 57910404', '0049 170 1234567', '0033 6 12 34 56 78']) same(written, r);
    }
    // Must keep: the regions' own toll-free numbers (`0066-33` in Japan; `007-803` in Indonesia, though
    // `+7 803…` reads as valid), as written there.
    assert.equal(normalizePhone('0066-33-123456', 'JP')?.key, 'p:+81006633123456');
    assert.equal(normalizePhone('0037-6-123456', 'JP')?.key, 'p:+8100376123456');
    assert.equal(normalizePhone('007-803-011-0155', 'ID')?.key, 'p:+620078030110155');
    assert.equal(normalizePhone('00798-1-1234-5678', 'KR')?.key, 'p:+8200798112345678');
    for (const written of ['0066-33-123456', '0037-6-123456', '007-803-011-0155', '00798-1-1234-5678']) same(written, 'JP');
  });

  it('the benchmark book\'s "00" and "011" shapes never reach the parser', () => {
    for (const written of ['00447911123456', '0044 7911 123456', '0049 30 12345678', '011 44 7911 123456', '0055 11 98765-4321', '0033 6 12 34 56 78']) {
      for (const r of ['US', 'GB', 'DE', 'BR', 'CA', null] as const) {
        const carrier = r === null ? null : carrierPrefixQuick(written, r);
        assert.notEqual(carrier, undefined, `${written} in ${r}`);
        if (carrier === null) assert.notEqual(parsePhoneQuick(written, r), undefined, `${written} in ${r}`);
        same(written, r);
      }
    }
  });
});

// fastE164, the North American shortcut and digitsOf were rewritten without slices and regular
// expressions; this is their first form, verbatim, with the parser path it falls back to, and two
// deliberate changes since: a 0 right after the calling code goes to the parser (see the next test), and
// a national number shorter than any of its region's is a local number, keyed as without a region.
describe('a trunk 0 written after the calling code', () => {
  it('is dropped where the numbering plan drops it, and kept where it is part of the number', () => {
    const uk = ['+44 07911 123456', '+4407911123456', '+44 (0)7911 123456', '+44 7911 123456', '07911 123456'];
    for (const s of uk) assert.equal(normalizePhone(s, 'GB')?.key, 'p:+447911123456', s);
    assert.equal(normalizePhone('+49 030 12345678', null)?.key, 'p:+493012345678');
    // Italy: the 0 is part of the number, with or without the calling code.
    assert.equal(normalizePhone('+39 06 1234 5678', null)?.key, 'p:+390612345678');
    assert.equal(normalizePhone('06 1234 5678', 'IT')?.key, 'p:+390612345678');
    for (const s of [...uk, '+39 06 1234 5678']) assert.deepEqual(parsePhoneUncached(s, 'GB'), parsePhoneSlow(s, 'GB'), s);
  });
});

describe('the rewritten shortcuts agree with their first form', () => {
  const CALLING_CODES = new Set(getCountries().map((c) => getCountryCallingCode(c)));
  const NANP_REGIONS = new Set(getCountries().filter((c) => getCountryCallingCode(c) === '1'));
  const E164_RE = /^\+[1-9]\d{7,14}$/;
  const NANP_RE = /^[2-9]\d{2}[2-9]\d{6}$/;
  // Since issue #12, "x" and "ext" right after a digit are a marker too ("2125551234x9").
  const EXTENSION_RE = /(?:(?:\b|(?<=\d))(?:ext\.?|x\.?)|extension|durchwahl|poste|[#,;]|;ext=)\s*\d/i;
  function fastE164(s: string) {
    if (!E164_RE.test(s)) return null;
    for (let n = 1; n <= 3; n++) {
      const cc = s.slice(1, 1 + n);
      if (!CALLING_CODES.has(cc)) continue;
      const national = s.slice(1 + n);
      if (national.startsWith('0')) {
        // The deliberate change: the parser decides; and the eighth: a Mexican dialling prefix abolished
        // in 2019 after +52 ("+52 044 55 1234 5678") is dropped when the ten digits after it are a valid number.
        const mx = cc === '52' ? /^0(?:44|45|1)(\d{10})$/.exec(national) : null;
        const today = mx === null ? null : '+52' + mx[1];
        return today !== null && parsePhoneNumberFromString(today)?.isValid() ? { display: today, key: 'p:' + today } : null;
      }
      if (national.length < 7) return null;
      if (cc === '1' && !NANP_RE.test(national)) return null;
      if (/^(\d)\1*$/.test(national)) return null;
      return { display: s, key: 'p:' + s };
    }
    return null;
  }
  function digitsOf(s: string) {
    let out = '';
    for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) out += s[i];
    return out;
  }
  function fastPath(s: string, region: CountryCode | null) {
    if (s.charCodeAt(0) === 43) {
      // A spaced slash or hyphen may end a number and start its shortened alternative: readOne reads those.
      if (s.includes('(0)') || !/^\+[\d\s\-.()/]+$/.test(s) || / \/|\/ | - /.test(s)) return null;
      return fastE164('+' + digitsOf(s));
    }
    if (region === null || !NANP_REGIONS.has(region) || !/^[\d\s\-.()/]+$/.test(s)) return null;
    let digits = digitsOf(s);
    const trunk = digits.length === 11 && digits[0] === '1';
    if (trunk) digits = digits.slice(1);
    if (digits.length !== 10 || !NANP_RE.test(digits) || /^(\d)\1*$/.test(digits.slice(3))) return null;
    // The seventh: eleven digits starting with 1 whose +1 reading is no valid number ("139 1234 5678", a
    // Chinese mobile) are another country's number without its code, keyed as with no region.
    if (trunk && !parsePhoneNumberFromString('+1' + digits)?.isValid()) return noCountry(s, '1' + digits);
    return { display: '+1' + digits, key: 'p:+1' + digits };
  }
  // The second reading (readOrRepair) is the same code on both sides; the shortcuts are what is compared.
  const firstForm = (raw: string, region: CountryCode | null) =>
    (region && carrierMisread(raw, region)) || readOrRepair(raw, (s) => localNumber(s, region, renumber(foreignInNanp(s, region, firstReading(s, region)))));
  // The tenth: a number written without '+' or a trunk 0, shorter than the region's example mobile and no valid
  // number of it on the full metadata ("98123-4567" in Brazil), is a local number, keyed as with no region.
  function localNumber(s: string, region: CountryCode | null, v: { display: string; key: string | null } | null) {
    if (v === null || region === null || v.key === null || !v.key.startsWith('p:') || v.key.includes(';') || s.includes('+')) return v;
    const cc = getCountryCallingCode(region);
    const full = (examplesModule as unknown as Record<string, string>)[region]?.length;
    if (full === undefined || !v.key.startsWith('p:+' + cc)) return v;
    const national = v.key.slice(3 + cc.length);
    if (national.length >= full || national.startsWith('0') || digitsOf(s) !== national) return v;
    return parsePhoneNumberFromString(v.display)?.isValid() && parseMax(v.display)?.isValid() ? v : noCountry(s, national);
  }
  // The ninth: in a +1 book, a +1 reading that no country of +1 has, of a number written without '+':
  // ten digits with an exchange starting with 0 or 1 (India's "98100 12345"), or 1 and ten digits whose
  // area code +1 has not ("18610123456", "Mobile: 139 1234 5678"), is another country's number without
  // its code, keyed as with no region.
  function foreignInNanp(s: string, region: CountryCode | null, v: { display: string; key: string | null } | null) {
    if (v === null || region === null || !NANP_REGIONS.has(region) || v.key === null || !/^p:\+1[2-9]\d{9}$/.test(v.key) || s.includes('+')) return v;
    const national = v.key.slice(4);
    if (/^(\d)\1*$/.test(national.slice(3))) return v;
    const valid = (n: string) => parsePhoneNumberFromString('+1' + n)?.isValid() === true;
    const digits = digitsOf(s);
    if (digits === national) return NANP_RE.test(national) || valid(national) ? v : noCountry(s, digits);
    if (digits !== '1' + national || valid(national)) return v;
    if (!NANP_RE.test(national) && [2, 3, 4, 5, 6, 7, 8, 9].some((d) => valid(national.slice(0, 3) + d + national.slice(4)))) return v;
    return noCountry(s, digits);
  }
  // The fifth (issue #12): "00" and digits that are also a carrier's prefix (Brazil's 0055): the plain
  // reading when it is a valid number of the region, or the carrier reading is no valid number.
  function carrierMisread(raw: string, region: CountryCode) {
    const s = raw.trim();
    if (!s.startsWith('00') || EXTENSION_RE.test(s)) return null;
    const plain = parsePhoneNumberFromString('+' + digitsOf(s).slice(2));
    if (!plain?.isValid()) return null;
    const read = parsePhoneNumberFromString(s, region);
    if (read && read.number === plain.number) return null;
    if (plain.countryCallingCode !== getCountryCallingCode(region) && (!read || read.isValid())) return null;
    return renumber({ display: plain.number as string, key: 'p:' + plain.number });
  }
  // The fourth deliberate change: a number of a numbering plan that has since changed is today's number.
  function renumber(v: { display: string; key: string | null } | null) {
    if (v === null || v.key === null || !v.key.startsWith('p:')) return v;
    const [number, ext] = v.display.split(';ext=');
    const n = renumbered(number!);
    return n === number ? v : { display: ext === undefined ? n : `${n};ext=${ext}`, key: ext === undefined ? `p:${n}` : `p:${n};ext=${ext}` };
  }
  function firstReading(s: string, region: CountryCode | null) {
    const fast = fastE164(s) ?? fastPath(s, region);
    if (fast) return fast;
    const digits = digitsOf(s);
    if (digits.length === 0) return null;
    if (/^[*#]/.test(s)) return { display: s, key: null };
    // The thirteenth: Ukraine's old 8 before 0XX and Chile's old 0 before a mobile's 9, in their own books,
    // are the number dialled today when only that reading is valid ("8 050 765 4322", "09 8765 4322").
    const old = !/^[\d\s\-.()/]+$/.test(s)
      ? null
      : region === 'UA' && /^80\d{9}$/.test(digits)
        ? '+380' + digits.slice(2)
        : region === 'CL' && /^09\d{8}$/.test(digits)
          ? '+56' + digits.slice(1)
          : null;
    if (old !== null && parsePhoneNumberFromString(old)?.isValid() && !parsePhoneNumberFromString(old.slice(0, region === 'UA' ? 4 : 3) + digits)?.isValid())
      return { display: old, key: 'p:' + old };
    const idd = !s.startsWith('+') && /^(?:00|011)[1-9]/.test(s);
    const international = s.startsWith('+') || idd;
    let parsed = parsePhoneNumberFromString(s, region ? { defaultCountry: region } : undefined);
    if (idd && !parsed?.isPossible()) {
      const alt = parsePhoneNumberFromString('+' + s.replace(/^(?:00|011)/, ''));
      if (alt?.isPossible() || !parsed) parsed = alt;
    }
    if (parsed && (international || region)) {
      const national = parsed.nationalNumber as string;
      // The sixth (issue #12): a valid full number of a small plan ("+376 312 345") is a number, however short.
      const bad = (national.length < 7 && !(international && parsed.isValid())) || !parsed.isPossible() || /^(\d)\1*$/.test(national);
      // Since issue #12 a number with an extension is a callable direct line: keyed "+E164;ext=N".
      if (parsed.ext) {
        // The twelfth: a national number with an extension that elsewhereNational reads as another country's
        // number (a trunk 0 the book's plan has no number for: "07700900124;ext=2" in a Russian book) is
        // keyed as without a region ("n:07700900124;ext=2"); it was keyless and dropped.
        const x = international || !bad ? null : EXTENSION_RE.exec(s);
        const v = x === null ? null : elsewhereNational(s, digitsOf(s.slice(0, x.index)), parsed.number as string, national, true, region);
        if (v !== null && v.key !== null) return v;
        const n = renumbered(parsed.number as string);
        return { display: `${n};ext=${parsed.ext}`, key: bad && n === parsed.number ? null : `p:${n};ext=${parsed.ext}` };
      }
      if (EXTENSION_RE.test(s)) return { display: s, key: null };
      // The eleventh: a number of France's plan written with its trunk 0 ("0692 12 34 56" in a French book,
      // "06 12 34 56 78" in a Réunion one), no valid number under the book's calling code (the full
      // metadata's isValid) and valid under exactly one other code of the plan, is that code's number.
      const french = international || bad ? null : frenchPlan(digits, parsed.number as string, national, region);
      if (french !== null) return { display: french, key: 'p:' + french };
      // The third: a national number the region's plan has no such number for is another country's.
      const elsewhere = international ? null : elsewhereNational(s, digits, parsed.number as string, national, bad, region);
      if (elsewhere !== null) return elsewhere;
      if (bad && !international && region && isLocal(parsed.number as string, parsed.nationalNumber as string, region)) return noCountry(s, digits);
      if (bad && !international && region && isForeign(s, parsed.number as string, parsed.nationalNumber as string, digits, region))
        return noCountry(s, digits);
      if (bad) return { display: s, key: null };
      return { display: parsed.number as string, key: 'p:' + parsed.number };
    }
    return noCountry(s, digits);
  }
  function frenchPlan(digits: string, number: string, national: string, region: CountryCode | null): string | null {
    const plan = ['FR', 'RE', 'YT', 'GP', 'BL', 'MF', 'MQ', 'GF', 'PM'] as CountryCode[];
    if (region === null || !plan.includes(region) || digits !== '0' + national || national.length !== 9) return null;
    const own = getCountryCallingCode(region);
    if (number !== `+${own}${national}` || parseMax(number)?.isValid()) return null;
    const codes = new Set(plan.map((c) => getCountryCallingCode(c)).filter((cc) => cc !== own && parseMax(`+${cc}${national}`)?.isValid()));
    return codes.size === 1 ? `+${[...codes][0]}${national}` : null;
  }
  // The fourth (issue #12): "(31) 93502-4155" in a +1 book, of a length the region has no number of and
  // written as one number, is another country's number without its code, keyed as with no region.
  function isForeign(s: string, number: string, national: string, digits: string, region: CountryCode) {
    const m = new Metadata() as unknown as { selectNumberingPlan(c: string): void; numberingPlan: { possibleLengths(): number[] | undefined } };
    m.selectNumberingPlan(region);
    const lengths = m.numberingPlan.possibleLengths();
    if (lengths === undefined || digits.length < 7 || digits.length > 15 || !/^\(?\d[\d\s().-]*$/.test(s)) return false;
    if (!number.startsWith('+' + getCountryCallingCode(region))) {
      // Read through the region's own international prefix ("09" in Mexico) into no possible number.
      const rest = digits.replace(/^0+/, '');
      return rest.length >= 7 && !/^(\d)\1*$/.test(rest);
    }
    return !digits.startsWith('0') && !national.startsWith('0') && !/^(\d)\1*$/.test(national) && !/^(\d)\1*$/.test(digits);
  }
  // The second deliberate change: "234-5678" in a +1 book is a local number without its area code.
  function isLocal(number: string, national: string, region: CountryCode) {
    const m = new Metadata() as unknown as { selectNumberingPlan(c: string): void; numberingPlan: { possibleLengths(): number[] | undefined } };
    m.selectNumberingPlan(region);
    const min = m.numberingPlan.possibleLengths()?.[0];
    return (
      number.startsWith('+' + getCountryCallingCode(region)) && min !== undefined && national.length >= 7 && national.length < min && !national.startsWith('0')
    );
  }
  function noCountry(s: string, digits: string) {
    const x = EXTENSION_RE.exec(s);
    if (x !== null) {
      // The third deliberate change (issue #12): a direct line without its country is keyed national-only.
      if (s.lastIndexOf('+', x.index) >= 0) return { display: s, key: null };
      const line = digitsOf(s.slice(0, x.index));
      const ext = digitsOf(s.slice(x.index));
      const ok = ext.length >= 1 && ext.length <= 6 && line.length >= 7 && line.length <= 15 && !/^(\d)\1*$/.test(line);
      return { display: s, key: ok ? `n:${line};ext=${ext}` : null };
    }
    if (digits.length < 7 || digits.length > 15) return { display: s, key: null };
    if (/^(\d)\1*$/.test(digits)) return { display: s, key: null };
    return { display: s, key: 'n:' + digits };
  }
  const region = fc.constantFrom(null, 'US', 'CA', 'JM', 'GB', 'DE', 'IT', 'FR', 'AU', 'JP', 'BR', 'IN');
  it('E.164 and spaced international numbers of every calling code and length', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,16}$/), fc.constantFrom('', ' ', '-', '.', ' (', ') ', '  '), region, (digits, sep, r) => {
        const spaced = digits.replace(/(\d{3})(?=\d)/g, `$1${sep}`);
        for (const s of [`+${digits}`, `+${spaced}`, `+1${digits}`, `+1 ${spaced}`, `+44${digits}`]) {
          assert.deepEqual(parsePhoneUncached(s, r as CountryCode | null), firstForm(s, r as CountryCode | null), s);
        }
      }),
      { numRuns: 3000, seed: 47 },
    );
  });
  it('North American numbers, with and without the trunk 1, filler and invalid area codes', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^1?[0-9]{9,11}$/), fc.constantFrom('(A) E-S', 'A-E-S', 'A.E.S', 'A E S', 'AES', '1 A E S'), region, (d, sh, r) => {
        const s = sh.replace('A', d.slice(0, 3)).replace('E', d.slice(3, 6)).replace('S', d.slice(6));
        assert.deepEqual(parsePhoneUncached(s, r as CountryCode | null), firstForm(s, r as CountryCode | null), s);
      }),
      { numRuns: 3000, seed: 48 },
    );
  });
  it('any string of phone characters, in any region', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789 +-./()x#*,;\t'.split(''), '\u00a0', '٣', '０', 'ext'), maxLength: 22 }), region, (s, r) => {
        assert.deepEqual(parsePhoneUncached(s, r as CountryCode | null), firstForm(s, r as CountryCode | null), JSON.stringify(s));
      }),
      { numRuns: 3000, seed: 49 },
    );
  });
  it('the repairs after the calling code (Mexico 044/045/01, a trunk 8 after +7 or +375, an Italian 0) in both forms', () => {
    for (const s of [
      '+520445512345678',
      '+52 01 55 8765 4321',
      '+789161234567',
      '+7 8 916 123 45 67',
      '+37580291234567',
      '+39612345678',
      '+39 6 1234 5678',
      '+78001234567',
    ]) {
      for (const r of [null, 'US', 'RU', 'IT'] as const) assert.deepEqual(parsePhoneUncached(s, r), firstForm(s, r), `${s} ${r}`);
    }
  });
  it('fields of several numbers: separators, ranges and alternatives', () => {
    const unit = fc.constantFrom(...'0123456789 +-/'.split(''), ' - ', ' / ', ' | ', ', ', ' and ', '+1 415 555 01', '+44 20 7946 00', '030 123456');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 12 }), region, (s, r) => {
        assert.deepEqual(parsePhoneUncached(s, r as CountryCode | null), firstForm(s, r as CountryCode | null), JSON.stringify(s));
      }),
      { numRuns: 3000, seed: 51 },
    );
  });
  it("numbers of France's plan written with the trunk 0 in each of its countries' books: the shortcut, the parser path and the first form agree", () => {
    // Leading digits of the plan's mainland and overseas ranges (and some of no one), filled to nine
    // digits, now and then one digit short or long; spaced as books write them, with an extension now and then.
    const leads = ['1', '26', '262', '263', '269', '3', '5', '508', '590', '594', '596', '6', '61', '639', '69', '690', '691', '692', '693', '694', '696'];
    const more = ['697', '7', '70', '708', '7090', '7091', '7092', '7093', '75', '8', '80', '806', '81', '87', '884', '89', '9', '939', '947', '976'];
    const plan = fc.constantFrom('FR', 'FR', 'FR', 'RE', 'YT', 'GP', 'BL', 'MF', 'MQ', 'GF', 'PM');
    let quick = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...leads, ...more),
        fc.stringMatching(/^[0-9]{9}$/),
        fc.integer({ min: -1, max: 1 }),
        fc.constantFrom(' ', '.', '-', ''),
        fc.constantFrom('', '', '', '', ' x12'),
        plan,
        (lead, tail, delta, sep, x, r) => {
          const national = (lead + tail).slice(0, 9 + delta);
          const s = ('0' + national).replace(/(\d\d)(?=\d)/g, `$1${sep}`) + x;
          const region = r as CountryCode;
          const ours = parsePhoneUncached(s, region);
          assert.deepEqual(ours, parsePhoneSlow(s, region), `slow: ${s} in ${r}`);
          assert.deepEqual(ours, firstForm(s, region), `first form: ${s} in ${r}`);
          runs++;
          if (parsePhoneQuick(s, region) !== undefined) quick++;
        },
      ),
      { numRuns: 3000, seed: 54 },
    );
    // The point is speed: these never need the parser's own reading.
    assert.ok(quick / runs > 0.95, `quickParse handled ${quick} of ${runs}`);
  });
});

test('past the cache cap, answers stay the same in every region (generations turn over)', () => {
  clearPhoneCache();
  const num = (i: number) => `(415) 555-${String(i % 10_000).padStart(4, '0')} x${Math.floor(i / 10_000)}`;
  const regions = [null, 'US', 'GB'] as const;
  const first = Array.from({ length: 30_000 }, (_, i) => regions.map((r) => normalizePhone(num(i), r)));
  for (const i of [0, 1, 9_999, 16_000, 29_999]) regions.forEach((r, k) => assert.deepEqual(normalizePhone(num(i), r), first[i]![k], `${num(i)} ${r}`));
  assert.deepEqual(first[123]![1], parsePhoneSlow(num(123), 'US'));
});

// Numbering plans that changed: the number saved years ago and the one saved since are one phone.
test("a number of a changed numbering plan is today's number (Mexico 2019, Brazil's ninth digit, Vietnam 2018, Egypt 2011, Colombia 2021, Benin 2024); others stay", () => {
  const same: [string, CountryCode | null, string][] = [
    ['+52 1 55 1234 5678', null, '+525512345678'],
    ['+5215512345678', null, '+525512345678'],
    ['+52 55 1234 5678', null, '+525512345678'],
    ['+55 11 8123-4567', null, '+5511981234567'],
    ['(11) 8123-4567', 'BR', '+5511981234567'],
    ['+55 21 9876-5432', null, '+5521998765432'],
    ['+84 162 123 4567', null, '+84321234567'],
    ['0162 123 4567', 'VN', '+84321234567'],
    ['+84 120 123 4567', null, '+84701234567'],
    ['+20 10 123 4567', null, '+201001234567'],
    ['010 123 4567', 'EG', '+201001234567'],
    ['+57 1 234 5678', null, '+576012345678'],
    ['(1) 234 5678', 'CO', '+576012345678'],
    ['+229 97 12 34 56', null, '+2290197123456'],
    ['97 12 34 56', 'BJ', '+2290197123456'],
  ];
  for (const [raw, region, shown] of same) {
    for (const read of [normalizePhone, parsePhoneSlow, parsePhoneUncached]) {
      assert.deepEqual(read(raw, region), { display: shown, key: 'p:' + shown }, `${read.name} ${raw}`);
    }
  }
  assert.deepEqual(normalizePhone('+52 1 55 1234 5678 ext 4', null), { display: '+525512345678;ext=4', key: 'p:+525512345678;ext=4' });
  // Must not: today's numbers (a Brazilian landline starts with 2-5; new mobiles have nine digits), and
  // numbers the old plans never had.
  for (const [raw, shown] of [
    ['+55 11 3123-4567', '+551131234567'],
    ['+55 11 98123-4567', '+5511981234567'],
    ['+55 11 4004-1234', '+551140041234'],
    ['+84 32 123 4567', '+84321234567'],
    ['+84 1900 123 456', '+841900123456'],
    ['+52 55 1234 5678', '+525512345678'],
    ['+1 415 555 0123', '+14155550123'],
    ['+20 100 123 4567', '+201001234567'],
    ['+20 155 123 4567', '+201551234567'],
    ['+57 601 234 5678', '+576012345678'],
    ['+57 300 123 4567', '+573001234567'],
    ['+229 01 97 12 34 56', '+2290197123456'],
  ]) {
    assert.equal(normalizePhone(raw!, null)?.display, shown, raw);
    assert.equal(renumbered(shown!), shown);
  }
});

test('"00" and a calling code that is also a carrier prefix: the own country, or the only valid reading', () => {
  // Brazil dials abroad through a carrier ("00" + two digits): 0055 and 0031 are carriers 55 and 31.
  assert.equal(normalizePhone('0055 31 90780-5996', 'BR')?.key, 'p:+5531907805996'); // not +31 907805996
  assert.equal(normalizePhone('0055 31907805996', 'BR')?.display, '+5531907805996');
  assert.equal(normalizePhone('0031 6 12345678', 'BR')?.key, 'p:+31612345678'); // not +61 2345678, no number
  // The parser's reading, +1 198 765 4321, has an area code no North American number has: no one's
  // number (issue #12, a probe: `+1 (123) 456-7890` was kept as a person's), shown as written.
  assert.deepEqual(normalizePhone('0021 11 98765 4321', 'BR'), { display: '0021 11 98765 4321', key: null });
  // Countries without carrier prefixes read these as before.
  assert.equal(normalizePhone('0044 7911 123456', 'GB')?.key, 'p:+447911123456');
  assert.equal(normalizePhone('0055 31907805996', 'US')?.key, 'p:+5531907805996');
  assert.equal(normalizePhone('0031 6 12345678', 'DE')?.key, 'p:+31612345678');
});

test('a valid full number of a small plan is a number, however short its national part', () => {
  for (const [raw, e164] of [
    ['+376 312 345', '+376312345'], // Andorra
    ['+299 22 12 34', '+299221234'], // Greenland
    ['+682 71 234', '+68271234'], // Cook Islands
    ['00298 21 12 34', '+298211234'], // the Faroes, with a call prefix
  ] as const) {
    for (const region of ['US', 'GB', null] as const) assert.deepEqual(normalizePhone(raw, region), { display: e164, key: 'p:' + e164 }, `${raw} in ${region}`);
  }
  // Must not: short strings written nationally stay keyless (short codes), and so do invalid full ones.
  assert.equal(normalizePhone('312 345', 'US')?.key ?? null, null);
  assert.equal(normalizePhone('+1 234 5678', 'US')?.key ?? null, null);
});

test('a number with two extensions is the number with its first (x12, x14; ext. 12 ext. 14; x12 or x14): it had no key, or one of both extensions', () => {
  for (const s of [
    '+1 415 555 0144 x12, x14',
    '+1 415 555 0144 x12 x14',
    '+1 415 555 0144 x12;x14',
    '(415) 555-0144 ext. 12 ext. 14',
    '415-555-0144 x12 or x14',
  ]) {
    assert.deepEqual(normalizePhone(s, 'US'), { display: '+14155550144;ext=12', key: 'p:+14155550144;ext=12' }, s);
  }
  assert.equal(normalizePhone('(415) 555-0144 ext. 12 ext. 14', null)?.key, 'n:4155550144;ext=12');
  // A list of two numbers is still a list.
  assert.equal(normalizePhone('+1 415 555 0144 x12, 415 555 0155', 'US')?.key === 'p:+14155550144;ext=12', false);
});

test('a vCard line pasted into a phone field is its value (TEL;TYPE=CELL:…, item1.TEL;type=pref:…); tel: with a context as before', () => {
  for (const s of [
    'item1.TEL;type=pref:+1 415 555 0166',
    'TEL;TYPE=CELL:+1-415-555-0166',
    'TEL;VALUE=uri;TYPE=cell:tel:+1-415-555-0166',
    'item2.TEL:+14155550166',
  ]) {
    assert.equal(normalizePhone(s, 'US')?.key, 'p:+14155550166', s);
    assert.equal(normalizePhone(s, null)?.key, 'p:+14155550166', s);
  }
  assert.equal(normalizePhone('tel:4155550136;phone-context=+1', null)?.key, 'p:+14155550136');
});

test('an extension marker after a semicolon or comma, or before "#" or "no.", is the marker: "; ext. 45" left the number keyless, "ext no. 45" made up a national number', () => {
  for (const s of ['+1 (415) 555-0123; ext. 45', '(415) 555-0123; x45', '+1 415 555 0123 Ext #45', '+1 415 555 0123 ext no. 45']) {
    assert.equal(normalizePhone(s, 'US')?.key, 'p:+14155550123;ext=45', s);
  }
  assert.equal(normalizePhone('+1 (415) 555-0123; ext. 45', null)?.key, 'p:+14155550123;ext=45');
  // RFC 3966's ";ext=" and a pause before bare digits read as before.
  assert.equal(normalizePhone('+1 415 555 0123;ext=9', null)?.key, 'p:+14155550123;ext=9');
  assert.equal(normalizePhone('+1 415 555 0123,45', 'US')?.key, 'p:+14155550123;ext=45');
});

test("an Argentine mobile written with its national '15' in the international form (+54 11 15 1234 5678) is +54 9 11 1234 5678, as the parser reads it", () => {
  for (const [s, r] of [
    ['+54 11 15 1234 5678', 'US'],
    ['+54 11 15 1234 5678', null],
    ['+54111512345678', 'US'],
    ['+54 351 15 123 4567', 'US'],
  ] as const) {
    const want = s.includes('351') ? 'p:+5493511234567' : 'p:+5491112345678';
    assert.equal(normalizePhone(s, r)?.key, want, `${s} ${r}`);
  }
  // With the 9 and a national prefix kept as well: the 15 after the area code, or the area code's 0 (a probe).
  for (const [s, r] of [
    ['+54 9 11 15 1234 5678', 'AR'],
    ['+54 9 11 15 1234 5678', null],
    ['+54 9 (011) 1234-5678', 'AR'],
    ['+54 9 011 1234 5678', 'US'],
  ] as const) {
    assert.equal(normalizePhone(s, r)?.key, 'p:+5491112345678', `${s} ${r}`);
  }
  assert.equal(normalizePhone('+54 9 351 15 123 4567', 'AR')?.key, 'p:+5493511234567');
  // Numbers without the 15 as before.
  assert.equal(normalizePhone('+54 11 1234 5678', 'US')?.key, 'p:+541112345678');
  assert.equal(normalizePhone('+54 9 11 1234 5678', 'US')?.key, 'p:+5491112345678');
});

test('a number written with its calling code twice (+44 44 7911 123456) is the number once, when only that is valid; a valid number as written stays', () => {
  for (const [s, r] of [
    ['+44 44 7911 123456', 'US'],
    ['+4444 7911 123456', null],
  ] as const) {
    assert.equal(normalizePhone(s, r)?.key, 'p:+447911123456', s);
  }
  assert.equal(normalizePhone('+33 33 6 12 34 56 78', 'US')?.key, 'p:+33612345678');
  // A German number whose area code starts with 49 (Emden, 04921) is valid as written.
  assert.equal(normalizePhone('+49 4921 12345', 'US')?.key, 'p:+49492112345');
});

test("Mexico's abolished mobile 1 (and 044) after a call prefix instead of '+', or after the book's own calling code without '+', is today's number (a probe: keyless or a second row)", () => {
  for (const [s, r] of [
    ['011 52 1 55 1234 5678', 'US'],
    ['011 52 044 55 1234 5678', 'US'],
    ['00 52 1 55 1234 5678', 'MX'],
    ['00 52 1 55 1234 5678', 'GB'],
    ['00 52 1 55 1234 5678', 'BR'],
    ['0052 1 55 1234 5678', 'GB'],
    ['5215512345678', 'MX'],
    ['52 1 55 1234 5678', 'MX'],
  ] as const) {
    assert.equal(normalizePhone(s, r)?.key, 'p:+525512345678', `${s} ${r}`);
  }
  // Numbers of today's plan read as before; a national number that merely starts with 52 is not rewritten.
  assert.equal(normalizePhone('011 52 55 1234 5678', 'US')?.key, 'p:+525512345678');
  assert.equal(normalizePhone('55 1234 5678', 'MX')?.key, 'p:+525512345678');
  assert.notEqual(normalizePhone('5215512345', 'MX')?.key, 'p:+525512345');
  // Johannesburg's 011 at home stays a South African number.
  assert.equal(normalizePhone('011 234 5678', 'ZA')?.key, 'p:+27112345678');
});

describe('a number written as another plan writes it: the other reading, for joining only (NormPhone.alt)', () => {
  it("no other reading for a number of the book's plan written its own way (a review: Chinese mobiles, Buenos Aires's and Sapporo's 011 …)", () => {
    for (const [s, r] of [
      ['150 1234 5678', 'CN'],
      ['186 0555 1234', 'CN'],
      ['011 4312-3456', 'AR'],
      ['011 4943 2100', 'AR'],
      ['011-683-4002', 'JP'],
      ['011-431-2345', 'JP'],
      ['010 6512 3456', 'CN'],
    ] as const) {
      const alt = normalizePhone(s, r)?.alt;
      // An Argentine number's only other reading is its own plan's mobile (argentineMobileReading).
      if (r === 'AR') assert.equal(alt, `p:+549${s.replace(/\D/g, '').slice(1)}`, `${s} ${r}`);
      else assert.equal(alt, undefined, `${s} ${r}`);
    }
    // So a Chinese mobile never joins a nameless card of the +1 number with the same digits.
    const n = [
      normalizeEntry({ name: '王伟', phones: ['150 1234 5678'] }, { region: 'CN', sourceKey: 'phone:-' }),
      normalizeEntry({ phones: ['+1 501-234-5678'] }, { region: null, sourceKey: 'gmail:-' }),
    ];
    assert.equal(mergeEntries(n).length, 2);
  });

  it('a trunk prefix 8 or an international prefix 011 in a German book: the German reading, and the other one', () => {
    const trunk = normalizePhone('8 (985) 402-87-64', 'DE');
    assert.equal(trunk?.key, 'p:+4989854028764');
    assert.equal(trunk?.alt, 'p:+79854028764');
    assert.equal(normalizePhone('8-916-391-20-96', 'DE')?.alt, 'p:+79163912096');
    const idd = normalizePhone('011 44 7700 151423', 'DE');
    assert.equal(idd?.key, 'p:+4911447700151423');
    assert.equal(idd?.alt, 'p:+447700151423');
    assert.equal(normalizePhone('01179051102459', 'DE')?.alt, 'p:+79051102459');
  });

  it("no other reading for the book's own shapes, for an invalid one, nor without a region", () => {
    assert.equal(normalizePhone('0171 1234567', 'DE')?.alt, undefined);
    assert.equal(normalizePhone('8 (916) 391-20-96', 'RU')?.alt, undefined);
    assert.equal(normalizePhone('011 44 7700 151423', 'US')?.alt, undefined);
    assert.equal(normalizePhone('8 (985) 402-87-64', null)?.alt, undefined);
    assert.equal(normalizePhone('+49 89 854028764', 'DE')?.alt, undefined);
    assert.equal(normalizePhone('(818) 555-0123', 'US')?.alt, undefined);
  });
});

describe("the book's own calling code without its '+' before a mobile (a probe: \"49 171 1234567\" in a German book was +49 4917 …)", () => {
  it('the mobile, the national reading as the other one; the same person written with +49 is one card', () => {
    for (const s of ['49 171 1234567', '49-171-1234567', '491711234567', '49 (171) 1234567']) {
      const p = normalizePhone(s, 'DE');
      assert.equal(p?.key, 'p:+491711234567', s);
      assert.equal(p?.display, '+491711234567', s);
      assert.equal(p?.alt, 'p:+49491711234567', s);
    }
    assert.equal(normalizePhone('4917112345678', 'DE')?.key, 'p:+4917112345678');
    const n = [
      normalizeEntry({ name: 'Jonas Weber', phones: ['49 171 1234567'] }, { region: 'DE', sourceKey: 'phone:-' }),
      normalizeEntry({ name: 'Jonas Weber', phones: ['+49 171 1234567'] }, { region: null, sourceKey: 'gmail:-' }),
    ];
    assert.equal(mergeEntries(n).length, 1);
  });
  it("must not: a landline after the code (the parser's reading already), a number with the trunk prefix, a mobile reading of the plan, North America, an extension", () => {
    assert.equal(normalizePhone('49 30 1234567', 'DE')?.key, 'p:+49301234567');
    assert.equal(normalizePhone('0171 1234567', 'DE')?.alt, undefined);
    assert.equal(normalizePhone('0171 1234567', 'DE')?.key, 'p:+491711234567');
    assert.equal(normalizePhone('91234 56789', 'IN')?.key, 'p:+919123456789');
    assert.equal(normalizePhone('1 415 555 0123', 'US')?.key, 'p:+14155550123');
    assert.equal(normalizePhone('49 171 1234567 ext 12', 'DE')?.alt, undefined);
    assert.equal(normalizePhone('49 171 1234567', null)?.key?.startsWith('p:+49'), false);
  });
});

describe('an Argentine number without the mobile 9 (a probe: "+54 11 6123-4567" and "+54 9 11 6123-4567" were two rows)', () => {
  it('the number as written, and the mobile reading as the other one; the two cards of one name are one', () => {
    for (const [s, r] of [
      ['+54 11 6123-4567', null],
      ['011 6123-4567', 'AR'],
      ['+54 351 412-3456', 'AR'],
    ] as const) {
      const p = normalizePhone(s, r);
      const national = p?.key?.slice(5);
      assert.equal(p?.key?.startsWith('p:+54'), true, s);
      assert.equal(p?.alt, `p:+549${national}`, s);
    }
    const n = [
      normalizeEntry({ name: 'Lucía Fernández', phones: ['+54 11 6123-4567'] }, { region: null, sourceKey: 'gmail:-' }),
      normalizeEntry({ name: 'Lucia Fernandez', phones: ['+54 9 11 6123-4567'] }, { region: null, sourceKey: 'phone:-' }),
    ];
    assert.equal(mergeEntries(n).length, 1);
  });
  it('must not: a mobile with its 9, another length, an extension; nor join two different names', () => {
    assert.equal(normalizePhone('+54 9 11 6123-4567', null)?.alt, undefined);
    assert.equal(normalizePhone('+54 11 6123-4567 int 3', null)?.alt, undefined);
    const n = [
      normalizeEntry({ name: 'Lucía Fernández', phones: ['+54 11 6123-4567'] }, { region: null, sourceKey: 'gmail:-' }),
      normalizeEntry({ name: 'Martín Gómez', phones: ['+54 9 11 6123-4567'] }, { region: null, sourceKey: 'phone:-' }),
    ];
    assert.equal(mergeEntries(n).length, 2);
  });
});

describe('a phone sent as a whole JSON number (normalizeWholeNumber)', () => {
  it("the book's calling code first: the full number, the national reading as the other one", () => {
    const p = normalizeWholeNumber('491759417365', 'DE');
    assert.equal(p?.key, 'p:+491759417365');
    assert.equal(p?.alt, 'p:+49491759417365');
  });
  it('a national number of the region; digits that only make a full number; no region: national-only', () => {
    assert.equal(normalizeWholeNumber('4155550123', 'US')?.key, 'p:+14155550123');
    assert.equal(normalizeWholeNumber('14155550123', 'US')?.key, 'p:+14155550123');
    assert.equal(normalizeWholeNumber('447911123456', 'GB')?.key, 'p:+447911123456');
    assert.equal(normalizeWholeNumber('1759417365', 'DE')?.key, 'p:+491759417365');
    assert.equal(normalizeWholeNumber('491759417365', null)?.key, 'n:491759417365');
  });
});

test('a Chinese mobile saved without +86 in a North American book under a real area code whose +1 number cannot exist (1380…, 1860…) is a number of no known country, not keyless (a probe)', () => {
  for (const [s, r] of [
    ['13800138000', 'US'],
    ['138 0013 8000', 'US'],
    ['138-0013-8000', 'CA'],
    ['18600138000', 'US'],
  ] as const) {
    assert.equal(normalizePhone(s, r)?.key, `n:${s.replace(/\D/g, '')}`, `${s} ${r}`);
  }
  // A valid +1 number under that area code stays American; a '+' stays as written; other regions as before.
  assert.equal(normalizePhone('1 380 555 0123', 'US')?.key, 'p:+13805550123');
  assert.equal(normalizePhone('+1 380 013 8000', 'US')?.key, null);
  assert.equal(normalizePhone('13800138000', 'CN')?.key, 'p:+8613800138000');
});

// A probe: a phone written with a NUL or another control character inside came back as written, not
// normalised, with the NUL an app texting the row's number would send on.
test('a control character inside a number is noise: the number is read without it; spacing still parts numbers', () => {
  for (const c of ['\u0000', '\u0001', '\u0007', '\u001b', '\u001f', '\u007f', '\u0090']) {
    const p = normalizePhone(`+1415${c}5550123`, null)!;
    assert.equal(p.key, 'p:+14155550123', JSON.stringify(c));
    assert.equal(p.display, '+14155550123', JSON.stringify(c));
  }
  assert.equal(normalizePhone('\u0000(415) 555-0123\u0000', 'US')!.key, 'p:+14155550123');
  // Nothing left but controls: no number; no control survives in what is kept.
  assert.equal(normalizePhone('\u0000\u0001', 'US'), null);
  const e = normalizeEntry({ name: 'Ann', phones: ['+1415\u00005550123', 'ext\u000012'] }, { region: 'US', sourceKey: 's' });
  assert.equal(e.phones[0]!.key, 'p:+14155550123');
  for (const p of e.phones) for (const ch of p.display) assert.ok(ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127, JSON.stringify(p));
  // An information separator between two numbers (FileMaker's repeating values) separates them (a review).
  for (const sep of ['\u001c', '\u001d', '\u001e', '\u001f', '\u001d\u001d']) {
    const apart = normalizeEntry({ name: 'Ann', phone: `${sep}+14155550123${sep}+14155550199${sep}` }, { region: 'US', sourceKey: 's' });
    assert.deepEqual(
      apart.phones.map((p) => p.key),
      ['p:+14155550123', 'p:+14155550199'],
      JSON.stringify(sep),
    );
  }
  // Tab and line breaks are spacing, not noise: two numbers on two lines stay two.
  const two = normalizeEntry({ name: 'Ann', phone: '+1 415 555 0123\n+1 415 555 0188' }, { region: 'US', sourceKey: 's' });
  assert.deepEqual(
    two.phones.map((p) => p.key),
    ['p:+14155550123', 'p:+14155550188'],
  );
});
