/**
 * Wire protocol: what existing clients send, the record endpoints, and the error body everywhere
 * (unknown routes, wrong methods, malformed and non-JSON bodies, internal failures).
 */
import assert from 'node:assert/strict';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { ENGINES, engineSkip, makeTestStorage } from '../helpers/engines.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { dumpAllRows } from '../helpers/db-scan.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createApiKey } from '../../src/services/keys.ts';

const ALL_OPTIONS_NULL = {
  filter_suggested_seen: null,
  filter_existing_users: null,
  filter_invites_sent: null,
  promote_existing_users: null,
  promote_matching_domain: null,
  filter_blank_names: null,
  limit: null,
  backfill: null,
};

function assertErrorBody(r: { body: { error: unknown; code: unknown; meta: { time: unknown; request_id: unknown } } }, code: string) {
  assert.equal(typeof r.body.error, 'string');
  assert.equal(r.body.code, code);
  assert.equal(typeof r.body.meta.time, 'number');
  assert.equal(typeof r.body.meta.request_id, 'string');
}

for (const engine of ENGINES) {
  describe(`protocol on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine);
    });
    after(async () => {
      await api?.close();
    });

    it('accepts what an existing client sends', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'jane doe',
        source: { name: null, email: null, phone: null, type: 'Google' },
        entries: [
          {
            name: 'Old Client',
            email: 'Old@Example.com',
            emails: null,
            phone: '+44 20 7946 0958',
            phones: null,
            data: null,
            is_favorite: '1',
            pinned: 7,
            times_contacted: null,
            last_message_sent_date: 1600000000.5,
            last_message_received_date: '2020-09-13T12:26:40',
            ims: [{ name: 'oc', type: 'skype' }],
            addresses: null,
            websites: null,
          },
        ],
        ...ALL_OPTIONS_NULL,
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data.length, 1);
      assert.deepEqual(r.body.data[0].emails, ['Old@Example.com']);
      assert.deepEqual(r.body.data[0].phones, ['+442079460958']);
      // GET and DELETE with a {} body and a JSON content type, and a user id with a space sent as '+'.
      const g = await api.request('GET', '/v0/address-book/jane+doe', { raw: '{}', headers: { 'content-type': 'application/json' } });
      assert.equal(g.status, 200, g.text);
      assert.equal(g.body.meta.user_id, 'jane doe');
      const g2 = await api.request('GET', '/v0/address-book/jane%20doe/', { raw: '', headers: { 'content-type': 'application/json' } });
      assert.equal(g2.status, 200, g2.text);
      const d = await api.request('DELETE', '/v0/address-book/jane+doe', { raw: '{}', headers: { 'content-type': 'application/json' } });
      assert.equal(d.status, 200, d.text);
      assert.equal(d.body.message, 'Address book for jane doe deleted.');
    });

    it('a client that sends "" for every unset field: blank dates and source type are not given, as null is (wire probe)', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'blanks',
        source: { type: '', email: '', phone: '' },
        entries: [
          { name: 'Ann Lee', email: 'ann@blank.example', last_message_sent_date: '', last_message_received_date: ' ', times_contacted: '', is_favorite: '' },
          { name: 'Bob Ray', email: 'bob@blank.example', last_message_sent_date: '2026-10-01T00:00:00Z' },
        ],
        explain: 1,
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.data.map((d: any) => d.name),
        ['Bob Ray', 'Ann Lee'],
      );
      const sent = await api.post('/v0/invites-sent', [{ user_id: 'blanks', email: 'ann@blank.example', sent_at: '' }]);
      assert.equal(sent.status, 200, sent.text);
      const seen = await api.post('/v0/suggested-seen', { entries: [{ user_id: 'blanks', emails: ['bob@blank.example'], phones: [], seen_at: '' }] });
      assert.equal(seen.status, 200, seen.text);
      // Not a blank: still refused, naming the field.
      const bad = await api.post('/v0/address-book', {
        user_id: 'blanks',
        source: { type: 'x' },
        entries: [{ email: 'c@blank.example', last_message_sent_date: 'soon' }],
      });
      assert.equal(bad.status, 400);
      assert.ok(bad.body.details.some((d: any) => d.field === 'source.type'));
    });

    it('flags accept true/false in any case and JSON booleans', async () => {
      const base = {
        user_id: 'flags',
        source: {},
        entries: [
          { name: 'A', email: 'a@example.com' },
          { email: 'b@example.com', times_contacted: 9 },
        ],
      };
      for (const v of [true, 'TRUE', 'True', 1, '1']) {
        const r = await api.post('/v0/address-book', { ...base, filter_blank_names: v });
        assert.equal(r.status, 200, r.text);
        assert.equal(r.body.data.length, 1, `filter_blank_names=${JSON.stringify(v)}`);
      }
      for (const v of [false, 'FALSE', 0, '0']) {
        const r = await api.post('/v0/address-book', { ...base, entries: [], filter_blank_names: v });
        assert.equal(r.body.data.length, 2, `filter_blank_names=${JSON.stringify(v)}`);
      }
    });

    it('GET /v0/test confirms the key', async () => {
      const r = await api.get('/v0/test');
      assert.equal(r.status, 200);
      assert.equal(r.body.message, 'You have successfully made an authorized request.');
      assert.deepEqual(Object.keys(r.body.meta).sort(), ['app_name', 'docs', 'env', 'help', 'user_id']);
      assert.equal(r.body.meta.user_id, null);
      assert.equal(r.body.meta.env, 'live');
      assert.equal(r.body.meta.app_name, api.appName);
    });

    it('GET /healthz needs no key; /readyz checks the database', async () => {
      const h = await api.get('/healthz', null);
      assert.equal(h.status, 200);
      const rd = await api.get('/readyz', null);
      assert.equal(rd.status, 200);
      assert.equal(rd.body.status, 'ok');
    });

    it('invites-sent and invites-accepted: wrapped or bare, with and without /v0', async () => {
      const a = await api.post('/v0/invites-sent', { entries: [{ user_id: 1, email: 'x@example.com', invitee_name: 'X' }] });
      assert.equal(a.status, 200, a.text);
      assert.equal(a.body.message, 'Invite sent added.');
      assert.equal(typeof a.body.meta.time, 'number');
      const b = await api.post('/invites-sent/', [{ user_id: 1, phone: '+14155550199', sent_at: 1700000000 }]);
      assert.equal(b.status, 200, b.text);
      const c = await api.post('/invites-accepted', [{ email: 'x@example.com', new_user_id: 99, accepted_at: '2026-01-01T00:00:00.000Z' }]);
      assert.equal(c.status, 200, c.text);
      assert.equal(c.body.message, 'Invite accepted added.');
      const d = await api.post('/v0/invites-accepted', { entries: [{ email: 'y@example.com', user_id: 1 }] });
      assert.equal(d.status, 200, d.text);
    });

    it('users: the message counts the users and names the app', async () => {
      const r = await api.post('/v0/users', {
        entries: [
          { id: 1, email: 'a@example.com' },
          { username: 'bee', phones: ['+14155550100'] },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.message, `Bulk of 2 users stored for ${api.appName}.`);
      assert.equal(typeof r.body.meta.docs, 'string');
    });

    it('a record with nothing usable is a 400 naming its index; nothing of the batch is stored', async () => {
      const before = (await dumpAllRows(api.url)).filter((r) => r.startsWith('invites_sent')).length;
      const r = await api.post('/v0/invites-sent', [
        { user_id: 'u', email: 'ok@example.com' },
        { user_id: 'u', email: 'not an address' },
      ]);
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.details[0].field, 'entries[1]');
      // It says why: the e-mail given names no mailbox (a placeholder too: x@x.example).
      assert.match(r.body.details[0].message, /the e-mail given names no mailbox/);
      const placeholder = await api.post('/v0/invites-sent', { entries: [{ user_id: 'w1', email: 'x@x.example' }] });
      assert.equal(placeholder.status, 400, placeholder.text);
      assert.match(placeholder.body.details[0].message, /placeholder/);
      const nothing = await api.post('/v0/invites-sent', [{ user_id: 'u', invitee_name: 'No One' }]);
      assert.equal(nothing.status, 400, nothing.text);
      assert.equal(nothing.body.details[0].message, 'needs a usable email or phone');
      const afterRows = (await dumpAllRows(api.url)).filter((r) => r.startsWith('invites_sent')).length;
      assert.equal(afterRows, before);
      const u = await api.post('/v0/users', [{ name: 'no id', email: 'a@example.com' }]);
      assert.equal(u.status, 400);
      assert.equal(u.body.details[0].field, 'entries[0].id');
      const s = await api.post('/v0/suggested-seen', { entries: [{ email: 'a@example.com' }] });
      assert.equal(s.status, 400);
      assert.equal(s.body.details[0].field, 'entries[0].user_id');
      const bad = await api.post('/v0/invites-sent', [{ user_id: 'u', email: 'a@example.com', sent_at: 'soon' }]);
      assert.equal(bad.status, 400);
      assert.equal(bad.body.details[0].field, 'entries[0].sent_at');
    });

    it('a record batch: every bad item named, why a number without its country matches no one, misspelt fields named', async () => {
      const r = await api.post('/v0/invites-sent', [
        { user_id: 'u', email: 'ok@example.com' },
        { user_id: 'u', email: 'bad' },
        { user_id: 'u', phone: '12' },
        { user_id: 'u', emial: 'typo@example.com' },
      ]);
      assert.equal(r.status, 400, r.text);
      assert.deepEqual(
        r.body.details.map((d: { field: string }) => d.field),
        ['entries[1]', 'entries[2]', 'entries[3]'],
      );
      assert.match(r.body.details[2].message, /did you mean "email"\?/);
      const national = await api.post('/v0/users', [{ id: 'a', phone: '(415) 555-0101' }]);
      assert.equal(national.status, 400, national.text);
      assert.equal(national.body.details[0].field, 'entries[0].phone');
      assert.match(national.body.details[0].message, /country code/);
      // A misspelt field beside a usable one: stored, and named in meta.warnings with what it likely means.
      const ok = await api.post('/v0/invites-sent', [{ user_id: 'w2', emial: 'q@example.com', phone: '+14155550101' }]);
      assert.equal(ok.status, 200, ok.text);
      assert.deepEqual(ok.body.meta.warnings, [
        {
          field: 'entries[].emial',
          message: 'unknown field, ignored; did you mean "email"?',
          count: 1,
          indexes: [0],
          did_you_mean: 'email',
        },
      ]);
    });

    it('unknown routes are 404 and wrong methods 405, in the error body', async () => {
      const r = await api.get('/v0/nothing-here');
      assert.equal(r.status, 404);
      assertErrorBody(r, 'not_found');
      const m = await api.request('PUT', '/v0/address-book', { body: {} });
      assert.equal(m.status, 405);
      assert.equal(m.headers.get('allow'), 'GET, HEAD, POST'); // GET: a client key's own book (issue #14)
      assertErrorBody(m, 'method_not_allowed');
      const m2 = await api.request('POST', '/v0/address-book/someone', { body: {} });
      assert.equal(m2.status, 405);
    });

    it('malformed JSON is a 400, a non-JSON body a 415, an oversized one a 413', async () => {
      const bad = await api.request('POST', '/v0/address-book', { raw: '{"user_id": ', headers: { 'content-type': 'application/json' } });
      assert.equal(bad.status, 400);
      assertErrorBody(bad, 'invalid_json');
      const text = await api.request('POST', '/v0/address-book', { raw: 'user_id=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      assert.equal(text.status, 415);
      assertErrorBody(text, 'unsupported_media_type');
      // JSON's types, with parameters or a structured suffix, are read as JSON; a longer subtype is not (a
      // probe: `application/jsonx` and `application/json5` bodies were stored).
      const body = JSON.stringify({ user_id: 'ctype', source: {}, entries: [{ email: 'ct@example.com' }] });
      for (const type of ['application/json; charset=utf-8', 'Application/JSON', 'application/vnd.api+json']) {
        const r = await api.request('POST', '/v0/address-book', { raw: body, headers: { 'content-type': type } });
        assert.equal(r.status, 200, `${type}: ${r.text}`);
      }
      for (const type of ['application/jsonx', 'application/json5', 'application/jsonp', 'application/vnd.api+jsonl']) {
        const r = await api.request('POST', '/v0/address-book', { raw: body.replace('ctype', 'ctype2'), headers: { 'content-type': type } });
        assert.equal(r.status, 415, `${type}: ${r.text}`);
        assertErrorBody(r, 'unsupported_media_type');
      }
      assert.equal((await api.get('/v0/address-book/ctype2')).status, 404, 'nothing stored from a refused body');
      const empty = await api.request('POST', '/v0/address-book', { raw: '', headers: { 'content-type': 'application/json' } });
      assert.equal(empty.status, 400);
      assertErrorBody(empty, 'invalid_json');
      const small = await startApi(engine, { KITH_BODY_LIMIT_BYTES: '2048' });
      try {
        const big = await small.post('/v0/address-book', { user_id: 'b', source: {}, entries: [{ name: 'x'.repeat(5000) }] });
        assert.equal(big.status, 413);
        assertErrorBody(big, 'payload_too_large');
      } finally {
        await small.close();
      }
    });

    it('a compressed body (Content-Encoding gzip, deflate, br) is read decompressed, small and big; a bad one is a 400, another encoding a 415, a bomb a 413', async () => {
      const json = (user: string, n: number) =>
        Buffer.from(
          JSON.stringify({ user_id: user, source: {}, entries: Array.from({ length: n }, (_, i) => ({ name: `Zed ${i}`, email: `z${i}@example.com` })) }),
        );
      const encoders: [string, (b: Buffer) => Buffer][] = [
        ['gzip', (b) => gzipSync(b)],
        ['deflate', (b) => deflateSync(b)],
        // Raw deflate without zlib's header (.NET's DeflateStream; a probe found it refused).
        ['deflate', (b) => deflateRawSync(b)],
        ['br', (b) => brotliCompressSync(b)],
        ['GZIP ', (b) => gzipSync(b)],
        ['identity', (b) => b],
      ];
      const send = (path: string, raw: Buffer, encoding: string) =>
        api.request('POST', path, { raw, headers: { 'content-type': 'application/json', 'content-encoding': encoding } });
      for (const [encoding, encode] of encoders) {
        for (const n of [1, 900]) {
          const user = `zip-${encoding.trim()}-${n}-${encoders.findIndex((x) => x[1] === encode)}`;
          const r = await send('/v0/address-book', encode(json(user, n)), encoding);
          assert.equal(r.status, 200, `${encoding} ${n}: ${r.text.slice(0, 300)}`);
          assert.equal(r.body.meta.cleaning.entries_read, n);
        }
      }
      const records = await send('/v0/users', gzipSync(Buffer.from('[{"id": 5, "email": "zipped@example.com"}]')), 'gzip');
      assert.equal(records.status, 200, records.text);
      const notGzip = await send('/v0/address-book', json('zip-bad', 1), 'gzip');
      assert.equal(notGzip.status, 400, notGzip.text);
      assertErrorBody(notGzip, 'invalid_request');
      assert.deepEqual(notGzip.body.details, [{ field: 'body', message: 'is not valid gzip' }]);
      const cut = gzipSync(json('zip-cut', 50));
      const truncated = await send('/v0/address-book', cut.subarray(0, cut.length >> 1), 'gzip');
      assert.equal(truncated.status, 400, truncated.text);
      const other = await send('/v0/address-book', json('zip-other', 1), 'compress');
      assert.equal(other.status, 415, other.text);
      assertErrorBody(other, 'unsupported_media_type');
      assert.equal(other.body.details[0].field, 'Content-Encoding');
      // A request without a body is not concerned by its Content-Encoding.
      const get = await api.request('GET', '/v0/address-book/zip-gzip-1-0', { headers: { 'content-encoding': 'compress' } });
      assert.equal(get.status, 200, get.text);
      // A route that reads no body, sent a body that is not what its encoding says, answers and the server
      // lives on (a probe: GET /healthz with `Content-Encoding: gzip` and a plain body ended the process).
      for (const [method, path] of [
        ['GET', '/healthz'],
        ['GET', '/v0/address-book/zip-gzip-1-0'],
        ['DELETE', '/v0/address-book/nobody-here'],
        ['GET', '/v0/no-such-route'],
      ] as const) {
        for (const encoding of ['gzip', 'deflate', 'br']) {
          const r = await api.request(method, path, { raw: Buffer.from('{}'), headers: { 'content-type': 'application/json', 'content-encoding': encoding } });
          assert.ok(r.status < 500, `${method} ${path} ${encoding}: ${r.status} ${r.text.slice(0, 200)}`);
        }
      }
      await new Promise((r) => setTimeout(r, 100));
      assert.equal((await api.get('/healthz')).status, 200);
      assert.equal((await api.get('/v0/address-book/zip-gzip-1-0')).status, 200);
      // Nothing of the refused ones was stored.
      for (const user of ['zip-bad', 'zip-cut', 'zip-other']) assert.equal((await api.get(`/v0/address-book/${user}`)).status, 404);
      // A body that inflates past 200-fold is no address book: refused before it fills memory to the limit.
      const spaces = gzipSync(Buffer.from(`{"user_id": "inflated", "source": {}, "entries": []${' '.repeat(4_000_000)}}`));
      const inflated = await send('/v0/address-book', spaces, 'gzip');
      assert.equal(inflated.status, 413, inflated.text);
      assert.match(inflated.body.error, /inflates more than 200-fold/);
      // The body limit holds for the decompressed bytes: 2 kB of gzip that inflate past it.
      const small = await startApi(engine, { KITH_BODY_LIMIT_BYTES: '4096' });
      try {
        const bomb = gzipSync(Buffer.from(JSON.stringify({ user_id: 'bomb', source: {}, entries: [{ name: 'x'.repeat(200_000) }] })));
        assert.ok(bomb.length < 4096);
        const r = await small.request('POST', '/v0/address-book', { raw: bomb, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
        assert.equal(r.status, 413, r.text);
        assertErrorBody(r, 'payload_too_large');
      } finally {
        await small.close();
      }
    });

    it("an entry's data comes back untouched: integers beyond 2^53 exactly (POST, GET, a big body on a worker, nested and in lists)", async () => {
      const data =
        '{"contact_id": 9007199254740993, "ids": [12345678901234567891, 7], "deep": {"n": -9223372036854775807}, "safe": 42, "s": "9007199254740993"}';
      const expect = (text: string) => {
        assert.ok(text.includes('"contact_id":9007199254740993'), text.slice(0, 400));
        assert.ok(text.includes('"ids":[12345678901234567891,7]'), text.slice(0, 400));
        assert.ok(text.includes('"deep":{"n":-9223372036854775807}'), text.slice(0, 400));
        assert.ok(text.includes('"safe":42') && text.includes('"s":"9007199254740993"'), text.slice(0, 400));
        assert.ok(!text.includes('kith-exact-int'), 'no marker shows');
      };
      const posted = await api.request('POST', '/v0/address-book', {
        raw: `{"user_id": "exact-data", "source": {}, "entries": [{"name": "Big Id", "email": "big.id@example.com", "data": ${data}}]}`,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(posted.status, 200, posted.text);
      expect(posted.text);
      expect((await api.get('/v0/address-book/exact-data')).text);
      // A big body, parsed and answered on a worker.
      const many = JSON.stringify(Array.from({ length: 900 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@exact-data.example` })));
      const big = await api.request('POST', '/v0/address-book', {
        raw: `{"user_id": "exact-data-big", "source": {}, "entries": [{"name": "Big Id", "email": "big.id@example.com", "times_contacted": 9, "data": ${data}}, ${many.slice(1)}, "limit": 1}`,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(big.status, 200, big.text.slice(0, 300));
      expect(big.text);
      // Two literals that round to one number: which is which is not known, so both stay as parsed (as before).
      const twin = await api.request('POST', '/v0/address-book', {
        raw: '{"user_id": "exact-twin", "source": {}, "entries": [{"email": "t@example.com", "data": {"a": 9007199254740993, "b": 9007199254740992}}]}',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(twin.status, 200, twin.text);
      assert.ok(twin.text.includes('"a":9007199254740992') && twin.text.includes('"b":9007199254740992'), twin.text);
      // A client's own string or key that looks like the internal marker comes back as sent (a review).
      const marked = '{"m": "\\u0000kith-exact-int:12", "\\u0000kith-exact-str:k": ["\\u0000kith-exact-str:v", 9007199254740993]}';
      const echo = await api.request('POST', '/v0/address-book', {
        raw: `{"user_id": "exact-marked", "source": {}, "entries": [{"email": "m@example.com", "data": ${marked}}]}`,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(echo.status, 200, echo.text);
      for (const text of [echo.text, (await api.get('/v0/address-book/exact-marked')).text]) {
        assert.ok(text.includes('"data":{"m":"\\u0000kith-exact-int:12","\\u0000kith-exact-str:k":["\\u0000kith-exact-str:v",9007199254740993]}'), text);
      }
    });

    it('errors name the part at fault: invalid JSON (and where), a null or too big user id, a user id not in UTF-8 in the path', async () => {
      const cut = await api.request('POST', '/v0/address-book', {
        raw: '{"user_id": "x", "source": {}, "entries": [',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(cut.status, 400);
      assert.equal(cut.body.details[0].field, 'body');
      assert.match(cut.body.details[0].message, /not valid JSON/);
      const wrong = await api.request('POST', '/v0/address-book', { raw: '\n\n  {"user_id" "x"}', headers: { 'content-type': 'application/json' } });
      assert.equal(wrong.status, 400);
      assert.deepEqual(
        wrong.body.details.map((d: { field: string }) => d.field),
        ['body'],
      );
      // Where the parser stopped, counted from 1 in the body as sent (the spaces before the JSON too).
      assert.match(wrong.body.details[0].message, /at character 16\)/);
      // A body that stops before its JSON does: said so, never "at character 14" of a 13-character body.
      assert.match(cut.body.details[0].message, /the body ends too early/);
      for (const raw of ['{"user_id":1,', '  {"user_id":1,  \n', '[{"user_id": 1', '{"user_id": "ab']) {
        const early = await api.request('POST', '/v0/address-book', { raw, headers: { 'content-type': 'application/json' } });
        assert.equal(early.status, 400, raw);
        assert.equal(early.body.code, 'invalid_json', raw);
        assert.deepEqual(early.body.details, [{ field: 'body', message: 'is not valid JSON (the body ends too early: cut short?)' }], raw);
      }
      const nullId = await api.post('/v0/address-book', { user_id: null, source: {}, entries: [] });
      assert.equal(nullId.status, 400);
      assert.deepEqual(nullId.body.details, [{ field: 'user_id', message: 'must be a string or an integer, not null' }]);
      const nullInvite = await api.post('/v0/invites-sent', [{ user_id: null, email: 'n@example.com' }]);
      assert.equal(nullInvite.status, 400);
      assert.equal(nullInvite.body.details[0].field, 'entries[0].user_id');
      // A 64-bit id sent as a JSON number (a Python or Ruby client's integer) is read exactly, as a string:
      // the parse alone rounds 1234567890123456789 to another user's id.
      const big = await api.request('POST', '/v0/address-book', {
        raw: '{"user_id": 1234567890123456789, "source": {}, "entries": [{"email": "big@example.com"}]}',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(big.status, 200, big.text);
      assert.equal(big.body.meta.user_id, '1234567890123456789');
      assert.equal((await api.get('/v0/address-book/1234567890123456789')).status, 200);
      assert.equal((await api.get('/v0/address-book/1234567890123456800')).status, 404);
      // A big body, parsed on a worker, the same way.
      const many = JSON.stringify(Array.from({ length: 900 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@big-id.example` })));
      assert.ok(many.length > 32768);
      const bigBody = await api.request('POST', '/v0/address-book', {
        raw: `{"user_id": 2345678901234567891, "source": {}, "entries": ${many}, "limit": 1}`,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(bigBody.status, 200, bigBody.text.slice(0, 300));
      assert.equal(bigBody.body.meta.user_id, '2345678901234567891');
      const records = await api.request('POST', '/v0/invites-sent', {
        raw: '[{"user_id": 1234567890123456789, "email": "a@example.com"}, {"email": "b@example.com", "user_id": -9223372036854775807}]',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(records.status, 200, records.text);
      const users = await api.request('POST', '/v0/users', {
        raw: '{"entries": [{"id": 18446744073709551615, "email": "u@example.com"}]}',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(users.status, 200, users.text);
      // Two different ids of one body that round to one number: which is which is not known, so refused.
      const twins = await api.request('POST', '/v0/invites-sent', {
        raw: '[{"user_id": 9007199254740993, "email": "a@example.com"}, {"user_id": 9007199254740992, "email": "b@example.com"}]',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(twins.status, 400);
      assert.equal(twins.body.details[0].field, 'entries[0].user_id');
      assert.match(twins.body.details[0].message, /send it as a string/);
      // A repeated key (JSON.parse keeps the last), one of them escaped: which literal is the id is not
      // known, so it is refused, never read as the other (review).
      const escaped = await api.request('POST', '/v0/address-book', {
        raw: '{"user_id": 9007199254740993, "user\\u005fid": 9007199254740992, "source": {}, "entries": []}',
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(escaped.status, 400, escaped.text);
      assert.equal(escaped.body.details[0].field, 'user_id');
      const latin1 = await api.request('GET', '/v0/address-book/Jos%E9');
      assert.equal(latin1.status, 400);
      assertErrorBody(latin1, 'invalid_request');
      assert.equal(latin1.body.details[0].field, 'user_id');
    });

    it('an empty POST body (or only spaces) with a JSON content type is invalid_json naming body; GET and DELETE ignore it', async () => {
      for (const path of ['/v0/address-book', '/v0/users', '/v0/invites-sent', '/v0/suggested-seen']) {
        for (const raw of ['', '  \r\n\t ']) {
          const r = await api.request('POST', path, { raw, headers: { 'content-type': 'application/json' } });
          assert.equal(r.status, 400, `${path} ${JSON.stringify(raw)}: ${r.text}`);
          assertErrorBody(r, 'invalid_json');
          assert.equal(r.body.details[0].field, 'body');
          assert.match(r.body.error, /empty/);
        }
      }
      const up = await api.post('/v0/address-book', { user_id: 'empty-ok', source: {}, entries: [{ email: 'e@example.com' }] });
      assert.equal(up.status, 200, up.text);
      const del = await api.request('DELETE', '/v0/address-book/empty-ok', { raw: '', headers: { 'content-type': 'application/json' } });
      assert.equal(del.status, 200, del.text);
    });

    it('JSON sent as text/plain is read as JSON; other text/plain is a 415 naming application/json', async () => {
      const body = JSON.stringify({ user_id: 'plain', source: {}, entries: [{ name: 'Pat', email: 'pat@example.com' }] });
      const up = await api.request('POST', '/v0/address-book', { raw: body, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
      assert.equal(up.status, 200, up.text);
      assert.equal(up.body.data[0].email, 'pat@example.com');
      const users = await api.request('POST', '/v0/users', { raw: '[{"id": 1, "email": "a@example.com"}]', headers: { 'content-type': 'text/plain' } });
      assert.equal(users.status, 200, users.text);
      // A big one takes the same path as application/json (parsed on a worker).
      const entries = Array.from({ length: 800 }, (_, i) => ({ name: `Person ${i}`, email: `p${i}@example.com` }));
      const big = JSON.stringify({ user_id: 'plain-big', source: {}, entries, limit: 1 });
      assert.ok(big.length > 32768);
      const bigUp = await api.request('POST', '/v0/address-book', { raw: big, headers: { 'content-type': 'text/plain' } });
      assert.equal(bigUp.status, 200, bigUp.text.slice(0, 300));
      assert.equal(bigUp.body.meta.cleaning.entries_read, 800);
      const notJson = await api.request('POST', '/v0/address-book', { raw: 'user_id=1', headers: { 'content-type': 'text/plain' } });
      assert.equal(notJson.status, 415);
      assertErrorBody(notJson, 'unsupported_media_type');
      assert.match(notJson.body.error, /application\/json/);
      const broken = await api.request('POST', '/v0/address-book', { raw: '{"user_id": ', headers: { 'content-type': 'text/plain' } });
      assert.equal(broken.status, 400);
      assertErrorBody(broken, 'invalid_json');
      const empty = await api.request('POST', '/v0/users', { raw: ' ', headers: { 'content-type': 'text/plain' } });
      assert.equal(empty.status, 400);
      assertErrorBody(empty, 'invalid_json');
      // The file upload still reads text/plain as a file.
      const file = await api.request('POST', '/v0/address-book-file?user_id=plain-file', {
        raw: 'Name,E-mail Address\nAnn Lee,ann@example.com\n',
        headers: { 'content-type': 'text/plain' },
      });
      assert.equal(file.status, 200, file.text);
      assert.equal(file.body.data[0].email, 'ann@example.com');
    });

    it('JSON sent form-encoded or without a Content-Type (curl -d, urllib, Net::HTTP) is read as JSON; a declared charset is decoded (wire probe)', async () => {
      const body = JSON.stringify({ user_id: 'form', source: {}, entries: [{ name: 'Ann Lee', email: 'ann@form.example' }] });
      const form = await api.request('POST', '/v0/address-book', { raw: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      assert.equal(form.status, 200, form.text);
      assert.equal(form.body.data[0].email, 'ann@form.example');
      const bare = await api.request('POST', '/v0/users', { raw: '[{"id": 7, "email": "bare@form.example"}]' });
      assert.equal(bare.status, 200, bare.text);
      // Other text is still a 415 naming the type expected, with or without a Content-Type.
      for (const headers of [{ 'content-type': 'application/x-www-form-urlencoded' }, {}] as Record<string, string>[]) {
        const r = await api.request('POST', '/v0/address-book', { raw: 'user_id=1&entries=x', headers });
        assert.equal(r.status, 415, r.text);
        assertErrorBody(r, 'unsupported_media_type');
        assert.match(r.body.error, /application\/json/);
      }
      // A Latin-1 body that says so is read as Latin-1; an unknown charset is read as UTF-8, as before.
      const latin1 = Buffer.from(JSON.stringify({ user_id: 'latin1', source: {}, entries: [{ name: 'Jürgen Müller', email: 'jm@form.example' }] }), 'latin1');
      const l = await api.request('POST', '/v0/address-book', { raw: latin1, headers: { 'content-type': 'application/json; charset=ISO-8859-1' } });
      assert.equal(l.status, 200, l.text);
      assert.equal(l.body.data[0].name, 'Jürgen Müller');
      assert.equal(l.body.meta.warnings, undefined);
      // As text/plain too (a browser's simple request), the charset decoded before the body is looked at.
      const be = Buffer.from(JSON.stringify([{ id: 'be', email: 'be@form.example' }]), 'utf16le').swap16();
      const plain16 = await api.request('POST', '/v0/users', { raw: be, headers: { 'content-type': 'text/plain; charset=utf-16be' } });
      assert.equal(plain16.status, 200, plain16.text);
      const utf16 = Buffer.from(`\ufeff${JSON.stringify({ user_id: 'utf16', source: {}, entries: [{ name: 'Zoë', email: 'z@form.example' }] })}`, 'utf16le');
      const u = await api.request('POST', '/v0/address-book', { raw: utf16, headers: { 'content-type': 'application/json; charset="utf-16le"' } });
      assert.equal(u.status, 200, u.text);
      assert.equal(u.body.data[0].name, 'Zoë');
      const odd = await api.request('POST', '/v0/address-book', {
        raw: JSON.stringify({ user_id: 'odd', source: {}, entries: [{ name: 'Zoë', email: 'o@form.example' }] }),
        headers: { 'content-type': 'application/json; charset=x-no-such-charset' },
      });
      assert.equal(odd.status, 200, odd.text);
      assert.equal(odd.body.data[0].name, 'Zoë');
      // The file upload takes a form-encoded body as the file (curl --data-binary @contacts.csv).
      const file = await api.request('POST', '/v0/address-book-file?user_id=form-file', {
        raw: 'Name,E-mail Address\nAnn Lee,ann@example.com\n',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      assert.equal(file.status, 200, file.text);
      assert.equal(file.body.data[0].email, 'ann@example.com');
    });

    it('a file upload with a type it does not take is a 415 naming the types it takes', async () => {
      const r = await api.request('POST', '/v0/address-book-file?user_id=pdf', { raw: '%PDF-1.4', headers: { 'content-type': 'application/pdf' } });
      assert.equal(r.status, 415);
      assertErrorBody(r, 'unsupported_media_type');
      for (const t of ['text/csv', 'text/vcard', 'text/plain', 'multipart/form-data']) assert.ok(r.body.error.includes(t), r.body.error);
      assert.doesNotMatch(r.body.error, /must be JSON/);
      assert.match(r.body.error, /not application\/pdf/);
      const json = await api.request('POST', '/v0/address-book', { raw: '%PDF-1.4', headers: { 'content-type': 'application/pdf' } });
      assert.equal(json.status, 415);
      assert.match(json.body.error, /must be JSON \(Content-Type: application\/json\)/);
    });

    it('OPTIONS without preflight headers is a 400 in the error body', async () => {
      for (const headers of [{}, { origin: 'https://app.example' }] as Record<string, string>[]) {
        const r = await api.request('OPTIONS', '/v0/address-book', { key: null, headers });
        assert.equal(r.status, 400);
        assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
        assertErrorBody(r, 'invalid_request');
        assert.match(r.body.error, /Access-Control-Request-Method/);
      }
    });

    it("unknown top-level upload fields are kept, within the bounds of an entry's data", async () => {
      const ok = await api.post('/v0/address-book', {
        user_id: 'extras',
        source: {},
        entries: [{ email: 'x@example.com' }],
        app_version: '3.1',
        device: { os: 'ios', model: { name: 'x', year: 2026 } },
        tags: ['a', 'b'],
      });
      assert.equal(ok.status, 200, ok.text);
      let deep: unknown = 1;
      for (let i = 0; i < 20; i++) deep = [deep];
      const tooDeep = await api.post('/v0/address-book', { user_id: 'extras2', source: {}, entries: [{ email: 'y@example.com' }], x: deep });
      assert.equal(tooDeep.status, 400);
      assertErrorBody(tooDeep, 'invalid_request');
      assert.equal(tooDeep.body.details[0].field, 'x');
      assert.match(tooDeep.body.error, /x must not be nested deeper than 8 levels/);
      const veryDeep = `{"user_id":"extras3","source":{},"entries":[{"email":"z@example.com"}],"x":${'['.repeat(100000)}${']'.repeat(100000)}}`;
      const r3 = await api.request('POST', '/v0/address-book', { raw: veryDeep, headers: { 'content-type': 'application/json' } });
      assert.equal(r3.status, 400, r3.text.slice(0, 300));
      assert.equal(r3.body.details[0].field, 'x');
      const tooBig = await api.post('/v0/address-book', { user_id: 'extras4', source: {}, entries: [{ email: 'w@example.com' }], blob: 'b'.repeat(20000) });
      assert.equal(tooBig.status, 400);
      assert.equal(tooBig.body.details[0].field, 'blob');
      assert.match(tooBig.body.error, /blob must be at most 16384 bytes of JSON/);
      for (const u of ['extras2', 'extras3', 'extras4']) assert.equal((await api.get(`/v0/address-book/${u}`)).status, 404);
    });

    it('__proto__ keys are removed, never interpreted', async () => {
      const raw = '{"user_id":"proto","source":{},"entries":[{"name":"P","email":"p@example.com","data":{"__proto__":{"admin":true},"ok":1}}]}';
      const r = await api.request('POST', '/v0/address-book', { raw, headers: { 'content-type': 'application/json' } });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.data[0].data, { ok: 1 });
    });

    it('CORS preflight is answered for browser clients', async () => {
      const r = await api.request('OPTIONS', '/v0/address-book', {
        key: null,
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
      });
      assert.ok(r.status === 204 || r.status === 200);
      assert.equal(r.headers.get('access-control-allow-origin'), 'https://app.example');
      assert.match(r.headers.get('access-control-allow-headers') ?? '', /authorization/i);
      // Any header a browser client asks for is granted (the key is what guards the API, not a header list).
      const custom = await api.request('OPTIONS', '/v0/address-book', {
        key: null,
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type,x-requested-with',
        },
      });
      assert.match(custom.headers.get('access-control-allow-headers') ?? '', /x-requested-with/i);
    });

    it('an internal failure is a 500 that leaks nothing', async () => {
      const db = await makeTestStorage(engine);
      const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: db.url }), storage: db.storage });
      const { key } = await createApiKey(db.storage, { app: 'doomed', env: 'live' });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as { port: number }).port;
      // A real fault: the tables disappear under the running server (keys are not cached).
      await db.storage.migrateDown().catch(() => {});
      try {
        const res = await fetch(`http://127.0.0.1:${port}/v0/address-book/someone`, { headers: { authorization: `Bearer ${key}` } });
        const body = await res.json();
        assert.equal(res.status, 500);
        assert.equal(body.code, 'internal_error');
        assert.equal(typeof body.meta.request_id, 'string');
        assert.doesNotMatch(JSON.stringify(body), /select|sqlite|relation|stack|\.ts:/i);
      } finally {
        await app.close();
        await db.cleanup();
      }
    });
  });
}
