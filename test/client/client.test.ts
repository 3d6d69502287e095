/**
 * The typed client (client/index.ts) against a real server on both engines, its runnable example, and
 * the committed generated types against the live OpenAPI document.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { KithApiError, KithClient, KithNetworkError, type Entry } from '../../client/index.ts';
import { generateTypes, SCHEMA_FILE } from '../../client/generate.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

const people = (n: number, prefix: string): Entry[] =>
  Array.from({ length: n }, (_, i) => ({ name: `${prefix} ${i}`, email: `${prefix}${i}@example.com`, times_contacted: i }));

for (const engine of ENGINES) {
  describe(`typed client on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    let kith: KithClient;
    before(async () => {
      api = await startApi(engine);
      kith = new KithClient({ baseUrl: `${api.base}/`, apiKey: api.key });
    });
    after(async () => {
      await api?.close();
    });

    it('checks the key, uploads, reads ranked with explanations, deletes', async () => {
      const who = await kith.test();
      assert.equal(who.meta.app_name, api.appName);
      assert.equal(who.meta.env, 'live');
      const up = await kith.uploadAddressBook({ user_id: 7, source: { type: 'gmail', email: 'owner@acme.example' }, entries: people(3, 'c'), limit: 2 });
      assert.match(up.batch_id, /^[0-9a-f-]{36}$/);
      assert.equal(up.meta.user_id, '7');
      assert.equal(up.data?.length, 2);
      const book = await kith.getAddressBook(7, { explain: true, limit: 10, filter_blank_names: 1, promote_matching_domain: null });
      assert.equal(book.data.length, 3);
      assert.deepEqual(
        book.data.map((c) => c.rank),
        [1, 2, 3],
      );
      assert.equal(typeof book.data[0].explain, 'object', 'explain=true is sent as 1');
      const gone = await kith.deleteAddressBook('7');
      assert.equal(gone.message, 'Address book for 7 deleted.');
    });

    it('uploads a big book in batches of 500 and answers the ranked list of the whole book', async () => {
      const last = await kith.uploadInBatches({ user_id: 'big user', source: {}, entries: people(1201, 'b') });
      assert.equal(last.data?.length, 1201);
      assert.equal((await kith.getAddressBook('big user')).meta.total_count, 1201);
    });

    it('records invites, users and suggestions, which the options then use', async () => {
      await kith.uploadAddressBook({ user_id: 'r1', source: {}, entries: people(3, 'r'), backfill: 1 });
      assert.equal((await kith.recordInvitesSent([{ user_id: 'r1', email: 'r0@example.com' }])).message, 'Invite sent added.');
      assert.equal((await kith.recordInvitesAccepted([{ email: 'r0@example.com', new_user_id: 5 }])).message, 'Invite accepted added.');
      assert.match((await kith.recordUsers([{ id: 5, email: 'r1@example.com' }])).message, /^Bulk of 1 users stored/);
      assert.equal((await kith.recordSuggestedSeen([{ user_id: 'r1', emails: ['r2@example.com'] }])).message, 'Suggested seen added.');
      const filtered = await kith.getAddressBook('r1', { filter_invites_sent: 1, filter_existing_users: 1 });
      assert.deepEqual(
        filtered.data.map((c) => c.email),
        ['r2@example.com'],
      );
      // An app user forgotten is no longer filtered out.
      assert.equal((await kith.deleteUser(5)).message, 'App user 5 deleted.');
      const after = await kith.getAddressBook('r1', { filter_invites_sent: 1, filter_existing_users: 1 });
      assert.deepEqual(after.data.map((c) => c.email).sort(), ['r1@example.com', 'r2@example.com']);
    });

    it('health, readiness and the OpenAPI document need no key', async () => {
      const anon = new KithClient({ baseUrl: api.base, apiKey: 'none' });
      assert.deepEqual(await anon.health(), { status: 'ok' });
      assert.equal((await anon.ready()).status, 'ok');
      assert.match(String((await anon.openapi()).openapi), /^3\./);
    });

    it('errors are typed: status, stable code, field details and request id', async () => {
      await assert.rejects(kith.getAddressBook('nobody'), (e: unknown) => {
        assert.ok(e instanceof KithApiError);
        assert.equal(e.status, 404);
        assert.equal(e.code, 'address_book_not_found');
        assert.equal(e.retryable, false);
        assert.ok(e.requestId);
        return true;
      });
      await assert.rejects(
        kith.uploadAddressBook({ user_id: 1, source: {}, entries: [{ websites: [{ url: 'https://x.example' } as never] }] }),
        (e: unknown) => {
          assert.ok(e instanceof KithApiError);
          assert.equal(e.status, 400);
          assert.equal(e.code, 'invalid_request');
          assert.ok(e.details.some((d) => d.field === 'entries[0].websites[0].type'));
          return true;
        },
      );
      const badKey = new KithClient({ baseUrl: api.base, apiKey: 'kith_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
      await assert.rejects(badKey.test(), (e: unknown) => e instanceof KithApiError && e.status === 401 && e.code === 'unauthorized');
      const down = new KithClient({ baseUrl: 'http://127.0.0.1:9', apiKey: api.key, timeoutMs: 2000 });
      await assert.rejects(down.test(), (e: unknown) => e instanceof KithNetworkError && /no answer from http:\/\/127\.0\.0\.1:9/.test(e.message));
    });

    if (engine === 'sqlite') {
      it('the runnable example runs against the server and exits 0', async () => {
        const r = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', 'examples/client-example.ts'], {
            cwd: ROOT,
            env: { ...process.env, KITH_URL: api.base, KITH_API_KEY: api.key },
          });
          let out = '';
          child.stdout.on('data', (d) => (out += d));
          child.stderr.on('data', (d) => (out += d));
          child.on('error', reject);
          child.on('close', (code) => resolve({ code, out }));
        });
        assert.equal(r.code, 0, r.out);
        assert.match(r.out, /key ok: app /);
        assert.match(r.out, /^1\. .+ score /m);
        assert.match(r.out, /filter_invites_sent leaves \d+ contacts/);
        assert.match(r.out, /Address book for example-\d+ deleted\./);
      });

      it('the committed client/schema.d.ts matches the live OpenAPI document (regenerate with npx tsx client/generate.ts)', async () => {
        const doc = (await api.get('/v0/openapi.json', null)).body;
        const fresh = await generateTypes(doc);
        assert.ok(fresh === readFileSync(SCHEMA_FILE, 'utf8'), 'client/schema.d.ts is stale: run npx tsx client/generate.ts and commit the result');
      });
    }
  });
}
