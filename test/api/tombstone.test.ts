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
  });
}
