/**
 * The wait for a book worker is bounded (KITH_QUEUE_WAIT_MS): a request no worker took within it is
 * dropped before it starts and answered 503 with Retry-After, nothing stored. Here the bound is 1 ms and
 * there is one worker, busy with the first upload (it is still loading its modules): the others wait.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { engineSkip } from '../helpers/engines.ts';

describe('the queue for a book worker has a deadline', { skip: await engineSkip('sqlite') }, () => {
  let api: TestApi;
  before(async () => {
    api = await startApi('sqlite', { KITH_WORKERS: '1', KITH_QUEUE_WAIT_MS: '1', KITH_OFFLOAD_BODY_BYTES: '0' });
  });
  after(async () => {
    await api?.close();
  });

  it('drops a job no worker took in time: 503 with Retry-After, nothing stored', async () => {
    const users = ['qw-0', 'qw-1', 'qw-2', 'qw-3'];
    const replies = await Promise.all(
      users.map((u) => api.post('/v0/address-book', { user_id: u, source: {}, entries: [{ name: `${u} friend`, email: `${u}@queue.example` }], backfill: 1 })),
    );
    const dropped = replies.flatMap((r, i) => (r.status === 503 ? [users[i]!] : []));
    assert.ok(dropped.length >= 1, JSON.stringify(replies.map((r) => r.status)));
    for (const r of replies) {
      assert.ok(r.status === 200 || r.status === 503, r.text);
      if (r.status !== 503) continue;
      assert.equal(r.body.code, 'service_unavailable');
      assert.match(r.body.error, /No worker could take the request.*nothing was stored/);
      assert.ok(Number(r.headers.get('retry-after')) > 0);
    }
    for (const [i, u] of users.entries()) {
      assert.equal((await api.get(`/v0/address-book/${u}`)).status, replies[i]!.status === 200 ? 200 : 404, u);
    }
  });
});
