/**
 * What a probe of the HTTP API found, fixed, on each engine and through real HTTP:
 * - query options a route does not read (unknown, misspelt, `backfill` on GET, any on POST) are named in
 *   `meta.warnings` (the shape of the upload's unknown-field warnings), never refused;
 * - a query option given more than once is a 400 naming it;
 * - a wrong item of a nullable list is one detail (its path), not two;
 * - GET and DELETE ignore whatever body they are sent, alike;
 * - a body with invalid UTF-8 is read with U+FFFD, and the answer says so.
 * Answers whose warnings are added after serialising are checked byte for byte against the serialiser,
 * on the event loop and on a worker.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type Reply, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';
import { withWarnings } from '../../src/http/routes/address-book.ts';
import { makeSchemas } from '../../src/http/schemas.ts';
import { answerSerializers } from '../../src/workers/compilers.ts';

const SOURCE = { type: 'gmail', email: 'owner@acme.example', phone: '+14155550100' };
const ENTRIES = [
  { name: 'Ann Lee', email: 'ann@example.com', times_contacted: 3 },
  { name: 'Bo Chen', email: 'bo@acme.example' },
  { name: 'Cy Dee', email: 'cy@example.org', phone: '+1 415 555 0123' },
];

const write = answerSerializers(makeSchemas({ maxEntriesPerUpload: 1000, maxStringLength: 1000 }));

/** The answer is exactly what the route's serialiser writes for its content (warnings spliced in place). */
function assertSerialised(r: Reply, kind: 'upload' | 'book') {
  assert.equal(r.text, write[kind](JSON.parse(r.text)), 'the answer is not what the serialiser writes');
}

/** The keys a warning may have: those of POST's unknown-field warnings. */
function assertWarningShape(w: Record<string, unknown>) {
  for (const k of Object.keys(w)) assert.ok(['field', 'message', 'count', 'indexes', 'did_you_mean'].includes(k), `unexpected key ${k}`);
  assert.equal(typeof w.field, 'string');
  assert.equal(typeof w.message, 'string');
  assert.ok(Number.isInteger(w.count) && (w.count as number) >= 1);
}

/** POST raw bytes (fetch: the helper's requests send strings, which cannot hold invalid UTF-8). */
async function postBytes(api: TestApi, path: string, bytes: Buffer, contentType = 'application/json'): Promise<Reply> {
  const res = await fetch(api.base + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.key}`, 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
}

/** `{"user_id": …, "entries": [{"name": "Zo<bad bytes>"…}]}` with `bad` in the first entry's name. */
function bodyWithBytes(user: string, bad: Buffer, more: unknown[] = []): Buffer {
  const tail = more.map((e) => `,${JSON.stringify(e)}`).join('');
  return Buffer.concat([
    Buffer.from(`{"user_id":${JSON.stringify(user)},"source":{},"entries":[{"name":"Zo`),
    bad,
    Buffer.from(`","email":"zo@example.com"}${tail}]}`),
  ]);
}

describe('withWarnings: warnings joined to an answer without parsing it', () => {
  it('adds meta.warnings or joins the existing list, wherever meta is', () => {
    const w = [{ field: 'limt', message: 'm', count: 1, did_you_mean: 'limit' }];
    const item = '{"field":"limt","message":"m","count":1,"did_you_mean":"limit"}';
    // The rows are not JSON: the answer is not parsed (it may hold 10,000 rows).
    const get = Buffer.from('{"data":[NOT JSON "meta":{],"meta":{"time":1,"cleaning":{"a":1}}}');
    assert.equal(withWarnings(get, w).toString(), `{"data":[NOT JSON "meta":{],"meta":{"time":1,"cleaning":{"a":1},"warnings":[${item}]}}`);
    const post = Buffer.from('{"batch_id":"b","message":"m","meta":{"time":1,"warnings":[{"x":1}]},"data":[NOT JSON "warnings":[]}');
    assert.equal(
      withWarnings(post, w).toString(),
      `{"batch_id":"b","message":"m","meta":{"time":1,"warnings":[{"x":1},${item}]},"data":[NOT JSON "warnings":[]}`,
    );
    const backfill = Buffer.from('{"batch_id":"b","message":"m","meta":{"time":1,"left_out_entries":[]}}');
    assert.equal(withWarnings(backfill, w).toString(), `{"batch_id":"b","message":"m","meta":{"time":1,"left_out_entries":[],"warnings":[${item}]}}`);
    assert.equal(withWarnings(backfill, []), backfill);
  });
});

for (const engine of ENGINES) {
  describe(`probe leftovers on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi; // no workers: everything on the event loop
    let offload: TestApi; // every body parsed and every book ranked on a worker
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn', KITH_WORKERS: '0' });
      offload = await startApi(engine, { LOG_LEVEL: 'warn', KITH_WORKERS: '1', KITH_OFFLOAD_BODY_BYTES: '0', KITH_OFFLOAD_BOOK_ENTRIES: '0' });
      for (const a of [api, offload]) {
        const r = await a.post('/v0/address-book', { user_id: 'q', source: SOURCE, entries: ENTRIES, backfill: 1 });
        assert.equal(r.status, 200, r.text);
      }
    });
    after(async () => {
      await api?.close();
      await offload?.close();
    });

    it("a generic CSV keeps an address typed in its phone column; a number none can call is no row's phone (a probe of files)", async () => {
      for (const a of [api, offload]) {
        const f = await a.request('POST', '/v0/address-book-file?user_id=csv-tel', {
          raw: 'Name,Email,Phone\nDee Ray,,dee@s.example\nZed Lee,zed@l.example,911\nAmy Fox,amy@l.example,2024-01-05\nBo Kim,bo@l.example,+1 415 555 0177\n',
          headers: { 'content-type': 'text/csv' },
        });
        assert.equal(f.status, 200, f.text);
        const rows = new Map<string, { email: string | null; phone: string | null; phones: string[] }>(f.body.data.map((r: { name: string }) => [r.name, r]));
        assert.equal(rows.get('Dee Ray')?.email, 'dee@s.example');
        for (const name of ['Zed Lee', 'Amy Fox']) {
          assert.equal(rows.get(name)?.phone, null, name);
          assert.deepEqual(rows.get(name)?.phones, [], name);
        }
        assert.equal(rows.get('Bo Kim')?.phone, '+14155550177');
        // The same through JSON.
        const j = await a.post('/v0/address-book', {
          user_id: 'json-tel',
          source: SOURCE,
          entries: [
            { name: 'Zed Lee', email: 'zed@l.example', phone: '911' },
            { name: 'Nora Direct', email: 'nora@acme.example', phone: '+44 20 7946 0958;;2' },
            { name: 'Fern Ship', email: 'fern@acme.example', phone: '+1 800 GO FEDEX' },
          ],
        });
        assert.equal(j.status, 200, j.text);
        const zed = j.body.data.find((r: { name: string }) => r.name === 'Zed Lee');
        assert.equal(zed.phone, null);
        assert.deepEqual(zed.phones, []);
        // Two pauses before an extension read as one (the number had no key: a card of only it was left out).
        assert.deepEqual(j.body.data.find((r: { name: string }) => r.name === 'Nora Direct').phones, ['+442079460958;ext=2']);
        // A string the phone reader gives no key (a vanity number it cannot spell out) is no row's phone either.
        assert.deepEqual(j.body.data.find((r: { name: string }) => r.name === 'Fern Ship').phones, []);
        const alone = await a.post('/v0/address-book', {
          user_id: 'pause-only',
          source: SOURCE,
          entries: [{ name: 'Nora Direct', phone: '+1 415 555 0123,;45' }],
        });
        assert.equal(alone.status, 200, alone.text);
        assert.deepEqual(alone.body.data[0]?.phones, ['+14155550123;ext=45']);
        // A user id the schema refuses (U+0000) is refused before any read of the user's book (a 500 on PostgreSQL).
        const nul = await a.request('POST', '/v0/address-book-file?user_id=a%00b', {
          raw: 'Name,Email\nAnn,ann@x.example\n',
          headers: { 'content-type': 'text/csv' },
        });
        assert.equal(nul.status, 400, nul.text);
        assert.equal(nul.body.details[0].field, 'user_id');
      }
    });

    it('a user id of "." or "..", which URL parsers read as dot segments, is refused wherever a user’s data is kept; nothing is stored (a privacy probe)', async () => {
      for (const id of ['.', '..', ' .. ']) {
        const r = await api.post('/v0/address-book', { user_id: id, source: SOURCE, entries: ENTRIES });
        assert.equal(r.status, 400, r.text);
        assert.equal(r.body.details[0].field, 'user_id', r.text);
        assert.match(r.body.details[0].message, /dot segment/);
        const f = await api.request('POST', `/v0/address-book-file?user_id=${encodeURIComponent(id)}`, {
          raw: 'Name,E-mail\nAnn Lee,ann@example.com\n',
          headers: { 'content-type': 'text/csv' },
        });
        assert.equal(f.status, 400, f.text);
        const k = await api.post('/v0/client-key', { user_id: id });
        assert.equal(k.status, 400, k.text);
        // Records are the user's data too: deleted only with the user's book (a review).
        const inv = await api.post('/v0/invites-sent', { entries: [{ user_id: id, email: 'ann@example.com' }] });
        assert.equal(inv.status, 400, inv.text);
      }
      // Ids that hold dots among other characters are ids like any other.
      const ok = await api.post('/v0/address-book', { user_id: '...', source: SOURCE, entries: ENTRIES, limit: 1 });
      assert.equal(ok.status, 200, ok.text);
      assert.equal((await api.del('/v0/address-book/...')).status, 200);
      const listed = await api.get('/v0/address-books?batch_size=1000');
      assert.equal(listed.status, 200, listed.text);
      assert.ok(!/"\.\.?"/.test(listed.text), listed.text);
    });

    it('GET names unknown and misspelt query options in meta.warnings, with a did-you-mean, and answers as before', async () => {
      for (const a of [api, offload]) {
        const plain = await a.get('/v0/address-book/q');
        assert.equal(plain.status, 200, plain.text);
        assert.equal(plain.body.meta.warnings, undefined);
        const r = await a.get('/v0/address-book/q?limt=1&filter_invites_snt=1&utm_source=mail&utm_source=again');
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(r.body.data, plain.body.data, 'the unknown options change nothing in the list');
        assert.deepEqual(r.body.meta.warnings, [
          { field: 'limt', message: 'unknown query option, ignored; did you mean "limit"?', count: 1, did_you_mean: 'limit' },
          {
            field: 'filter_invites_snt',
            message: 'unknown query option, ignored; did you mean "filter_invites_sent"?',
            count: 1,
            did_you_mean: 'filter_invites_sent',
          },
          { field: 'utm_source', message: 'unknown query option, ignored', count: 2 },
        ]);
        for (const w of r.body.meta.warnings) assertWarningShape(w);
        assertSerialised(r, 'book');
        // Known options still apply beside unknown ones.
        const both = await a.get('/v0/address-book/q?limit=1&Limit=2');
        assert.equal(both.status, 200, both.text);
        assert.equal(both.body.data.length, 1);
        assert.deepEqual(both.body.meta.warnings, [
          { field: 'Limit', message: 'unknown query option, ignored; did you mean "limit"?', count: 1, did_you_mean: 'limit' },
        ]);
      }
      // The warnings have the shape of POST's unknown-field warnings.
      const post = await api.post('/v0/address-book', { user_id: 'q-post', source: {}, entries: [{ email: 'x@example.com' }], limt: 1 });
      assert.equal(post.status, 200, post.text);
      assert.deepEqual(Object.keys(post.body.meta.warnings[0]), ['field', 'message', 'count', 'did_you_mean']);
    });

    it('GET /v0/address-book (a client key) names them too', async () => {
      const ck = await api.post('/v0/client-key', { user_id: 'q' });
      assert.equal(ck.status, 200, ck.text);
      const r = await api.get('/v0/address-book?limt=2', ck.body.client_key);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.meta.warnings, [
        { field: 'limt', message: 'unknown query option, ignored; did you mean "limit"?', count: 1, did_you_mean: 'limit' },
      ]);
    });

    it('GET: backfill has no effect (a warning, whatever its value); a bad value of an option GET reads is a 400 naming it', async () => {
      for (const a of [api, offload]) {
        for (const v of ['zzz', '1']) {
          const r = await a.get(`/v0/address-book/q?backfill=${v}`);
          assert.equal(r.status, 200, r.text);
          assert.equal(r.body.data.length, 3);
          assert.deepEqual(r.body.meta.warnings, [{ field: 'backfill', message: 'has no effect on GET (backfill applies to uploads), ignored', count: 1 }]);
        }
        for (const [q, field] of [
          ['limit=abc', 'limit'],
          ['explain=maybe', 'explain'],
          ['include_left_out=2', 'include_left_out'],
        ]) {
          const r = await a.get(`/v0/address-book/q?${q}&limt=1`);
          assert.equal(r.status, 400, r.text);
          assert.equal(r.body.code, 'invalid_request');
          assert.equal(r.body.details.length, 1);
          assert.equal(r.body.details[0].field, field);
        }
      }
    });

    it('a query option given more than once is a 400 naming it', async () => {
      for (const a of [api, offload]) {
        for (const [path, field] of [
          ['/v0/address-book/q?limit=5&limit=6', 'limit'],
          ['/v0/address-book/q?explain=1&explain=1', 'explain'],
          ['/v0/address-book/q?limit=1&filter_blank_names=1&filter_blank_names=0', 'filter_blank_names'],
          ['/v0/address-books?page=1&page=2', 'page'],
        ]) {
          const r = await a.get(path);
          assert.equal(r.status, 400, `${path}: ${r.text}`);
          assert.equal(r.body.code, 'invalid_request');
          assert.equal(r.body.error, `Invalid request: ${field} is given more than once.`);
          assert.deepEqual(r.body.details, [{ field, message: 'is given more than once' }]);
          assert.equal(typeof r.body.meta.request_id, 'string');
        }
        // The file upload reads its options from the query: the same 400.
        const file = await a.request('POST', '/v0/address-book-file?user_id=qf&limit=1&limit=2', {
          raw: 'Name,Email\nAnn,ann@example.com\n',
          headers: { 'content-type': 'text/csv' },
        });
        assert.equal(file.status, 400, file.text);
        assert.deepEqual(file.body.details, [{ field: 'limit', message: 'is given more than once' }]);
      }
    });

    it('POST /v0/address-book reads no query option: each one is named in meta.warnings, after the body’s own', async () => {
      for (const a of [api, offload]) {
        const body = { user_id: 'qp', source: SOURCE, entries: [...ENTRIES, { name: 'Di', email: 'di@example.net', emial: 'x' }] };
        const r = await a.post('/v0/address-book?limit=1&limt=1&utm=1', body);
        assert.equal(r.status, 200, r.text);
        assert.equal(r.body.data.length, 4, 'the query limit is not applied');
        assert.deepEqual(r.body.meta.warnings, [
          {
            field: 'entries[].emial',
            message: 'unknown field, ignored (kept with the raw upload); did you mean "email"?',
            count: 1,
            indexes: [3],
            did_you_mean: 'email',
          },
          { field: 'limit', message: 'ignored in the query: POST /v0/address-book reads it from the JSON body', count: 1 },
          {
            field: 'limt',
            message: 'unknown query option, ignored (POST /v0/address-book reads its options from the JSON body); did you mean "limit"?',
            count: 1,
            did_you_mean: 'limit',
          },
          { field: 'utm', message: 'unknown query option, ignored (POST /v0/address-book reads its options from the JSON body)', count: 1 },
        ]);
        assertSerialised(r, 'upload');
        // A backfill answer (no list), and an answer whose body had no warnings of its own.
        const b = await a.post('/v0/address-book?backfill=1', { user_id: 'qp', source: {}, entries: [{ email: 'e@example.com' }], backfill: 1 });
        assert.equal(b.status, 200, b.text);
        assert.equal(b.body.data, undefined);
        assert.deepEqual(b.body.meta.warnings, [
          { field: 'backfill', message: 'ignored in the query: POST /v0/address-book reads it from the JSON body', count: 1 },
        ]);
        assertSerialised(b, 'upload');
        const plain = await a.post('/v0/address-book?explain=1', { user_id: 'qp', source: {}, entries: [{ email: 'f@example.com' }] });
        assert.equal(plain.status, 200, plain.text);
        assert.equal(plain.body.data[0].explain, undefined);
        assert.deepEqual(
          plain.body.meta.warnings.map((w: { field: string }) => w.field),
          ['explain'],
        );
        assertSerialised(plain, 'upload');
      }
    });

    it('POST /v0/address-book-file names query options it does not read', async () => {
      const r = await api.request('POST', '/v0/address-book-file?user_id=qf&limt=1&format=csv', {
        raw: 'Name,Email\nAnn,ann@example.com\nBo,bo@example.com\n',
        headers: { 'content-type': 'text/csv' },
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data.length, 2);
      assert.deepEqual(r.body.meta.warnings, [
        { field: 'limt', message: 'unknown query option, ignored; did you mean "limit"?', count: 1, did_you_mean: 'limit' },
      ]);
    });

    it('one wrong item of a list is exactly one detail, named by its path', async () => {
      for (const path of ['/v0/suggested-seen', '/v0/invites-sent']) {
        const r = await api.post(path, {
          entries: [
            { user_id: 'q', emails: ['ann@example.com'] },
            { user_id: 'q', emails: ['bo@example.com', 5] },
          ],
        });
        assert.equal(r.status, 400, r.text);
        assert.equal(r.body.code, 'invalid_request');
        assert.deepEqual(r.body.details, [{ field: 'entries[1].emails[1]', message: 'must be a string or null' }]);
        assert.equal(r.body.error, 'Invalid request: entries[1].emails[1] must be a string or null.');
      }
      // An object with no number in it (issue #12: a phone object is read by its value) names what is read.
      const phones = await api.post('/v0/suggested-seen', [{ user_id: 'q', phones: [{}] }]);
      assert.deepEqual(
        phones.body.details.map((d: { field: string }) => d.field),
        ['entries[0].phones[0]'],
      );
      assert.match(phones.body.details[0].message, /^is no phone number/);
      // A value where a list is expected, of a kind no rule reads (one address is read as a list of it), is still named itself.
      const notList = await api.post('/v0/suggested-seen', [{ user_id: 'q', emails: true }]);
      assert.deepEqual(notList.body.details, [{ field: 'entries[0].emails', message: 'must be a list or null' }]);
      // Two problems, one field's name inside the other's, are both named: only a kind said of a value
      // with a problem inside it is dropped.
      let deep: unknown = 1;
      for (let i = 0; i < 12; i++) deep = { d: deep };
      const dotted = await api.post('/v0/address-book', { user_id: 'qd', source: {}, entries: [{ email: 'a@example.com' }], x: deep, 'x.y': deep });
      assert.equal(dotted.status, 400, dotted.text);
      assert.deepEqual(
        dotted.body.details.map((d: { field: string }) => d.field),
        ['x', 'x.y'],
      );
      // The upload, on the event loop and on a worker (its validation error comes back as a service error).
      for (const a of [api, offload]) {
        const up = await a.post('/v0/address-book', { user_id: 'qe', source: {}, entries: [{ email: 'a@example.com', addresses: [{ city: 5 }] }] });
        assert.equal(up.status, 400, up.text);
        assert.deepEqual(up.body.details, [{ field: 'entries[0].addresses[0].city', message: 'must be a string or null' }]);
        assert.equal(up.body.error, 'Invalid request: entries[0].addresses[0].city must be a string or null.');
      }
    });

    it('GET and DELETE ignore their body alike, whatever it holds and whatever its Content-Type', async () => {
      const bodies: [string, Record<string, string>][] = [
        ['{bad', { 'content-type': 'application/json' }],
        ['{bad', { 'content-type': 'text/plain' }],
        ['not json at all', { 'content-type': 'text/plain' }],
        ['<x/>', { 'content-type': 'application/xml' }],
        ['{bad', { 'content-type': 'garbage' }],
        ['{"limit": 1}', { 'content-type': 'application/json' }],
        ['{bad', {}],
      ];
      for (const [raw, headers] of bodies) {
        const what = `${headers['content-type'] ?? 'no type'} ${raw}`;
        const g = await api.request('GET', '/v0/address-book/q', { raw, headers });
        assert.equal(g.status, 200, `GET ${what}: ${g.text}`);
        assert.equal(g.body.data.length, 3, 'a body is no option');
        const g404 = await api.request('GET', '/v0/address-book/nobody', { raw, headers });
        const d404 = await api.request('DELETE', '/v0/address-book/nobody', { raw, headers });
        assert.equal(g404.status, 404, `GET ${what}: ${g404.text}`);
        assert.equal(d404.status, 404, `DELETE ${what}: ${d404.text}`);
        assert.equal(d404.body.code, 'address_book_not_found');
        const up = await api.post('/v0/address-book', { user_id: 'gone', source: {}, entries: [{ email: 'g@example.com' }], backfill: 1 });
        assert.equal(up.status, 200, up.text);
        const d = await api.request('DELETE', '/v0/address-book/gone', { raw, headers });
        assert.equal(d.status, 200, `DELETE ${what}: ${d.text}`);
        assert.equal(d.body.message, 'Address book for gone deleted.');
        assert.equal((await api.get('/v0/address-book/gone')).status, 404);
      }
      // The connection stays usable after a body left unread.
      assert.equal((await api.get('/v0/address-book/q')).status, 200);
    });

    it('a name given twice in one object of a POST body is named in meta.warnings, on the event loop and on a worker, with invalid UTF-8 before it', async () => {
      const text =
        '{"user_id":"twice","user_id":"twice-2","source":{},"entries":[{"name":"Ann Lee","email":"ann@x.example","times_contacted":9}],' +
        '"entries":[{"name":"Bo Chen","email":"bo@x.example","email":"bo.chen@x.example"}]}';
      for (const a of [api, offload]) {
        const r = await postBytes(a, '/v0/address-book', Buffer.from(text));
        assert.equal(r.status, 200, r.text);
        assert.equal(r.body.meta.user_id, 'twice-2');
        assert.deepEqual(
          r.body.meta.warnings.map((w: Record<string, unknown>) => [w.field, w.count, w.indexes]),
          [
            ['user_id', 1, undefined],
            ['entries', 1, undefined],
            // With entries given twice, no index (it could be one of the list dropped).
            ['entries[].email', 1, undefined],
          ],
        );
        for (const w of r.body.meta.warnings) assertWarningShape(w);
        assert.match(r.body.meta.warnings[0].message, /only the last value was read/);
        assert.doesNotMatch(JSON.stringify(r.body.meta.warnings), /Ann|ann@|bo@/);
        assertSerialised(r, 'upload');
        // After invalid UTF-8, before the query's.
        const bytes = Buffer.concat([
          Buffer.from('{"user_id":"twice-3","user_id":"twice-3","source":{},"entries":[{"name":"Zo'),
          Buffer.from([0xff]),
          Buffer.from('","email":"zo@example.com"}]}'),
        ]);
        const mixed = await postBytes(a, '/v0/address-book?limit=1', bytes);
        assert.equal(mixed.status, 200, mixed.text);
        assert.deepEqual(
          mixed.body.meta.warnings.map((w: Record<string, unknown>) => w.field),
          ['body', 'user_id', 'limit'],
        );
      }
      // A record batch's too.
      const rec = await postBytes(api, '/v0/users', Buffer.from('[{"id":"u1","email":"u1@x.example","email":"u1b@x.example"}]'));
      assert.equal(rec.status, 200, rec.text);
      assert.deepEqual(
        rec.body.meta.warnings.map((w: Record<string, unknown>) => [w.field, w.indexes]),
        [['entries[].email', [0]]],
      );
    });

    it('a POST body with invalid UTF-8 is read with U+FFFD and named in meta.warnings (no data in the warning)', async () => {
      const bad = Buffer.from([0xff, 0xfe, 0x41, 0xc3]); // two invalid sequences around "A", and a truncated one
      for (const a of [api, offload]) {
        const r = await postBytes(a, '/v0/address-book', bodyWithBytes('utf', bad, [{ name: 'Ok', email: 'ok@example.com' }]));
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(r.body.meta.warnings, [
          { field: 'body', message: 'the body is not valid UTF-8: 3 invalid byte sequences were replaced by U+FFFD (and stored so); send UTF-8', count: 3 },
        ]);
        assert.doesNotMatch(JSON.stringify(r.body.meta.warnings), /Zo|zo@|example/);
        assertSerialised(r, 'upload');
        const g = await a.get('/v0/address-book/utf');
        assert.ok(
          g.body.data.some((row: { name: string }) => row.name === 'Zo\uFFFD\uFFFDA\uFFFD'),
          g.text,
        );
        // With the body's own warnings, and a backfill.
        const both = await postBytes(
          a,
          '/v0/address-book?limt=1',
          Buffer.concat([Buffer.from('{"user_id":"utf","backfill":1,"source":{},"entries":[{"emial":"x","name":"'), Buffer.from([0x80]), Buffer.from('"}]}')]),
        );
        assert.equal(both.status, 200, both.text);
        assert.deepEqual(
          both.body.meta.warnings.map((w: { field: string; count: number }) => [w.field, w.count]),
          [
            ['entries[].emial', 1],
            ['body', 1],
            ['limt', 1],
          ],
        );
        assertSerialised(both, 'upload');
      }
      // U+FFFD written as valid UTF-8 by the client is no invalid byte.
      const written = await postBytes(api, '/v0/address-book', bodyWithBytes('utf-ok', Buffer.from('\uFFFD', 'utf8')));
      assert.equal(written.status, 200, written.text);
      assert.equal(written.body.meta.warnings, undefined);
      // JSON sent as text/plain is read the same way.
      const plain = await postBytes(api, '/v0/address-book', bodyWithBytes('utf-plain', Buffer.from([0xe9])), 'text/plain');
      assert.equal(plain.status, 200, plain.text);
      assert.equal(plain.body.meta.warnings[0].field, 'body');
      // The record endpoints say so too.
      const seen = await postBytes(
        api,
        '/v0/suggested-seen',
        Buffer.concat([Buffer.from('[{"user_id":"q","name":"B'), Buffer.from([0xe9]), Buffer.from('","emails":["bo@acme.example"]}]')]),
      );
      assert.equal(seen.status, 200, seen.text);
      assert.deepEqual(seen.body.meta.warnings, [
        { field: 'body', message: 'the body is not valid UTF-8: 1 invalid byte sequence was replaced by U+FFFD (and stored so); send UTF-8', count: 1 },
      ]);
      const fine = await api.post('/v0/suggested-seen', [{ user_id: 'q', emails: ['ann@example.com'] }]);
      assert.equal(fine.status, 200, fine.text);
      assert.deepEqual(Object.keys(fine.body.meta), ['time']);
    });

    it('what exporters call a phone, an address list or a postal address is named with the Kith field it means', async () => {
      const entry = {
        name: 'Ann Lee',
        email: 'ann@example.com',
        work_phone: '+1 415 555 0151',
        phone_no: '+1 415 555 0152',
        tel_no: '+1 415 555 0153',
        postal_address: '1 Main St',
        emails_list: ['ann@work.example'],
        phones_numbers: ['+1 415 555 0154'],
      };
      const r = await api.post('/v0/address-book', { user_id: 'synonyms', source: {}, entries: [entry] });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.meta.warnings.map((w: any) => [w.field, w.did_you_mean ?? null]),
        [
          ['entries[].work_phone', 'phone'],
          ['entries[].phone_no', 'phone'],
          ['entries[].tel_no', 'phone'],
          ['entries[].postal_address', 'addresses'],
          ['entries[].emails_list', 'emails'],
          ['entries[].phones_numbers', 'phones'],
        ],
      );
    });

    it('a placeholder address fuses nobody and invents nobody; a doubled at sign, a bare slash between two addresses, a note beside one, a zero-width joiner or NUL in one, a number beside one, mailto:// reach their people; a URL makes nobody', async () => {
      const entries = [
        // Two people a shop's till gave the same filler: two cards, not one mailbox.
        { name: 'Jane Doe', email: 'noemail@noemail.com', phone: '+1 415 555 0141' },
        { name: 'Rick Roe', email: 'noemail@noemail.com', phone: '+1 415 555 0142' },
        // A placeholder alone: nothing to invite, left out (as no address); with evidence, kept and marked.
        { name: 'Pat Kim', email: 'none@none.com' },
        { name: 'Lou Ng', email: 'test@test.com', times_contacted: 2 },
        { name: 'Sam Ode', email: 'test@test.com', is_favorite: 1 },
        // Typed with the at sign twice: the person, merged with the plain spelling.
        { name: 'Ann Lee', email: 'ann.lee@@example.org' },
        { name: 'Ann Lee', email: 'ann.lee@example.org', phone: '+1 415 555 0143' },
        // Two addresses joined by a slash without spaces.
        { name: 'Bo Chen', email: 'bo@x.example/bo.chen@y.example' },
        // A note beside the address: the person, merged with the plain spelling.
        { name: 'Cy Dee', email: 'cy@z.example [work]' },
        { name: 'Cy Dee', email: 'Cy Dee - cy@z.example', phone: '+1 415 555 0144' },
        // A zero-width joiner pasted into a Latin address, a NUL after one: the person of the plain spelling.
        { name: 'Di Fox', email: 'di\u200d.fox@z.example' },
        { name: 'Di Fox', email: 'di.fox@z.example\u0000', phone: '+1 415 555 0145' },
        { name: 'Di Fox', email: 'di.fox@z.example' },
        // A number beside an address in the e-mail field: a phone of the person.
        { name: 'Eve Gill', email: '+1 415 555 0146; eve@z.example; 2024-01-05' },
        // mailto: with slashes is the person; a web URL with an '@' makes nobody.
        { name: 'Flo Hart', email: 'mailto://flo@z.example' },
        { name: 'Flo Hart', email: 'flo@z.example', phone: '+1 415 555 0147' },
        { name: 'Web Page', email: 'https://z.example/people/flo@z.example' },
      ];
      for (const a of [api, offload]) {
        const r = await a.post('/v0/address-book', { user_id: 'placeholders', source: SOURCE, entries, explain: 1 });
        assert.equal(r.status, 200, r.text);
        const rows = r.body.data.map((c: any) => [c.name, c.emails, c.phones, c.unusable ?? null]);
        const byName = new Map(rows.map((x: any[]) => [x[0], x]));
        assert.deepEqual(byName.get('Jane Doe'), ['Jane Doe', [], ['+14155550141'], null]);
        assert.deepEqual(byName.get('Rick Roe'), ['Rick Roe', [], ['+14155550142'], null]);
        assert.equal(byName.has('Pat Kim'), false);
        assert.deepEqual(byName.get('Lou Ng'), ['Lou Ng', [], [], { reason: 'invalid', emails: ['test@test.com'] }]);
        assert.deepEqual(byName.get('Sam Ode'), ['Sam Ode', [], [], { reason: 'invalid', emails: ['test@test.com'] }]);
        assert.deepEqual(byName.get('Ann Lee'), ['Ann Lee', ['ann.lee@example.org'], ['+14155550143'], null]);
        assert.deepEqual(byName.get('Bo Chen'), ['Bo Chen', ['bo@x.example', 'bo.chen@y.example'], [], null]);
        assert.deepEqual(byName.get('Cy Dee'), ['Cy Dee', ['cy@z.example'], ['+14155550144'], null]);
        assert.deepEqual(byName.get('Di Fox'), ['Di Fox', ['di.fox@z.example'], ['+14155550145'], null]);
        assert.deepEqual(byName.get('Eve Gill'), ['Eve Gill', ['eve@z.example'], ['+14155550146'], null]);
        assert.deepEqual(byName.get('Flo Hart'), ['Flo Hart', ['flo@z.example'], ['+14155550147'], null]);
        assert.equal(byName.has('Web Page'), false);
        assert.equal(rows.length, 10, JSON.stringify(rows));
        assert.deepEqual(r.body.meta.cleaning, {
          entries_read: 17,
          contacts: 10,
          merged: 5,
          left_out: 2,
          left_out_by_reason: { invalid: 2 },
          kept_without_address: 2,
          book_contacts: 10,
        });
        assert.deepEqual(r.body.meta.left_out_entries, [
          { index: 2, reason: 'invalid' },
          { index: 16, reason: 'invalid' },
        ]);
        // GET says the same of the book.
        const g = await a.get('/v0/address-book/placeholders?explain=1');
        assert.equal(g.status, 200, g.text);
        assert.deepEqual(g.body.data.map((c: any) => c.name).sort(), rows.map((x: any[]) => x[0]).sort());
        assert.equal(g.body.meta.cleaning.left_out, 2);
        assert.deepEqual(
          g.body.meta.left_out_entries.map((x: any) => [x.index, x.reason]),
          [
            [2, 'invalid'],
            [16, 'invalid'],
          ],
        );
      }
    });
  });
}
