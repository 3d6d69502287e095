import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TABLES } from '../../src/storage/schema.ts';
import { ENGINES, engineSkip, makeTestStorage } from '../helpers/engines.ts';
import { rawRows } from './fixtures.ts';

async function tablesPresent(url: string): Promise<string[]> {
  const present: string[] = [];
  for (const t of TABLES) {
    try {
      await rawRows(url, t);
      present.push(t);
    } catch {
      // missing table
    }
  }
  return present;
}

for (const engine of ENGINES) {
  describe(`migrations on ${engine}`, { skip: await engineSkip(engine) }, () => {
    it('up creates every table, down drops them all, up again works', async () => {
      const { storage, url, cleanup } = await makeTestStorage(engine, { migrate: false });
      try {
        assert.deepEqual(await tablesPresent(url), []);
        await storage.migrateUp();
        assert.deepEqual(await tablesPresent(url), [...TABLES]);
        await storage.migrateUp(); // already at latest: a no-op
        await storage.migrateDown();
        assert.deepEqual(await tablesPresent(url), []);
        await storage.migrateUp();
        assert.deepEqual(await tablesPresent(url), [...TABLES]);
        await storage.ping();
      } finally {
        await cleanup();
      }
    });

    it('up and down say which migrations they ran, so `kith migrate` can report it (none when there is nothing to do)', async () => {
      const { storage, cleanup } = await makeTestStorage(engine, { migrate: false });
      try {
        // A new database gets every migration, in order (`kith migrate` said "up to date" here).
        const applied = await storage.migrateUp();
        assert.ok(applied.length >= 4, applied.join(', '));
        assert.deepEqual(applied, [...applied].sort());
        assert.equal(applied[0], '0001-initial');
        assert.deepEqual(await storage.migrateUp(), [], 'already at latest: none applied');
        assert.deepEqual(await storage.migrateDown(), [...applied].reverse(), 'every one reverted, newest first');
        assert.deepEqual(await storage.migrateDown(), [], 'none left to revert');
        assert.deepEqual(await storage.migrateUp(), applied);
      } finally {
        await cleanup();
      }
    });
  });
}
