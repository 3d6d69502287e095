/**
 * Row locks held by another transaction (on Citus, what a worker stopped during a two-phase commit
 * leaves prepared until Citus recovers it, up to a minute after the worker is back): an index round
 * gives up its books after a moment instead of holding their locks the while, so uploads of those
 * books are not held behind it; a DELETE answers 503 with Retry-After instead of hanging; once the
 * rows are free, both go through. A real PostgreSQL and a real Citus cluster, the rows held by a
 * transaction left open on another connection. No timings are asserted: a request that never answers
 * fails the test by the runner's timeout, not by a measured duration.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { StorageError } from '../../src/storage/errors.ts';
import { recordLockKey } from '../../src/storage/kysely-storage.ts';
import { engineSkip } from '../helpers/engines.ts';
import { startApi, type TestApi } from '../helpers/api.ts';

const ENTRIES = [
  { name: 'Ann Lee', email: 'ann@lock.example', times_contacted: 3 },
  { name: 'Bob Ray', email: 'bob@lock.example', phone: '+1 415 555 0142' },
];

/** A client on the test's own schema (the URL's ?schema= is Kith's, not the driver's). */
async function clientOf(url: string): Promise<pg.Client> {
  const u = new URL(url);
  const schema = u.searchParams.get('schema');
  u.searchParams.delete('schema');
  const c = new pg.Client({ connectionString: u.toString(), ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  await c.connect();
  return c;
}

for (const engine of ['postgres', 'citus'] as const) {
  describe(`row locks held elsewhere, on ${engine}`, { skip: await engineSkip(engine), timeout: 120_000 }, () => {
    let api: TestApi;
    let holder: pg.Client;

    before(async () => {
      api = await startApi(engine);
      holder = await clientOf(api.url);
    });

    /** Ends the backends the hanging trigger holds (a round that failed this test must not hold the run up). */
    const endSleepers = async () => {
      await holder.query("select pg_terminate_backend(pid) from pg_stat_activity where wait_event = 'PgSleep' and pid <> pg_backend_pid()");
    };

    after(async () => {
      if (engine === 'postgres') await endSleepers().catch(() => {});
      await holder?.query('rollback').catch(() => {});
      await holder?.end().catch(() => {});
      await api?.close();
    });

    /**
     * Waits (polling, at most a minute) until `sql` counts `want` rows: the app's own indexer runs too. With
     * `drive`, each poll runs an index round first; not while waiting for a round to hang: a poll's own
     * round that took the hang checked only after it was cancelled, saw no sleeper, and hung again (a flaky
     * run, until the test's timeout).
     */
    const until = async (sql: string, want: (n: number) => boolean, drive = true) => {
      for (const deadline = Date.now() + 60_000; ; ) {
        if (drive) await api.storage.indexPending().catch(() => {});
        const n = (await holder.query(sql)).rows[0].n as number;
        if (want(n)) return n;
        assert.ok(Date.now() < deadline, `still ${n}: ${sql}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const queued = "select count(*)::int as n from index_queue where user_id = 'held'";
    const keys = "select count(*)::int as n from contact_keys where user_id = 'held'";

    it('an index round gives its books up (uploads go on), a DELETE answers 503; freed, both go through', async () => {
      const up = await api.post('/v0/address-book', { user_id: 'held', source: {}, entries: ENTRIES, backfill: 1 });
      assert.equal(up.status, 200, up.text);
      await until(queued, (n) => n === 0);
      // Another transaction holds the book's key-index rows.
      await holder.query('begin');
      const locked = await holder.query("update contact_keys set times = times where user_id = 'held'");
      assert.ok((locked.rowCount ?? 0) > 0);

      // The same people again: their index round must upsert the held rows, and cannot.
      const again = await api.post('/v0/address-book', { user_id: 'held', source: {}, entries: ENTRIES, backfill: 1 });
      assert.equal(again.status, 200, again.text);
      // A round (this one, or the app's own indexer's) gives the book up: its queue row stays.
      await api.storage.indexPending().catch((e: unknown) => assert.ok(e instanceof StorageError && e.kind === 'busy', String(e)));
      assert.equal((await holder.query(queued)).rows[0].n, 1);
      // Uploads of the book are not held behind the rounds that keep trying (without the bound, this
      // POST waited for the book's lock as long as the rows stayed locked: the runner's timeout).
      const during = await api.post('/v0/address-book', { user_id: 'held', source: {}, entries: [{ name: 'Cy Dee', email: 'cy@lock.example' }], backfill: 1 });
      assert.equal(during.status, 200, during.text);
      // A DELETE waits a moment, then answers 503 with Retry-After; the book is still whole.
      const del = await api.del('/v0/address-book/held');
      assert.equal(del.status, 503, del.text);
      assert.equal(del.body.code, 'service_unavailable');
      assert.ok(Number(del.headers.get('retry-after')) > 0);
      const get = await api.get('/v0/address-book/held');
      assert.equal(get.status, 200, get.text);
      assert.equal(get.body.data.length, 3);

      // Freed: the queue drains, and the DELETE goes through; nothing of the book comes back.
      await holder.query('rollback');
      await until(queued, (n) => n === 0);
      assert.equal((await holder.query(keys)).rows[0].n, 4); // Ann, Bob's address and number, Cy
      const gone = await api.del('/v0/address-book/held');
      assert.equal(gone.status, 200, gone.text);
      assert.equal((await api.get('/v0/address-book/held')).status, 404);
      assert.equal((await holder.query(keys)).rows[0].n, 0);
    });

    it("a batch of records being written (its user's bucket held shared) holds a DELETE back past its lock bound, never fails it, and never holds the user's uploads", async () => {
      const up = await api.post('/v0/address-book', { user_id: 'bucket', source: {}, entries: ENTRIES });
      assert.equal(up.status, 200, up.text);
      const tenant = (await holder.query("select tenant from uploads where user_id = 'bucket' limit 1")).rows[0].tenant as string;
      // What a big batch of other users does (a review: 100,000 rows on Citus took 10 s): the bucket's lock
      // held shared, here by a transaction left open for longer than the DELETE's lock bound (5 s).
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock_shared(hashtextextended($1, 0))', [recordLockKey(tenant, 'bucket')]);
      let answered = false;
      const del = api.del('/v0/address-book/bucket').then((r) => {
        answered = true;
        return r;
      });
      // The user's uploads go on meanwhile: the DELETE waits holding nothing of the book.
      const during = await api.post('/v0/address-book', { user_id: 'bucket', source: {}, entries: [{ name: 'Cy Dee', email: 'cy@bucket.example' }] });
      assert.equal(during.status, 200, during.text);
      await new Promise((r) => setTimeout(r, 6_000));
      assert.equal(answered, false, 'the DELETE waits for the batch');
      await holder.query('rollback');
      const r = await del;
      assert.equal(r.status, 200, r.text);
      assert.equal((await api.get('/v0/address-book/bucket')).status, 404);
    });

    // PostgreSQL only: a statement that hangs (what a frozen Citus worker does to an index round's
    // statement) is made by a trigger that sleeps, and Citus refuses triggers on distributed tables unless
    // told otherwise. Registered on that engine alone, so a Citus run counts no skip for it.
    if (engine === 'postgres')
      it("an index round whose statement hangs gives its books up after its bound: the book's uploads are stored, not refused; then the round goes through", {
        timeout: 60_000,
      }, async () => {
        // Without the bound (a probe: a frozen Citus worker), the round held the book's lock for as long as
        // the statement hung, and every upload of the book answered 503 after the requests' deadline; here
        // the upload below then waits the sleep's ten minutes, and the test fails by its own timeout.
        await holder.query(`create or replace function kith_test_hang() returns trigger language plpgsql as $$
          begin if new.key = 'e:hang@lock.example' then perform pg_sleep(600); end if; return new; end $$`);
        await holder.query('create trigger kith_test_hang before insert on contact_keys for each row execute function kith_test_hang()');
        try {
          const up = await api.post('/v0/address-book', {
            user_id: 'hung',
            source: {},
            entries: [{ name: 'Hal Ng', email: 'hang@lock.example' }],
            backfill: 1,
          });
          assert.equal(up.status, 200, up.text);
          // A round that hangs in the trigger holding the book's lock (this one, or the app's own indexer's).
          const round = api.storage.indexPending().catch((e: unknown) => e);
          await until("select count(*)::int as n from pg_stat_activity where query like '%contact_keys%' and wait_event = 'PgSleep'", (n) => n > 0, false);
          const during = await api.post('/v0/address-book', {
            user_id: 'hung',
            source: {},
            entries: [{ name: 'Cy Dee', email: 'cy@hung.example' }],
            backfill: 1,
          });
          assert.equal(during.status, 200, during.text);
          // This round gave up at its bound, or found the book's lock taken by the app's own indexer's round.
          const r = await round;
          if (r instanceof Error) assert.match(r.message, /cancelled a statement that took too long/);
          else assert.ok((r as { busy: number }).busy >= 1, JSON.stringify(r));
        } finally {
          await endSleepers();
          await holder.query('drop trigger if exists kith_test_hang on contact_keys');
          await holder.query('drop function if exists kith_test_hang()');
        }
        // Freed: the queue drains, every key indexed once.
        await until("select count(*)::int as n from index_queue where user_id = 'hung'", (n) => n === 0);
        assert.equal((await holder.query("select count(*)::int as n from contact_keys where user_id = 'hung'")).rows[0].n, 2);
      });

    // PostgreSQL only (the lookup's backend found and ended on the one server): registered on that engine
    // alone, so a Citus run counts no skip for it.
    if (engine === 'postgres')
      it('a ranked POST whose ranking fails after its upload was stored answers 503 saying so, with the batch_id; the book holds the upload', async () => {
        // The ranking's lookup of the app's users (filter_existing_users) waits on a lock held elsewhere; the
        // upload is stored meanwhile (another table); then the lookup's connection is ended (a server
        // restart does that).
        await holder.query('begin');
        await holder.query('lock table app_users in access exclusive mode');
        let ended = 0;
        try {
          const post = api.post('/v0/address-book', { user_id: 'stored-first', source: {}, entries: ENTRIES, filter_existing_users: 1 });
          await until("select count(*)::int as n from uploads where user_id = 'stored-first'", (n) => n === 1);
          // The backend waiting on the lock: the POST's lookup.
          for (const deadline = Date.now() + 30_000; ended === 0 && Date.now() < deadline; ) {
            const r = await holder.query("select pg_terminate_backend(pid) from pg_stat_activity where wait_event_type = 'Lock' and pid <> pg_backend_pid()");
            ended = r.rowCount ?? 0;
            if (ended === 0) await new Promise((res) => setTimeout(res, 50));
          }
          assert.ok(ended > 0, 'a lookup waited on the lock');
          const r = await post;
          assert.equal(r.status, 503, r.text);
          assert.equal(r.body.code, 'service_unavailable', r.text);
          assert.ok(Number(r.headers.get('retry-after')) > 0);
          // Not "nothing was stored": the answer names the stored upload, so the client reads the book.
          assert.match(r.body.error, /^The upload was stored \(batch_id [^)]+\)/);
          assert.doesNotMatch(r.body.error, /nothing was stored/);
          const batchId = (await holder.query("select batch_id from uploads where user_id = 'stored-first'")).rows[0].batch_id as string;
          assert.deepEqual(r.body.details, [{ field: 'batch_id', message: `stored as ${batchId}` }]);
        } finally {
          await holder.query('rollback');
        }
        // The ended connection may have marked the database unreachable for a moment (503 with Retry-After,
        // as a client is told): read the book as a client would, again until it answers.
        let get = await api.get('/v0/address-book/stored-first');
        for (const deadline = Date.now() + 15_000; get.status === 503 && Date.now() < deadline; ) {
          await new Promise((res) => setTimeout(res, 250));
          get = await api.get('/v0/address-book/stored-first');
        }
        assert.equal(get.status, 200, get.text);
        assert.deepEqual(get.body.data.map((c: { name: string }) => c.name).sort(), ['Ann Lee', 'Bob Ray']);
      });

    // Citus only (two-phase commit across workers): registered on that engine alone, so a PostgreSQL run
    // counts no skip for it.
    if (engine === 'citus')
      it("a DELETE first commits what a stopped worker left prepared: the deleted user's key-index rows never come back", async () => {
        const up = await api.post('/v0/address-book', { user_id: 'prepared', source: {}, entries: ENTRIES, backfill: 1 });
        assert.equal(up.status, 200, up.text);
        const mine = "select count(*)::int as n from contact_keys where user_id = 'prepared'";
        await until("select count(*)::int as n from index_queue where user_id = 'prepared'", (n) => n === 0);
        const tenant = (await holder.query("select tenant from contact_keys where user_id = 'prepared' limit 1")).rows[0].tenant as string;
        // What a worker that died between an index round's PREPARE and its COMMIT PREPARED leaves (a probe
        // froze the round's backend and killed the worker): a new key-index row of the user, prepared on the
        // worker, the round committed on the coordinator (its record in pg_dist_transaction). Invisible and
        // unlocked for a DELETE until Citus recovers it, then committed.
        const key = 'e:late@lock.example';
        const shard = (await holder.query('select get_shard_id_for_distribution_column($1, $2::text) as id', ['contact_keys', key])).rows[0].id as string;
        const where = (
          await holder.query(
            'select n.nodename, n.nodeport, n.groupid, shard_name($1::regclass, $2::bigint) as name from pg_dist_placement p join pg_dist_node n using (groupid) where p.shardid = $2::bigint',
            ['contact_keys', shard],
          )
        ).rows[0] as { nodename: string; nodeport: number; groupid: number; name: string };
        const local = (await holder.query('select groupid from pg_dist_local_group')).rows[0].groupid as number;
        const gid = `citus_${local}_${4_000_000 + Math.floor(Math.random() * 100_000)}_1_0`;
        const worker = new pg.Client({ host: where.nodename, port: where.nodeport, user: 'postgres', database: new URL(api.url).pathname.slice(1) });
        await worker.connect();
        try {
          await worker.query('begin');
          await worker.query(`insert into ${where.name} (tenant, key, user_id, times) values ($1, $2, 'prepared', 1)`, [tenant, key]);
          await worker.query(`prepare transaction '${gid}'`);
          await holder.query("insert into pg_dist_transaction values ($1, $2, '0'::xid8)", [where.groupid, gid]);

          const del = await api.del('/v0/address-book/prepared');
          assert.equal(del.status, 200, del.text);
          // Citus's daemon recovers it within a minute; at once here. Nothing of the user is left.
          await holder.query('select recover_prepared_transactions()');
          assert.equal((await holder.query(mine)).rows[0].n, 0);
          assert.equal((await worker.query('select count(*)::int as n from pg_prepared_xacts where gid = $1', [gid])).rows[0].n, 0);
        } finally {
          await worker.query(`rollback prepared '${gid}'`).catch(() => {});
          await holder.query('delete from pg_dist_transaction where gid = $1', [gid]).catch(() => {});
          await worker.end();
        }
      });
  });
}
