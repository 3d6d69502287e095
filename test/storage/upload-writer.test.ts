/**
 * SQLite uploads written by a writer thread (what book workers use): the same rows as written in-thread,
 * concurrent writers of one file all land, a failure is a StorageError, and close waits for writes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openStorage, StorageError } from '../../src/storage/index.ts';
import { fakeUpload, pendingKeys, rawRows } from './fixtures.ts';

const T = 'app_writer:live' as never;

describe('SQLite upload writer thread', () => {
  it('stores what the calling thread would, alongside in-thread writers of the same file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-writer-'));
    const url = `sqlite:${join(dir, 'kith.db')}`;
    const plain = await openStorage(url);
    await plain.migrateUp();
    const threaded = await openStorage(url, { uploadWriterThread: true });
    try {
      const a = fakeUpload('u', [{ name: 'Ann', emails: ['ann@example.com'], phones: ['+14155550100'], times: 3 }], { createdAt: 1 });
      const seqA = await threaded.appendUpload(T, a);
      assert.equal(typeof seqA, 'number');
      const book = await plain.loadBook(T, 'u');
      assert.deepEqual(book?.entries, a.normalized);
      const writes: Promise<number>[] = [];
      for (let i = 0; i < 15; i++) {
        writes.push(threaded.appendUpload(T, fakeUpload('v', [{ name: `T${i}`, emails: [`t${i}@example.com`] }])));
        writes.push(plain.appendUpload(T, fakeUpload('v', [{ name: `P${i}`, emails: [`p${i}@example.com`] }])));
      }
      const seqs = await Promise.all(writes);
      assert.equal(new Set(seqs).size, 30);
      assert.equal((await plain.loadBook(T, 'v'))?.entries.length, 30);
      // The key index is written too, once the indexer has run: the signals see the threaded upload's keys.
      await plain.flushIndex();
      const sig = await plain.loadSignals(T, 'someone', pendingKeys(['e:ann@example.com']), []);
      assert.equal(sig.knownBy.get('e:ann@example.com'), 1);
      // The request body handed over as UTF-8 bytes (big, so moved to the thread, not copied) is stored
      // as the very text received, and the cleaned entries (big too) read back whole.
      const many = Array.from({ length: 2_000 }, (_, i) => ({ name: `Zoë ${i}`, emails: [`z${i}@example.com`] }));
      const big = fakeUpload('big', many);
      const bodyText = JSON.stringify({ user_id: 'big', source: { type: 'ios' }, entries: many, extra: 'kept as sent ✓' });
      big.rawJson = Buffer.from(bodyText, 'utf8');
      await threaded.appendUpload(T, big);
      const row = (await rawRows(url, 'uploads')).find((r) => r.user_id === 'big');
      assert.equal(row?.raw, bodyText);
      assert.deepEqual((await plain.loadBook(T, 'big'))?.entries, big.normalized);
      // close() waits for writes in flight: all of them are stored.
      const last = [1, 2, 3].map((i) => threaded.appendUpload(T, fakeUpload('w', [{ name: `W${i}`, emails: [`w${i}@example.com`] }])));
      await threaded.close();
      await Promise.all(last);
      assert.equal((await plain.loadBook(T, 'w'))?.entries.length, 3);
    } finally {
      await threaded.close();
      await plain.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a failed write as a StorageError that shows no SQL, and stores nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-writer-'));
    const threaded = await openStorage(`sqlite:${join(dir, 'kith.db')}`, { uploadWriterThread: true });
    try {
      // Not migrated: no uploads table.
      await assert.rejects(threaded.appendUpload(T, fakeUpload('u', [{ name: 'X', emails: ['x@example.com'] }])), (e: unknown) => {
        assert.ok(e instanceof StorageError);
        // The operation and the driver's code only (SQLITE_ERROR: no such table), never the SQL.
        assert.equal(e.message, 'appendUpload: database error (SQLITE_ERROR)');
        return true;
      });
    } finally {
      await threaded.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
