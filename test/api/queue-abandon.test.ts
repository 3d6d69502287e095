/**
 * A request waiting for a book worker whose client disconnects is dropped before it starts: none of it is
 * done or stored (routes/address-book.ts onPool, workers/pool.ts). One worker, kept busy by a big upload
 * while a second waits; the queue's depth (`kith_worker_queue_jobs` in /metrics) says when the abandoned
 * request is queued and when it has been dropped, so nothing here depends on timing.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
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
      // The server's log names no person of the abandoned request, and says what happened as no failure:
      // no error logged, none counted (no answer was sent).
      const log = api.logs.join('\n');
      assert.ok(!log.includes('ann@gone.example'));
      assert.match(log, /request dropped: the client went away before a worker took it; nothing was stored/);
      assert.doesNotMatch(log, /"level":50/);
      assert.doesNotMatch((await api.get('/metrics', null)).text, /kith_errors_total\{[^}]*service_unavailable/);
    });
  });
}

describe('many requests pipelined on one connection, each waiting for a worker', { skip: await engineSkip('sqlite') }, () => {
  let api: TestApi;
  before(async () => {
    api = await startApi('sqlite', { KITH_WORKERS: '1', KITH_OFFLOAD_BODY_BYTES: '0' });
  });
  after(async () => {
    await api?.close();
  });

  it('are all answered, in order, without a listener-leak warning', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      const n = 15;
      const u = new URL(api.base);
      let text = '';
      for (let i = 0; i < n; i++) {
        const body = JSON.stringify({ user_id: `pipe-${i}`, source: { type: 'gmail' }, entries: [{ name: `Person ${i}`, email: `p${i}@pipe.example` }] });
        text += `POST /v0/address-book HTTP/1.1\r\nHost: ${u.host}\r\nAuthorization: Bearer ${api.key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      }
      const socket = net.connect(Number(u.port), u.hostname);
      let got = '';
      const statuses = await new Promise<string[]>((resolve, reject) => {
        socket.on('data', (c: Buffer) => {
          got += c.toString('utf8');
          const all = [...got.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]!);
          if (all.length === n) resolve(all);
        });
        socket.on('error', reject);
        socket.write(text);
      });
      socket.destroy();
      assert.deepEqual(statuses, Array(n).fill('200'));
      const order = [...got.matchAll(/"user_id":"(pipe-\d+)"/g)].map((m) => m[1]);
      assert.deepEqual(
        [...new Set(order)],
        Array.from({ length: n }, (_, i) => `pipe-${i}`),
      );
      await sleep(50);
      assert.deepEqual(
        warnings.filter((w) => /MaxListeners/.test(w)),
        [],
      );
    } finally {
      process.off('warning', onWarning);
    }
  });
});
