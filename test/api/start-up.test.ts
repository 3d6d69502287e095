/**
 * A server starts its worker threads when it listens, and says it is ready only once they have loaded
 * (a big upload sent before would wait seconds for them): a real server process (`node --import tsx
 * src/server.ts`, as `npm start` runs it) on each engine, its /readyz polled from the moment it listens.
 * No timings are asserted.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createApiKey } from '../../src/services/keys.ts';
import { ENGINES, engineSkip, makeTestStorage, type TestStorage } from '../helpers/engines.ts';
import { call, type ServerProcess, startServerProcess, stopServerProcess } from '../helpers/server-process.ts';

const WORKERS = 2;

/** The value of `kith_workers{state="..."}` in a Prometheus text exposition. */
function workers(metrics: string, state: string): number {
  const m = new RegExp(`^kith_workers\\{state="${state}"\\} (\\S+)$`, 'm').exec(metrics);
  assert.ok(m, `kith_workers{state="${state}"} is exposed`);
  return Number(m[1]);
}

for (const engine of ENGINES) {
  describe(`start-up on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let db: TestStorage;
    let key: string;
    let server: ServerProcess;

    before(async () => {
      db = await makeTestStorage(engine);
      ({ key } = await createApiKey(db.storage, { app: 'start-up', env: 'live' }));
      // startServerProcess returns at the first 200 of /readyz.
      server = await startServerProcess(db.url, { KITH_WORKERS: String(WORKERS) });
    });

    after(async () => {
      await stopServerProcess(server);
      await db?.cleanup();
    });

    it('is ready only once every worker has loaded, before any request needed one', async () => {
      const metrics = await call(server.base, 'GET', '/metrics', '');
      assert.equal(metrics.status, 200);
      assert.equal(workers(metrics.text, 'loaded'), WORKERS);
      assert.equal(workers(metrics.text, 'loading'), 0);
    });

    it('the first big upload is served by a loaded worker', async () => {
      const entries = Array.from({ length: 400 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@start-up.example`, times_contacted: i % 5 }));
      const r = await call(server.base, 'POST', '/v0/address-book', key, { user_id: 'first', source: { type: 'gmail' }, entries });
      assert.equal(r.status, 200, r.text);
      const body = r.body as { data: unknown[]; meta: { cleaning: { entries_read: number } } };
      assert.equal(body.data.length, 400);
      assert.equal(body.meta.cleaning.entries_read, 400);
      const metrics = await call(server.base, 'GET', '/metrics', '');
      assert.equal(workers(metrics.text, 'loaded'), WORKERS);
    });
  });
}
