/**
 * One detail per wrong field, whichever stage found it (services/refused.ts, services/errors.ts Problems,
 * workers/compilers.ts compileBodyValidator), and the warnings of a record's unreadable values
 * (services/record-warnings.ts): the pure parts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeSchemas } from '../../src/http/schemas.ts';
import { uploadProblems } from '../../src/services/address-book-answers.ts';
import { invalid, MAX_DETAILS, Problems, ServiceError } from '../../src/services/errors.ts';
import { UnreadValues, unreadableFields } from '../../src/services/record-warnings.ts';
import { pathSegments, pruneRefused, touches, withLaterDetails } from '../../src/services/refused.ts';
import { loadConfig } from '../../src/config.ts';
import { compileBodyValidator } from '../../src/workers/compilers.ts';

const S = makeSchemas({ maxEntriesPerUpload: 1000, maxStringLength: 1000 });
const validateUpload = compileBodyValidator(S.UploadBody);
const validateSent = compileBodyValidator(S.InvitesSentBody);
const config = loadConfig({});

/** The fields the validator names for `body` ([] when it accepts it). */
function schemaFields(validate: (b: unknown) => void, body: unknown): string[] {
  try {
    validate(body);
    return [];
  } catch (e) {
    return ((e as ServiceError).details ?? []).map((d) => d.field);
  }
}

describe('Problems: the details of several checks in one 400', () => {
  it('keeps every invalid-input detail in order, reads a failed check as its fallback, and throws the rest as they are', () => {
    const p = new Problems();
    assert.equal(
      p.run(() => {
        throw invalid('a', 'is wrong');
      }, 7),
      7,
    );
    assert.equal(
      p.run(() => 3, 0),
      3,
    );
    p.run(() => {
      throw invalid('b', 'is wrong too');
    }, 0);
    assert.throws(
      () => p.throwIfAny(),
      (e) => e instanceof ServiceError && e.message === 'Invalid request: a is wrong (and 1 more problem).' && e.details?.length === 2,
    );
    assert.throws(() => p.run(() => JSON.parse('{'), 0), SyntaxError);
    new Problems().throwIfAny();
  });

  it('holds at most MAX_DETAILS', () => {
    const p = new Problems();
    for (let i = 0; i < 50; i++) p.add([{ field: `f${i}`, message: 'm' }]);
    assert.equal(p.details.length, MAX_DETAILS);
    assert.ok(p.full);
  });
});

describe('refused.ts: a body without the fields the schema named', () => {
  it('reads paths', () => {
    assert.deepEqual(pathSegments('entries[1].emails[0]'), ['entries', 1, 'emails', 0]);
    assert.deepEqual(pathSegments('source.region'), ['source', 'region']);
    assert.deepEqual(pathSegments('limit'), ['limit']);
    assert.equal(pathSegments(''), null);
  });

  it('takes out the named fields (a list whole, an item of entries as {}), never changing the body', () => {
    const body = { user_id: '', limit: {}, source: { region: 5, type: 'ios' }, entries: [{ email: 5, name: 'A' }, 7, { emails: ['a@x.org', 5] }] };
    const copy = structuredClone(body);
    const pruned = pruneRefused(body, [
      { field: 'limit', message: '' },
      { field: 'source.region', message: '' },
      { field: 'entries[0].email', message: '' },
      { field: 'entries[1]', message: '' },
      { field: 'entries[2].emails[1]', message: '' },
      { field: 'entries[9].name', message: '' },
      { field: 'entries[0].user_id', message: '' },
    ]);
    assert.deepEqual(pruned, { user_id: '', source: { type: 'ios' }, entries: [{ name: 'A' }, {}, {}] });
    assert.deepEqual(body, copy);
  });

  it('names a later field once, and none the schema named or holds', () => {
    const refused = [
      { field: 'entries[1].email', message: 'must be a string or null' },
      { field: 'entries[0].user_id', message: 'is required' },
    ];
    assert.deepEqual(
      withLaterDetails(refused, [
        { field: 'entries[0].user_id', message: 'is required' },
        { field: 'entries[0].sent_at', message: 'bad date' },
        { field: 'entries[0].sent_at', message: 'bad date' },
        { field: 'entries[10].sent_at', message: 'bad date' },
      ]).map((d) => d.field),
      ['entries[1].email', 'entries[0].user_id', 'entries[0].sent_at', 'entries[10].sent_at'],
    );
    const many = Array.from({ length: 30 }, (_, i) => ({ field: `entries[${i}].sent_at`, message: 'bad date' }));
    assert.equal(withLaterDetails(refused, many).length, MAX_DETAILS);
    assert.ok(touches(refused, 'entries[1].email'));
    assert.ok(touches(refused, 'entries[1]'));
    assert.ok(!touches(refused, 'entries[1].emails'));
  });
});

describe('compileBodyValidator: every field the schema refuses', () => {
  it('names each wrong field of each entry, and the top-level ones, in order, not only the first', () => {
    assert.deepEqual(schemaFields(validateUpload, { user_id: 'u', source: {}, entries: [{ email: 5, phone: true }, {}, { nickname: 5 }], limit: {} }), [
      'limit',
      'entries[0].email',
      'entries[0].phone',
      'entries[2].nickname',
    ]);
    assert.deepEqual(schemaFields(validateSent, { entries: [{ email: 'a@x.org' }, { user_id: 'b', email: 5 }] }), ['entries[0].user_id', 'entries[1].email']);
  });

  it('names at most MAX_DETAILS, and a list of too many entries', () => {
    const entries = Array.from({ length: 100 }, () => ({ email: 5 }));
    assert.equal(schemaFields(validateUpload, { user_id: 'u', source: {}, entries }).length, MAX_DETAILS);
    const small = compileBodyValidator(makeSchemas({ maxEntriesPerUpload: 2, maxStringLength: 100 }).UploadBody);
    assert.deepEqual(schemaFields(small, { user_id: 'u', source: {}, entries: [{}, {}, { email: 5 }] }), ['entries', 'entries[2].email']);
  });

  it("names a wrong item of a nullable list by its path, never the list too (its union's null branch)", () => {
    const long = 'a'.repeat(1001);
    const details = (body: unknown) => {
      try {
        validateUpload(body);
        return [];
      } catch (e) {
        return (e as ServiceError).details ?? [];
      }
    };
    // The entry alone (the file route's body) and beside a top-level problem (POST's): the item only.
    for (const extra of [{ source: {} }, {}]) {
      const d = details({ user_id: 'u', ...extra, entries: [{ name: 'Ann', emails: [long], phones: [long] }, { emails: ['a@x.org', 5] }] });
      assert.deepEqual(
        d.filter((x) => x.field.startsWith('entries')),
        [
          { field: 'entries[0].emails[0]', message: 'must be at most 1000 characters' },
          { field: 'entries[0].phones[0]', message: 'must be at most 1000 characters' },
          { field: 'entries[1].emails[1]', message: 'must be a string or null' },
        ],
      );
    }
    // A list of the wrong kind is still named as such.
    assert.deepEqual(details({ user_id: 'u', source: {}, entries: [{ emails: 'a@x.org' }] }), [
      { field: 'entries[0].emails', message: 'must be a list or null' },
    ]);
  });

  it('names an entry holding a list past every bound by its first error only (every error of 50,000 items was unbounded work)', () => {
    const big = { user_id: 'u', source: {}, entries: [{ name: 5, emails: Array.from({ length: 50_000 }, () => 1) }, { nickname: 5 }] };
    const fields = schemaFields(validateUpload, big);
    assert.equal(fields.filter((f) => f.startsWith('entries[0]')).length, 1, fields.join(' '));
    assert.ok(fields.includes('entries[1].nickname'), fields.join(' '));
    // A long list beside the entries: the strict error alone.
    assert.equal(schemaFields(validateUpload, { user_id: 5, source: { x: Array.from({ length: 5000 }, () => 1) }, entries: [] }).length, 1);
  });
});

describe('uploadProblems: the later checks of an upload the schema refused', () => {
  it('names the dates and options of the fields left, and never throws on what the schema took out', () => {
    const fields = (b: unknown) => uploadProblems(b, config).map((d) => d.field);
    assert.deepEqual(fields({ user_id: 'u', source: {}, entries: [{}, { last_message_sent_date: 'bogus' }], limit: 0, explain: 'x' }), [
      'limit',
      'explain',
      'entries[1].last_message_sent_date',
    ]);
    // Parts the schema refused whole are read as empty: no crash, nothing named twice.
    assert.deepEqual(fields({ user_id: 'u', entries: [] }), []);
    assert.deepEqual(fields({ source: 'x', entries: 'x' }), ['user_id']);
    assert.deepEqual(fields(null), []);
  });

  it('names no replace_source for a source whose owner the schema refused (given, of a wrong type)', () => {
    const refused = [{ field: 'source.email', message: 'must be a string or null' }];
    assert.deepEqual(uploadProblems({ user_id: 'u', source: { type: 'ios' }, entries: [], replace_source: true }, config, refused), []);
    assert.deepEqual(
      uploadProblems({ user_id: 'u', source: { type: 'ios' }, entries: [], replace_source: true }, config).map((d) => d.field),
      ['replace_source'],
    );
  });
});

describe('record-warnings: unreadable values beside a usable one', () => {
  it('names each field holding a value that reads as nothing, only for records of several values', () => {
    assert.deepEqual(unreadableFields({ email: 'ok@x.example', phone: 'not a phone' }, null), ['phone']);
    assert.deepEqual(unreadableFields({ emails: ['ok@x.example', 'bad'], phones: ['12'] }, null), ['emails', 'phones']);
    assert.deepEqual(unreadableFields({ email: 'ok@x.example', emails: [null, ' '], phone: '' }, null), []);
    assert.deepEqual(unreadableFields({ email: 'ok@x.example', phone: '(415) 555-0100' }, null), [], 'a national number is read (n: key)');
    assert.deepEqual(unreadableFields({ email: 'bad' }, null), [], 'one value: the record is kept by it or refused');
    assert.deepEqual(unreadableFields({ email: 5, phones: 'x' } as never, null), []);
  });

  it('one warning per field, with the count and the first five indexes', () => {
    const u = new UnreadValues();
    for (let i = 0; i < 7; i++) u.add(i, ['phones']);
    u.add(6, ['email', 'phones']);
    const w = u.warnings();
    assert.deepEqual(
      w.map((x) => [x.field, x.count, x.indexes]),
      [
        ['entries[].email', 1, [6]],
        ['entries[].phones', 7, [0, 1, 2, 3, 4]],
      ],
    );
    assert.deepEqual(new UnreadValues().warnings(), []);
  });
});
