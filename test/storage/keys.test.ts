import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import { StorageError } from '../../src/storage/index.ts';
import { ENGINES, engineSkip, withStorage } from '../helpers/engines.ts';

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

for (const engine of ENGINES) {
  describe(`apps and keys on ${engine}`, { skip: await engineSkip(engine) }, () => {
    it('creates apps with prefixed ids and finds them by name', () =>
      withStorage(engine, async (s) => {
        const app = await s.createApp('Acme');
        assert.match(app.id, /^app_[0-9A-Za-z]{16}$/);
        assert.deepEqual(await s.findAppByName('Acme'), app);
        assert.equal(await s.findAppByName('acme-nope'), null);
      }));

    it('rejects a duplicate app name with a conflict that carries no SQL', () =>
      withStorage(engine, async (s) => {
        await s.createApp('Twice');
        await assert.rejects(s.createApp('Twice'), (e: unknown) => {
          assert.ok(e instanceof StorageError);
          assert.equal(e.kind, 'conflict');
          assert.equal(e.message, 'createApp: already exists');
          return true;
        });
      }));

    it('finds a key by hash with its app name, lists and revokes by id or prefix', () =>
      withStorage(engine, async (s) => {
        const app = await s.createApp('Keys');
        const live = { id: 'key_1', appId: app.id, env: 'live' as const, prefix: 'kith_live_AbC1', hash: sha256('secret-1'), createdAt: 1000 };
        const test = { id: 'key_2', appId: app.id, env: 'test' as const, prefix: 'kith_test_XyZ2', hash: sha256('secret-2'), createdAt: 2000 };
        await s.insertKey(live);
        await s.insertKey(test);
        assert.deepEqual(await s.findKeyByHash(sha256('secret-1')), {
          id: 'key_1',
          appId: app.id,
          appName: 'Keys',
          env: 'live',
          prefix: 'kith_live_AbC1',
          createdAt: 1000,
          revokedAt: null,
        });
        assert.equal(await s.findKeyByHash(sha256('unknown')), null);
        assert.deepEqual(
          (await s.listKeys(app.id)).map((k) => k.id),
          ['key_1', 'key_2'],
        );
        assert.deepEqual(await s.listKeys('app_none'), []);

        assert.equal(await s.revokeKey('key_1', 5000), 1);
        assert.equal(await s.findKeyByHash(sha256('secret-1')), null);
        assert.equal(await s.revokeKey('key_1', 6000), 0, 'already revoked');
        assert.equal(await s.revokeKey('kith_test_XyZ2', 7000), 1);
        assert.equal(await s.findKeyByHash(sha256('secret-2')), null);
        const listed = await s.listKeys();
        assert.deepEqual(
          listed.map((k) => k.revokedAt),
          [5000, 7000],
        );
      }));
  });
}
