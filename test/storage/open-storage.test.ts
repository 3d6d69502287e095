import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openStorage } from '../../src/storage/index.ts';
import { PG_TEST_URL, engineSkip } from '../helpers/engines.ts';

const pgSkip = await engineSkip('postgres');

describe('openStorage', () => {
  it('refuses unknown URLs naming DATABASE_URL', async () => {
    for (const url of ['mysql://localhost/x', 'file.db', 'postgres://[bad']) {
      await assert.rejects(openStorage(url), /DATABASE_URL/);
    }
  });

  it('opens sqlite::memory:', async () => {
    const s = await openStorage('sqlite::memory:');
    try {
      assert.equal(s.engine, 'sqlite');
      await s.migrateUp();
      await s.ping();
    } finally {
      await s.close();
    }
  });

  it('opens a relative sqlite: path and creates its folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-open-'));
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const s = await openStorage('sqlite:nested/kith.db');
      await s.migrateUp();
      await s.close();
      assert.ok(existsSync(join(dir, 'nested', 'kith.db')));
      // Unset / empty: ./data/kith.db.
      const d = await openStorage('');
      await d.close();
      assert.ok(existsSync(join(dir, 'data', 'kith.db')));
    } finally {
      process.chdir(cwd);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a schema parameter that is not a plain identifier', { skip: pgSkip }, async () => {
    const u = new URL(PG_TEST_URL);
    u.searchParams.set('schema', 'x"; drop table y; --');
    await assert.rejects(openStorage(u.toString()), /DATABASE_URL/);
  });
});
