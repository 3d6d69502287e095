import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { type Kysely, Migrator, sql } from 'kysely';
import { migrationProvider } from '../../src/storage/migrations/index.ts';
import { openSqlite } from '../../src/storage/sqlite.ts';
import { openStorage } from '../../src/storage/index.ts';
import { TABLES } from '../../src/storage/schema.ts';
import { ENGINES, engineSkip, makeTestStorage } from '../helpers/engines.ts';
import BetterSqlite3 from 'better-sqlite3';
import { withPgClient } from '../helpers/pg-client.ts';
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

    it('a database migrated by a newer Kith is refused, saying so and naming the migration', async () => {
      const { storage, url, cleanup } = await makeTestStorage(engine);
      try {
        const add = "insert into kysely_migration (name, timestamp) values ('0999-from-the-future', '2030-01-01T00:00:00.000Z')";
        if (url.startsWith('sqlite:')) {
          const db = new BetterSqlite3(url.slice('sqlite:'.length));
          db.exec(add);
          db.close();
        } else await withPgClient(url, (client) => client.query(add));
        await assert.rejects(storage.migrateUp(), (e: Error) => {
          assert.match(e.message, /^migrateUp: this database was migrated by a newer version of Kith \(its migration 0999-from-the-future is unknown/);
          return true;
        });
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

describe('migrations on sqlite, stopped half-way', () => {
  it('a database already migrated takes no write lock: a start or a CLI command beside a long writer goes on', async () => {
    const { storage, url, cleanup } = await makeTestStorage('sqlite');
    const writer = new BetterSqlite3(url.slice('sqlite:'.length));
    try {
      writer.exec('begin immediate');
      // (It failed `database busy` once the busy timeout ran out, behind the writer.)
      assert.deepEqual(await storage.migrateUp(), []);
    } finally {
      writer.exec('rollback');
      writer.close();
      await cleanup();
    }
  });

  it('pending migrations run in one transaction: one that fails after its first statement leaves nothing, and the next start migrates', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kith-mig-'));
    const path = join(dir, 'kith.db');
    try {
      const profile = openSqlite(path);
      const real = await migrationProvider(profile).getMigrations();
      // A migration stopped between two statements (a killed process: an upgrade probe left
      // `client_keys` created and its migration unrecorded, and every start after failed).
      const provider = {
        getMigrations: async () => ({
          ...real,
          '0999-stopped': {
            up: async (db: Kysely<unknown>) => {
              await db.schema.createTable('half_done').addColumn('x', 'integer').execute();
              throw new Error('stopped here');
            },
          },
        }),
      };
      const r = await new Migrator({ db: profile.db as Kysely<unknown>, provider }).migrateToLatest();
      assert.equal((r.error as Error | undefined)?.message, 'stopped here');
      const tables = (
        await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'kysely_%'`.execute(profile.db)
      ).rows.map((t) => t.name);
      assert.deepEqual(tables, [], 'nothing of any pending migration is left');
      const recorded = (await sql<{ name: string }>`select name from kysely_migration`.execute(profile.db)).rows;
      assert.deepEqual(recorded, [], 'and none is recorded');
      await profile.close();
      // The next start migrates as on a new database.
      const storage = await openStorage(`sqlite:${path}`);
      try {
        assert.ok((await storage.migrateUp()).includes('0001-initial'));
        await storage.ping();
      } finally {
        await storage.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
