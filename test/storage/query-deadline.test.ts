/**
 * The query deadline on PostgreSQL (postgres.ts poolWithDeadline), through a TCP proxy that stops
 * forwarding as a frozen server or a network black hole does (connections open, no answer): a statement
 * without an answer fails as `unavailable`, a commit without one as `uncertain` (whether it was stored is
 * not known), the cut connection leaves the pool, and the pool answers again once the server does.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { toStorageError } from '../../src/storage/errors.ts';
import { openPostgres } from '../../src/storage/postgres.ts';
import type { EngineProfile } from '../../src/storage/engine.ts';
import { engineSkip, freshPgSchema, PG_TEST_URL } from '../helpers/engines.ts';

describe('the query deadline on postgres', { skip: await engineSkip('postgres') }, () => {
  let frozen = false;
  /** The next COMMIT goes through to the server, and then the connection is cut before its answer comes back. */
  let cutAfterCommit = false;
  let proxy: net.Server;
  let profile: EngineProfile;
  let drop: () => Promise<void>;
  const upstream = new URL(PG_TEST_URL);

  before(async () => {
    proxy = net.createServer((c) => {
      const up = net.connect(Number(upstream.port || 5432), upstream.hostname);
      c.on('data', (d) => {
        if (frozen) return;
        up.write(d);
        if (cutAfterCommit && /commit/i.test(d.toString('latin1'))) {
          cutAfterCommit = false;
          frozen = true; // the answer never reaches the client
          setTimeout(() => {
            c.destroy();
            frozen = false;
          }, 50);
        }
      });
      up.on('data', (d) => {
        if (!frozen) c.write(d);
      });
      c.on('error', () => {});
      up.on('error', () => {});
      c.on('close', () => up.destroy());
      up.on('close', () => c.destroy());
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const via = new URL(PG_TEST_URL);
    via.hostname = '127.0.0.1';
    via.port = String((proxy.address() as net.AddressInfo).port);
    const fresh = freshPgSchema(via.toString(), 'kith_deadline');
    drop = fresh.drop; // through the proxy, answering again by then (after)
    profile = await openPostgres(fresh.url, { queryTimeoutMs: 500 });
    await sql`create table deadline_t (x int)`.execute(profile.db);
  });

  after(async () => {
    frozen = false;
    await profile?.close().catch(() => {});
    await drop?.().catch(() => {});
    proxy?.close();
  });

  it('a statement without an answer fails as unavailable, within the deadline, and the pool answers again afterwards', async () => {
    frozen = true;
    const t0 = Date.now();
    const e = await sql`select 1 as one`.execute(profile.db).then(
      () => null,
      (err: unknown) => err,
    );
    frozen = false;
    assert.ok(e !== null, 'the statement failed');
    assert.ok(Date.now() - t0 < 3_000, `failed after ${Date.now() - t0} ms`);
    assert.equal(toStorageError('loadBook', e).kind, 'unavailable');
    // The cut connection is gone; a new one answers.
    const r = await sql<{ one: number }>`select 1 as one`.execute(profile.db);
    assert.equal(r.rows[0]!.one, 1);
  });

  it('a commit without an answer is uncertain (the rollback that follows does not hide it), and nothing is left half-done', async () => {
    const e = await profile.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into deadline_t values (1)`.execute(trx);
        frozen = true; // the commit gets no answer
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    frozen = false;
    assert.ok(e !== null, 'the commit failed');
    assert.equal(toStorageError('appendUpload', e).kind, 'uncertain');
    // The server saw the connection go before the commit reached it: rolled back.
    for (let i = 0; i < 50; i++) {
      const n = await sql<{ n: number }>`select count(*)::int as n from deadline_t`.execute(profile.db);
      if (n.rows[0]!.n === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.fail('the insert of the cut transaction is still there');
  });

  it('a write outside a transaction without an answer is uncertain; a read is unavailable', async () => {
    frozen = true;
    const e = await sql`insert into deadline_t values (2)`.execute(profile.db).then(
      () => null,
      (err: unknown) => err,
    );
    frozen = false;
    assert.ok(e !== null, 'the insert failed');
    assert.equal(toStorageError('saveWeights', e).kind, 'uncertain');
    // The same error of a reading operation stored nothing.
    assert.equal(toStorageError('loadBook', e).kind, 'unavailable');
    await sql`delete from deadline_t`.execute(profile.db);
  });

  it('a commit whose connection dies before its answer is uncertain, and it was stored', async () => {
    const e = await profile.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into deadline_t values (3)`.execute(trx);
        cutAfterCommit = true;
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    assert.ok(e !== null, 'the commit failed on the client');
    assert.equal(toStorageError('appendUpload', e).kind, 'uncertain');
    const n = await sql<{ n: number }>`select count(*)::int as n from deadline_t where x = 3`.execute(profile.db);
    assert.equal(n.rows[0]!.n, 1, 'the server committed it: "may or may not have been stored" was the true answer');
    await sql`delete from deadline_t`.execute(profile.db);
  });

  it('a statement past the deadline does not run on in the server (statement_timeout ends it)', async () => {
    const tag = `kith_deadline_${process.pid}_${Date.now()}`;
    const e = await sql
      .raw(`select pg_sleep(10) /* ${tag} */`)
      .execute(profile.db)
      .then(
        () => null,
        (err: unknown) => err,
      );
    assert.ok(e !== null, 'the statement was cut');
    // Watched over a connection of its own, unbounded (straight to the server, not through the proxy).
    const watcher = await openPostgres(PG_TEST_URL);
    try {
      const running = async () =>
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from pg_stat_activity where state = 'active' and query like ${`%${tag}%`} and pid <> pg_backend_pid()`.execute(
            watcher.db,
          )
        ).rows[0]!.n;
      let n = await running();
      for (let i = 0; i < 40 && n > 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        n = await running();
      }
      assert.equal(n, 0, 'the cut statement still runs on the server 4 s after its 0.5 s deadline');
    } finally {
      await watcher.close();
    }
  });
});
