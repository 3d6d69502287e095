/**
 * The initial schema. Every data table's first key column is `tenant` (the distribution key on
 * Citus / YugabyteDB), and every index starts with it, because every query filters by it.
 */
import type { Kysely, Migration } from 'kysely';
import type { EngineProfile } from '../engine.ts';

type Engine = Pick<EngineProfile, 'uploadSeq' | 'uploadsCompositeKey'>;

export function initialMigration(engine: Engine): Migration {
  return {
    // Migrations get an untyped handle: they describe the schema the typed one relies on.
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('apps')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('app_id', 'text', (c) => c.notNull().references('apps.id').onDelete('cascade'))
        .addColumn('env', 'text', (c) => c.notNull())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('api_keys_app').on('api_keys').columns(['app_id']).execute();
      await db.schema.createIndex('api_keys_prefix').on('api_keys').columns(['prefix']).execute();

      let uploads = db.schema
        .createTable('uploads')
        .addColumn('tenant', 'text', (c) => c.notNull())
        .addColumn('seq', engine.uploadsCompositeKey ? 'bigint' : 'integer', (c) => engine.uploadSeq(c))
        .addColumn('batch_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('source_key', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('raw', 'text', (c) => c.notNull())
        .addColumn('normalized', 'text', (c) => c.notNull())
        .addColumn('entry_count', 'integer', (c) => c.notNull())
        .addColumn('owner_keys', 'text', (c) => c.notNull());
      if (engine.uploadsCompositeKey) uploads = uploads.addPrimaryKeyConstraint('uploads_pk', ['tenant', 'seq']);
      await uploads.execute();
      await db.schema.createIndex('uploads_user').on('uploads').columns(['tenant', 'user_id', 'seq']).execute();

      await db.schema
        .createTable('contact_keys')
        .addColumn('tenant', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('times', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_sent', 'bigint')
        .addColumn('last_received', 'bigint')
        .addPrimaryKeyConstraint('contact_keys_pk', ['tenant', 'key', 'user_id'])
        .execute();
      await db.schema.createIndex('contact_keys_user').on('contact_keys').columns(['tenant', 'user_id', 'key']).execute();

      await db.schema
        .createTable('owner_keys')
        .addColumn('tenant', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('owner_keys_pk', ['tenant', 'key', 'user_id'])
        .execute();
      await db.schema.createIndex('owner_keys_user').on('owner_keys').columns(['tenant', 'user_id']).execute();

      await db.schema
        .createTable('app_users')
        .addColumn('tenant', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('app_user_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addPrimaryKeyConstraint('app_users_pk', ['tenant', 'key'])
        .execute();

      await db.schema
        .createTable('invites_sent')
        .addColumn('tenant', 'text', (c) => c.notNull())
        .addColumn('invite_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('invitee_name', 'text')
        .addColumn('sent_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('invites_sent_pk', ['tenant', 'invite_id', 'key'])
        .execute();
      await db.schema.createIndex('invites_sent_user').on('invites_sent').columns(['tenant', 'user_id', 'key']).execute();
      await db.schema.createIndex('invites_sent_time').on('invites_sent').columns(['tenant', 'sent_at']).execute();

      await db.schema
        .createTable('invites_accepted')
        .addColumn('tenant', 'text', (c) => c.notNull())
        .addColumn('accept_id', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('new_user_id', 'text')
        .addColumn('name', 'text')
        .addColumn('accepted_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('invites_accepted_pk', ['tenant', 'accept_id', 'key'])
        .execute();
      await db.schema.createIndex('invites_accepted_key').on('invites_accepted').columns(['tenant', 'key']).execute();
      await db.schema.createIndex('invites_accepted_user').on('invites_accepted').columns(['tenant', 'user_id']).execute();
      await db.schema.createIndex('invites_accepted_new_user').on('invites_accepted').columns(['tenant', 'new_user_id']).execute();

      await db.schema
        .createTable('suggested_seen')
        .addColumn('tenant', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('suggested_seen_user').on('suggested_seen').columns(['tenant', 'user_id', 'key']).execute();

      await db.schema
        .createTable('weights')
        .addColumn('tenant', 'text', (c) => c.primaryKey())
        .addColumn('weights', 'text', (c) => c.notNull())
        .addColumn('samples', 'integer', (c) => c.notNull())
        .addColumn('trained_at', 'bigint', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<any>): Promise<void> {
      // Reverse creation order (api_keys references apps). Indexes go with their tables.
      for (const table of [
        'weights',
        'suggested_seen',
        'invites_accepted',
        'invites_sent',
        'app_users',
        'owner_keys',
        'contact_keys',
        'uploads',
        'api_keys',
        'apps',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
