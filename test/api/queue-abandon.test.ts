/**
 * A request waiting for a book worker whose client disconnects is dropped before it starts: none of it is
 * done or stored (routes/address-book.ts onPool, workers/pool.ts). One worker, kept busy by a big upload
 * while a second waits; the queue's depth (`kith_worker_queue_jobs` in /metrics) says when the abandoned
 * request is queued and when it has been dropped, so nothing here depends on timing.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeBody, makeEntries } from '../../bench/gen.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

for (const engine of ENGINES) {
  describe(`a request whose client leaves while it waits for a worker (${engine})`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { KITH_WORKERS: '1', KITH_QUEUE_WAIT_MS: '0', KITH_OFFLOAD_BODY_BYTES: '0' });
    });
    after(async () => {
      await api?.close();
    });

    /** The gauge's value, or NaN while it has none. */
    const gauge = async (name: string): Promise<number> => {
      const r = await api.get('/metrics', null);
      const m = new RegExp(`^${name} (\\d+)$`, 'm').exec(r.text);
      return m === null ? Number.NaN : Number(m[1]);
    };
    /** Waits until the queue holds `n` jobs (polling /metrics, which the event loop answers). */
    const queueReaches = async (n: number): Promise<void> => {
      for (let i = 0; i < 6_000; i++) {
        if ((await gauge('kith_worker_queue_jobs')) === n) return;
        await sleep(5);
      }
      assert.fail(`the worker queue never held ${n} jobs`);
    };

    it('is dropped: nothing of it stored, the jobs around it done', async () => {
      const big = (user: string, seed: number) => makeBody(user, makeEntries({ size: 8_000, seed }), { seed });
      // One job on the worker, one waiting: the worker stays busy while the abandoned request waits.
      const first = api.post('/v0/address-book', big('qa-first', 1));
      const second = api.post('/v0/address-book', big('qa-second', 2));
      await queueReaches(1);

      const body = JSON.stringify({
        user_id: 'qa-gone',
        source: { type: 'gmail' },
        entries: [{ name: 'Ann Gone', email: 'ann@gone.example', times_contacted: 3 }],
      });
      const u = new URL(`${api.base}/v0/address-book`);
      const req = http.request({
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: 'POST',
        headers: { authorization: `Bearer ${api.key}`, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      });
      const closed = new Promise<string>((resolve) => {
        req.on('response', (res) => resolve(`answered ${res.statusCode}`));
        req.on('error', () => resolve('closed'));
      });
      req.end(body);
      await queueReaches(2);
      req.destroy();
      assert.equal(await closed, 'closed');
      // Dropped from the queue at once, before any worker took it.
      await queueReaches(1);

      const [a, b] = await Promise.all([first, second]);
      assert.equal(a.status, 200, a.text);
      assert.equal(b.status, 200, b.text);
      await queueReaches(0);
      assert.equal((await api.get('/v0/address-book/qa-gone')).status, 404);
      assert.equal((await api.get('/v0/address-book/qa-first')).status, 200);
      // The server's log names no person of the abandoned request.
      assert.ok(!api.logs.join('\n').includes('ann@gone.example'));
    });
  });
}
