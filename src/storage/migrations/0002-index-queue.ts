/**
 * The asynchronous key index (issue #13): an upload commits its own rows plus one `index_queue` row (the
 * durable "not yet indexed" record, holding the key statistics and owner keys the upload implies), and
 * is acknowledged; a background indexer turns queue rows into `contact_keys` / `owner_keys` rows and
 * deletes them, in one transaction. A queue row exists exactly while its upload's index is not written.
 *
 * On PostgreSQL the primary key of `uploads` becomes (tenant, user_id, seq): a distributed engine that
 * spreads books by user (Citus) needs the distribution column in every unique constraint, and the old
 * (tenant, user_id, seq) index becomes that key.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { EngineProfile } from '../engine.ts';

type Engine = Pick<EngineProfile, 'uploadsCompositeKey'>;

export function indexQueueMigration(engine: Engine): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('index_queue')
        .addColumn('tenant', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        // JSON of the upload's key stats, column-wise: {"keys":[],"times":[],"lastSent":[],"lastReceived":[]}.
        .addColumn('stats', 'text', (c) => c.notNull())
        // JSON array of the upload's owner keys.
        .addColumn('owner_keys', 'text', (c) => c.notNull())
        .addColumn('enqueued_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('index_queue_pk', ['tenant', 'user_id', 'seq'])
        .execute();
      // The indexer takes the oldest work first.
      await db.schema.createIndex('index_queue_age').on('index_queue').columns(['enqueued_at']).execute();
      if (engine.uploadsCompositeKey) {
        await sql`alter table uploads drop constraint uploads_pk`.execute(db);
        await sql`alter table uploads add constraint uploads_pk primary key (tenant, user_id, seq)`.execute(db);
        await db.schema.dropIndex('uploads_user').ifExists().execute();
      }
    },

    async down(db: Kysely<any>): Promise<void> {
      // A distributed uploads table (Citus, by user_id) keeps the new key: a unique key without the
      // distribution column is not allowed there, and (tenant, user_id, seq) is unique all the same.
      if (engine.uploadsCompositeKey && !(await distributed(db, 'uploads'))) {
        await db.schema.createIndex('uploads_user').ifNotExists().on('uploads').columns(['tenant', 'user_id', 'seq']).execute();
        await sql`alter table uploads drop constraint uploads_pk`.execute(db);
        await sql`alter table uploads add constraint uploads_pk primary key (tenant, seq)`.execute(db);
      }
      await db.schema.dropTable('index_queue').ifExists().execute();
    },
  };
}

/** Whether `table` (in the current schema) is a Citus distributed table. */
async function distributed(db: Kysely<any>, table: string): Promise<boolean> {
  // Two queries: pg_dist_partition exists only where Citus is installed.
  const citus = await sql<{ n: number }>`select count(*)::int as n from pg_extension where extname = 'citus'`.execute(db);
  if ((citus.rows[0]?.n ?? 0) === 0) return false;
  const r = await sql<{ n: number }>`select count(*)::int as n from pg_dist_partition where logicalrelid = to_regclass(${table})`.execute(db);
  return (r.rows[0]?.n ?? 0) > 0;
}
