/**
 * SQLite's WAL checkpoints run on a background thread (src/storage/checkpointer.mjs) while a server runs,
 * not inside the commits of requests: the data reaches the database file without any connection
 * crossing its own (high) auto-checkpoint threshold, and stopping it ends the thread.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openStorage } from '../../src/storage/index.ts';
import { fakeUpload } from './fixtures.ts';

const size = (p: string) => {
  try {
    return statSync(p).size;
  } catch {
    return 0;
  }
};

describe('SQLite background checkpointer', () => {
  it('copies committed pages into the database file off the request path, and stops cleanly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-ckpt-'));
    const file = join(dir, 'kith.db');
    const storage = await openStorage(`sqlite:${file}`);
    try {
      await storage.migrateUp();
      const stop = await storage.startMaintenance();
      const before = size(file);
      // Big enough that the upload alone (its key index follows it, issue #13) is well over 1 MB of WAL.
      const contacts = Array.from({ length: 8_000 }, (_, i) => ({
        name: `Person ${i}`,
        emails: [`p${i}@example.com`],
        phones: [`+4930${String(i).padStart(8, '0')}`],
      }));
      await storage.appendUpload('t' as never, fakeUpload('u', contacts));
      // The commit wrote to the WAL only (far below the connection's own threshold of 16,384 pages).
      assert.ok(size(file + '-wal') > 1_000_000, 'the upload is in the WAL');
      const deadline = Date.now() + 10_000;
      while (size(file) <= before + 1_000_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.ok(size(file) > before + 1_000_000, `database file grew from ${before} to ${size(file)} bytes: checkpointed in the background`);
      await stop();
      await stop(); // idempotent
      assert.equal((await storage.loadBook('t' as never, 'u'))?.entries.length, 8_000);
    } finally {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has nothing to run for an in-memory database', async () => {
    const storage = await openStorage('sqlite::memory:');
    try {
      const stop = await storage.startMaintenance();
      await stop();
    } finally {
      await storage.close();
    }
  });
});
