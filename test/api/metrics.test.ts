/** GET /metrics: Prometheus text with per-route counts and latencies, uploads, contacts, errors. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';
import { execSql } from '../helpers/exec-sql.ts';

/** The value of one sample line `name{labels} value`, 0 when absent. Labels are matched as a set. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((x) => [x[1], x[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return 0;
}

for (const engine of ENGINES) {
  describe(`metrics on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine);
    });
    after(async () => {
      await api?.close();
    });

    const scrape = async () => {
      const r = await api.get('/metrics', null);
      assert.equal(r.status, 200);
      assert.match(r.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      return r.text;
    };

    it('counts requests and latencies per route pattern, method and status, never per raw URL', async () => {
      const before = await scrape();
      const base = { method: 'GET', route: '/v0/address-book/:user_id' };
      const ok0 = sample(before, 'kith_http_requests_total', { ...base, status: '200' });
      const nf0 = sample(before, 'kith_http_requests_total', { ...base, status: '404' });
      await api.post('/v0/address-book', { user_id: 'metrics-secret-user', source: {}, entries: [{ email: 'm1@example.com' }] });
      await api.get('/v0/address-book/metrics-secret-user');
      await api.get('/v0/address-book/metrics-secret-user?limit=1');
      await api.get('/v0/address-book/nobody-here');
      await api.get('/no/such/path/with-a-secret');
      const text = await scrape();
      assert.equal(sample(text, 'kith_http_requests_total', { ...base, status: '200' }) - ok0, 2);
      assert.equal(sample(text, 'kith_http_requests_total', { ...base, status: '404' }) - nf0, 1);
      assert.ok(sample(text, 'kith_http_request_duration_seconds_count', { ...base, status: '200' }) >= 2);
      assert.ok(sample(text, 'kith_http_request_duration_seconds_bucket', { ...base, status: '200', le: '+Inf' }) >= 2);
      assert.ok(sample(text, 'kith_http_requests_total', { route: 'unmatched', status: '404', method: 'GET' }) >= 1);
      assert.doesNotMatch(text, /metrics-secret-user|nobody-here|with-a-secret|m1@example\.com/, 'no path, user id or address in any label');
      assert.match(text, /^# TYPE kith_http_request_duration_seconds histogram$/m);
      assert.match(text, /^process_cpu_seconds_total /m, 'process metrics too');
    });

    it('counts uploads by mode and the contacts they carried', async () => {
      const before = await scrape();
      await api.post('/v0/address-book', {
        user_id: 'm-up',
        source: {},
        entries: [{ email: 'a@example.com' }, { email: 'b@example.com' }, { email: 'c@example.com' }],
      });
      await api.post('/v0/address-book', { user_id: 'm-up', source: {}, entries: [{ email: 'd@example.com' }], backfill: 'true' });
      // A rejected upload is not an upload.
      await api.post('/v0/address-book', { user_id: 'm-up', source: {}, entries: 'nope' });
      const text = await scrape();
      const d = (name: string, labels: Record<string, string> = {}) => sample(text, name, labels) - sample(before, name, labels);
      assert.equal(d('kith_uploads_total', { mode: 'ranked' }), 1);
      assert.equal(d('kith_uploads_total', { mode: 'backfill' }), 1);
      assert.equal(d('kith_contacts_processed_total'), 4);
    });

    it('counts errors by route and error code', async () => {
      const before = await scrape();
      await api.post('/v0/address-book', { user_id: 'm-err', source: {}, entries: 'nope' });
      await api.get('/v0/test', 'kith_live_wrongwrongwrongwrongwrongwrong12');
      await api.request('PUT', '/v0/address-book');
      const text = await scrape();
      const d = (labels: Record<string, string>) => sample(text, 'kith_errors_total', labels) - sample(before, 'kith_errors_total', labels);
      assert.equal(d({ route: '/v0/address-book', code: 'invalid_request' }), 1);
      assert.equal(d({ route: '/v0/test', code: 'unauthorized' }), 1);
      assert.equal(d({ route: 'unmatched', code: 'method_not_allowed' }), 1);
    });
    it('shows the key index backlog: an upload the database will not index stays counted, 0 once written', async () => {
      await api.storage.flushIndex(); // the earlier tests' uploads are indexed: only this one will wait
      // A real fault: the database refuses this upload's key rows, so the indexer (a server's, and this
      // test app's) cannot write them and the upload stays queued, as a refusing database would leave it.
      await execSql(
        api.url,
        `create trigger kith_stuck before insert on contact_keys when new.key like '%stuck-here%' begin select raise(abort, 'injected failure'); end;`,
        `create function kith_stuck() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$;
         create trigger kith_stuck before insert on contact_keys for each row when (new.key like '%stuck-here%') execute function kith_stuck();`,
      );
      try {
        const r = await api.post('/v0/address-book', { user_id: 'm-queue', source: {}, backfill: 1, entries: [{ email: 'q1@stuck-here.example' }] });
        assert.equal(r.status, 200, r.text);
        const waiting = await scrape();
        assert.match(waiting, /^# TYPE kith_index_queue_uploads gauge$/m);
        const line = (text: string, name: string) => text.split('\n').find((l) => l.startsWith(`${name} `));
        assert.equal(line(waiting, 'kith_index_queue_uploads'), 'kith_index_queue_uploads 1', 'the upload is counted');
        assert.match(waiting, /^kith_index_queue_oldest_seconds \d+(\.\d+)?(e[-+]\d+)?$/m, 'with the age of the oldest');
        assert.doesNotMatch(waiting, /m-queue|stuck-here/, 'no user id or address');
      } finally {
        await execSql(api.url, 'drop trigger kith_stuck;', 'drop trigger kith_stuck on contact_keys; drop function kith_stuck();');
      }
      await api.storage.flushIndex();
      const done = await scrape();
      assert.match(done, /^kith_index_queue_uploads 0$/m);
      assert.match(done, /^kith_index_queue_oldest_seconds 0$/m);
    });
  });
}

describe('metrics with KITH_METRICS_TOKEN', { skip: await engineSkip('sqlite') }, () => {
  let api: TestApi;
  const token = 'scrape-token-0123456789';
  before(async () => {
    api = await startApi('sqlite', { KITH_METRICS_TOKEN: token });
  });
  after(async () => {
    await api?.close();
  });

  it('refuses a scrape without the token (401) and answers with it', async () => {
    const none = await api.get('/metrics', null);
    assert.equal(none.status, 401);
    assert.equal(none.body.code, 'unauthorized');
    const wrong = await api.get('/metrics', 'scrape-token-wrongwrongwr');
    assert.equal(wrong.status, 401);
    const ok = await api.get('/metrics', token);
    assert.equal(ok.status, 200);
    assert.match(ok.text, /kith_http_requests_total/);
  });
});
