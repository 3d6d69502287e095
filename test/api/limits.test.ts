/**
 * Every configurable limit, over real HTTP: body size (413), entries per upload, string lengths, size
 * and depth of `data` (400 naming the field), and the per-key rate limit (429 with Retry-After), in
 * memory and in Redis. A refused request stores nothing. (The 413 of the default route and the
 * malformed-body cases are in protocol.test.ts.)
 */
import assert from 'node:assert/strict';
import { createConnection } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../../src/app.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { startApi, type Reply, type TestApi } from '../helpers/api.ts';
import { dumpAllRows } from '../helpers/db-scan.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';
import { countSkip } from '../helpers/skip.ts';

const REDIS_URL = process.env.KITH_TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING at REDIS_URL (1 s budget); warns loudly when not. */
async function redisSkip(): Promise<string | false> {
  const u = new URL(REDIS_URL);
  const ok = await new Promise<boolean>((resolve) => {
    const s = createConnection({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (v: boolean) => {
      s.destroy();
      resolve(v);
    };
    s.setTimeout(1000, () => done(false));
    s.on('error', () => done(false));
    s.on('connect', () => s.write('PING\r\n'));
    s.on('data', (d) => done(String(d).startsWith('+PONG')));
  });
  if (ok) return false;
  const reason = `Redis not reachable at ${REDIS_URL} (set KITH_TEST_REDIS_URL): Redis rate-limit tests SKIPPED`;
  process.stderr.write(`\n*** WARNING: ${reason} ***\n\n`);
  countSkip('Redis tests', reason);
  return reason;
}

function assertError(r: Reply, status: number, code: string): void {
  assert.equal(r.status, status, r.text);
  assert.equal(r.body.code, code);
  assert.equal(typeof r.body.error, 'string');
  assert.equal(typeof r.body.meta.request_id, 'string');
  assert.equal(typeof r.body.meta.time, 'number');
}

async function rows(api: TestApi): Promise<string[]> {
  await api.storage.flushIndex(); // earlier accepted uploads' index work is done: only the request under test could change rows
  return (await dumpAllRows(api.url)).sort();
}

for (const engine of ENGINES) {
  describe(`limits on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, {
        KITH_BODY_LIMIT_BYTES: '4096',
        KITH_MAX_ENTRIES: '3',
        KITH_MAX_STRING_LENGTH: '32',
        KITH_MAX_DATA_BYTES: '64',
        KITH_MAX_DATA_DEPTH: '2',
      });
    });
    after(async () => {
      await api?.close();
    });

    /** Posts `body`, expects a 400 naming `field` (or the given status), and an unchanged database. */
    async function refused(path: string, body: unknown, field: string | null, status = 400, code = 'invalid_request') {
      const before = await rows(api);
      const r = await api.post(path, body);
      assertError(r, status, code);
      if (field !== null) assert.equal(r.body.details?.[0]?.field, field, r.text);
      assert.deepEqual(await rows(api), before, 'a refused request stored something');
      return r;
    }

    const upload = (entries: unknown[], extra: Record<string, unknown> = {}) => ({ user_id: 'lim', source: {}, entries, ...extra });

    it('body size: a body over KITH_BODY_LIMIT_BYTES is a 413 on every POST endpoint; one under it is accepted', async () => {
      const name = 'n'.repeat(30);
      const big = Array.from({ length: 3 }, (_, i) => ({ name, email: `${'e'.repeat(20)}${i}@example.com`, photos: Array(40).fill('x'.repeat(30)) }));
      assert.ok(JSON.stringify(upload(big)).length > 4096);
      await refused('/v0/address-book', upload(big), null, 413, 'payload_too_large');
      const list = Array.from({ length: 3 }, () => ({ user_id: 'lim', email: 'a@example.com', emails: Array(100).fill('b@example.com') }));
      assert.ok(JSON.stringify(list).length > 4096);
      await refused('/v0/invites-sent', list, null, 413, 'payload_too_large');
      await refused('/invites-accepted', list, null, 413, 'payload_too_large');
      await refused(
        '/v0/users',
        list.map((x) => ({ ...x, id: 1 })),
        null,
        413,
        'payload_too_large',
      );
      const ok = await api.post('/v0/address-book', upload([{ name, email: 'ok@example.com' }]));
      assert.equal(ok.status, 200, ok.text);
    });

    it('entries per upload: more than KITH_MAX_ENTRIES is a 400 on the upload and on every record endpoint', async () => {
      const four = Array.from({ length: 4 }, (_, i) => ({ email: `p${i}@example.com` }));
      const r = await refused('/v0/address-book', upload(four), 'entries');
      assert.match(r.body.error, /entries/);
      await refused(
        '/v0/invites-sent',
        four.map((e) => ({ ...e, user_id: 'lim' })),
        'entries',
      );
      await refused('/v0/invites-accepted', { entries: four }, 'entries');
      await refused(
        '/v0/users',
        four.map((e, i) => ({ ...e, id: i })),
        'entries',
      );
      await refused('/v0/suggested-seen', { entries: four.map((e) => ({ ...e, user_id: 'lim' })) }, 'entries');
      assert.equal((await api.post('/v0/address-book', upload(four.slice(0, 3)))).status, 200);
    });

    it('string length: a string over KITH_MAX_STRING_LENGTH is a 400 naming its field', async () => {
      await refused('/v0/address-book', upload([{ name: 'x'.repeat(33), email: 'a@example.com' }]), 'entries[0].name');
      await refused('/v0/address-book', upload([{ email: 'a@example.com', addresses: [{ city: 'c'.repeat(33) }] }]), 'entries[0].addresses[0].city');
      await refused('/v0/address-book', { user_id: 'lim', source: { name: 's'.repeat(33) }, entries: [] }, 'source.name');
      await refused('/v0/invites-sent', [{ user_id: 'lim', email: 'a@example.com', invitee_name: 'i'.repeat(33) }], 'entries[0].invitee_name');
      // Read from a platform SDK's fields into Kith's (lenient.ts), a value has the bound of the Kith field
      // it becomes, and the error names the field it came from.
      await refused('/v0/address-book', upload([{ names: [{ displayName: 'x'.repeat(33) }], email: 'a@example.com' }]), 'entries[0].names');
      await refused('/v0/address-book', upload([{ name: 'Ann', emailAddresses: [{ value: `${'e'.repeat(21)}@example.com` }] }]), 'entries[0].emailAddresses');
      await refused('/v0/address-book', upload([{ name: 'Ann', phoneNumbers: [{ number: `+1 415 555 0100 ${'0'.repeat(20)}` }] }]), 'entries[0].phoneNumbers');
      await refused(
        '/v0/address-book',
        upload([{ name: 'Ann', email: 'a@example.com', organizations: [{ name: 'c'.repeat(33) }] }]),
        'entries[0].organizations',
      );
      const sdk = await api.post('/v0/address-book', upload([{ names: [{ displayName: 'x'.repeat(32) }], emailAddresses: [{ value: 'sdk@example.com' }] }]));
      assert.equal(sdk.status, 200, sdk.text);
      assert.equal(sdk.body.data.find((c: { email: string }) => c.email === 'sdk@example.com')?.name, 'x'.repeat(32));
      // Counted as the schema counts "name" (characters: an emoji is one), and the error names the field
      // the long value came from (not the first field read into the same Kith field).
      const emoji = await api.post('/v0/address-book', upload([{ names: [{ displayName: '😀'.repeat(32) }], emailAddresses: ['emoji@example.com'] }]));
      assert.equal(emoji.status, 200, emoji.text);
      assert.equal(emoji.body.data.find((c: { email: string }) => c.email === 'emoji@example.com')?.name, '😀'.repeat(32));
      await refused('/v0/address-book', upload([{ names: [{ displayName: '😀'.repeat(33) }], email: 'a@example.com' }]), 'entries[0].names');
      await refused(
        '/v0/address-book',
        upload([{ name: 'Ann', mobilePhone: '+14155550100', businessPhones: [`+1 415 555 0101 ${'0'.repeat(20)}`] }]),
        'entries[0].businessPhones',
      );
      await refused('/v0/address-book', upload([{ given_name: 'Ann', family_name: 'f'.repeat(33), email: 'a@example.com' }]), 'entries[0].family_name');
      // user ids have their own bound (256), whatever the string limit.
      await refused('/v0/address-book', { user_id: 'u'.repeat(257), source: {}, entries: [] }, 'user_id');
      assert.equal((await api.post('/v0/address-book', upload([{ name: 'x'.repeat(32), email: 'a@example.com' }]))).status, 200);
    });

    it('data size and depth: over KITH_MAX_DATA_BYTES or KITH_MAX_DATA_DEPTH is a 400 naming the entry', async () => {
      await refused('/v0/address-book', upload([{ email: 'a@example.com' }, { email: 'b@example.com', data: { blob: 'z'.repeat(64) } }]), 'entries[1].data');
      await refused('/v0/address-book', upload([{ email: 'a@example.com', data: { a: { b: { c: 1 } } } }]), 'entries[0].data');
      // Fields the schema does not name are kept with the raw entry, so they are bounded too.
      await refused('/v0/address-book', upload([{ email: 'a@example.com', extra: [[[1]]] }]), 'entries[0].extra');
      await refused('/v0/address-book', { user_id: 'lim', source: { extra: { a: 1 } }, entries: [] }, 'source.extra');
      const ok = await api.post('/v0/address-book', upload([{ email: 'd@example.com', data: { a: { b: 1 } }, extra: [[1]] }]));
      assert.equal(ok.status, 200, ok.text);
      assert.deepEqual(ok.body.data.find((c: { email: string }) => c.email === 'd@example.com').data, { a: { b: 1 } });
    });

    it('user ids and record names with U+0000 or an unpaired surrogate are a 400, never a 500 or a shared book', async () => {
      await refused('/v0/address-book', { user_id: 'a\u0000b', source: {}, entries: [] }, 'user_id');
      // PostgreSQL would store both as U+FFFD: two user ids, one book.
      await refused('/v0/address-book', { user_id: 'x\ud800', source: {}, entries: [] }, 'user_id');
      await refused('/v0/suggested-seen', { entries: [{ user_id: 'x\udfff', email: 'a@example.com' }] }, 'entries[0].user_id');
      const astral = await api.post('/v0/address-book', { user_id: 'user-\u{1d4b3}', source: {}, entries: [{ email: 'astral@example.com' }] });
      assert.equal(astral.status, 200, astral.text);
      assert.equal(astral.body.meta.user_id, 'user-\u{1d4b3}');
      await refused('/v0/invites-sent', [{ user_id: 'lim', email: 'a@example.com', invitee_name: 'a\u0000' }], 'entries[0].invitee_name');
      await refused('/v0/users', [{ id: 1, name: 'a\u0000', email: 'a@example.com' }], 'entries[0].name');
      for (const method of ['GET', 'DELETE']) {
        const r = await api.request(method, '/v0/address-book/a%00b');
        assertError(r, 400, 'invalid_request');
      }
    });
  });
}

describe('limit configuration', () => {
  it('every limit is read from the environment and a bad value names its variable', () => {
    const c = loadConfig({
      KITH_BODY_LIMIT_BYTES: '2048',
      KITH_MAX_ENTRIES: '7',
      KITH_MAX_STRING_LENGTH: '99',
      KITH_MAX_DATA_BYTES: '10',
      KITH_MAX_DATA_DEPTH: '3',
      KITH_RATE_LIMIT: '5',
      KITH_RATE_LIMIT_WINDOW_MS: '1500',
      REDIS_URL: 'redis://h:1',
    });
    assert.deepEqual(
      [c.bodyLimitBytes, c.maxEntriesPerUpload, c.maxStringLength, c.maxDataBytes, c.maxDataDepth, c.rateLimitMax, c.rateLimitWindowMs, c.redisUrl],
      [2048, 7, 99, 10, 3, 5, 1500, 'redis://h:1'],
    );
    for (const [name, value] of [
      ['KITH_RATE_LIMIT', '-1'],
      ['KITH_RATE_LIMIT_WINDOW_MS', '5'],
      ['KITH_MAX_ENTRIES', 'many'],
      ['REDIS_URL', 'http://h'],
    ]) {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (e: unknown) => e instanceof ConfigError && e.message.includes(name),
      );
    }
    assert.equal(loadConfig({}).rateLimitMax, 0, 'rate limiting is off by default');
  });

  it('KITH_CITUS_SHARD_COUNT: unset by default (a count from the cluster), else a positive integer', () => {
    assert.equal(loadConfig({}).citusShardCount, undefined);
    assert.equal(loadConfig({ KITH_CITUS_SHARD_COUNT: ' ' }).citusShardCount, undefined);
    assert.equal(loadConfig({ KITH_CITUS_SHARD_COUNT: '6' }).citusShardCount, 6);
    for (const bad of ['0', '-2', '1.5', 'four', '64001']) {
      assert.throws(
        () => loadConfig({ KITH_CITUS_SHARD_COUNT: bad }),
        (e: unknown) => e instanceof ConfigError && e.message.includes('KITH_CITUS_SHARD_COUNT'),
      );
    }
  });

  it('KITH_DB_WAIT_SECONDS: 60 by default, 0 (exit at once) to a day', () => {
    assert.equal(loadConfig({}).dbWaitSeconds, 60);
    assert.equal(loadConfig({ KITH_DB_WAIT_SECONDS: '0' }).dbWaitSeconds, 0);
    assert.equal(loadConfig({ KITH_DB_WAIT_SECONDS: '300' }).dbWaitSeconds, 300);
    assert.equal(loadConfig({}).dbQueryTimeoutMs, 15_000);
    assert.equal(loadConfig({ KITH_DB_QUERY_TIMEOUT_MS: '0' }).dbQueryTimeoutMs, 0);
    assert.throws(() => loadConfig({ KITH_DB_QUERY_TIMEOUT_MS: 'soon' }), /KITH_DB_QUERY_TIMEOUT_MS/);
    for (const bad of ['-1', '2.5', 'forever', '86401']) {
      assert.throws(
        () => loadConfig({ KITH_DB_WAIT_SECONDS: bad }),
        (e: unknown) => e instanceof ConfigError && e.message.includes('KITH_DB_WAIT_SECONDS'),
      );
    }
  });
});

// ---------------------------------------------------------------------------------------- rate limiting

const backends: { name: string; env: Record<string, string>; skip: () => Promise<string | false> }[] = [
  { name: 'in memory', env: {}, skip: async () => false },
  { name: 'in Redis', env: { REDIS_URL: REDIS_URL }, skip: redisSkip },
];

for (const backend of backends) {
  describe(`rate limiting ${backend.name}`, { skip: await backend.skip() }, () => {
    let api: TestApi;
    const LIMIT = 3;
    before(async () => {
      api = await startApi('sqlite', { ...backend.env, KITH_RATE_LIMIT: String(LIMIT), KITH_RATE_LIMIT_WINDOW_MS: '60000' });
    });
    after(async () => {
      await api?.close();
    });

    it('the request past the limit is a 429 with Retry-After, in the documented error body, and stores nothing', async () => {
      const key = await api.newKey();
      const seen: Reply[] = [];
      for (let i = 0; i < LIMIT; i++) seen.push(await api.get('/v0/test', key));
      for (const [i, r] of seen.entries()) {
        assert.equal(r.status, 200);
        assert.equal(r.headers.get('x-ratelimit-limit'), String(LIMIT));
        assert.equal(r.headers.get('x-ratelimit-remaining'), String(LIMIT - 1 - i));
        const reset = Number(r.headers.get('x-ratelimit-reset'));
        assert.ok(reset >= 1 && reset <= 60, `X-RateLimit-Reset ${reset}`);
      }
      const before = await rows(api);
      const r = await api.post('/v0/address-book', { user_id: 'rl', source: {}, entries: [{ email: 'rl@example.com' }] }, key);
      assertError(r, 429, 'rate_limited');
      const retry = r.headers.get('retry-after');
      assert.match(retry ?? '', /^\d+$/, 'Retry-After is whole seconds');
      assert.ok(Number(retry) >= 1 && Number(retry) <= 60, `Retry-After ${retry}`);
      assert.equal(r.headers.get('x-ratelimit-remaining'), '0');
      assert.match(r.body.error, /Retry in \d+ s/);
      assert.deepEqual(await rows(api), before, 'a rate-limited upload was stored');
    });

    it('each key has its own budget: another key of the same app, and another app, are not limited', async () => {
      const a = await api.newKey();
      for (let i = 0; i < LIMIT; i++) assert.equal((await api.get('/v0/test', a)).status, 200);
      assert.equal((await api.get('/v0/test', a)).status, 429);
      const sameApp = await api.newKey({ app: api.appName, env: 'test' });
      assert.equal((await api.get('/v0/test', sameApp)).status, 200);
      const otherApp = await api.newKey();
      assert.equal((await api.get('/v0/test', otherApp)).status, 200);
    });

    it("the unprefixed invite routes share the key's budget with /v0", async () => {
      const k = await api.newKey();
      assert.equal((await api.get('/v0/test', k)).status, 200);
      assert.equal((await api.post('/invites-sent', [{ user_id: 'rl', email: 'a@example.com' }], k)).status, 200);
      assert.equal((await api.post('/v0/invites-accepted', [{ email: 'a@example.com' }], k)).status, 200);
      assertError(await api.post('/invites-accepted', [{ email: 'a@example.com' }], k), 429, 'rate_limited');
    });

    it('requests without a valid key are refused by auth (401) and never counted; health probes are not limited', async () => {
      for (let i = 0; i < LIMIT + 2; i++) {
        assertError(await api.get('/v0/test', null), 401, 'unauthorized');
        assertError(await api.get('/v0/test', 'kith_live_' + 'Z'.repeat(32)), 401, 'unauthorized');
        assert.equal((await api.get('/healthz', null)).status, 200);
      }
      const preflight = await api.request('OPTIONS', '/v0/address-book', {
        key: null,
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
      });
      assert.ok(preflight.status < 300);
    });

    it('the budget is whole again once the window has passed', async () => {
      const short = await startApi('sqlite', { ...backend.env, KITH_RATE_LIMIT: '2', KITH_RATE_LIMIT_WINDOW_MS: '1000' });
      try {
        // Until refused (a slow machine may see a window end on the way: then the next one refuses).
        let refusedReply: Reply | undefined;
        for (let i = 0; i < 10 && !refusedReply; i++) {
          const r = await short.get('/v0/test');
          if (r.status === 429) refusedReply = r;
        }
        assert.ok(refusedReply, 'never refused');
        assert.equal(refusedReply.headers.get('retry-after'), '1');
        await sleep(1100);
        const again = await short.get('/v0/test');
        assert.equal(again.status, 200, again.text);
      } finally {
        await short.close();
      }
    });

    it('is off with KITH_RATE_LIMIT=0: no limit and no rate-limit headers', async () => {
      const off = await startApi('sqlite', { ...backend.env, KITH_RATE_LIMIT: '0' });
      try {
        for (let i = 0; i < 10; i++) {
          const r = await off.get('/v0/test');
          assert.equal(r.status, 200);
          assert.equal(r.headers.get('x-ratelimit-limit'), null);
        }
      } finally {
        await off.close();
      }
    });
  });
}

describe('rate limiting in Redis across servers', { skip: await redisSkip() }, () => {
  it('two servers on one Redis share one budget per key', async () => {
    const api = await startApi('sqlite', { REDIS_URL, KITH_RATE_LIMIT: '4', KITH_RATE_LIMIT_WINDOW_MS: '60000' });
    // A second server process-equivalent: its own app, limiter and Redis connection, same database and Redis.
    const second = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', REDIS_URL, KITH_RATE_LIMIT: '4', KITH_RATE_LIMIT_WINDOW_MS: '60000', DATABASE_URL: api.url }),
      storage: api.storage,
    });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const port = (second.server.address() as { port: number }).port;
      const viaSecond = () => fetch(`http://127.0.0.1:${port}/v0/test`, { headers: { authorization: `Bearer ${api.key}` } });
      assert.equal((await api.get('/v0/test')).status, 200);
      assert.equal((await viaSecond()).status, 200);
      assert.equal((await api.get('/v0/test')).status, 200);
      const fourth = await viaSecond();
      assert.equal(fourth.status, 200);
      assert.equal(fourth.headers.get('x-ratelimit-remaining'), '0');
      assert.equal((await api.get('/v0/test')).status, 429);
      const fifth = await viaSecond();
      assert.equal(fifth.status, 429);
      assert.ok(Number(fifth.headers.get('retry-after')) >= 1);
    } finally {
      await second.close();
      await api.close();
    }
  });
});

describe('rate limiting with Redis unreachable', () => {
  it('fails open: requests are served, never a 500, and one warning without personal data is logged', async () => {
    // Port 1 on loopback: nothing listens, connections are refused at once.
    const api = await startApi('sqlite', { REDIS_URL: 'redis://127.0.0.1:1', KITH_RATE_LIMIT: '1', LOG_LEVEL: 'warn' });
    try {
      for (let i = 0; i < 5; i++) {
        const r = await api.post('/v0/address-book', { user_id: 'secret-user-77', source: {}, entries: [{ email: 'secret@example.com' }] });
        assert.equal(r.status, 200, r.text);
        assert.equal(r.headers.get('x-ratelimit-limit'), null, 'no counting happened, so no headers');
      }
      const warnings = api.logs.filter((l) => l.includes('rate limiter'));
      assert.ok(warnings.length >= 1, 'the failure is logged');
      assert.ok(warnings.length <= 2, `the warning is throttled, got ${warnings.length}`);
      for (const w of warnings) {
        assert.equal(JSON.parse(w).level, 40, 'logged as a warning');
        assert.doesNotMatch(w, /secret|kith_live_|rl@|user_id/);
      }
    } finally {
      await api.close();
    }
  });
});
