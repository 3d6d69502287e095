/** services/lenient.ts: what is read, what is refused, and identity on what the strict schema accepts. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeSchemas } from '../../src/http/schemas.ts';
import { hasNoName, nameFromAliases, readItemsLeniently, readStoredEntries, validateLeniently, warningsOf } from '../../src/services/lenient.ts';
import { entriesOfRaw } from '../../src/services/reclean.ts';
import { readUploadFields } from '../../src/services/upload-warnings.ts';
import { compileBodyValidator } from '../../src/workers/compilers.ts';

const S = makeSchemas({ maxEntriesPerUpload: 1000, maxStringLength: 1000 });
const validate = compileBodyValidator(S.UploadBody);
const STRICT = new Error('strict');

/** The body validateLeniently gives after the strict schema refused it. */
function lenient(entries: unknown[], source: Record<string, unknown> = {}) {
  const body = { user_id: 'u', source, entries };
  assert.throws(() => validate(body), 'the strict schema refuses it');
  return validateLeniently(body, STRICT, validate) as { entries: Record<string, unknown>[]; source: Record<string, unknown> };
}

/** The fields of the 400 validateLeniently throws. */
function refusedFields(entries: unknown[]): string[] {
  try {
    lenient(entries);
  } catch (e) {
    if (e === STRICT) return ['(strict error)'];
    // As the HTTP error handler words it: a list is not named beside its wrong item (the other branch of its union).
    const fields = (e as { details: { field: string }[] }).details.map((d) => d.field);
    return fields.filter((f) => !fields.some((o) => o.startsWith(`${f}[`)));
  }
  assert.fail('not refused');
}

describe('lenient reading: accepted', () => {
  it('reads counts and pins', () => {
    assert.equal(lenient([{ times_contacted: '3' }]).entries[0].times_contacted, 3);
    assert.equal(lenient([{ times_contacted: ' 2.5 ' }]).entries[0].times_contacted, 2.5);
    assert.equal(lenient([{ times_contacted: '' }]).entries[0].times_contacted, null);
    assert.equal(lenient([{ pinned: true }]).entries[0].pinned, 1);
    assert.equal(lenient([{ pinned: false }]).entries[0].pinned, 0);
    assert.equal(lenient([{ pinned: '-2' }]).entries[0].pinned, -2);
    assert.equal(lenient([{ pinned: 'TRUE' }]).entries[0].pinned, 1);
  });

  it('reads phones as numbers, objects and single values', () => {
    assert.deepEqual(lenient([{ phones: [14155550123, '+1 415 555 0124', null] }]).entries[0].phones, ['14155550123', '+1 415 555 0124', null]);
    assert.equal(lenient([{ phone: 4155550123 }]).entries[0].phone, '4155550123');
    assert.deepEqual(lenient([{ phones: [{ value: '+1 415', type: 'mobile' }, { number: '1' }, { canonicalForm: '+2' }, { phone: 3 }] }]).entries[0].phones, [
      '+1 415',
      '1',
      '+2',
      '3',
    ]);
    assert.deepEqual(lenient([{ phones: '+1 415 555 0123' }]).entries[0].phones, ['+1 415 555 0123']);
    assert.deepEqual(lenient([{ phones: 4155550123 }]).entries[0].phones, ['4155550123']);
    assert.equal(lenient([{ phone: { value: '+1 415' } }]).entries[0].phone, '+1 415');
    assert.equal(lenient([{ email: 'a@x.com' }], { phone: 14155550100 }).source.phone, '14155550100');
  });

  it('reads e-mails as objects, single values and lists where one is expected', () => {
    assert.deepEqual(lenient([{ emails: [{ value: 'a@x.com', type: 'work' }, { address: 'b@x.com' }, { email: 'c@x.com' }] }]).entries[0].emails, [
      'a@x.com',
      'b@x.com',
      'c@x.com',
    ]);
    assert.deepEqual(lenient([{ emails: 'a@x.com, b@x.com' }]).entries[0].emails, ['a@x.com, b@x.com']);
    assert.deepEqual(lenient([{ emails: { value: 'a@x.com' } }]).entries[0].emails, ['a@x.com']);
    assert.equal(lenient([{ email: { email: 'a@x.com' } }]).entries[0].email, 'a@x.com');
    const list = lenient([{ email: ['a@x.com', { value: 'b@x.com' }], emails: ['c@x.com'] }]).entries[0];
    assert.equal(list.email, 'a@x.com');
    assert.deepEqual(list.emails, ['b@x.com', 'c@x.com']);
  });

  it('reads a name object', () => {
    assert.equal(lenient([{ name: { givenName: 'Ann', familyName: 'Lee' } }]).entries[0].name, 'Ann Lee');
    assert.equal(lenient([{ name: { displayName: 'Ann Lee', givenName: 'A' } }]).entries[0].name, 'Ann Lee');
  });

  it('copies only the entries it changes, never the body it was given', () => {
    const sent = { user_id: 'u', source: {}, entries: [{ email: 'a@x.com' }, { times_contacted: '3' }] };
    const copy = structuredClone(sent);
    const read = validateLeniently(sent, STRICT, validate) as typeof sent;
    assert.deepEqual(sent, copy, 'the body as sent is left as it was (its raw form is stored)');
    assert.equal(read.entries[0], sent.entries[0]);
    assert.notEqual(read.entries[1], sent.entries[1]);
  });

  it('warnings name the field and the first entries, one per kind', () => {
    const r = readItemsLeniently([{ times_contacted: '3' }, { email: 'a@x.com' }, { times_contacted: '4', phones: [1, 2] }]);
    const w = warningsOf(r.notes);
    assert.deepEqual(
      w.map((x) => [x.field, x.count, x.indexes]),
      [
        ['entries[].times_contacted', 2, [0, 2]],
        ['entries[].phones', 1, [2]],
      ],
    );
    assert.equal(w[0].message, 'a number written as a string, read as that number (entries[0]: "3" as 3); send a JSON number');
  });

  it('is the identity on entries the strict schema accepts', () => {
    const entries = [
      { name: 'A', emails: ['a@x.com', null], phones: ['+1 415'], times_contacted: 3, pinned: 2, is_favorite: '1' },
      { email: 'a@x.com, b@x.com', phone: '415' },
      {},
    ];
    assert.doesNotThrow(() => validate({ user_id: 'u', source: {}, entries }));
    const r = readItemsLeniently(entries);
    assert.equal(r.changed, false);
    assert.deepEqual(r.notes, []);
    for (let i = 0; i < entries.length; i++) assert.equal(r.items[i], entries[i]);
  });
});

describe('lenient reading: refused', () => {
  it('names what no rule reads, and what the schema still refuses', () => {
    assert.deepEqual(refusedFields([{ times_contacted: 'many' }]), ['entries[0].times_contacted']);
    assert.deepEqual(refusedFields([{ times_contacted: '-1' }]), ['entries[0].times_contacted']);
    assert.deepEqual(refusedFields([{ pinned: 'yes' }]), ['entries[0].pinned']);
    assert.deepEqual(refusedFields([{ emails: [{ type: 'work' }] }]), ['entries[0].emails[0]']);
    assert.deepEqual(refusedFields([{ email: {} }]), ['entries[0].email']);
    assert.deepEqual(refusedFields([{ phones: [{ type: 'mobile' }] }]), ['entries[0].phones[0]']);
    assert.deepEqual(refusedFields([{ phones: [-1] }]), ['entries[0].phones[0]']);
    assert.deepEqual(refusedFields([{ phone: 1.5 }]), ['entries[0].phone']);
    assert.deepEqual(refusedFields([{ phone: 1e300 }]), ['entries[0].phone']);
    assert.deepEqual(refusedFields([{ name: { nickname: 'A' } }]), ['entries[0].name']);
    // Left to the schema (its own message): kinds no rule reads.
    assert.deepEqual(refusedFields([{ emails: [5] }, { times_contacted: '3' }]), ['entries[0].emails[0]']);
    assert.deepEqual(refusedFields([{ times_contacted: -1 }]), ['(strict error)']);
    assert.deepEqual(refusedFields([{ emails: true }]), ['(strict error)']);
    // Several at once, each named once (the schema, which stops at its first error, adds none of these).
    assert.deepEqual(refusedFields([{ emails: [{}] }, { times_contacted: 'x', addresses: [{ city: 5 }] }]), [
      'entries[0].emails[0]',
      'entries[1].times_contacted',
    ]);
  });

  it('a read value is still bounded by the schema (its length)', () => {
    const long = 'a'.repeat(2000);
    assert.deepEqual(refusedFields([{ emails: [{ value: long }] }]), ['entries[0].emails[0]']);
  });

  it('a body that is no object, or has no list of entries, keeps its strict error', () => {
    for (const b of [null, [], 'x', { user_id: 'u', source: {}, entries: 'x' }])
      assert.throws(
        () => validateLeniently(b, STRICT, validate),
        (e) => e === STRICT,
      );
  });
});

describe('names from other name fields', () => {
  it('reads a whole name first, else the parts in order', () => {
    assert.deepEqual(nameFromAliases({ first_name: 'Ann', last_name: 'Lee' }), { name: 'Ann Lee', used: ['first_name', 'last_name'] });
    assert.deepEqual(nameFromAliases({ lastName: ' Lee ', firstName: 'Ann', middleName: 'M' }), {
      name: 'Ann M Lee',
      used: ['firstName', 'middleName', 'lastName'],
    });
    assert.deepEqual(nameFromAliases({ given_name: 'Ann', family_name: 'Lee', display_name: 'Dr Lee' }), { name: 'Dr Lee', used: ['display_name'] });
    assert.deepEqual(nameFromAliases({ full_name: '  ', fullName: 'Ann' }), { name: 'Ann', used: ['fullName'] });
    assert.equal(nameFromAliases({ first_name: 5, last_name: '' }), null);
    assert.equal(nameFromAliases({}), null);
  });

  it('only where the entry has no name of its own', () => {
    assert.equal(hasNoName({}), true);
    assert.equal(hasNoName({ name: null }), true);
    assert.equal(hasNoName({ name: ' ' }), true);
    assert.equal(hasNoName({ name: 'A' }), false);
    const body = {
      user_id: 'u',
      source: {},
      entries: [{ first_name: 'Ann' }, { name: 'Bo', first_name: 'Ann' }, { first_name: 7 }, { displayName: 'Cy', firstName: 'C' }],
    };
    const r = readUploadFields(body);
    assert.deepEqual(
      [...r.names],
      [
        [0, 'Ann'],
        [3, 'Cy'],
      ],
    );
    assert.deepEqual(
      r.warnings.map((w) => [w.field, w.indexes, w.did_you_mean ?? null]),
      [
        ['entries[].first_name', [0], null],
        ['entries[].displayName', [3], null],
        ['entries[].first_name', [1, 2], 'name'],
        ['entries[].firstName', [3], 'name'],
      ],
    );
  });
});

describe('kith reclean reads a raw upload as the edge did', () => {
  it('names and lenient forms, from the raw text as sent', () => {
    const raw = JSON.stringify({
      user_id: 'u',
      source: {},
      entries: [
        { first_name: 'Ann', last_name: 'Lee', emails: [{ value: 'a@x.com' }], times_contacted: '3' },
        { name: 'Bo', email: 'b@x.com' },
      ],
    });
    assert.deepEqual(entriesOfRaw(raw), [
      { first_name: 'Ann', last_name: 'Lee', emails: ['a@x.com'], times_contacted: 3, name: 'Ann Lee' },
      { name: 'Bo', email: 'b@x.com' },
    ]);
    assert.deepEqual(readStoredEntries([{ name: 'A' }]), [{ name: 'A' }]);
  });
});
