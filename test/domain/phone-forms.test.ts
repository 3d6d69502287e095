// Forms of a number people's books hold that the first reading got wrong (probes, world F3-F5, files F3):
// each gets its right key, and the look-alikes (real numbers that merely start with the same digits) stay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Metadata, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import examplesModule from 'libphonenumber-js/mobile/examples';
import { parsePhoneNumberFromString as parseMax } from 'libphonenumber-js/max';
import { summarizeCleaning } from '../../src/domain/cleaning.ts';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import {
  clearPhoneCache,
  normalizePhone,
  parsePhoneQuick,
  parsePhoneReference,
  parsePhoneSlow,
  parsePhoneUncached,
  phoneAlternatives,
  phoneNumbers,
  regionFromPhone,
  renumbered,
} from '../../src/domain/phone.ts';
import type { EntryInput } from '../../src/domain/types.ts';

const READS = [normalizePhone, parsePhoneSlow, parsePhoneUncached];
const REGIONS: (CountryCode | null)[] = [null, 'US', 'GB', 'DE', 'MX', 'RU', 'IT', 'BY'];

/** Every reading, in every region: `raw` is the full number `e164`. */
function isNumber(raw: string, e164: string): void {
  for (const region of REGIONS) {
    for (const read of READS) {
      clearPhoneCache();
      assert.deepEqual(read(raw, region), { display: e164, key: 'p:' + e164 }, `${read.name} ${raw} ${region}`);
    }
  }
}

test('a Mexican number with a dialling prefix abolished in 2019 after +52 (044, 045, 01) is the number dialled today', () => {
  isNumber('+52 044 55 1234 5678', '+525512345678');
  isNumber('+52 (01) 55 8765 4321', '+525587654321');
  isNumber('+52 045 33 1234 5678', '+523312345678');
  isNumber('+520445512345678', '+525512345678');
  isNumber('+52-01-33-1234-5678', '+523312345678');
  isNumber('+52 01 800 123 4567', '+528001234567');
  // With an extension, a label or invisible characters, as any number.
  assert.equal(normalizePhone('Cel: +52 044 55 1234 5678', null)?.key, 'p:+525512345678');
  assert.equal(normalizePhone('+52\u00a0044\u00a055 1234 5678', 'MX')?.key, 'p:+525512345678');
});

test('must not: a Mexican number that is no prefix and ten digits, or whose ten digits are no number, is rewritten', () => {
  // Today's numbers stay.
  isNumber('+52 55 1234 5678', '+525512345678');
  isNumber('+52 1 55 1234 5678', '+525512345678');
  // Nine or eleven digits after the prefix: no number is made of them (keyless, as before).
  for (const s of ['+52 044 55 1234 567', '+52 044 55 1234 56789', '+52 01 55 876 543', '+52 046 55 1234 5678', '+52 02 55 8765 4321']) {
    for (const region of REGIONS) assert.equal(normalizePhone(s, region)?.key ?? null, parsePhoneSlow(s, region)?.key ?? null, `${s} ${region}`);
    assert.ok(!normalizePhone(s, null)?.key?.startsWith('p:+5255'), s);
  }
  // Ten digits that are no valid Mexican number (filler) stay keyless.
  assert.equal(normalizePhone('+52 044 00 0000 0000', null)?.key ?? null, null);
  // The bare national forms are as before: kept on their digits (merge/links.ts joins them).
  assert.deepEqual(normalizePhone('044 55 1234 5678', null), { display: '044 55 1234 5678', key: 'n:0445512345678' });
});

/** Every reading (normalizePhone, the library path, the quick path uncached) of `raw` in `region`. */
function readsIn(raw: string, region: CountryCode | null, expected: { display: string; key: string | null }): void {
  for (const read of READS) {
    clearPhoneCache();
    assert.deepEqual(read(raw, region), expected, `${read.name} ${raw} ${region}`);
  }
}

test('must read: a Mexican number saved with 044, 045 or 01 before its ten digits, in a Mexican book, is the number dialled today (it was kept as written on its digits)', () => {
  const cases: [string, string][] = [
    ['044 (81) 8123 4567', '+528181234567'], // a Monterrey mobile, called from a landline in the same city
    ['045 55 1234 5678', '+525512345678'], // a Mexico City mobile, called from a landline elsewhere
    ['01 81 8123 4567', '+528181234567'], // long distance
    ['01 (33) 1234-5678', '+523312345678'],
    ['01 222 123 4567', '+522221234567'], // a three-digit area code (Puebla)
    ['0445512345678', '+525512345678'],
    ['044-55-1234-5678', '+525512345678'],
    ['01 800 123 4567', '+528001234567'], // toll-free, as written on every 01 800 sign
    ['018001234567', '+528001234567'],
  ];
  for (const [raw, e164] of cases) {
    readsIn(raw, 'MX', { display: e164, key: 'p:' + e164 });
    // The quick path reads it, and the library path reads it alike.
    assert.deepEqual(parsePhoneQuick(raw, 'MX'), { display: e164, key: 'p:' + e164 }, raw);
    assert.deepEqual(parsePhoneReference(raw, 'MX'), { display: e164, key: 'p:' + e164 }, raw);
  }
  assert.ok(parsePhoneNumberFromString('+528001234567')?.isValid(), "Mexico's 800 is a valid (toll-free) number");
  // The same person's card with +52 and with the old form is one key, so one row; also after a label.
  assert.equal(normalizePhone('Cel: 044 55 1234 5678', 'MX')?.key, normalizePhone('+52 55 1234 5678', null)?.key);
  assert.equal(normalizePhone('01 55 1234 5678', 'MX')?.key, normalizePhone('55 1234 5678', 'MX')?.key);
});

test("must not: a Mexican number without such a prefix, a prefix before no valid ten digits, or the same digits in another country's book is read as Mexico's", () => {
  // Today's ten digits stay (an 8 before them may be Belarus's trunk prefix too: NormPhone.alt, as before).
  for (const [raw, e164] of [
    ['81 8123 4567', '+528181234567'],
    ['55 1234 5678', '+525512345678'],
    ['800 123 4567', '+528001234567'],
  ]) {
    for (const read of READS) {
      clearPhoneCache();
      assert.equal(read(raw!, 'MX')?.key, 'p:' + e164, `${read.name} ${raw}`);
    }
  }
  // Nine or eleven digits after the prefix, another prefix (02 is operator-assisted long distance, 046
  // none), filler: no number is made of them; the reading as before, on the digits.
  for (const raw of ['044 55 1234 567', '044 55 1234 56789', '01 81 8123 456', '02 55 1234 5678', '046 55 1234 5678', '044 00 0000 0000']) {
    for (const read of READS) {
      clearPhoneCache();
      assert.ok(!read(raw, 'MX')?.key?.startsWith('p:+52'), `${read.name} ${raw}`);
    }
  }
  readsIn('02 55 1234 5678', 'MX', { display: '02 55 1234 5678', key: 'n:025512345678' });
  // In a US book, or a book whose country is unknown, "01 81 8123 4567" is no Mexican number: as before, on
  // its digits (merge/links.ts joins them to the book's one full number ending with them).
  for (const region of [null, 'US'] as const) {
    readsIn('01 81 8123 4567', region, { display: '01 81 8123 4567', key: 'n:018181234567' });
    readsIn('044 55 1234 5678', region, { display: '044 55 1234 5678', key: 'n:0445512345678' });
  }
  // Nor in a book of another plan, whose own reading stands ("0181 8123 4567" is a German number in Germany).
  for (const region of ['GB', 'DE', 'BR', 'AR'] as const) {
    for (const raw of ['01 81 8123 4567', '044 55 1234 5678', '045 55 1234 5678']) {
      for (const read of READS) {
        clearPhoneCache();
        assert.ok(!read(raw, region)?.key?.startsWith('p:+52'), `${read.name} ${raw} ${region}`);
      }
    }
  }
  // The call prefixes of a Mexican book keep their meaning: 00 and 001 reach another country.
  readsIn('001 415 555 0123', 'MX', { display: '+14155550123', key: 'p:+14155550123' });
});

test("Russia's, Kazakhstan's and Belarus's trunk 8 kept after the calling code is dropped, when only that reading is valid", () => {
  for (const s of ['+7 8 916 123 45 67', '+7 8 (916) 123-45-67', '+789161234567', '+7-8-916-123-45-67']) isNumber(s, '+79161234567');
  isNumber('+7 8 727 123 4567', '+77271234567'); // Almaty
  isNumber('+375 8 029 123 45 67', '+375291234567');
  isNumber('+375 80 29 123 45 67', '+375291234567');
  // The same card from two sources is one key, so one row.
  const a = normalizePhone('+7 916 123 45 67', null)?.key;
  assert.equal(normalizePhone('+7 8 916 123 45 67', 'RU')?.key, a);
  assert.equal(normalizePhone('+7 8 916 123 45 67 ext 5', null)?.key, 'p:+79161234567;ext=5');
});

test('must not: a valid +7 8… or +375 8… number (toll-free 8 800, St Petersburg 812, Kazan 843) loses its 8', () => {
  // libphonenumber has such numbers: they are valid as written, and stay.
  for (const e164 of ['+78001234567', '+78121234567', '+78432123456', '+78612345678', '+375800123456']) {
    assert.ok(parsePhoneNumberFromString(e164)?.isValid(), `${e164} is a valid number`);
    isNumber(e164, e164);
    assert.equal(renumbered(e164), e164);
  }
  isNumber('+7 800 123 45 67', '+78001234567');
  isNumber('+7 (812) 123-45-67', '+78121234567');
  // Neither reading valid: the number as written (no other number is made up).
  assert.equal(renumbered('+781234567890'), '+781234567890');
  assert.equal(normalizePhone('+7 8 123 456 7890', null)?.key, 'p:+781234567890');
});

test('an Italian landline written without its 0 after +39 is the number with it, when only that reading is valid', () => {
  isNumber('+39 6 1234 5678', '+390612345678'); // Rome
  isNumber('+39 2 1234 5678', '+390212345678'); // Milan
  isNumber('+39612345678', '+390612345678');
  isNumber('+39 55 123 4567', '+390551234567'); // Florence
  assert.equal(normalizePhone('+39 6 1234 5678 ext 12', null)?.key, 'p:+390612345678;ext=12');
  assert.equal(normalizePhone('+39 06 1234 5678', null)?.key, normalizePhone('+39 6 1234 5678', 'GB')?.key);
});

test('must not: a valid Italian number (a mobile, a toll-free number, a landline with its 0) gains a 0', () => {
  for (const e164 of ['+393471234567', '+39351234567', '+393123456789', '+39800123456', '+390612345678', '+390212345678']) {
    assert.ok(parsePhoneNumberFromString(e164)?.isValid(), `${e164} is a valid number`);
    isNumber(e164, e164);
  }
  isNumber('+39 347 123 4567', '+393471234567');
  // A mobile with a digit missing (Italy's mobiles start with 3) is no landline of Como (031): as written.
  isNumber('+39 312 345 271', '+39312345271');
  // Neither reading valid: as written, as before.
  assert.equal(normalizePhone('+39 9 12', null)?.key ?? null, parsePhoneSlow('+39 9 12', null)?.key ?? null);
});

test('must not: a valid full number of any country is rewritten by these repairs', () => {
  const examples = examplesModule as unknown as Record<string, string>;
  for (const country of getCountries()) {
    const ex = examples[country];
    if (ex === undefined) continue;
    const e164 = `+${getCountryCallingCode(country)}${ex}`;
    if (!parsePhoneNumberFromString(e164)?.isValid()) continue;
    clearPhoneCache();
    const v = normalizePhone(e164, null);
    // Only the published renumberings (Mexico 2019, Brazil, Vietnam) may change a number, and none of
    // today's examples is an old one.
    assert.deepEqual(v, { display: e164, key: 'p:' + e164 }, country);
  }
});

test('a phone cell a spreadsheet turned into scientific notation gets no key: its digits are lost', () => {
  for (const s of ['4.47911E+11', '9.19845E+11', '1.41556E+10', '4.91711E+11', '4.47911e+11', '4.47911E11', '4,91711E+11', '4E+11', ' 9.19845E+11 ']) {
    for (const region of REGIONS) {
      for (const read of READS) {
        clearPhoneCache();
        assert.deepEqual(read(s, region), { display: s.trim(), key: null }, `${read.name} ${s} ${region}`);
      }
      assert.equal(phoneNumbers(s, region), null);
      assert.equal(phoneAlternatives(s, region), null);
    }
  }
});

test('a phone cell a spreadsheet saved as a float is its digits: "4155550811.0", and scientific notation that carries every digit', () => {
  for (const read of READS) {
    clearPhoneCache();
    assert.deepEqual(read('4155550811.0', 'US'), { display: '+14155550811', key: 'p:+14155550811' }, read.name);
    assert.deepEqual(read('4155550811.00', 'US'), { display: '+14155550811', key: 'p:+14155550811' }, read.name);
    assert.deepEqual(read('+14155550811.0', null), { display: '+14155550811', key: 'p:+14155550811' }, read.name);
    assert.deepEqual(read('4.47700900813e11', 'GB'), { display: '+447700900813', key: 'p:+447700900813' }, read.name);
    assert.deepEqual(read('4,47700900813E+11', 'GB'), { display: '+447700900813', key: 'p:+447700900813' }, read.name);
    assert.deepEqual(read('4.477009008130E+11', null), { display: '447700900813', key: 'n:447700900813' }, read.name);
    assert.deepEqual(read('4.47700900813e11', 'US'), { display: '447700900813', key: 'n:447700900813' }, read.name);
    // Must not: a digit lost (fewer digits than the exponent needs) stays no number; a fraction, or a
    // short number with ".0", is not a float of a phone number.
    assert.deepEqual(read('4.4770090081e11', 'GB'), { display: '4.4770090081e11', key: null }, read.name);
    assert.deepEqual(read('4.47700900813e11 ', 'GB')?.key, 'p:+447700900813', read.name);
    assert.notEqual(read('4155550811.5', 'US')?.key, 'p:+14155550811', read.name);
    assert.equal(read('123456.0', null)?.display, '123456.0', read.name);
  }
  // Through the entry: the float's card and the person's card on the same number are one.
  const cs = mergeEntries(
    [
      { name: 'Ann Lee', phones: ['4155550811.0'], times_contacted: 2 },
      { name: 'Ann Lee', phones: ['(415) 555-0811'], email: 'ann@lee.example' },
    ].map((e) => normalizeEntry(e, { region: 'US', sourceKey: 'csv:-' })),
  );
  assert.deepEqual(
    cs.map((c) => [c.name, c.phones.map((p) => p.key)]),
    [['Ann Lee', ['p:+14155550811']]],
  );
});

test('two cards whose phone cells are one scientific rendering are not one person; a card with nothing else is not invitable', () => {
  const region = 'US';
  // Rows of an exported sheet without a name column: only the number could have joined them.
  const entries: EntryInput[] = [
    { phone: '9.19845E+11' },
    { phone: '9.19845E+11', email: 'priya@example.com' },
    { phone: '9.19845E+11', email: 'arjun@example.com' },
  ];
  const norm = entries.map((e) => normalizeEntry(e, { region, sourceKey: 'csv:-' }));
  for (const n of norm)
    assert.ok(
      n.phones.every((p) => p.key === null),
      JSON.stringify(n.phones),
    );
  const people = mergeEntries(norm);
  // Two people (they were one row, through the made-up key n:91984511), and no row for the number alone.
  const emails = people.map((c) => c.emails.map((m) => m.display).join(',')).filter((e) => e !== '');
  assert.deepEqual(emails.sort(), ['arjun@example.com', 'priya@example.com']);
  for (const c of people) assert.ok(c.phones.every((p) => p.key === null));
});

test('must not: numbers with letters or an extension that merely look like scientific notation lose their key', () => {
  assert.equal(normalizePhone('+44 7911 123456', null)?.key, 'p:+447911123456');
  assert.equal(normalizePhone('(415) 555-0123 ext 12', 'US')?.key, 'p:+14155550123;ext=12');
  assert.equal(normalizePhone('447911123456', null)?.key, 'n:447911123456');
  assert.equal(normalizePhone('1-800-FLOWERS', 'US')?.key, 'p:+18003569377');
});

test('a vanity number with an extension is the number its keys dial, with the extension (it was left unusable)', () => {
  // must keep
  assert.equal(normalizePhone('1-800-FLOWERS x123', 'US')?.key, 'p:+18003569377;ext=123');
  assert.equal(normalizePhone('1-800-FLOWERS ext. 123', 'US')?.key, 'p:+18003569377;ext=123');
  assert.equal(normalizePhone('+1 800 FLOWERS x123', null)?.key, 'p:+18003569377;ext=123');
  assert.equal(normalizePhone('1-800-FLOWERS;ext=9', 'US')?.key, 'p:+18003569377;ext=9');
  assert.equal(normalizePhone('0800 REVERSE ext 45', 'GB')?.key, 'p:+448007383773;ext=45');
  assert.equal(normalizePhone('1-800-FLOWERS x123', null)?.key, 'n:18003569377;ext=123');
  assert.equal(normalizePhone('1-800-FLOWERS', 'US')?.key, 'p:+18003569377');
  // must drop: a note stays a note, with or without an extension after it
  assert.equal(normalizePhone('555 HOME x12', 'US')?.key, null);
  assert.equal(normalizePhone('415 Pizzeria x12', null)?.key, null);
  assert.equal(normalizePhone('1-800-Flowers x123', null)?.key, null);
});

test('a vanity number whose letters are written as words apart is read as the one written with hyphens (a probe)', () => {
  // must keep
  assert.equal(normalizePhone('+1 800 GOT JUNK', null)?.key, 'p:+18004685865');
  assert.equal(normalizePhone('1 800 GOT JUNK', 'US')?.key, 'p:+18004685865');
  assert.equal(normalizePhone('1 800 GOT JUNK', null)?.key, normalizePhone('1-800-GOT-JUNK', null)?.key);
  assert.equal(normalizePhone('+1 800 GOT JUNK x12', null)?.key, 'p:+18004685865;ext=12');
  // must drop: words of prose after a number stay a note; no more letters than a subscriber number has
  assert.equal(normalizePhone('+1 800 Pizza Hut', null)?.key, null);
  assert.equal(normalizePhone('555 MY HOME', 'US')?.key, null);
  assert.equal(normalizePhone('+44 800 AB CD EF GH', null)?.key, null);
  assert.equal(normalizePhone('0800 AB CD EF', 'GB')?.key, null);
  assert.equal(normalizePhone('+61 2 9876 ABC D', null)?.key, null);
  assert.equal(normalizePhone('0049 30 HELP ME', null)?.key, null);
  assert.equal(normalizePhone('+1 415 555 0123 ANN LEE', null)?.key, 'p:+14155550123');
});

test('no one is called on a date, a time, a book number or a placeholder written as a phone (a probe found each kept as a callable row)', () => {
  const read = normalizePhone;
  for (const region of ['US', 'DE', 'GB', null] as const) {
    for (const s of ['2024-01-05', '05.01.2024', '12/05/2024', '12/05/24', '08:00-12:00', '2024-01-05 10:30', 'ISBN 978-3-16-148410-0']) {
      assert.deepEqual(read(s, region), { display: s, key: null }, `${s} in ${region}`);
    }
  }
  // Counting-up placeholders, where they make no valid number; a valid one is somebody's (Malaysia's
  // example mobile `012-345 6789`, Côte d'Ivoire's `01 23 45 6789`: a comparison over every region's
  // example numbers found them).
  for (const region of ['US', 'CA', null] as const) {
    for (const s of ['123-456-7890', '0123456789', '123456789']) assert.deepEqual(read(s, region), { display: s, key: null }, `${s} in ${region}`);
  }
  assert.equal(read('012-345 6789', 'MY')?.key, 'p:+60123456789');
  assert.equal(read('01 23 45 6789', 'CI')?.key, 'p:+2250123456789');
  // A +1 number whose area code or exchange starts with 0 or 1: the North American plan has none.
  assert.deepEqual(read('+1 (123) 456-7890', null), { display: '+1 (123) 456-7890', key: null });
  assert.deepEqual(read('+1 415 155 0123', null), { display: '+1 415 155 0123', key: null });
  // Real numbers that look alike stay numbers: India's example mobile counts down, a German number
  // beside office hours, a local number, a US number, dates' digits with a '+'.
  assert.equal(read('+91 98765 43210', null)?.key, 'p:+919876543210');
  assert.equal(read('098765 43210', 'IN')?.key, 'p:+919876543210');
  assert.equal(read('0171 2345678', 'DE')?.key, 'p:+491712345678');
  assert.equal(read('234-5678', 'US')?.key, 'n:2345678');
  assert.equal(read('(415) 555-0123', 'US')?.key, 'p:+14155550123');
  assert.equal(read('030 12 34 56', 'DE')?.key, 'p:+4930123456');
  // Eight digits grouped as a date are a whole number where the plan has no trunk prefix (a review).
  assert.equal(read('20.12.2012', 'DK')?.key, 'p:+4520122012');
  assert.equal(read('20-12-2012', 'DK')?.key, 'p:+4520122012');
  assert.equal(read('22.12.1985', 'NO')?.key, 'p:+4722121985');
  // Digits counting up from 2 or more are real numbers (North America, Denmark).
  assert.equal(read('(234) 567-8901', 'US')?.key, 'p:+12345678901');
  assert.equal(read('+45 67 89 01 23', null)?.key, 'p:+4567890123');
  // After a label, and in a list, a date is still no number.
  assert.equal(read('TEL:2024-01-05', 'DE')?.key, null);
  assert.deepEqual(phoneNumbers('2024-01-05, 2024-02-06', 'DE'), [{ display: '2024-01-05, 2024-02-06', key: null }]);
  assert.deepEqual(
    phoneNumbers('123-456-7890, 987-654-3210', 'US')?.map((p) => p.key),
    ['p:+19876543210'],
  );
  // In a book: a nameless entry with nothing but such a string is left out (nothing to invite); with a
  // name and evidence it stays, keyless.
  const ctx = { region: 'US' as const, sourceKey: 'gmail:-' };
  const entries = [{ phone: '2024-01-05' }, { phone: '123-456-7890' }, { name: 'Ann Lee', phone: '12/05/2024', times_contacted: 3 }];
  const n = entries.map((e) => normalizeEntry(e, ctx));
  const contacts = mergeEntries(n);
  const { summary, leftOut } = summarizeCleaning(contacts, n.length);
  assert.deepEqual(
    leftOut.map((e) => [e.index, e.reason]),
    [
      [0, 'nothing_to_invite'],
      [1, 'nothing_to_invite'],
    ],
  );
  assert.equal(summary.contacts, 1);
  const ann = contacts.find((c) => !c.junk)!;
  assert.equal(ann.name, 'Ann Lee');
  // Kept and marked: the string none can call is shown as written in `unusable`, never as a phone.
  assert.deepEqual(ann.phones, []);
  assert.deepEqual(ann.unusable?.phones, ['12/05/2024']);
});

test('second review: a date-shaped whole number of a plan without a trunk prefix is a number in a list and after a label too; a valid +1 number stands', () => {
  assert.deepEqual(
    phoneNumbers('20.12.2012, 30 11 20 13', 'DK')?.map((p) => p.key),
    ['p:+4520122012', 'p:+4530112013'],
  );
  assert.equal(normalizePhone('Mobil: 20.12.2012', 'DK')?.key, 'p:+4520122012');
  assert.equal(normalizePhone('+1 809 123 4567', null)?.key, 'p:+18091234567'); // valid in libphonenumber's Dominican plan
  assert.equal(normalizePhone('+1 (123) 456-7890', null)?.key, null);
});

/** Every reading in `region`: `raw` is kept as written, keyed on its digits (no country known). */
function isNoCountry(raw: string, region: CountryCode | null): void {
  for (const read of READS) {
    clearPhoneCache();
    assert.deepEqual(read(raw, region), { display: raw, key: 'n:' + raw.replace(/\D/g, '') }, `${read.name} ${JSON.stringify(raw)} ${region}`);
  }
}

test('probe: a foreign mobile written without its code in a North American book, whose +1 reading has an exchange starting 0 or 1, is kept as with no region', () => {
  // India, China (with and without spacing), Mexico, Colombia: left out as nothing to invite before.
  for (const s of ['98100 12345', '9810012345', '186 1012 3456', '18610123456', '55 1023 4567', '(222) 123-3455', '321 123 3232']) {
    isNoCountry(s, 'US');
    isNoCountry(s, 'CA');
  }
  // A Chinese mobile after a label, a spreadsheet's apostrophe or invisible marks: it became the made-up +13912345678.
  for (const s of ['Mobile: 139 1234 5678', "'13912345678", 'Cell 139 1234 5678', '\u202a139 1234 5678\u202c']) {
    for (const read of READS) assert.equal(read(s, 'US')?.key, 'n:13912345678', `${read.name} ${JSON.stringify(s)}`);
  }
  isNoCountry('139 1234 5678', 'US');
});

test('must not: a +1 number written with its + or a real area code after the trunk 1, filler, a placeholder or a valid number leaves its reading', () => {
  for (const read of READS) {
    clearPhoneCache();
    assert.equal(read('(415) 555-0123', 'US')?.key, 'p:+14155550123');
    assert.equal(read('Mobile: (415) 555-0123', 'US')?.key, 'p:+14155550123');
    assert.equal(read('13012345678', 'US')?.key, 'p:+13012345678'); // Maryland's 301
    assert.equal(read('Mobile: 130 1234 5678', 'US')?.key, 'p:+13012345678');
  }
  // Written with '+1' or '1' and a real area code, an area code starting with 0 or 1, filler: keyless, as before.
  for (const s of ['+1 415 123 4567', '1 415 123 4567', '(123) 456-7890', '(200) 000-0000', '+1 (981) 001-2345']) {
    assert.equal(normalizePhone(s, 'US')?.key ?? null, null, s);
  }
  // No region: the digits, as before; a region of another plan reads its own way.
  assert.equal(normalizePhone('98100 12345', null)?.key, 'n:9810012345');
  assert.equal(normalizePhone('98100 12345', 'IN')?.key, 'p:+919810012345');
});

test('probe: a Mexican mobile saved without +52 in a US book joins the same person’s full number, and a card with only it is someone to invite', () => {
  const ctx = { region: 'US' as const, sourceKey: 'gmail:-' };
  const entries: EntryInput[] = [
    { name: 'Ana Ruiz', phones: ['+52 55 1023 4567'] },
    { name: 'Ana Ruiz', email: 'ana.ruiz@mail.example', phones: ['55 1023 4567'] },
    { phones: ['98100 12345'] },
  ];
  const n = entries.map((e) => normalizeEntry(e, ctx));
  const contacts = mergeEntries(n);
  const { leftOut } = summarizeCleaning(contacts, n.length);
  assert.deepEqual(leftOut, []);
  const ana = contacts.filter((c) => c.name === 'Ana Ruiz');
  assert.equal(ana.length, 1, JSON.stringify(contacts.map((c) => [c.name, c.phones])));
  assert.ok(contacts.some((c) => c.phones.some((p) => p.key === 'n:9810012345')));
});

test('probe: numbers of one field on separate lines, after labels, in brackets or beside a bullet are each read; filler beside a number is none', () => {
  const keys = (raw: string, region: CountryCode) => normalizeEntry({ phones: [raw] }, { region, sourceKey: 'csv:-' }).phones.map((p) => p.key);
  for (const [raw, region, want] of [
    ['+1 415 555 0124\n+1 415 555 0123', 'US', ['p:+14155550124', 'p:+14155550123']],
    ['+1 415 555 0124\r\n+1 415 555 0123', 'US', ['p:+14155550124', 'p:+14155550123']],
    ['Cell: +1 415 555 0124\nWork: +1 415 555 0123', 'US', ['p:+14155550124', 'p:+14155550123']],
    ['T: +44 20 7946 0958 M: +44 7911 123456', 'GB', ['p:+442079460958', 'p:+447911123456']],
    ['(415) 555-0123 (home) (415) 555-0124 (cell)', 'US', ['p:+14155550123', 'p:+14155550124']],
    ['携帯: 090-1234-5678 自宅: 03-1234-5678', 'JP', ['p:+819012345678', 'p:+81312345678']],
    ['+1 415 555 0123 • +1 415 555 0124', 'US', ['p:+14155550123', 'p:+14155550124']],
    ['+1 415 555 0123, 000-000-0000', 'US', ['p:+14155550123']],
  ] as const) {
    assert.deepEqual(keys(raw, region), want, JSON.stringify(raw));
  }
  // A card holding only such a field is someone to invite (it was left out as nothing to invite).
  const n = [normalizeEntry({ phones: ['+1 415 555 0124\n+1 415 555 0123'] }, { region: 'US', sourceKey: 'csv:-' })];
  assert.deepEqual(summarizeCleaning(mergeEntries(n), 1).leftOut, []);
});

test('must not: a label, an extension word or a bracketed note beside one number makes two, or a list of filler a number', () => {
  const keys = (raw: string, region: CountryCode | null) => normalizeEntry({ phones: [raw] }, { region, sourceKey: 'csv:-' }).phones.map((p) => p.key);
  assert.deepEqual(keys('Tel: +44 20 7946 0958', 'GB'), ['p:+442079460958']);
  assert.deepEqual(keys('+1 415 555 0123 (cell)', 'US'), ['p:+14155550123']);
  assert.deepEqual(keys('(415) 555-0123 (home)', 'US'), ['p:+14155550123']);
  assert.deepEqual(keys('+1 415 555 0123 ext: 45', 'US'), ['p:+14155550123;ext=45']);
  assert.deepEqual(keys('+1 415 555 0123 W: 12', 'US'), ['p:+14155550123;ext=12']);
  assert.deepEqual(keys('+1 415 555 0123 x 12 (office)', 'US'), ['p:+14155550123;ext=12']);
  assert.deepEqual(keys('+49 (0)30 1234567', 'DE'), ['p:+49301234567']);
  assert.deepEqual(keys('000-000-0000, 111 1111', 'US'), [null]);
});

test('probe: a local number written without its area code, of a length the region allows but no valid number of it, is kept as with no region, not made a number', () => {
  for (const [raw, region] of [
    ['98123-4567', 'BR'],
    ['3123-4567', 'BR'],
    ['6543 2100', 'CN'],
    ['123 45 67', 'PL'],
    ['8123 4567', 'PH'],
    ['123 4567', 'MY'],
    ['123 45 67', 'SE'],
    ['123 4567', 'FI'],
  ] as const) {
    isNoCountry(raw, region);
  }
});

test('must not: a valid number of the region, however short, or one of its full length or with a trunk prefix loses its reading', () => {
  for (const [raw, region, e164] of [
    ['555 1234', 'IS', '+3545551234'], // a small plan's seven digits
    ['322 1234', 'FJ', '+6793221234'],
    ['6123 4567', 'SG', '+6561234567'],
    ['(11) 98123-4567', 'BR', '+5511981234567'],
    ['(11) 8123-4567', 'BR', '+5511981234567'], // renumbered, as before
    ['10 6543 2100', 'CN', '+861065432100'],
    ['010 6543 2100', 'CN', '+861065432100'],
    ['612 345 678', 'PL', '+48612345678'],
    ['70 123 45 67', 'SE', '+46701234567'],
    ['040 1234567', 'FI', '+358401234567'],
    ['30 1234567', 'DE', '+49301234567'],
    ['98100 12345', 'IN', '+919810012345'],
  ] as const) {
    for (const read of READS) {
      clearPhoneCache();
      assert.deepEqual(read(raw, region), { display: e164, key: 'p:' + e164 }, `${read.name} ${raw} ${region}`);
    }
  }
  // Too short for any subscriber number: keyless, as before.
  assert.equal(normalizePhone('312 345', 'AD')?.key ?? null, null);
});

test('a long run of spacing reads as a short one (it cost its length squared: a review)', () => {
  for (const [spaced, region] of [
    ['1800' + ' '.repeat(20_000) + 'FLOWERS', 'US'],
    ['1800' + ' '.repeat(20_000) + 'FLOWERS x12', 'US'],
    ['+49 30' + ' '.repeat(20_000) + '1234567', null],
    ['030 1234567' + '\n'.repeat(20_000) + '0151 23456789', 'DE'],
  ] as const) {
    const short = spaced.replace(/ {17,}/g, ' '.repeat(16)).replace(/\n{2,}/g, '\n');
    assert.deepEqual(normalizePhone(spaced, region)?.key, normalizePhone(short, region)?.key, short);
    const keys = (s: string) => (phoneNumbers(s, region) ?? []).map((p) => p.key);
    assert.deepEqual(keys(spaced), keys(short), short);
  }
  // A string that is no number stays none.
  assert.equal(normalizePhone('call' + ' '.repeat(20_000) + 'me', 'US')?.key ?? null, null);
});

test('two numbers in one field parted by Unicode spacing (an ideographic space, a paragraph separator, a byte-order mark, NBSPs) are two, as with a space or a line break', () => {
  const keysOf = (phone: string) => normalizeEntry({ name: 'X', phone }, { region: 'US', sourceKey: 'ios:-' }).phones.map((p) => p.key);
  const both = ['p:+14155550172', 'p:+442079460958'];
  for (const sep of [' ', '\n', '\u3000', '\u2029', '\u2028', '\ufeff', '\u200b', '\u00a0\u00a0', '\u3000'.repeat(16), '\u3000'.repeat(17)]) {
    assert.deepEqual(keysOf(`+1 415 555 0172${sep}+44 20 7946 0958`), both, JSON.stringify(sep));
  }
  // Inside one number, such characters are only its formatting (or nothing).
  for (const one of [
    '+1\u00a0415\u00a0555\u00a00172',
    '+1\u3000415\u3000555\u30000172',
    '\u200f+1 (415) 555-0172',
    '+\u200e1 415 555 0172',
    '415\u00ad555\u00ad0172',
  ]) {
    assert.deepEqual(keysOf(one), ['p:+14155550172'], JSON.stringify(one));
  }
});

test("probe: a national number written with the plan's own prefixes (Argentina's 0 11 15, Brazil's carrier code) in a source with no country joins the book's full number it reads as there; another person's card stays apart", () => {
  const book = (a: EntryInput, b: EntryInput, region: 'AR' | 'BR') =>
    mergeEntries([normalizeEntry(a, { region, sourceKey: 'android:-' }), normalizeEntry(b, { region: null, sourceKey: 'gmail:-' })]).map((c) => [
      c.name,
      c.phones.map((p) => p.display),
    ]);
  assert.deepEqual(book({ name: 'Martín Gómez', phones: ['+54 9 11 1234 5678'] }, { name: 'Martín Gómez', phones: ['011 15-1234-5678'] }, 'AR'), [
    ['Martín Gómez', ['+5491112345678']],
  ]);
  assert.deepEqual(book({ name: 'Ana Souza', phones: ['+55 11 98765-4321'] }, { phones: ['0 21 11 98765-4321'] }, 'BR'), [['Ana Souza', ['+5511987654321']]]);
  assert.equal(book({ name: 'Ana Souza', phones: ['+55 11 98765-4321'] }, { name: 'Bia Lima', phones: ['0 21 11 98765-4321'] }, 'BR').length, 2);
});

test('labels without their ":" between two numbers split the field ("Mom 415-555-0101 Dad 415-555-0102": a probe found the card left out); a word before a few digits stays part of its number', () => {
  const keys = (raw: string, region: CountryCode) => phoneNumbers(raw, region)?.map((p) => p.key) ?? null;
  assert.deepEqual(keys('Mom 415-555-0101 Dad 415-555-0102', 'US'), ['p:+14155550101', 'p:+14155550102']);
  assert.deepEqual(keys('Home 030 1234567 Büro 030 7654321', 'DE'), ['p:+49301234567', 'p:+49307654321']);
  assert.deepEqual(keys('Home 020 7946 0018 Mobile 07700 900123', 'GB'), ['p:+442079460018', 'p:+447700900123']);
  // Must not change: an extension, a word before a few digits.
  assert.deepEqual(
    normalizeEntry({ name: 'X', phone: '415-555-0101 ext 9' }, { region: 'US', sourceKey: 's' }).phones.map((p) => p.key),
    ['p:+14155550101;ext=9'],
  );
  assert.equal(keys('030 1234567 bis 20 Uhr', 'DE')?.length ?? 1, 1);
  // A note ending in a few digits before the next number is no number with a label (a review: both lost).
  for (const [raw, region, first] of [
    ['415 555 0101, after 6 pm 415 555 0102', 'US', 'p:+14155550101'],
    ['030 1234567, ab 18 Uhr 030 1234500', 'DE', 'p:+49301234567'],
  ] as const) {
    const got = normalizeEntry({ name: 'X', phone: raw }, { region, sourceKey: 's' }).phones.map((p) => p.key);
    assert.ok(got.includes(first), `${raw}: ${JSON.stringify(got)}`);
  }
  const parents = normalizeEntry({ name: 'Parents', phone: 'Mom 415-555-0101 Dad 415-555-0102' }, { region: 'US', sourceKey: 's' });
  assert.deepEqual(
    parents.phones.map((p) => p.key),
    ['p:+14155550101', 'p:+14155550102'],
  );
});

test('must not: a code, a PIN or a room number after a label becomes a number (a review: "+1 888 555 0101 Code 1234567#" gave the made-up n:1234567); it is a note, and the number before it stands', () => {
  const keys = (raw: string, region: CountryCode) => normalizeEntry({ name: 'X', phone: raw }, { region, sourceKey: 's' }).phones.map((p) => p.key);
  for (const [raw, region, want] of [
    ['+1 888 555 0101 Code 1234567#', 'US', 'p:+18885550101'],
    ['+44 20 7946 0958 Room 1234567', 'GB', 'p:+442079460958'],
    ['+1 888 555 0101 PIN 123456', 'US', 'p:+18885550101'],
    ['+1 888 555 0101 pin 1234#', 'US', 'p:+18885550101'], // a few digits: they were the number's last (n:188855501011234)
    ['+1 888 555 0101 Code: 1234567', 'US', 'p:+18885550101'],
    ['+1 888 555 0101 Meeting ID: 123 456 789', 'US', 'p:+18885550101'],
    ['+1 888 555 0101 Passcode 4455 / 6677', 'US', 'p:+18885550101'],
    ['+49 30 1234567 Raum 4711123', 'DE', 'p:+49301234567'],
    ['030 1234567 Zimmer 4711', 'DE', 'p:+49301234567'],
    ['+33 1 23 45 67 89 Salle 1234567', 'FR', 'p:+33123456789'],
    ['+49 89 1234567 Konferenz 7654321', 'DE', 'p:+49891234567'],
    ['+34 912 345 678 Código 1234567', 'ES', 'p:+34912345678'],
  ] as const) {
    assert.deepEqual(keys(raw, region), [want], raw);
    assert.equal(normalizePhone(raw, region)?.key ?? null, want, raw);
  }
  // A number after the code is still read.
  assert.deepEqual(keys('+1 415 555 0101 Code 1234567, +1 415 555 0199', 'US'), ['p:+14155550101', 'p:+14155550199']);
  // Digits after a bare label that are no number of the first number's country: left out, not a number.
  assert.deepEqual(keys('+1 415 555 0101 Cell 123456', 'US'), ['p:+14155550101']);
  assert.deepEqual(keys('+1 888 555 0101 Fax 1234567', 'US'), ['p:+18885550101']);
  // Two people whose fields hold the same code stay apart, and no one joins them on it.
  const people = mergeEntries([
    normalizeEntry({ name: 'Ann Lee', phone: '+1 888 555 0101 Code 1234567#' }, { region: 'US', sourceKey: 'a' }),
    normalizeEntry({ name: 'Cy Fox', phone: '+44 20 7946 0958 Room 1234567' }, { region: 'GB', sourceKey: 'b' }),
    normalizeEntry({ name: 'Bob Ng', phone: '1234567' }, { region: null, sourceKey: 'c' }),
  ]);
  assert.deepEqual(people.map((c) => c.name).sort(), ['Ann Lee', 'Bob Ng', 'Cy Fox']);
  // Must keep: labels before real numbers split the field as before.
  assert.deepEqual(keys('Mom 415-555-0101 Dad 415-555-0102', 'US'), ['p:+14155550101', 'p:+14155550102']);
  assert.deepEqual(keys('Work 030 1234567 Home 089 7654321', 'DE'), ['p:+49301234567', 'p:+49897654321']);
  assert.deepEqual(keys('+1 415 555 0101 Cell 415 555 0199', 'US'), ['p:+14155550101', 'p:+14155550199']);
  assert.deepEqual(keys('Conference: +1 888 555 0199', 'US'), ['p:+18885550199']);
  assert.deepEqual(keys('+1 415 555 0101 Conference +1 888 555 0199', 'US'), ['p:+14155550101', 'p:+18885550199']);
});

test('must not: a note with digits after a number joins them to it ("030 1234567 bis 20 Uhr" was the made-up n:030123456720, no E.164, no merge); the number before the note stands, the note left out', () => {
  const keys = (raw: string, region: CountryCode) => normalizeEntry({ name: 'X', phone: raw }, { region, sourceKey: 's' }).phones.map((p) => p.key);
  for (const [raw, region, want] of [
    ['030 1234567 bis 20 Uhr', 'DE', 'p:+49301234567'],
    ['+49 30 1234567 (bis 20 Uhr)', 'DE', 'p:+49301234567'],
    ['030 1234567 - erreichbar ab 18 Uhr', 'DE', 'p:+49301234567'],
    ['0171 2345678 nach 19 Uhr', 'DE', 'p:+491712345678'],
    ['030 1234567 Mo-Fr 9-17', 'DE', 'p:+49301234567'],
    ['+44 20 7946 0958 after 6pm', 'GB', 'p:+442079460958'],
    ['+1 415 555 0123 (after 5)', 'US', 'p:+14155550123'],
    ['+1 888 555 0101,,1234567#', 'US', 'p:+18885550101'], // a code dialled after two pauses: no number n:1234567
  ] as const) {
    assert.deepEqual(keys(raw, region), [want], raw);
  }
  // Must keep: an extension word is read with the number; digits not valid alone stay keyless-national as before.
  assert.deepEqual(keys('030 1234567 Durchwahl 12', 'DE'), ['p:+49301234567;ext=12']);
  assert.deepEqual(keys('+1 415 555 0123 ext. 12', 'US'), ['p:+14155550123;ext=12']);
  assert.deepEqual(keys('030 1234567 privat', 'DE'), ['p:+49301234567']);
  // The same person written with and without the note is one row.
  const people = mergeEntries([
    normalizeEntry({ name: 'Eva Braun', phone: '030 1234567 bis 20 Uhr' }, { region: 'DE', sourceKey: 'a' }),
    normalizeEntry({ name: 'Eva Braun', phone: '+49 30 1234567' }, { region: 'DE', sourceKey: 'b' }),
  ]);
  assert.equal(people.length, 1);
});

test('must not: digits of a note before or after a number join it ("030 1234567 18 Uhr" was the made-up +4930123456718, "ab 18 Uhr 030 1234567" n:180301234567); an extension before a note is kept; a pause code is no number', () => {
  const keys = (raw: string, region: CountryCode) => normalizeEntry({ name: 'X', phone: raw }, { region, sourceKey: 's' }).phones.map((p) => p.key);
  for (const [raw, region, want] of [
    // Digits that start the note: a time, a range, a floor, an ordinal.
    ['030 1234567 18-20 Uhr', 'DE', ['p:+49301234567']],
    ['030 1234567 18 Uhr', 'DE', ['p:+49301234567']],
    ['0171 2345678 9-17h', 'DE', ['p:+491712345678']],
    ['+49 30 1234567 3. OG', 'DE', ['p:+49301234567']],
    ['+1 415 555 0123 2nd line', 'US', ['p:+14155550123']],
    ['03-1234-5678(18時以降)', 'JP', ['p:+81312345678']],
    // A note with digits before the number.
    ['ab 18 Uhr 030 1234567', 'DE', ['p:+49301234567']],
    ['after 6pm 415 555 0123', 'US', ['p:+14155550123']],
    ['Mon-Fri 9-5 +44 20 7946 0958', 'GB', ['p:+442079460958']],
    ['bis 2019: 030 1234567', 'DE', ['p:+49301234567']],
    ['ab 2020 0171 2345678', 'DE', ['p:+491712345678']],
    ['030 1234567 ab 20.5. 0171 2345678', 'DE', ['p:+49301234567', 'p:+491712345678']],
    // An extension, then a note.
    ['+1 415 555 0123 x12 after 5', 'US', ['p:+14155550123;ext=12']],
    ['030 1234567 Durchwahl 12 ab 18 Uhr', 'DE', ['p:+49301234567;ext=12']],
    // After pauses: a code that is no number alone is left out; a short one ended by '#' is the extension.
    ['+1 888 555 0101,,1234567', 'US', ['p:+18885550101']],
    ['+1 888 555 0101,1234#', 'US', ['p:+18885550101;ext=1234']],
    ['+44 20 7946 0958,,123456#', 'GB', ['p:+442079460958;ext=123456']],
  ] as const) {
    assert.deepEqual(keys(raw, region), want, raw);
  }
  // Must keep: digits before a word that are the number's; a second number after pauses; pairs after a label.
  assert.deepEqual(keys('+49 30 12 34 56 78 privat', 'DE'), ['p:+493012345678']);
  assert.deepEqual(keys('+1 415 555 0123,,4155550199', 'US'), ['p:+14155550123', 'p:+14155550199']);
  assert.deepEqual(
    keys('Tel 12 34 56 78', 'DK'),
    normalizeEntry({ name: 'X', phone: '12 34 56 78' }, { region: 'DK', sourceKey: 's' }).phones.map((p) => p.key),
  );
});

test('must not: a bracketed note with digits after a number joins or spoils it ("+49 30 1234567 (2)" was the made-up +493012345672, "+1 415 555 0126 (2)" no key: a phone-only person left out); a bracketed number is a second number', () => {
  const keys = (raw: string, region: CountryCode) => normalizeEntry({ name: 'X', phone: raw }, { region, sourceKey: 's' }).phones.map((p) => p.key);
  for (const [raw, region, want] of [
    ['+1 415 555 0126 (2)', 'US', ['p:+14155550126']],
    ['+1 415 555 0126 (24/7)', 'US', ['p:+14155550126']],
    ['+49 30 1234567 (2)', 'DE', ['p:+49301234567']],
    ['030 1234567 [2]', 'DE', ['p:+49301234567']],
    ['+33 6 12 34 56 80 (2)', 'FR', ['p:+33612345680']],
    ['+44 7700 900123 (24/7)', 'GB', ['p:+447700900123']],
    ['07700 900123 (24h)', 'GB', ['p:+447700900123']],
    ['+44 7700 900123 (line 2)', 'GB', ['p:+447700900123']],
    ['+44 7700 900123 (after 6pm)', 'GB', ['p:+447700900123']],
    ['+49 30 1234567 (Mo-Fr 9:00-17:00)', 'DE', ['p:+49301234567']],
    // A number, or a shortened alternative, in brackets: both numbers (read whole, neither had a key).
    ['030 1234567 (0171 2345678)', 'DE', ['p:+49301234567', 'p:+491712345678']],
    ['+1 415 555 0172 (+1 415 555 0199)', 'US', ['p:+14155550172', 'p:+14155550199']],
    // Fewer than six digits alone: an extension or an alternative, which cannot be told apart; the number stands.
    ['+1 415 555 0172 (0173)', 'US', ['p:+14155550172']],
    ['+1 415 555 0172 (1234)', 'US', ['p:+14155550172']],
  ] as const) {
    assert.deepEqual(keys(raw, region), want, raw);
  }
  // An extension in brackets is the number's, in E.164 ("030 1234567 (Durchwahl 12)" was `n:0301234567`,
  // "+33 1 23 45 67 89 (poste 12)" had no key).
  assert.deepEqual(keys('030 1234567 (Durchwahl 12)', 'DE'), ['p:+49301234567;ext=12']);
  assert.deepEqual(keys('+33 1 23 45 67 89 (poste 12)', 'FR'), ['p:+33123456789;ext=12']);
  assert.deepEqual(keys('03-1234-5678(内線123)', 'JP'), ['p:+81312345678;ext=123']);
  // Must keep: an extension in brackets, a bracketed area code, a note without digits, a number in a name's brackets.
  assert.deepEqual(keys('+1 415 555 0126 (x2)', 'US'), ['p:+14155550126;ext=2']);
  assert.deepEqual(keys('+44 20 7946 0958 (ext 12)', 'GB'), ['p:+442079460958;ext=12']);
  assert.deepEqual(keys('(415) 555-0126', 'US'), ['p:+14155550126']);
  assert.deepEqual(keys('+49 (0) 30 1234567', 'DE'), ['p:+49301234567']);
  assert.deepEqual(keys('+1 415 555 0126 (home)', 'US'), ['p:+14155550126']);
  assert.deepEqual(keys('Mom (415 555 0126)', 'US'), ['p:+14155550126']);
  // The same person written with the note and without it is one row.
  const people = mergeEntries([
    normalizeEntry({ name: 'Ann Lee', phone: '+1 415 555 0126 (2)' }, { region: 'US', sourceKey: 'a' }),
    normalizeEntry({ name: 'Ann Lee', phone: '(415) 555-0126' }, { region: 'US', sourceKey: 'b' }),
  ]);
  assert.equal(people.length, 1);
});

test('must read: a North American number saved with its 1 and no "+" in a book outside +1 is the +1 number when the plan reads no valid number of its own ("16502530000" was the made-up +9116502530000 in an Indian book: an HTTP probe)', () => {
  const keys = (raw: string, region: CountryCode) => normalizeEntry({ name: 'X', phone: raw }, { region, sourceKey: 's' }).phones.map((p) => p.key);
  for (const region of ['IN', 'BR', 'CN', 'ID', 'IT', 'DE', 'FR'] as const) {
    if (region !== 'CN') assert.deepEqual(keys('16502530000', region), ['p:+16502530000'], region);
    assert.deepEqual(keys('1 (415) 555-0123', region), ['p:+14155550123'], region);
  }
  // One person across the phone book and a Gmail export with the number in E.164.
  const people = mergeEntries([
    normalizeEntry({ name: 'Sam Lee', phone: '16502530000' }, { region: 'IN', sourceKey: 'a' }),
    normalizeEntry({ name: 'Sam Lee', email: 'sam.lee@gmail.com', phones: ['+1 650-253-0000'] }, { region: 'IN', sourceKey: 'b' }),
  ]);
  assert.equal(people.length, 1);
  // Must keep: a plan's own valid number of eleven digits starting with 1 (a Chinese mobile), a North
  // American book's own reading, and a number written with '+'.
  assert.deepEqual(keys('13812345678', 'CN'), ['p:+8613812345678']);
  assert.deepEqual(keys('16502530000', 'CN'), ['p:+8616502530000']); // 165: a Chinese mobile range
  assert.deepEqual(keys('16502530000', 'US'), ['p:+16502530000']);
  assert.deepEqual(keys('+91 98765 43210', 'IN'), ['p:+919876543210']);
});

/** France's national plan: one ten-digit plan with the trunk 0 over six calling codes (phone.ts, FRENCH_PLAN_REGIONS). */
const FRENCH_PLAN: CountryCode[] = ['FR', 'RE', 'YT', 'GP', 'BL', 'MF', 'MQ', 'GF', 'PM'];

/** Every reading of `raw` in a book of `region` (cache cleared) is the full number `e164`. */
function readsAs(raw: string, region: CountryCode, e164: string): void {
  for (const read of READS) {
    clearPhoneCache();
    assert.deepEqual(read(raw, region), { display: e164, key: 'p:' + e164 }, `${read.name} ${raw} ${region}`);
  }
}

test("the metadata's premise: France's plan is one trunk 0 and nine digits in each of its countries, and not in its Pacific ones", () => {
  const plan = new Metadata() as unknown as {
    selectNumberingPlan(c: string): void;
    numberingPlan: { nationalPrefix(): string | undefined; possibleLengths(): number[] };
  };
  for (const c of FRENCH_PLAN) {
    plan.selectNumberingPlan(c);
    assert.equal(plan.numberingPlan.nationalPrefix(), '0', c);
    assert.ok(plan.numberingPlan.possibleLengths().includes(9), c);
  }
  // Wallis-et-Futuna, French Polynesia, New Caledonia: no trunk prefix, a plan of their own.
  for (const c of ['WF', 'PF', 'NC']) {
    plan.selectNumberingPlan(c);
    assert.equal(plan.numberingPlan.nationalPrefix(), undefined, c);
  }
});

test("must read: an overseas number of France's plan written nationally in a French book is its own calling code's (\"0692 12 34 56\" was +33692123456, no one's number)", () => {
  const cases: [string, string][] = [
    ['0692 12 34 56', '+262692123456'], // La Réunion, mobile
    ['06 93 12 34 56', '+262693123456'],
    ['0262 20 12 34', '+262262201234'], // La Réunion, fixed
    ['0639 20 12 34', '+262639201234'], // Mayotte, mobile
    ['0590 27 12 34', '+590590271234'], // Saint-Barthélemy, fixed
    ['0690 12 34 56', '+590690123456'], // Guadeloupe, Saint-Barthélemy, Saint-Martin: one code, mobile
    ['0696 12 34 56', '+596696123456'], // Martinique, mobile
    ['0594 20 12 34', '+594594201234'], // French Guiana, fixed
    ['0694 20 12 34', '+594694201234'], // French Guiana, mobile
    ['07 09 01 23 45', '+590709012345'], // the overseas 07 09 mobile ranges, one code each
    ['07 09 21 23 45', '+262709212345'],
    ['07 08 40 12 34', '+508708401234'], // Saint-Pierre-et-Miquelon, mobile
  ];
  for (const [raw, e164] of cases) {
    // The premise: no valid French number, a valid number of the other code.
    const national = e164.slice(e164.length - 9);
    assert.equal(parseMax('+33' + national)?.isValid(), false, raw);
    assert.equal(parseMax(e164)?.isValid(), true, e164);
    readsAs(raw, 'FR', e164);
  }
  // Written with dots, without spacing or after a label, as any number.
  readsAs('06.92.12.34.56', 'FR', '+262692123456');
  readsAs('0692123456', 'FR', '+262692123456');
  assert.equal(normalizePhone('Portable : 0692 12 34 56', 'FR')?.key, 'p:+262692123456');
  // A book of another country of the plan reads it so too (Mayotte's and Réunion's +262 aside).
  readsAs('0690 12 34 56', 'RE', '+590690123456');
  readsAs('0692 12 34 56', 'MQ', '+262692123456');
  // One person across a French phone book and an export with the number in E.164.
  const people = mergeEntries([
    normalizeEntry({ name: 'Léa Payet', phone: '0692 12 34 56' }, { region: 'FR', sourceKey: 'a' }),
    normalizeEntry({ name: 'Léa Payet', email: 'lea.payet@gmail.com', phones: ['+262 692 12 34 56'] }, { region: 'FR', sourceKey: 'b' }),
  ]);
  assert.equal(people.length, 1);
});

test('must read: a mainland number written nationally in an overseas book of France\'s plan is +33 ("06 12 34 56 78" in a Réunion book was +262612345678, "01 42 …" only its digits)', () => {
  // One plan: from La Réunion a Paris number is dialled "01 42 …", as in Paris.
  for (const region of ['RE', 'YT', 'GP', 'BL', 'MF', 'MQ', 'GF', 'PM'] as const) {
    readsAs('06 12 34 56 78', region, '+33612345678');
    readsAs('01 42 12 34 56', region, '+33142123456');
  }
});

test("must not: a valid reading of the book's own code, a number written with its code, or digits valid under no code or two of France's plan change", () => {
  // The mainland's numbers in a French book, the overseas ones in their own books.
  for (const [raw, e164] of [
    ['06 12 34 56 78', '+33612345678'],
    ['01 42 12 34 56', '+33142123456'],
    ['07 51 23 45 67', '+33751234567'],
    ['09 76 12 34 56', '+33976123456'],
    ['0800 12 34 56', '+33800123456'],
  ] as const)
    readsAs(raw, 'FR', e164);
  readsAs('0692 12 34 56', 'RE', '+262692123456');
  readsAs('0262 20 12 34', 'RE', '+262262201234');
  readsAs('0692 12 34 56', 'YT', '+262692123456'); // Mayotte's book, Réunion's mobile: one code
  readsAs('0690 12 34 56', 'GP', '+590690123456');
  readsAs('0696 12 34 56', 'MQ', '+596696123456');
  // Written with its calling code, in any book.
  for (const region of ['FR', 'RE', 'DE', 'US'] as const) {
    readsAs('+262 692 12 34 56', region, '+262692123456');
    readsAs('0033 6 12 34 56 78', region, '+33612345678');
  }
  readsAs('+33 6 12 34 56 78', 'RE', '+33612345678');
  // Valid as the book's own number (the metadata has these ranges as mainland fixed lines too): it stays.
  for (const [raw, e164] of [
    ['0269 60 12 34', '+33269601234'],
    ['0596 60 12 34', '+33596601234'],
    ['05 08 41 23 45', '+33508412345'],
  ] as const) {
    assert.equal(parseMax(e164)?.isValid(), true, e164);
    readsAs(raw, 'FR', e164);
  }
  // Valid under no code of the plan: the book's reading, as before.
  readsAs('0691 00 12 34', 'FR', '+33691001234');
  // Valid under two other codes (a Martinique landline in a Réunion book is a mainland one too, by the
  // metadata): which is unknown, so its digits, as before (elsewhereNational).
  for (const read of READS) assert.deepEqual(read('0596 60 12 34', 'RE'), { display: '0596 60 12 34', key: 'n:0596601234' }, read.name);
  // Not a book of the plan: its own reading (Frankfurt), or none.
  readsAs('0692 12 34 56', 'DE', '+49692123456');
  assert.deepEqual(normalizePhone('0692 12 34 56', null), { display: '0692 12 34 56', key: 'n:0692123456' });
});

test("must read: Ukraine's old trunk 8 before 0XX, in a Ukrainian book, is the +380 number (it was kept as written beside the person's +380 card)", () => {
  const cases: [string, string][] = [
    ['8 050 765 4322', '+380507654322'],
    ['80507654323', '+380507654323'],
    ['8 (050) 765-43-22', '+380507654322'],
    ['8-067-123-45-67', '+380671234567'],
  ];
  for (const [raw, e164] of cases) {
    readsIn(raw, 'UA', { display: e164, key: 'p:' + e164 });
    // The quick path reads it, and the library path reads it alike.
    assert.deepEqual(parsePhoneQuick(raw, 'UA'), { display: e164, key: 'p:' + e164 }, raw);
    assert.equal(parsePhoneReference(raw, 'UA')?.key, 'p:' + e164, raw);
  }
  // The same person's card with +380 is one key, so one row (the book's region from its owner's +380 phone).
  assert.equal(regionFromPhone('+380 44 123 4567'), 'UA');
  assert.equal(normalizePhone('8 050 765 4322', 'UA')?.key, normalizePhone('+380 50 765 4322', null)?.key);
  // A Kyiv landline with the 8 is Kyiv's number; a Belarusian reading of the same digits stays an alternative.
  assert.equal(normalizePhone('8 044 123 4567', 'UA')?.key, 'p:+380441234567');
});

test("must not: a valid Ukrainian number stays, an 8 before no valid 0XX number is no number, and other books keep their reading of '8 0…'", () => {
  readsIn('050 765 4322', 'UA', { display: '+380507654322', key: 'p:+380507654322' });
  readsIn('0800 123 456', 'UA', { display: '+380800123456', key: 'p:+380800123456' }); // toll-free, valid as written
  // Ten digits starting 80 are a valid number of the plan as written (its metadata's +380 80…): as before.
  readsIn('8 050 765 432', 'UA', { display: '+3808050765432', key: 'p:+3808050765432' });
  // Not the 8, the trunk 0 and nine digits that make a valid number: the reading as before.
  for (const raw of ['8 050 765 43221', '8 000 000 0000', '8 150 765 4322', '88 050 765 432']) {
    for (const read of READS) {
      clearPhoneCache();
      assert.ok(!read(raw, 'UA')?.key?.startsWith('p:+380'), `${read.name} ${raw}`);
    }
  }
  // Other books: Belarus reads its own "8 029 …" as before; Russia, a US book and no region do not read +380.
  readsIn('8 029 123 45 67', 'BY', { display: '+375291234567', key: 'p:+375291234567' });
  for (const region of [null, 'RU', 'US', 'KZ', 'PL'] as const) {
    for (const read of READS) {
      clearPhoneCache();
      assert.ok(!read('8 050 765 4322', region)?.key?.startsWith('p:+380'), `${read.name} ${region}`);
    }
  }
  readsIn('8 050 765 4322', null, { display: '8 050 765 4322', key: 'n:80507654322' });
  // Written with +380 or an extension: the usual reading.
  readsIn('+380 50 765 4322', 'UA', { display: '+380507654322', key: 'p:+380507654322' });
});

test("must read: Chile's old mobile form, the trunk 0 then 9 and eight digits, in a Chilean book, is the +56 9 number", () => {
  const cases: [string, string][] = [
    ['09 8765 4322', '+56987654322'],
    ['0987654322', '+56987654322'],
    ['(09) 8765-4322', '+56987654322'],
    ['09-9123-4567', '+56991234567'],
  ];
  for (const [raw, e164] of cases) {
    readsIn(raw, 'CL', { display: e164, key: 'p:' + e164 });
    assert.deepEqual(parsePhoneQuick(raw, 'CL'), { display: e164, key: 'p:' + e164 }, raw);
    assert.equal(parsePhoneReference(raw, 'CL')?.key, 'p:' + e164, raw);
  }
  assert.equal(normalizePhone('09 8765 4322', 'CL')?.key, normalizePhone('+56987654322', null)?.key);
});

test("must not: a valid Chilean number stays, 09 before no nine-digit mobile is no number, and other books keep their reading of '09 …'", () => {
  readsIn('9 8765 4322', 'CL', { display: '+56987654322', key: 'p:+56987654322' });
  readsIn('2 2123 4567', 'CL', { display: '+56221234567', key: 'p:+56221234567' });
  // Too few or too many digits after 09, or another digit after the 0: the reading as before.
  for (const raw of ['09 8765 432', '09 8765 43221', '098765432', '02 2123 4567']) {
    for (const read of READS) {
      clearPhoneCache();
      assert.equal(read(raw, 'CL')?.key, 'n:' + raw.replace(/\D/g, ''), `${read.name} ${raw}`);
    }
  }
  // Another book's "09 …" is its own or none: never Chile's.
  for (const region of [null, 'AR', 'US', 'GB', 'VN', 'MX'] as const) {
    for (const read of READS) {
      clearPhoneCache();
      assert.ok(!read('09 8765 4322', region)?.key?.startsWith('p:+56'), `${read.name} ${region}`);
    }
  }
});

test("must read: Argentina's 15 before a Buenos Aires mobile's eight digits, in an Argentine book, is the +54 9 11 number (it was a row of its own beside the friend's +54 9 11 card)", () => {
  const cases: [string, string][] = [
    ['15-4123-4567', '+5491141234567'],
    ['15 4123 4567', '+5491141234567'],
    ['1541234567', '+5491141234567'],
    ['15 6987-1234', '+5491169871234'],
  ];
  for (const [raw, e164] of cases) {
    readsIn(raw, 'AR', { display: e164, key: 'p:' + e164 });
    assert.deepEqual(parsePhoneQuick(raw, 'AR'), { display: e164, key: 'p:' + e164 }, raw);
    assert.equal(parsePhoneReference(raw, 'AR')?.key, 'p:' + e164, raw);
  }
  assert.equal(normalizePhone('15-4123-4567', 'AR')?.key, normalizePhone('+54 9 11 4123-4567', null)?.key);
  // The long-distance forms already read.
  assert.equal(normalizePhone('011 15 4123-4567', 'AR')?.key, 'p:+5491141234567');
});

test("must not: '15' before seven digits (any area's), other books' '15 …', and Argentina's valid numbers keep their reading", () => {
  // Seven digits after 15 could be Córdoba's (351), Rosario's (341), …: unknown, so as before.
  for (const read of READS) {
    clearPhoneCache();
    assert.ok(!read('15-412-3456', 'AR')?.key?.startsWith('p:+54911'), read.name);
  }
  assert.equal(normalizePhone('11 4555-1234', 'AR')?.key, 'p:+541145551234');
  assert.equal(normalizePhone('351 412-3456', 'AR')?.key, 'p:+543514123456');
  for (const region of [null, 'US', 'BR', 'UY', 'CL', 'MX'] as const) {
    for (const read of READS) {
      clearPhoneCache();
      assert.ok(!read('15-4123-4567', region)?.key?.startsWith('p:+54'), `${read.name} ${region}`);
    }
  }
});

test('must read: a Benin number of the eight-digit plan is its ten-digit number with 01 (30 November 2024), with +229 anywhere and written nationally in a Benin book', () => {
  for (const [raw, e164] of [
    ['+229 97 12 34 56', '+2290197123456'],
    ['+22921301234', '+2290121301234'], // a Cotonou landline
    ['00229 97 12 34 56', '+2290197123456'],
  ]) {
    for (const region of [null, 'BJ', 'FR', 'US'] as const) readsIn(raw, region, { display: e164, key: 'p:' + e164 });
  }
  const national: [string, string][] = [
    ['97 12 34 56', '+2290197123456'],
    ['97123456', '+2290197123456'],
    ['97-12-34-56', '+2290197123456'],
    ['21 30 12 34', '+2290121301234'],
    ['229 97 12 34 56', '+2290197123456'], // the calling code without '+'
  ];
  for (const [raw, e164] of national) {
    readsIn(raw, 'BJ', { display: e164, key: 'p:' + e164 });
    // The quick path reads it, and the library path reads it alike.
    assert.deepEqual(parsePhoneQuick(raw, 'BJ'), { display: e164, key: 'p:' + e164 }, raw);
    assert.equal(parsePhoneReference(raw, 'BJ')?.key, 'p:' + e164, raw);
  }
  // The same person's card with the new number is one key (the book's region from its owner's +229 phone).
  assert.equal(regionFromPhone('+229 01 97 00 00 01'), 'BJ');
  assert.equal(normalizePhone('97 12 34 56', 'BJ')?.key, normalizePhone('+229 01 97 12 34 56', null)?.key);
  readsIn('97 12 34 56 x2', 'BJ', { display: '+2290197123456;ext=2', key: 'p:+2290197123456;ext=2' });
  assert.equal(renumbered('+22997123456'), '+2290197123456');
});

test("must not: Benin's ten-digit numbers stay, eight digits in another country's book are not Benin's, and other lengths are no number made", () => {
  readsIn('+229 01 97 12 34 56', null, { display: '+2290197123456', key: 'p:+2290197123456' });
  readsIn('01 97 12 34 56', 'BJ', { display: '+2290197123456', key: 'p:+2290197123456' });
  assert.equal(renumbered('+2290197123456'), '+2290197123456');
  // Seven or nine digits: the reading as before (kept on their digits).
  for (const raw of ['97 12 34 5', '97 12 34 567']) readsIn(raw, 'BJ', { display: raw, key: 'n:' + raw.replace(/\D/g, '') });
  // Another book's eight digits are its own number (Togo's, Niger's) or none: never Benin's.
  for (const region of [null, 'TG', 'NE', 'CI', 'FR', 'US'] as const) {
    for (const read of READS) {
      clearPhoneCache();
      assert.ok(!read('97 12 34 56', region)?.key?.startsWith('p:+229'), `${read.name} ${region}`);
    }
  }
  readsIn('97 12 34 56', 'TG', { display: '+22897123456', key: 'p:+22897123456' });
});

test('must read: a Colombian landline with its old one-digit area code is the 60X number (1 September 2021), with +57 anywhere and written nationally in a Colombian book', () => {
  for (const [raw, e164] of [
    ['+57 1 234 5678', '+576012345678'], // Bogotá
    ['+57 4 444 5566', '+576044445566'], // Medellín
    ['+57 (2) 555 1234', '+576025551234'], // Cali
    ['+5758765432', '+576058765432'],
    ['0057 1 234 5678', '+576012345678'],
  ]) {
    for (const region of [null, 'CO', 'US'] as const) readsIn(raw, region, { display: e164, key: 'p:' + e164 });
  }
  const national: [string, string][] = [
    ['(1) 234 5678', '+576012345678'],
    ['1 234 5678', '+576012345678'],
    ['(4) 444 5566', '+576044445566'],
    ['03 1 234 5678', '+576012345678'], // 0, a long-distance carrier's code (from a mobile), the area code
    ['09 4 444 5566', '+576044445566'],
    ['0456 1 234 5678', '+576012345678'], // 0 and Claro's long-distance code 456
  ];
  // Not: eight digits grouped otherwise (a neighbour's mobile saved without its code: Panama's `6123-4567`),
  // `(571) 234-5678` (a US number of area 571 as much as Bogotá's), the calling code without `+` (a review).
  for (const raw of ['6123-4567', '12345678', '(571) 234-5678', '571-234-5678', '57 1 234 5678']) {
    for (const read of READS) {
      clearPhoneCache();
      assert.ok(!read(raw, 'CO')?.key?.startsWith('p:+5760'), `${read.name} ${raw}`);
    }
  }
  for (const [raw, e164] of national) {
    readsIn(raw, 'CO', { display: e164, key: 'p:' + e164 });
    assert.deepEqual(parsePhoneQuick(raw, 'CO'), { display: e164, key: 'p:' + e164 }, raw);
    assert.equal(parsePhoneReference(raw, 'CO')?.key, 'p:' + e164, raw);
  }
  assert.equal(normalizePhone('(1) 234 5678', 'CO')?.key, normalizePhone('+57 601 234 5678', null)?.key);
  readsIn('(1) 234 5678 ext 12', 'CO', { display: '+576012345678;ext=12', key: 'p:+576012345678;ext=12' });
});

test("must not: Colombia's mobiles, its 60X landlines and its valid eight-digit numbers stay, and '(1) 234 5678' in another book is not Colombia's", () => {
  for (const [raw, e164] of [
    ['300 123 4567', '+573001234567'], // a mobile: ten digits starting with 3
    ['321 123 3232', '+573211233232'],
    ['601 234 5678', '+576012345678'],
    ['46 12 3456', '+5746123456'], // eight digits the plan still has: valid as written
  ]) {
    readsIn(raw, 'CO', { display: e164, key: 'p:' + e164 });
    readsIn(e164, null, { display: e164, key: 'p:' + e164 });
    assert.equal(renumbered(e164), e164);
  }
  // An area code the old plan did not have (3, 9) or a digit missing: the reading as before.
  assert.equal(renumbered('+5731234567'), '+5731234567');
  assert.equal(renumbered('+5791234567'), '+5791234567');
  readsIn('(1) 234 567', 'CO', { display: '(1) 234 567', key: 'n:1234567' });
  // 0 and no dialling prefix of the old plan: as before.
  for (const raw of ['02 1 234 5678', '0455 1 234 5678']) readsIn(raw, 'CO', { display: raw, key: 'n:' + raw.replace(/\D/g, '') });
  for (const region of [null, 'US', 'VE', 'EC', 'PE', 'MX'] as const) {
    for (const read of READS) {
      clearPhoneCache();
      assert.ok(!read('(1) 234 5678', region)?.key?.startsWith('p:+57'), `${read.name} ${region}`);
    }
  }
});

test("must read: an Egyptian mobile of ten digits (before 6 October 2011) is its eleven-digit number, the operator's digit after the 1 (NTRA)", () => {
  const cases: [string, string][] = [
    ['+20 10 123 4567', '+201001234567'], // Vodafone: 010 -> 0100
    ['+20 16 123 4567', '+201061234567'], // 016 -> 0106
    ['+20 19 123 4567', '+201091234567'], // 019 -> 0109
    ['+20 11 123 4567', '+201111234567'], // Etisalat: 011 -> 0111
    ['+20 14 123 4567', '+201141234567'], // 014 -> 0114
    ['+20 12 234 5678', '+201222345678'], // Mobinil: 012 -> 0122
    ['+20 17 123 4567', '+201271234567'], // 017 -> 0127
    ['+20 18 123 4567', '+201281234567'], // 018 -> 0128
  ];
  for (const [raw, e164] of cases) readsIn(raw, null, { display: e164, key: 'p:' + e164 });
  for (const [raw, e164] of [
    ['010 123 4567', '+201001234567'],
    ['0101234567', '+201001234567'],
    ['012-234-5678', '+201222345678'],
  ]) {
    readsIn(raw, 'EG', { display: e164, key: 'p:' + e164 });
    assert.deepEqual(parsePhoneQuick(raw, 'EG'), { display: e164, key: 'p:' + e164 }, raw);
    assert.equal(parsePhoneReference(raw, 'EG')?.key, 'p:' + e164, raw);
  }
  assert.equal(normalizePhone('010 123 4567', 'EG')?.key, normalizePhone('+20 100 123 4567', null)?.key);
});

test("must not: Egypt's eleven-digit mobiles (WE's 015 too), its landlines, and '010 …' in another book are rewritten", () => {
  for (const e164 of ['+201001234567', '+201551234567', '+20151234567', '+20132234567', '+20223456789']) {
    readsIn(e164, null, { display: e164, key: 'p:' + e164 });
    assert.equal(renumbered(e164), e164);
  }
  for (const region of [null, 'GB', 'SA', 'US'] as const) {
    for (const read of READS) {
      clearPhoneCache();
      assert.ok(!read('010 123 4567', region)?.key?.startsWith('p:+20'), `${read.name} ${region}`);
    }
  }
  // Côte d'Ivoire's 2021 move to ten digits took a prefix by operator, which no reliable source here
  // maps from the old number: its eight-digit numbers stay as read before.
  assert.equal(renumbered('+22507123456'), '+22507123456');
});

test("a national number with an extension that is no number of the book's plan is read as without the extension (a vCard's TEL:tel:07700900124;ext=2 in a Russian book was dropped)", () => {
  for (const raw of ['07700900124;ext=2', 'tel:07700900124;ext=2', 'TEL:tel:07700900124;ext=2', '07700900124 x2']) {
    readsIn(raw, 'RU', { display: raw, key: 'n:07700900124;ext=2' });
    // As in a book whose country is unknown.
    assert.equal(normalizePhone(raw, null)?.key, 'n:07700900124;ext=2', raw);
  }
  // must not: a number of the book's plan with an extension keeps its reading; so does a book where it is one.
  readsIn('8 916 123-45-67 x2', 'RU', { display: '+79161234567;ext=2', key: 'p:+79161234567;ext=2' });
  readsIn('07700900124;ext=2', 'GB', { display: '+447700900124;ext=2', key: 'p:+447700900124;ext=2' });
  // Filler or too few digits before the extension: still no key.
  for (const raw of ['0000000 x2', '01234 x2']) {
    for (const read of READS) {
      clearPhoneCache();
      assert.equal(read(raw, 'RU')?.key ?? null, null, `${read.name} ${raw}`);
    }
  }
});
