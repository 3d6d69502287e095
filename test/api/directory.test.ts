/**
 * POST /v0/alias, GET /v0/domain-emails/:domain, GET /v0/address-books (issue #14) on both engines,
 * through the real HTTP API, including the exact wire calls of the earlier service's Python client
 * (get_client_key, post_alias, get_domain_emails: its paths, quote_plus encoding, urlencoded query with
 * None left out, JSON text bodies with Content-Type application/json and a string user_id).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

/** The Python client's request: JSON text it built itself, its headers. */
function python(api: TestApi, method: string, path: string, data?: string) {
  return api.request(method, path, {
    raw: data,
    headers: { 'content-type': 'application/json', 'user-agent': 'python-yesgraph/0.6.6 CPython/3.11.7 Linux/6.1' },
  });
}

/** Python's json.dumps (", " and ": " separators). */
const dumps = (v: unknown) => JSON.stringify(v).replace(/","/g, '", "').replace(/":/g, '": ');

for (const engine of ENGINES) {
  describe(`alias, domain e-mails and the book list on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine);
      const up = (user: string, entries: unknown[]) => api.post('/v0/address-book', { user_id: user, source: { type: 'gmail' }, entries, backfill: 1 });
      assert.equal(
        (
          await up('u1', [
            { name: 'Ann Lee', email: 'ann@acme.example' },
            { name: 'Bob', email: 'bob@acme.example' },
            { name: 'Robert Work', email: 'rob@corp.example' },
          ])
        ).status,
        200,
      );
      assert.equal(
        (
          await up('u2', [
            { name: 'Ann', email: 'Ann@ACME.example' },
            { name: 'Cy', email: 'cy@acme.example' },
          ])
        ).status,
        200,
      );
      assert.equal((await up('u3', [{ email: 'ann@acme.example' }, { email: 'no-reply@acme.example' }, { email: 'x@other.example' }])).status, 200);
      assert.equal((await api.post('/v0/users', [{ id: 77, name: 'Ann Lee-Smith', email: 'ann@acme.example' }])).status, 200);
      await api.storage.flushIndex(); // domain-emails reads the key index, written after the acknowledgment (issue #13)
    });
    after(async () => {
      await api?.close();
    });

    it('get_client_key: POST /v0/client-key with {"user_id": "42"} as the Python client sends it', async () => {
      const r = await python(api, 'POST', '/v0/client-key', dumps({ user_id: String(42) }));
      assert.equal(r.status, 200, r.text);
      assert.match(r.body.client_key, /^kith_ck_live_/);
      assert.equal(r.body.user_id, '42');
    });

    it('get_domain_emails: addresses at the domain, most books first, with names the app gave', async () => {
      const r = await python(api, 'GET', '/v0/domain-emails/acme.example');
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.data, [
        { email: 'ann@acme.example', name: 'Ann Lee-Smith', books: 3 },
        { email: 'bob@acme.example', name: null, books: 1 },
        { email: 'cy@acme.example', name: null, books: 1 },
      ]);
      assert.equal(r.body.meta.total_count, 3);
      assert.equal(r.body.meta.domain, 'acme.example');
      assert.ok(!r.text.includes('no-reply'), 'junk addresses are not people');
    });

    it('get_domain_emails with page and batch_size (urlencoded), and quote_plus of the domain', async () => {
      const r = await python(api, 'GET', '/v0/domain-emails/acme.example?page=2&batch_size=2');
      assert.equal(r.status, 200);
      assert.deepEqual(
        r.body.data.map((d: { email: string }) => d.email),
        ['cy@acme.example'],
      );
      assert.deepEqual([r.body.meta.page, r.body.meta.batch_size, r.body.meta.total_count], [2, 2, 3]);
      assert.deepEqual((await python(api, 'GET', '/v0/domain-emails/ACME.example?page=9')).body.data, []);
      const bad = await python(api, 'GET', '/v0/domain-emails/not+a+domain');
      assert.equal(bad.status, 400);
      assert.equal(bad.body.details[0].field, 'domain');
      // A control character (U+0000 was a 500 on PostgreSQL, which refuses it in text) is a 400 too.
      for (const d of ['acme%00.example', 'acme%01.example', 'acme.example%7F']) {
        const r = await api.get(`/v0/domain-emails/${d}`);
        assert.equal(r.status, 400, `${d}: ${r.text}`);
        assert.equal(r.body.details[0].field, 'domain');
      }
    });

    it('domain-emails: bad paging names the parameter; another app sees nothing', async () => {
      for (const [q, field] of [
        ['page=0', 'page'],
        ['batch_size=1001', 'batch_size'],
        ['batch_size=x', 'batch_size'],
        ['page=-1', 'page'],
      ]) {
        const r = await api.get(`/v0/domain-emails/acme.example?${q}`);
        assert.equal(r.status, 400, q);
        assert.equal(r.body.details[0].field, field);
      }
      const other = await api.newKey();
      const r = await api.get('/v0/domain-emails/acme.example', other);
      assert.deepEqual([r.status, r.body.data, r.body.meta.total_count], [200, [], 0]);
    });

    it('post_alias: the addresses become one person in every book of the app, on GET and POST', async () => {
      const before = await api.get('/v0/address-book/u1');
      assert.equal(before.body.data.length, 3);
      const r = await python(api, 'POST', '/v0/alias', dumps({ emails: ['bob@acme.example', 'ROB@corp.example'] }));
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.data.emails, ['bob@acme.example', 'rob@corp.example']);
      const after = await api.get('/v0/address-book/u1');
      assert.equal(after.body.data.length, 2);
      const bob = after.body.data.find((c: { emails: string[] }) => c.emails.includes('bob@acme.example'));
      assert.deepEqual([...bob.emails].sort(), ['bob@acme.example', 'rob@corp.example']);
      // A new book (POST) of another user of the app merges them too.
      const u4 = await api.post('/v0/address-book', {
        user_id: 'u4',
        source: {},
        entries: [
          { name: 'B', email: 'bob@acme.example' },
          { name: 'R', email: 'rob@corp.example' },
        ],
      });
      assert.equal(u4.body.data.length, 1);
      // Another app is not concerned.
      const other = await api.newKey();
      const theirs = await api.post(
        '/v0/address-book',
        { user_id: 'u1', source: {}, entries: [{ email: 'bob@acme.example' }, { email: 'rob@corp.example' }] },
        other,
      );
      assert.equal(theirs.body.data.length, 2);
    });

    it('an alias group is one person for the records too: an app user, an invite or a suggestion under the other address applies', async () => {
      // Ana signed up (and was invited, and shown) as ana.silva@work.example; u8's book holds only ana@example.org.
      const book = await api.post('/v0/address-book', {
        user_id: 'u8',
        source: {},
        entries: [
          { name: 'Ana Silva', email: 'ana@example.org' },
          { name: 'Ben Ode', email: 'ben@example.org', times_contacted: 9 },
          { name: 'Cai Wu', email: 'cai@example.org', times_contacted: 5 },
        ],
      });
      assert.equal(book.status, 200, book.text);
      assert.equal((await api.post('/v0/users', [{ id: 501, email: 'ana.silva@work.example' }])).status, 200);
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: 'u8', email: 'ANA.SILVA@work.example' }])).status, 200);
      assert.equal((await api.post('/v0/suggested-seen', [{ user_id: 'u8', emails: ['ana.silva@work.example'] }])).status, 200);
      await api.storage.flushIndex();
      const names = async (query: string) => {
        const r = await api.get(`/v0/address-book/u8?${query}`);
        assert.equal(r.status, 200, r.text);
        return r.body.data.map((c: { name: string }) => c.name);
      };
      // No alias yet: nothing links the two addresses, and Ana ranks last (never written to).
      assert.deepEqual(await names('filter_existing_users=1'), ['Ben Ode', 'Cai Wu', 'Ana Silva']);
      assert.deepEqual(await names('promote_existing_users=1'), ['Ben Ode', 'Cai Wu', 'Ana Silva']);
      assert.equal((await api.post('/v0/alias', { emails: ['ana@example.org', 'ana.silva@work.example'] })).status, 200);
      assert.deepEqual(await names('filter_existing_users=1'), ['Ben Ode', 'Cai Wu']);
      assert.deepEqual(await names('filter_invites_sent=1'), ['Ben Ode', 'Cai Wu']);
      assert.deepEqual(await names('promote_existing_users=1'), ['Ana Silva', 'Ben Ode', 'Cai Wu']);
      // Shown already: below every contact not shown yet (first among them by score, with the promotion).
      assert.deepEqual(await names('filter_suggested_seen=1&promote_existing_users=1'), ['Ana Silva', 'Ben Ode', 'Cai Wu']);
      assert.deepEqual(await names('filter_suggested_seen=1'), ['Ben Ode', 'Cai Wu', 'Ana Silva']);
      // The same on a POST's answer, and the address as written stays the book's.
      const posted = await api.post('/v0/address-book', {
        user_id: 'u8',
        source: { type: 'android' },
        entries: [{ name: 'Dee', email: 'dee@example.org' }],
        promote_existing_users: 1,
      });
      assert.equal(posted.status, 200, posted.text);
      assert.equal(posted.body.data[0].name, 'Ana Silva');
      assert.deepEqual(posted.body.data[0].emails, ['ana@example.org']);
    });

    it('alias groups that share an address become one group', async () => {
      assert.equal((await api.post('/v0/alias', { emails: ['p1@x.example', 'p2@x.example'] })).status, 200);
      assert.equal((await api.post('/v0/alias', { emails: ['p3@x.example', 'p4@x.example'] })).status, 200);
      const r = await api.post('/v0/alias', { emails: ['p2@x.example', 'p3@x.example'] });
      assert.deepEqual(r.body.data.emails, ['p1@x.example', 'p2@x.example', 'p3@x.example', 'p4@x.example']);
      const b = await api.post('/v0/address-book', { user_id: 'u5', source: {}, entries: [{ email: 'p1@x.example' }, { email: 'p4@x.example' }] });
      assert.equal(b.body.data.length, 1);
    });

    it('alias errors name the field and store nothing', async () => {
      const cases: [unknown, string][] = [
        [{}, 'emails'],
        [{ emails: ['only@x.example'] }, 'emails'],
        [{ emails: ['a@x.example', 'A@x.example'] }, 'emails'],
        [{ emails: ['a@x.example', 'not an address'] }, 'emails[1]'],
        [{ emails: ['a@x.example', 'no-reply@x.example'] }, 'emails[1]'],
        [{ emails: ['a@x.example', 7] }, 'emails[1]'],
        [{ emails: Array.from({ length: 101 }, (_, i) => `a${i}@x.example`) }, 'emails'],
      ];
      for (const [body, field] of cases) {
        const r = await api.post('/v0/alias', body);
        assert.equal(r.status, 400, JSON.stringify(body));
        assert.equal(r.body.details[0].field, field, JSON.stringify(body));
      }
      const b = await api.post('/v0/address-book', { user_id: 'u6', source: {}, entries: [{ email: 'a@x.example' }, { email: 'a0@x.example' }] });
      assert.equal(b.body.data.length, 2);
    });

    it('GET /v0/address-books: users with a book, entries and last upload, paged by user id', async () => {
      const r = await api.get('/v0/address-books?batch_size=2');
      assert.equal(r.status, 200);
      assert.deepEqual(
        r.body.data.map((b: { user_id: string; entries: number }) => [b.user_id, b.entries]),
        [
          ['u1', 3],
          ['u2', 2],
        ],
      );
      assert.ok(!Number.isNaN(Date.parse(r.body.data[0].last_upload)));
      assert.ok(r.body.meta.total_count >= 3);
      const p2 = await api.get('/v0/address-books?batch_size=2&page=2');
      assert.equal(p2.body.data[0].user_id, 'u3');
      assert.equal((await api.get('/v0/address-books?page=abc')).body.details[0].field, 'page');
      assert.deepEqual((await api.get('/v0/address-books', await api.newKey())).body.data, []);
    });

    it('the three endpoints take the secret key only, and are in the OpenAPI document', async () => {
      const doc = (await api.get('/v0/openapi.json')).body;
      for (const p of ['/v0/alias', '/v0/domain-emails/{domain}', '/v0/address-books', '/v0/client-key']) assert.ok(doc.paths[p], p);
      assert.equal((await api.get('/v0/address-books', null)).status, 401);
      assert.equal((await api.request('PUT', '/v0/alias', { body: {} })).status, 405);
    });
  });
}
