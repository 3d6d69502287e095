/**
 * A real Kith server for API tests: a fresh private database on the given engine, the real app
 * listening on a loopback port, and a fresh app + key. Requests go over real HTTP (fetch).
 *
 *   const api = await startApi('sqlite');
 *   try { const r = await api.post('/v0/address-book', body); } finally { await api.close(); }
 */
import http from 'node:http';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createApiKey } from '../../src/services/keys.ts';
import type { Env, Storage, Tenant } from '../../src/storage/types.ts';
import { makeTestStorage, type EngineName } from './engines.ts';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface TestApi {
  base: string;
  key: string;
  appName: string;
  storage: Storage;
  app: FastifyInstance;
  /** Every log line the server wrote (JSON strings). */
  logs: string[];
  url: string;
  request(
    method: string,
    path: string,
    opts?: { body?: unknown; key?: string | null; headers?: Record<string, string>; raw?: string | Buffer },
  ): Promise<Reply>;
  get(path: string, key?: string | null): Promise<Reply>;
  post(path: string, body: unknown, key?: string | null): Promise<Reply>;
  del(path: string, key?: string | null): Promise<Reply>;
  /** Another key: a new app (default) or the same app in another environment. */
  newKey(opts?: { app?: string; env?: Env }): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

function rawRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  payload?: string | Buffer,
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const all = payload === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(payload)) };
    const req = http.request(url, { method, headers: all }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(', ') : v);
        resolve({ status: res.statusCode ?? 0, headers: h, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (payload !== undefined) req.end(payload);
    else req.end();
  });
}

export async function startApi(engine: EngineName, env: Record<string, string> = {}): Promise<TestApi> {
  const db = await makeTestStorage(engine);
  const config = loadConfig({ LOG_LEVEL: 'info', ...env, DATABASE_URL: db.url });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const app = await buildApp({ config, storage: db.storage, logStream });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const base = `http://127.0.0.1:${port}`;
  const appName = `test-app-${process.pid}-${++counter}`;
  const { key } = await createApiKey(db.storage, { app: appName, env: 'live' });

  async function request(
    method: string,
    path: string,
    opts: { body?: unknown; key?: string | null; headers?: Record<string, string>; raw?: string | Buffer } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    const k = opts.key === undefined ? key : opts.key;
    if (k !== null) headers.authorization = `Bearer ${k}`;
    let payload: string | Buffer | undefined;
    if (opts.raw !== undefined) payload = opts.raw;
    else if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    // node:http rather than fetch: existing clients send bodies on GET and DELETE, which fetch refuses.
    const res = await rawRequest(base + path, method, headers, payload);
    const text = res.text;
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, text, body };
  }

  return {
    base,
    key,
    appName,
    storage: db.storage,
    app,
    logs,
    url: db.url,
    request,
    get: (path, k) => request('GET', path, { key: k }),
    post: (path, body, k) => request('POST', path, { body, key: k }),
    del: (path, k) => request('DELETE', path, { key: k }),
    async newKey(o = {}) {
      const created = await createApiKey(db.storage, { app: o.app ?? `other-${process.pid}-${++counter}`, env: o.env ?? 'live' });
      return created.key;
    },
    async close() {
      await app.close();
      await db.cleanup();
    },
  };
}

/** The tenant (`appId:env`) of a key of `api`, read from the key listing (the app id never travels over the API). */
export async function tenantOfKey(api: TestApi, key: string): Promise<Tenant> {
  const rec = (await api.storage.listKeys()).find((k) => key.startsWith(k.prefix));
  if (rec === undefined) throw new Error('key not found');
  return `${rec.appId}:${rec.env}` as Tenant;
}
