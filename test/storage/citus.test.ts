/**
 * Kith on a real Citus cluster (../shared/citus/cluster.sh start): detected on open, its tables
 * distributed by migrateUp, idempotently, and one app's rows of every distributed table spread over
 * both workers (one app is no longer pinned to one node). Skipped (counted) when no cluster is reachable.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { CITUS_BY_KEY, CITUS_BY_USER, CITUS_REFERENCE } from '../../src/storage/citus.ts';
import { engineSkip, withStorage } from '../helpers/engines.ts';
import { fakeUpload, manyContacts } from './fixtures.ts';

const T = 'app_citus:live';

async function withClient<R>(url: string, fn: (c: pg.Client, schema: string) => Promise<R>): Promise<R> {
  const u = new URL(url);
  const schema = u.searchParams.get('schema')!;
  u.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    return await fn(client, schema);
  } finally {
    await client.end();
  }
}

describe('Kith on Citus', { skip: await engineSkip('citus') }, () => {
  it('is detected, distributes its tables idempotently, and spreads one app over both workers', () =>
    withStorage('citus', async (s, url) => {
      assert.equal(s.engine, 'citus');
      // One app: 24 users, overlapping books, invites, app users, suggestions seen.
      for (let u = 0; u < 24; u++) {
        await s.appendUpload(T, fakeUpload(`user${u}`, manyContacts(20, `circle${u % 4}`), { ownerEmail: `user${u}@home.com` }));
        await s.recordInvitesSent(T, [{ userId: `user${u}`, keys: [`e:p${u}.circle${u % 4}@example.com`], inviteeName: null, sentAt: u }]);
        await s.recordInvitesAccepted(T, [
          { keys: [`e:p${u}.circle${u % 4}@example.com`], userId: `user${u}`, newUserId: `new${u}`, name: null, acceptedAt: u },
        ]);
        await s.recordSuggestedSeen(T, [{ userId: `user${u}`, keys: [`e:p${u}.circle0@example.com`], seenAt: u }]);
      }
      await s.upsertAppUsers(
        T,
        Array.from({ length: 24 }, (_, u) => ({ appUserId: `user${u}`, name: null, keys: [`e:user${u}@home.com`] })),
      );
      await s.saveWeights(T, { weights: { a: 1 }, samples: 1, trainedAt: 1 });
      // Before the indexer runs, the durable "not yet indexed" records lie by user, on both workers too.
      const queueNodes = await withClient(url, async (c, schema) =>
        (
          await c.query<{ port: number }>(
            `select distinct p.nodeport as port from (select get_shard_id_for_distribution_column($1, user_id) as sid from "${schema}".index_queue) x
             join pg_dist_shard_placement p on p.shardid = x.sid order by 1`,
            [`"${schema}".index_queue`],
          )
        ).rows.map((r) => r.port),
      );
      assert.equal(queueNodes.length, 2, 'index_queue rows on both workers');
      await s.flushIndex();
      // A second migrateUp (every server start, `kith migrate`) changes nothing.
      await s.migrateUp();

      await withClient(url, async (c, schema) => {
        const layout = await c.query<{ t: string; method: string; col: string | null }>(
          `select c.relname as t, p.partmethod as method, column_to_column_name(p.logicalrelid, p.partkey) as col
           from pg_dist_partition p join pg_class c on c.oid = p.logicalrelid join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = $1`,
          [schema],
        );
        const byTable = new Map(layout.rows.map((r) => [r.t, r]));
        for (const t of CITUS_REFERENCE) assert.equal(byTable.get(t)?.method, 'n', `${t} is a reference table`);
        for (const t of CITUS_BY_USER) assert.deepEqual([byTable.get(t)?.method, byTable.get(t)?.col], ['h', 'user_id'], `${t} by user_id`);
        for (const t of CITUS_BY_KEY) assert.deepEqual([byTable.get(t)?.method, byTable.get(t)?.col], ['h', 'key'], `${t} by key`);

        const workers = (
          await c.query<{ port: number }>("select nodeport as port from pg_dist_node where noderole = 'primary' and groupid > 0 order by 1")
        ).rows.map((r) => r.port);
        assert.equal(workers.length, 2, 'a cluster of two workers');
        for (const [table, col] of [...CITUS_BY_USER.map((t) => [t, 'user_id'] as const), ...CITUS_BY_KEY.map((t) => [t, 'key'] as const)]) {
          const q = await c.query<{ port: number; n: number }>(
            `select p.nodeport as port, count(*)::int as n
             from (select get_shard_id_for_distribution_column($1, ${col}) as sid from "${schema}"."${table}" where tenant = $2) x
             join pg_dist_shard_placement p on p.shardid = x.sid group by 1 order by 1`,
            [`"${schema}"."${table}"`, T],
          );
          if (table === 'index_queue') continue; // empty once indexed: checked before the flush
          assert.deepEqual(
            q.rows.map((r) => r.port),
            workers,
            `${table}: the app's rows lie on both workers (${JSON.stringify(q.rows)})`,
          );
        }
      });
    }));
});
