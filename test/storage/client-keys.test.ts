/** The storage of issue #14 on both engines: client keys, origins, alias groups, the directory listings. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ENGINES, engineSkip, withStorage } from '../helpers/engines.ts';
import { fakeUpload } from './fixtures.ts';

const T = 'app_test:live';

for (const engine of ENGINES) {
  describe(`client keys, aliases and listings in storage on ${engine}`, { skip: await engineSkip(engine) }, () => {
    it('client keys: found while live; revoked by app, environment or user; expired ones pruned on mint', () =>
      withStorage(engine, async (s) => {
        const app = await s.createApp('a');
        const other = await s.createApp('b');
        const now = 1_000_000;
        const mk = (id: string, appId: string, env: 'live' | 'test', userId: string, expiresAt = now + 1000) =>
          s.insertClientKey({ id, appId, env, userId, hash: `h-${id}`, createdAt: now, expiresAt });
        await mk('k1', app.id, 'live', 'u1');
        await mk('k2', app.id, 'test', 'u1');
        await mk('k3', app.id, 'live', 'u2');
        await mk('k4', other.id, 'live', 'u1');
        assert.deepEqual(await s.findClientKeyByHash('h-k1', now), {
          id: 'k1',
          appId: app.id,
          appName: 'a',
          env: 'live',
          userId: 'u1',
          createdAt: now,
          expiresAt: now + 1000,
        });
        assert.equal(await s.findClientKeyByHash('h-k1', now + 1000), null, 'expired at expires_at');
        assert.equal(await s.revokeClientKeys(app.id, now, { userId: 'u2' }), 1);
        assert.equal(await s.findClientKeyByHash('h-k3', now), null);
        assert.equal(await s.revokeClientKeys(app.id, now, { env: 'test' }), 1);
        assert.equal(await s.findClientKeyByHash('h-k2', now), null);
        assert.ok(await s.findClientKeyByHash('h-k1', now));
        assert.equal(await s.revokeClientKeys(app.id, now), 1);
        assert.ok(await s.findClientKeyByHash('h-k4', now), "another app's key stays");
        // Minting later prunes keys that expired before it.
        await s.insertClientKey({ id: 'k5', appId: other.id, env: 'live', userId: 'u9', hash: 'h-k5', createdAt: now + 5000, expiresAt: now + 9000 });
        assert.equal(await s.findClientKeyByHash('h-k4', now), null, 'pruned');
      }));

    it('origins: added once, listed sorted, removed', () =>
      withStorage(engine, async (s) => {
        const app = await s.createApp('a');
        await s.addAppOrigin(app.id, 'https://b.example');
        await s.addAppOrigin(app.id, 'https://a.example');
        await s.addAppOrigin(app.id, 'https://a.example');
        assert.deepEqual(await s.listAppOrigins(app.id), ['https://a.example', 'https://b.example']);
        assert.equal(await s.removeAppOrigin(app.id, 'https://a.example'), true);
        assert.equal(await s.removeAppOrigin(app.id, 'https://a.example'), false);
        assert.deepEqual(await s.listAppOrigins(app.id), ['https://b.example']);
      }));

    it('alias groups stay disjoint and closed; loaded by any key they hold; per tenant', () =>
      withStorage(engine, async (s) => {
        assert.deepEqual(await s.addAlias(T, ['e:a@x', 'e:b@x'], 1), ['e:a@x', 'e:b@x']);
        assert.deepEqual(await s.addAlias(T, ['e:c@x', 'e:d@x'], 2), ['e:c@x', 'e:d@x']);
        const two = await s.loadAliasGroups(T, ['e:a@x', 'e:d@x', 'e:zz@x']);
        assert.deepEqual(
          two.sort((p, q) => (p[0] < q[0] ? -1 : 1)),
          [
            ['e:a@x', 'e:b@x'],
            ['e:c@x', 'e:d@x'],
          ],
        );
        assert.deepEqual(await s.addAlias(T, ['e:b@x', 'e:c@x', 'e:e@x'], 3), ['e:a@x', 'e:b@x', 'e:c@x', 'e:d@x', 'e:e@x']);
        assert.deepEqual(await s.loadAliasGroups(T, ['e:e@x']), [['e:a@x', 'e:b@x', 'e:c@x', 'e:d@x', 'e:e@x']]);
        assert.deepEqual(await s.loadAliasGroups(T, ['e:nobody@x']), []);
        assert.deepEqual(await s.loadAliasGroups('app_other:live', ['e:a@x']), []);
        // Told whether the app has aliases (loadAppState), it skips its own check: the same groups.
        assert.deepEqual(await s.loadAliasGroups(T, ['e:e@x'], true), [['e:a@x', 'e:b@x', 'e:c@x', 'e:d@x', 'e:e@x']]);
        assert.deepEqual(await s.loadAliasGroups(T, ['e:e@x'], false), []);
      }));

    it('domain e-mails: exact domain (LIKE wildcards escaped), most books first; book summaries by user', () =>
      withStorage(engine, async (s) => {
        await s.appendUpload(T, fakeUpload('u1', [{ emails: ['a@my_co.example', 'b@my_co.example'] }, { emails: ['c@myxco.example'] }]));
        await s.appendUpload(T, fakeUpload('u2', [{ emails: ['b@my_co.example'] }, { emails: ['d@sub.my_co.example'] }]));
        await s.appendUpload('app_other:live', fakeUpload('u1', [{ emails: ['z@my_co.example'] }]));
        await s.upsertAppUsers(T, [{ appUserId: '7', name: 'Bee', keys: ['e:b@my_co.example'] }]);
        await s.flushIndex(); // the listing reads the key index, written after the acknowledgment (issue #13)
        const page = await s.listDomainEmails(T, 'my_co.example', 0, 10);
        assert.deepEqual(page, {
          rows: [
            { email: 'b@my_co.example', name: 'Bee', books: 2 },
            { email: 'a@my_co.example', name: null, books: 1 },
          ],
          total: 2,
        });
        assert.deepEqual(
          (await s.listDomainEmails(T, 'my_co.example', 1, 1)).rows.map((r) => r.email),
          ['a@my_co.example'],
        );
        assert.deepEqual(await s.listDomainEmails(T, '%', 0, 10), { rows: [], total: 0 });
        const books = await s.listBookSummaries(T, 0, 10);
        assert.deepEqual(
          books.rows.map((b) => [b.userId, b.entries]),
          [
            ['u1', 2],
            ['u2', 2],
          ],
        );
        assert.equal(books.total, 2);
        assert.deepEqual(
          (await s.listBookSummaries(T, 1, 10)).rows.map((b) => b.userId),
          ['u2'],
        );
      }));
  });
}
