/**
 * App-user tombstones: one row per app user forgotten recently (DELETE /v0/users/:user_id): tenant,
 * user_id (the app's id of the user), deleted_at. As `deletions` (0005) does for a book: a POST /v0/users
 * that arrived before that DELETE and reaches the database after it finds the row (under the same
 * lock: KyselyStorage.upsertAppUsers) and stores nothing, so a forgotten app user never comes back. Its
 * own table, not `deletions`: a DELETE of a book keeps the app-user record (the person may still use the
 * app), so a book's tombstone must not refuse it. Purged with the books' tombstones (it names an id only).
 *
 * On Citus it is distributed by `user_id` beside `deletions` (citus.ts).
 */
import type { Kysely, Migration } from 'kysely';

export function appUserDeletionsMigration(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('app_user_deletions')
        .addColumn('tenant', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('app_user_deletions_pk', ['tenant', 'user_id'])
        .execute();
      await db.schema.createIndex('app_user_deletions_age').on('app_user_deletions').columns(['deleted_at']).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('app_user_deletions').ifExists().execute();
    },
  };
}
