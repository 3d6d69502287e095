import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexKeysOf } from '../../src/domain/normalize.ts';
import { TABLES } from '../../src/storage/schema.ts';
import { ENGINES, engineSkip, withStorage } from '../helpers/engines.ts';
import { fakeUpload, manyContacts, pendingKeys, rawRows, storedKeys } from './fixtures.ts';

const T = 'app_test:live';

for (const engine of ENGINES) {
  describe(`address books on ${engine}`, { skip: await engineSkip(engine) }, () => {
    it('loadBook returns null for a user without uploads', () =>
      withStorage(engine, async (s) => {
        assert.equal(await s.loadBook(T, 'nobody'), null);
      }));

    it('round-trips uploads in insertion order, even with equal or decreasing created_at', () =>
      withStorage(engine, async (s, url) => {
        const a = fakeUpload('u1', manyContacts(3, 'a'), { ownerEmail: 'me@home.com', createdAt: 2000 });
        const b = fakeUpload('u1', manyContacts(2, 'b'), { ownerEmail: 'me@work.com', createdAt: 1000 });
        const c = fakeUpload('u1', manyContacts(1, 'c'), { ownerEmail: 'me@home.com', createdAt: 1000 });
        for (const u of [a, b, c]) await s.appendUpload(T, u);
        const book = await s.loadBook(T, 'u1');
        assert.ok(book);
        assert.equal(book.userId, 'u1');
        assert.equal(book.uploadCount, 3);
        assert.equal(book.updatedAt, 2000);
        assert.equal(typeof book.updatedAt, 'number');
        assert.deepEqual(book.sources, [a.source, b.source, c.source]);
        assert.deepEqual(book.entries, [...a.normalized, ...b.normalized, ...c.normalized]);
        assert.deepEqual([...book.ownerKeys].sort(), ['e:me@home.com', 'e:me@work.com']);
        // The raw entries are kept beside the normalised ones.
        const rows = await rawRows(url, 'uploads');
        const rowA = rows.find((r) => r.batch_id === a.batchId);
        assert.deepEqual(JSON.parse(String(rowA?.raw)), a.raw);
      }));

    it('loadBookBelow reads a small book whole with its size, and only the size of a big one', () =>
      withStorage(engine, async (s) => {
        assert.equal(await s.loadBookBelow(T, 'nobody', 5), null);
        const a = fakeUpload('u1', manyContacts(3, 'a'), { ownerEmail: 'me@home.com', createdAt: 2000 });
        const b = fakeUpload('u1', manyContacts(2, 'b'), { ownerEmail: 'me@work.com', createdAt: 1000 });
        for (const u of [a, b]) await s.appendUpload(T, u);
        await s.appendUpload(T, fakeUpload('u2', manyContacts(9, 'c')));
        // 5 entries: below 6 the book is read as loadBook reads it; from 5 on, only its size.
        assert.deepEqual(await s.loadBookBelow(T, 'u1', 6), await s.loadBook(T, 'u1'));
        assert.deepEqual(await s.loadBookBelow(T, 'u1', 5), { size: 5 });
        assert.deepEqual(await s.loadBookBelow(T, 'u1', 0), { size: 5 });
        assert.deepEqual(await s.loadBookBelow('app_other:live', 'u1', 6), null, 'tenants apart');
      }));

    it('merges key stats across uploads: max times, newest dates, nulls ignored', () =>
      withStorage(engine, async (s, url) => {
        await s.appendUpload(T, fakeUpload('u1', [{ emails: ['x@y.com'], times: 5, lastSent: 100, lastReceived: null }]));
        await s.appendUpload(T, fakeUpload('u1', [{ emails: ['x@y.com'], times: 2, lastSent: null, lastReceived: 50 }]));
        await s.appendUpload(T, fakeUpload('u1', [{ emails: ['X@y.com'], times: 1, lastSent: 90, lastReceived: 40 }]));
        await s.flushIndex();
        const rows = (await rawRows(url, 'contact_keys')).filter((r) => r.user_id === 'u1');
        assert.equal(rows.length, 1);
        assert.equal(Number(rows[0]!.times), 5);
        assert.equal(Number(rows[0]!.last_sent), 100);
        assert.equal(Number(rows[0]!.last_received), 50);
      }));

    it('keeps tenants apart: the same user id in two tenants sees only its own book', () =>
      withStorage(engine, async (s) => {
        const live = fakeUpload('u1', manyContacts(2, 'live'));
        const test = fakeUpload('u1', manyContacts(3, 'test'));
        await s.appendUpload('app_a:live', live);
        await s.appendUpload('app_a:test', test);
        assert.deepEqual((await s.loadBook('app_a:live', 'u1'))?.entries, live.normalized);
        assert.deepEqual((await s.loadBook('app_a:test', 'u1'))?.entries, test.normalized);
        assert.equal(await s.loadBook('app_b:live', 'u1'), null);
        assert.equal(await s.deleteBook('app_a:test', 'u1'), true);
        assert.deepEqual((await s.loadBook('app_a:live', 'u1'))?.entries, live.normalized);
      }));

    it('deleteBook removes every row held for the user, and only theirs', () =>
      withStorage(engine, async (s, url) => {
        const victim = 'victim-user';
        await s.appendUpload(T, fakeUpload(victim, manyContacts(5, 'v'), { ownerEmail: 'victim@home.com' }));
        await s.appendUpload(T, fakeUpload('other', manyContacts(5, 'v'), { ownerEmail: 'other@home.com' }));
        await s.flushIndex();
        // Index work still pending when the DELETE comes: it must go with the book, never come back.
        await s.appendUpload(T, fakeUpload(victim, manyContacts(5, 'w'), { ownerEmail: 'victim@work.com' }));
        await s.recordInvitesSent(T, [{ userId: victim, keys: ['e:p0.v@example.com'], inviteeName: 'P', sentAt: 1 }]);
        await s.recordInvitesSent(T, [{ userId: 'other', keys: ['e:p1.v@example.com'], inviteeName: 'Q', sentAt: 1 }]);
        await s.recordInvitesAccepted(T, [{ keys: ['e:p0.v@example.com'], userId: victim, newUserId: 'someone', name: 'P', acceptedAt: 2 }]);
        await s.recordInvitesAccepted(T, [{ keys: ['e:victim@home.com'], userId: 'other', newUserId: victim, name: 'V', acceptedAt: 3 }]);
        await s.recordSuggestedSeen(T, [{ userId: victim, keys: ['e:p2.v@example.com'], seenAt: 3 }]);
        await s.recordSuggestedSeen(T, [{ userId: 'other', keys: ['e:p2.v@example.com'], seenAt: 3 }]);
        // The same user id in another tenant is another person: untouched.
        await s.appendUpload('app_other:live', fakeUpload(victim, manyContacts(1, 'x')));

        assert.equal(await s.deleteBook(T, victim), true);
        assert.equal(await s.loadBook(T, victim), null);
        assert.equal(await s.deleteBook(T, victim), false);
        await s.flushIndex();

        // app_users is the app's own directory of its users (uploaded by the app), not the user's data.
        for (const table of TABLES.filter((t) => t !== 'app_users')) {
          const leftovers = (await rawRows(url, table)).filter((r) => r.tenant === T && Object.values(r).some((v) => v === victim));
          assert.deepEqual(leftovers, [], `rows of the deleted user left in ${table}`);
        }
        // Other users' data and the tenant's "accepted" signal survive.
        assert.equal((await s.loadBook(T, 'other'))?.entries.length, 5);
        assert.equal((await s.loadBook('app_other:live', victim))?.entries.length, 1);
        // The victim's own acceptance (new_user_id: their address) goes; the one they sent stays, unlinked.
        assert.equal((await rawRows(url, 'invites_accepted')).length, 1);
        const sig = await s.loadSignals(T, 'other', storedKeys(indexKeysOf((await s.loadBook(T, 'other'))!.entries)), []);
        assert.ok(sig.acceptedKeys.has('e:p0.v@example.com'));
        assert.equal(sig.knownBy.size, 0, 'the deleted book no longer counts in knownBy');
        assert.ok(sig.seenKeys.has('e:p2.v@example.com'));
      }));

    it('lands 20 concurrent uploads of the same user', () =>
      withStorage(engine, async (s) => {
        const uploads = Array.from({ length: 20 }, (_, i) => fakeUpload('u1', manyContacts(50, `c${i % 4}`)));
        await Promise.all(uploads.map((u) => s.appendUpload(T, u)));
        await s.flushIndex();
        const book = await s.loadBook(T, 'u1');
        assert.equal(book?.uploadCount, 20);
        assert.equal(book?.entries.length, 20 * 50);
        // One index row per key however many uploads hold it: another user holding the same people sees u1 once.
        const keys = indexKeysOf(book!.entries);
        assert.equal(keys.length, 4 * 50 + 50); // e-mails differ per tag, phones repeat
        const sig = await s.loadSignals(T, 'u2', pendingKeys(keys), []);
        assert.equal(sig.knownBy.size, keys.length);
        assert.ok([...sig.knownBy.values()].every((n) => n === 1));
      }));

    it('stores a 10,000-entry upload in one piece', () =>
      withStorage(engine, async (s) => {
        const u = fakeUpload('big', manyContacts(10_000, 'big'), { ownerEmail: 'big@home.com' });
        await s.appendUpload(T, u);
        const book = await s.loadBook(T, 'big');
        assert.equal(book?.entries.length, 10_000);
        assert.deepEqual(book?.entries[9_999], u.normalized[9_999]);
        await s.appendUpload(T, fakeUpload('peer', manyContacts(10, 'big')));
        await s.flushIndex();
        const sig = await s.loadSignals(T, 'peer', storedKeys(indexKeysOf((await s.loadBook(T, 'peer'))!.entries)), []);
        assert.equal(sig.knownBy.size, 20);
        assert.equal(sig.knownBy.get('e:p9.big@example.com'), 1);
      }));

    it('stores a body given as UTF-8 bytes as the very text received (raw), readable as text', () =>
      withStorage(engine, async (s, url) => {
        const u = fakeUpload('bytes', [{ name: 'Zoë Ölçer', emails: ['zoe@example.com'] }]);
        const text = JSON.stringify({ user_id: 'bytes', source: { type: 'gmail' }, entries: [{ name: 'Zoë Ölçer 😀', email: 'zoe@example.com' }] });
        u.rawJson = new Uint8Array(Buffer.from(text, 'utf8'));
        await s.appendUpload(T, u);
        const row = (await rawRows(url, 'uploads')).find((r) => r.user_id === 'bytes');
        assert.equal(typeof row?.raw, 'string');
        assert.equal(row?.raw, text);
        assert.deepEqual((await s.loadBook(T, 'bytes'))?.entries, u.normalized);
      }));
  });
}
