/**
 * Deletion tombstones: one row per user whose book was deleted recently (tenant, user_id, deleted_at).
 * A DELETE writes it in its own transaction, under the user's lock; an upload that arrived before that
 * DELETE and reaches the database after it finds it (under the same lock) and stores nothing, so what a
 * DELETE removed never comes back. Rows are purged once older than any upload may still be waiting
 * (KyselyStorage.purgeTombstones). Its `user_id` is the SHA-256 of the user id (tombstoneUser), never the id:
 * after a DELETE no row of any table names the user.
 *
 * On Citus it is distributed by `user_id` in `uploads`' co-location group (citus.ts); as it holds the
 * id's hash, the check reads one shard, not always the upload's own.
 */
import type { Kysely, Migration } from 'kysely';

export function deletionsMigration(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('deletions')
        .addColumn('tenant', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('deletions_pk', ['tenant', 'user_id'])
        .execute();
      // The purge of old tombstones.
      await db.schema.createIndex('deletions_age').on('deletions').columns(['deleted_at']).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('deletions').ifExists().execute();
    },
  };
}
