/**
 * Kith on a real Citus cluster (../shared/citus/cluster.sh start): detected on open, its tables
 * distributed by migrateUp, idempotently, and one app's rows of every distributed table spread over
 * both workers (one app is no longer pinned to one node). Skipped (counted) when no cluster is reachable.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CITUS_BY_KEY, CITUS_BY_USER, CITUS_REFERENCE, CITUS_SHARDS_PER_WORKER } from '../../src/storage/citus.ts';
import { hashText, ShardIntervals } from '../../src/storage/citus-hash.ts';
import { openStorage } from '../../src/storage/index.ts';
import { indexKeysOf } from '../../src/domain/normalize.ts';
import { CITUS_TEST_URL, engineSkip, freshPgSchema, withStorage } from '../helpers/engines.ts';
import { withPgClient } from '../helpers/pg-client.ts';
import { fakeUpload, manyContacts, storedKeys } from './fixtures.ts';

const T = 'app_citus:live';

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
        // A DELETE's tombstone (deletions), of users of whom nothing else is held; an app user's (app_user_deletions).
        await s.deleteBook(T, `gone${u}`);
        await s.deleteAppUser(T, `gone${u}`);
      }
      await s.upsertAppUsers(
        T,
        Array.from({ length: 24 }, (_, u) => ({ appUserId: `user${u}`, name: null, keys: [`e:user${u}@home.com`] })),
      );
      await s.saveWeights(T, { weights: { a: 1 }, samples: 1, trainedAt: 1 });
      // Before the indexer runs, the durable "not yet indexed" records lie by user, on both workers too.
      const queueNodes = await withPgClient(url, async (c, schema) =>
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

      await withPgClient(url, async (c, schema) => {
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
        // Each group co-located (one colocation id): an upload's tombstone check reads the shard it writes.
        const colocation = await c.query<{ t: string; id: number }>(
          `select c.relname as t, p.colocationid as id from pg_dist_partition p join pg_class c on c.oid = p.logicalrelid
           join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1`,
          [schema],
        );
        const groupOf = new Map(colocation.rows.map((r) => [r.t, r.id]));
        for (const t of CITUS_BY_USER) assert.equal(groupOf.get(t), groupOf.get('uploads'), `${t} co-located with uploads`);
        for (const t of CITUS_BY_KEY) assert.equal(groupOf.get(t), groupOf.get('contact_keys'), `${t} co-located with contact_keys`);

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

  it('computes the shard of a key as Citus does (hashText and the shard intervals)', () =>
    withStorage('citus', async (_s, url) =>
      withPgClient(url, async (c, schema) => {
        const keys = ['', 'a', 'e:zoë.müller@example.com', 'p:+14155550123'];
        for (let i = 0; i < 3000; i++) {
          let k = i % 2 === 0 ? `e:person.${i}@example.com` : `p:+4930${String(i * 7919).padStart(8, '0')}`;
          if (i % 5 === 0) k += 'é中🙂'.repeat(i % 4);
          keys.push(k.slice(0, (i % 60) + 1));
        }
        const table = `"${schema}"."contact_keys"`;
        const rows = await c.query<{ h: number; sid: string }>(
          'select worker_hash(k) as h, get_shard_id_for_distribution_column($2, k)::text as sid from unnest($1::text[]) with ordinality u(k, i) order by i',
          [keys, table],
        );
        const shards = await c.query<{ sid: string; min: number }>(
          'select shardid::text as sid, shardminvalue::int as min from pg_dist_shard where logicalrelid = $1::regclass order by 2',
          [table],
        );
        const intervals = new ShardIntervals(shards.rows.map((r) => r.min));
        keys.forEach((k, i) => {
          assert.equal(hashText(k), rows.rows[i]!.h, `hash of ${JSON.stringify(k)}`);
          assert.equal(shards.rows[intervals.shardOf(k)]!.sid, rows.rows[i]!.sid, `shard of ${JSON.stringify(k)}`);
        });
      }),
    ));

  it('makes 2 shards per worker by default, or KITH_CITUS_SHARD_COUNT; tables already distributed keep theirs', () =>
    withStorage('citus', async (s, url) => {
      const shardCounts = (u: string) =>
        withPgClient(u, async (c, schema) => {
          const r = await c.query<{ t: string; n: number; colocation: number }>(
            `select c.relname as t, (select count(*)::int from pg_dist_shard s where s.logicalrelid = p.logicalrelid) as n, p.colocationid as colocation
             from pg_dist_partition p join pg_class c on c.oid = p.logicalrelid join pg_namespace ns on ns.oid = c.relnamespace
             where ns.nspname = $1 and p.partmethod = 'h'`,
            [schema],
          );
          return new Map(r.rows.map((x) => [x.t, x]));
        });
      const workers = await withPgClient(url, async (c) =>
        Number(
          (
            await c.query<{ n: number }>(
              "select count(*)::int as n from pg_dist_node where noderole = 'primary' and isactive and shouldhaveshards and groupid > 0",
            )
          ).rows[0]!.n,
        ),
      );
      const before = await shardCounts(url);
      for (const t of [...CITUS_BY_USER, ...CITUS_BY_KEY]) assert.equal(before.get(t)?.n, CITUS_SHARDS_PER_WORKER * workers, `${t}: default shard count`);

      // A server configured with another count on the same schema changes nothing, on every start.
      const other = await openStorage(url, { citusShardCount: 3 });
      try {
        await other.migrateUp();
        await other.migrateUp();
      } finally {
        await other.close();
      }
      assert.deepEqual(await shardCounts(url), before);

      // A new schema gets the count configured, for both groups, each still co-located.
      const fresh = freshPgSchema(CITUS_TEST_URL, 'kith_t');
      const third = await openStorage(fresh.url, { citusShardCount: 3 });
      try {
        await third.migrateUp();
        const counts = await shardCounts(fresh.url);
        for (const group of [CITUS_BY_USER, CITUS_BY_KEY]) {
          for (const t of group) assert.equal(counts.get(t)?.n, 3, `${t}: KITH_CITUS_SHARD_COUNT`);
          assert.equal(new Set(group.map((t) => counts.get(t)?.colocation)).size, 1, `${group.join(', ')}: co-located`);
        }
      } finally {
        await third.close();
        await fresh.drop();
      }

      // Signals stay right when the key tables are re-sharded under a running server (an operator's
      // alter_distributed_table): its cached shard intervals are stale, which may cost speed, never answers.
      for (let u = 0; u < 6; u++) await s.appendUpload(T, fakeUpload(`user${u}`, manyContacts(40, 'shared'), { ownerEmail: `user${u}@home.com` }));
      // user0 and user3 hold each other: the reciprocal signal.
      await s.appendUpload(T, fakeUpload('user3', [{ name: 'Zero', emails: ['user0@home.com'], times: 9 }], { ownerEmail: 'user3@home.com' }));
      await s.appendUpload(T, fakeUpload('user0', [{ name: 'Three', emails: ['user3@home.com'] }], { ownerEmail: 'user0@home.com' }));
      await s.recordInvitesSent(T, [{ userId: 'user0', keys: ['e:p1.shared@example.com', 'n:0301234567'], inviteeName: null, sentAt: 5 }]);
      await s.upsertAppUsers(T, [{ appUserId: 'a1', name: null, keys: ['e:p2.shared@example.com'] }]);
      await s.recordInvitesAccepted(T, [{ keys: ['e:p4.shared@example.com'], userId: 'user1', newUserId: 'n1', name: null, acceptedAt: 6 }]);
      await s.flushIndex();
      const book = (await s.loadBook(T, 'user0'))!;
      const keys = storedKeys(indexKeysOf(book.entries));
      const signals = await s.loadSignals(T, 'user0', keys, book.ownerKeys);
      assert.equal(signals.knownBy.get('e:p3.shared@example.com'), 5);
      assert.deepEqual([...signals.invitedKeys.keys()].sort(), ['e:p1.shared@example.com', 'n:0301234567']);
      assert.deepEqual([...signals.appUserKeys], ['e:p2.shared@example.com']);
      assert.deepEqual([...signals.acceptedKeys], ['e:p4.shared@example.com']);
      assert.equal(signals.reciprocal.get('e:user3@home.com')?.times, 9, 'user3 holds user0 in its book');
      await withPgClient(url, (c, schema) =>
        c.query('select alter_distributed_table($1, shard_count => 6, cascade_to_colocated => true)', [`"${schema}"."contact_keys"`]),
      );
      assert.deepEqual(await s.loadSignals(T, 'user0', keys, book.ownerKeys), signals);
    }));

  it('stores a big upload by insert ... select, in lz4, reads it back in order and indexes it', () =>
    withStorage('citus', async (s, url) => {
      const big = fakeUpload('big', manyContacts(6000, 'big'), { ownerEmail: 'big@home.com' });
      const small = fakeUpload('big', manyContacts(3, 'small'), { ownerEmail: 'big@home.com' });
      const seqBig = await s.appendUpload(T, big);
      const seqSmall = await s.appendUpload(T, small);
      assert.ok(seqSmall > seqBig, 'seq grows');
      await withPgClient(url, async (c, schema) => {
        const size = await c.query<{ n: number }>(`select (length(raw) + length(normalized))::int as n from "${schema}".uploads where seq = $1`, [seqBig]);
        assert.ok(size.rows[0]!.n >= 512 * 1024, `the upload row is big enough for insert ... select (${size.rows[0]!.n} characters)`);
        const lz4 = await c.query<{ col: string; ok: boolean }>(
          `select c.relname || '.' || a.attname as col, a.attcompression = 'l' as ok from pg_attribute a
           join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = $1 and (c.relname, a.attname) in (('uploads', 'raw'), ('uploads', 'normalized'), ('index_queue', 'stats'))`,
          [schema],
        );
        assert.equal(lz4.rows.length, 3);
        for (const r of lz4.rows) assert.ok(r.ok, `${r.col} is compressed with lz4`);
        const queued = await c.query(`select seq from "${schema}".index_queue where user_id = 'big' order by seq`);
        assert.deepEqual(
          queued.rows.map((r) => Number(r.seq)),
          [seqBig, seqSmall],
        );
      });
      const book = (await s.loadBook(T, 'big'))!;
      assert.equal(book.uploadCount, 2);
      assert.deepEqual(
        book.batches!.map((b) => b.batchId),
        [big.batchId, small.batchId],
      );
      assert.deepEqual(
        book.entries.map((e) => e.name),
        [...big.normalized, ...small.normalized].map((e) => e.name),
      );
      // Indexed: another user's book sees the big one's keys.
      await s.appendUpload(T, fakeUpload('friend', manyContacts(10, 'big'), { ownerEmail: 'friend@home.com' }));
      await s.flushIndex();
      const friend = (await s.loadBook(T, 'friend'))!;
      const signals = await s.loadSignals(T, 'friend', storedKeys(indexKeysOf(friend.entries)), friend.ownerKeys);
      assert.equal(signals.knownBy.get('e:p7.big@example.com'), 1);
    }));
});
