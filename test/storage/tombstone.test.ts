/**
 * Deletion tombstones: an upload that arrived before a DELETE of its user, and reaches the database only
 * after that DELETE was committed (it waited for a book worker), is refused and leaves nothing; one that
 * arrived after the DELETE starts a new book. On every engine, and through SQLite's writer thread.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openStorage, StorageError } from '../../src/storage/index.ts';
import { TOMBSTONE_KEEP_MS, UPLOAD_MAX_WAIT_MS } from '../../src/storage/kysely-storage.ts';
import type { Storage } from '../../src/storage/types.ts';
import { ENGINES, engineSkip, withStorage } from '../helpers/engines.ts';
import { fakeUpload, pendingKeys, rawRows } from './fixtures.ts';

const T = 'app_tomb:live' as never;

/** Rows of the user in each table an upload writes (directly or through the indexer). */
async function rowsOf(url: string, userId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ['uploads', 'index_queue', 'contact_keys', 'owner_keys']) {
    out[table] = (await rawRows(url, table)).filter((r) => r.user_id === userId).length;
  }
  return out;
}

const NONE = { uploads: 0, index_queue: 0, contact_keys: 0, owner_keys: 0 };

/** A time strictly after `t` on this clock (no sleeping for a fixed time). */
function after(t: number): number {
  let now = Date.now();
  while (now <= t) now = Date.now();
  return now;
}

async function refusesLateUpload(storage: Storage, writer: Storage, url: string): Promise<void> {
  const victim = fakeUpload('victim', [{ name: 'Ann', emails: ['ann@tomb.example'], times: 2 }], { ownerEmail: 'victim@tomb.example' });
  await writer.appendUpload(T, victim);
  await storage.flushIndex();
  assert.deepEqual(await rowsOf(url, 'victim'), { uploads: 1, index_queue: 0, contact_keys: 1, owner_keys: 1 });

  // The late upload's request arrived now; the DELETE is committed before it reaches the database.
  const late = fakeUpload('victim', [{ name: 'Late', emails: ['late@tomb.example'], times: 5 }], { ownerEmail: 'victim@tomb.example' });
  late.arrivedAt = Date.now();
  after(late.arrivedAt);
  assert.equal(await storage.deleteBook(T, 'victim'), true);
  const deletedAt = Date.now();
  await assert.rejects(writer.appendUpload(T, late), (e: unknown) => e instanceof StorageError && e.kind === 'deleted' && /nothing was stored/.test(e.message));
  await storage.flushIndex();
  assert.deepEqual(await rowsOf(url, 'victim'), NONE);
  assert.equal(await storage.loadBook(T, 'victim'), null);
  // Other users' signals do not see the refused upload's keys.
  const sig = await storage.loadSignals(T, 'someone', pendingKeys(['e:late@tomb.example', 'e:ann@tomb.example']), []);
  assert.equal(sig.knownBy.size, 0);
  // The tombstone itself is there (its user, its time), and nothing else of the user.
  const tombs = (await rawRows(url, 'deletions')).filter((r) => r.user_id === 'victim');
  assert.equal(tombs.length, 1);
  assert.ok(Number(tombs[0]!.deleted_at) >= late.arrivedAt && Number(tombs[0]!.deleted_at) <= deletedAt);

  // An upload that arrived after the DELETE starts a new book.
  const fresh = fakeUpload('victim', [{ name: 'New', emails: ['new@tomb.example'] }], { ownerEmail: 'victim@tomb.example' });
  fresh.arrivedAt = after(deletedAt);
  await writer.appendUpload(T, fresh);
  await storage.flushIndex();
  assert.deepEqual(await rowsOf(url, 'victim'), { uploads: 1, index_queue: 0, contact_keys: 1, owner_keys: 1 });
  assert.deepEqual(
    (await storage.loadBook(T, 'victim'))?.entries.map((e) => e.name),
    ['New'],
  );

  // A second DELETE moves the tombstone forward (one row per user).
  const again = fakeUpload('victim', [{ name: 'Again', emails: ['again@tomb.example'] }]);
  again.arrivedAt = after(fresh.arrivedAt);
  after(again.arrivedAt);
  assert.equal(await storage.deleteBook(T, 'victim'), true);
  await assert.rejects(writer.appendUpload(T, again), (e: unknown) => e instanceof StorageError && e.kind === 'deleted');
  assert.equal((await rawRows(url, 'deletions')).filter((r) => r.user_id === 'victim').length, 1);
  assert.deepEqual(await rowsOf(url, 'victim'), NONE);

  // A DELETE of a user with nothing stored is still "nothing held" (a 404), tombstone or not.
  assert.equal(await storage.deleteBook(T, 'nobody'), false);

  // An upload that waited longer than any tombstone is sure to be kept is refused too (a 503).
  const ancient = fakeUpload('other', [{ name: 'Old', emails: ['old@tomb.example'] }]);
  ancient.arrivedAt = Date.now() - UPLOAD_MAX_WAIT_MS - 60_000;
  await assert.rejects(writer.appendUpload(T, ancient), (e: unknown) => e instanceof StorageError && e.kind === 'busy');
  assert.deepEqual(await rowsOf(url, 'other'), NONE);

  // Tombstones are purged once older than TOMBSTONE_KEEP_MS; younger ones stay.
  assert.equal(await storage.purgeTombstones(), 0);
  assert.ok((await storage.purgeTombstones(Date.now() + TOMBSTONE_KEEP_MS + 1_000)) >= 1);
  assert.equal((await rawRows(url, 'deletions')).length, 0);
}

for (const engine of ENGINES) {
  describe(`deletion tombstones on ${engine}`, { skip: await engineSkip(engine) }, () => {
    it('refuses an upload that arrived before a DELETE and is written after it; stores one that arrived after', async () => {
      await withStorage(engine, async (storage, url) => {
        await refusesLateUpload(storage, storage, url);
      });
    });
    if (engine === 'sqlite') {
      it('does so through the writer thread of a book worker (the arrival crosses threads)', async () => {
        await withStorage(engine, async (storage, url) => {
          const threaded = await openStorage(url, { uploadWriterThread: true });
          try {
            await refusesLateUpload(storage, threaded, url);
          } finally {
            await threaded.close();
          }
        });
      });
    }
  });
}
