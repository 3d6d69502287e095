/**
 * Deleted data never comes back (a fault probe): a POST whose write reaches the database only after a
 * later DELETE of its user was answered (it waited: for a book worker, for the database) is answered 409
 * `address_book_deleted` and stores nothing; a POST sent after the DELETE starts a new book. Over real
 * HTTP, on every engine; the upload's write is held until the DELETE has been answered.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Storage } from '../../src/storage/types.ts';
import { startApi, tenantOfKey, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';
import { rawRows } from '../storage/fixtures.ts';

/** Holds the next appendUpload of `userId` until `release()`; `reached` settles once it is held. */
function holdNextUpload(storage: Storage, userId: string): { reached: Promise<void>; release: () => void; restore: () => void } {
  const original = storage.appendUpload.bind(storage);
  let reached!: () => void;
  let release!: () => void;
  const reachedP = new Promise<void>((r) => (reached = r));
  const gate = new Promise<void>((r) => (release = r));
  let held = false;
  (storage as { appendUpload: Storage['appendUpload'] }).appendUpload = async (t, u) => {
    if (!held && u.userId === userId) {
      held = true;
      reached();
      await gate;
    }
    return original(t, u);
  };
  return { reached: reachedP, release, restore: () => delete (storage as Partial<Storage>).appendUpload };
}

/**
 * Sends `request` with the next call of `storage[method]` held until the DELETE of `userId` has been
 * answered (strictly after the request's arrival), then lets it through; the request's answer.
 */
async function sentBeforeDelete<T>(
  api: TestApi,
  method: string,
  userId: string,
  request: () => Promise<T>,
  deletePath = `/v0/address-book/${userId}`,
): Promise<T> {
  const storage = api.storage as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const original = storage[method]!.bind(api.storage);
  let reached!: () => void;
  let release!: () => void;
  const reachedP = new Promise<void>((r) => (reached = r));
  const gate = new Promise<void>((r) => (release = r));
  storage[method] = async (...a: unknown[]) => {
    reached();
    await gate;
    return original(...a);
  };
  try {
    const late = request();
    await reachedP;
    // The DELETE strictly after the request's arrival (one of the same millisecond is concurrent with it).
    const at = Date.now();
    while (Date.now() <= at) await new Promise((res) => setTimeout(res, 1));
    assert.equal((await api.del(deletePath)).status, 200);
    release();
    return await late;
  } finally {
    delete storage[method];
  }
}

async function rowsOf(url: string, userId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['uploads', 'index_queue', 'contact_keys', 'owner_keys']) {
    out[table] = (await rawRows(url, table)).filter((r) => r.user_id === userId).length;
  }
  return out;
}

for (const engine of ENGINES) {
  describe(`a POST written after a later DELETE of its user, on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine);
    });
    after(async () => {
      await api?.close();
    });

    it('is answered 409 address_book_deleted and stores nothing; a POST after the DELETE starts a new book', async () => {
      const u = 'tomb-victim';
      const friend = 'tomb-friend';
      const entries = (tag: string, n: number) => Array.from({ length: n }, (_, i) => ({ name: `${tag} ${i}`, email: `${tag}${i}@tomb.example` }));
      assert.equal((await api.post('/v0/address-book', { user_id: u, source: { email: 'victim@tomb.example' }, entries: entries('a', 3) })).status, 200);
      // Another user whose ranking would show the victim's late keys as known_by.
      assert.equal((await api.post('/v0/address-book', { user_id: friend, source: {}, entries: entries('late', 2) })).status, 200);
      const hold = holdNextUpload(api.storage, u);
      try {
        const late = api.post('/v0/address-book', { user_id: u, source: { email: 'victim@tomb.example' }, entries: entries('late', 2) });
        await hold.reached;
        // The DELETE strictly after the POST's arrival (one of the same millisecond is concurrent with it).
        const reachedAt = Date.now();
        while (Date.now() <= reachedAt) await new Promise((res) => setTimeout(res, 1));
        const del = await api.del(`/v0/address-book/${u}`);
        assert.equal(del.status, 200, del.text);
        assert.equal((await api.get(`/v0/address-book/${u}`)).status, 404);
        hold.release();
        const r = await late;
        assert.equal(r.status, 409, r.text);
        assert.equal(r.body.code, 'address_book_deleted');
        assert.match(r.body.error, /deleted while this upload waited; nothing was stored/);
      } finally {
        hold.restore();
      }
      await api.storage.flushIndex();
      assert.equal((await api.get(`/v0/address-book/${u}`)).status, 404);
      assert.deepEqual(await rowsOf(api.url, u), { uploads: 0, index_queue: 0, contact_keys: 0, owner_keys: 0 });
      // The friend's contacts are known by nobody else: the refused upload left no signal.
      const keys = ['e:late0@tomb.example', 'e:late1@tomb.example'];
      const sig = await api.storage.loadSignals(await tenantOfKey(api, api.key), friend, { all: keys, pending: [] }, []);
      assert.equal(sig.knownBy.size, 0, JSON.stringify([...sig.knownBy]));

      // Sent again (after the DELETE): a new book.
      const again = await api.post('/v0/address-book', { user_id: u, source: { email: 'victim@tomb.example' }, entries: entries('late', 2) });
      assert.equal(again.status, 200, again.text);
      const book = await api.get(`/v0/address-book/${u}`);
      assert.equal(book.status, 200);
      assert.equal(book.body.meta.total_count, 2);
    });

    it('records (invites sent, accepted, suggestions seen) written after a later DELETE of a user they name are a 409 and store nothing; sent after it, they are stored', async () => {
      // A probe: a batch of invites sent just before its user's DELETE was written after it, on PostgreSQL,
      // and outlived it (the DELETE answered 200 first).
      const u = 'rec-victim';
      const routes = [
        ['recordInvitesSent', '/v0/invites-sent', (tag: string) => [{ user_id: u, email: `${tag}@rec.example` }], 'invites_sent'],
        ['recordSuggestedSeen', '/v0/suggested-seen', (tag: string) => [{ user_id: u, email: `${tag}@rec.example` }], 'suggested_seen'],
        [
          'recordInvitesAccepted',
          '/v0/invites-accepted',
          (tag: string) => [{ user_id: 'rec-inviter', new_user_id: u, email: `${tag}@rec.example` }],
          'invites_accepted',
        ],
      ] as const;
      for (const [method, path, body, table] of routes) {
        assert.equal((await api.post('/v0/address-book', { user_id: u, source: {}, entries: [{ email: 'a@rec.example' }] })).status, 200);
        const r = await sentBeforeDelete(api, method, u, () => api.post(path, body('late')));
        assert.equal(r.status, 409, `${path}: ${r.text}`);
        assert.equal(r.body.code, 'address_book_deleted');
        assert.match(r.body.error, /records name was deleted while the request waited \(DELETE \/v0\/address-book\); nothing of it was stored/);
        // The row and the field that names the deleted user (an acceptance's new user: new_user_id).
        assert.deepEqual(
          r.body.details.map((d: any) => d.field),
          [path === '/v0/invites-accepted' ? 'entries[0].new_user_id' : 'entries[0].user_id'],
        );
        const left = (await rawRows(api.url, table)).filter((r) => r.user_id === u || r.new_user_id === u);
        assert.equal(left.length, 0, `${table}: ${JSON.stringify(left)}`);
        // Sent after the DELETE: stored.
        const again = await api.post(path, body('again'));
        assert.equal(again.status, 200, again.text);
        assert.equal((await rawRows(api.url, table)).filter((r) => r.user_id === u || r.new_user_id === u).length, 1, table);
        assert.equal((await api.del(`/v0/address-book/${u}`)).status, 200);
      }
    });

    it("an acceptance whose inviter was deleted while it waited is the invitee's record: stored, the inviter forgotten, as the DELETE leaves such rows", async () => {
      const inviter = 'acc-inviter';
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: inviter, email: 'newbie@acc.example' }])).status, 200);
      const r = await sentBeforeDelete(api, 'recordInvitesAccepted', inviter, () =>
        api.post('/v0/invites-accepted', [{ user_id: inviter, new_user_id: 'acc-newbie', email: 'newbie@acc.example' }]),
      );
      assert.equal(r.status, 200, r.text);
      const rows = (await rawRows(api.url, 'invites_accepted')).filter((r) => r.new_user_id === 'acc-newbie');
      assert.equal(rows.length, 1, JSON.stringify(rows));
      assert.equal(rows[0]!.user_id, null, 'the deleted inviter is forgotten');
    });

    it('a client key asked for before a DELETE of its user and made after it is refused (409), no key left; asked after, it is made', async () => {
      const u = 'ck-victim';
      assert.equal((await api.post('/v0/address-book', { user_id: u, source: {}, entries: [{ email: 'a@ck.example' }] })).status, 200);
      const r = await sentBeforeDelete(api, 'insertClientKey', u, () => api.post('/v0/client-key', { user_id: u }));
      assert.equal(r.status, 409, r.text);
      assert.equal(r.body.code, 'address_book_deleted');
      assert.equal(r.body.details[0].field, 'user_id');
      assert.equal((await rawRows(api.url, 'client_keys')).filter((r) => r.user_id === u).length, 0);
      const again = await api.post('/v0/client-key', { user_id: u });
      assert.equal(again.status, 200, again.text);
      assert.equal((await rawRows(api.url, 'client_keys')).filter((r) => r.user_id === u).length, 1);
    });

    it('app users (POST /v0/users) written after a later DELETE /v0/users of one they name are a 409 and store nothing; sent after it, they are stored', async () => {
      // The book's DELETE keeps app users; forgetting one (DELETE /v0/users/:id) must win over a batch that
      // arrived before it as a book's DELETE wins over records.
      const id = 'au-victim';
      const appUsers = async () => (await rawRows(api.url, 'app_users')).filter((r) => r.app_user_id === id || r.app_user_id === 'au-other');
      assert.equal((await api.post('/v0/users', [{ id, email: 'old@au.example' }])).status, 200);
      const r = await sentBeforeDelete(
        api,
        'upsertAppUsers',
        id,
        () =>
          api.post('/v0/users', [
            { id: 'au-other', email: 'other@au.example' },
            { id, email: 'late@au.example' },
          ]),
        `/v0/users/${id}`,
      );
      assert.equal(r.status, 409, r.text);
      assert.equal(r.body.code, 'address_book_deleted');
      assert.match(r.body.error, /app user this batch names was forgotten while the request waited \(DELETE \/v0\/users\); nothing of it was stored/);
      assert.deepEqual(
        r.body.details.map((d: any) => d.field),
        ['entries[1].id'],
      );
      assert.deepEqual(await appUsers(), [], 'nothing of the batch, nothing of the forgotten user');
      // A book's DELETE does not refuse app users (it keeps them).
      assert.equal((await api.post('/v0/address-book', { user_id: 'au-book', source: {}, entries: [{ email: 'x@au.example' }] })).status, 200);
      const kept = await sentBeforeDelete(api, 'upsertAppUsers', 'au-book', () => api.post('/v0/users', [{ id: 'au-book', email: 'book@au.example' }]));
      assert.equal(kept.status, 200, kept.text);
      assert.equal((await rawRows(api.url, 'app_users')).filter((x) => x.app_user_id === 'au-book').length, 1);
      // Sent after the DELETE: stored.
      const again = await api.post('/v0/users', [{ id, email: 'again@au.example' }]);
      assert.equal(again.status, 200, again.text);
      assert.deepEqual(
        (await appUsers()).map((x) => x.key),
        ['e:again@au.example'],
      );
      assert.equal((await api.del(`/v0/users/${id}`)).status, 200);
      assert.deepEqual(await appUsers(), []);
    });

    it('a big batch of app users racing DELETE /v0/users of one of them never outlives it', async () => {
      const id = 'au-race';
      const batch = Array.from({ length: 20_000 }, (_, i) => ({ id, email: `a${i}@au-race.example` }));
      for (let round = 0; round < 3; round++) {
        const write = api.post('/v0/users', batch);
        await new Promise((res) => setTimeout(res, 5 + round * 20));
        const del = await api.del(`/v0/users/${id}`);
        const r = await write;
        // The batch committed first and the DELETE removed it (200, 200), or the DELETE came first: nothing
        // stored yet (404) and the batch refused (409).
        assert.ok((r.status === 200 && del.status === 200) || (r.status === 409 && del.status === 404), `round ${round}: ${r.status} ${del.status} ${r.text}`);
        const left = (await rawRows(api.url, 'app_users')).filter((x) => x.app_user_id === id).length;
        assert.equal(left, 0, `round ${round}: the batch answered ${r.status}, the DELETE ${del.status}, yet ${left} rows are left`);
      }
    });

    it('a big batch of records racing a DELETE of its user never outlives it', async () => {
      // No hold: the batch and the DELETE run at once. Either the batch commits first and the DELETE removes
      // it (200 and 200), or the DELETE does and the batch is refused (409); never the batch after the
      // DELETE's removal.
      const u = 'rec-race';
      const batch = Array.from({ length: 20_000 }, (_, i) => ({ user_id: u, email: `r${i}@race.example` }));
      for (let round = 0; round < 3; round++) {
        assert.equal((await api.post('/v0/address-book', { user_id: u, source: {}, entries: [{ email: 'a@race.example' }] })).status, 200);
        const records = api.post('/v0/invites-sent', batch);
        await new Promise((res) => setTimeout(res, 5 + round * 20));
        const del = await api.del(`/v0/address-book/${u}`);
        const r = await records;
        assert.ok(r.status === 200 || r.status === 409, r.text);
        assert.equal(del.status, 200, del.text);
        // The batch arrived before the DELETE was sent: whichever committed first, none of it is left.
        const left = (await rawRows(api.url, 'invites_sent')).filter((x) => x.user_id === u).length;
        assert.equal(left, 0, `round ${round}: the batch answered ${r.status}, the DELETE 200, yet ${left} rows are left`);
      }
    });
  });
}
