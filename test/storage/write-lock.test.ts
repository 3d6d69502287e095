/**
 * The process-wide SQLite write lock (src/storage/write-lock.ts): writers of one file queue on it instead
 * of colliding in SQLite's busy handler, a dead holder's lock is released, and giving up never releases
 * somebody else's lock.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { openStorage } from '../../src/storage/index.ts';
import {
  acquireWriteLock,
  adoptWriteLocks,
  exportWriteLocks,
  releaseLocksOf,
  releaseWriteLock,
  writeLockFor,
  yieldWriteLock,
} from '../../src/storage/write-lock.ts';
import { fakeUpload } from './fixtures.ts';

describe('SQLite write lock', () => {
  it('is one lock per database file, handed to workers as shared memory', async () => {
    const a = writeLockFor('/tmp/kith-lock-test-a.db');
    assert.equal(writeLockFor('/tmp/kith-lock-test-a.db'), a);
    assert.notEqual(writeLockFor('/tmp/kith-lock-test-b.db'), a);
    const exported = exportWriteLocks().find(([p]) => p === '/tmp/kith-lock-test-a.db');
    assert.ok(exported && exported[1].buffer instanceof SharedArrayBuffer);
    // A worker that takes the lock is seen holding it here (the memory is shared, not copied).
    const worker = new Worker(
      `const { workerData, parentPort, threadId } = require('node:worker_threads');
       Atomics.store(workerData.lock, 0, threadId + 1);
       parentPort.postMessage('held');`,
      { eval: true, workerData: { lock: a } },
    );
    const id = worker.threadId; // -1 once it has exited: the pool keeps it from the start, as here
    // Both listened for at once: under load the worker's 'exit' can be emitted in the same turn as its
    // message, before an await on the message returns (a test run on Node 26 hung there).
    const exited = new Promise((r) => worker.once('exit', r));
    await new Promise((r) => worker.once('message', r));
    assert.equal(Atomics.load(a, 0), id + 1);
    await exited;
    // The worker died holding it: what the pool does on a worker's exit frees it.
    releaseLocksOf(id);
    assert.equal(Atomics.load(a, 0), 0);
    assert.equal(await acquireWriteLock(a), true);
    releaseWriteLock(a);
    adoptWriteLocks([]); // adopting nothing changes nothing
    assert.equal(writeLockFor('/tmp/kith-lock-test-a.db'), a);
  });

  it('wakes a waiter as soon as the holder releases, and never releases a lock it does not hold', async () => {
    const lock = writeLockFor('/tmp/kith-lock-test-c.db');
    Atomics.store(lock, 0, 999_999); // held by another thread
    let got: boolean | null = null;
    const waiting = acquireWriteLock(lock).then((v) => (got = v));
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(got, null, 'must wait while another thread holds the lock');
    releaseWriteLock(lock); // not ours: a no-op
    assert.equal(Atomics.load(lock, 0), 999_999);
    releaseLocksOf(999_998); // the holder is 999_998 (threadId + 1): its lock is freed, waiter woken
    await waiting;
    assert.equal(got, true);
    releaseWriteLock(lock);
    assert.equal(Atomics.load(lock, 0), 0);
  });

  it('yields: a writer taking the lock again lets a waiting writer go first, and does not wait when none waits', async () => {
    const lock = writeLockFor('/tmp/kith-lock-test-d.db');
    assert.equal(await acquireWriteLock(lock), true); // the indexer's chunk
    const order: string[] = [];
    const upload = acquireWriteLock(lock).then(() => order.push('upload'));
    await new Promise((r) => setTimeout(r, 5));
    assert.equal(Atomics.load(lock, 1), 1, 'one waiter counted');
    releaseWriteLock(lock); // the chunk commits
    // The next chunk yields first, then takes the lock: the waiting upload has it by then.
    await yieldWriteLock(lock);
    const next = acquireWriteLock(lock).then(() => order.push('next chunk'));
    await upload;
    assert.deepEqual(order, ['upload']);
    releaseWriteLock(lock); // the upload commits
    await next;
    assert.deepEqual(order, ['upload', 'next chunk']);
    releaseWriteLock(lock);
    assert.equal(Atomics.load(lock, 0), 0);
    assert.equal(Atomics.load(lock, 1), 0, 'no waiter left counted');
    // Nobody waiting: a yield returns at once (the same turn of the event loop's timers is not needed).
    let yielded = false;
    const y = yieldWriteLock(lock).then(() => (yielded = true));
    await Promise.resolve();
    await Promise.resolve();
    assert.equal(yielded, true);
    await y;
  });

  it('lets two connections of one thread write one file concurrently: every upload stored, none lost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-lock-'));
    const url = `sqlite:${join(dir, 'kith.db')}`;
    const a = await openStorage(url);
    const b = await openStorage(url);
    try {
      await a.migrateUp();
      const t = 'tenant-lock' as never;
      const writes = [];
      for (let i = 0; i < 20; i++) {
        writes.push(a.appendUpload(t, fakeUpload('u', [{ name: `A${i}`, emails: [`a${i}@example.com`] }])));
        writes.push(b.appendUpload(t, fakeUpload('u', [{ name: `B${i}`, emails: [`b${i}@example.com`] }])));
      }
      const seqs = await Promise.all(writes);
      assert.equal(new Set(seqs).size, 40);
      const book = await a.loadBook(t, 'u');
      assert.equal(book?.entries.length, 40);
      assert.equal(book?.uploadCount, 40);
    } finally {
      await a.close();
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
