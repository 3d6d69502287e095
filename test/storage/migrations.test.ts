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
  });
}
