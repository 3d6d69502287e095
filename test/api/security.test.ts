/**
 * The shared security suite: every authenticated route refuses no key, a malformed key, an unknown
 * key and a revoked key with 401; another app's key and a `test` key see nothing of `live` data.
 * The routes come from the app's route table (src/http/routes/table.ts): a new route is covered as soon
 * as it is in the table, and one without a sample request fails here.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ENGINES, engineSkip } from '../helpers/engines.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { dumpAllRows } from '../helpers/db-scan.ts';
import { hashKey } from '../../src/services/keys.ts';

for (const engine of ENGINES) {
  const skip = await engineSkip(engine);
  describe(`security on ${engine}`, { skip }, async () => {
    if (skip) return;
    // Started here, not in before(): the tests below are generated from this app's route table.
    const api: TestApi = await startApi(engine);
    let revoked: string;
    let sampler: string;
    const routes = api.app.kithRoutes.filter((r) => r.auth !== 'public');
    before(async () => {
      // The sample requests run as an app of their own: their records must not reach the tests below.
      sampler = await api.newKey();
      revoked = await api.newKey();
      const rows = await api.storage.listKeys();
      const rec = rows.find((k) => revoked.startsWith(k.prefix) && k.appName !== api.appName);
      assert.ok(rec);
      assert.equal(await api.storage.revokeKey(rec.id, Date.now()), 1);
    });
    after(async () => {
      await api?.close();
    });

    const badKeys: [string, () => string | null, string][] = [
      ['no key', () => null, 'Missing API key'],
      ['a malformed key', () => 'not-a-key', 'not valid'],
      ['an unknown well-formed key', () => 'kith_live_' + 'A'.repeat(32), 'not valid'],
      ['a revoked key', () => revoked, 'not valid'],
    ];
    it('every route that needs a key is in the suite, with a sample request', () => {
      assert.ok(routes.length >= 10, `only ${routes.length} routes need a key`);
      const missing = routes.filter((r) => !r.sample).map((r) => `${r.method} ${r.url}`);
      assert.deepEqual(missing, [], 'routes without a sample request');
    });

    for (const route of routes) {
      if (!route.sample) continue;
      const { path, clientKeyFor, contentType } = route.sample;
      // A body of another type (a contacts file) is sent as it is.
      const body = contentType === undefined ? { body: route.sample.body } : { raw: String(route.sample.body), headers: { 'content-type': contentType } };
      it(`${route.method} ${path} answers 200 with the right key`, async () => {
        // A route only a client key may call as sampled (its own book) gets one, minted by the sampler app.
        let key = sampler;
        if (clientKeyFor !== undefined) {
          const minted = await api.request('POST', '/v0/client-key', { body: { user_id: clientKeyFor }, key: sampler });
          assert.equal(minted.status, 200, minted.text);
          key = minted.body.client_key;
        }
        const r = await api.request(route.method, path, { ...body, key });
        // DELETE of a book another test has not created yet is a 404: authenticated all the same.
        assert.ok(r.status === 200 || (route.method !== 'POST' && r.status === 404), `${r.status} ${r.text}`);
      });
      for (const [label, key, text] of badKeys) {
        it(`${route.method} ${path} refuses ${label} with 401`, async () => {
          const r = await api.request(route.method, path, { ...body, key: key() });
          assert.equal(r.status, 401, r.text);
          assert.equal(r.body.code, 'unauthorized');
          assert.ok(r.body.error.includes(text));
          assert.equal(typeof r.body.meta.request_id, 'string');
        });
      }
    }

    it('a non-Bearer Authorization header is refused, saying how to send the key', async () => {
      for (const header of [`Basic ${api.key}`, api.key, `Token ${api.key}`]) {
        const r = await api.request('GET', '/v0/test', { key: null, headers: { authorization: header } });
        assert.equal(r.status, 401);
        assert.equal(r.body.code, 'unauthorized');
        assert.ok(r.body.error.includes('Authorization: Bearer <key>'), r.body.error);
        assert.ok(!r.body.error.includes(api.key), 'the key is not echoed');
      }
    });

    it('another app sees nothing of this app, and cannot delete it', async () => {
      const post = await api.post('/v0/address-book', { user_id: 'owner', source: {}, entries: [{ name: 'S', email: 's@example.com' }] });
      assert.equal(post.status, 200);
      const other = await api.newKey();
      assert.equal((await api.get('/v0/address-book/owner', other)).status, 404);
      assert.equal((await api.del('/v0/address-book/owner', other)).status, 404);
      // Writing the same user id under the other app makes a separate book.
      await api.post('/v0/address-book', { user_id: 'owner', source: {}, entries: [{ name: 'T', email: 't@example.com' }] }, other);
      const mine = await api.get('/v0/address-book/owner');
      assert.deepEqual(
        mine.body.data.map((x: { email: string }) => x.email),
        ['s@example.com'],
      );
      const theirs = await api.get('/v0/address-book/owner', other);
      assert.deepEqual(
        theirs.body.data.map((x: { email: string }) => x.email),
        ['t@example.com'],
      );
    });

    it('a test key of the same app does not reach live data', async () => {
      await api.post('/v0/address-book', { user_id: 'envuser', source: {}, entries: [{ name: 'L', email: 'l@example.com' }] });
      const testKey = await api.newKey({ app: api.appName, env: 'test' });
      const t = await api.get('/v0/test', testKey);
      assert.equal(t.status, 200);
      assert.equal(t.body.meta.env, 'test');
      assert.equal(t.body.meta.app_name, api.appName);
      assert.equal((await api.get('/v0/address-book/envuser', testKey)).status, 404);
      assert.equal((await api.del('/v0/address-book/envuser', testKey)).status, 404);
      assert.equal((await api.get('/v0/address-book/envuser')).status, 200);
    });

    it('signals of another app never leak into a ranking', async () => {
      const entries = [
        { name: 'A', email: 'a@example.com' },
        { name: 'B', email: 'b@example.com' },
      ];
      await api.post('/v0/address-book', { user_id: 'leak', source: {}, entries, backfill: 1 });
      const other = await api.newKey();
      await api.post('/v0/users', [{ id: 5, email: 'a@example.com' }], other);
      await api.post('/v0/invites-sent', [{ user_id: 'leak', email: 'a@example.com' }], other);
      const r = await api.get('/v0/address-book/leak?filter_existing_users=1&filter_invites_sent=1');
      assert.equal(r.body.data.length, 2);
    });

    it('keys are stored only as hashes, never in clear', async () => {
      const rows = await dumpAllRows(api.url);
      assert.ok(
        rows.some((r) => r.includes(hashKey(api.key))),
        'the hash is stored',
      );
      assert.ok(!rows.some((r) => r.includes(api.key)), 'the key itself is not');
      assert.ok(!rows.some((r) => r.includes(api.key.slice(14))), 'nor its secret part');
    });
  });
}
