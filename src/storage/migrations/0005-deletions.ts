/**
 * Deletion tombstones: one row per user whose book was deleted recently (tenant, user_id, deleted_at).
 * A DELETE writes it in its own transaction, under the user's lock; an upload that arrived before that
 * DELETE and reaches the database after it finds it (under the same lock) and stores nothing, so what a
 * DELETE removed never comes back. Rows are purged once older than any upload may still be waiting
 * (KyselyStorage.purgeTombstones): it names the user id (nothing else of the user: no contact, no
 * address), and only while an upload could still lose to it (docs/data-retention.md).
 *
 * On Citus it is distributed by `user_id`, co-located with `uploads` (citus.ts): the check reads the shard
 * the upload is written to, so a user's upload needs no other worker. (A hash of the id in its place was
 * tried: its row then lies on another shard, and half of the uploads needed a second worker up; a review.)
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
