/**
 * A national number written with a trunk 0 joins only a full number of a country whose trunk prefix is
 * that 0 (merge/links.ts nationalAliases, phone.ts isTrunkZero): a probe found "020 7946 0958" (London)
 * folded into "+1 207 946 0958" (Maine) in a US book, and Hungary's "06 20 555 0147" into "+1 620 555 0147".
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergeEntries } from '../../src/domain/merge.ts';
import { nationalAliases } from '../../src/domain/merge/links.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import { isNanpNational, isTrunkZero, normalizePhone, type CountryCode } from '../../src/domain/phone.ts';
import type { EntryInput } from '../../src/domain/types.ts';

const merge = (entries: EntryInput[], region: CountryCode | null) => mergeEntries(entries.map((e) => normalizeEntry(e, { region, sourceKey: 'ios:-' })));
const rows = (entries: EntryInput[], region: CountryCode | null) => merge(entries, region).map((c) => [c.name, c.phones.map((p) => p.display)]);

test("a national number with a trunk 0 does not join a +1 number ending in the same digits (North America's trunk prefix is 1)", () => {
  for (const region of ['US', 'CA', null] as const) {
    const london = merge(
      [
        { name: 'Ann Lee', email: 'ann@maine.example', phone: '+1 207 946 0958' },
        { phone: '020 7946 0958', times_contacted: 4 },
      ],
      region,
    );
    assert.equal(london.length, 2, String(region));
    assert.ok(
      london.some((c) => c.phones.some((p) => p.display === '020 7946 0958')),
      String(region),
    );
    const budapest = merge(
      [
        { name: 'Ann Lee', phone: '+1 620 555 0147' },
        { phone: '06 20 555 0147', times_contacted: 3 },
      ],
      region,
    );
    assert.equal(budapest.length, 2, String(region));
  }
});

test('a national number with a trunk 0 still joins the full number of a country whose trunk prefix is 0, beside a +1 number ending the same', () => {
  for (const region of ['US', null] as const) {
    assert.deepEqual(
      rows(
        [
          { name: 'Ann Lee', email: 'ann@maine.example', phone: '+1 207 946 0958' },
          { name: 'Tom Hart', phone: '+44 20 7946 0958' },
          { name: 'Tom Hart', phone: '020 7946 0958' },
        ],
        region,
      ),
      [
        ['Ann Lee', ['+12079460958']],
        ['Tom Hart', ['+442079460958']],
      ],
      String(region),
    );
    // Hungary's trunk 06 and the +36 number; the +1 number ending in 620 555 0147 is someone else.
    assert.deepEqual(
      rows(
        [
          { name: 'Ann Lee', phone: '+1 620 555 0147' },
          { name: 'Kovács Anna', phone: '+36 20 555 0147' },
          { name: 'Anna Kovács', phone: '06 20 555 0147' },
        ],
        region,
      ).map(([, phones]) => phones),
      [['+16205550147'], ['+36205550147']],
      String(region),
    );
  }
});

test('with no region, a national number written without its 0 still joins the full number ending in it (+44, +420), and Italy keeps its 0', () => {
  for (const [full, home] of [
    ['+44 20 7946 0958', '207 946 0958'],
    ['+44 20 7946 0958', '020 7946 0958'],
    ['+420 771 186 280', '771 186 280'],
    ['+39 06 1234 5678', '06 1234 5678'],
    ['+7 916 123 45 67', '8 916 123-45-67'],
    ['+49 171 1234567', '0171 1234567'],
  ]) {
    assert.equal(
      merge(
        [
          { name: 'Tom Hart', phone: full },
          { name: 'Tom Hart', phone: home },
        ],
        null,
      ).length,
      1,
      `${home} is ${full}`,
    );
  }
});

test('with no region, "(207) 946-0958" and "020 7946 0958" are two numbers: an unnamed card and two people of one name stay apart', () => {
  const a = normalizePhone('(207) 946-0958', null)!.key!;
  const b = normalizePhone('020 7946 0958', null)!.key!;
  const alias = nationalAliases([a, b]);
  assert.notEqual(alias.get(a), alias.get(b));
  assert.equal(
    merge(
      [
        { name: 'Ann Lee', email: 'ann@maine.example', phone: '(207) 946-0958' },
        { phone: '020 7946 0958', times_contacted: 4 },
      ],
      null,
    ).length,
    2,
  );
  assert.equal(
    merge(
      [
        { name: 'Ann Lee', email: 'ann@maine.example', phone: '(207) 946-0958' },
        { name: 'Ann Lee', email: 'ann.lee@london.example', phone: '020 7946 0958' },
      ],
      null,
    ).length,
    2,
  );
  // Digits that are no North American number are one number with and without the trunk 0.
  for (const [x, y] of [
    ['0171 1234567', '171 1234567'],
    ['07911 123456', '7911 123456'],
  ]) {
    const kx = normalizePhone(x, null)!.key!;
    const ky = normalizePhone(y, null)!.key!;
    const m = nationalAliases([kx, ky]);
    assert.equal(m.get(kx), m.get(ky), `${x} ${y}`);
  }
});

test('with no region, a mobile written with and without its trunk 0 whose digits are also a +1 number is one number where the book holds numbers of a country of trunk 0 it is valid in', () => {
  // 97360 55361: an Indian mobile; 973-605-5361 would be New Jersey.
  const india = nationalAliases(['n:9736055361', 'n:09736055361', 'p:+918649869656']);
  assert.equal(india.get('n:9736055361'), india.get('n:09736055361'));
  assert.equal(
    rows(
      [
        { name: 'Venkatesh Patel', email: 'venkatesh.patel88@gmail.com', phone: '9736055361' },
        { name: 'Venkatesh Patel', phone: '09736055361' },
        { name: 'Amit', phone: '+91 86498 69656' },
      ],
      null,
    ).length,
    2,
  );
  // Without such a country in the book, the North American reading keeps them apart.
  const alone = nationalAliases(['n:9736055361', 'n:09736055361', 'p:+12125550123']);
  assert.notEqual(alone.get('n:9736055361'), alone.get('n:09736055361'));
});

test('nationalAliases: the zeros before the digits must be the trunk prefix of the full number’s country', () => {
  assert.equal(nationalAliases(['n:02079460958', 'p:+12079460958']).get('n:02079460958'), 'n:02079460958');
  assert.equal(nationalAliases(['n:02079460958', 'p:+442079460958']).get('n:02079460958'), 'p:+442079460958');
  assert.equal(nationalAliases(['n:02079460958', 'p:+12079460958', 'p:+442079460958']).get('n:02079460958'), 'p:+442079460958');
  assert.equal(nationalAliases(['n:06205550147', 'p:+16205550147']).get('n:06205550147'), 'n:06205550147');
  assert.equal(nationalAliases(['n:06205550147', 'p:+16205550147', 'p:+36205550147']).get('n:06205550147'), 'p:+36205550147');
  assert.equal(nationalAliases(['n:0863955635', 'p:+353863955635']).get('n:0863955635'), 'p:+353863955635');
  assert.equal(nationalAliases(['n:00353863955635', 'p:+353863955635']).get('n:00353863955635'), 'p:+353863955635');
  assert.equal(nationalAliases(['n:2079460958', 'p:+442079460958']).get('n:2079460958'), 'p:+442079460958');
  // Two zeros are no trunk prefix of +44 ("0020 …" is Egypt dialled from abroad).
  assert.notEqual(nationalAliases(['n:002079460958', 'p:+442079460958']).get('n:002079460958'), 'p:+442079460958');
});

test('isTrunkZero and isNanpNational read the metadata', () => {
  for (const cc of ['44', '33', '49', '54', '55', '353', '61']) assert.equal(isTrunkZero('0', cc), true, cc);
  for (const cc of ['1', '7', '36', '39', '34', '45', '852', '999']) assert.equal(isTrunkZero('0', cc), false, cc);
  // A trunk 0 dropped in living memory (Poland 2005, Czechia 2002) still joins; never two zeros (a review).
  for (const cc of ['48', '420']) assert.equal(isTrunkZero('0', cc), true, cc);
  for (const cc of ['48', '44']) assert.equal(isTrunkZero('00', cc), false, cc);
  assert.equal(isTrunkZero('', '1'), true);
  assert.equal(isTrunkZero('00', '44'), false);
  assert.equal(isNanpNational('2079460958'), true);
  assert.equal(isNanpNational('2079460958;ext=5'), true);
  assert.equal(isNanpNational('1711234567'), false);
  assert.equal(isNanpNational('20794609'), false);
});

test('a Polish number written with the trunk 0 Poland dropped in 2005 still joins its full form, with no region (a review)', () => {
  for (const [full, national] of [
    ['+48 22 123 45 67', '(0-22) 123 45 67'],
    ['+48 601 234 567', '0601 234 567'],
  ]) {
    const people = merge(
      [
        { name: 'Jan Kowalski', phone: full },
        { phone: national, times_contacted: 5 },
      ],
      null,
    );
    assert.equal(people.length, 1, `${full} / ${national}: ${JSON.stringify(people.map((c) => c.phones.map((p) => p.display)))}`);
    assert.equal(people[0]!.name, 'Jan Kowalski');
  }
});

test('a trunk 0 is never read as a country that never had one: Rome beside a Spanish mobile, Paris beside one, Munich beside Hong Kong (a review)', () => {
  const rome = merge(
    [
      { name: 'Marco Rossi', phone: '+39 06 1234 5678' },
      { name: 'Pablo Ruiz', phone: '+34 612 345 678' },
      { phone: '06 1234 5678', email: 'marco@rossi.example' },
    ],
    null,
  );
  assert.deepEqual(rome.find((c) => c.name === 'Pablo Ruiz')!.emails, []);
  assert.equal(rome.length, 2, JSON.stringify(rome.map((c) => [c.name, c.emails.map((e) => e.display)])));
  const paris = merge(
    [
      { name: 'Pablo Ruiz', phone: '+34 612 34 56 78' },
      { name: 'Marie Dupont', phone: '+33 6 12 34 56 78' },
      { phone: '06 12 34 56 78', email: 'm@d.example' },
    ],
    null,
  );
  assert.equal(paris.length, 2);
  assert.deepEqual(
    paris.find((c) => c.name === 'Marie Dupont')!.emails.map((e) => e.display),
    ['m@d.example'],
  );
  const munich = merge(
    [
      { name: 'Wing Chan', phone: '+852 8912 3456' },
      { phone: '089 123456', times_contacted: 2 },
    ],
    null,
  );
  assert.equal(munich.length, 2);
});

// A probe: a Mexican mobile written as bare international digits with the old mobile 1 stayed a second row
// beside the same person on +52 55 1234 5678 in a British book, while other countries' bare digits joined.
test("a Mexican mobile's bare international digits with the old 1 (5215512345678) join +52 55 1234 5678 in another country's book", () => {
  for (const region of ['GB', 'US', null] as const) {
    const r = rows(
      [
        { name: 'Lucía Pérez', phone: '+52 55 1234 5678', times_contacted: 2 },
        { name: 'Lucía Pérez', phone: '5215512345678' },
      ],
      region,
    );
    assert.equal(r.length, 1, `${region}: ${JSON.stringify(r)}`);
    assert.deepEqual(r[0]![1], ['+525512345678'], `${region}: ${JSON.stringify(r)}`);
    assert.equal(normalizePhone('521 55 1234 5678', region)!.alt, 'p:+525512345678', String(region));
  }
  // Must keep apart: the digits alone make no one (no card holds the reading), another person's name on
  // them stays a row of its own, a German book's 521… is Bielefeld, and a Mexican book reads the mobile.
  assert.deepEqual(rows([{ name: 'Lucía Pérez', phone: '5215512345678' }], 'GB'), [['Lucía Pérez', ['5215512345678']]]);
  assert.equal(
    merge(
      [
        { name: 'Lucía Pérez', phone: '+52 55 1234 5678' },
        { name: 'Bob Stone', phone: '5215512345678' },
      ],
      'GB',
    ).length,
    2,
  );
  assert.equal(normalizePhone('5215512345678', 'DE')!.key, 'p:+495215512345678');
  assert.equal(normalizePhone('5215512345678', 'DE')!.alt, undefined);
  assert.equal(normalizePhone('5215512345678', 'MX')!.key, 'p:+525512345678');
  // Not 52 1 and ten digits, or no valid Mexican number: no alternative.
  for (const d of ['521551234567', '52155123456789', '5205512345678', '5210012345678']) assert.equal(normalizePhone(d, 'GB')!.alt, undefined, d);
});
