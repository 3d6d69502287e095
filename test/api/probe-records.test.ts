/**
 * What a black-box probe found, fixed, on each engine and through real HTTP:
 * - a 400 names every wrong field, whichever check found it: every wrong option (POST and GET), and where
 *   the schema refuses a body, the later checks (dates, ids, e-mails and numbers, options) still name
 *   the fields the schema did not refuse; the schema's details first; nothing is stored;
 * - a record's e-mail or number that cannot be read, beside a usable one, is named in meta.warnings
 *   (it was dropped without a word).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type Reply, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const SOURCE = { type: 'gmail', email: 'owner@acme.example', phone: '+14155550100' };
const ENTRIES = [{ name: 'Ann Lee', email: 'ann@example.com' }];

const fields = (r: Reply): string[] => (r.body.details as { field: string }[]).map((d) => d.field);

/** A 400 naming exactly `expected`, in order, whose message names the first and counts the rest. */
function assertNames(r: Reply, expected: string[]) {
  assert.equal(r.status, 400, r.text);
  assert.equal(r.body.code, 'invalid_request');
  assert.deepEqual(fields(r), expected, r.text);
  const more = expected.length > 1 ? ` (and ${expected.length - 1} more problem${expected.length > 2 ? 's' : ''})` : '';
  assert.equal(r.body.error, `Invalid request: ${expected[0]} ${r.body.details[0].message}${more}.`);
}

for (const engine of ENGINES) {
  describe(`probe records and errors on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi; // no workers: everything on the event loop
    let offload: TestApi; // every body parsed and every book ranked on a worker
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn', KITH_WORKERS: '0' });
      offload = await startApi(engine, { LOG_LEVEL: 'warn', KITH_WORKERS: '1', KITH_OFFLOAD_BODY_BYTES: '0', KITH_OFFLOAD_BOOK_ENTRIES: '0' });
      const r = await api.post('/v0/address-book', { user_id: 'combo', source: SOURCE, entries: ENTRIES, backfill: 1 });
      assert.equal(r.status, 200, r.text);
    });
    after(async () => {
      await api?.close();
      await offload?.close();
    });

    it('every wrong option is named, on POST and on GET, include_left_out, backfill and replace_source too', async () => {
      for (const a of [api, offload]) {
        const r = await a.post('/v0/address-book', {
          user_id: 'opts',
          source: SOURCE,
          entries: ENTRIES,
          limit: 0,
          filter_invites_sent: 'yes',
          promote_matching_domain: '@',
          include_left_out: 'x',
          backfill: 'x',
          replace_source: 'x',
        });
        assertNames(r, ['filter_invites_sent', 'promote_matching_domain', 'limit', 'include_left_out', 'backfill', 'replace_source']);
        assert.equal((await a.get('/v0/address-book/opts')).status, 404, 'nothing stored');
      }
      const g = await api.get('/v0/address-book/combo?limit=0&explain=yes&filter_invites_sent=2&include_left_out=9');
      assertNames(g, ['filter_invites_sent', 'limit', 'explain', 'include_left_out']);
      // One wrong option: one detail, as before.
      assertNames(await api.get('/v0/address-book/combo?limit=0'), ['limit']);
    });

    it('an upload the schema refuses still names its other wrong fields (dates, options, the user id); nothing stored', async () => {
      for (const a of [api, offload]) {
        const r = await a.post('/v0/address-book', { user_id: 'sch', source: SOURCE, entries: [{ email: 5 }, { last_message_sent_date: 'bogus' }] });
        assertNames(r, ['entries[0].email', 'entries[1].last_message_sent_date']);
        const many = await a.post('/v0/address-book', {
          user_id: ' ',
          source: { ...SOURCE, region: 'ZZ' },
          entries: [{ email: 5, phone: true, last_message_sent_date: 'bogus' }, { nickname: 5 }, { last_message_received_date: 'never' }],
          limit: 0,
        });
        assertNames(many, [
          'entries[0].email',
          'entries[0].phone',
          'entries[1].nickname',
          'user_id',
          'limit',
          'source.region',
          'entries[0].last_message_sent_date',
          'entries[2].last_message_received_date',
        ]);
        assert.equal((await a.get('/v0/address-book/sch')).status, 404, 'nothing stored');
      }
    });

    it('the number of details is bounded (20)', async () => {
      const entries = Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? { email: 5 } : { last_message_sent_date: 'bogus' }));
      const r = await api.post('/v0/address-book', { user_id: 'cap', source: SOURCE, entries });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.details.length, 20);
      // The schema's first: all 15 wrong e-mails, then the dates.
      assert.deepEqual(
        fields(r).slice(0, 15),
        Array.from({ length: 15 }, (_, i) => `entries[${2 * i}].email`),
      );
      assert.equal(fields(r)[15], 'entries[1].last_message_sent_date');
      const records = Array.from({ length: 30 }, () => ({ user_id: 'b1', email: 5, sent_at: 'bogus' }));
      const s = await api.post('/v0/invites-sent', records);
      assert.equal(s.status, 400, s.text);
      assert.equal(s.body.details.length, 20);
      // A probe: "(and 19 more problems)" for 30 wrong records read as if 20 were all; the words say the list stops.
      assert.match(s.body.error, /\(and 19 more problems; the check stops at 20, so there may be more\)\.$/);
      assert.match(r.body.error, /\(and 19 more problems; the check stops at 20, so there may be more\)\.$/);
    });

    it('records: the schema’s wrong fields and the later checks’ are all named; nothing stored', async () => {
      const user = 'rec-none';
      assertNames(
        await api.post('/v0/invites-sent', [
          { user_id: user, email: 'ok@x.example', sent_at: 'bogus' },
          { user_id: user, email: 5 },
        ]),
        ['entries[1].email', 'entries[0].sent_at'],
      );
      assertNames(await api.post('/v0/users', [{ id: '', email: 'bad' }]), ['entries[0].id', 'entries[0]']);
      assertNames(await api.post('/v0/invites-sent', [{ email: 'ok@x.example', sent_at: 'bogus' }]), ['entries[0].user_id', 'entries[0].sent_at']);
      // An app user whose id cannot be read: its book's country is unknown, so its national number is not named too.
      assertNames(await api.post('/v0/users', [{ id: '', phone: '(415) 555-0100' }]), ['entries[0].id']);
      // An item's id and date both, without a schema error.
      assertNames(await api.post('/v0/invites-sent', [{ user_id: '..', email: 'bad', sent_at: 'bogus' }]), [
        'entries[0].user_id',
        'entries[0]',
        'entries[0].sent_at',
      ]);
      // A wrong e-mail type is the schema's: the item's keys are not read again (no "needs a usable email").
      assertNames(await api.post('/v0/suggested-seen', [{ user_id: user, email: 5, seen_at: 'x' }]), ['entries[0].email', 'entries[0].seen_at']);
      // An item the schema refuses whole is named once.
      assertNames(await api.post('/v0/invites-accepted', [7, { email: 'ok@x.example', accepted_at: 'x' }]), ['entries[0]', 'entries[1].accepted_at']);
      // Nothing stored: the user has no records to delete.
      assert.equal((await api.del(`/v0/address-book/${user}`)).status, 404);
    });

    it('names neither the number of an accepted invite whose user id the schema refused, nor replace_source for an owner of a wrong type (a review)', async () => {
      const book = await api.post('/v0/address-book', {
        user_id: 'u7r',
        source: { type: 'ios', region: 'US' },
        entries: [{ email: 'a7@x.example' }],
        backfill: 1,
      });
      assert.equal(book.status, 200, book.text);
      // Readable in u7r's book: accepted.
      assert.equal((await api.post('/v0/invites-accepted', { entries: [{ user_id: 'u7r', new_user_id: 'n7', phone: '4155550177' }] })).status, 200);
      for (const user_id of ['', ['u7r']]) {
        assertNames(await api.post('/v0/invites-accepted', { entries: [{ user_id, new_user_id: 'n8', phone: '4155550178' }] }), ['entries[0].user_id']);
      }
      for (const a of [api, offload]) {
        for (const source of [
          { type: 'ios', email: 5 },
          { type: 'ios', phone: [1] },
        ]) {
          const r = await a.post('/v0/address-book', { user_id: 'rs-owner', source, entries: [], replace_source: true });
          assertNames(r, [source.email !== undefined ? 'source.email' : 'source.phone']);
        }
        assert.equal((await a.get('/v0/address-book/rs-owner')).status, 404, 'nothing stored');
      }
    });

    it('records: an unreadable e-mail or number beside a usable one is named in meta.warnings; the record is kept', async () => {
      const sent = await api.post('/v0/invites-sent', [
        { user_id: 'b1', email: 'ok@x.example' },
        { user_id: 'b1', email: 'ok@x.example', phone: 'not a phone' },
      ]);
      assert.equal(sent.status, 200, sent.text);
      assert.deepEqual(
        sent.body.meta.warnings.map((w: { field: string; count: number; indexes: number[] }) => [w.field, w.count, w.indexes]),
        [['entries[].phone', 1, [1]]],
      );
      assert.match(sent.body.meta.warnings[0].message, /not recorded/);
      const seen = await api.post('/v0/suggested-seen', [{ user_id: 'b1', emails: ['ok@x.example', 'bad'], phones: ['12'] }]);
      assert.equal(seen.status, 200, seen.text);
      assert.deepEqual(
        seen.body.meta.warnings.map((w: { field: string; count: number; indexes: number[] }) => [w.field, w.count, w.indexes]),
        [
          ['entries[].emails', 1, [0]],
          ['entries[].phones', 1, [0]],
        ],
      );
      const users = await api.post('/v0/users', [{ id: 'u78', emails: ['ok78@x.example', 'none'] }]);
      assert.equal(users.status, 200, users.text);
      assert.deepEqual(
        users.body.meta.warnings.map((w: { field: string }) => w.field),
        ['entries[].emails'],
      );
      const accepted = await api.post('/v0/invites-accepted', [{ email: 'ok79@x.example', phones: ['+1 415 555 0199', '0'] }]);
      assert.equal(accepted.status, 200, accepted.text);
      assert.deepEqual(
        accepted.body.meta.warnings.map((w: { field: string }) => w.field),
        ['entries[].phones'],
      );
      // The documented case keeps its one warning (a number without its country), not a second one.
      const doc = await api.post('/v0/users', [{ id: 'u77', email: 'ok77@x.example', phone: '(415) 555-0100' }]);
      assert.equal(doc.status, 200, doc.text);
      assert.deepEqual(
        doc.body.meta.warnings.map((w: { field: string }) => w.field),
        ['entries[].phone'],
      );
      // Every value read: no warning.
      const clean = await api.post('/v0/invites-sent', [{ user_id: 'b1', email: 'ok@x.example', phone: '+1 415 555 0123' }]);
      assert.equal(clean.status, 200, clean.text);
      assert.equal(clean.body.meta.warnings, undefined);
    });
  });
}
