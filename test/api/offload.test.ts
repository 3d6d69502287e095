/**
 * Big requests run on worker threads (src/workers/); their answers must be exactly the ones the event
 * loop gives. Two servers on each engine: one that sends every upload body and every book to a worker
 * (thresholds 0), one without workers. The same requests go to both; answers must match byte for byte,
 * apart from what differs by nature (meta.time, batch_id, request ids).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type Reply, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

/** An answer without what legitimately differs between two servers. */
function comparable(r: Reply): unknown {
  const b = structuredClone(r.body) as Record<string, any> | undefined;
  if (b && typeof b === 'object') {
    if (b.meta) {
      delete b.meta.time;
      delete b.meta.request_id;
      delete b.meta.app_name; // each test server has its own app
      for (const e of b.meta.left_out_entries ?? []) if (typeof e.batch_id === 'string') e.batch_id = 'uuid';
    }
    if (typeof b.batch_id === 'string') b.batch_id = 'uuid';
  }
  return { status: r.status, contentType: r.headers.get('content-type'), body: b };
}

const upload = (user: string, entries: unknown[], extra: Record<string, unknown> = {}) => ({
  user_id: user,
  source: { type: 'Google', email: 'Owner@Example.com', phone: '+14155550100' },
  entries,
  ...extra,
});

const ENTRIES = [
  {
    name: 'Zoë Müller',
    emails: ['Zoe.Mueller@example.com'],
    phones: ['(415) 555-0123'],
    times_contacted: 12,
    last_message_sent_date: '2026-10-01T09:30:00Z',
    is_favorite: 1,
    data: { id: 7 },
  },
  { name: 'Ana Silva', email: 'ana@example.org', last_message_received_date: 1760000000 },
  { name: 'Shop', email: 'no-reply@shop.example' },
  { name: 'Colleague', emails: ['c@example.com'], phones: ['+44 20 7946 0958'], company: 'ACME' },
  { name: 'Zoe Mueller', email: 'zoe.mueller@example.com', phone: '+1 415 555 0123', unknown_field: 'kept' },
];

for (const engine of ENGINES) {
  describe(`worker offload on ${engine}: same answers as the event loop`, { skip: await engineSkip(engine) }, () => {
    let inThread: TestApi;
    let offload: TestApi;
    let rankOnly: TestApi; // uploads on the event loop, every book ranked on a worker
    before(async () => {
      inThread = await startApi(engine, { LOG_LEVEL: 'warn', KITH_WORKERS: '0' });
      offload = await startApi(engine, { LOG_LEVEL: 'warn', KITH_WORKERS: '1', KITH_OFFLOAD_BODY_BYTES: '0', KITH_OFFLOAD_BOOK_ENTRIES: '0' });
      rankOnly = await startApi(engine, { LOG_LEVEL: 'warn', KITH_WORKERS: '1', KITH_OFFLOAD_BODY_BYTES: '100000000', KITH_OFFLOAD_BOOK_ENTRIES: '0' });
    });
    after(async () => {
      await inThread?.close();
      await offload?.close();
      await rankOnly?.close();
    });

    const both = async (method: string, path: string, body?: unknown, raw?: string) => {
      const opts = raw !== undefined ? { raw, headers: { 'content-type': 'application/json' } } : { body };
      // Other users' signals follow an upload once its key index is written (issue #13): both servers
      // must have written theirs before answering the same request.
      await inThread.storage.flushIndex();
      await offload.storage.flushIndex();
      const [a, b] = [await inThread.request(method, path, opts), await offload.request(method, path, opts)];
      assert.deepEqual(comparable(b), comparable(a), `${method} ${path}: worker answer differs from the event loop's`);
      return a;
    };

    it('POST (ranked, options, explain, backfill), then GET with options: identical', async () => {
      assert.equal((await both('POST', '/v0/address-book', upload('u1', ENTRIES))).status, 200);
      await both('POST', '/v0/address-book', upload('u1', ENTRIES.slice(1), { source: { type: 'ios', phone: '+14155550100' }, explain: 1, limit: 3 }));
      assert.deepEqual((await both('POST', '/v0/address-book', upload('u2', ENTRIES, { backfill: 'true' }))).body.data, undefined);
      await both('POST', '/v0/address-book', upload('u1', ENTRIES, { promote_matching_domain: 1, filter_blank_names: true }));
      await both('GET', '/v0/address-book/u1?explain=1&promote_matching_domain=example.org&limit=2');
      await both('GET', '/v0/address-book/u2');
    });

    it('cleaning summary, left-out listing and field warnings (issue #12): identical', async () => {
      const messy = [
        { name: 'J Smith', emial: 'x@example.com', email: 'j..smith@corp.example' },
        { name: 'Garbage', email: 'not an address' },
        { name: 'Written to', email: 'not an address either', times_contacted: 2 },
        { name: 'Desk', phone: '+1 (415) 555-0123 ext 9', phnoe: 'x' },
        { name: 'Shop', email: 'no-reply@shop.example' },
      ];
      const three = async (method: string, path: string, body?: unknown) => {
        const a = await both(method, path, body);
        const c = await rankOnly.request(method, path, { body });
        assert.deepEqual(comparable(c), comparable(a), `${method} ${path}: answer ranked on a worker after an upload on the event loop differs`);
      };
      await three('POST', '/v0/address-book', upload('u3', messy, { include_left_out: 1, limti: 3 }));
      await three('POST', '/v0/address-book', upload('u3', messy, { backfill: 1, include_left_out: 'true' }));
      await three('POST', '/v0/address-book', upload('u3', messy.slice(1), { explain: 1 }));
      await three('GET', '/v0/address-book/u3?include_left_out=1');
    });

    it('errors of big requests: identical codes, messages and details', async () => {
      await both('POST', '/v0/address-book', undefined, '{"user_id": 1, "entries": [');
      await both('POST', '/v0/address-book', { user_id: 'x', source: {}, entries: [{ name: 5 }] });
      await both('POST', '/v0/address-book', { user_id: 'x', entries: [] });
      // A required field missing beside a misspelling of it: the 400 names both, on either path.
      const typo = await both('POST', '/v0/address-book', { user_id: 'x', source: {}, entires: [{ email: 'a@example.com' }] });
      assert.equal(typo.status, 400);
      assert.equal(typo.body.error, 'Invalid request: entries is required: the body has "entires" (did you mean "entries"?).');
      assert.deepEqual(typo.body.details, [{ field: 'entries', message: 'is required: the body has "entires" (did you mean "entries"?)' }]);
      const camel = await both('POST', '/v0/address-book', { userId: 'x', source: {}, entries: [] });
      assert.match(camel.body.error, /^Invalid request: user_id is required: the body has "userId" \(did you mean "user_id"\?\)/);
      await both('POST', '/v0/address-book', upload('x', [{ email: 'a@example.com', last_message_sent_date: 'yesterday' }]));
      await both('POST', '/v0/address-book', upload('x', [{ email: 'a@example.com' }], { backfill: 'maybe' }));
      await both('POST', '/v0/address-book', { user_id: 'nobody', source: {}, entries: [{ email: 'a@example.com' }], promote_matching_domain: 1 });
      await both('GET', '/v0/address-book/nobody-at-all');
      await both('GET', '/v0/address-book/u1?limit=0');
    });
  });
}
