/**
 * App users by id: `DELETE /v0/users/:user_id` forgets every row of one app user, found by its id. The
 * table's key is (tenant, key), so without this index the delete read every app user of the app (a
 * review: 262 ms for an app of a million users on SQLite, on the event loop, holding the write lock).
 * On Citus the index is created on every shard of the distributed table.
 */
import type { Kysely, Migration } from 'kysely';

export function appUsersByIdMigration(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.createIndex('app_users_by_id').on('app_users').columns(['tenant', 'app_user_id']).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropIndex('app_users_by_id').ifExists().execute();
    },
  };
}
