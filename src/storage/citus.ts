/**
 * Kith on Citus (issue #13): one app spread over every node. Detected on open (the `citus` extension in
 * the database); after every migration (server start and `kith migrate`) Kith distributes its own
 * tables, idempotently (a table already distributed or reference is left as it is).
 *
 * The layout, and why:
 * - Books by user: `uploads`, `index_queue`, `suggested_seen`, `owner_keys`, `deletions` (a DELETE's
 *   tombstone; `app_user_deletions`, an app user's) are distributed by `user_id` and co-located, so an
 *   upload (its row, its queue row and its tombstone check), a book's load and its size are single-shard. Citus takes
 *   one distribution column: `user_id` alone (not a synthetic tenant + user column) keeps the schema the
 *   same on every engine; the same user id in two apps shares a shard, never a row (every key and query
 *   still has `tenant`).
 * - The key index by key: `contact_keys`, `app_users`, `invites_sent`, `invites_accepted`
 *   are distributed by `key` and co-located, so "who else knows this key" for one key is single-shard,
 *   and a book's lookup fans out to the shards of its keys (all of them, for a big book).
 * - Small tables as reference tables (a copy on every node): `apps`, `api_keys` (read on every
 *   request), `weights` (one row per app), and #14's `client_keys`, `app_origins`, `aliases`.
 * - Any other table (added by a later migration and not listed here) becomes a reference table: correct
 *   for every query shape; list it here when it grows big.
 */
import type { Database } from './schema.ts';
import { sql, type Kysely } from 'kysely';

// client_keys, app_origins: small, read by key or app on requests; aliases: a tenant's alias groups, read
// by key and joined on alias_id (a join a table distributed by key could not do without repartitioning).
export const CITUS_REFERENCE = ['apps', 'api_keys', 'weights', 'client_keys', 'app_origins', 'aliases'] as const;
export const CITUS_BY_USER = ['uploads', 'index_queue', 'suggested_seen', 'owner_keys', 'deletions', 'app_user_deletions'] as const;
export const CITUS_BY_KEY = ['contact_keys', 'app_users', 'invites_sent', 'invites_accepted'] as const;

/**
 * Shards per worker node of each distributed table group when KITH_CITUS_SHARD_COUNT is unset. Every
 * multi-shard statement (a signal lookup, an index round, the indexer's poll of its queue) costs a fixed
 * amount per shard; Citus's default of 32 shards on a cluster of a few nodes made that fixed part most of
 * the cost (measured in docs/scaling.md). Two per worker still lets a cluster grow to twice its size by
 * moving shards (citus_rebalance_start) before it needs more of them.
 */
export const CITUS_SHARDS_PER_WORKER = 2;

export interface DistributeOptions {
  /**
   * Shards per group (KITH_CITUS_SHARD_COUNT). Unset: CITUS_SHARDS_PER_WORKER per node holding shards.
   * Either way it applies when Kith distributes its tables (a new database or schema); a group already
   * distributed keeps its count (re-sharding rewrites every table of the group, and Citus cannot do it
   * for `uploads`, whose `seq` is an identity column: docs/scaling.md says how).
   */
  shardCount?: number;
}

/** The nodes that hold shards (workers; the coordinator too when it is configured to). */
async function shardNodes(db: Kysely<Database>): Promise<number> {
  const r = await sql<{ n: number }>`
    select count(*)::int as n from pg_dist_node where noderole = 'primary' and isactive and shouldhaveshards and groupid > 0`.execute(db);
  return r.rows[0]?.n ?? 0;
}

/** The shard count to create distributed tables with: the configured one, or the default for this cluster. */
export async function targetShardCount(db: Kysely<Database>, opts: DistributeOptions = {}): Promise<number> {
  if (opts.shardCount !== undefined) return opts.shardCount;
  return CITUS_SHARDS_PER_WORKER * Math.max(1, await shardNodes(db));
}

/**
 * Distributes Kith's tables of `schema` as the layout above says; tables already distributed (or
 * reference) are left alone, so it runs on every start. Servers starting at once take turns (a session
 * advisory lock). Returns the tables it changed.
 */
export async function distributeTables(db: Kysely<Database>, schema: string, opts: DistributeOptions = {}): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    const lock = sql`hashtextextended(${`kith/citus-distribute/${schema}`}, 0)`;
    await sql`select pg_advisory_lock(${lock})`.execute(conn);
    try {
      return await distributeLocked(conn, schema, opts);
    } finally {
      await sql`select pg_advisory_unlock(${lock})`.execute(conn);
    }
  });
}

async function distributeLocked(db: Kysely<Database>, schema: string, opts: DistributeOptions): Promise<string[]> {
  const tables = await sql<{ name: string; done: boolean }>`
    select c.relname as name, exists (select 1 from pg_dist_partition p where p.logicalrelid = c.oid) as done
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${schema} and c.relkind in ('r', 'p') and c.relname not like 'kysely\\_%'`.execute(db);
  const state = new Map(tables.rows.map((r) => [r.name, r.done]));
  const changed: string[] = [];
  const qualified = (t: string) => `"${schema}"."${t}"`;
  const listed = new Set<string>([...CITUS_REFERENCE, ...CITUS_BY_USER, ...CITUS_BY_KEY]);
  // Reference tables first (api_keys refers to apps); then each co-location group, its first table alone.
  const reference = [...CITUS_REFERENCE, ...[...state.keys()].filter((t) => !listed.has(t)).sort()];
  for (const t of reference) {
    if (state.get(t) !== false) continue;
    await sql`select create_reference_table(${qualified(t)})`.execute(db);
    changed.push(t);
  }
  let shardCount: number | undefined;
  for (const [group, column] of [
    [CITUS_BY_USER, 'user_id'],
    [CITUS_BY_KEY, 'key'],
  ] as const) {
    const first = group[0];
    for (const t of group) {
      if (state.get(t) !== false) continue;
      if (t === first) {
        shardCount ??= await targetShardCount(db, opts);
        await sql`select create_distributed_table(${qualified(t)}, ${column}, shard_count => ${shardCount}, colocate_with => 'none')`.execute(db);
      } else {
        await sql`select create_distributed_table(${qualified(t)}, ${column}, colocate_with => ${qualified(first)})`.execute(db);
      }
      changed.push(t);
    }
  }
  // Uploads are stored whole and compressed by the worker holding the shard; Kith's sessions ask for lz4
  // (postgres.ts: about half the CPU of pglz), but Citus does not pass that setting on to its own
  // connections to the workers. Set on the columns themselves, Citus applies it to every shard.
  const lz4 = await sql`select 1 from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)`.execute(db);
  if (lz4.rows.length > 0) {
    const todo = await sql<{ t: string; col: string }>`
      select c.relname as t, a.attname as col from pg_attribute a
      join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${schema} and a.attcompression <> 'l'
        and (c.relname, a.attname) in (('uploads', 'raw'), ('uploads', 'normalized'), ('index_queue', 'stats'))`.execute(db);
    for (const r of todo.rows) {
      await sql`alter table ${sql.raw(qualified(r.t))} alter column ${sql.ref(r.col)} set compression lz4`.execute(db);
    }
  }
  return changed;
}
