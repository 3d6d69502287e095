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
  let proxy: net.Server;
  let profile: EngineProfile;
  let drop: () => Promise<void>;
  const upstream = new URL(PG_TEST_URL);

  before(async () => {
    proxy = net.createServer((c) => {
      const up = net.connect(Number(upstream.port || 5432), upstream.hostname);
      c.on('data', (d) => {
        if (!frozen) up.write(d);
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
});
