/**
 * Client keys (issue #14), on both engines, through the real HTTP API: minting, what a key may do, and
 * the confinement suite: every route and every verb of the API, called with a client key against its own
 * user, another user of the same app, and the same user id in another app. A route the API gains later
 * fails this suite until it is classified here (the list is checked against the OpenAPI document).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { hashKey } from '../../src/services/keys.ts';
import { DEFAULT_WEIGHTS } from '../../src/domain/rank/index.ts';
import { startApi, tenantOfKey, type Reply, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const OWN = 'alice 1'; // a space: path encodings are exercised too
const OTHER = 'bob';
const ownPath = encodeURIComponent(OWN);

/** What a route does with a client key: `own` gives the call on the key's own user, `other` on another user. */
interface Case {
  method: string;
  /** The route as the OpenAPI document names it. */
  route: string;
  allowed: boolean;
  own: () => { path: string; body?: unknown; raw?: string; headers?: Record<string, string> };
  other?: () => { path: string; body?: unknown };
}

const book = (userId: string | undefined, email: string) => ({
  ...(userId === undefined ? {} : { user_id: userId }),
  source: { type: 'gmail' },
  entries: [{ name: 'Someone', email }],
});

const VCF = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Vera Card\r\nEMAIL:vera@card.example\r\nEND:VCARD\r\n';

const CASES: Case[] = [
  { method: 'GET', route: '/v0/test', allowed: true, own: () => ({ path: '/v0/test' }) },
  {
    method: 'POST',
    route: '/v0/address-book',
    allowed: true,
    own: () => ({ path: '/v0/address-book', body: book(OWN, 'own.new@example.com') }),
    other: () => ({ path: '/v0/address-book', body: book(OTHER, 'planted@example.com') }),
  },
  { method: 'GET', route: '/v0/address-book', allowed: true, own: () => ({ path: '/v0/address-book' }) },
  {
    method: 'GET',
    route: '/v0/address-book/{user_id}',
    allowed: true,
    own: () => ({ path: `/v0/address-book/${ownPath}` }),
    other: () => ({ path: `/v0/address-book/${OTHER}` }),
  },
  { method: 'DELETE', route: '/v0/address-book/{user_id}', allowed: false, own: () => ({ path: `/v0/address-book/${ownPath}` }) },
  {
    method: 'POST',
    route: '/v0/invites-sent',
    allowed: true,
    own: () => ({ path: '/v0/invites-sent', body: { entries: [{ email: 'friend@example.com' }] } }),
    other: () => ({
      path: '/v0/invites-sent',
      body: {
        entries: [
          { user_id: OWN, email: 'a@example.com' },
          { user_id: OTHER, email: 'b@example.com' },
        ],
      },
    }),
  },
  {
    method: 'POST',
    route: '/invites-sent',
    allowed: true,
    own: () => ({ path: '/invites-sent', body: [{ user_id: OWN, email: 'friend2@example.com' }] }),
    other: () => ({ path: '/invites-sent', body: [{ user_id: OTHER, email: 'b@example.com' }] }),
  },
  {
    method: 'POST',
    route: '/v0/suggested-seen',
    allowed: true,
    own: () => ({ path: '/v0/suggested-seen', body: [{ emails: ['seen@example.com'] }] }),
    other: () => ({ path: '/v0/suggested-seen', body: { entries: [{ user_id: OTHER, emails: ['seen@example.com'] }] } }),
  },
  { method: 'POST', route: '/v0/invites-accepted', allowed: false, own: () => ({ path: '/v0/invites-accepted', body: [{ email: 'x@example.com' }] }) },
  { method: 'POST', route: '/invites-accepted', allowed: false, own: () => ({ path: '/invites-accepted', body: [{ email: 'x@example.com' }] }) },
  { method: 'DELETE', route: '/v0/users/{user_id}', allowed: false, own: () => ({ path: `/v0/users/${ownPath}` }) },
  { method: 'POST', route: '/v0/users', allowed: false, own: () => ({ path: '/v0/users', body: [{ id: OWN, email: 'me@example.com' }] }) },
  { method: 'POST', route: '/v0/client-key', allowed: false, own: () => ({ path: '/v0/client-key', body: { user_id: OWN } }) },
  { method: 'POST', route: '/v0/alias', allowed: false, own: () => ({ path: '/v0/alias', body: { emails: ['a@example.com', 'b@example.com'] } }) },
  { method: 'GET', route: '/v0/domain-emails/{domain}', allowed: false, own: () => ({ path: '/v0/domain-emails/example.com' }) },
  { method: 'GET', route: '/v0/address-books', allowed: false, own: () => ({ path: '/v0/address-books' }) },
  {
    method: 'POST',
    route: '/v0/address-book-file',
    allowed: true,
    own: () => ({ path: '/v0/address-book-file', raw: VCF, headers: { 'content-type': 'text/vcard' } }),
    other: () => ({ path: `/v0/address-book-file?user_id=${OTHER}` }),
  },
];

function call(api: TestApi, key: string, method: string, c: { path: string; body?: unknown; raw?: string; headers?: Record<string, string> }): Promise<Reply> {
  return api.request(method, c.path, { key, body: c.body, raw: c.raw, headers: c.headers });
}

async function mint(api: TestApi, userId: string, secret = api.key): Promise<string> {
  const r = await api.post('/v0/client-key', { user_id: userId }, secret);
  assert.equal(r.status, 200, r.text);
  return r.body.client_key as string;
}

for (const engine of ENGINES) {
  describe(`client keys on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    let otherApp: string;
    let key: string;
    before(async () => {
      // Big uploads go to a worker: a client key's upload must still be checked (it is parsed here).
      api = await startApi(engine, { KITH_WORKERS: '1', KITH_OFFLOAD_BODY_BYTES: '0', KITH_OFFLOAD_BOOK_ENTRIES: '0' });
      otherApp = await api.newKey();
      assert.equal((await api.post('/v0/address-book', book(OWN, 'own@example.com'))).status, 200);
      assert.equal((await api.post('/v0/address-book', book(OTHER, 'bobs.friend@example.com'))).status, 200);
      // The same user id in another app: another person.
      assert.equal((await api.post('/v0/address-book', book(OWN, 'other.app@example.com'), otherApp)).status, 200);
      key = await mint(api, OWN);
    });
    after(async () => {
      await api?.close();
    });

    it('POST /v0/client-key answers {client_key, user_id, expires_at, meta}; only the hash is stored', async () => {
      const before = Date.now();
      const r = await api.post('/v0/client-key', { user_id: 42 });
      assert.equal(r.status, 200);
      assert.deepEqual(Object.keys(r.body).sort(), ['client_key', 'expires_at', 'meta', 'user_id']);
      assert.match(r.body.client_key, /^kith_ck_live_[0-9A-Za-z]{40}$/);
      assert.equal(r.body.user_id, '42');
      const expires = Date.parse(r.body.expires_at);
      assert.ok(expires >= before + 3600_000 - 1000 && expires <= Date.now() + 3600_000, 'default lifetime: one hour');
      assert.equal(r.body.meta.app_name, api.appName);
      const rec = await api.storage.findClientKeyByHash(hashKey(r.body.client_key), Date.now());
      assert.equal(rec?.userId, '42');
    });

    it('POST /v0/client-key and POST /v0/alias name the fields of the body they do not read, with a did-you-mean; a body of known fields has no warning', async () => {
      const ck = await api.post('/v0/client-key', { user_id: 'w1', ttl: -5, usr_id: 'x' });
      assert.equal(ck.status, 200, ck.text);
      assert.deepEqual(
        ck.body.meta.warnings.map((w: any) => [w.field, w.did_you_mean ?? null, /ignored/.test(w.message)]),
        [
          ['ttl', null, true],
          ['usr_id', 'user_id', true],
        ],
      );
      assert.equal((await api.post('/v0/client-key', { user_id: 'w1' })).body.meta.warnings, undefined);
      const alias = await api.post('/v0/alias', { emails: ['w1@alias.example', 'w1.b@alias.example'], phones: ['+14155550100'], emial: 'x' });
      assert.equal(alias.status, 200, alias.text);
      assert.deepEqual(alias.body.meta.warnings.map((w: any) => w.field).sort(), ['emial', 'phones']);
      assert.equal(alias.body.meta.warnings.find((w: any) => w.field === 'emial').did_you_mean, 'emails');
      assert.equal((await api.post('/v0/alias', { emails: ['w2@alias.example', 'w2.b@alias.example'] })).body.meta.warnings, undefined);
    });

    it('POST /v0/client-key: ttl_seconds sets the lifetime (60 s to 30 days), out of range a 400 naming it (a probe: `ttl: 60` gave an hour)', async () => {
      const before = Date.now();
      const r = await api.post('/v0/client-key', { user_id: 'ttl1', ttl_seconds: 600 });
      assert.equal(r.status, 200, r.text);
      const expires = Date.parse(r.body.expires_at);
      assert.ok(expires >= before + 600_000 - 1000 && expires <= Date.now() + 600_000, r.body.expires_at);
      assert.equal(r.body.meta.warnings, undefined);
      for (const ttl of [59, 30 * 86_400 + 1, -5, 1.5, '600']) {
        const bad = await api.post('/v0/client-key', { user_id: 'ttl1', ttl_seconds: ttl });
        assert.equal(bad.status, 400, `${ttl}: ${bad.text}`);
        assert.equal(bad.body.details[0].field, 'ttl_seconds', bad.text);
      }
    });

    it('POST /v0/client-key: a missing, blank or null user_id is a 400 naming user_id', async () => {
      for (const body of [{}, { user_id: null }, { user_id: '  ' }, { user_id: 'x'.repeat(300) }]) {
        const r = await api.post('/v0/client-key', body);
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.equal(r.body.details[0].field, 'user_id');
      }
    });

    it('every route of the OpenAPI document is classified for client keys', async () => {
      const doc = (await api.get('/v0/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
      const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
      const classified = new Set(CASES.map((c) => `${c.method} ${c.route}`));
      assert.deepEqual(
        documented.filter((r) => !classified.has(r)),
        [],
      );
    });

    for (const c of CASES) {
      it(`${c.method} ${c.route}: ${c.allowed ? 'own user only' : '403'} with a client key`, async () => {
        const bobBefore = (await api.get(`/v0/address-book/${OTHER}`)).body.data;
        const own = await call(api, key, c.method, c.own());
        if (!c.allowed) {
          assert.equal(own.status, 403, own.text);
          assert.equal(own.body.code, 'forbidden');
          assert.match(own.body.error, /client key/);
        } else {
          assert.equal(own.status, 200, own.text);
          assert.ok(!own.text.includes('bobs.friend') && !own.text.includes('other.app'), 'nothing of another user or app');
          if (c.other) {
            const other = await call(api, key, c.method, c.other());
            assert.equal(other.status, 403, other.text);
            assert.equal(other.body.code, 'forbidden');
            assert.match(other.body.details[0].field, /user_id$/);
          }
        }
        if (c.method === 'GET' || c.method === 'HEAD') {
          // HEAD follows GET.
          assert.equal((await api.request('HEAD', c.own().path, { key })).status, c.allowed ? 200 : 403);
        }
        assert.deepEqual((await api.get(`/v0/address-book/${OTHER}`)).body.data, bobBefore, "the other user's book is untouched");
      });
    }

    it("the key's own book: what its user uploaded, never another app's user of the same id", async () => {
      const r = await api.get('/v0/address-book', key);
      assert.equal(r.status, 200);
      assert.equal(r.body.meta.user_id, OWN);
      const emails = r.body.data.flatMap((c: { emails: string[] }) => c.emails);
      assert.ok(emails.includes('own@example.com'));
      assert.ok(!emails.includes('other.app@example.com'));
      // The other app's key for the same user id sees that app's book only.
      const theirs = await api.get('/v0/address-book', await mint(api, OWN, otherApp));
      assert.deepEqual(
        theirs.body.data.map((c: { email: string }) => c.email),
        ['other.app@example.com'],
      );
    });

    it("a client key's ranking weighs no cross-user signal, whatever the app's weights: its scores tell nothing of other users' books", async () => {
      // An app whose learned weights give known_by a weight (a privacy probe: a client key uploaded any
      // address and read from its score how many other users hold it, with explain or without).
      const secret = await api.newKey();
      const tenant = await tenantOfKey(api, secret);
      for (const u of ['kb-1', 'kb-2', 'kb-3']) {
        const r = await api.post('/v0/address-book', { user_id: u, source: {}, entries: [{ email: 'held.by.many@example.com' }] }, secret);
        assert.equal(r.status, 200, r.text);
      }
      await api.storage.flushIndex();
      // `accepted` too: an invite of another user accepted by the address (weighed by hand: a review).
      assert.equal((await api.post('/v0/invites-accepted', [{ email: 'held.by.many@example.com', user_id: 'kb-1', new_user_id: 'n-1' }], secret)).status, 200);
      await api.storage.saveWeights(tenant, { weights: { ...DEFAULT_WEIGHTS, known_by: 1.5, accepted: 2 }, samples: 300, trainedAt: Date.now() });
      const probe = { source: {}, entries: [{ email: 'held.by.many@example.com' }, { email: 'held.by.none@example.com' }] };
      const scores = (r: Reply) => Object.fromEntries(r.body.data.map((d: { email: string; score: number }) => [d.email, d.score]));
      // The secret key (the app's server) ranks with the app's weights: the held address is lifted.
      const bySecret = await api.post('/v0/address-book', { user_id: 'kb-secret', ...probe, explain: 1 }, secret);
      assert.equal(bySecret.status, 200, bySecret.text);
      const s = scores(bySecret);
      assert.ok(s['held.by.many@example.com'] > s['held.by.none@example.com'], JSON.stringify(s));
      // A client key: the two addresses score alike, on POST and on GET (ranked on a worker here), and
      // explain shows no known_by.
      const client = await mint(api, 'kb-browser', secret);
      for (const r of [
        await api.post('/v0/address-book', { ...probe, explain: 1 }, client),
        await api.get('/v0/address-book?explain=1', client),
        await api.get('/v0/address-book', client),
      ]) {
        assert.equal(r.status, 200, r.text);
        const c = scores(r);
        assert.equal(c['held.by.many@example.com'], c['held.by.none@example.com'], JSON.stringify(r.body.data));
        for (const d of r.body.data) assert.ok((d.explain?.known_by ?? 0) === 0 && (d.explain?.accepted ?? 0) === 0, JSON.stringify(d.explain));
      }
    });

    it('GET /v0/test carries meta.user_id; with the secret key it stays null', async () => {
      assert.equal((await api.get('/v0/test', key)).body.meta.user_id, OWN);
      assert.equal((await api.get('/v0/test')).body.meta.user_id, null);
    });

    it("a big upload (handled by a worker with the secret key) is still confined to the key's user", async () => {
      const entries = Array.from({ length: 400 }, (_, i) => ({ name: `P ${i}`, email: `p${i}@big.example` }));
      const r = await api.post('/v0/address-book', { user_id: OTHER, source: {}, entries }, key);
      assert.equal(r.status, 403);
      const ok = await api.post('/v0/address-book', { source: {}, entries, backfill: 1 }, key);
      assert.equal(ok.status, 200, ok.text);
      assert.equal(ok.body.meta.user_id, OWN);
    });

    it('a record batch naming another user beside its entries is a 403 naming user_id, nothing stored; its own user is taken', async () => {
      for (const path of ['/v0/invites-sent', '/v0/suggested-seen']) {
        const r = await api.post(path, { user_id: OTHER, entries: [{ email: 'q9@x.example' }] }, key);
        assert.equal(r.status, 403, r.text);
        assert.equal(r.body.details[0].field, 'user_id');
        const ok = await api.post(path, { user_id: OWN, entries: [{ email: 'q9@x.example' }] }, key);
        assert.equal(ok.status, 200, ok.text);
      }
    });

    it('GET /v0/address-book without an id, with the secret key, is a 400 naming user_id', async () => {
      const r = await api.get('/v0/address-book');
      assert.equal(r.status, 400);
      assert.equal(r.body.details[0].field, 'user_id');
    });

    it('expired, revoked, malformed and unknown client keys are 401', async () => {
      const expired = 'kith_ck_live_' + 'E'.repeat(40);
      const rec = (await api.storage.listKeys()).find((k) => api.key.startsWith(k.prefix))!;
      await api.storage.insertClientKey({
        id: 'ck_expired',
        appId: rec.appId,
        env: 'live',
        userId: OWN,
        hash: hashKey(expired),
        createdAt: Date.now() - 7200_000,
        expiresAt: Date.now() - 1,
      });
      for (const k of [expired, 'kith_ck_live_' + 'Z'.repeat(40), 'kith_ck_live_short']) {
        const r = await api.get('/v0/test', k);
        assert.equal(r.status, 401, k);
        assert.match(r.body.error, /client key is not valid/);
      }
      const doomed = await mint(api, OWN);
      const mine = await mint(api, 'someone-else', otherApp);
      assert.equal((await api.get('/v0/test', doomed)).status, 200);
      const n = await api.storage.revokeClientKeys(rec.appId, Date.now());
      assert.ok(n >= 2, `revoked ${n}`);
      assert.equal((await api.get('/v0/test', doomed)).status, 401);
      assert.equal((await api.get('/v0/test', key)).status, 401);
      assert.equal((await api.get('/v0/test', mine)).status, 200, "another app's keys are not revoked");
      key = await mint(api, OWN);
    });

    it('DELETE of the user removes their client keys', async () => {
      const gone = await mint(api, 'leaving');
      assert.equal((await api.post('/v0/address-book', book(undefined, 'l@example.com'), gone)).status, 200);
      assert.equal((await api.del('/v0/address-book/leaving')).status, 200);
      assert.equal((await api.get('/v0/test', gone)).status, 401);
    });

    it('CORS: only allowed origins (and this server) may use client keys; secret keys keep answering any origin', async () => {
      const rec = (await api.storage.listKeys()).find((k) => api.key.startsWith(k.prefix))!;
      await api.storage.addAppOrigin(rec.appId, 'https://app.example.com');
      const asOrigin = (origin: string, k = key) => api.request('GET', '/v0/address-book', { key: k, headers: { origin } });
      const allowed = await asOrigin('https://app.example.com');
      assert.equal(allowed.status, 200);
      assert.equal(allowed.headers.get('access-control-allow-origin'), 'https://app.example.com');
      const refused = await asOrigin('https://evil.example');
      assert.equal(refused.status, 403);
      assert.match(refused.body.error, /origin is not allowed/);
      assert.equal(refused.headers.get('access-control-allow-origin'), null);
      // The scheme's default port written out is the same origin; another port or scheme is not.
      assert.equal((await asOrigin('https://app.example.com:443')).status, 200);
      assert.equal((await asOrigin('https://App.Example.com:443')).status, 200);
      assert.equal((await asOrigin('https://app.example.com:8443')).status, 403);
      assert.equal((await asOrigin('http://app.example.com:80')).status, 403);
      assert.equal((await asOrigin(api.base)).status, 200, "this server's own pages");
      assert.equal((await api.request('GET', '/v0/address-book', { key })).status, 200, 'no Origin: a server or a phone app');
      // Another app's allowed origin is not this app's.
      const theirs = await mint(api, OWN, otherApp);
      assert.equal((await asOrigin('https://app.example.com', theirs)).status, 403);
      const secret = await api.request('GET', `/v0/address-book/${ownPath}`, { headers: { origin: 'https://evil.example' } });
      assert.equal(secret.status, 200);
      assert.equal(secret.headers.get('access-control-allow-origin'), 'https://evil.example');
    });
  });
}
