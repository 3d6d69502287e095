/**
 * PostgreSQL and Citus: an upload's big texts are compressed with lz4 where the server has it (migration
 * 0004-lz4): the columns say so (on Citus, on every shard), a stored upload's values are compressed
 * with it, and a database migrated by the version before (on Citus, distributed already) gets it. SQLite has no TOAST and no such setting, so it has no suite here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LZ4_COLUMNS } from '../../src/storage/migrations/0004-lz4.ts';
import { engineSkip, makeTestStorage } from '../helpers/engines.ts';
import { withPgClient } from '../helpers/pg-client.ts';
import { fakeUpload, manyContacts } from './fixtures.ts';

for (const engine of ['postgres', 'citus'] as const) {
  describe(`lz4 compression of the big columns on ${engine}`, { skip: await engineSkip(engine) }, () => {
    it('the columns are set to lz4 (on every shard), a stored upload is compressed with it, a database of the version before gets it on upgrade', async () => {
      const { storage, url, cleanup } = await makeTestStorage(engine);
      try {
        await withPgClient(url, async (client) => {
          const lz4 = (await client.query(`select 'lz4' = any(enumvals) as ok from pg_settings where name = 'default_toast_compression'`)).rows[0]?.ok === true;
          // Without lz4 on the server the migration leaves the columns as they were (PostgreSQL's default).
          const expected = lz4 ? 'l' : '';
          const compressionOf = async (table: string, column: string) =>
            (await client.query('select attcompression from pg_attribute where attrelid = to_regclass($1) and attname = $2', [table, column])).rows[0]
              ?.attcompression as string | undefined;
          for (const [table, columns] of Object.entries(LZ4_COLUMNS)) {
            for (const column of columns) {
              assert.equal(await compressionOf(table, column), expected, `${table}.${column}`);
              if (engine === 'citus') {
                const shards = await client.query(
                  `select result from run_command_on_shards($1, $$select attcompression from pg_attribute where attrelid = '%s'::regclass and attname = '${column}'$$)`,
                  [table],
                );
                assert.ok(shards.rows.length > 0, `${table} has shards`);
                for (const r of shards.rows) assert.equal(r.result, expected, `a shard of ${table}.${column}`);
              }
            }
          }

          // 2,000 contacts: ~200 KB of text per column, far over the TOAST threshold, so it is compressed.
          const upload = fakeUpload('u1', manyContacts(2_000, 'lz'));
          await storage.appendUpload('app_lz4:test', upload);
          const row = (await client.query(`select pg_column_compression(raw) as raw, pg_column_compression(normalized) as normalized from uploads`)).rows[0];
          assert.deepEqual(row, lz4 ? { raw: 'lz4', normalized: 'lz4' } : { raw: 'pglz', normalized: 'pglz' });
          const book = await storage.loadBook('app_lz4:test', 'u1');
          assert.equal(book?.entries.length, 2_000);
          assert.equal(book?.entries[1_999]?.name, 'Person lz 1999');

          // An existing database at the migration before (on Citus: tables already distributed, with their
          // shards) gets lz4 when the new version starts.
          for (const [table, columns] of Object.entries(LZ4_COLUMNS)) {
            await client.query(`alter table ${table} ${columns.map((c) => `alter column ${c} set compression default`).join(', ')}`);
          }
          // The migrations after it are undone too (Kysely applies them in order): 0005's table, 0006's
          // index and 0007's table go.
          await client.query(`delete from kysely_migration where name >= '0004-lz4'`);
          await client.query('drop table deletions');
          await client.query('drop index app_users_by_id');
          await client.query('drop table app_user_deletions');
          assert.equal(await compressionOf('uploads', 'raw'), '');
          await storage.migrateUp();
          assert.equal(await compressionOf('uploads', 'raw'), expected);
          if (engine === 'citus') {
            const shards = await client.query(
              `select result from run_command_on_shards('uploads', $$select attcompression from pg_attribute where attrelid = '%s'::regclass and attname = 'raw'$$)`,
            );
            for (const r of shards.rows) assert.equal(r.result, expected, 'a shard of uploads.raw after the upgrade');
          }
          assert.equal((await storage.loadBook('app_lz4:test', 'u1'))?.entries.length, 2_000);

          // Down resets the columns before the tables go; up again sets them (migrations.test.ts checks the tables).
          await storage.migrateDown();
          await storage.migrateUp();
          assert.equal(await compressionOf('uploads', 'raw'), expected);
          await storage.ping();
        });
      } finally {
        await cleanup();
      }
    });
  });
}
