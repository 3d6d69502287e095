/**
 * Issue #14: client keys (per-user keys a browser or phone may hold), e-mail aliases (addresses an app
 * says are one person), and the browser origins each app allows for client-key requests.
 */
import type { Kysely, Migration } from 'kysely';

export function clientKeysMigration(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      // Stored like API keys: the sha256 of the key only. `user_id` is the app's id of the user the key
      // acts for; expired rows are pruned when new keys are minted.
      await db.schema
        .createTable('client_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('env', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('client_keys_user').on('client_keys').columns(['app_id', 'env', 'user_id']).execute();
      await db.schema.createIndex('client_keys_expiry').on('client_keys').columns(['expires_at']).execute();

      // One row per (alias group, e-mail key). Groups are kept disjoint and closed: posting a group that
      // shares an address with stored ones folds them all into one group (see KyselyStorage.addAlias).
      await db.schema
        .createTable('aliases')
        .addColumn('tenant', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('alias_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('aliases_pk', ['tenant', 'key'])
        .execute();
      await db.schema.createIndex('aliases_group').on('aliases').columns(['tenant', 'alias_id']).execute();

      await db.schema
        .createTable('app_origins')
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('origin', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('app_origins_pk', ['app_id', 'origin'])
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of ['app_origins', 'aliases', 'client_keys']) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
