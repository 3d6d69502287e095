/**
 * Learning from outcomes through the real API: invites sent and accepted retrain the app's weights,
 * which are stored per app, survive a restart, and change the ranking of that app only.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { DEFAULT_WEIGHTS } from '../../src/domain/rank/index.ts';
import { openStorage } from '../../src/storage/index.ts';
import { tenantOf } from '../../src/storage/types.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';
import { startApi, type TestApi } from '../helpers/api.ts';

const N = 300;

/** explain is sent with 6 decimals, as score is. */
const six = (x: number) => Math.round(x * 1e6) / 1e6;

for (const engine of ENGINES) {
  describe(`learning on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { KITH_RETRAIN_DEBOUNCE_MS: '0' });
    });
    after(async () => {
      await api?.close();
    });

    it('accepted invites retrain the weights, which persist and drive the ranking', async () => {
      // Favourites accept invites (and a few others), the rest do not: favourite must gain weight.
      const entries = Array.from({ length: N }, (_, i) => ({
        name: `Contact ${i}`,
        email: `c${i}@example.com`,
        times_contacted: 1 + (i % 17),
        is_favorite: i % 2,
      }));
      const up = await api.post('/v0/address-book', { user_id: 'inviter', source: { email: 'inviter@example.com' }, entries, backfill: 1 });
      assert.equal(up.status, 200, up.text);
      const sent = await api.post(
        '/v0/invites-sent',
        entries.map((e) => ({ user_id: 'inviter', email: e.email })),
      );
      assert.equal(sent.status, 200, sent.text);
      const accepted = entries.filter((_, i) => i % 2 === 1 || i % 10 === 0).map((e) => ({ email: e.email }));
      const acc = await api.post('/v0/invites-accepted', accepted);
      assert.equal(acc.status, 200, acc.text);

      const appId = (await api.storage.listKeys()).find((k) => k.appName === api.appName)!.appId;
      const tenant = tenantOf(appId, 'live');
      let learned = null;
      for (let i = 0; i < 100 && !learned; i++) {
        learned = await api.storage.loadWeights(tenant);
        if (!learned) await sleep(100);
      }
      assert.ok(learned, 'weights were learned and stored');
      assert.ok(learned.samples >= N);
      assert.ok(learned.weights.favorite > DEFAULT_WEIGHTS.favorite, `favorite ${learned.weights.favorite}`);

      // A restarted server on the same database ranks with the stored weights.
      const storage = await openStorage(api.url);
      const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: api.url }), storage });
      await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const port = (app.server.address() as { port: number }).port;
        const res = await fetch(`http://127.0.0.1:${port}/v0/address-book/inviter?explain=1&limit=400`, {
          headers: { authorization: `Bearer ${api.key}` },
        });
        const body = await res.json();
        assert.equal(res.status, 200);
        const fav = body.data.find((r: { email: string }) => r.email === 'c1@example.com');
        assert.ok(Math.abs(fav.explain.favorite - learned.weights.favorite) <= 5e-7, JSON.stringify(fav.explain)); // 6 decimals on the wire
      } finally {
        await app.close();
        await storage.close();
      }

      // Another app keeps the defaults.
      const other = await api.newKey();
      await api.post('/v0/address-book', { user_id: 'u', source: {}, entries: entries.slice(0, 3) }, other);
      const o = await api.get('/v0/address-book/u?explain=1', other);
      const ofav = o.body.data.find((r: { email: string }) => r.email === 'c1@example.com');
      assert.equal(ofav.explain.favorite, DEFAULT_WEIGHTS.favorite);
    });
  });
}

for (const engine of ENGINES) {
  describe(`known_by counts only where the app's weights give it a weight, on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine);
    });
    after(async () => {
      await api?.close();
    });

    it('is looked up and explained with a learned weight, and changes nothing with the default 0', async () => {
      const book = (user: string, emails: string[]) => ({ user_id: user, source: {}, entries: emails.map((email) => ({ email, times_contacted: 2 })) });
      assert.equal((await api.post('/v0/address-book', { ...book('kb-a', ['x@example.com', 'y@example.com']), backfill: 1 })).status, 200);
      assert.equal((await api.post('/v0/address-book', { ...book('kb-b', ['x@example.com']), backfill: 1 })).status, 200);
      await api.storage.flushIndex(); // other users' signals follow an upload once its key index is written
      const explained = (rows: { email: string; explain: Record<string, number> }[]) => Object.fromEntries(rows.map((r) => [r.email, r.explain.known_by]));

      const plain = await api.get('/v0/address-book/kb-a?explain=1');
      assert.equal(plain.status, 200);
      assert.deepEqual(explained(plain.body.data), { 'x@example.com': undefined, 'y@example.com': undefined });

      const appId = (await api.storage.listKeys()).find((k) => k.appName === api.appName)!.appId;
      await api.storage.saveWeights(tenantOf(appId, 'live'), { weights: { ...DEFAULT_WEIGHTS, known_by: 1 }, samples: 100, trainedAt: 1 });
      const learned = await api.get('/v0/address-book/kb-a?explain=1');
      assert.deepEqual(explained(learned.body.data), { 'x@example.com': six(Math.log1p(1)), 'y@example.com': undefined });
      assert.equal(learned.body.data[0].email, 'x@example.com', 'known by another user: first, where the counts tie');
      // A ranked POST too: x is known by kb-a and kb-b.
      const posted = await api.post('/v0/address-book', { ...book('kb-c', ['y@example.com', 'x@example.com']), explain: 1 });
      assert.deepEqual(explained(posted.body.data), { 'x@example.com': six(Math.log1p(2)), 'y@example.com': six(Math.log1p(1)) });
    });

    it('gives no known_by through a family landline that several rows hold, and keeps it for a number one row holds', async () => {
      // A probe: another user's `Plumber` card on the family landline gave known_by to both Ivy and Jack.
      const appId = (await api.storage.listKeys()).find((k) => k.appName === api.appName)!.appId;
      await api.storage.saveWeights(tenantOf(appId, 'live'), { weights: { ...DEFAULT_WEIGHTS, known_by: 1 }, samples: 100, trainedAt: 1 });
      const fam = await api.post('/v0/address-book', {
        user_id: 'line-a',
        source: { type: 'ios', phone: '+14155550000' },
        entries: [
          { name: 'Ivy Home', email: 'ivy1@home.example', phone: '+14155557001' },
          { name: 'Jack Home', email: 'jack1@home2.example', phone: '+1 (415) 555-7001' },
          { name: 'Sol Own', email: 'sol1@x.example', phone: '+14155557002' },
        ],
      });
      assert.equal(fam.status, 200);
      const other = await api.post('/v0/address-book', {
        user_id: 'line-b',
        source: { type: 'ios', phone: '+14155550001' },
        entries: [
          { name: 'Plumber', phone: '+14155557001' },
          { name: 'Sol', phone: '+14155557002' },
        ],
        backfill: 1,
      });
      assert.equal(other.status, 200);
      await api.storage.flushIndex();
      const got = await api.get('/v0/address-book/line-a?explain=1');
      assert.equal(got.status, 200);
      const byName = Object.fromEntries(got.body.data.map((r: { name: string; explain: Record<string, number> }) => [r.name, r.explain.known_by]));
      assert.deepEqual(byName, { 'Ivy Home': undefined, 'Jack Home': undefined, 'Sol Own': six(Math.log1p(1)) });
    });
  });
}
