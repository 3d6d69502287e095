import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inferRegion } from '../../src/domain/region.ts';
import { cleanUpload } from '../../src/services/address-book.ts';
import { mergeEntries } from '../../src/domain/merge.ts';
import type { EntryInput } from '../../src/domain/types.ts';

const GMAIL = { type: 'gmail', email: 'owner@gmail.com' };

/** An American upload: numbers of friends in full, the rest written at home. */
const US_BOOK: EntryInput[] = [
  { name: 'Ann Lee', phones: ['+1 415 555 0101'] },
  { name: 'Bo Chan', phones: ['+1 (212) 555-0102'] },
  { name: 'Cy Diaz', phones: ['+12065550103'] },
  { name: 'Thomas Allen', emails: ['tallen@yahoo.com'], phones: ['1-512-262-8658'] },
  { name: 'Dee Fox', phones: ['(646) 734-1834'] },
  { name: 'Eve Gold', phones: ['646.896.8872'] },
  { name: 'Flo Hart', phones: ['404-979-4694'] },
  { name: 'Gus Ives', phones: ['(303) 538-5808'] },
  { name: 'Hal Jung', phones: ['+44 7911 123456'] },
];

test('must infer: a source that names no region reads its national numbers in the country it writes most numbers of in full', () => {
  assert.equal(inferRegion(GMAIL, US_BOOK), 'US');
  // The owner's own number written at home says nothing by itself, and does not stop the inference.
  assert.equal(inferRegion({ type: 'ios', phone: '1-718-838-5685' }, US_BOOK), 'US');
  const de: EntryInput[] = [
    { name: 'A', phones: ['+49 170 1327069'] },
    { name: 'B', phones: ['0049 151 23456789'] },
    { name: 'C', phones: ['+49 30 12345678'] },
    { name: 'D', phones: ['0170 1327068'] },
    { name: 'E', phones: ['0152 66368841'] },
    { name: 'F', phones: ['030 901820'] },
    { name: 'G', phones: ['0177 28594063'] },
    { name: 'H', phones: ['0160 2979780'] },
  ];
  assert.equal(inferRegion({ type: 'android' }, de), 'DE');
});

test('must not infer: too few numbers, no clear country, or a plan that does not read the national numbers', () => {
  // Two full numbers: too little to go on.
  assert.equal(
    inferRegion(
      GMAIL,
      US_BOOK.slice(1, 8).filter((e) => e.name !== 'Cy Diaz'),
    ),
    null,
  );
  // No national number: nothing to read.
  assert.equal(inferRegion(GMAIL, US_BOOK.slice(0, 3)), null);
  // Three countries written in full about as often: no clear region.
  const mixed: EntryInput[] = [
    ...US_BOOK,
    { name: 'I', phones: ['+44 7911 123457'] },
    { name: 'J', phones: ['+44 7911 123458'] },
    { name: 'K', phones: ['+91 98100 12345'] },
    { name: 'L', phones: ['+91 98100 12346'] },
    { name: 'M', phones: ['+91 98100 12347'] },
  ];
  assert.equal(inferRegion(GMAIL, mixed), null);
  // An immigrant's book: most full numbers from home (India), the national ones written as Americans do:
  // India's plan reads them as valid Indian numbers, but not as India writes its own (with its `0`), so no
  // region (they join full numbers by their digits, as before).
  const immigrant: EntryInput[] = [
    { name: 'A', phones: ['+91 98100 12345'] },
    { name: 'B', phones: ['+91 98100 12346'] },
    { name: 'C', phones: ['+91 98100 12347'] },
    { name: 'D', phones: ['+91 98100 12348'] },
    { name: 'E', phones: ['(646) 734-1834'] },
    { name: 'F', phones: ['646-896-8872'] },
    { name: 'G', phones: ['(212) 555-0142'] },
    { name: 'H', phones: ['(206) 555-0199'] },
    { name: 'I', phones: ['1-303-538-5808'] },
  ];
  assert.equal(inferRegion(GMAIL, immigrant), null);
});

test('must merge: one friend written two ways at home in a source with no region is one row, and the source keeps the region it was read in', () => {
  const gmail = cleanUpload(GMAIL, US_BOOK, null);
  assert.equal(gmail.source.region, 'US');
  const phone = cleanUpload(
    { type: 'ios', phone: '1-718-838-5685' },
    [...US_BOOK.slice(0, 3), { name: 'Thomas Allen', phones: ['(512)262-8658'] }, ...US_BOOK.slice(4)],
    null,
  );
  const rows = mergeEntries([...gmail.normalized, ...phone.normalized]).filter((c) => c.name === 'Thomas Allen');
  assert.equal(rows.length, 1);
  assert.deepEqual(rows[0].keys, ['e:tallen@yahoo.com', 'p:+15122628658']);
  // The owner's number written at home is the owner's key once the region is known.
  assert.deepEqual(phone.ownerKeys, ['p:+17188385685']);
  // A source that names its region is read in it, and is stored as sent.
  const named = cleanUpload({ type: 'ios', region: 'GB' }, US_BOOK, null);
  assert.equal(named.source.region, 'GB');
  assert.equal(cleanUpload({ type: 'ios', phone: '+14155550100' }, US_BOOK, null).source.region, undefined);
});
