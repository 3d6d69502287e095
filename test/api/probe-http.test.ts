/**
 * Faults a black-box probe found at the HTTP layer: doubled slashes in paths, the 413's limit and
 * `Expect: 100-continue`, error answers without X-Request-Id or CORS headers, the 431 of a long URL,
 * disconnects mid-body, the validator's wording, MySQL's zero date and the words flags take.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

/**
 * Sends `head` (the request line and headers) on a raw socket and, when the server answers 100
 * Continue, `body`; resolves with everything the server wrote until it closed or `quietMs` passed.
 */
function rawExchange(base: string, head: string, body = '', quietMs = 1500): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let got = '';
    let timer: NodeJS.Timeout;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(got);
    };
    const quiet = () => {
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    };
    socket.on('connect', () => {
      socket.write(head);
      quiet();
    });
    socket.on('data', (d: Buffer) => {
      const before = got;
      got += d.toString('utf8');
      if (!before.includes('100 Continue') && got.startsWith('HTTP/1.1 100 Continue')) socket.write(body);
      quiet();
    });
    socket.on('end', done);
    socket.on('error', (e) => (got === '' ? reject(e) : done()));
  });
}

for (const engine of ENGINES) {
  describe(`HTTP probe faults on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine);
    });
    after(async () => {
      await api?.close();
    });

    it('reads a doubled slash in a path as one, keeps an encoded slash in a user id, never reads an empty user id', async () => {
      // A client whose base URL ends in '/' writes '//v0/...'.
      const up = await api.post('//v0/address-book', { user_id: 'a/b', source: {}, entries: [{ email: 'ann@example.com' }] });
      assert.equal(up.status, 200, up.text);
      const test = await api.get('/v0//test');
      assert.equal(test.status, 200, test.text);
      for (const path of ['/v0/address-book/a%2Fb', '/v0/address-book//a%2Fb', '//v0//address-book//a%2Fb//']) {
        const r = await api.get(path);
        assert.equal(r.status, 200, `${path}: ${r.text}`);
        assert.equal(r.body.meta.user_id, 'a/b', path);
      }
      // Encoded slashes are never merged: a%2F%2Fb is the user "a//b", who has no book.
      const other = await api.get('/v0/address-book/a%2F%2Fb');
      assert.equal(other.status, 404, other.text);
      assert.equal(other.body.code, 'address_book_not_found');
      // No user id between the slashes is no user id: a 400, never a user "".
      for (const path of ['/v0/address-book//', '/v0/address-book///']) {
        const r = await api.get(path);
        assert.equal(r.status, 400, `${path}: ${r.text}`);
        assert.equal(r.body.details[0].field, 'user_id');
      }
      // DELETE of the collection with a trailing slash names the missing id too (it was a 405 naming GET,
      // HEAD and POST).
      for (const path of ['/v0/address-book/', '/v0/users/']) {
        const r = await api.del(path);
        assert.equal(r.status, 400, `${path}: ${r.text}`);
        assert.equal(r.body.details[0].field, 'user_id');
      }
      const gone = await api.del('/v0/address-book//a%2Fb');
      assert.equal(gone.status, 200, gone.text);
      // A known path with a doubled slash and another method: the 405 still lists its methods.
      const put = await api.request('PUT', '//v0/address-book');
      assert.equal(put.status, 405, put.text);
      assert.match(put.headers.get('allow') ?? '', /POST/);
    });

    it('names the body limit in bytes in a 413, and answers an over-limit Expect: 100-continue at once, without the 100', async () => {
      const small = await startApi(engine, { KITH_BODY_LIMIT_BYTES: '2048' });
      try {
        const big = await small.post('/v0/address-book', { user_id: 'b', source: {}, entries: [{ name: 'x'.repeat(5000) }] });
        assert.equal(big.status, 413, big.text);
        assert.equal(big.body.code, 'payload_too_large');
        assert.match(big.body.error, /at most 2048 bytes \(2 KiB\)/);
        assert.match(big.body.error, /batches of 500 entries/);
        assert.deepEqual(big.body.details, [{ field: 'body', message: 'must be at most 2048 bytes (2 KiB)' }]);
        assert.ok(big.headers.get('x-request-id'));

        const host = new URL(small.base).host;
        const upload = JSON.stringify({ user_id: 'c', source: {}, entries: [{ email: 'ann@example.com' }] });
        const head = (length: number, key: string | null = small.key) =>
          `POST /v0/address-book HTTP/1.1\r\nHost: ${host}\r\n${key === null ? '' : `Authorization: Bearer ${key}\r\n`}` +
          `Content-Type: application/json\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`;
        // Over the limit: a 413 naming it, no 100 first, and the connection closed (the body never came).
        const over = await rawExchange(small.base, head(10_000_000));
        assert.match(over, /^HTTP\/1\.1 413 /, over);
        assert.doesNotMatch(over, /100 Continue/);
        assert.match(over, /x-request-id: /i);
        assert.match(over, /connection: close/i);
        assert.match(over, /must be at most 2048 bytes/);
        // No key: a 401 without asking for the body either.
        const nokey = await rawExchange(small.base, head(upload.length, null));
        assert.match(nokey, /^HTTP\/1\.1 401 /, nokey);
        // Under the limit: the 100, then the body, then the answer.
        const ok = await rawExchange(small.base, head(upload.length), upload);
        assert.match(ok, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /, ok);
        assert.match(ok, /Address book for c added/);
      } finally {
        await small.close();
      }
    });

    it('answers a path that is not percent-encoding, and a request that is not HTTP, with X-Request-Id, CORS and the error body', async () => {
      const origin = { origin: 'https://a.com' };
      for (const [path, field, hint] of [
        ['/v0/address-book/a%b', 'user_id', /holds a % not followed by two hex digits/],
        ['/v0/address-book/Jos%E9', 'user_id', /%C3%A9/],
        ['/v0/te%st', 'url', /holds a % not followed by two hex digits/],
        ['/v0/users/a%b', 'user_id', /holds a % not followed by two hex digits/],
        ['/v0/domain-emails/ex%E9.com', 'domain', /%C3%A9/],
      ] as const) {
        const r = await api.request('GET', path, { headers: origin });
        assert.equal(r.status, 400, r.text);
        assert.equal(r.body.code, 'invalid_request');
        assert.equal(r.body.details[0].field, field);
        assert.match(r.body.details[0].message, hint);
        assert.equal(r.headers.get('x-request-id'), r.body.meta.request_id);
        assert.equal(r.headers.get('access-control-allow-origin'), 'https://a.com');
        assert.match(r.headers.get('access-control-expose-headers') ?? '', /X-Request-Id/);
        assert.ok(r.body.meta.time > 0, r.text);
      }
      // A path parameter of any length the request line takes is the route's to judge, naming its field and
      // limit (a probe: from 1,025 characters on, the router's own limit answered it as bad percent-encoding).
      for (const [method, path, field] of [
        ['GET', `/v0/address-book/${'a'.repeat(1200)}`, 'user_id'],
        ['DELETE', `/v0/address-book/${'a'.repeat(5000)}`, 'user_id'],
        ['DELETE', `/v0/users/${'a'.repeat(1200)}`, 'user_id'],
        ['GET', `/v0/domain-emails/${'a'.repeat(1200)}.com`, 'domain'],
      ] as const) {
        const r = await api.request(method, path);
        assert.equal(r.status, 400, `${method} ${path.slice(0, 30)}…: ${r.text}`);
        assert.equal(r.body.details[0].field, field, r.text);
        assert.match(r.body.details[0].message, field === 'user_id' ? /at most 256 characters/ : /at most 253 characters/, r.text);
      }
      // Not valid HTTP (a header line without a colon): answered on the socket, the id in the header and the body.
      const host = new URL(api.base).host;
      const bad = await rawExchange(api.base, `GET /v0/test HTTP/1.1\r\nHost: ${host}\r\nOrigin: https://a.com\r\nno colon here\r\n\r\n`);
      assert.match(bad, /^HTTP\/1\.1 400 /, bad);
      const id = /\r\nx-request-id: ([\w-]+)\r\n/i.exec(bad)?.[1];
      assert.ok(id, bad);
      const body = JSON.parse(bad.slice(bad.indexOf('\r\n\r\n') + 4));
      assert.equal(body.code, 'invalid_request');
      assert.equal(body.error, 'The request is not valid HTTP.');
      assert.equal(body.meta.request_id, id);
      assert.match(bad, /\r\naccess-control-allow-origin: https:\/\/a\.com\r\n/i);
      // Headers too large: a 431 with its id too.
      const huge = await rawExchange(api.base, `GET /v0/test HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
      assert.match(huge, /^HTTP\/1\.1 431 /, huge);
      assert.match(huge, /\r\nx-request-id: [\w-]+\r\n/i);
    });

    it('names the request line and the limit in the 431 of a long query string', async () => {
      const r = await api.get(`/v0/address-book/u1?q=${'x'.repeat(17_000)}`);
      assert.equal(r.status, 431, r.text);
      assert.equal(r.body.code, 'invalid_request');
      assert.match(r.body.error, /at most 16384 bytes/);
      assert.equal(r.body.details.length, 1);
      assert.equal(r.body.details[0].field, 'headers');
      assert.match(r.body.details[0].message, /request line \(the URL with its query string\).*at most 16384 bytes/);
      assert.equal(r.headers.get('x-request-id'), r.body.meta.request_id);
    });

    it('logs a client that disconnects mid-body at info, not as an error', async () => {
      const { hostname, port } = new URL(api.base);
      const from = api.logs.length;
      for (const [path, type] of [
        ['/v0/address-book', 'application/json'],
        ['/v0/address-book-file?user_id=u9', 'text/vcard'],
      ]) {
        await new Promise<void>((resolve) => {
          const socket = net.connect(Number(port), hostname, () => {
            socket.write(
              `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${api.key}\r\nContent-Type: ${type}\r\nContent-Length: 100000\r\n\r\n{"user_id": "u9", "source": {}, "entries": [`,
            );
            setTimeout(() => {
              socket.destroy();
              resolve();
            }, 200);
          });
        });
      }
      // The server notices the reset and logs it.
      let lines: { level: number; msg: string }[] = [];
      for (let i = 0; i < 50; i++) {
        lines = api.logs.slice(from).map((l) => JSON.parse(l));
        if (lines.filter((l) => /disconnected/.test(l.msg)).length >= 2) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.deepEqual(
        lines.filter((l) => l.level >= 40),
        [],
        'a client that went away is no error',
      );
      assert.equal(lines.filter((l) => l.level === 30 && /disconnected/.test(l.msg)).length, 2, JSON.stringify(lines));
      // Not counted as errors, and out of the in-flight count (a review: each was an internal_error, in flight for good).
      const metrics = await api.get('/metrics');
      assert.doesNotMatch(metrics.text, /kith_errors_total\{[^}]*code="internal_error"/);
      assert.match(metrics.text, /\nkith_http_requests_in_flight 1\n/);
    });

    it('a second review: deflate with bytes after its end, a compressed body a route does not read on a kept-alive connection, an empty user id on DELETE, Expect on a route that reads no body, a % in the query', async () => {
      const json = Buffer.from(JSON.stringify({ user_id: 'trail', source: {}, entries: [{ name: 'A', emails: ['a@example.com'] }] }));
      const within = <T>(p: Promise<T>) =>
        Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer in 10 s')), 10_000))]);
      for (const body of [Buffer.concat([deflateSync(json), Buffer.from('\n')]), Buffer.concat([deflateRawSync(json), Buffer.from('\n')])]) {
        const r = await within(
          api.request('POST', '/v0/address-book', { raw: body, headers: { 'content-type': 'application/json', 'content-encoding': 'deflate' } }),
        );
        assert.ok(r.status === 200 || r.status === 400, `${r.status} ${r.text.slice(0, 200)}`);
      }
      // A GET with a valid gzip body, then another request on the same connection: both answered.
      const host = new URL(api.base).host;
      const gz = gzipSync(Buffer.from('x'.repeat(300_000)));
      const two = await new Promise<string>((resolve, reject) => {
        const { hostname, port } = new URL(api.base);
        const socket = net.connect(Number(port), hostname, () => {
          socket.write(
            Buffer.concat([
              Buffer.from(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\nContent-Encoding: gzip\r\nContent-Length: ${gz.length}\r\n\r\n`),
              gz,
              Buffer.from(`GET /v0/test HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${api.key}\r\n\r\n`),
            ]),
          );
        });
        let got = '';
        let timer: NodeJS.Timeout | undefined;
        socket.on('data', (d: Buffer) => {
          got += d.toString('utf8');
          clearTimeout(timer);
          timer = setTimeout(() => {
            socket.destroy();
            resolve(got);
          }, 1500);
        });
        socket.on('error', reject);
        setTimeout(() => {
          socket.destroy();
          resolve(got);
        }, 8000);
      });
      assert.equal((two.match(/HTTP\/1\.1 200 /g) ?? []).length, 2, two.slice(0, 300));
      const del = await api.del('/v0/address-book//');
      assert.equal(del.status, 400, del.text);
      assert.equal(del.body.details[0].field, 'user_id');
      // A compressed JSON body on a path with no route is read as such: the 404 (or the DELETE's 400), not a 400 of JSON.
      const zipped = gzipSync(Buffer.from('{}'));
      for (const [method, path, status] of [
        ['POST', '/v0/nope', 404],
        ['DELETE', '/v0/address-book//', 400],
      ] as const) {
        const r = await api.request(method, path, { raw: zipped, headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' } });
        assert.equal(r.status, status, `${method} ${path}: ${r.text}`);
      }
      // Expect: 100-continue and a big Content-Length on a route that reads no body: answered as without it.
      const expect = await rawExchange(api.base, `GET /healthz HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 104857600\r\nExpect: 100-continue\r\n\r\n`);
      assert.match(expect, /HTTP\/1\.1 200 /, expect.slice(0, 300));
      assert.doesNotMatch(expect, / 413 /);
      // A client gone after its whole body, before the answer: out of the in-flight count all the same.
      const { hostname, port } = new URL(api.base);
      const full = JSON.stringify({ user_id: 'gone', source: {}, entries: Array.from({ length: 300 }, (_, i) => ({ email: `g${i}@example.com` })) });
      await new Promise<void>((resolve) => {
        const socket = net.connect(Number(port), hostname, () => {
          socket.write(
            `POST /v0/address-book HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${api.key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(full)}\r\n\r\n${full}`,
          );
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 5);
        });
      });
      let flight = '';
      for (let i = 0; i < 40; i++) {
        await new Promise((r) => setTimeout(r, 100));
        flight = /\nkith_http_requests_in_flight (\d+)\n/.exec((await api.get('/metrics')).text)?.[1] ?? '';
        if (flight === '1') break;
      }
      assert.equal(flight, '1');
      // Requests queued behind an upload on a connection its client closes leave the count too (a review).
      const big = JSON.stringify({ user_id: 'queued', source: {}, entries: Array.from({ length: 1000 }, (_, i) => ({ email: `q${i}@example.com` })) });
      await new Promise<void>((resolve) => {
        const socket = net.connect(Number(port), hostname, () => {
          socket.write(
            `POST /v0/address-book HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${api.key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(big)}\r\n\r\n${big}` +
              `GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`.repeat(5),
          );
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 10);
        });
      });
      for (let i = 0; i < 40; i++) {
        await new Promise((r) => setTimeout(r, 100));
        flight = /\nkith_http_requests_in_flight (\d+)\n/.exec((await api.get('/metrics')).text)?.[1] ?? '';
        if (flight === '1') break;
      }
      assert.equal(flight, '1');
      // A % in the query is not the path's fault: the hint is the path's own (Latin-1).
      const pct = await api.get('/v0/address-book/Jos%E9?note=100%');
      assert.equal(pct.status, 400, pct.text);
      assert.match(pct.body.details[0].message, /%C3%A9/);
    });

    it("words the schema's length and size bounds in plain English", async () => {
      const post = (body: Record<string, unknown>) => api.post('/v0/address-book', { source: {}, entries: [{ email: 'ann@example.com' }], ...body });
      const empty = await post({ user_id: '' });
      assert.equal(empty.status, 400, empty.text);
      assert.deepEqual(empty.body.details, [{ field: 'user_id', message: 'must not be empty' }]);
      assert.equal(empty.body.error, 'Invalid request: user_id must not be empty.');
      const long = await post({ user_id: 'u'.repeat(257) });
      assert.equal(long.status, 400, long.text);
      assert.deepEqual(long.body.details, [{ field: 'user_id', message: 'must be at most 256 characters' }]);
      const many = await post({ user_id: 'u1', entries: [{ emails: Array.from({ length: 1001 }, (_, i) => `a${i}@example.com`) }] });
      assert.equal(many.status, 400, many.text);
      assert.deepEqual(many.body.details, [{ field: 'entries[0].emails', message: 'must hold at most 1000 items' }]);
      assert.doesNotMatch(JSON.stringify([empty.body, long.body, many.body]), /NOT have/);
    });

    it("reads MySQL's zero date as no date, named in meta.warnings, on an upload and on the records; other unreadable dates stay a 400", async () => {
      const up = await api.post('/v0/address-book', {
        user_id: 'zero',
        source: {},
        entries: [
          { email: 'ann@example.com', last_message_sent_date: '0000-00-00 00:00:00', last_message_received_date: '0000-00-00' },
          { email: 'bob@example.com', last_message_sent_date: '0000-00-00T00:00:00' },
          { email: 'cy@example.com', last_message_sent_date: '2026-01-05T10:00:00Z' },
        ],
      });
      assert.equal(up.status, 200, up.text);
      const sent = up.body.meta.warnings.find((w: { field: string }) => w.field === 'entries[].last_message_sent_date');
      assert.equal(sent.count, 2, up.text);
      assert.deepEqual(sent.indexes, [0, 1]);
      assert.match(sent.message, /zero date/);
      const received = up.body.meta.warnings.find((w: { field: string }) => w.field === 'entries[].last_message_received_date');
      assert.deepEqual(received.indexes, [0]);
      // Read as no date: the contact written to on a real date ranks first.
      assert.equal(up.body.data[0].email, 'cy@example.com');
      const bad = await api.post('/v0/address-book', {
        user_id: 'zero',
        source: {},
        entries: [{ email: 'ann@example.com', last_message_sent_date: '2026-00-00' }],
      });
      assert.equal(bad.status, 400, bad.text);
      assert.equal(bad.body.details[0].field, 'entries[0].last_message_sent_date');

      for (const [path, item, field] of [
        ['/v0/invites-sent', { user_id: 'zero', email: 'ann@example.com', sent_at: '0000-00-00 00:00:00' }, 'sent_at'],
        ['/v0/invites-accepted', { user_id: 'zero', new_user_id: 'z2', email: 'ann@example.com', accepted_at: '0000-00-00' }, 'accepted_at'],
        ['/v0/suggested-seen', { user_id: 'zero', email: 'ann@example.com', seen_at: '0000-00-00T00:00:00' }, 'seen_at'],
      ] as const) {
        const r = await api.post(path, { entries: [item] });
        assert.equal(r.status, 200, `${path}: ${r.text}`);
        assert.deepEqual(
          r.body.meta.warnings.map((w: { field: string; indexes: number[] }) => [w.field, w.indexes]),
          [[`entries[].${field}`, [0]]],
        );
        const refused = await api.post(path, { entries: [{ ...item, [field]: '0000-00-31' }] });
        assert.equal(refused.status, 400, refused.text);
        assert.equal(refused.body.details[0].field, `entries[0].${field}`);
      }
    });
  });
}
