/** services/lenient.ts: what is read, what is refused, and identity on what the strict schema accepts. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeSchemas } from '../../src/http/schemas.ts';
import { hasNoName, nameFromAliases, readItemsLeniently, readStoredEntries, validateLeniently, warningsOf } from '../../src/services/lenient.ts';
import { entriesOfRaw } from '../../src/services/reclean.ts';
import { readUploadFields } from '../../src/services/upload-warnings.ts';
import { compileBodyValidator } from '../../src/workers/compilers.ts';
import { WHOLE_NUMBER_MARK } from '../../src/domain/phone.ts';

/** A whole JSON number's digits are marked for the cleaner to read as a number (phone.ts normalizeWholeNumber). */
const N = WHOLE_NUMBER_MARK;

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
    assert.deepEqual(lenient([{ phones: [14155550123, '+1 415 555 0124', null] }]).entries[0].phones, [`${N}14155550123`, '+1 415 555 0124', null]);
    assert.equal(lenient([{ phone: 4155550123 }]).entries[0].phone, `${N}4155550123`);
    assert.deepEqual(lenient([{ phones: [{ value: '+1 415', type: 'mobile' }, { number: '1' }, { canonicalForm: '+2' }, { phone: 3 }] }]).entries[0].phones, [
      '+1 415',
      '1',
      '+2',
      `${N}3`,
    ]);
    assert.deepEqual(lenient([{ phones: '+1 415 555 0123' }]).entries[0].phones, ['+1 415 555 0123']);
    assert.deepEqual(lenient([{ phones: 4155550123 }]).entries[0].phones, [`${N}4155550123`]);
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
    // The cleaner reads `emails` before `email`: the list's values lead `emails`, in order, so its first is the row's.
    assert.equal(list.email, null);
    assert.deepEqual(list.emails, ['a@x.com', 'b@x.com', 'c@x.com']);
    // An object whose value is null or blank is an item not given: skipped (a 400 before).
    const empty = lenient([{ emails: [{ value: null, type: 'work' }, { value: ' ' }, 'd@x.com'], email: { value: null }, phones: [{ number: null }] }])
      .entries[0];
    assert.deepEqual(empty.emails, ['d@x.com']);
    assert.equal(empty.email, null);
    assert.deepEqual(empty.phones, []);
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
    // Nothing read: the schema's own error, naming every field it refuses (not the framework's strict
    // error, whose ajv stops at the first).
    assert.deepEqual(refusedFields([{ times_contacted: -1 }]), ['entries[0].times_contacted']);
    assert.deepEqual(refusedFields([{ emails: true }]), ['entries[0].emails']);
    assert.deepEqual(refusedFields([{ emails: true }, { pinned: 1.5, nickname: 5 }]), ['entries[0].emails', 'entries[1].nickname', 'entries[1].pinned']);
    // Several at once, each named once: what no rule reads, then what the schema still refuses.
    assert.deepEqual(refusedFields([{ emails: [{}] }, { times_contacted: 'x', addresses: [{ city: 5 }] }]), [
      'entries[0].emails[0]',
      'entries[1].times_contacted',
      'entries[1].addresses[0].city',
    ]);
  });

  it('a read value is still bounded by the schema (its length)', () => {
    const long = 'a'.repeat(2000);
    assert.deepEqual(refusedFields([{ emails: [{ value: long }] }]), ['entries[0].emails[0]']);
  });

  it("a body that is no object keeps its strict error; one with no list of entries gets the schema's", () => {
    for (const b of [null, [], 'x'])
      assert.throws(
        () => validateLeniently(b, STRICT, validate),
        (e) => e === STRICT,
      );
    assert.throws(
      () => validateLeniently({ user_id: 'u', source: {}, entries: 'x', limit: {} }, STRICT, validate),
      (e: { details?: { field: string }[] }) => JSON.stringify(e.details?.map((d) => d.field)) === '["entries","limit"]',
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
      [...r.fields].map(([i, f]) => [i, f.name]),
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

/** The entry as the edge reads it: its Kith fields plus those readUploadFields read from other fields. */
function edgeRead(entry: Record<string, unknown>) {
  const r = readUploadFields({ user_id: 'u', source: {}, entries: [entry] });
  return { entry: { ...entry, ...r.fields.get(0) }, read: r.fields.get(0) ?? {}, warnings: r.warnings };
}

/** The contact objects of the platform SDKs, as invite apps post them (one person each). */
const SDK_SHAPES: Record<string, Record<string, unknown>> = {
  'Google People API': {
    resourceName: 'people/c1',
    names: [{ metadata: { primary: true }, displayName: 'Ann Lee', givenName: 'Ann', familyName: 'Lee' }],
    emailAddresses: [{ value: 'ann@x.com', type: 'work', formattedType: 'Work' }],
    phoneNumbers: [
      { value: '(415) 555-0123', canonicalForm: '+14155550123', type: 'mobile' },
      { value: '(415) 555-0199', canonicalForm: '+14155550199', type: 'workFax' },
    ],
    organizations: [{ name: 'Acme', title: 'CTO' }],
    nicknames: [{ value: 'Annie' }],
  },
  'Microsoft Graph': {
    id: 'AAMk',
    displayName: 'Ann Lee',
    givenName: 'Ann',
    surname: 'Lee',
    emailAddresses: [{ name: 'Ann Lee', address: 'ann@x.com' }],
    businessPhones: ['+1 415 555 0124'],
    homePhones: [],
    mobilePhone: '+1 415 555 0123',
    companyName: 'Acme',
    jobTitle: 'CTO',
    nickName: 'Annie',
  },
  'react-native-contacts': {
    recordID: '1',
    givenName: 'Ann',
    middleName: '',
    familyName: 'Lee',
    emailAddresses: [{ label: 'work', email: 'ann@x.com' }],
    phoneNumbers: [
      { label: 'mobile', number: '(415) 555-0123' },
      { label: 'work fax', number: '(415) 555-0199' },
      { label: 'pager', number: '(415) 555-0198' },
    ],
    company: 'Acme',
    jobTitle: 'CTO',
    isStarred: true,
  },
  'expo-contacts': {
    id: '1',
    contactType: 'person',
    name: 'Ann Lee',
    firstName: 'Ann',
    lastName: 'Lee',
    emails: [{ email: 'ann@x.com', label: 'work', isPrimary: true }],
    phoneNumbers: [{ number: '(415) 555-0123', digits: '4155550123', label: 'mobile' }],
    company: 'Acme',
    jobTitle: 'CTO',
    nickname: 'Annie',
  },
};

describe('fields of the platform SDKs (issue #12)', () => {
  it('reads each SDK shape: name, e-mails, phones (no fax, no pager), company, title', () => {
    for (const [sdk, shape] of Object.entries(SDK_SHAPES)) {
      // expo-contacts' e-mail objects are in Kith's own field: the lenient reading reads them.
      const entry = sdk === 'expo-contacts' ? lenient([shape]).entries[0] : shape;
      const { entry: e } = edgeRead(entry);
      assert.equal(e.name, 'Ann Lee', sdk);
      assert.deepEqual(e.emails, ['ann@x.com'], sdk);
      assert.ok(Array.isArray(e.phones) && e.phones.length >= 1, sdk);
      assert.ok(!(e.phones as string[]).some((p) => p.includes('0199') || p.includes('0198')), `${sdk}: no fax, no pager`);
      assert.equal(e.company, 'Acme', sdk);
      assert.equal(e.title, 'CTO', sdk);
    }
    assert.deepEqual(edgeRead(SDK_SHAPES['Google People API']).read.phones, ['+14155550123'], "Google's canonicalForm (E.164) first");
    assert.deepEqual(edgeRead(SDK_SHAPES['Microsoft Graph']).read.phones, ['+1 415 555 0123', '+1 415 555 0124'], 'mobile first, then business');
    assert.equal(edgeRead(SDK_SHAPES['react-native-contacts']).read.is_favorite, true);
    assert.equal(edgeRead(SDK_SHAPES['Google People API']).read.nickname, 'Annie');
    assert.equal(edgeRead(SDK_SHAPES['Microsoft Graph']).read.nickname, 'Annie');
  });

  it('reads snake_case and plain string lists, and expo digits', () => {
    assert.deepEqual(edgeRead({ email_addresses: ['a@x.com'], phone_numbers: ['+14155550123'] }).read, { emails: ['a@x.com'], phones: ['+14155550123'] });
    assert.deepEqual(edgeRead({ emailAddresses: ['a@x.com', 'b@x.com'], phoneNumbers: ['+14155550123'] }).read, {
      emails: ['a@x.com', 'b@x.com'],
      phones: ['+14155550123'],
    });
    assert.deepEqual(edgeRead({ phoneNumbers: [{ digits: '4155550123', label: 'mobile' }] }).read, { phones: ['4155550123'] });
    assert.deepEqual(edgeRead({ phoneNumbers: [14155550123] }).read, { phones: [`${N}14155550123`] });
    // Graph's name of an address names the person when nothing else does (never an address as a name).
    assert.deepEqual(edgeRead({ emailAddresses: [{ name: 'Ann Lee', address: 'a@x.com' }] }).read, { emails: ['a@x.com'], name: 'Ann Lee' });
    assert.deepEqual(edgeRead({ emailAddresses: [{ name: 'a@x.com', address: 'a@x.com' }] }).read, { emails: ['a@x.com'] });
  });

  it('names each field read, with its entries, and no personal data', () => {
    const r = readUploadFields({
      user_id: 'u',
      source: {},
      entries: [{ email: 'x@x.com' }, SDK_SHAPES['react-native-contacts'], SDK_SHAPES['Microsoft Graph']],
    });
    const indexes = (field: string, message: RegExp) => r.warnings.find((w) => w.field === `entries[].${field}` && message.test(w.message))?.indexes;
    assert.deepEqual(indexes('phoneNumbers', /^read as "phones"/), [1]);
    assert.deepEqual(indexes('phoneNumbers', /^an item labelled fax/), [1]);
    assert.deepEqual(indexes('emailAddresses', /^read as "emails"/), [1, 2]);
    assert.deepEqual(indexes('mobilePhone', /^read as "phones"/), [2]);
    assert.deepEqual(indexes('businessPhones', /^read as "phones"/), [2]);
    assert.deepEqual(indexes('givenName', /^read as part of "name"/), [1]);
    assert.deepEqual(indexes('displayName', /^read as "name"/), [2]);
    assert.deepEqual(indexes('companyName', /^read as "company"/), [2]);
    assert.deepEqual(indexes('jobTitle', /^read as "title"/), [1, 2]);
    assert.deepEqual(indexes('isStarred', /^a boolean, read as "is_favorite"/), [1]);
    assert.ok(!r.warnings.some((w) => w.field === 'entries[].homePhones'), 'an empty list loses nothing: no warning');
    const text = JSON.stringify(r.warnings);
    for (const secret of ['Ann', 'Lee', 'ann@x.com', '555', 'Acme', 'CTO']) assert.ok(!text.includes(secret), `no personal data: ${secret}`);
  });

  it('a Kith field present wins: never overridden, never added to', () => {
    const given = edgeRead({
      name: 'Nan',
      email: 'nan@x.com',
      phones: ['+14155550100'],
      company: 'Given Co',
      title: 'Given',
      nickname: 'N',
      is_favorite: 0,
      givenName: 'Ann',
      names: [{ displayName: 'Ann Lee' }],
      emailAddresses: [{ email: 'ann@x.com' }],
      phoneNumbers: [{ number: '+14155550123' }],
      mobilePhone: '+14155550124',
      companyName: 'Acme',
      organizations: [{ name: 'Acme', title: 'CTO' }],
      jobTitle: 'CTO',
      nickName: 'Annie',
      isStarred: true,
    });
    assert.deepEqual(given.read, {});
    assert.ok(
      given.warnings.every((w) => w.message.startsWith('unknown field')),
      'each one is an unknown field, as before',
    );
    assert.equal(given.warnings.find((w) => w.field === 'entries[].emailAddresses')?.did_you_mean, 'emails');
    assert.equal(given.warnings.find((w) => w.field === 'entries[].companyName')?.did_you_mean, 'company');
    // One Kith field of a pair given (email or emails, phone or phones) is the client's: none added.
    assert.deepEqual(edgeRead({ emails: ['a@x.com'], email_addresses: ['b@x.com'] }).read, {});
    assert.deepEqual(edgeRead({ phone: '+14155550100', businessPhones: ['+14155550123'] }).read, {});
    // null, blank and empty are not given: read there.
    assert.deepEqual(edgeRead({ email: null, emails: [], emailAddresses: ['a@x.com'] }).read, { emails: ['a@x.com'] });
    assert.deepEqual(edgeRead({ company: ' ', companyName: 'Acme' }).read, { company: 'Acme' });
    // A star that is no boolean is not read.
    assert.deepEqual(edgeRead({ isStarred: 'yes', email: 'a@x.com' }).read, {});
    assert.deepEqual(edgeRead({ isStarred: false, email: 'a@x.com' }).read, { is_favorite: false });
  });

  it('a fax, a pager, an assistant is not the person: not read, named', () => {
    for (const item of [
      { label: 'work fax', number: '+14155550199' },
      { label: 'Home Fax', number: '+14155550199' },
      { type: 'workFax', value: '+14155550199' },
      { type: 'otherFax', value: '+14155550199' },
      { label: 'pager', number: '+14155550199' },
      { label: '_$!<HomeFAX>!$_', number: '+14155550199' },
      { label: 'assistant', number: '+14155550199' },
    ]) {
      const r = edgeRead({ name: 'Ann', phoneNumbers: [item] });
      assert.deepEqual(r.read, {}, JSON.stringify(item));
      assert.match(r.warnings[0].message, /^an item labelled fax/);
    }
    // A main or mobile number is the person's.
    assert.deepEqual(edgeRead({ phoneNumbers: [{ label: 'main', number: '+14155550123' }] }).read, { phones: ['+14155550123'] });
    // In Kith's own phones field too (the objects the lenient reading reads).
    const own = lenient([
      {
        phones: [
          { value: '+14155550123', type: 'mobile' },
          { value: '+14155550199', type: 'workFax' },
        ],
        phone: { number: '1', label: 'pager' },
      },
    ]);
    assert.deepEqual(own.entries[0].phones, ['+14155550123']);
    assert.equal(own.entries[0].phone, null);
  });

  it('an object with no usable value is a warning, never a person invented', () => {
    for (const entry of [
      { emailAddresses: [{ type: 'work' }] },
      { phoneNumbers: [{ label: 'mobile' }] },
      { phoneNumbers: [{ label: 'mobile', number: '  ' }], emailAddresses: [{}] },
      { names: [{ metadata: { primary: true } }], organizations: [{}], nicknames: [{}] },
    ]) {
      const r = edgeRead(entry);
      assert.deepEqual(r.read, {}, JSON.stringify(entry));
      assert.ok(r.warnings.length > 0, 'named in meta.warnings');
    }
    const r = edgeRead({ emailAddresses: [{ type: 'work' }] });
    assert.match(r.warnings[0].message, /^an item with no usable value/);
    // Beside a usable item, the usable one is read and the other named.
    assert.deepEqual(edgeRead({ phoneNumbers: [{ label: 'x' }, { number: '+14155550123' }] }).read, { phones: ['+14155550123'] });
  });

  it('well-formed Kith entries: nothing read, nothing looked at again (identity for reclean)', () => {
    const entries = [{ name: 'A', emails: ['a@x.com'], phones: ['+1 415'], company: 'C', is_favorite: 1 }, { email: 'b@x.com' }, {}];
    const r = readUploadFields({ user_id: 'u', source: {}, entries });
    assert.equal(r.fields.size, 0);
    assert.deepEqual(r.warnings, []);
    const stored = readStoredEntries(entries);
    for (let i = 0; i < entries.length; i++) assert.equal(stored[i], entries[i]);
  });

  it('kith reclean reads a stored SDK upload as the edge did, from the raw text as sent', () => {
    for (const [sdk, shape] of Object.entries(SDK_SHAPES)) {
      const raw = JSON.stringify({ user_id: 'u', source: {}, entries: [shape] });
      const atEdge = edgeRead(sdk === 'expo-contacts' ? lenient([shape]).entries[0] : shape).entry;
      assert.deepEqual(entriesOfRaw(raw), [atEdge], sdk);
    }
  });
});
