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

    after(async () => {
      await holder?.query('rollback').catch(() => {});
      await holder?.end().catch(() => {});
      await api?.close();
    });

    it('an index round gives its books up (uploads go on), a DELETE answers 503; freed, both go through', async () => {
      const up = await api.post('/v0/address-book', { user_id: 'held', source: {}, entries: ENTRIES, backfill: 1 });
      assert.equal(up.status, 200, up.text);
      while ((await api.storage.indexPending()).uploads > 0);
      // Another transaction holds the book's key-index rows.
      await holder.query('begin');
      const locked = await holder.query("update contact_keys set times = times where user_id = 'held'");
      assert.ok((locked.rowCount ?? 0) > 0);

      // The same people again: their index round must upsert the held rows.
      const again = await api.post('/v0/address-book', { user_id: 'held', source: {}, entries: ENTRIES, backfill: 1 });
      assert.equal(again.status, 200, again.text);
      // The round gives up (busy) rather than waiting, and meanwhile an upload of the book goes through.
      const round = api.storage.indexPending();
      const during = api.post('/v0/address-book', { user_id: 'held', source: {}, entries: [{ name: 'Cy Dee', email: 'cy@lock.example' }], backfill: 1 });
      await assert.rejects(round, (e: unknown) => e instanceof StorageError && e.kind === 'busy');
      assert.equal((await during).status, 200);
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
      while ((await api.storage.indexPending()).uploads > 0);
      const gone = await api.del('/v0/address-book/held');
      assert.equal(gone.status, 200, gone.text);
      assert.equal((await api.get('/v0/address-book/held')).status, 404);
      const rest = await holder.query("select count(*)::int as n from contact_keys where user_id = 'held'");
      assert.equal(rest.rows[0].n, 0);
    });
  });
}
