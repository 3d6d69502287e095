/**
 * A database that goes away answers 503 `service_unavailable` with `Retry-After`, stores nothing, and
 * Kith serves again once it is back, without a restart. The "database going away" is real: the app
 * talks to PostgreSQL through a TCP relay on loopback that this test closes (every connection cut, the
 * port refusing) and then opens again on the same port. The shared server itself is never touched.
 */
import assert from 'node:assert/strict';
import net from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createApiKey } from '../../src/services/keys.ts';
import { openStorage } from '../../src/storage/index.ts';
import type { Storage } from '../../src/storage/types.ts';
import { engineSkip, freshPgSchema, PG_TEST_URL } from '../helpers/engines.ts';

/** A TCP relay to PostgreSQL that can be cut and restored on the same port. */
class Relay {
  #server: net.Server | null = null;
  readonly #sockets = new Set<net.Socket>();
  port = 0;
  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.host);
      for (const s of [client, upstream]) {
        this.#sockets.add(s);
        s.on('close', () => this.#sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.#server = server;
  }

  /** The database is gone: the port refuses and every open connection is cut. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    for (const s of this.#sockets) s.destroy();
    if (server) await new Promise<void>((r) => server.close(() => r()));
  }
}

const skip = await engineSkip('postgres');

describe('a PostgreSQL server that goes away', { skip }, () => {
  const target = new URL(PG_TEST_URL);
  const relay = new Relay(target.hostname, Number(target.port || 5432));
  const { url: directUrl, drop } = freshPgSchema(PG_TEST_URL, 'kith_down');
  let storage: Storage;
  let app: FastifyInstance;
  let base = '';
  let key = '';
  const logs: string[] = [];

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(base + path, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { code?: string; error?: string; data?: unknown[] } };
  };

  before(async () => {
    const migrator = await openStorage(directUrl);
    await migrator.migrateUp();
    await migrator.close();
    await relay.open();
    const u = new URL(directUrl);
    u.hostname = '127.0.0.1';
    u.port = String(relay.port);
    const config = loadConfig({ LOG_LEVEL: 'info', DATABASE_URL: u.toString(), KITH_WORKERS: '0' });
    storage = await openStorage(config.databaseUrl);
    ({ key } = await createApiKey(storage, { app: `down-${process.pid}`, env: 'live' }));
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        logs.push(String(chunk));
        cb();
      },
    });
    app = await buildApp({ config, storage, logStream });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  });

  after(async () => {
    await relay.cut();
    await app?.close();
    await drop();
  });

  const book = (userId: string) => ({ user_id: userId, source: { email: 'owner@example.com' }, entries: [{ name: 'Ana Silva', email: 'ana@example.org' }] });

  it('answers 200 while it is there', async () => {
    const r = await call('POST', '/v0/address-book', book('before'));
    assert.equal(r.status, 200, JSON.stringify(r.body));
  });

  it('answers 503 service_unavailable with Retry-After on every route while it is gone, storing nothing', async () => {
    await relay.cut();
    const requests: [string, string, unknown?][] = [
      ['POST', '/v0/address-book', book('during')],
      ['GET', '/v0/address-book/before'],
      ['DELETE', '/v0/address-book/before'],
      ['POST', '/v0/users', [{ id: 77, email: 'ana@example.org' }]],
      ['GET', '/v0/test'],
    ];
    for (const [method, path, body] of requests) {
      const r = await call(method, path, body);
      assert.equal(r.status, 503, `${method} ${path}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.code, 'service_unavailable', `${method} ${path}`);
      assert.match(r.headers.get('retry-after') ?? '', /^[1-9]\d*$/, `${method} ${path}: Retry-After in whole seconds`);
      assert.doesNotMatch(r.body.error ?? '', /ECONNREFUSED|select|insert|127\.0\.0\.1/i, 'the message leaks no driver detail');
    }
    const ready = await fetch(`${base}/readyz`);
    assert.equal(ready.status, 503);
    // The index queue's gauges cannot be read: NaN, spelt as the exposition formats spell it (prom-client
    // writes `Nan`; a probe).
    const metrics = await (await fetch(`${base}/metrics`)).text();
    assert.match(metrics, /^kith_index_queue_uploads NaN$/m);
    assert.match(metrics, /^kith_index_queue_oldest_seconds NaN$/m);
    // Logged as failures without personal data (no e-mail of the uploads).
    assert.ok(logs.some((l) => l.includes('"statusCode":503')));
    assert.ok(!logs.some((l) => l.includes('ana@example.org')));
  });

  it('serves again once it is back, without a restart, and kept nothing of the refused upload', async () => {
    await relay.open();
    let r = await call('GET', '/v0/address-book/before');
    // The pool may still hold a connection cut with the relay: it is dropped on first use.
    for (let i = 0; i < 5 && r.status === 503; i++) {
      await new Promise((res) => setTimeout(res, 200));
      r = await call('GET', '/v0/address-book/before');
    }
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data?.length, 1);
    const refused = await call('GET', '/v0/address-book/during');
    assert.equal(refused.status, 404, 'the upload answered 503 was not stored');
  });
});
